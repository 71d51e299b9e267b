"""A type line ("Legendary Creature — Elf Druid") split into the card file's types,
supertypes and subtypes (rule 205): what the engine has no word for is named, not dropped."""
from __future__ import annotations

from .. import vocab

_DASHES = ("\u2014", " - ", "\u2013")
OTHER_SUPERTYPES = {"World", "Ongoing", "Host", "Elite"}
OTHER_TYPES = {"Tribal", "Conspiracy", "Phenomenon", "Plane", "Scheme", "Vanguard", "Dungeon",
               "Emblem", "Hero", "Stickers"}


def split_type_line(line: str):
    """(types, supertypes, subtypes, unknown words) of a type line."""
    head, tail = line, ""
    for d in _DASHES:
        if d in line:
            head, _, tail = line.partition(d)
            break
    types, supers, unknown = [], [], []
    for w in head.split():
        if w == "Tribal":
            w = "Kindred"
        if w in vocab.CARD_TYPES:
            types.append(w)
        elif w in vocab.SUPERTYPES:
            supers.append(w)
        else:
            unknown.append(w)
    subtypes = tail.split()
    # "Time Lord" and other two-word subtypes are one subtype (205.3): none the engine reads.
    return types, supers, subtypes, unknown
