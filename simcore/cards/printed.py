"""A card as printed: the fields a card database gives (Scryfall's names), one record per card
with one `Face` per face. The importers (Scryfall, MTGJSON) produce these, the database stores
them, and the Oracle compiler reads them; nothing here knows the engine."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

# Layouts whose faces are all one card in a library (rule 712 double-faced, 709 split,
# 715 adventurer, 710 flip, 712.4 meld): kept with every face.
CARD_LAYOUTS = {"normal", "split", "flip", "transform", "modal_dfc", "adventure", "meld",
                "leveler", "class", "saga", "case", "mutate", "prototype", "host", "augment",
                "reversible_card"}
# Scryfall objects that are not cards of a deck: skipped by every importer.
NON_GAME_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series", "vanguard", "planar",
                    "scheme", "minigame"}
FORMATS = ("standard", "pioneer", "modern", "pauper", "legacy", "vintage")


@dataclass(frozen=True)
class Face:
    name: str
    type_line: str
    mana_cost: str = ""             # "{1}{G}"; "" for none (lands, most back faces)
    oracle_text: str = ""
    power: str | None = None        # strings as printed: "*", "1+*" occur
    toughness: str | None = None
    loyalty: str | None = None
    colors: tuple[str, ...] | None = None   # "W", "U", ... where the source gives them


@dataclass(frozen=True)
class Printed:
    name: str                       # the whole name, "Fire // Ice" for a card of two faces
    layout: str
    faces: tuple[Face, ...]
    legalities: dict = field(default_factory=dict)   # format -> "legal" / "not_legal" / ...

    @property
    def front(self) -> Face:
        return self.faces[0]

    def legal_in(self, fmt: str) -> bool:
        return self.legalities.get(fmt) in ("legal", "restricted")

    def to_dict(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_dict(d: dict) -> Printed:
        faces = tuple(Face(**{**f, "colors": tuple(f["colors"]) if f.get("colors") is not None
                              else None}) for f in d["faces"])
        return Printed(d["name"], d["layout"], faces, dict(d.get("legalities") or {}))
