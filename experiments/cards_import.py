"""`playtest cards import FILE...`: Scryfall or MTGJSON files into the card database, progress
on stderr, then one line saying what was imported (experiments/dbimport.py)."""
from experiments.dbimport import import_files


def cards_import(files, card_db=None, stream=None) -> str:
    """Import `files` into the card database at `card_db` (default: the user's) in one
    transaction; returns the summary line (cards, full / partial / none, time, where)."""
    return import_files(files, card_db, stream)
