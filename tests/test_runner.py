"""experiments/runner.py: the order chunks are played in, and runs that stop when they have
seen enough (sequential experiments); a chunk's games are the same whatever the order."""
import pandas as pd

from agents import GreedyAgent
from experiments import runner
from experiments.runner import Series, _chunks

from support import POOL, ids


def test_chunks_series_after_series_or_side_by_side():
    assert _chunks(2, 5, 2, False) == [(0, 0, 2), (0, 2, 2), (0, 4, 1),
                                       (1, 0, 2), (1, 2, 2), (1, 4, 1)]
    assert _chunks(2, 5, 2, True) == [(0, 0, 2), (1, 0, 2), (0, 2, 2), (1, 2, 2),
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
