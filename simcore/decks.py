"""Deck lists: MTGO/Arena text lists and Forge .dck files.

Text lists (MTGO, Arena, most deck sites)::

    // Elves: go wide, then proliferate with Morcant    <- comments start with // or #
    Deck                                                <- optional headers (any case):
    4 Llanowar Elves                                       Deck, Sideboard, Commander,
    4x Elvish Mystic                                       Companion, About
    1 Forest (M19) 280                                  <- set codes and collector
    1 Forest [M19]                                         numbers are ignored

    Sideboard
    2 Murder

Without any header, the first blank line after main-deck cards starts the sideboard (the
MTGO convention); blank lines before the first card are ignored. Commander and Companion
cards go to the sideboard list for now. Arena's ``About`` section may give ``Name ...``.

Forge .dck files have sections ``[metadata]`` (``Name=...``), ``[Main]``, ``[Sideboard]``
(and ``[Commander]``, which goes to the sideboard list); card lines are ``4 Llanowar
Elves|M19`` or ``4 Llanowar Elves|M19|1`` (everything after ``|`` is ignored).

Card names are matched exactly, then ignoring case and curly apostrophes. A wrong line is
one line naming the file and line,
``decks/elves.txt:7: unknown card 'Llanowar Elfs' (closest: Llanowar Elves)`` (a closest
name only when one is close: cards.load.CLOSE_ENOUGH). Every wrong line of a list is named at
once: one :class:`~simcore.errors.PlaytestError`, or for several a
:class:`~simcore.errors.PlaytestErrors` whose last line sums them up; where unknown cards
are among them, the error ends pointing to ``--cards DIR`` and docs/card-format.md. Sideboard
cards are read but not checked, since no command plays them yet: an unknown one is kept as
written, its line in ``Deck.unknown_sideboard``. A main deck of more than MAX_DECK_CARDS
cards is refused at the line that passes it.

A deck that breaks the deck-building rules (fewer than 60 cards, more than four copies of a
card other than a basic land, more than 15 sideboard cards) still loads, since custom formats
exist: the loader puts one line per broken rule in ``Deck.warnings`` and hands each to the
caller's ``warn`` hook, if given (the CLI prints them as ``playtest: warning: ...``); it never
prints by itself.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .cards.load import OWN_CARDS, closest_names, norm_name
from .errors import PlaytestError, PlaytestErrors
from .textfile import read_text

BASIC_LAND_NAMES = frozenset({
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes",
    "Snow-Covered Plains", "Snow-Covered Island", "Snow-Covered Swamp",
    "Snow-Covered Mountain", "Snow-Covered Forest", "Snow-Covered Wastes",
})
MAX_COPIES = 4
MAX_SIDEBOARD = 15
MIN_CONSTRUCTED = 60
MIN_LIMITED = 40
# main-deck cards a game can hold, for two such decks: a game's object slots (both decks
# and token room, game.py) are numbered in int16 planes, and every library card takes an
# object id as the game starts, the game ending truncated once the ids pass 30,000
# (kernels/flow.py OID_LIMIT, int16 planes too): two decks of 10,000 leave nearly 10,000
# for play (a 30-turn game between them used ~140). A deck of 15,000 against itself ended
# truncated on turn 3; `100000000 Forest` asked for 59.6 GiB.
MAX_DECK_CARDS = 10_000

# Text-list section headers (lower case, without a trailing colon) -> section.
_TEXT_HEADERS = {"deck": "main", "main": "main", "maindeck": "main", "main deck": "main",
                 "sideboard": "side", "commander": "side", "companion": "side",
                 "about": "about"}
# Forge .dck sections -> section.
_FORGE_SECTIONS = {"metadata": "meta", "main": "main", "sideboard": "side",
                   "commander": "side"}

_COUNT_RE = re.compile(r"^(\d+)\s*[xX]?\s+(\S.*)$")
# Trailing set codes: "(M19) 280", "(M19)", "[M19]", "[M19:280]".
_SET_PAREN_RE = re.compile(r"\s+\(([A-Za-z0-9_-]{2,8})\)(?:\s+([^\s()\[\]]+))?\s*$")
_SET_BRACKET_RE = re.compile(r"\s+\[([^\[\]:]*)(?::([^\[\]]*))?\]\s*$")
_SECTION_RE = re.compile(r"^\[([^\[\]]+)\]$")


@dataclass
class Deck:
    """A deck list as written: card names (as in the card pool) with counts, in file order."""
    name: str
    file: str
    main: list[tuple[str, int]] = field(default_factory=list)
    sideboard: list[tuple[str, int]] = field(default_factory=list)
    # deck-building rules it breaks, one line each naming the file (validate_constructed)
    warnings: list[str] = field(default_factory=list)
    # (file:line, name as written) of each sideboard card not in the pool: no command plays
    # the sideboard, so its cards are not checked (a feature that uses it would refuse them)
    unknown_sideboard: list[tuple[str, str]] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.main)


def known_names(defs) -> tuple[list[str], list[str]]:
    """(card names, token names) of a card pool: a ``Pool`` (``make_pool``), or its ``defs``
    mapping (name -> card dict, e.g. ``cards.load.load_pool()``)."""
    defs = getattr(defs, "defs", defs)
    cards = [n for n, d in defs.items() if not d.get("token")]
    tokens = [n for n, d in defs.items() if d.get("token")]
    return cards, tokens


class _Names:
    """Card-name lookup: exact, then case- and apostrophe-insensitive; tokens refused; then,
    given a ``Pool`` with a card database (``Pool.find_more``), the database, by name or by
    the printing a line names."""

    def __init__(self, card_names, tokens: Iterable[str] = ()):
        self.pool = card_names if hasattr(card_names, "find_more") else None
        if hasattr(card_names, "defs") or isinstance(card_names, Mapping):
            card_names, more = known_names(card_names)
            tokens = list(tokens) + more
        self.exact = set(card_names)
        self.by_norm = {norm_name(n): n for n in sorted(self.exact)}
        self.tokens = {norm_name(n): n for n in tokens if n not in self.exact}

    def known(self, name: str) -> str | None:
        """The name of the pool `name` means (exactly, then ignoring case and apostrophes)."""
        return name if name in self.exact else self.by_norm.get(norm_name(name))

    def match(self, name: str, printing: tuple[str, str] | None = None) -> str | None:
        """The known name `name` means (exactly, then ignoring case and apostrophes, then in
        the card database by name or `printing`). Raises PlaytestError for a card of the
        database the run cannot play."""
        from .cards.dbpool import Refused
        found = self.known(name)
        try:
            if found is None and norm_name(name) not in self.tokens and self.pool is not None:
                found = self.pool.find_more(name, printing)
            elif found is not None and self.pool is not None and \
                    self.pool.db_cards is not None:
                self.pool.db_cards.vet(self.pool.defs[found])   # a card written as printed
        except Refused as e:
            raise PlaytestError(str(e)) from None
        return found

    def closest(self, name: str) -> list[str]:
        """Up to three known names close to `name`, nearest first (of the card database's
        too, if the pool has one)."""
        close = closest_names(name, self.by_norm)
        if self.pool is not None and self.pool.db_cards is not None:
            close += [n for n in self.pool.db_cards.closest(name) if n not in close]
            ratio = {n: difflib.SequenceMatcher(None, norm_name(name), norm_name(n)).ratio()
                     for n in close}
            close = sorted(close, key=lambda n: -ratio[n])[:3]
        return close

    def hint(self) -> str:
        """Where an unknown card may be: the end of the unknown-card error."""
        if self.pool is not None and self.pool.db_cards is not None:
            return self.pool.db_cards.hint()
        return OWN_CARDS

    def why_not(self, name: str) -> tuple[str, bool]:
        """(what is wrong with `name`, which matched no card; is it an unknown card)."""
        if norm_name(name) in self.tokens:
            return f"'{name}' is a token, not a card: a deck cannot hold it", False
        close = self.closest(name)
        hint = f" (closest: {', '.join(close)})" if close else ""
        return f"unknown card '{name}'{hint}", True


def match_card_name(name: str, card_names) -> tuple[str | None, list[str]]:
    """(the name among `card_names` that `name` means, matched as deck lists match their
    lines, or None; up to three of `card_names` close to it) for names given elsewhere
    than in a deck list (`playtest simulate --until-card`)."""
    names = _Names(card_names)
    return names.match(name), names.closest(name)


def _add(cards: list[tuple[str, int]], name: str, n: int) -> None:
    """Add n copies; a name listed twice is merged into its first line."""
    for i, (m, k) in enumerate(cards):
        if m == name:
            cards[i] = (m, k + n)
            return
    cards.append((name, n))


def _card_line(line: str, where: str, forge: bool
               ) -> tuple[str, int, tuple[str, str] | None]:
    """(name, count, (set code, collector number) if the line gives both)."""
    m = _COUNT_RE.match(line)
    if not m:
        raise PlaytestError(f"{where}: cannot read this line: '{line}' "
                            f"(expected a count and a card name, e.g. '4 Llanowar Elves')")
    count, name = int(m.group(1)), m.group(2)
    printing = None
    if forge:
        name, _, rest = name.partition("|")
        parts = rest.split("|")
        if len(parts) >= 2 and parts[0] and parts[1]:
            printing = (parts[0].strip().upper(), parts[1].strip())
    else:
        for pattern in (_SET_BRACKET_RE, _SET_PAREN_RE):
            m = pattern.search(name)
            if m:
                if m.group(1) and m.group(2):
                    printing = (m.group(1).strip().upper(), m.group(2).strip())
                name = name[:m.start()]
    name = name.strip()
    if count < 1 or not name:
        raise PlaytestError(f"{where}: cannot read this line: '{line}' "
                            f"(the count must be at least 1)")
    return name, count, printing


class _Reader:
    """Puts a list's lines into a Deck and keeps every wrong line, to name them all at once
    (`finish`): a list pasted from a tournament site was refused one card per run."""

    def __init__(self, source: str, names: _Names, deck: Deck):
        self.source, self.names, self.deck = source, names, deck
        self.errors: list[str] = []
        self.unknown = 0            # unknown cards among the errors
        self.size = 0               # main-deck cards so far, known or not

    def fail(self, where: str, why: str) -> None:
        self.errors.append(f"{where}: {why}")

    def card(self, line: str, where: str, section: str, forge: bool) -> None:
        """A card line of `section` (main, side)."""
        try:
            name, n, printing = _card_line(line, where, forge)
        except PlaytestError as e:
            self.errors.append(str(e))
            return
        main = section == "main"
        if main and self.size <= MAX_DECK_CARDS < self.size + n:
            self.fail(where, f"the main deck reaches {self.size + n:,} cards here, more than "
                             f"the {MAX_DECK_CARDS:,} a game can hold")
        self.size += n if main else 0
        try:
            # the sideboard is not played: its cards are not sought in the card database
            found = self.names.match(name, printing) if main else self.names.known(name)
        except PlaytestError as e:      # a card of the database this run cannot play
            self.fail(where, str(e))
            return
        if found is None and not main:     # not played, so not checked: kept as written
            self.deck.unknown_sideboard.append((where, name))
            found = name
        if found is None:
            why, unknown = self.names.why_not(name)
            self.unknown += unknown
            self.fail(where, why)
            return
        _add(self.deck.main if main else self.deck.sideboard, found, n)

    def finish(self) -> None:
        """Raise the wrong lines, if any (`deck_errors`)."""
        if self.errors:
            raise deck_errors(self.errors, self.unknown, self.source, self.names.hint())


def deck_errors(errors: list[str], unknown: int, where: str,
                hint: str = OWN_CARDS) -> PlaytestError:
    """The error of deck lists' wrong lines (`errors`, each naming its file and line),
    `unknown` of them unknown cards: one wrong line alone (with where cards of one's own go,
    if it is an unknown card), or PlaytestErrors, a line each and a last that sums up
    (`where`: the list, or how many lists). It keeps `errors` and `unknown`, so that the
    errors of several lists can be told as one (`load_decks`)."""
    if len(errors) == 1:
        e = PlaytestError(errors[0] + (f"; {hint}" if unknown else ""))
    elif unknown:
        cards = "card" if unknown == 1 else "cards"
        e = PlaytestErrors(errors + [f"{where}: {unknown} unknown {cards}: {hint}"])
    else:
        e = PlaytestErrors(errors + [f"{where}: {len(errors)} lines with errors"])
    e.errors, e.unknown, e.hint = list(errors), unknown, hint
    return e


def _is_comment(line: str) -> bool:
    return line.startswith("//") or line.startswith("#")


def _is_forge(text: str, source: str) -> bool:
    if str(source).lower().endswith(".dck"):
        return True
    for raw in text.splitlines():
        line = raw.strip()
        if not line or _is_comment(line):
            continue
        return bool(_SECTION_RE.match(line))
    return False


def _parse_text(lines, source, read: _Reader):
    deck = read.deck
    has_side_header = any(
        _TEXT_HEADERS.get(ln.strip().rstrip(":").strip().casefold()) == "side" for ln in lines)
    section = "main"
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"{source}:{no}"
        if not line:
            if section == "main" and deck.main and not has_side_header:
                section = "side"       # MTGO: a blank line after the main deck
            continue
        if _is_comment(line):
            continue
        head = _TEXT_HEADERS.get(line.rstrip(":").strip().casefold())
        if head is not None:
            section = head
            continue
        if section == "about":
            key, _, value = line.partition(" ")
            if key.casefold() == "name" and value.strip():
                deck.name = value.strip()
            else:
                read.fail(where, f"cannot read this line: '{line}' (the About section holds "
                                 f"'Name <deck name>')")
            continue
        read.card(line, where, section, forge=False)


def _parse_forge(lines, source, read: _Reader):
    deck = read.deck
    section = "main"
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"{source}:{no}"
        if not line or _is_comment(line):
            continue
        m = _SECTION_RE.match(line)
        if m:
            key = m.group(1).strip().casefold()
            section = _FORGE_SECTIONS.get(key, "unknown")
            if section == "unknown":        # (its lines are skipped)
                read.fail(where, f"unknown section '{line}' (expected [metadata], [Main], "
                                 f"[Sideboard] or [Commander])")
            continue
        if section == "meta":
            key, eq, value = line.partition("=")
            if not eq:
                read.fail(where, f"cannot read this line: '{line}' (metadata lines are "
                                 f"'Key=value')")
            elif key.strip().casefold() == "name" and value.strip():
                deck.name = value.strip()
            continue
        if section != "unknown":
            read.card(line, where, section, forge=True)


def basic_lands(card_names) -> frozenset[str]:
    """The basic lands (supertype Basic) of a ``Pool`` or name -> card mapping; for a plain
    list of names, the basic land names."""
    defs = getattr(card_names, "defs", card_names)
    if isinstance(defs, Mapping):
        return frozenset(n for n, d in defs.items() if "Basic" in d.get("supertypes", ()))
    return BASIC_LAND_NAMES


def parse_deck_text(text: str, source: str, card_names, tokens: Iterable[str] = (),
                    warn=None) -> Deck:
    """Parse a deck list (MTGO/Arena text, or Forge .dck when `source` ends in .dck or the
    first line is a [section]). `card_names`: the known card names (tokens excluded), or a
    ``Pool`` / name -> card mapping, whose token definitions are then refused by name;
    `tokens`: further token names to refuse. `source` names the file in error messages; the
    deck's name defaults to its stem. Every wrong line is named at once (PlaytestErrors for
    several; the module's docstring). The deck-building rules it breaks are in
    ``deck.warnings``, and `warn` (a callable, if given) is called with each."""
    source = str(source)
    deck = Deck(name=Path(source).stem, file=source)
    read = _Reader(source, _Names(card_names, tokens), deck)
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    if _is_forge(text, source):
        _parse_forge(lines, source, read)
    else:
        _parse_text(lines, source, read)
    read.finish()
    if not deck.main:
        raise PlaytestError(f"{source}: the main deck is empty")
    deck.warnings = validate_constructed(deck, basics=basic_lands(card_names))
    for w in deck.warnings if warn is not None else ():
        warn(w)
    return deck


class _AsWritten:
    """Names as the list writes them, none sought: what `deck_as_written` reads with."""
    pool = None

    def match(self, name: str, printing=None) -> str:
        return name

    known = match

    def hint(self) -> str:
        return OWN_CARDS


def deck_as_written(path) -> Deck:
    """A deck file's card lines as written (set codes and numbers dropped), no name looked
    up: for counting what real lists play (`playtest cards coverage --decks`). A line that
    is no card line is still an error."""
    source = str(path)
    text = read_text(path, "deck file").lstrip("\ufeff")
    deck = Deck(name=Path(source).stem, file=source)
    read = _Reader(source, _AsWritten(), deck)
    lines = text.splitlines()
    (_parse_forge if _is_forge(text, source) else _parse_text)(lines, source, read)
    read.finish()
    return deck


def load_deck(path, card_names, tokens: Iterable[str] = (), warn=None) -> Deck:
    """Read and parse a deck file (see `parse_deck_text`, also for `warn`)."""
    text = read_text(path, "deck file")
    return parse_deck_text(text, str(path), card_names, tokens, warn)


def load_decks(paths, card_names, tokens: Iterable[str] = (), warn=None) -> list[Deck]:
    """Read every deck file of `paths` (`load_deck`); the wrong lines of every one are named
    in one run, then one line summing up all of them (`deck_errors`): `--vs A --vs B` with
    unknown cards in both took two runs."""
    decks, errors, unknown, wrong, hint = [], [], 0, [], OWN_CARDS
    for path in paths:
        try:
            decks.append(load_deck(path, card_names, tokens, warn))
        except PlaytestError as e:
            wrong.append(e)
            errors += getattr(e, "errors", None) or [str(e)]
            unknown += getattr(e, "unknown", 0)
            hint = getattr(e, "hint", hint)
    if len(wrong) == 1:
        raise wrong[0]
    if wrong:
        raise deck_errors(errors, unknown, f"{len(wrong)} deck lists", hint)
    return decks


def deck_counts(deck: Deck, sideboard: bool = False) -> dict[str, int]:
    """Card name -> number of copies in the main deck (or the sideboard)."""
    out: dict[str, int] = {}
    for name, n in (deck.sideboard if sideboard else deck.main):
        out[name] = out.get(name, 0) + n
    return out


def validate_constructed(deck: Deck, min_size: int = MIN_CONSTRUCTED,
                         basics: Iterable[str] = BASIC_LAND_NAMES) -> list[str]:
    """Constructed deck-building warnings (not errors): fewer than `min_size` main-deck cards
    (100.2a; said when it is under 40 too, the limited minimum of 100.2b), more than 15
    sideboard cards (100.4a), more than four copies of a card other than a basic land among
    main deck and sideboard combined (100.2a, 100.4a; no card whose text allows any number
    of copies is in the pool yet)."""
    basics = set(basics)
    warnings = []
    size = deck.size
    cards = "card" if size == 1 else "cards"
    if size < MIN_LIMITED < min_size:
        warnings.append(f"{deck.file}: the main deck has {size} {cards}, fewer than the "
                        f"{MIN_LIMITED} even a limited deck needs ({min_size} for constructed)")
    elif size < min_size:
        warnings.append(f"{deck.file}: the main deck has {size} {cards}, fewer than the "
                        f"{min_size} a constructed deck needs")
    side = sum(n for _, n in deck.sideboard)
    if side > MAX_SIDEBOARD:
        warnings.append(f"{deck.file}: the sideboard has {side} cards, more than "
                        f"{MAX_SIDEBOARD}")
    total = deck_counts(deck)
    for name, n in deck_counts(deck, sideboard=True).items():
        total[name] = total.get(name, 0) + n
    for name, n in total.items():
        if n > MAX_COPIES and name not in basics:
            warnings.append(f"{deck.file}: {n} copies of '{name}', more than {MAX_COPIES} "
                            f"of a card that is not a basic land")
    return warnings
