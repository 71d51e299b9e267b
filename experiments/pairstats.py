"""Statistics of paired runs (docs/statistics.md says what each is and why).

Units are seeds: at each seed every version played the same games (the same shuffles of the
cards they share, the same opponent's draws) against each opponent, on the play and on the
draw. A version's per-seed score is the mean of those games' scores (a win 1, a loss 0, a
draw or a game no one lost 1/2); seeds are independent of each other, the games of one seed
are not.

- `paired(a, b)`: the difference of two versions' mean scores from the per-seed differences
  (paired t), with the variance unpaired runs of the same size would have had.
- `rate_interval(x, games_per_seed)`: one version's win rate with a Wilson interval at the
  effective number of games.
- `paired_moments`, `rate_moments`: the same from the seeds' means and variances, which
  long runs keep instead of every seed's score (experiments/seedsums.py).
- Elo of A over B, and Fishtest's generalised SPRT on the per-seed scores of A over B.
"""
import math

import numpy as np
from scipy import optimize, stats

from experiments.shares import wilson

Z95 = 1.959963984540054


def paired(a, b):
    """The difference of mean scores a - b from per-seed scores `a`, `b` (equal length):
    dict of n (seeds), mean_a, mean_b, diff, se, lo, hi (its 95% t interval), p_value (paired
    t-test: two-sided, H0 no difference), se_unpaired (the standard error of the same
    difference from independent seeds: sqrt((var a + var b) / n)), factor (se_unpaired^2 /
    se^2: how many times more seeds unpaired runs need for this precision) and saved (the
    share of the variance the pairing removed, 1 - 1/factor)."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    n = len(a)
    if n < 2:
        return paired_moments(n, a.mean() if n else math.nan, b.mean() if n else math.nan,
                              math.nan, math.nan, math.nan)
    return paired_moments(n, a.mean(), b.mean(), a.var(ddof=1), b.var(ddof=1),
                          (a - b).var(ddof=1))


def paired_moments(n, mean_a, mean_b, var_a, var_b, var_d):
    """paired's dict from n seeds' moments: the means of a and b and the sample variances
    (ddof 1) of a, b and a - b (experiments/seedsums.py keeps them for long runs)."""
    out = dict(n=n, mean_a=float(mean_a), mean_b=float(mean_b))
    diff = out["mean_a"] - out["mean_b"]
    if n < 2:
        return dict(out, diff=diff, se=math.nan, lo=math.nan, hi=math.nan, p_value=math.nan,
                    se_unpaired=math.nan, factor=math.nan, saved=math.nan,
                    half_width=math.nan, half_width_unpaired=math.nan)
    se = math.sqrt(max(var_d, 0.0) / n)
    se_u = math.sqrt(max(var_a + var_b, 0.0) / n)
    q = float(stats.t.ppf(0.975, n - 1))
    if se > 0:      # the paired t-test, two-sided
        p = float(2 * stats.t.sf(abs(diff) / se, n - 1))
    else:       # every seed the same difference: none (identical games) or a sure one
        p = 1.0 if diff == 0 else 0.0
    factor = se_u ** 2 / se ** 2 if se > 0 else (math.inf if se_u > 0 else math.nan)
    saved = 1 - 1 / factor if factor == factor else math.nan
    return dict(out, diff=diff, se=se, lo=diff - q * se, hi=diff + q * se, p_value=p,
                se_unpaired=se_u, factor=factor, saved=saved, half_width=q * se,
                half_width_unpaired=q * se_u)


def rate_interval(x, games_per_seed):
    """(mean, lo, hi): a version's win rate from its per-seed scores `x` (each the mean of
    `games_per_seed` games), with the Wilson interval at the effective number of games
    (Kish's design effect): games of one seed share shuffles, and draws count half, so the
    games are not independent Bernoulli trials. n_eff = p (1 - p) n / var(x), which is at
    least the number of seeds; where the scores do not vary, the seeds' number for a rate
    of 0 or 1 (Wilson's interval there) and no width otherwise. (Both variances are plug-in
    ones, so that seeds whose games all agree give n_eff = the seeds exactly.)"""
    x = np.asarray(x, float)
    if len(x) == 0:
        return math.nan, math.nan, math.nan
    return rate_moments(len(x), x.mean(), x.var())


def rate_moments(n, p, v):
    """rate_interval from n seeds' mean score p and plug-in variance v (ddof 0)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    p, v = float(p), float(v)
    if v > 0:
        n_eff = p * (1 - p) * n / v
    elif p in (0.0, 1.0):
        n_eff = n
    else:
        return p, p, p
    lo, hi = wilson(p * n_eff, n_eff)
    return p, lo, hi


# ---- Elo of A over B

def logistic(elo):
    """The expected score of a player `elo` points above the other (Elo's logistic curve)."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of_diff(diff):
    """Elo of A over B from the difference of their win rates against the field, diff = sA
    - sB: A's score over B is t = 1/2 + diff/2 (its duplicate score: 1 for a game A won and
    B lost at the same seed, opponent and start, 0 for the reverse, 1/2 when both did the
    same), and Elo = 400 log10(t / (1 - t))."""
    t = 0.5 + diff / 2
    if t <= 0:
        return -math.inf
    if t >= 1:
        return math.inf
    return 400 * math.log10(t / (1 - t))


def diff_of_elo(elo):
    """The win-rate difference sA - sB that an Elo of A over B means (elo_of_diff's
    inverse): 2 L(elo) - 1."""
    return 2 * logistic(elo) - 1


# ---- Fishtest's generalised SPRT (GSPRT) on the per-seed scores of A over B
# As fishtest (server/fishtest/stats/LLRcalc.py: LLR_logistic): the empirical distribution
# of the pair scores, unobserved cells given a count of 1e-3; under each hypothesis the
# maximum-likelihood distribution on the same cells with the hypothesis' mean (the secular
# equation); LLR = N sum p log(p1 / p0).

REGULARIZE = 1e-3


def sprt_bounds(alpha, beta):
    """(lower, upper) LLR bounds: accept H0 at or below log(beta / (1 - alpha)), H1 at or
    above log((1 - beta) / alpha) (Wald)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _mle_with_mean(values, p, s):
    """The distribution on `values` nearest to `p` in likelihood with mean s:
    p_i / (1 + x (v_i - s)), x the root of sum p_i (v_i - s) / (1 + x (v_i - s)) = 0."""
    a = values - s
    eps = 1e-9
    lo, hi = -1 / a.max() + eps, -1 / a.min() - eps
    x = optimize.brentq(lambda x: float(np.sum(p * a / (1 + x * a))), lo, hi)
    return p / (1 + x * a)


