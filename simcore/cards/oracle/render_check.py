"""Proof that a compiled card says what the printed card says: the compiled card dict is put
back into words by the renderer `playtest cards show` uses (simcore.cards.text.rules_text) and
compared with the normalised printed text. A card counts as supported only when they agree.

The comparison allows these equivalences, no others:
- sentences in any order: the order of a card's abilities, and of keyword abilities on one
  line, has no rules meaning;
- a keyword line is its keywords: "Flying, vigilance" reads as "Flying" and "Vigilance"
  (702.1: several keywords on one line are separate abilities);
- letter case (both sides are compared in lower case) and the final period of a sentence;
- "X, then Y." reads as "X. Y." (608.2c: a spell's or ability's instructions are followed in
  the order written, "then" or not);
- (in normalise, on both sides) "it deals" in a triggered ability about ~ itself ("When ~
  enters, it deals ...") and after an activated ability's cost reads as "~ deals" (113.7:
  the source of the ability is ~)."""
from __future__ import annotations

import re
from collections import Counter

from ..text import rules_text
from .effects import sentences
from .keywords import split_keywords
from .normalise import normalise

_THEN = re.compile(r",? then ")


def _units(text: str) -> Counter:
    out = Counter()
    for line in text.split("\n"):
        if not line:
            continue
        kws = split_keywords(line)
        if kws is not None:
            out.update(k.lower() for k in kws)
            continue
        for s in sentences(line):
            out.update(c.lower() for c in _THEN.split(s))
    return out


def render_diff(face_text: str, name: str, legendary: bool, card: dict,
                pool=None) -> tuple[list[str], list[str]]:
    """(printed sentences the rendering lacks, rendered sentences the printing lacks)."""
    printed = _units(normalise(face_text, name, legendary))
    rendered = _units(normalise(rules_text(card, pool), card["name"], legendary))
    return sorted((printed - rendered).elements()), sorted((rendered - printed).elements())


def render_agrees(face_text: str, name: str, legendary: bool, card: dict, pool=None) -> bool:
    missing, extra = render_diff(face_text, name, legendary, card, pool)
    return not missing and not extra
