"""Card files (Scryfall, MTGJSON) into the card database (simcore/cards/db.py) with a progress
line on stderr, for `cards import` and `cards fetch`."""
import time
from pathlib import Path

from experiments.progress import ProgressLine
from simcore.cards.db import CardDB
from simcore.errors import PlaytestError


def import_files(files, card_db=None, stream=None) -> str:
    """Import `files` into the database at `card_db` (default: db.default_path()) in one
    transaction; returns the summary line (cards, full / partial / none, time, where)."""
    for f in files:             # every file named before any is read
        if not Path(f).exists():
            raise PlaytestError(f"{f}: no such card file")
    line = ProgressLine(stream)
    t0 = time.monotonic()

    def progress(done, file):
        rate = done / max(time.monotonic() - t0, 1e-9)
        line.show(f"{file}: {done:,} cards read and compiled  {rate:,.0f} cards/s")

    with CardDB.for_import(card_db, "--card-db" if card_db else None) as db:
        try:
            summary = db.import_files(list(files), progress)
        finally:
            line.end()
        return summary.line(files) + f"; {db.path}"
