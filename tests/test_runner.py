"""experiments/runner.py: the order chunks are played in, and runs that stop when they have
seen enough (sequential experiments); a chunk's games are the same whatever the order."""
import pandas as pd

from agents import GreedyAgent
from experiments import runner
from experiments.runner import Series

from support import POOL, ids


def test_chunks_series_after_series_or_side_by_side():
    from experiments.runner import Chunks
    assert list(Chunks(2, 5, 2, False)) == [(0, 0, 2), (0, 2, 2), (0, 4, 1),
                                            (1, 0, 2), (1, 2, 2), (1, 4, 1)]
    assert list(Chunks(2, 5, 2, True)) == [(0, 0, 2), (1, 0, 2), (0, 2, 2), (1, 2, 2),
                                           (0, 4, 1), (1, 4, 1)]


def _play(side_by_side=False, enough=None, games=12):
    series = [Series(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"),
                     [GreedyAgent(), GreedyAgent()], batch=dict(start=start, max_turns=8))
              for start in ("play", "draw")]
    seen = []

    def consume(k, rows):
        seen.append((k, int(rows["game"].iloc[0]), rows.assign(series=k)))
    played = runner.run(series, games, 5, lambda s, res: pd.DataFrame({k: v for k, v in res.items() if k != "records"}), consume, chunk=4,
                        progress=False, side_by_side=side_by_side, enough=enough)
    rows = pd.concat([r for _, _, r in seen]).sort_values(["series", "game"])
    return played, [(k, g) for k, g, _ in seen], rows.reset_index(drop=True)


def test_side_by_side_plays_the_same_games_in_rounds():
    n, order, rows = _play()
    n2, order2, rows2 = _play(side_by_side=True)
    assert n == n2 == 12
    assert order == [(0, 0), (0, 4), (0, 8), (1, 0), (1, 4), (1, 8)]
    assert order2 == [(0, 0), (1, 0), (0, 4), (1, 4), (0, 8), (1, 8)]
    pd.testing.assert_frame_equal(rows, rows2)


def test_enough_ends_the_run_after_a_whole_round():
    asked = []

    def enough():
        asked.append(1)
        return len(asked) == 2
    n, order, _ = _play(enough=enough, games=40)
    assert n == 8 and len(asked) == 2
    assert order == [(0, 0), (1, 0), (0, 4), (1, 4)]


def test_chunks_are_worked_out_not_listed():
    """Chunk i of 10^18 games at once (a list of every chunk took 5.3 GB before the first
    game of 10^11): the same chunks as listing them, whatever the order."""
    from experiments.runner import Chunks
    c = Chunks(3, 10**18, 7, True)
    assert c.count == 3 * -(-10**18 // 7)
    assert c[c.count - 1] == (2, (c.count // 3 - 1) * 7, 10**18 % 7 or 7)
    for n_series, games, chunk, rounds in ((1, 1, 5, False), (3, 10, 3, True), (2, 9, 9, False)):
        listed = [(k, g0, min(chunk, games - g0)) for g0, k in
                  ((g0, k) for g0 in range(0, games, chunk) for k in range(n_series))] \
            if rounds else [(k, g0, min(chunk, games - g0)) for k in range(n_series)
                            for g0 in range(0, games, chunk)]
        assert list(Chunks(n_series, games, chunk, rounds)) == listed


def test_a_run_of_10_14_games_starts_at_once_in_flat_memory():
    """`--games 100000000000000` was killed for memory after 102 s, before its first game:
    here its first two chunks are consumed (then it is stopped) with a few kB traced."""
    import tracemalloc

    import pytest

    from experiments.signals import Stopped
    seen = []

    def consume(k, result):
        seen.append(result)
        if len(seen) == 2:
            raise KeyboardInterrupt
    tracemalloc.start()
    try:
        with pytest.raises(Stopped):
            runner.run_chunks(["unit"], 10**14, 1, lambda unit, seed, g0, n: (g0, n), consume,
                              chunk=10**8, progress=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert seen == [(0, 10**8), (10**8, 10**8)]
    assert peak < 1 << 20, peak


def test_a_batch_too_big_for_the_memory_is_refused_before_compiling(monkeypatch, capsys):
    """A batch that would not fit is one line giving the most that does, before the
    cold-start compile and any game (it was a MemoryError, or the OOM killer)."""
    import pytest

    from experiments.cli import main
    from simcore.game import GameBatch

    from support import DECKS

    def made(*a, **k):
        raise AssertionError("a batch was made")
    monkeypatch.setattr(runner, "warm_up", made)
    monkeypatch.setattr(GameBatch, "__init__", made)
    monkeypatch.setattr(runner, "memory_available", lambda: 2 << 30)
    per = GameBatch.batch_bytes(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"),
                                1, 30)
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--vs",
              str(DECKS / "goblins_burn_blight.txt"), "--games", "1000000", "--batch-size",
              "1000000"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err == (
        f"playtest: error: --batch-size 1,000,000: a batch of 1,000,000 games of these decks "
        f"takes about {per * 10**6 / 2**30:,.1f} GiB ({per:,} bytes a game), more than the "
        f"2.0 GiB of memory free here: at most {(2 << 30) // per:,} games a batch\n")
    assert 20_000 < per < 100_000           # two 60-card decks: ~16 KiB of State, twice
