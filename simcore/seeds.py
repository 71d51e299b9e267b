"""A run's seed: every game's random stream comes from it and the game's number only
(kernels/setup.py, game_seed_nb), so results do not depend on batches or threads."""
import numpy as np

from .errors import PlaytestError


def base_seed(seed):
    """The run's 64-bit base seed (numpy SeedSequence, so any int seed spreads well)."""
    if int(seed) < 0:
        raise PlaytestError(f"the seed must be a non-negative integer, got {seed}")
    return np.random.SeedSequence(int(seed)).generate_state(1, np.uint64)[0]
