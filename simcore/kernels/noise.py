"""A decision's random numbers: drawn from the run's seed, the game's number and its
decision count only, so that whoever reads them (GameBatch.view "random", the random
player) decides the same whatever the batch a game is played in."""
import numpy as np

from ..jit import kernel
from ..layout import F_DECISIONS
from .rng import game_seed_nb, splitmix64_nb


@kernel
def decision_seed_nb(base, game0, fl, g):
    """The state that game g's current decision's random numbers are drawn from: the run's
    seed, the game's number and its decision count only (GameBatch.view "random")."""
    return seed_at_nb(base, game0, g, fl[g, F_DECISIONS])


@kernel
def seed_at_nb(base, game0, g, decisions):
    """decision_seed_nb for game g at its decision count `decisions`."""
    return game_seed_nb(base ^ np.uint64(0x5DEECE66D), game0 + g) ^ \
        (np.uint64(decisions + 1) * np.uint64(0x9E3779B97F4A7C15))


@kernel
def uniform_nb(s):
    """The next uniform [0, 1) number of a splitmix64 stream, and the stream's state."""
    s, r = splitmix64_nb(s)
    return s, np.float64(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)
