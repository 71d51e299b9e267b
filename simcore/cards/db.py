"""The card database: real cards imported from Scryfall or MTGJSON files (sources/), each
stored as printed, compiled by the Oracle compiler (oracle/) and with its status, in one
SQLite file (the standard library's sqlite3: one file, no server, safe transactions).

Where it is: `--card-db PATH`, else $PLAYTEST_CARD_DB, else the user's data folder
($XDG_DATA_HOME/playtest/cards.sqlite, ~/.local/share/playtest/cards.sqlite).

Tables: `cards` (name, layout, printed JSON, compiled JSON, status, compiler version,
legalities JSON), `names` (each card's lookup names: the whole name and each face's, folded
by `lookup_name`, indexed: a deck of 60 resolves in milliseconds), `printings` ((set code,
collector number) -> name, for deck lines such as "4 Lightning Bolt (M10) 146"), `meta`
(schema version, import date, source files, card count).

An import is one transaction: an error anywhere (a bad file, a full disk, ^C) leaves the
database as it was. Cards compiled by an older compiler are compiled again when a writable
database is opened, and compiled in memory when it is read-only. A database written by a
newer playtest (a higher schema version) is refused. Reading opens the file read-only
(`mode=ro`), so a command that only reads cards never writes it.
"""
from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

from ..errors import PlaytestError
from .load import norm_name
from .oracle import COMPILER_VERSION, Compiled, compile_printed
from .printed import Printed

