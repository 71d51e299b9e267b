"""A run's seed: every game's random stream comes from it and the game's number only
(kernels/rng.py, game_seed_nb), so results do not depend on batches or threads."""
import numpy as np

from .errors import PlaytestError

# a run numbers its games 0, 1, ...: the kernels take a game's number as an int64 (game0 + g,
# mixed into its seed as a uint64: kernels/setup.py) and the rows' `game` column is int64, so
# a run has at most 2^63 - 1 games (at 10,000 games a second, 29 million years); the seed is
# an int64 column of the rows too
MAX_GAMES = 2**63 - 1
MAX_SEED = 2**63 - 1


def check_games(n, flag="--games"):
    """One line giving the limit if a run of `n` games could not number them."""
    if int(n) > MAX_GAMES:
        raise PlaytestError(f"{flag}: at most {MAX_GAMES:,} games (2^63 - 1: a game's "
                            f"number is a 64-bit integer of its seed and rows), got {int(n):,}")


def check_seed(seed, what="the seed"):
    """One line if `seed` is not a seed a run can have: 0 .. MAX_SEED."""
    if int(seed) < 0:
        raise PlaytestError(f"{what} must be a non-negative integer, got {seed}")
    if int(seed) > MAX_SEED:
        raise PlaytestError(f"{what}: at most {MAX_SEED:,} (2^63 - 1: the rows' seed column "
                            f"is a 64-bit integer), got {int(seed):,}")


def base_seed(seed):
    """The run's 64-bit base seed (numpy SeedSequence, so any int seed spreads well)."""
    check_seed(seed)
    return np.random.SeedSequence(int(seed)).generate_state(1, np.uint64)[0]
