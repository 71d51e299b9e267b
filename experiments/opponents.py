"""The opponents' decks (--vs): their names in the tables, and the field of a paired run."""
import os

from simcore.decks import load_decks
from simcore.errors import PlaytestError


def distinct(paths, flag):
    """One line naming `flag` if two of the deck files `paths` are one file."""
    seen = set()
    for p in paths:
        real = os.path.realpath(p)
        if real in seen:
            raise PlaytestError(f"{flag} {p} is given twice")
        seen.add(real)


def opponent_names(vs, decks):
    """The `opponent` column's value for each --vs deck: its name, or the path as given
    where two decks share a name."""
    distinct(vs, "--vs")
    names = [d.name for d in decks]
    return [str(v) if names.count(d.name) > 1 or d.name == "goldfish" else d.name
            for v, d in zip(vs, decks)]


def load_field(vs, pool, warn, flag="--vs", decks=()):
    """[(name, Deck)] of the opponents; at least one. With `decks` (deck files), the Decks
    of those and the field: every wrong line of all of them named in one run."""
    vs = list(vs or ())
    if not vs:
        raise PlaytestError(f"{flag}: a paired comparison needs at least one opponent's deck")
    every = load_decks(list(decks) + vs, pool, warn=warn)
    mine, theirs = every[:len(decks)], every[len(decks):]
    field = list(zip(opponent_names(vs, theirs), theirs))
    return (mine, field) if decks else field
