"""pytest-benchmark versions of `playtest bench`: the batch engine on greedy-vs-greedy and
goldfish games, and the plain-Python reference engine on the same games (read the ratio from
the table). Benchmarks are disabled by default (each runs once, as a smoke test);
`pytest tests/test_bench.py --benchmark-enable` measures them."""
from pathlib import Path

import numpy as np

from agents import GreedyAgent
from simcore import consts as K
from simcore.compile import make_pool
from simcore.decks import load_deck
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
