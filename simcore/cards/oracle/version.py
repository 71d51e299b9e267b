"""Which compiler compiled a stored card. A card database keeps each card's compiled form with
COMPILER_VERSION and compiles again what an older compiler compiled; so every change to what
the grammar produces must raise it. `tests/test_oracle.py` holds SOURCES_DIGEST, a digest of
the files that decide the compiled form, and fails when they change and the version did not."""
from __future__ import annotations

import hashlib
from pathlib import Path

COMPILER_VERSION = 16
SOURCES_DIGEST = "60d6f2a18f69e693"   # the test's message gives it when the sources change

_CARDS = Path(__file__).resolve().parents[1]
# What decides a compiled card: the grammar (not its render check or coverage ranking), the
# vocabulary and validator it is checked by, mana strings, the built-in tokens it names.
_NOT_COMPILING = {"render_check.py", "blockers.py", "version.py"}


def source_files() -> list[Path]:
    files = [f for f in sorted((_CARDS / "oracle").glob("*.py")) if f.name not in _NOT_COMPILING]
    files += [_CARDS / "vocab.py", _CARDS / "validate.py", _CARDS / "manastr.py",
              _CARDS / "printed.py"]
    files += sorted((_CARDS / "data" / "tokens").glob("*.toml"))
    return files


def sources_digest() -> str:
    h = hashlib.sha256()
    for f in source_files():
        h.update(f.relative_to(_CARDS).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]
