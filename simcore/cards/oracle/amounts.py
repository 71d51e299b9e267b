"""Amounts that count (rule 107.3, "for each"): "for each Elf you control", "for each creature
on the battlefield", "for each +1/+1 counter on ~", "for each time it was kicked". A trailing
"for each ..." of a sentence becomes the card file's amount table."""
from __future__ import annotations

import re

from .targets import read_filter

_FOR_EACH = re.compile(r"^(?P<head>.+?) for each (?P<what>.+)$")
_COUNTERS = re.compile(r"^(?P<kind>\S+) counter on (?P<of>~|it)$")


def read_for_each(what: str):
    """The amount table for the words after "for each", or None."""
    if what == "time it was kicked":
        return "kicks"
    m = _COUNTERS.match(what)
    if m:
        return {"counters": m["kind"]} | ({"of": "subject"} if m["of"] == "it" else {})
    phrase = what
    on_bf = phrase.endswith(" on the battlefield")
    if on_bf:
        phrase = phrase[:-len(" on the battlefield")]
    f = read_filter(phrase)
    if f is None or f.get("zone") == "graveyard":
        return None
    if on_bf == ("controller" in f):     # "you control" and "on the battlefield" exclude
        return None
    return {"count": f}


def split_for_each(sentence: str):
    """(the sentence without its "for each ..." tail, the amount) or (sentence, None)."""
    m = _FOR_EACH.match(sentence)
    if not m:
        return sentence, None
    amount = read_for_each(m["what"])
    if amount is None:
        return sentence, None
    return m["head"], amount
