"""Conditions on a game, for `playtest combo --when` (and `simulate --until-card`): a small
language, parsed here (never eval'd) and compiled into the arrays the game loop checks after
every action (kernels/condition.py).

    condition := term { ";" term }              all terms hold ("and" may stand for ";")
    term      := ZONE ":" item { "," item }     cards in a zone, each item its own cards
               | "mana" CMP N                   what the player's untapped sources make
               | "opponent life" CMP N          the opponent's life total ("life": one's own)
    item      := [N] NAME                       N (default 1) cards with that name, card
                                                type or subtype (plurals: Elves, Creatures)
    ZONE      := hand | battlefield | graveyard | exile | seen
    CMP       := <= | < | >= | > | =

`seen` is the cards the player drew or cast at any point (the opening hand counts). Several
conditions (`--or`) are alternatives: the combined condition holds when any one does. Every
term is about player 0, the deck, but for "opponent life".

Example: "battlefield: High Perfect Morcant, 3 Elf; mana >= 4": Morcant and three other
Elves on the deck's battlefield, and four mana available.
"""
import re
from dataclasses import dataclass, field

import numpy as np

from . import consts as K
from . import layout as L
from .decks import match_card_name
from .errors import PlaytestError

ZONES = {"hand": K.Z_HAND, "battlefield": K.Z_BATTLEFIELD, "graveyard": K.Z_GRAVEYARD,
         "exile": K.Z_EXILE, "seen": K.Z_SEEN}
ZONE_WORDS = {v: k for k, v in ZONES.items()}
_CMP = r"(<=|>=|==|<|>|=)"
_NUMBER_TERM = re.compile(r"^(mana|opponent'?s? life|life)\s*" + _CMP + r"\s*(-?\d+)$", re.I)
_ITEM = re.compile(r"^(?:(\d+)\s*x?\s+)?(.+)$", re.I)


@dataclass
class Item:
    count: int
    match: int          # MATCH_*
    value: int          # card id, type bit or subtype id
    name: str           # as the user meant it: a card name, a type, a subtype


@dataclass
class Term:
    kind: int           # TERM_*
    zone: int = 0
    op: int = 0
    value: int = 0
    items: list = field(default_factory=list)

    def text(self):
        if self.kind == K.TERM_ZONE:
            return f"{ZONE_WORDS[self.zone]}: " + ", ".join(
                (f"{i.count} " if i.count != 1 else "") + i.name for i in self.items)
        what = {K.TERM_MANA: "mana", K.TERM_OPP_LIFE: "opponent life",
                K.TERM_LIFE: "life"}[self.kind]
        sym = {v: k for k, v in K.CMP_SYMBOLS.items() if k != "=="}[self.op]
        return f"{what} {sym} {self.value}"


@dataclass
class Condition:
    """Clauses (lists of terms) joined by or; `text` as given, `arrays()` for the Flow."""
    clauses: list
    text: str

    def arrays(self):
        terms, items, clauses = [], [], []
        for clause in self.clauses:
            clauses.append([len(terms), len(clause)])
            for t in clause:
                terms.append([t.kind, t.zone, t.op, t.value, len(items), len(t.items)])
                items += [[i.match, i.value, i.count] for i in t.items]
        shape = lambda rows, n: np.asarray(rows, np.int32).reshape(-1, n)   # noqa: E731
        return (shape(terms, L.N_CTERM), shape(items, L.N_CITEM), shape(clauses, 2))

    def cards(self):
        """Card names the condition names (the pieces an agent is told of)."""
        return sorted({i.name for c in self.clauses for t in c for i in t.items
                       if i.match == K.MATCH_CARD})

    def seen_only_cards(self):
        """{card: copies needed} per clause, if every term of every clause is `seen:` of
        named cards (a closed form exists), else None."""
        out = []
        for clause in self.clauses:
            need = {}
            for t in clause:
                if t.kind != K.TERM_ZONE or t.zone != K.Z_SEEN or \
                        any(i.match != K.MATCH_CARD for i in t.items):
                    return None
                mine = {}
                for i in t.items:       # one term's items are distinct cards: they add up
                    mine[i.name] = mine.get(i.name, 0) + i.count
                for n, k in mine.items():   # terms of one clause all hold: the most
                    need[n] = max(need.get(n, 0), k)
            out.append(need)
        return out


