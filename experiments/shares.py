"""A share of games: its 95% Wilson interval, and how it is written ("31.0%", "31.0% (95% CI
28.1-34.0%)", "+2.1" points)."""
import math


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


def pct(p):
    """A share as a percentage with one decimal ("31.0%"); never "-0.0%"."""
    return f"{round(_unit(p) * 100, 1) + 0.0:.1f}%"


def share(k, n, brief=False):
    """k of n games as "31.0% (95% CI 28.1-34.0%)", or brief: "31.0% (28.1-34.0%)"."""
    lo, hi = wilson(k, n)
    ci = f"{pct(lo)[:-1]}-{pct(hi)}"
    return f"{pct(k / n)} ({ci})" if brief else f"{pct(k / n)} (95% CI {ci})"


def points(x, signed=False):
    """A share as percentage points: 0.021 -> "+2.1"."""
    if x != x:
        return "n/a"
    v = round(x * 100, 1) + 0.0
    return f"{v:+.1f}" if signed else f"{v:.1f}"


def rate_words(rate, lo, hi):
    return f"{pct(rate)} (95% CI {pct(lo)[:-1]}-{pct(hi)})"
