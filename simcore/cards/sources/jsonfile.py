"""Opening a card file: plain or gzipped JSON (told by its first bytes, not its name), and
every reading error, from the file system, gzip or the JSON parser, turned into one line
naming the file."""
from __future__ import annotations

import gzip
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import ijson

from ...errors import PlaytestError
from ..printed import Printed

GZIP_MAGIC = b"\x1f\x8b"
WANTED = ("expected Scryfall's bulk JSON, a list of card objects, or MTGJSON's "
          "AtomicCards.json, an object with 'data'")


class Card(NamedTuple):
    printed: Printed
    printing: tuple[str, str] | None      # (set code, collector number), upper-case set


def open_card_file(path: Path):
    with open(path, "rb") as raw:
        head = raw.read(2)
    return gzip.open(path, "rb") if head == GZIP_MAGIC else open(path, "rb")


@contextmanager
def reading(file: str):
    """Every error of reading `file` as one PlaytestError line."""
    try:
        yield
    except PlaytestError:
        raise
    except FileNotFoundError:
        raise PlaytestError(f"{file}: no such card file") from None
    except IsADirectoryError:
        raise PlaytestError(f"{file}: is a folder, not a card file") from None
    except (EOFError, gzip.BadGzipFile, zlib.error) as e:
        raise PlaytestError(f"{file}: the gzip data is cut short or corrupt ({e})") from None
    except UnicodeDecodeError:
        raise PlaytestError(f"{file}: not UTF-8 text (a card file is UTF-8 JSON)") from None
    except ijson.IncompleteJSONError as e:
        why = " ".join(str(e).split())
        if "utf-8" in why.lower() or "utf8" in why.lower():
            raise PlaytestError(f"{file}: not UTF-8 text (a card file is UTF-8 JSON)") \
                from None
        if not why or "incomplete" in why.lower() or "premature" in why.lower():
            raise PlaytestError(f"{file}: the JSON is cut short (the file ends inside it)") \
                from None
        raise PlaytestError(f"{file}: not valid JSON ({why[:120]})") from None
    except ijson.JSONError as e:
        raise PlaytestError(f"{file}: not valid JSON ({' '.join(str(e).split())[:120]})") \
            from None
    except OSError as e:
        raise PlaytestError(f"{file}: cannot read the card file ({e.strerror or e})") from None


def need(obj: dict, key: str, where: str, kind=str):
    """obj[key], which must be a `kind`: else one line naming the card and the key."""
    if key not in obj:
        raise PlaytestError(f"{where}: key '{key}' is missing")
    v = obj[key]
    if not isinstance(v, kind):
        raise PlaytestError(f"{where}: key '{key}': expected {kind.__name__}, got "
                            f"{type(v).__name__}")
    return v


def text_or_none(v) -> str | None:
    return None if v is None else str(v)
