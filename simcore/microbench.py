"""Kernel micro-benchmarks for `playtest bench` (experiments/bench.py): state-based actions
(kernels/sba.py) and could-produce (kernels/mana.py) run on the positions of a GameBatch's
games, many times over, through thin entries (`sba_passes_py`, `could_produce_games_py`)
that loop in machine code: one call from Python costs microseconds of dispatch, about what
a pass itself costs. The caller times the calls; a pass is normalised by the permanents on
the battlefield of the positions it ran on (`permanents`).

The positions are taken `GROUP` at a time, each group's passes in turn `repeats` times, so
that a position's state is in the caches as it is in a game's step (the kernels run there
between others on the same game). Passes in turn over all of 1,000 positions (16 MB) cost
2.5 times as much (50 against 20 ns per permanent, measured): that is memory, not the
kernel, and it would grow with the number of positions.

The positions are the batch's games as they stand at a decision (the engine has checked
state-based actions before it asked), so a pass finds nothing to do and leaves the game as
it was; a position in the middle of a resolution may have something, done by the first
pass (`sba_passes` says how many passes did something)."""
import numpy as np

from . import consts as K
from . import layout as L
from .kernels.mana import could_produce_games_py
from .kernels.sba import sba_passes_py

GROUP = 8       # positions whose passes take turns (16 KB each: in L2 together)


def live_games(batch):
    """The games of `batch` not over, as an int64 array."""
    return np.flatnonzero(batch.fw.fl[:, L.F_DKIND] != K.D_OVER).astype(np.int64)


def permanents(batch, games):
    """Permanents on the battlefield in each of `games`."""
    return np.count_nonzero(batch.st.obj[games, L.O_ZONE, :] == K.Z_BATTLEFIELD, axis=1)


def groups(games, group):
    games = np.asarray(games, dtype=np.int64)
    return [games[k:k + group] for k in range(0, games.size, group)]


def sba_passes(batch, games, repeats, group=GROUP):
    """One state-based-action pass (sba_pass_nb) on each of `games`, `repeats` times over,
    `group` games at a time; returns how many passes did something."""
    return sum(int(sba_passes_py(batch.st, batch.ct, g, int(repeats)))
               for g in groups(games, group))


def could_produce_passes(batch, games, repeats, group=GROUP):
    """What each permanent could produce (could_produce_nb) in each of `games`, `repeats`
    times over, `group` games at a time."""
    cp = np.zeros(batch.st.obj.shape[2], dtype=np.int64)
    for g in groups(games, group):
        could_produce_games_py(batch.st, batch.ct, g, int(repeats), cp)
