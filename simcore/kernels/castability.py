"""Castability on curve (Frank Karsten's definition, ../shared/STATISTICS.md) counted over
many games without playing them: shuffle, draw seven, take mulligans by the land-window
rule (players/mulligan_rule.py) with London bottoming, then draw a card a turn (on the draw
on turn 1 too) and look, for each spell, at what was drawn by its turn.

A spell of mana value T (X = 0) is castable on curve when by turn T the player has drawn at
least T lands and those lands can pay its coloured pips, each pip with a land of its own
that makes that colour (a hybrid pip either colour). Which lands can pay is a bipartite
matching of pips to lands; by Hall's theorem it exists when for every set U of mana types
the pips that need a type in U are no more than the lands making a type of U. The spell's
table of (U, pips needing U) is built in Python (simcore/castability.py); here `meet[U]`
counts the lands drawn that make a type of U, kept up to date as lands come.

Shuffling: the library is shuffled lazily, Fisher-Yates from the top as far as cards are
drawn (the top cards of a full shuffle, drawn the same way), from each game's own random
stream (kernels/rng.py game_seed_nb), so a game's counts depend on the seed and its
number only: not on the batch, the ranges or the threads.
"""
import numpy as np

from ..jit import entry, kernel
from ..players.mulligan_rule import OPENING, bottom_to_nb, deck_types_nb, keep_nb
from .rng import game_seed_nb, splitmix64_nb

N_MASKS = 64            # sets of the six mana types
PLAY, DRAW = 0, 1       # counts[r, side, ...]
LANDS, CASTABLE = 0, 1  # counts[r, side, LANDS]: games with T lands by turn T; CASTABLE


@kernel
def draw_at_nb(lib, i, s):
    """One Fisher-Yates step: a uniform card of lib[0:i + 1] comes to lib[i], the top of
    what is left. Returns the stream's next state."""
    s, r = splitmix64_nb(s)
    j = np.int64(r % np.uint64(i + 1))
    t = lib[i]
    lib[i] = lib[j]
    lib[j] = t
    return s


@kernel
def add_card_nb(c, is_land, makes, deck, meet):
    """Count card c as drawn: 1 if it is a land (meet[U] += 1 for every set U of types
    meeting what it makes), else 0."""
    if not is_land[c]:
        return 0
    m = makes[c] & deck
    for u in range(1, N_MASKS):
        if u & m:
            meet[u] += 1
    return 1


@kernel
def count_nb(r, side, lands, meet, req_turn, req_u, req_need, req_nu, counts):
    """Requirement r by its turn: T lands drawn, and then can they pay its pips?"""
    if lands < req_turn[r]:
        return
    counts[r, side, LANDS] += 1
    for k in range(req_nu[r]):
        if meet[req_u[r, k]] < req_need[r, k]:
            return
    counts[r, side, CASTABLE] += 1


@entry
def castability_nb(deck, is_land, makes, mv, weights, lo, hi, never, req_turn, req_u,
                   req_need, req_nu, base, game0, g_lo, g_hi, lib, hand, meet, counts,
                   mulligans):
    """Games g_lo .. g_hi - 1 (numbers game0 + g of the run, base: the run's base seed):
    add to counts[r, side, LANDS | CASTABLE] (side PLAY, DRAW) for each requirement r
    (turn req_turn[r]; Hall table req_u / req_need, req_nu entries) and to mulligans[m]
    (games kept after m mulligans). lib (deck size), hand (7) and meet (N_MASKS): the
    calling thread's int64 cells. Mulligan rule: lo, hi, never, weights (mulligan_rule)."""
    n = deck.shape[0]
    types = deck_types_nb(weights)
    last = 0
    for r in range(req_turn.shape[0]):
        last = max(last, req_turn[r])
    size = min(OPENING, n)
    for g in range(g_lo, g_hi):
        s = game_seed_nb(base, game0 + g)
        for k in range(n):
            lib[k] = deck[k]
        m = 0
        while True:        # London mulligan: the hand goes back, seven again (103.5)
            lands = 0
            for k in range(size):
                s = draw_at_nb(lib, n - 1 - k, s)
                hand[k] = lib[n - 1 - k]
                lands += 1 if is_land[hand[k]] else 0
            if m >= OPENING or keep_nb(lands, size, m, lo, hi, never):
                break
            m += 1
        mulligans[m] += 1
        kept = bottom_to_nb(hand, size, max(size - m, 0), is_land, makes, mv, weights)
        for u in range(N_MASKS):
            meet[u] = 0
        lands = 0
        for k in range(kept):
            lands += add_card_nb(hand[k], is_land, makes, types, meet)
        top = n - 1 - size          # the next card drawn; then the bottomed ones
        below = size - 1            # (bottom_to_nb left them in hand[kept:size])
        for d in range(last + 1):   # d cards drawn after the opening hand
            if d > 0:
                c = -1
                if top >= 0:
                    s = draw_at_nb(lib, top, s)
                    c = lib[top]
                    top -= 1
                elif below >= kept:
                    c = hand[below]
                    below -= 1
                if c >= 0:
                    lands += add_card_nb(c, is_land, makes, types, meet)
            for r in range(req_turn.shape[0]):
                # turn T: on the play T - 1 draws (none on turn 1, 103.8a), on the draw T
                if d == req_turn[r] - 1:
                    count_nb(r, PLAY, lands, meet, req_turn, req_u, req_need, req_nu, counts)
                if d == req_turn[r]:
                    count_nb(r, DRAW, lands, meet, req_turn, req_u, req_need, req_nu, counts)
