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
from experiments.reference import cards as RC
from experiments.reference.greedy import play_games
from simcore import consts as K
from simcore.cards.compile import make_pool
from simcore.decks import load_deck
from simcore.errors import PlaytestError
from simcore.game import GameBatch, deck_ids

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
    """`playtest bench`: speeds as ratios against the one-thread run, the Python-round path
    and the same games without recording (which must be the same games), the plain-Python reference engine on the same
    games (which must give the same results), and the castability kernel against the
    plain-Python count (the same counts)."""
    out = tmp_path / "bench.csv"
    with pytest.raises(SystemExit) as e:
        main(["bench", "--games", "8", "--batch-size", "4", "--serial-games", "4",
              "--reference-games", "2", "--max-turns", "12", "--castability-games", "5000",
              "--castability-reference-games", "50", "--kernel-games", "0",
              "--memory-games", "0", "--start-games", "0", "--search-games", "4",
              "--out", str(out)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert "greedy vs greedy" in text and "same results: yes" in text
    assert text.count("same games: yes") == 7 and "NO" not in text
    assert "castability plain Python" in text and "same counts: yes" in text
    assert "cold start: skipped (--start-games 0)" in text
    df = pd.read_csv(out)
    assert len(df) == 13 and {"seed", "version", "ratio", "games_per_s", "workload",
                              "ns_per_item"} <= set(df.columns)
    games = df.dropna(subset=["games"])
    assert len(games) == 11 and (games["games_per_s"] > 0).all()
    assert "greedy vs search" in text and "rollouts/s" in text
    assert (df.dropna(subset=["items"])["ns_per_item"] > 0).all()


QUICK = ["bench", "--quick", "--games", "8", "--batch-size", "4", "--serial-games", "4",
         "--reference-games", "2", "--castability-games", "5000",
         "--castability-reference-games", "50", "--kernel-games", "8", "--memory-games", "40",
         "--start-games", "2", "--search-games", "4"]


def check_workloads(work):
    """Every workload: a status; measured ones their counts, seconds and speed, positive;
    ratios named x_<baseline>, positive, each naming a measured workload; checks yes."""
    for key, w in work.items():
        assert w["status"] in ("ok", "skipped", "not available", "failed"), key
        if w["status"] != "ok":
            assert w["note"], key
            continue
        assert w["seconds"] > 0 and w["measure"], key
        if "games" in w:
            assert w["games"] > 0 and w["games_per_s"] > 0, key
        else:
            assert w["ns_per_item"] > 0 and w["item"] in ("permanent", "sim"), key
            assert w["sims" if w["item"] == "sim" else "items"] > 0, key
        ratios = {k: v for k, v in w.items() if k.startswith("x_")}
        assert set(ratios) == set(w.get("baselines", {})), key
        for k, v in ratios.items():
            assert v > 0 and work[w["baselines"][k]]["status"] == "ok", (key, k)
        for k in ("same_games", "same_results", "same_counts", "same_positions"):
            assert w.get(k, True) is True, (key, k)


def test_bench_quick_json(tmp_path, capsys):
    """`--quick --json`: the run's settings and machine, then one entry per workload with
    the schema docs/performance.md gives; the cold start is left out of a quick run."""
    import json
    path = tmp_path / "bench.json"
    with pytest.raises(SystemExit) as e:
        main(QUICK + ["--json", str(path)])
    assert e.value.code == 0, capsys.readouterr().err
    doc = json.loads(path.read_text())
    assert doc["schema"] == 1
    head = doc["header"]
    assert head["quick"] is True and head["seed"] == 1 and head["batch_size"] == 4
    assert head["threads"] >= 1 and head["machine"]["cores"] >= 1 and head["machine"]["cpu"]
    assert {"playtest", "python", "numba", "numpy", "date", "wall_seconds"} <= set(head)
    work = doc["workloads"]
    assert set(work) == {
        "goldfish", "goldfish_one_thread", "greedy_vs_greedy", "greedy_vs_greedy_one_thread",
        "goldfish_round_path", "greedy_vs_greedy_round_path",
        "goldfish_not_recording", "greedy_vs_greedy_not_recording",
        "goldfish_watching_condition", "reference", "castability", "castability_plain_python",
        "state_based_actions", "could_produce", "memory", "goldfish_dask", "cold_start",
        "warm_start", "greedy_vs_search"}
    check_workloads(work)
    assert work["goldfish"]["baselines"] == {"x_not_recording": "goldfish_not_recording",
                                             "x_one_thread": "goldfish_one_thread",
                                             "x_round_path": "goldfish_round_path"}
    assert set(work["greedy_vs_greedy"]["baselines"]) == {"x_not_recording", "x_one_thread",
                                                          "x_reference", "x_round_path"}
    assert 0 < work["greedy_vs_greedy_round_path"]["agents_share"] < 1
    assert work["castability"]["x_plain_python"] > 1
    for key in ("state_based_actions", "could_produce", "castability"):
        assert work[key]["status"] == "ok", key
    assert work["state_based_actions"]["item"] == "permanent"
    assert work["state_based_actions"]["positions"] > 0
    assert work["memory"]["peak_rss_bytes_per_game"] >= 0
    assert work["memory"]["state_bytes_per_game"] > 0
    assert work["cold_start"]["status"] == "skipped" and "--cold" in work["cold_start"]["note"]
    assert work["warm_start"]["status"] == "ok" and "x_cold_start" not in work["warm_start"]
    assert work["goldfish_dask"]["status"] == "skipped"
    search = work["greedy_vs_search"]
    assert search["baselines"] == {"x_greedy_vs_greedy": "greedy_vs_greedy"}
    assert search["agent"].startswith("search:rollouts=")
    # every game searches, each search plays at least two rollouts
    assert search["searched_decisions"] >= search["games"]
    assert search["rollouts"] >= 2 * search["searched_decisions"]
    assert search["decisions_per_s"] > 0 and search["rollouts_per_s"] > 0


def test_bench_dask_not_installed(monkeypatch):
    """Without Dask the workload is recorded as "not available", with the install line; a
    bad spec is refused before any game. (The workload on a real cluster:
    tests/test_backends.py.)"""
    import importlib.util

    from experiments import benchproc
    from experiments.bench import Measures
    m = Measures(progress=lambda line: None)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "distributed" else real(name, *a))
    assert benchproc.dask_backend("local:2") is None
    benchproc.bench_dask(m, POOL, ids(GREEN), 1, 12, 8, 4, "local:2", None)
    w = m.workloads["goldfish_dask"]
    assert w["status"] == "not available" and "pip install 'playtest[dask]'" in w["note"]
    check_workloads(m.workloads)


@pytest.mark.parametrize("args, message", [
    (["--json", "/no/such/folder/b.json"], "playtest: error: --json: no folder '/no/such/folder'"),
    (["--json", "bench.txt"], "playtest: error: --json must end in .json, got 'bench.txt'"),
    (["--out", "bench.json"], "playtest: error: --out must end in .parquet, .csv"),
    (["--dask", " "], "playtest: error: --dask needs a cluster spec, e.g. local:2"),
    (["--dask", "local:x"], "playtest: error: --dask: expected local, local:N"),
])
def test_bench_refuses_bad_outputs_in_one_line(args, message, capsys):
    with pytest.raises(SystemExit) as e:
        main(["bench"] + args)
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.startswith(message) and err.count("\n") == 1, err


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
