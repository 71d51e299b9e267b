"""experiments/pairstats.py against exact values and independent computations: the paired
t statistics (scipy's paired t-test, the variance identity of common random numbers), the
Wilson interval at the effective number of games, Elo of A over B, and the generalised
SPRT's maximum-likelihood distributions and LLR (a direct constrained maximisation)."""
import math

import numpy as np
import pytest
from scipy import optimize, stats

from experiments import pairstats as ps
from experiments.shares import wilson


def test_paired_matches_scipys_paired_t_test_and_the_variance_identity():
    rng = np.random.default_rng(1)
    common = rng.normal(size=400)
    a = common + rng.normal(scale=0.5, size=400) + 0.1
    b = common + rng.normal(scale=0.5, size=400)
    r = ps.paired(a, b)
    t = stats.ttest_rel(a, b)
    assert r["p_value"] == pytest.approx(t.pvalue, rel=1e-12)
    assert r["diff"] == pytest.approx(np.mean(a - b), rel=1e-12)
    assert r["se"] == pytest.approx(np.std(a - b, ddof=1) / 20, rel=1e-12)
    lo, hi = stats.t.interval(0.95, 399, loc=r["diff"], scale=r["se"])
    assert (r["lo"], r["hi"]) == pytest.approx((lo, hi), rel=1e-12)
    # Var(A - B) = Var(A) + Var(B) - 2 Cov(A, B): the factor is the unpaired over the paired
    va, vb, cov = np.var(a, ddof=1), np.var(b, ddof=1), np.cov(a, b)[0, 1]
    assert r["factor"] == pytest.approx((va + vb) / (va + vb - 2 * cov), rel=1e-12)
    assert r["saved"] == pytest.approx(2 * cov / (va + vb), rel=1e-12)
    assert r["half_width"] < r["half_width_unpaired"]


def test_paired_without_variance():
    same = ps.paired([1, 0.5, 0], [1, 0.5, 0])
    assert same["diff"] == 0 and same["lo"] == same["hi"] == 0 and same["p_value"] == 1.0
    assert same["factor"] == math.inf and same["saved"] == 1.0
    nothing = ps.paired([1, 1, 1], [1, 1, 1])
    assert math.isnan(nothing["factor"]) and nothing["p_value"] == 1.0
    assert math.isnan(ps.paired([1], [0])["se"])


def test_rate_interval_counts_seeds_whose_games_agree_once():
    """Seeds whose games all agree are one trial each: Wilson's interval over the seeds."""
    x = np.array([1.0] * 30 + [0.0] * 10)
    assert ps.rate_interval(x, 4) == pytest.approx((0.75, *wilson(30, 40)), rel=1e-12)
    assert ps.rate_interval(np.ones(10), 2)[1:] == pytest.approx(wilson(10, 10), rel=1e-12)
    assert ps.rate_interval(np.full(5, 0.5), 2) == (0.5, 0.5, 0.5)


def test_rate_interval_of_independent_games_is_wilsons_over_the_games():
    """Seeds of k independent games: n_eff = p (1 - p) N / var(x) estimates k N; with 20,000
    seeds the sample variance is within 3% (3 standard errors: sqrt(2 / N) = 1%)."""
    rng = np.random.default_rng(2)
    k, n, p = 4, 20_000, 0.3
    x = rng.binomial(k, p, size=n) / k
    mean, lo, hi = ps.rate_interval(x, k)
    w = wilson(round(mean * k * n), k * n)
    assert (hi - lo) == pytest.approx(w[1] - w[0], rel=0.03)


def test_elo_of_a_over_b():
    assert ps.logistic(400) == pytest.approx(10 / 11, rel=1e-15)
    assert ps.elo_of_diff(0) == 0 and ps.diff_of_elo(0) == 0
    for e in (-300, -10, 5, 50, 400):
        assert ps.elo_of_diff(ps.diff_of_elo(e)) == pytest.approx(e, rel=1e-12)
    # a duplicate score of 10/11 over B is 400 Elo: sA - sB = 2 * 10/11 - 1
    assert ps.elo_of_diff(2 * 10 / 11 - 1) == pytest.approx(400, rel=1e-12)
    assert ps.elo_of_diff(1) == math.inf and ps.elo_of_diff(-1) == -math.inf


def test_sprt_bounds_are_walds():
    assert ps.sprt_bounds(0.05, 0.05) == pytest.approx((math.log(0.05 / 0.95),
                                                        math.log(0.95 / 0.05)), rel=1e-15)


def _constrained_loglik(counts, s):
    """max sum c_i log q_i over distributions q on the cells with mean s, by a general
    optimiser (independent of the secular equation)."""
    c = np.where(np.asarray(counts, float) == 0, ps.REGULARIZE, counts)
    v = np.arange(len(c)) / (len(c) - 1)
    cons = [{"type": "eq", "fun": lambda q: q.sum() - 1},
            {"type": "eq", "fun": lambda q: q @ v - s}]
    res = optimize.minimize(lambda q: -np.sum(c * np.log(q)), c / c.sum(), method="SLSQP",
                            bounds=[(1e-12, 1)] * len(c), constraints=cons,
                            options=dict(ftol=1e-14, maxiter=500))
    assert res.success
    return -res.fun


@pytest.mark.parametrize("counts", [[3, 20, 50, 22, 5], [0, 7, 40, 31, 2, 0, 1, 0, 0],
                                    [1, 0, 0, 0, 9]])
def test_sprt_llr_is_the_generalised_likelihood_ratio(counts):
    elo0, elo1 = 0, 20
    llr = ps.sprt_llr(counts, elo0, elo1)
    direct = (_constrained_loglik(counts, ps.logistic(elo1)) -
              _constrained_loglik(counts, ps.logistic(elo0)))
    assert llr == pytest.approx(direct, rel=1e-5, abs=1e-6)
    c = np.where(np.asarray(counts, float) == 0, ps.REGULARIZE, counts)
    v = np.arange(len(c)) / (len(c) - 1)
    for s in (ps.logistic(elo0), ps.logistic(elo1)):
        q = ps._mle_with_mean(v, c / c.sum(), s)
        assert q.sum() == pytest.approx(1, abs=1e-9) and q @ v == pytest.approx(s, abs=1e-9)


def test_sprt_llr_approaches_the_normal_approximation():
    """For many pairs and hypotheses near the observed mean, the GSPRT LLR is close to
    N (s1 - s0)(2 mean - s0 - s1) / (2 var) (fishtest LLR_alt2)."""
    counts = np.array([400, 2100, 5000, 2300, 450]) * 10
    v = np.arange(5) / 4
    p = counts / counts.sum()
    mean, var = p @ v, p @ (v - p @ v) ** 2
    s0, s1 = ps.logistic(0), ps.logistic(3)
    approx = counts.sum() * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    assert ps.sprt_llr(counts, 0, 3) == pytest.approx(approx, rel=0.02)


def test_sprt_scan_stops_at_the_first_crossing():
    counts = np.zeros(5)
    n, llr, decision = ps.sprt_scan([4] * 50, counts, 0, 50, ps.sprt_bounds(0.05, 0.05))
    assert decision == "H1" and 0 < n < 50 and counts.sum() == n
    assert llr >= math.log(0.95 / 0.05)
    previous = ps.sprt_llr(np.bincount([4] * (n - 1), minlength=5), 0, 50)
    assert previous < math.log(0.95 / 0.05)
