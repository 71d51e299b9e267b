"""A paired run's per-seed scores folded into sums round by round, so that its memory stays
the same however many seeds it plays (experiments/pairing.py keeps one per run).

A seed's points for a version and a group of its games (group 0: all of them, every
opponent and both starts; group 1 + o: opponent o's two) are the half-points of those
games: a win 2, a draw or a game no one lost 1, a loss 0. Its score is the points over
`scale`, twice the group's games. The statistics of experiments/pairstats.py need only the
number of seeds, each version's sum of points and the sums of products of two versions'
points; kept as integers, the means and variances are exact however many seeds (no
cancellation). The last round's per-seed points are kept as well: an SPRT looks at the seeds
one at a time and may stop inside a round (`Sums` of a prefix of the seeds, `points`).
"""
import numpy as np

from experiments import pairstats as ps


class Sums:
    """The first `n` seeds' sums of one group: `s1[v]` the points of version v, `s2[v, w]`
    the sum over seeds of v's points times w's; a seed's score is its points / `scale`."""

    def __init__(self, n, s1, s2, scale):
        self.n, self.s1, self.s2, self.scale = int(n), s1, s2, int(scale)

    @property
    def games_per_seed(self):
        return self.scale // 2

    def mean(self, v):
        return int(self.s1[v]) / (self.n * self.scale) if self.n else float("nan")

    def _var(self, sq, total, ddof):
        """A sample variance of scores from the sum of squared points and of points, in
        integers until the one division."""
        n = self.n
        if n - ddof <= 0:
            return float("nan")
        return (n * int(sq) - int(total) ** 2) / (n * (n - ddof) * self.scale ** 2)

    def var(self, v, ddof=1):
        return self._var(self.s2[v, v], self.s1[v], ddof)

    def var_diff(self, a, b, ddof=1):
        """The sample variance of the per-seed differences a - b."""
        sq = int(self.s2[a, a]) + int(self.s2[b, b]) - 2 * int(self.s2[a, b])
        return self._var(sq, int(self.s1[a]) - int(self.s1[b]), ddof)

    def var_of(self, w, ddof=1):
        """The sample variance of the per-seed sums of w[v] times version v's score."""
        w = np.asarray(w, dtype=np.int64)
        return self._var(int(w @ self.s2 @ w), int(w @ self.s1), ddof)

    def paired(self, a, b):
        """pairstats.paired of versions a and b's per-seed scores."""
        return ps.paired_moments(self.n, self.mean(a), self.mean(b), self.var(a),
                                 self.var(b), self.var_diff(a, b))

    def rate(self, v):
        """pairstats.rate_interval of version v's per-seed scores."""
        return ps.rate_moments(self.n, self.mean(v), self.var(v, ddof=0))


class SeedSums:
    """Sums over the seeds of `versions` versions' points in 1 + `opponents` groups, and per
    version its wins' kill turns and the per-game columns `extra` (known 0/1 values, NaN
    unknown), folded a round of seeds at a time (`fold`)."""

    def __init__(self, versions, opponents, extra=()):
        groups = 1 + opponents
        self.versions, self.opponents = versions, opponents
        self.scales = np.array([4 * opponents] + [4] * opponents, dtype=np.int64)
        self.n = 0
        self.s1 = np.zeros((groups, versions), dtype=np.int64)
        self.s2 = np.zeros((groups, versions, versions), dtype=np.int64)
        self.wins = np.zeros(versions, dtype=np.int64)
        self.win_turns = np.zeros(versions, dtype=np.int64)
        self.extra = {c: np.zeros((2, versions), dtype=np.int64) for c in extra}
        # the last round: its first seed, its points [groups, versions, seeds], and the sums
        # before it
        self.last0 = 0
        self.last = np.zeros((groups, versions, 0), dtype=np.int64)
        self.before = (self.s1.copy(), self.s2.copy())

    def fold(self, seed0, points, win_turn, extra):
        """Add the seeds seed0 .. seed0 + c - 1: `points[v, o, s, i]` each game's half-points
        (version v, opponent o, start s, seed seed0 + i), `win_turn` the same shape (the
        kill turn of a win, NaN otherwise), `extra[col]` the same shape."""
        if seed0 != self.n:
            raise ValueError(f"seeds folded out of order: {seed0}, expected {self.n}")
        pts = np.asarray(points, dtype=np.int64)
        by_opponent = pts.sum(axis=2)                           # [v, o, i]
        groups = np.concatenate([by_opponent.sum(axis=1)[None], by_opponent.transpose(1, 0, 2)])
        self.before = (self.s1.copy(), self.s2.copy())
        self.s1 += groups.sum(axis=2)
        self.s2 += np.einsum("gvi,gwi->gvw", groups, groups)
        self.last0, self.last = seed0, groups
        self.n += pts.shape[-1]
        won = np.isfinite(win_turn)
        self.wins += won.sum(axis=(1, 2, 3))
        self.win_turns += np.where(won, win_turn, 0).sum(axis=(1, 2, 3)).astype(np.int64)
        for c, (k, m) in self.extra.items():
            x = np.asarray(extra[c], dtype=float)
            known = np.isfinite(x)
            k += np.where(known, x, 0).sum(axis=(1, 2, 3)).astype(np.int64)
            m += known.sum(axis=(1, 2, 3))

    def sums(self, n=None, opponent=None):
        """The Sums of the first n seeds (all of them, or a prefix ending in the last round)
        of every opponent's games, or of one opponent's."""
        g = 0 if opponent is None else 1 + opponent
        n = self.n if n is None else n
        if n == self.n:
            return Sums(n, self.s1[g], self.s2[g], self.scales[g])
        if not self.last0 <= n <= self.n:
            raise ValueError(f"the sums of {n} seeds: only a prefix ending in the last round "
                             f"(seeds {self.last0}-{self.n}) is kept")
        part = self.last[g, :, :n - self.last0]
        s1, s2 = self.before
        return Sums(n, s1[g] + part.sum(axis=1), s2[g] + part @ part.T, self.scales[g])

    def points(self, lo, hi):
        """[versions, hi - lo]: the per-seed points of all games (group 0) for seeds lo ..
        hi - 1, which must lie in the last round; a seed's score is points / scales[0]."""
        if not self.last0 <= lo <= hi <= self.n:
            raise ValueError(f"points of seeds {lo}-{hi}: only the last round's "
                             f"({self.last0}-{self.n}) are kept")
        return self.last[0, :, lo - self.last0:hi - self.last0]


def pair_row(sums, a, b):
    """The statistics of one comparison, version a against b, from a run's `Sums`: a dict
    of columns (compare's and balance's tables)."""
    st = sums.paired(a, b)
    ra, rb = sums.rate(a), sums.rate(b)
    return dict(
        seeds=st["n"], games=st["n"] * sums.games_per_seed,
        win_rate_a=ra[0], win_rate_a_lo=ra[1], win_rate_a_hi=ra[2],
        win_rate_b=rb[0], win_rate_b_lo=rb[1], win_rate_b_hi=rb[2],
        diff=st["diff"], diff_lo=st["lo"], diff_hi=st["hi"], p_value=st["p_value"],
        elo=ps.elo_of_diff(st["diff"]), elo_lo=ps.elo_of_diff(st["lo"]),
        elo_hi=ps.elo_of_diff(st["hi"]),
        half_width=st["half_width"], half_width_unpaired=st["half_width_unpaired"],
        variance_factor=st["factor"], variance_saved=st["saved"])
