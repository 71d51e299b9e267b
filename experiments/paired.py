"""Several series played on the same seeds, chunk by chunk, and the intervals of what pairs.

`Paired` is a series for the chunk runner (experiments/runner.py) whose chunk plays seeds
game0 .. game0 + n - 1 in every one of its series in turn (each seed on the play and on the
draw; a deck and its variants), so that an experiment's `consume` gets every game of a seed
at once and aggregates differences chunk by chunk (memory flat). Game i of each series has
the same random stream (the run's seed and i): the same shuffles, where the decks' lists
line up (simcore/kernels/setup.py loads a deck into slots in an order drawn from the
game's stream and the deck's size only).

Intervals (../shared/STATISTICS.md): shares of independent games, the Wilson score
interval; a share whose games come in groups that share an outcome or a shuffle (the two
games of a seed; a card's copies in one game), the Wilson interval at the effective number
of games (`wilson_eff`); a paired difference, the paired mean with its standard error
(`mean_ci`).
"""
import math

from experiments.shares import wilson

Z = 1.96


class Paired:
    """Series played on the same seeds: `play(seed, game0, n)` returns the list of each
    series' results for those games; `games_per_seed` is how many games a seed is."""

    def __init__(self, series):
        self.series = list(series)
        s = self.series[0]
        # what the runner's warm-up game reads
        self.pool, self.ids0, self.ids1, self.agents = s.pool, s.ids0, s.ids1, s.agents
        self.games_per_seed = len(self.series)

    def play(self, seed, game0, n):
        return [s.play(seed, game0, n) for s in self.series]

    def batch_bytes(self, n):
        return max(s.batch_bytes(n) for s in self.series)


def both_ways(series, **labels):
    """The two copies of a Series that differ in who starts: on the play, on the draw."""
    from dataclasses import replace
    return [replace(series, batch=dict(series.batch, start=start),
                    labels=dict(series.labels, on_the_play=start == "play", **labels))
            for start in ("play", "draw")]


def wilson_eff(p, n_eff):
    """The Wilson interval of a share p measured on n_eff effective games."""
    if not n_eff or math.isnan(p):
        return (float("nan"), float("nan"))
    return wilson(p * n_eff, n_eff)


def kish(k_sum, k2_sum):
    """Kish's effective number of games for a mean over games weighted by k (copies in each
    game): (sum k)^2 / sum k^2; the number of games when each holds one copy."""
    return k_sum * k_sum / k2_sum if k2_sum else 0.0


def mean_ci(total, squares, n):
    """(mean, lo, hi) of n values from their sum and sum of squares: the mean with a 95%
    normal interval from its standard error (the sample variance, n - 1)."""
    if n == 0:
        return (float("nan"),) * 3
    m = total / n
    if n == 1:
        return (m, float("nan"), float("nan"))
    var = max(squares - n * m * m, 0.0) / (n - 1)
    h = Z * math.sqrt(var / n)
    return (m, m - h, m + h)


def pair_share(wins, pair_squares, seeds):
    """(share, lo, hi) of the games won when each seed is played twice (on the play and on
    the draw): `wins` over both, `pair_squares` the sum over seeds of (the seed's wins)^2.
    The two games of a seed share their shuffles, so they are not two independent games:
    the Wilson interval at the effective number of games p(1 - p) / Var(mean), where the
    variance is the seeds' (at most 2 seeds' games; at p = 0 or 1, the seeds)."""
    n = 2 * seeds
    if n == 0:
        return (float("nan"),) * 3
    p = wins / n
    if seeds > 1 and 0 < p < 1:
        # per seed x = wins / 2; Var(mean of x) = s^2 / seeds
        m = wins / 2 / seeds
        s2 = max(pair_squares / 4 - seeds * m * m, 0.0) / (seeds - 1)
        n_eff = min(n, p * (1 - p) / (s2 / seeds)) if s2 > 0 else n
    else:
        n_eff = seeds
    lo, hi = wilson_eff(p, n_eff)
    return (p, lo, hi)
