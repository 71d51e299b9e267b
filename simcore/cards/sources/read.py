"""A card file read whole: its shape told from its first tokens (a list: Scryfall; an object
with `data`: MTGJSON), then its cards streamed by that source's reader."""
from __future__ import annotations

import codecs
from collections.abc import Iterator
from pathlib import Path

import ijson

from ...errors import PlaytestError
from . import mtgjson, scryfall
from .jsonfile import WANTED, Card, open_card_file, reading


def _shape(path: Path, file: str) -> str:
    """"scryfall" (a JSON list) or "mtgjson" (an object with `data`), from the first tokens."""
    try:
        return _first_tokens(path, file)
    except PlaytestError as e:
        if "not valid JSON" in str(e):      # a CSV, a text file: say what was expected
            if not _starts_as_utf8(path):
                raise PlaytestError(f"{file}: not UTF-8 text (a card file is UTF-8 JSON)") \
                    from None
            raise PlaytestError(f"{file}: not JSON, so not a card file ({WANTED})") from None
        raise


def _starts_as_utf8(path: Path) -> bool:
    """Do the file's first 64 KiB (uncompressed) decode as UTF-8?"""
    with open_card_file(path) as f:
        head = f.read(65_536)
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return False
    return True


def _first_tokens(path: Path, file: str) -> str:
    with reading(file):
        if path.is_dir():
            raise IsADirectoryError
        if path.stat().st_size == 0:
            raise PlaytestError(f"{file}: the file is empty (0 bytes)")
        with open_card_file(path) as f:
            events = ijson.parse(f)
            for prefix, event, value in events:
                if prefix == "" and event == "start_array":
                    return "scryfall"
                if prefix == "" and event == "start_map":
                    continue
                if prefix == "" and event == "map_key":
                    if value == "data":
                        return "mtgjson"
                    continue
                if prefix == "" and event == "end_map":
                    break
                if prefix == "":
                    break
    raise PlaytestError(f"{file}: not a card list ({WANTED})")


def read_cards(path) -> Iterator[Card]:
    """The cards of the Scryfall or MTGJSON file at `path`, streamed."""
    path, file = Path(path), str(path)
    shape = _shape(path, file)
    reader = scryfall.cards if shape == "scryfall" else mtgjson.cards
    with reading(file), open_card_file(path) as f:
        # the C backend parses numbers as Decimal unless told not to; card text needs none
        yield from reader(f, file)