def sprt_llr(counts, elo0, elo1):
    """The GSPRT log-likelihood ratio of H1 (A's score over B is L(elo1)) against H0
    (L(elo0)) for `counts[k]` seeds with score k / K over B (K = len(counts) - 1)."""
    c = np.asarray(counts, float)
    c = np.where(c == 0, REGULARIZE, c)
    n = c.sum()
    p = c / n
    values = np.arange(len(c)) / (len(c) - 1)
    p0 = _mle_with_mean(values, p, logistic(elo0))
    p1 = _mle_with_mean(values, p, logistic(elo1))
    return float(n * np.sum(p * (np.log(p1) - np.log(p0))))


def sprt_scan(cells, counts, elo0, elo1, bounds):
    """Add the seeds' cells (score index k, in seed order) to `counts` one at a time, as an
    SPRT that looks after every seed: (seeds added, LLR, "H0" / "H1" / None) at the first
    crossing of a bound, or after the last seed. `counts` is updated in place."""
    lower, upper = bounds
    llr = sprt_llr(counts, elo0, elo1) if np.sum(counts) else 0.0
    for i, k in enumerate(cells):
        counts[k] += 1
        llr = sprt_llr(counts, elo0, elo1)
        if llr <= lower:
            return i + 1, llr, "H0"
        if llr >= upper:
            return i + 1, llr, "H1"
    return len(cells), llr, None
