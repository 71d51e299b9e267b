"""Scryfall's bulk files (oracle-cards: one object per card; default-cards: one per printing):
a JSON list of card objects (https://scryfall.com/docs/api/cards). Non-game objects are
skipped: `object` other than "card", non-game layouts (tokens, emblems, art cards, planes,
schemes, vanguards). A card of several faces keeps each face from `card_faces`."""
from __future__ import annotations

import ijson

from ...errors import PlaytestError
from ..printed import NON_GAME_LAYOUTS, Face, Printed
from .jsonfile import Card, need, text_or_none

# Type lines of objects that are no deck's card even under a game layout
NON_GAME_TYPES = ("Token", "Emblem", "Dungeon")


def _face(obj: dict, where: str, colors) -> Face:
    return Face(name=need(obj, "name", where),
                type_line=str(obj.get("type_line") or ""),
                mana_cost=str(obj.get("mana_cost") or ""),
                oracle_text=str(obj.get("oracle_text") or ""),
                power=text_or_none(obj.get("power")),
                toughness=text_or_none(obj.get("toughness")),
                loyalty=text_or_none(obj.get("loyalty")),
                colors=tuple(colors) if isinstance(colors, list) else None)


def card(obj, where: str) -> Card | None:
    """The Card of one Scryfall object, or None for a non-game object."""
    if not isinstance(obj, dict):
        raise PlaytestError(f"{where}: expected a card object, got {type(obj).__name__}")
    if obj.get("object", "card") != "card":
        return None
    name = need(obj, "name", where)
    where = f"{where} ('{name}')"
    layout = str(obj.get("layout") or "normal")
    if layout in NON_GAME_LAYOUTS or obj.get("set_type") in ("token", "memorabilia"):
        return None
    faces_raw = obj.get("card_faces")
    if faces_raw:
        if not isinstance(faces_raw, list):
            raise PlaytestError(f"{where}: key 'card_faces': expected a list")
        faces = []
        for i, fo in enumerate(faces_raw):
            fw = f"{where}: card_faces[{i}]"
            if not isinstance(fo, dict):
                raise PlaytestError(f"{fw}: expected a face object")
            # a face's colours where Scryfall gives them (two-faced cards); a split or
            # adventure card's colours are the card's, not each half's, so none are guessed
            faces.append(_face(fo, fw, fo.get("colors")))
    else:
        if "type_line" not in obj:
            raise PlaytestError(f"{where}: key 'type_line' is missing")
        faces = [_face(obj, where, obj.get("colors"))]
    if faces[0].type_line.startswith(NON_GAME_TYPES):
        return None
    legal = obj.get("legalities") or {}
    legal = {str(k): str(v) for k, v in legal.items()} if isinstance(legal, dict) else {}
    printing = None
    if obj.get("set") and obj.get("collector_number"):
        printing = (str(obj["set"]).upper(), str(obj["collector_number"]))
    return Card(Printed(name, layout, tuple(faces), legal), printing)


def cards(f, file: str):
    for i, obj in enumerate(ijson.items(f, "item", use_float=True)):
        c = card(obj, f"{file}: card {i + 1}")
        if c is not None:
            yield c
