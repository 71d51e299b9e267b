"""Reading a user's text file (card, deck, scenario) with one-line errors.

Every reader of user input goes through `read_text`, so that a missing file, a folder, a
file without read permission or one that is not UTF-8 text is reported the same way: one
PlaytestError line naming the file, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from .errors import PlaytestError


def read_text(path, what: str) -> str:
    """The text of the file at `path` (UTF-8; a leading byte-order mark is dropped, as Windows
    editors write one). `what` names the kind of file in messages, e.g. "deck file"."""
    file = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise PlaytestError(f"{file}: no such {what}") from None
    except IsADirectoryError:
        raise PlaytestError(f"{file}: is a folder, not a {what}") from None
    except OSError as e:
        raise PlaytestError(f"{file}: cannot read the {what} ({e.strerror or e})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise PlaytestError(f"{file}: line {line}: not UTF-8 text (a {what} must be a "
                            f"UTF-8 text file)") from None
