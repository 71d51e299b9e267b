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

Card names are matched exactly, then ignoring case and curly apostrophes. Anything wrong is
one :class:`~simcore.errors.PlaytestError` line naming the file and line:
``decks/elves.txt:7: unknown card 'Llanowar Elfs' (closest: Llanowar Elves)`` (a closest
name only when one is close: cardload.CLOSE_ENOUGH).

A deck that breaks the deck-building rules (fewer than 60 cards, more than four copies of a
card other than a basic land, more than 15 sideboard cards) still loads, since custom formats
exist: the loader puts one line per broken rule in ``Deck.warnings`` and hands each to the
caller's ``warn`` hook, if given (the CLI prints them as ``playtest: warning: ...``); it never
prints by itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .cardload import closest_names, norm_name
from .errors import PlaytestError
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

# Text-list section headers (lower case, without a trailing colon) -> section.
_TEXT_HEADERS = {"deck": "main", "main": "main", "maindeck": "main", "main deck": "main",
                 "sideboard": "side", "commander": "side", "companion": "side",
                 "about": "about"}
# Forge .dck sections -> section.
_FORGE_SECTIONS = {"metadata": "meta", "main": "main", "sideboard": "side",
                   "commander": "side"}

_COUNT_RE = re.compile(r"^(\d+)\s*[xX]?\s+(\S.*)$")
# Trailing set codes: "(M19) 280", "(M19)", "[M19]", "[M19:280]".
_SET_PAREN_RE = re.compile(r"\s+\([A-Za-z0-9_-]{2,8}\)(\s+[^\s()\[\]]+)?\s*$")
_SET_BRACKET_RE = re.compile(r"\s+\[[^\[\]]*\]\s*$")
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

    @property
    def size(self) -> int:
        return sum(n for _, n in self.main)


def known_names(defs) -> tuple[list[str], list[str]]:
    """(card names, token names) of a card pool: a ``Pool`` (``make_pool``), or its ``defs``
    mapping (name -> card dict, e.g. ``cardload.load_pool()``)."""
    defs = getattr(defs, "defs", defs)
    cards = [n for n, d in defs.items() if not d.get("token")]
    tokens = [n for n, d in defs.items() if d.get("token")]
    return cards, tokens


class _Names:
    """Card-name lookup: exact, then case- and apostrophe-insensitive; tokens refused."""

    def __init__(self, card_names, tokens: Iterable[str] = ()):
        if hasattr(card_names, "defs") or isinstance(card_names, Mapping):
            card_names, more = known_names(card_names)
            tokens = list(tokens) + more
        self.exact = set(card_names)
        self.by_norm = {norm_name(n): n for n in sorted(self.exact)}
        self.tokens = {norm_name(n): n for n in tokens if n not in self.exact}

    def match(self, name: str) -> str | None:
        """The known name `name` means (exactly, then ignoring case and apostrophes)."""
        if name in self.exact:
            return name
        return self.by_norm.get(norm_name(name))

    def closest(self, name: str) -> list[str]:
        """Up to three known names close to `name`, nearest first."""
        return closest_names(name, self.by_norm)

    def find(self, name: str, where: str) -> str:
        found = self.match(name)
        if found is not None:
            return found
        if norm_name(name) in self.tokens:
            raise PlaytestError(f"{where}: '{name}' is a token, not a card: a deck cannot "
                                f"hold it")
        close = self.closest(name)
        hint = f" (closest: {', '.join(close)})" if close else ""
        raise PlaytestError(f"{where}: unknown card '{name}'{hint}")


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


def _card_line(line: str, where: str, names: _Names, forge: bool) -> tuple[str, int]:
    m = _COUNT_RE.match(line)
    if not m:
        raise PlaytestError(f"{where}: cannot read this line: '{line}' "
                            f"(expected a count and a card name, e.g. '4 Llanowar Elves')")
    count, name = int(m.group(1)), m.group(2)
    if forge:
        name = name.split("|", 1)[0]
    else:
        name = _SET_BRACKET_RE.sub("", name)
        name = _SET_PAREN_RE.sub("", name)
    name = name.strip()
    if count < 1 or not name:
        raise PlaytestError(f"{where}: cannot read this line: '{line}' "
                            f"(the count must be at least 1)")
    return names.find(name, where), count


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


def _parse_text(lines, source, names, deck):
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
                continue
            raise PlaytestError(f"{where}: cannot read this line: '{line}' "
                                f"(the About section holds 'Name <deck name>')")
        name, n = _card_line(line, where, names, forge=False)
        _add(deck.main if section == "main" else deck.sideboard, name, n)


def _parse_forge(lines, source, names, deck):
    section = "main"
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"{source}:{no}"
        if not line or _is_comment(line):
            continue
        m = _SECTION_RE.match(line)
        if m:
            key = m.group(1).strip().casefold()
            if key not in _FORGE_SECTIONS:
                raise PlaytestError(f"{where}: unknown section '{line}' (expected [metadata], "
                                    f"[Main], [Sideboard] or [Commander])")
            section = _FORGE_SECTIONS[key]
            continue
        if section == "meta":
            key, eq, value = line.partition("=")
            if not eq:
                raise PlaytestError(f"{where}: cannot read this line: '{line}' "
                                    f"(metadata lines are 'Key=value')")
            if key.strip().casefold() == "name" and value.strip():
                deck.name = value.strip()
            continue
        name, n = _card_line(line, where, names, forge=True)
        _add(deck.main if section == "main" else deck.sideboard, name, n)


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
    deck's name defaults to its stem. The deck-building rules it breaks are in
    ``deck.warnings``, and `warn` (a callable, if given) is called with each."""
    source = str(source)
    names = _Names(card_names, tokens)
    deck = Deck(name=Path(source).stem, file=source)
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    if _is_forge(text, source):
        _parse_forge(lines, source, names, deck)
    else:
        _parse_text(lines, source, names, deck)
    if not deck.main:
        raise PlaytestError(f"{source}: the main deck is empty")
    deck.warnings = validate_constructed(deck, basics=basic_lands(card_names))
    for w in deck.warnings if warn is not None else ():
        warn(w)
    return deck


def load_deck(path, card_names, tokens: Iterable[str] = (), warn=None) -> Deck:
    """Read and parse a deck file (see `parse_deck_text`, also for `warn`)."""
    text = read_text(path, "deck file")
    return parse_deck_text(text, str(path), card_names, tokens, warn)


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
