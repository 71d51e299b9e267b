"""What blocks a line from being read, in the grammar's own units (a keyword, a trigger, a
cost part, an effect sentence), written as templates ("Equip", "~ deals N damage to target
creature an opponent controls", "cost: Pay N life") so that the same unit on many cards ranks
as one: `playtest cards coverage` ranks them by the cards (or deck slots) they block."""
from __future__ import annotations

import re

from .abilities import ACTIVATED, SORCERY, TRIGGER, mana_effect, trigger_head_read
from .costs import read_cost
from .effects import Targets, read_sentence, sentences
from .keywords import PARAMETRIC, read_keyword, split_keywords

_MANA_RUN = re.compile(r"(?:\{[^{}]+\})+")
_NUM = re.compile(r"(?<![\w/+-])(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
                  r"(?![\w/])")


_VOCAB = re.compile(r"key '(?P<key>[^']+)': .*?(?:got (?P<got>.+?)(?: \(did you|$)|"
                    r"unknown key)")


_INDEX = re.compile(r"\[\d+\]")


def template(text: str) -> str:
    """The unit with its numbers and mana written N and {M}."""
    t = _MANA_RUN.sub("{M}", text)
    return _NUM.sub("N", t)


def _keyword_name(part: str) -> str:
    m = PARAMETRIC.match(part.lower())
    return part[:m.end()].capitalize() if m else part.capitalize()


def _effect_units(text: str) -> list[str]:
    tg = Targets()
    out = []
    for s in sentences(text):
        if mana_effect({}, s + ".") is not None:
            continue
        if read_sentence(s, tg) is None:
            out.append(template(s[:1].upper() + s[1:] + "."))
    return out


def blocking_units(line: str, reason: str = "") -> list[str]:
    """The units of an unread line the grammar does not read (the whole line when it
    cannot tell); `reason` is the Unread's."""
    if reason == "not in the vocabulary":
        m = _VOCAB.search(line)
        if m:       # "key 'abilities[1].kind': expected ..., got "enters_tapped""
            key = _INDEX.sub("", m["key"])
            return [f"vocabulary: {key} = {m['got']}" if m["got"] else
                    f"vocabulary: {key} (no such key here)"]
        return ["vocabulary: " + template(line)]
    kws = split_keywords(line)
    if kws is not None:
        return [_keyword_name(k) for k in kws if read_keyword(k) is None]
    m = TRIGGER.match(line)
    if m:
        units = [] if trigger_head_read(m["head"]) else ["trigger: " + template(m["head"])]
        return units + _effect_units(m["effect"][:1].upper() + m["effect"][1:]) or \
            [template(line)]
    m = ACTIVATED.match(line)
    if m and not line.startswith(("Choose", "As ")):
        units = []
        if read_cost(m["cost"]) is None:
            units += ["cost: " + template(p.strip()) for p in m["cost"].split(",")
                      if read_cost(p.strip()) is None]
        effect = m["effect"]
        if effect.endswith(SORCERY):
            effect = effect[:-len(SORCERY)]
        if mana_effect({}, effect) is None:
            units += _effect_units(effect)
        return units or [template(line)]
    return _effect_units(line) or [template(line)]
