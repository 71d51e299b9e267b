"""Castability on curve, after Frank Karsten ("How many sources do you need to consistently
cast your spells?", 2022; ../shared/STATISTICS.md): for each spell of a deck, in how many
games the player has, by the turn equal to its mana value, drawn that many lands and lands
that can pay its coloured pips. Only lands count (no mana creatures or other sources).

`Castability(ct, ids, rule).count(seed, game0, n)` runs games game0 .. game0 + n - 1 of a run
in the castability kernel (kernels/castability.py) on numba's threads and returns numpy
counts; experiments/castability.py turns them into estimates. What a spell is:
- a nonland card with a mana cost, cast with X = 0 on the turn equal to its mana value;
- spells of mana value 0 (only {X} in the cost, or {0}) ask nothing and are listed apart
  (`free`);
- its pips: coloured (and {C}) pips per mana type, and hybrid pips (two colours each).
Spells with the same turn and pips are one requirement (one count serves them).
"""
from dataclasses import dataclass

import numba
import numpy as np

from . import consts as K
from . import layout as L
from .cards.manastr import COLOR_LETTERS, MANA_LETTERS
from .jit.helper import entry_cached
from .kernels.castability import CASTABLE, DRAW, LANDS, N_MASKS, PLAY, castability_nb
from .lands import cost_pips
from .mulligan import facts
from .seeds import base_seed
from .threads import in_ranges

SIDES = (PLAY, DRAW)
SIDE_NAMES = {PLAY: "play", DRAW: "draw"}
MAX_MULLIGANS = 7


@dataclass(frozen=True)
class Spell:
    """A spell of a deck: `name`, card id `card`, `copies` in the deck, its mana `cost` as
    written, `turn` (its mana value, X = 0), `pips` (6 counts, WUBRGC) and `hybrid` (a
    type mask per hybrid pip)."""
    name: str
    card: int
    copies: int
    cost: str
    turn: int
    pips: tuple
    hybrid: tuple

    @property
    def requirement(self):
        """What casting it on curve asks: (turn, pips, hybrid pips)."""
        return (self.turn, self.pips, tuple(sorted(self.hybrid)))

    @property
    def colours(self):
        """The mana types its pips ask for (a type mask)."""
        m = 0
        for t in range(6):
            if self.pips[t]:
                m |= 1 << t
        for h in self.hybrid:
            m |= h
        return m


def cost_text(pips, hybrid, turn):
    """A mana cost in symbols, X = 0 left out: "{1}{B}{G}"."""
    generic = turn - sum(pips) - len(hybrid)
    out = "{%d}" % generic if generic else ""
    for h in hybrid:
        a, b = (t for t in range(5) if h >> t & 1)
        out += "{%s/%s}" % (COLOR_LETTERS[a], COLOR_LETTERS[b])
    for t in range(6):
        out += ("{%s}" % MANA_LETTERS[t]) * pips[t]
    return out


def deck_spells(pool, ids):
    """(spells, free): the deck's spells (Spell, in deck-list order, one per card name) and
    the names of those of mana value 0, which ask for nothing on any turn."""
    ct = pool.compile()
    seen, spells, free = {}, [], []
    for c in np.asarray(ids, np.int64):
        seen[int(c)] = seen.get(int(c), 0) + 1
    for c, copies in seen.items():
        if ct.card[c, L.C_TYPES] & K.T_LAND or ct.card[c, L.C_COST] == 0:
            continue            # lands, and cards without a mana cost
        pips, hybrid = cost_pips(ct, c)
        turn = int(ct.card[c, L.C_MV])
        if turn == 0:
            free.append(pool.card_name(c))
            continue
        spells.append(Spell(pool.card_name(c), c, copies, cost_text(pips, hybrid, turn), turn,
                            pips, hybrid))
    return spells, free


def hall_table(pips, hybrid):
    """[(U, need)]: for each set U of mana types (a mask) among the spell's, how many of its
    pips only a land making a type of U can pay (a pip of type t: t in U; a hybrid pip:
    both its colours in U). The pips can be paid, each by a land of its own, when for every
    U at least `need` lands make a type of U (Hall's theorem)."""
    items = [1 << t for t in range(6) for _ in range(pips[t])] + list(hybrid)
    types = 0
    for i in items:
        types |= i
    out = []
    for u in range(1, N_MASKS):
        if u & ~types:
            continue
        need = sum(1 for i in items if i & ~u == 0)
        if need:
            out.append((u, need))
    return out


def pays(hall, land_masks):
    """Can lands making the mana types `land_masks` (one type mask per land) pay the pips
    of Hall table `hall`? (The kernel's test, for Python: the exact count and tests.)"""
    return all(sum(1 for m in land_masks if m & u) >= need for u, need in hall)


class Castability:
    """The castability count of a deck (card ids `ids` of card table `ct`) under a mulligan
    rule (simcore.mulligan.MulliganRule, "never" or a window) for `spells`
    (deck_spells)."""

    def __init__(self, ct, ids, rule, spells):
        self.ct = ct
        self.deck = np.ascontiguousarray(ids, dtype=np.int64)
        self.rule = rule.for_deck(ct, self.deck)
        self.spells = list(spells)
        self.requirements = sorted({s.requirement for s in self.spells})
        self.index = {r: i for i, r in enumerate(self.requirements)}
        n = len(self.requirements)
        self.req_turn = np.array([r[0] for r in self.requirements], np.int64)
        self.req_u = np.zeros((n, N_MASKS), np.int64)
        self.req_need = np.zeros((n, N_MASKS), np.int64)
        self.req_nu = np.zeros(n, np.int64)
        for i, (_, pips, hybrid) in enumerate(self.requirements):
            hall = hall_table(pips, hybrid)
            self.req_nu[i] = len(hall)
            for k, (u, need) in enumerate(hall):
                self.req_u[i, k] = u
                self.req_need[i, k] = need

    def requirement_of(self, spell):
        return self.index[spell.requirement]

    def count(self, seed, game0, n):
        """Games game0 .. game0 + n - 1 of the run with this seed, on numba's threads:
        {"games": n, "lands": int64 [requirement, side], "castable": [requirement, side],
        "mulligans": [m] games kept after m mulligans}; side 0 on the play, 1 on the
        draw; "lands" counts games with T lands by turn T (the requirement's turn T)."""
        f = facts(self.ct)
        r = self.rule
        w = np.asarray(r.weights, np.int64)
        lanes = max(1, numba.get_num_threads())
        lib = np.zeros((lanes, max(1, self.deck.size)), np.int64)
        hand = np.zeros((lanes, 8), np.int64)
        meet = np.zeros((lanes, N_MASKS), np.int64)
        counts = np.zeros((lanes, len(self.requirements), 2, 2), np.int64)
        mulls = np.zeros((lanes, MAX_MULLIGANS + 1), np.int64)
        base = base_seed(seed)
        in_ranges(int(n), lambda lo, hi, lane: castability_nb(
            self.deck, f.is_land, f.makes, f.mv, w, r.lo, r.hi, int(r.never), self.req_turn,
            self.req_u, self.req_need, self.req_nu, base, int(game0), lo, hi, lib[lane],
            hand[lane], meet[lane], counts[lane], mulls[lane]), split=2)
        total = counts.sum(axis=0)
        return {"games": int(n), "lands": total[:, :, LANDS], "castable": total[:, :, CASTABLE],
                "mulligans": mulls.sum(axis=0)}


def is_compiled():
    """Is the castability kernel in the compile cache? (If not, the first count compiles
    it: a few seconds.)"""
    return entry_cached(castability_nb)

