"""Per-game random numbers: a splitmix64 stream in st.rng[g] (identical for any batch split)."""
import numpy as np

from ..jit import kernel
from ..layout import PL_LIB_N


@kernel
def splitmix64_nb(state):
    z = state + np.uint64(0x9E3779B97F4A7C15)
    r = z
    r = (r ^ (r >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    r = (r ^ (r >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z, r ^ (r >> np.uint64(31))


@kernel
def rand_below_nb(st, g, n):
    """A uniform integer in [0, n) from game g's stream."""
    s, r = splitmix64_nb(st.rng[g])
    st.rng[g] = s
    return np.int64(r % np.uint64(n))


@kernel
def shuffle_library_nb(st, g, p):
    """Fisher-Yates shuffle of player p's library (103.3)."""
    n = st.pl[g, PL_LIB_N, p]
    for i in range(n - 1, 0, -1):
        j = rand_below_nb(st, g, i + 1)
        t = st.lib[g, p, i]
        st.lib[g, p, i] = st.lib[g, p, j]
        st.lib[g, p, j] = t


@kernel
def game_seed_nb(base, game):
    """Game `game`'s random state from the run's base seed: depends on nothing else, so a
    game plays the same whatever the batch size, chunking or thread count."""
    s, r = splitmix64_nb(base ^ (np.uint64(game) * np.uint64(0xD1B54A32D192ED03)))
    s, r = splitmix64_nb(r)
    return r
