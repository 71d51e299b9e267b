"""Tokens a card makes (rule 111): "create two 1/1 black and red Goblin creature tokens",
"a 1/1 colorless Thopter artifact creature token with flying". The description becomes a
token definition (a card dict with `token = true`), named after its creature types when a
built-in token of that name is the same, else after its whole description, so that cards
making the same token share it."""
from __future__ import annotations

import copy
import re
import tomllib
from functools import lru_cache
from pathlib import Path

from .. import vocab
from ..validate import check_card

_BUILTIN_TOKENS = Path(__file__).resolve().parents[1] / "data" / "tokens"

_DESC = re.compile(r"^(?P<p>\d+)/(?P<t>\d+) (?P<colors>(?:colorless|(?:white|blue|black|red|"
                   r"green)(?:(?:,| and|, and) (?:white|blue|black|red|green))*)) "
                   r"(?P<subs>(?:[A-Z][\w'-]* )+)(?P<types>(?:artifact |enchantment )?creature)$")
_TYPE_WORDS = {"artifact": "Artifact", "enchantment": "Enchantment", "creature": "Creature"}


# Predefined tokens (111.10): an artifact named for its subtype with its ability, "this
# artifact" being the token itself (sacrificed as a cost, 602.2b)
PREDEFINED = {
    "Food": {"name": "Food", "token": True, "types": ["Artifact"], "subtypes": ["Food"],
             "abilities": [{"kind": "activated", "cost": "{2}, {T}", "sacrifice_self": True,
                            "effects": [{"do": "gain_life", "n": 3}]}]},    # 111.10b
    "Clue": {"name": "Clue", "token": True, "types": ["Artifact"], "subtypes": ["Clue"],
             "abilities": [{"kind": "activated", "cost": "{2}", "sacrifice_self": True,
                            "effects": [{"do": "draw", "n": 1}]}]},         # 111.10f
}


def predefined(name: str) -> dict:
    return copy.deepcopy(PREDEFINED[name])


def token_def(desc: str, with_kws: str | None) -> dict | None:
    """The token definition for a description ("1/1 green Elf Warrior creature") and its
    keywords ("flying and haste"), or None when the grammar has no reading."""
    if desc in PREDEFINED and not with_kws:
        return predefined(desc)
    m = _DESC.match(desc)
    if not m:
        return None
    kws = []
    if with_kws:
        kws = [k.strip() for k in re.split(r",? and |, ", with_kws)]
        if any(k not in vocab.KEYWORDS for k in kws):
            return None
    colors = [] if m["colors"] == "colorless" else re.findall(
        r"white|blue|black|red|green", m["colors"])
    subs = m["subs"].split()
    types = [_TYPE_WORDS[w] for w in m["types"].split()]
    d = {"token": True, "types": types, "subtypes": subs, "power": int(m["p"]),
         "toughness": int(m["t"])}
    if colors:
        d["colors"] = colors
    if kws:
        d["keywords"] = kws
    words = [f"{d['power']}/{d['toughness']}"] + (colors or ["colorless"]) + subs + \
        [t.lower() for t in types] + (["with"] + kws if kws else [])
    d["name"] = " ".join(subs) + " (" + " ".join(words) + ")"
    return d


def same_token(a: dict, b: dict) -> bool:
    keys = ("types", "subtypes", "power", "toughness", "colors", "keywords", "abilities")
    return all(a.get(k) == b.get(k) for k in keys) and bool(a.get("token")) == bool(b.get("token"))


@lru_cache(maxsize=1)
def builtin_tokens() -> tuple[dict, ...]:
    return tuple(check_card(tomllib.loads(f.read_text()), str(f))
                 for f in sorted(_BUILTIN_TOKENS.glob("*.toml")))


def settle_names(made: dict[str, dict]) -> dict[str, str]:
    """Compiled token name -> the name to use: a built-in token's where it is the same."""
    out = {}
    for name, tok in made.items():
        same = [b["name"] for b in builtin_tokens() if same_token(b, tok)]
        out[name] = same[0] if same else name
    return out
