"""The card database's cards taken into a run's pool: names that are neither built in nor in a
`--cards` folder are looked up in the database (opened on the first such name, never for a
deck of built-in cards), and only the cards named are taken, so a run's card table holds its
decks' cards, never the whole database.

A card the Oracle compiler read only in part (status partial or none) plays with some of its
text ignored: a game command refuses it, naming each sentence it would ignore, unless
`allow_partial` (--allow-partial); then `ignored()` lists them for the summaries and tables.
A card whose front face compiled to nothing (a type the engine lacks) cannot be played at
all. `castability`, which needs only costs, types and mana abilities, takes partial cards."""
from __future__ import annotations

from .db import FETCH_HINT, CardDB, lookup_name
from .load import OWN_CARDS, closest_names
from .oracle.result import FULL


class Refused(Exception):
    """A card of the database that this run cannot take (its one-line reason)."""


def _sentences(stored) -> str:
    parts = [f"{face}: {u.named(face)}" if face != stored.compiled.faces[0].name
             else u.named(face) for face, u in stored.compiled.all_unread()]
    return "; ".join(parts)


class DbCards:
    """The database a run looks names up in (`path`: --card-db, default: db.default_path()),
    and the cards it took."""

    def __init__(self, path=None, flag: str | None = "--card-db", allow_partial=False,
                 progress=None):
        self.path = path
        self.flag = flag if path is not None else None
        self.allow_partial = allow_partial
        self.progress = progress
        self._db: CardDB | None = None
        self._opened = False
        self.taken: dict = {}       # pool name -> db.Stored
        self.files: dict = {}       # --cards cards with text not read: name -> sentences

    def __getstate__(self):
        """What a copy needs (a pool sent to Dask workers carries this): the cards taken,
        not the open database nor the progress callback (a stream)."""
        state = dict(self.__dict__)
        state.update(_db=None, _opened=False, progress=None)
        return state

    @property
    def db(self) -> CardDB | None:
        if not self._opened:
            self._db = CardDB.open(self.path, self.flag, progress=self.progress)
            self._opened = True
        return self._db

    def check(self) -> None:
        """Open the database now (a bad --card-db is named before anything else runs)."""
        _ = self.db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
        self._db, self._opened = None, False

    def find(self, name: str, printing: tuple[str, str] | None = None):
        """The Stored card `name` means (or, failing the name, the printing (set code,
        collector number)), or None. Raises Refused for a card this run cannot play."""
        db = self.db
        if db is None:
            return None
        whole = db.find(name)
        if whole is None and printing is not None:
            whole = db.printing(*printing)
        if whole is None:
            return None
        stored = db.get(whole)
        card = stored.compiled.card
        if card is None:
            raise Refused(f"'{whole}' cannot be played at all (the engine cannot read "
                          f"{_sentences(stored)})")
        if stored.status != FULL and not self.allow_partial:
            how = "only partly supported" if stored.status == "partial" else "not supported"
            raise Refused(f"'{whole}' is {how}: the engine would ignore "
                          f"{_sentences(stored)}; --allow-partial plays it so")
        return stored

    def take(self, stored) -> dict:
        """The card dict of `stored` for the pool, remembered as taken."""
        card = dict(stored.compiled.card)
        self.taken[card["name"]] = stored
        return card

    def vet(self, card: dict) -> None:
        """A card of a --cards folder written as printed whose text the grammar could not all
        read: refused as a partly supported database card is, unless allow_partial."""
        unread = card.get("_unread")
        if not unread:
            return
        if not self.allow_partial:
            raise Refused(f"'{card['name']}' ({card['_file']}) is only partly supported: the "
                          f"engine would ignore {'; '.join(unread)}; --allow-partial plays "
                          f"it so")
        self.files[card["name"]] = len(unread)

    def closest(self, name: str) -> list[str]:
        db = self.db
        return [] if db is None else closest_names(lookup_name(name), db.lookup_names())

    def hint(self) -> str:
        """Where an unknown card may be found: the end of the unknown-card error."""
        db = self.db
        if db is None:
            return f"no card database yet: {FETCH_HINT}; {OWN_CARDS}"
        return f"not in the card database ({db.describe()}): {FETCH_HINT}; {OWN_CARDS}"

    def ignored(self) -> list[tuple[str, int]]:
        """(card, sentences ignored) of each card taken with text the engine ignores."""
        return sorted([(n, len(s.compiled.all_unread())) for n, s in self.taken.items()
                       if s.status != FULL] + list(self.files.items()))

    def ignored_text(self) -> str:
        """The ignored cards in words ("" if none): "Sengir Vampire (1 sentence), ..."."""
        return ", ".join(f"{n} ({k} sentence{'s' if k != 1 else ''})"
                         for n, k in self.ignored())
