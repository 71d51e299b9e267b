"""Object phrases: "any target", "target creature an opponent controls", "another target
Elf", "target creature card from your graveyard" (rule 115) and the plain filters statics and
counts use ("Elf creatures you control"). Each gives the card file's filter table."""
from __future__ import annotations

import re

from .. import vocab
from .words import singular

_TYPE_WORDS = {t.lower(): t for t in vocab.CARD_TYPES}
_CTRL = ((" you control", "you"), (" an opponent controls", "opponent"),
         (" your opponents control", "opponent"))
_MV = re.compile(r" with mana value (\d+) or less$")
_NON = re.compile(r"non(" + "|".join(_TYPE_WORDS) + r") ")
_SPELL = re.compile(r"(?:(?P<non>non)?(?P<t1>[a-z]+)(?: or (?P<t2>[a-z]+))? )?spell")
_GRAVE = re.compile(r" (?:from|in) (your|an opponent's|a) graveyard$")


def _heads(words: str, plural: bool):
    """"Elf creature" / "artifact or enchantment" -> (types, subtype) or None."""
    types, sub = [], None
    alts = re.split(r",? or |, ", words)
    for alt in alts:
        ws = alt.split()
        if not ws:
            return None
        last = singular(ws[-1]) if plural else ws[-1]
        if ws[-1] in ("card", "cards") and len(ws) >= 2:
            ws = ws[:-1]
            last = singular(ws[-1]) if plural else ws[-1]
        if last in _TYPE_WORDS:
            types.append(_TYPE_WORDS[last])
            rest = ws[:-1]
        elif last == "permanent":
            rest = ws[:-1]
        else:
            rest = ws
            if len(ws) == 1 and ws[0][:1].isupper() and len(alts) == 1:   # "target Elf"
                sub = singular(ws[0]) if plural else ws[0]
                continue
            return None   # "creature or Vehicle": a type or a subtype (a filter has no "or")
        if rest:
            if len(rest) != 1 or not rest[0][:1].isupper():
                return None
            s = rest[0]
            if sub not in (None, s):
                return None
            sub = s
    return types, sub


def _spell(phrase: str) -> dict | None:
    """"spell", "creature spell", "noncreature spell", "instant or sorcery spell": a spell on
    the stack (the zone of a counterspell's target, 701.5a), or None."""
    m = _SPELL.fullmatch(phrase)
    if m is None:
        return None
    f = {"zone": "stack"}
    types = [m[k] for k in ("t1", "t2") if m[k]]
    if any(t not in _TYPE_WORDS for t in types) or (m["non"] and len(types) > 1):
        return None
    if types:
        f["not_types" if m["non"] else "types"] = [_TYPE_WORDS[t] for t in types]
    return f


def read_filter(phrase: str, plural: bool = False) -> dict | None:
    """A noun phrase without article as a filter table, or None."""
    f = {}
    p = phrase
    m = _MV.search(p)
    if m:
        f["mv_max"] = int(m.group(1))
        p = p[:m.start()]
    m = _GRAVE.search(p)
    if m:
        f["zone"] = "graveyard"
        owner = {"your": "you", "an opponent's": "opponent"}.get(m.group(1))
        if owner:
            f["owner"] = owner
        p = p[:m.start()]
    else:
        for suffix, who in _CTRL:
            if p.endswith(suffix):
                f["controller"] = who
                p = p[:-len(suffix)]
                break
    if p.startswith("other "):
        f["other"] = True
        p = p[6:]
    m = _NON.match(p)                   # "nonland permanent", "noncreature spell"
    if m:
        f["not_types"] = [_TYPE_WORDS[m.group(1)]]
        p = p[m.end():]
        if re.search(r",| or ", p):
            return None                 # "nonland permanent or card": the non is the first's
    heads = _heads(p, plural)
    if heads is None:
        return None
    types, sub = heads
    if types:
        f["types"] = types
    if sub:
        f["subtype"] = sub
    if f.get("zone") == "graveyard" and "types" not in f and "subtype" not in f:
        return None
    return f


def read_target(phrase: str):
    """"any target" -> "any"; "target X" / "another target X" -> a filter; else None."""
    if phrase == "any target":
        return "any"
    other = phrase.startswith("another target ")
    if not (other or phrase.startswith("target ")):
        return None
    rest = phrase.split("target ", 1)[1]
    if rest.endswith("spell"):
        return None if other else _spell(rest)
    f = read_filter(rest)
    if f == {} and rest == "permanent":      # "target permanent": any permanent (115.1)
        return {"other": True} if other else f
    if f is None or ("types" not in f and "subtype" not in f and f.get("zone") != "graveyard"
                     and not f):
        return None
    if other:
        f["other"] = True
    return f
