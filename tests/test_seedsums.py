"""experiments/seedsums.py: a paired run's statistics from sums folded round by round equal
the statistics of every seed's score kept (pairstats on the arrays), exactly in the
variances (integer sums: Fractions agree), for every group and for a prefix ending inside
the last round (the SPRT's); a PairedRun's memory does not grow with its seeds."""
from fractions import Fraction

import numpy as np
import pytest

from agents import GreedyAgent
from experiments import pairstats as ps
from experiments.pairing import EXTRA_COLUMNS, PairedRun, Version, card_list
from experiments.seedsums import SeedSums
from simcore.decks import load_deck

from support import DECKS, POOL

STATS = ("n", "mean_a", "mean_b", "diff", "se", "lo", "hi", "p_value", "se_unpaired",
         "factor", "saved", "half_width", "half_width_unpaired")


def random_rounds(rng, versions=3, opponents=2, rounds=(5, 5, 3)):
    """Rounds of half-points [v, o, start, seed] in 0..2 with a common part (paired)."""
    out = []
    for c in rounds:
        common = rng.integers(0, 3, size=(1, opponents, 2, c))
        own = rng.integers(0, 3, size=(versions, opponents, 2, c))
        out.append(np.where(rng.random(own.shape) < 0.6, common, own))
    return out


def fold_all(rounds, versions=3, opponents=2):
    ss = SeedSums(versions, opponents, extra=("screw",))
    seed0 = 0
    for pts in rounds:
        nan = np.full(pts.shape, np.nan)
        ss.fold(seed0, pts, nan, {"screw": nan})
        seed0 += pts.shape[-1]
    return ss


def close(a, b):
    for k in STATS:
        x, y = a[k], b[k]
        assert (np.isnan(x) and np.isnan(y)) or x == pytest.approx(y, rel=1e-12, abs=1e-15), k


def test_sums_give_the_statistics_of_the_per_seed_scores():
    rng = np.random.default_rng(5)
    rounds = random_rounds(rng)
    ss = fold_all(rounds)
    pts = np.concatenate(rounds, axis=-1)
    every = pts.mean(axis=(1, 2)) / 2                       # per-seed scores, all games
    assert ss.n == 13
    for group, scores in [(None, every)] + [(o, pts[:, o].mean(axis=1) / 2) for o in (0, 1)]:
        s = ss.sums(opponent=group)
        for a, b in ((0, 1), (2, 0), (1, 1)):
            close(s.paired(a, b), ps.paired(scores[a], scores[b]))
        for v in range(3):
            assert s.rate(v) == pytest.approx(ps.rate_interval(scores[v], 4), rel=1e-12)
    # a prefix inside the last round (seeds 0..11): what the SPRT may stop at
    close(ss.sums(11).paired(0, 2), ps.paired(every[0, :11], every[2, :11]))
    # the last round's per-seed points, and nothing earlier
    assert np.array_equal(ss.points(10, 13), pts[:, :, :, 10:].sum(axis=(1, 2)))
    with pytest.raises(ValueError, match="only the last round"):
        ss.points(9, 13)
    with pytest.raises(ValueError, match="only a prefix ending in the last round"):
        ss.sums(9)


def test_the_variances_are_exact():
    """Integer sums: the sample variance is the exact rational one (Fraction) rounded once,
    where two-pass floating point is only close."""
    rng = np.random.default_rng(6)
    rounds = random_rounds(rng, versions=2, opponents=1, rounds=(400, 400))
    ss = fold_all(rounds, versions=2, opponents=1)
    pts = np.concatenate(rounds, axis=-1).sum(axis=(1, 2))      # points per seed, scale 4
    d = [Fraction(int(x) - int(y), 4) for x, y in zip(pts[0], pts[1])]
    n = len(d)
    mean = sum(d) / n
    exact = sum((x - mean) ** 2 for x in d) / (n - 1)
    assert ss.sums().var_diff(0, 1) == float(exact)


def test_folding_out_of_order_is_refused():
    ss = SeedSums(2, 1)
    pts = np.ones((2, 1, 2, 4), dtype=np.int64)
    with pytest.raises(ValueError, match="out of order"):
        ss.fold(4, pts, np.full(pts.shape, np.nan), {})


def paired_run(monkeypatch, seeds, kept=None):
    """A two-version, two-opponent PairedRun of `seeds` seeds in rounds of 40; `kept`
    (a list) receives every chunk's rows as the run consumes them."""
    if kept is not None:
        consume = PairedRun._consume

        def keep(self, k, rows):
            kept.append((k, rows))
            consume(self, k, rows)
        monkeypatch.setattr(PairedRun, "_consume", keep)
    deck = load_deck(DECKS / "mono_green_curve.txt", POOL)
    cards = card_list(deck)
    field = [(n, load_deck(DECKS / f"{n}.txt", POOL))
             for n in ("goblins_burn_blight", "elves_morcant")]
    versions = [Version("A", POOL, cards), Version("B", POOL, cards[::-1])]
    return PairedRun(versions, field, [GreedyAgent(), GreedyAgent()], dict(agent="greedy"),
                     seed=3, max_turns=30, batch_size=40, progress=False).run(seeds)


def test_a_paired_run_folds_its_games_by_version_opponent_and_start(monkeypatch):
    """The run's sums against the per-seed scores rebuilt from the very rows it consumed:
    every group's statistics, the wins' mean kill turn and the known screw share."""
    kept = []
    run = paired_run(monkeypatch, 100, kept)
    scores = np.full((2, 2, 2, 100), np.nan)
    turns, screw = np.full(scores.shape, np.nan), np.full(scores.shape, np.nan)
    for k, rows in kept:
        v, o, s = np.unravel_index(k, run.shape)
        g = rows["game"].to_numpy()
        w = rows["winner"].to_numpy()
        scores[v, o, s, g] = np.where(w == 0, 1.0, np.where(w == 1, 0.0, 0.5))
        turns[v, o, s, g] = np.where(w == 0, rows["kill_turn"].astype(float), np.nan)
        screw[v, o, s, g] = rows[EXTRA_COLUMNS["screw"]].astype(float)
    assert run.seeds == 100 and not np.isnan(scores).any()
    close(run.sums().paired(0, 1), ps.paired(scores[0].mean(axis=(0, 1)),
                                             scores[1].mean(axis=(0, 1))))
    for o in (0, 1):
        close(run.sums(opponent=o).paired(1, 0), ps.paired(scores[1, o].mean(axis=0),
                                                           scores[0, o].mean(axis=0)))
    ss = run.seed_sums
    for v in (0, 1):
        assert ss.wins[v] == np.isfinite(turns[v]).sum()
        assert ss.win_turns[v] / ss.wins[v] == pytest.approx(np.nanmean(turns[v]), rel=1e-12)
        known = screw[v][np.isfinite(screw[v])]
        assert tuple(ss.extra["screw"][:, v]) == (known.sum(), len(known))


def test_a_paired_runs_memory_does_not_grow_with_its_seeds(monkeypatch):
    small, large = paired_run(monkeypatch, 40), paired_run(monkeypatch, 200)

    def held(run):
        ss = run.seed_sums
        return sum(a.nbytes for a in vars(ss).values() if isinstance(a, np.ndarray)) + sum(
            a.nbytes for a in ss.extra.values())
    assert large.seeds == 200 and small.seeds == 40
    assert held(large) == held(small) and large.seed_sums.last.shape[-1] == 40
