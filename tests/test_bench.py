"""pytest-benchmark versions of `playtest bench`: the batch engine on greedy-vs-greedy and
goldfish games, and the plain-Python reference engine on the same games (read the ratio from
the table). Benchmarks are disabled by default (each runs once, as a smoke test);
`pytest tests/test_bench.py --benchmark-enable` measures them."""
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from agents import GreedyAgent
from experiments.cli import main
from simcore import consts as K
from simcore.compile import make_pool
from simcore.decks import load_deck
from simcore.errors import PlaytestError
from simcore.game import GameBatch, deck_ids
from tests.reference import cards as RC
from tests.reference.greedy import play_games

DECKS = Path(__file__).resolve().parents[1] / "examples" / "decks"
GREEN, RED = DECKS / "mono_green_curve.txt", DECKS / "goblins_burn_blight.txt"
POOL = make_pool()
N = 32


def ids(path):
    return deck_ids(POOL, load_deck(path, POOL))


def batch_games(deck1, n=N):
    b = GameBatch(POOL, ids(GREEN), deck1, n_games=n, seed=1, start="random")
    b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0))
    return b.results()


def test_bench_batch_greedy_vs_greedy(benchmark):
    res = benchmark(batch_games, ids(RED))
    assert (res["end"] != K.END_NONE).all()


def test_bench_batch_goldfish(benchmark):
    res = benchmark(batch_games, None)
    assert (res["end"] != K.END_NONE).all()


def test_bench_reference_greedy_vs_greedy(benchmark):
    """The baseline: the same first games, one at a time in plain Python."""
    n0, n1 = RC.parse_deck(GREEN), RC.parse_deck(RED)
    out = benchmark(play_games, 1, range(4), n0, n1, start="random", max_turns=30)
    res = batch_games(ids(RED), n=4)
    assert [r["winner"] for r in out] == list(res["winner"])


def test_bench_cli(tmp_path, capsys):
    """`playtest bench`: speeds as ratios against the one-thread run, the same games without
    recording (which must be the same games), the plain-Python reference engine on the same
    games (which must give the same results), and the castability kernel against the
    plain-Python count (the same counts)."""
    out = tmp_path / "bench.csv"
    with pytest.raises(SystemExit) as e:
        main(["bench", "--games", "8", "--batch-size", "4", "--serial-games", "4",
              "--reference-games", "2", "--max-turns", "12", "--castability-games", "5000",
              "--castability-reference-games", "50", "--out", str(out)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert "greedy vs greedy" in text and "same results: yes" in text
    assert text.count("same games: yes") == 3
    assert "castability plain Python" in text and "same counts: yes" in text
    df = pd.read_csv(out)
    assert len(df) == 9 and {"seed", "version", "ratio", "games_per_s"} <= set(df.columns)
    assert (df["games_per_s"] > 0).all()


def test_kernel_passes_on_mid_game_positions():
    """simcore/microbench.py: a state-based-action pass at a decision finds nothing to do
    and leaves the game as it was, and the could-produce loop gives what the scenario
    runner's could_produce_py gives for each position."""
    from simcore import microbench
    from simcore.kernels.mana import could_produce_py
    b = GameBatch(POOL, ids(GREEN), ids(RED), n_games=16, seed=3, start="random")
    agents, rng = [GreedyAgent(), GreedyAgent()], np.random.default_rng(0)
    for _ in range(30):
        b.step(b.ask_agents(agents, b.view(agents), b.legal_mask(), rng))
    games = microbench.live_games(b)
    assert games.size and microbench.permanents(b, games).sum() > games.size
    obj = b.st.obj.copy()
    assert microbench.sba_passes(b, games, 3, group=5) == 0
    assert np.array_equal(obj, b.st.obj)
    M = b.st.obj.shape[2]
    for g in games[:4]:
        want = np.zeros(M, np.int64)
        could_produce_py(b.st, b.ct, int(g), want)
        got = np.zeros(M, np.int64)
        microbench.could_produce_games_py(b.st, b.ct, np.array([g]), 2, got)
        assert np.array_equal(want, got) and want.any()


def test_bench_and_api_refuse_a_negative_seed(capsys):
    with pytest.raises(SystemExit) as e:
        main(["bench", "--seed", "-2"])
    assert e.value.code == 2 and "expected a non-negative integer" in capsys.readouterr().err
    with pytest.raises(PlaytestError, match="seed must be a non-negative integer, got -1"):
        GameBatch(POOL, ids(GREEN), None, n_games=2, seed=-1).start()