SCHEMA_VERSION = 1
ENV = "PLAYTEST_CARD_DB"
FETCH_HINT = "run `playtest cards fetch` or `playtest cards import FILE`"
BATCH = 500                     # cards per executemany: memory flat, few round trips

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cards (
    name TEXT PRIMARY KEY, layout TEXT NOT NULL, printed TEXT NOT NULL,
    compiled TEXT NOT NULL, status TEXT NOT NULL, compiler INTEGER NOT NULL,
    legalities TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS names (norm TEXT NOT NULL, name TEXT NOT NULL,
    PRIMARY KEY (name, norm)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS names_norm ON names (norm);
CREATE TABLE IF NOT EXISTS printings (set_code TEXT NOT NULL, number TEXT NOT NULL,
    name TEXT NOT NULL, PRIMARY KEY (set_code, number)) WITHOUT ROWID;
"""


def default_path() -> Path:
    """$PLAYTEST_CARD_DB, else the user's data folder."""
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "playtest" / "cards.sqlite"


def lookup_name(name: str) -> str:
    """A name as the database matches it: any case, accents folded to ASCII (Lim-Dûl ->
    lim-dul, Æther -> aether), curly apostrophes straight, spaces collapsed."""
    s = norm_name(name).replace("æ", "ae")
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    return " ".join(s.split())


def card_names(p: Printed) -> list[str]:
    """The lookup names of a card: its whole name and each face's, distinct."""
    out = []
    for n in [p.name] + [f.name for f in p.faces]:
        k = lookup_name(n)
        if k and k not in out:
            out.append(k)
    return out


@dataclass(frozen=True)
class Stored:
    """A card of the database: as printed and compiled (by this playtest's compiler)."""
    name: str
    printed: Printed
    compiled: Compiled

    @property
    def status(self) -> str:
        return self.compiled.status


@dataclass(frozen=True)
class ImportSummary:
    cards: int                  # cards read from the files (each name once)
    statuses: Counter
    seconds: float
    total: int                  # cards in the database after the import
    printings: int

    def line(self, files) -> str:
        s = self.statuses
        return (f"imported {self.cards:,} cards from {', '.join(map(str, files))}: "
                f"{s['full']:,} full, {s['partial']:,} partial, {s['none']:,} none "
                f"({self.seconds:.1f} s; the database {self.total:,} cards)")


def _where(path: Path, flag: str | None) -> str:
    return f"{flag} {path}" if flag else str(path)


def check_path(path: Path, flag: str | None = None) -> None:
    """A database path that cannot be one (a folder) is one line naming it."""
    if path.is_dir():
        raise PlaytestError(f"{_where(path, flag)}: is a folder, not a card database file "
                            f"(give a file path, e.g. {path / 'cards.sqlite'})")


def _read_only(path: Path) -> bool:
    """Is the file read-only? By its mode bits as well as access(2): as root access() says
    every file is writable, but a file that no one may write (chmod a-w) is a user's way
    of saying "do not change it", which we honour."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return False
    return not (mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)) or \
        not os.access(path, os.W_OK)


class CardDB:
    """An open card database. `CardDB.open(path)` for reading (None if there is no file),
    `CardDB.for_import(path)` for writing; `close()` (or `with`) when done."""

    def __init__(self, con: sqlite3.Connection, path: Path, writable: bool):
        self.con, self.path, self.writable = con, path, writable

    # ---------------------------------------------------------------- opening

    @staticmethod
    def _connect(path: Path, write: bool, flag) -> sqlite3.Connection:
        try:
            if write:
                con = sqlite3.connect(path, isolation_level=None)
            else:
                uri = f"file:{quote(str(path.resolve()))}?mode=ro"
                con = sqlite3.connect(uri, uri=True, isolation_level=None)
            con.execute("PRAGMA query_only = 0" if write else "PRAGMA query_only = 1")
            return con
        except sqlite3.Error as e:
            raise PlaytestError(f"{_where(path, flag)}: cannot open the card database "
                                f"({e})") from None

    def _check_schema(self, flag) -> None:
        try:
            tables = {r[0] for r in self.con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                return
            if "meta" not in tables or "cards" not in tables:
                raise PlaytestError(f"{_where(self.path, flag)}: not a playtest card database "
                                    f"(an SQLite file without its tables)")
            row = self.con.execute(
                "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        except sqlite3.DatabaseError as e:
            raise PlaytestError(f"{_where(self.path, flag)}: not a card database ({e})") \
                from None
        version = int(row[0]) if row else 0
        if version > SCHEMA_VERSION:
            raise PlaytestError(
                f"{_where(self.path, flag)}: written by a newer playtest (card database "
                f"schema {version}, this playtest reads up to {SCHEMA_VERSION}): upgrade "
                f"playtest or import into another --card-db")

    @classmethod
    def open(cls, path=None, flag: str | None = None, progress=None) -> CardDB | None:
        """The database at `path` (default_path()) for reading, or None if no file is there.
        Cards compiled by an older compiler are compiled again, saved if the file is
        writable (`progress(done, total)` called on the way)."""
        path = Path(path) if path is not None else default_path()
        check_path(path, flag)
        if not path.exists():
            return None
        db = cls(cls._connect(path, False, flag), path, False)
        db._check_schema(flag)
        if db.stale() and not _read_only(path):
            db.close()
            db = cls(cls._connect(path, True, flag), path, True)
            try:
                db.recompile(progress)
            except PlaytestError:
                db.close()
                raise
        return db

    @classmethod
    def for_import(cls, path=None, flag: str | None = None) -> CardDB:
        path = Path(path) if path is not None else default_path()
        check_path(path, flag)
        if path.exists() and _read_only(path):
            raise PlaytestError(f"{_where(path, flag)}: the card database is read-only "
                                f"(no write permission): nothing imported")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise PlaytestError(f"{_where(path, flag)}: cannot make its folder "
                                f"({e.strerror or e})") from None
        existed = path.exists()
        db = cls(cls._connect(path, True, flag), path, True)
        db.created = not existed
        try:
            db._check_schema(flag)
        except PlaytestError:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.con.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---------------------------------------------------------------- reading

    def meta(self, key: str, default=None):
        try:
            row = self.con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        except sqlite3.OperationalError:
            return default
        return row[0] if row else default

    @property
    def count(self) -> int:
        return int(self.meta("cards", 0))

    @property
    def imported(self) -> str:
        return self.meta("imported", "never")

    def describe(self) -> str:
        """"N cards, imported DATE", as the unknown-card message says it."""
        return f"{self.count:,} cards, imported {self.imported}"

    def stale(self) -> bool:
        try:
            row = self.con.execute("SELECT 1 FROM cards WHERE compiler < ? LIMIT 1",
                                   (COMPILER_VERSION,)).fetchone()
        except sqlite3.OperationalError:
            return False
        return row is not None

    def find(self, name: str) -> str | None:
        """The whole name of the card `name` means (its whole name or a face's, any case,
        accents folded), or None. A whole-name match wins over a face's."""
        key = lookup_name(name)
        rows = self.con.execute("SELECT name FROM names WHERE norm = ?", (key,)).fetchall()
        if not rows:
            return None
        return min((r[0] for r in rows), key=lambda n: (lookup_name(n) != key, n))

    def printing(self, set_code: str, number: str) -> str | None:
        row = self.con.execute("SELECT name FROM printings WHERE set_code = ? AND number = ?",
                               (set_code.upper(), number)).fetchone()
        return row[0] if row else None

    def get(self, name: str) -> Stored:
        row = self.con.execute("SELECT printed, compiled, compiler FROM cards WHERE name = ?",
                               (name,)).fetchone()
        if row is None:
            raise KeyError(name)
        printed = Printed.from_dict(json.loads(row[0]))
        if row[2] == COMPILER_VERSION:
            compiled = Compiled.from_dict(json.loads(row[1]))
        else:                   # a read-only database of another compiler: compiled here
            compiled = compile_printed(printed)
        return Stored(name, printed, compiled)

    def each(self, batch: int = 2000):
        """Every card, as Stored, in name order, read a batch at a time."""
        last = ""
        while True:
            rows = self.con.execute("SELECT name FROM cards WHERE name > ? ORDER BY name "
                                    "LIMIT ?", (last, batch)).fetchall()
            if not rows:
                return
            for (name,) in rows:
                yield self.get(name)
            last = rows[-1][0]

    def lookup_names(self) -> dict[str, str]:
        """lookup name -> whole name, for the closest names to an unknown one."""
        return dict(self.con.execute("SELECT norm, name FROM names"))

    def statuses(self) -> Counter:
        return Counter(dict(self.con.execute(
            "SELECT status, count(*) FROM cards GROUP BY status")))

    # ---------------------------------------------------------------- writing

    def _write(self, what: str, work: Callable[[], None]) -> None:
        """`work` in one transaction: committed whole, or rolled back on any error."""
        try:
            self.con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise PlaytestError(f"{self.path}: cannot write the card database ({e}): "
                                f"{what} not done") from None
        try:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self.con.execute(statement)
            work()
            self.con.execute("COMMIT")
        except BaseException as e:
            self.con.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error):
                raise PlaytestError(f"{self.path}: cannot write the card database ({e}): "
                                    f"{what} not done, the database is as it was") from None
            raise

    def _put(self, stored: Iterable[tuple[Printed, Compiled]]) -> None:
        rows, names, gone = [], [], []
        for p, c in stored:
            rows.append((p.name, p.layout, json.dumps(p.to_dict(), ensure_ascii=False),
                         json.dumps(c.to_dict(), ensure_ascii=False), c.status,
                         COMPILER_VERSION, json.dumps(p.legalities)))
            gone.append((p.name,))
            names.extend((k, p.name) for k in card_names(p))
        self.con.executemany(
            "INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
            "layout = excluded.layout, printed = excluded.printed, compiled = "
            "excluded.compiled, status = excluded.status, compiler = excluded.compiler, "
            "legalities = excluded.legalities", rows)
        self.con.executemany("DELETE FROM names WHERE name = ?", gone)
        self.con.executemany("INSERT OR IGNORE INTO names VALUES (?, ?)", names)

    def _set_meta(self, **kv) -> None:
        kv["schema_version"] = SCHEMA_VERSION
        kv["cards"] = self.con.execute("SELECT count(*) FROM cards").fetchone()[0]
        self.con.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                             [(k, str(v)) for k, v in kv.items()])

    def import_files(self, files, progress=None) -> ImportSummary:
        """Read every card of `files` (sources.read_cards), compile and store it, in one
        transaction. A card in several files (or printings) is read once, the first time.
        `progress(cards done, file)` is called every BATCH cards."""
        from .sources import read_cards
        t0 = time.perf_counter()
        seen: set[str] = set()
        statuses: Counter = Counter()
        n_print = 0

        def work():
            nonlocal n_print
            for file in files:
                batch, prints = [], []
                for card in read_cards(file):
                    p = card.printed
                    if card.printing is not None:
                        prints.append((*card.printing, p.name))
                    if p.name in seen:
                        continue
                    seen.add(p.name)
                    c = compile_printed(p)
                    statuses[c.status] += 1
                    batch.append((p, c))
                    if len(batch) >= BATCH:
                        self._put(batch)
                        batch = []
                        if progress is not None:
                            progress(len(seen), file)
                    if len(prints) >= BATCH:
                        self.con.executemany("INSERT OR REPLACE INTO printings VALUES "
                                             "(?, ?, ?)", prints)
                        n_print += len(prints)
                        prints = []
                self._put(batch)
                self.con.executemany("INSERT OR REPLACE INTO printings VALUES (?, ?, ?)",
                                     prints)
                n_print += len(prints)
                if progress is not None:
                    progress(len(seen), file)
            old = json.loads(self.meta("sources", "[]"))
            srcs = old + [Path(f).name for f in files if Path(f).name not in old]
            self._set_meta(imported=datetime.now(timezone.utc).strftime("%Y-%m-%d"),
                           sources=json.dumps(srcs))

        try:
            self._write("the import", work)
        except BaseException:
            if getattr(self, "created", False):   # leave no empty file where none was
                self.close()
                for suffix in ("", "-journal", "-wal"):
                    Path(str(self.path) + suffix).unlink(missing_ok=True)
            raise
        return ImportSummary(len(seen), statuses, time.perf_counter() - t0, self.count,
                             n_print)

    def recompile(self, progress=None) -> int:
        """Compile again every card an older compiler compiled; returns how many."""
        total = self.con.execute("SELECT count(*) FROM cards WHERE compiler < ?",
                                 (COMPILER_VERSION,)).fetchone()[0]
        done = 0

        def work():
            nonlocal done
            while True:
                rows = self.con.execute("SELECT printed FROM cards WHERE compiler < ? LIMIT ?",
                                        (COMPILER_VERSION, BATCH)).fetchall()
                if not rows:
                    break
                ps = [Printed.from_dict(json.loads(r[0])) for r in rows]
                self._put((p, compile_printed(p)) for p in ps)
                done += len(ps)
                if progress is not None:
                    progress(done, total)
            self._set_meta()

        self._write("the recompile", work)
        return done
