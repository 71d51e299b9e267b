"""What an Aura or Equipment gives the object it is attached to, and how it is attached:
"Enchant creature you control" (702.5a, 303.4a), "Enchanted creature gets +2/+0 and has
trample.", "Enchanted creature can't attack or block.", "Enchanted creature doesn't untap
during its controller's untap step." (static abilities, 604; 613.1f, 613.4c),
"Equipped creature has flying and first strike." (301.5) and "Equip {1}" (702.6a)."""
from __future__ import annotations

import re

from .. import vocab
from .targets import read_filter

_ENCHANT = re.compile(r"^Enchant (?P<what>.+)$")
_EQUIP = re.compile(r"^Equip (?P<cost>(?:\{[^{}]+\})+)$")
_SUBJECT = re.compile(r"^(?P<who>Enchanted|Equipped) (?P<noun>creature|permanent|land|artifact|"
                      r"enchantment|planeswalker) (?P<rest>.+)\.$")
_AND = r"(?:,? and )"
_REST = re.compile(rf"^(?:gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+))?"
                   rf"(?:(?(p){_AND})has (?P<kws>[a-z ,]+?))?"
                   rf"(?:(?(p){_AND}|(?(kws){_AND}))(?P<cant>can't attack or block|"
                   rf"can't attack|can't block))?"
                   rf"(?:(?(p){_AND}|(?(kws){_AND}|(?(cant){_AND})))(?P<untap>doesn't untap "
                   rf"during its controller's untap step))?$")
_CANT = {"can't attack or block": ["attack", "block"], "can't attack": ["attack"],
         "can't block": ["block"]}


def read_enchant(part: str) -> dict | None:
    """"Enchant creature you control" -> the filter of what the Aura may enchant (702.5a),
    or None (players, graveyard cards, "creature or Vehicle": no filter says them)."""
    m = _ENCHANT.match(part)
    if not m:
        return None
    f = read_filter(m["what"])
    if f is None or f.get("zone") or f.get("other"):
        return None
    return f


def read_equip(part: str) -> dict | None:
    """"Equip {2}" -> the card file's equip ability (702.6a), or None."""
    m = _EQUIP.match(part)
    return {"kind": "equip", "cost": m["cost"]} if m else None


def read_grant(line: str) -> dict | None:
    """"Enchanted creature gets +1/+2 and has flying." -> a static grant, or None."""
    m = _SUBJECT.match(line)
    if not m:
        return None
    if m["who"] == "Equipped" and m["noun"] != "creature":
        return None
    r = _REST.match(m["rest"])
    if not r or not any(r.groupdict().values()):
        return None
    ab = {"kind": "static", "effect": "grant",
          "to": "enchanted" if m["who"] == "Enchanted" else "equipped"}
    if r["p"]:
        if int(r["p"]):
            ab["power"] = int(r["p"])
        if int(r["t"]):
            ab["toughness"] = int(r["t"])
    if r["kws"]:
        kws = re.split(rf"{_AND}|, ", r["kws"])
        if any(k not in vocab.GRANT_KEYWORDS for k in kws):
            return None
        ab["keywords"] = kws
    cant = _CANT.get(r["cant"], []) + (["untap"] if r["untap"] else [])
    if cant:
        ab["cant"] = cant
    return ab