def _fail(flag, text, pos, what):
    raise PlaytestError(f"{flag} {text!r}: at position {pos + 1}: {what}")


def _singular(word):
    w = word.strip()
    if w.lower().endswith("ves"):
        return [w, w[:-3] + "f"]          # Elves -> Elf
    if w.lower().endswith("s"):
        return [w, w[:-1]]
    return [w]


def _resolve(pool, name, flag, text, pos):
    """(MATCH_*, value, name as written in the pool) for an item's name."""
    found, close = match_card_name(name, list(pool.card_id))
    if found is not None:
        return K.MATCH_CARD, pool.card_id[found], found
    types = {t.lower(): (t, b) for t, b in K.TYPE_BITS.items()}
    subs = {s.lower(): s for s in pool.subtypes}
    for w in _singular(name):
        if w.lower() in types:
            t, bit = types[w.lower()]
            return K.MATCH_TYPE, bit, t
        if w.lower() in subs:
            s = subs[w.lower()]
            return K.MATCH_SUBTYPE, pool.sub_id[s], s
    hint = f" (closest cards: {', '.join(close)})" if close else ""
    _fail(flag, text, pos, f"unknown card, card type or subtype {name!r}{hint}")


def _term(pool, part, flag, text, pos):
    m = _NUMBER_TERM.match(part)
    if m:
        what = m.group(1).lower()
        kind = K.TERM_MANA if what == "mana" else \
            K.TERM_LIFE if what == "life" else K.TERM_OPP_LIFE
        return Term(kind, op=K.CMP_SYMBOLS[m.group(2)], value=int(m.group(3)))
    zone, colon, rest = part.partition(":")
    if not colon:
        _fail(flag, text, pos, f"expected 'ZONE: cards', 'mana >= N' or 'opponent life <= "
                               f"N', got {part!r}")
    z = zone.strip().lower()
    if z not in ZONES:
        _fail(flag, text, pos, f"unknown zone {zone.strip()!r} (zones: {', '.join(ZONES)})")
    items = []
    at = pos + len(zone) + 1
    for raw in rest.split(","):
        item = raw.strip()
        here = at + len(raw) - len(raw.lstrip())
        at += len(raw) + 1
        if not item:
            _fail(flag, text, here, f"a card, card type or subtype is missing after "
                                    f"'{zone.strip()}:'")
        m = _ITEM.match(item)
        count = int(m.group(1)) if m.group(1) else 1
        if count < 1:
            _fail(flag, text, here, f"a count must be at least 1, got {count}")
        match, value, name = _resolve(pool, m.group(2).strip(), flag, text, here)
        items.append(Item(count, match, value, name))
    return Term(K.TERM_ZONE, zone=ZONES[z], items=items)


def parse(text, pool, flag="--when"):
    """One clause (terms joined by ';' or 'and') from `text`; one line naming the flag, the
    position and the problem for anything it cannot read."""
    if not str(text).strip():
        raise PlaytestError(f"{flag}: the condition is empty")
    terms, pos = [], 0
    for part in re.split(r"(;|\s+and\s+)", str(text), flags=re.I):
        if part == ";" or part.strip().lower() == "and":
            pos += len(part)
            continue
        stripped = part.strip()
        lead = len(part) - len(part.lstrip())
        if stripped:
            terms.append(_term(pool, stripped, flag, str(text), pos + lead))
        elif terms or part:
            _fail(flag, str(text), pos, "an empty term (two ';' in a row, or one at an end)")
        pos += len(part)
    return terms


def compile_condition(whens, pool):
    """A Condition from the texts of --when and each --or (alternatives)."""
    whens = [w for w in ([whens] if isinstance(whens, str) else list(whens))]
    flags = ["--when"] + ["--or"] * (len(whens) - 1)
    clauses = [parse(w, pool, f) for w, f in zip(whens, flags)]
    return Condition(clauses, " or ".join(f"({w})" if len(whens) > 1 else w for w in whens))


def card_on_battlefield(name, pool):
    """The condition of `simulate --until-card NAME`."""
    return compile_condition(f"battlefield: {name}", pool)
