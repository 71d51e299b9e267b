"""Batches of whole games (issue 3, in progress): set-up so far.

`GameBatch` holds the State of N games that share two decks (or one deck and no opponent:
goldfish). Game g of a batch is game number `game0 + g` of the run; its random stream comes
from the run's seed and that number only, so results do not depend on batch size, chunking
or thread count.
"""
import numpy as np

from . import consts as K
from .errors import PlaytestError
from .kernels.setup import bottom_card_nb, mulligan_nb, start_games_nb
from .layout import O_CARD, O_OWNER, O_ZONE, PL_LIB_N, PL_MULLIGANS
from .state import alloc_state

START = {"play": 0, "draw": 1, "random": -1}
OPENING_HAND = 7


def base_seed(seed):
    """The run's 64-bit base seed (numpy SeedSequence, so any int seed spreads well)."""
    return np.random.SeedSequence(int(seed)).generate_state(1, np.uint64)[0]


def deck_ids(pool, deck):
    """Card ids of a Deck's main deck, in list order."""
    ids = []
    for name, n in deck.main:
        if name not in pool.card_id:
            raise PlaytestError(f"{deck.file}: unknown card {name!r}")
        ids.extend([pool.card_id[name]] * n)
    return np.asarray(ids, dtype=np.int64)


class GameBatch:
    """N games set up and ready to begin (opening hands drawn, mulligans not yet decided).

    deck0/deck1: arrays of card ids (deck1 None or empty: goldfish). start: "play" (player 0
    starts), "draw" (player 1 starts) or "random" (per game)."""

    def __init__(self, pool, deck0, deck1=None, n_games=1, seed=0, start="play", game0=0):
        if start not in START:
            raise PlaytestError(f"start must be one of {', '.join(START)}, got {start!r}")
        self.pool = pool
        self.ct = pool.compile()
        self.seed = int(seed)
        self.game0 = int(game0)
        d0 = np.asarray(deck0, dtype=np.int64)
        d1 = np.asarray(deck1 if deck1 is not None else [], dtype=np.int64)
        self.goldfish = d1.size == 0
        M = d0.size + d1.size + 32
        self.st = alloc_state(int(n_games), pool.n_kinds, M=M)
        first = np.full(int(n_games), START[start], dtype=np.int64)
        status = start_games_nb(self.st, self.ct, d0, d1, base_seed(seed), first, self.game0,
                                OPENING_HAND)
        if status != K.ST_OK:
            raise PlaytestError("the decks do not fit the state (internal capacity)")

    @property
    def n_games(self):
        return self.st.gm.shape[0]

    # ---- views for tests and agents
    def zone_cards(self, g, p, zone):
        """Card ids player p owns in `zone` in game g (library: top first)."""
        st = self.st
        if zone == K.Z_LIBRARY:
            n = st.pl[g, PL_LIB_N, p]
            return [int(st.obj[g, O_CARD, st.lib[g, p, k]]) for k in range(n - 1, -1, -1)]
        mask = (st.obj[g, O_ZONE] == zone) & (st.obj[g, O_OWNER] == p) & (st.obj[g, O_CARD] >= 0)
        return sorted(int(c) for c in st.obj[g, O_CARD][mask])

    def hand_slots(self, g, p):
        st = self.st
        return [int(i) for i in np.nonzero((st.obj[g, O_ZONE] == K.Z_HAND) &
                                           (st.obj[g, O_OWNER] == p) & (st.obj[g, O_CARD] >= 0))[0]]

    # ---- London mulligan (103.5)
    def mulligan(self, g, p):
        mulligan_nb(self.st, g, p, OPENING_HAND)

    def mulligans(self, g, p):
        return int(self.st.pl[g, PL_MULLIGANS, p])

    def bottom(self, g, slot):
        if bottom_card_nb(self.st, g, slot) != K.ST_OK:
            raise PlaytestError(f"slot {slot} is not a card in hand")
