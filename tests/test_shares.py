"""experiments/shares.py: an estimate and its interval are written with one decimal, or more
where a bound that differs from the estimate would print as it does ("0.1% (0.1-0.4%)", 3
kills in 2,000 goldfish games, read as an interval that starts at its estimate)."""
import pytest

from experiments.shares import (
    MOST_DECIMALS,
    figures,
    pct,
    points_ci,
    rate_ci,
    rate_words,
    share,
    wilson,
)


def test_the_issue_example_gets_a_digit_more():
    assert share(3, 2000, brief=True) == "0.15% (0.05-0.44%)"
    assert share(3, 2000) == "0.15% (95% CI 0.05-0.44%)"
    lo, hi = wilson(3, 2000)
    assert rate_words(3 / 2000, lo, hi) == "0.15% (95% CI 0.05-0.44%)"


@pytest.mark.parametrize("k,n,text", [
    (410, 2000, "20.5% (18.8-22.3%)"),            # bounds apart: one decimal
    (2, 2000, "0.1% (0.0-0.4%)"),                 # 0.0 is not 0.1
    (0, 2000, "0.0% (0.0-0.2%)"),                 # the bound equals the estimate: as is
    (2000, 2000, "100.0% (99.8-100.0%)"),
    (1999, 2000, "99.95% (99.72-99.99%)"),        # 100.0 would be the upper bound too
    (1, 100000, "0.001% (0.000-0.006%)"),
])
def test_decimals_until_each_bound_is_told_from_the_estimate(k, n, text):
    assert share(k, n, brief=True) == text


def test_at_most_three_decimals():
    assert MOST_DECIMALS == 3
    assert figures(0.5, 0.5 - 1e-9, 0.6) == ("50.000", "50.000", "60.000")


def test_points_and_missing_values():
    assert points_ci(-0.031, -0.041, -0.021, "95% CI ", " points") == \
        "-3.1 points (95% CI -4.1 to -2.1)"
    assert points_ci(0.0004, -0.0002, 0.003) == "+0.04 (-0.02 to +0.30)"
    assert points_ci(0.0, 0.0, 0.0) == "+0.0 (+0.0 to +0.0)"       # no spread: as is
    assert points_ci(float("nan"), float("nan"), float("nan")) == "n/a (n/a to n/a)"
    assert rate_ci(0.5, -1e-17, 1.0000001) == "50.0% (0.0-100.0%)"  # kept within [0, 1]
    assert pct(-1e-12) == "0.0%"


def test_the_summaries_use_it(capsys):
    """simulate's goldfish line, gauntlet's cells, combo's turns, castability's and
    cardstats' columns all write intervals through `figures`."""
    import types

    from experiments.cardstats import _ci as card_ci
    from experiments.castability import _ci as cast_ci
    from experiments.gauntlet import _cell
    lo, hi = wilson(3, 2000)
    assert cast_ci(3 / 2000, lo, hi) == "0.15% (0.05-0.44%)"
    assert card_ci(3 / 2000, lo, hi) == "0.15% (0.05-0.44)"
    assert _cell(types.SimpleNamespace(win_rate=3 / 2000, lo=lo, hi=hi)) == \
        " 0.15% (0.05-0.44%)"
