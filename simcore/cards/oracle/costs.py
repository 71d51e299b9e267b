"""Activation costs (rule 602.1, 118): "{1}, {T}", "{2}{G}, Sacrifice ~", "Remove a +1/+1
counter from ~", "Tap an untapped Elf you control". Gives the ability's cost keys."""
from __future__ import annotations

import re

from .words import NUMBER, number

_SYMBOLS = re.compile(r"^(?:\{[^{}]+\})+$")
_LIFE = re.compile(rf"^Pay (?P<n>{NUMBER}) life$")
_REMOVE = re.compile(rf"^Remove (?P<n>{NUMBER}) (?P<kind>\S+) counters? from ~$")
_TAP = re.compile(r"^Tap (?:an untapped (?P<one>\w+)|(?P<n>two|three|four|five) untapped "
                  r"(?P<many>\w+)) you control$")


def read_cost(text: str) -> dict | None:
    """The card file's cost keys for an activation cost, or None if any part is unknown."""
    out, mana = {}, []
    for part in (p.strip() for p in text.split(",")):
        if _SYMBOLS.match(part):
            syms = re.findall(r"\{[^{}]+\}", part)
            for s in syms:
                if s in ("{T}", "{Q}"):
                    mana.append(s)
                else:
                    if mana and mana[-1] not in ("{T}", "{Q}"):
                        mana[-1] += s
                    else:
                        mana.append(s)
            continue
        if part == "Sacrifice ~":
            out["sacrifice_self"] = True
            continue
        m = _LIFE.match(part)
        if m:
            n = number(m["n"])
            if n == "X":
                return None
            out["pay_life"] = n
            continue
        m = _REMOVE.match(part)
        if m:
            n = number(m["n"])
            if n == "X":
                return None
            out["remove_counters"] = {"counter": m["kind"]} | ({"n": n} if n != 1 else {})
            continue
        m = _TAP.match(part)
        if m:
            if m["one"]:
                thing, n = m["one"], 1
            else:
                from .words import singular
                thing, n = singular(m["many"]), number(m["n"])
            if thing == "creature":
                tc = {}
            elif thing[:1].isupper():
                tc = {"subtype": thing}
            else:
                return None
            if n != 1:
                tc["count"] = n
            out["tap_creatures"] = tc
            continue
        return None
    if mana:
        out["cost"] = ", ".join(mana)
    return out
