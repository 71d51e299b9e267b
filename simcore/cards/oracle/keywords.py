"""Keyword lines ("Flying, vigilance"; rule 702): each keyword the engine plays becomes the
card's `keywords` entry; every other keyword stays an unread part of the line."""
from __future__ import annotations

import re

from .. import vocab

# Keyword abilities (702.x) a keyword line may hold, lower case; with a parameter after them.
KNOWN_KEYWORDS = {
    "flying", "first strike", "double strike", "deathtouch", "defender", "haste",
    "hexproof", "indestructible", "lifelink", "menace", "reach", "trample", "vigilance",
    "flash", "prowess", "shroud", "fear", "intimidate", "skulk", "shadow", "horsemanship",
    "undying", "persist", "wither", "infect", "exalted", "flanking", "changeling",
    "convoke", "delve", "improvise", "cascade", "storm", "split second", "rebound",
    "evolve", "extort", "unleash", "dethrone", "battle cry", "living weapon",
    "sunburst", "devoid", "ingest", "myriad", "melee", "fabricate", "partner", "undaunted",
    "assist", "jump-start", "mentor", "riot", "afterlife", "ascend", "decayed", "training",
    "daybound", "nightbound", "ravenous", "cleave", "enlist", "read ahead", "toxic",
    "for mirrodin!", "backup", "bargain", "offspring", "gift", "banding", "phasing",
    "provoke", "bushido", "soulshift", "haunt", "epic", "unearth", "totem armor",
    "umbra armor", "demonstrate", "compleated", "casualty", "blitz", "living metal",
    "more than meets the eye", "prototype", "squad", "exploit", "soulbond", "sneak",
    "hideaway", "landwalk", "islandwalk", "swampwalk", "forestwalk", "mountainwalk",
    "plainswalk", "horsemanship", "double team", "freerunning", "saddle", "station",
}
# Keywords written with a cost or number after them ("Equip {2}", "Ward {1}", "Bushido 1").
PARAMETRIC = re.compile(
    r"^(equip|cycling|flashback|kicker|multikicker|ward|protection from|buyback|echo|"
    r"madness|morph|megamorph|ninjurtsu|ninjutsu|evoke|dash|embalm|eternalize|escape|"
    r"unearth|suspend|bestow|surge|emerge|spectacle|overload|entwine|replicate|transmute|"
    r"transfigure|reinforce|retrace|recover|aura swap|fortify|level up|outlast|scavenge|"
    r"foretell|disturb|encore|boast|channel|craft|plot|warp|mutate|prowl|miracle|"
    r"bushido|rampage|annihilator|absorb|afflict|amplify|bloodthirst|crew|fading|vanishing|"
    r"frenzy|graft|modular|poisonous|renown|tribute|devour|dredge|fabricate|afterlife|"
    r"toxic|backup|mentor|ripple|soulshift|typecycling|\w+cycling|\w+walk|hexproof from|"
    r"enchant|affinity for|companion|partner with|blitz|squad|casualty|offspring|impending|"
    r"disguise|cloak|ravenous|training|saddle|station|harmonize|mobilize|exhaust|"
    r"landcycling|basic landcycling|sneak)\b", re.I)


def split_keywords(line: str) -> list[str] | None:
    """The keywords of a keyword line, or None when the line is not one."""
    parts = [p.strip() for p in re.split(r",\s*|;\s*", line.rstrip(".")) if p.strip()]
    if not parts:
        return None
    for p in parts:
        low = p.lower()
        if low in KNOWN_KEYWORDS or PARAMETRIC.match(low):
            continue
        return None
    return parts


def read_keyword(part: str) -> str | None:
    """The card file's keyword for one keyword, or None when the engine has none."""
    low = part.lower()
    return low if low in vocab.KEYWORDS else None


_PROT_AND = re.compile(r"^(?P<head>protection from \w+) and (?P<tail>from \w+)$", re.I)


def expand_keywords(parts: list[str]) -> list[str]:
    """The keyword line's parts with "Protection from black and from red" as its two
    protections (702.16g: "protection from [A] and from [B]" is two protection abilities)."""
    out = []
    for p in parts:
        m = _PROT_AND.match(p)
        out.extend([m["head"], "protection " + m["tail"]] if m else [p])
    return out
