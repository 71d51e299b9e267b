"""A share of games: its 95% Wilson interval, and how it is written ("31.0%", "31.0% (95% CI
28.1-34.0%)", "+2.1" points).

An estimate and its interval are written with one decimal, or more where a bound that
differs from the estimate would print equal to it: 3 kills in 2,000 games were "0.1%
(0.1-0.4%)", now "0.15% (0.05-0.44%)" (`figures`; at most `MOST_DECIMALS`)."""
import math

MOST_DECIMALS = 3


def _unit(x):
    """x within [0, 1]; -0.0 becomes 0.0."""
    return min(max(x, 0.0), 1.0) + 0.0


def wilson(k, n, z=1.96):
    """Wilson score interval for a proportion k/n, within [0, 1] (rounding put the lower
    bound of 0 of n a hair below zero, printed "-0.0%")."""
    if n == 0:
        return (float("nan"), float("nan"))
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (_unit(c - h), _unit(c + h))


def _number(x, decimals, signed=False):
    """x (a share) in percent or percentage points, never "-0.0"."""
    v = round(x * 100, decimals) + 0.0
    return f"{v:+.{decimals}f}" if signed else f"{v:.{decimals}f}"


def figures(x, lo, hi, signed=False, decimals=1):
    """An estimate and its interval's bounds (shares) as numbers in percent or percentage
    points (`signed`), all with `decimals` decimals, or more (up to MOST_DECIMALS) while a
    bound that differs from the estimate prints as it does. Shares are kept within [0, 1];
    "n/a" for a missing value."""
    values = [v if signed or v != v else _unit(v) for v in (x, lo, hi)]
    x, lo, hi = values
    d = decimals
    while d < MOST_DECIMALS and x == x and any(
            b == b and abs(b - x) > 1e-12 and _number(b, d, signed) == _number(x, d, signed)
            for b in (lo, hi)):
        d += 1
    return tuple("n/a" if v != v else _number(v, d, signed) for v in values)


def pct(p):
    """A share as a percentage with one decimal ("31.0%"); never "-0.0%"."""
    return f"{_number(_unit(p), 1)}%"


def rate_ci(p, lo, hi, label=""):
    """A share and its interval: "31.0% (28.1-34.0%)", with `label` before the bounds."""
    e, lo, hi = figures(p, lo, hi)
    return f"{e}% ({label}{lo}-{hi}%)"


def rate_words(rate, lo, hi):
    """ "31.0% (95% CI 28.1-34.0%)" """
    return rate_ci(rate, lo, hi, "95% CI ")


def share(k, n, brief=False):
    """k of n games as "31.0% (95% CI 28.1-34.0%)", or brief: "31.0% (28.1-34.0%)"."""
    lo, hi = wilson(k, n)
    return rate_ci(k / n, lo, hi, "" if brief else "95% CI ")


def points(x, signed=False):
    """A share as percentage points: 0.021 -> "+2.1"."""
    if x != x:
        return "n/a"
    return _number(x, 1, signed)


def points_ci(x, lo, hi, label="", unit=""):
    """A difference of shares and its interval in percentage points: "+2.1 (-0.3 to +4.5)",
    with `unit` after the estimate (" points") and `label` before the bounds."""
    e, lo, hi = figures(x, lo, hi, signed=True)
    return f"{e}{unit} ({label}{lo} to {hi})"
