"""Activation costs (rule 602.1, 118): "{1}, {T}", "{2}{G}, Sacrifice ~", "Remove a +1/+1
counter from ~", "Tap an untapped Elf you control". Gives the ability's cost keys."""
from __future__ import annotations

import re

from .targets import read_filter
from .words import NUMBER, number

_SYMBOLS = re.compile(r"^(?:\{[^{}]+\})+$")
_LIFE = re.compile(rf"^Pay (?P<n>{NUMBER}) life$")
_REMOVE = re.compile(rf"^Remove (?P<n>{NUMBER}) (?P<kind>\S+) counters? from ~$")
_SAC = re.compile(r"^Sacrifice (?P<other>another|an?) (?P<what>.+)$")
_DISCARD = re.compile(rf"^Discard (?P<n>{NUMBER}) cards?$")
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
        if part == "Discard ~":            # works from the hand, where it can be discarded
            out["discard_self"], out["zone"] = True, "hand"
            continue
        if part == "Exile ~ from your graveyard":       # works from the graveyard
            out["exile_self"], out["zone"] = True, "graveyard"
            continue
        m = _SAC.match(part)         # 601.2h: the permanent is chosen as the cost is paid
        if m:
            f = read_filter(m["what"])
            if f is None or set(f) - {"types", "subtype"} or "sacrifice" in out:
                return None
            if m["other"] == "another":
                f["other"] = True
            out["sacrifice"] = f
            continue
        m = _DISCARD.match(part)
        if m:
            n = number(m["n"])
            if n == "X" or "discard" in out:
                return None
            out["discard"] = n
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
