"""Starting games (CR 103): decks into libraries, shuffling with each game's own random
stream, the starting player, opening hands, and the London mulligan (103.5)."""

from ..consts import ST_CAPACITY, ST_ILLEGAL, ST_OK, Z_HAND, Z_LIBRARY
from ..jit import entry, kernel
from ..layout import (
    G_ACTIVE,
    G_FIRST,
    G_SCRATCH,
    G_STEP,
    G_TURN,
    G_WINNER,
    O_CARD,
    O_OWNER,
    O_TOKEN,
    O_ZONE,
    PL_LIB_N,
    PL_MULLIGANS,
)
from .manamark import mark_mana_nb
from .rng import game_seed_nb, rand_below_nb, shuffle_library_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .zones import draw_nb, hand_slots_nb, lib_put_bottom_nb, set_zone_nb


@kernel
def load_deck_nb(st, g, p, deck):
    """Put player p's deck (card ids) into their library as new objects, in an order drawn
    from the game's stream: an object's slot number then says nothing about which card it
    is, so a view that hides a card's identity hides it (hidden zones, 400.2)."""
    M = st.obj.shape[2]
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, deck.shape[0])
    order = st.scr[b:b + deck.shape[0]]
    for k in range(deck.shape[0]):
        order[k] = k
    for k in range(deck.shape[0] - 1, 0, -1):
        j = rand_below_nb(st, g, k + 1)
        t = order[k]
        order[k] = order[j]
        order[j] = t
    n = 0
    for i in range(M):
        if n == deck.shape[0]:
            break
        if st.obj[g, O_CARD, i] >= 0:
            continue
        st.obj[g, O_CARD, i] = deck[order[n]]
        mark_mana_nb(st, g)
        st.obj[g, O_OWNER, i] = p
        st.obj[g, O_TOKEN, i] = 0
        set_zone_nb(st, g, i, Z_LIBRARY, p)
        st.lib[g, p, st.pl[g, PL_LIB_N, p]] = i
        st.pl[g, PL_LIB_N, p] += 1
        n += 1
    scratch_release_nb(st, g, mark)
    return ST_OK if n == deck.shape[0] else ST_CAPACITY


@entry
def start_games_nb(st, ct, deck0, deck1, base_seed, first, game0, opening, lo, hi, lane):
    """Set up games lo..hi-1 of the batch (GameBatch runs ranges on its threads; `lane`: the
    calling thread's scratch cells in st.scr): game g is game number game0 + g of the run.
    first[g]: the starting player (103.1), -1 for a random one. deck1 empty: a goldfish game
    with no opponent's library. Each player shuffles (103.3) and draws `opening` cards
    (103.5)."""
    status = ST_OK
    for g in range(lo, hi):
        st.gm[g, G_SCRATCH] = lane
        st.rng[g] = game_seed_nb(base_seed, game0 + g)
        f = first[g]
        if f < 0:                      # decided at random, from the game's own stream
            f = rand_below_nb(st, g, 2)
        st.gm[g, G_FIRST] = f
        # goldfish: player 0 takes every turn, on the play or on the draw (turn.py: 103.8a)
        st.gm[g, G_ACTIVE] = f if deck1.size > 0 else 0
        st.gm[g, G_TURN] = 1
        st.gm[g, G_STEP] = 3
        st.gm[g, G_WINNER] = -1
        if load_deck_nb(st, g, 0, deck0) != ST_OK or load_deck_nb(st, g, 1, deck1) != ST_OK:
            status = ST_CAPACITY
            continue
        for p in range(2):
            if st.pl[g, PL_LIB_N, p] > 0:    # goldfish: the absent opponent draws nothing
                shuffle_library_nb(st, g, p)
                draw_nb(st, g, p, opening)
    return status


@entry
def mulligan_py(st, g, p, opening):
    """mulligan_nb for Python (GameBatch.mulligan); kernels call the kernel."""
    return mulligan_nb(st, g, p, opening)


@entry
def bottom_card_py(st, g, slot):
    """bottom_card_nb for Python (GameBatch.bottom); kernels call the kernel."""
    return bottom_card_nb(st, g, slot)


@kernel
def mulligan_nb(st, g, p, opening):
    """London mulligan (103.5): shuffle the hand into the library and draw a new hand; the
    cards to put on the bottom are chosen afterwards (bottom_card_nb)."""
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, st.obj.shape[2])
    hand = st.scr[b:b + st.obj.shape[2]]
    for k in range(hand_slots_nb(st, g, p, hand)):
        i = hand[k]
        set_zone_nb(st, g, i, Z_LIBRARY, p)
        st.lib[g, p, st.pl[g, PL_LIB_N, p]] = i
        st.pl[g, PL_LIB_N, p] += 1
    scratch_release_nb(st, g, mark)
    shuffle_library_nb(st, g, p)
    draw_nb(st, g, p, opening)
    st.pl[g, PL_MULLIGANS, p] += 1
    return ST_OK


@kernel
def bottom_card_nb(st, g, slot):
    """Put a card from its owner's hand on the bottom of their library."""
    if st.obj[g, O_ZONE, slot] != Z_HAND:
        return ST_ILLEGAL
    lib_put_bottom_nb(st, g, slot)
    return ST_OK
