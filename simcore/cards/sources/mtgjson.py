"""MTGJSON's AtomicCards.json: {"meta": ..., "data": {card name: [face, ...]}}, each face with
MTGJSON's field names (https://mtgjson.com/data-models/card/card-atomic/): faceName, side,
layout, manaCost, type, text, power, toughness, loyalty, colors, legalities. Faces are put in
`side` order; non-game objects (tokens, emblems, planes, schemes, ...) are skipped."""
from __future__ import annotations

import ijson

from ...errors import PlaytestError
from ..printed import NON_GAME_LAYOUTS, Face, Printed
from .jsonfile import Card, need, text_or_none

NON_GAME_TYPES = ("Token", "Emblem", "Plane", "Phenomenon", "Scheme", "Vanguard", "Dungeon")


def _face(obj: dict, where: str) -> Face:
    name = obj.get("faceName") or need(obj, "name", where)
    return Face(name=str(name),
                type_line=need(obj, "type", where),
                mana_cost=str(obj.get("manaCost") or ""),
                oracle_text=str(obj.get("text") or ""),
                power=text_or_none(obj.get("power")),
                toughness=text_or_none(obj.get("toughness")),
                loyalty=text_or_none(obj.get("loyalty")),
                colors=tuple(obj["colors"]) if isinstance(obj.get("colors"), list) else None)


def card(name: str, faces_raw, where: str) -> Card | None:
    where = f"{where} ('{name}')"
    if not isinstance(faces_raw, list) or not faces_raw:
        raise PlaytestError(f"{where}: expected a list of faces")
    if not all(isinstance(fo, dict) for fo in faces_raw):
        raise PlaytestError(f"{where}: expected a list of face objects")
    faces_raw = sorted(faces_raw, key=lambda fo: str(fo.get("side") or "a"))
    first = faces_raw[0]
    layout = str(first.get("layout") or "normal")
    if layout in NON_GAME_LAYOUTS:
        return None
    faces = [_face(fo, f"{where}: face {i + 1}") for i, fo in enumerate(faces_raw)]
    if faces[0].type_line.split(" ")[0] in NON_GAME_TYPES:
        return None
    legal = first.get("legalities") or {}
    # MTGJSON writes "Legal", "Banned", "Restricted"; Scryfall's lower case is kept
    legal = {str(k): str(v).lower() for k, v in legal.items()} if isinstance(legal, dict) else {}
    return Card(Printed(name, layout, tuple(faces), legal), None)


def cards(f, file: str):
    for i, (name, faces) in enumerate(ijson.kvitems(f, "data", use_float=True)):
        c = card(name, faces, f"{file}: card {i + 1}")
        if c is not None:
            yield c
