"""experiments/backends.py: the chunks of every kind of run played on a Dask LocalCluster (two
single-threaded worker processes on loopback, started once for the module) give the same
rows and statistics as a local run with other chunks; a chunk that raises stops the run in
one line; a worker killed during a run costs only its chunk, which Dask plays again."""
import gc
import os
import signal
import sys

import numpy as np
import pandas as pd
import pytest

from experiments import runner
from experiments.backends import Dask, Local, parse_address
from experiments.castability import castability
from experiments.cli import main
from experiments.combo import combo
from experiments.compare import compare
from experiments.gauntlet import gauntlet
from experiments.pilot import Watch
from experiments.runner import ChunkError, Plan, Series
from experiments.simulate import simulate
from simcore.errors import PlaytestError

from support import DECKS, POOL, ids

GREEN, GOBLINS, ELVES = (DECKS / f"{n}.txt" for n in
                         ("mono_green_curve", "goblins_burn_blight", "elves_morcant"))


@pytest.fixture(scope="module")
def dask():
    """One LocalCluster for the module: its start and the workers' engine load are slow."""
    with Dask("local:2", dashboard="127.0.0.1:0") as backend:
        yield backend


def on(backend):
    backend.client.wait_for_workers(2, timeout=60)   # after a kill, its replacement
    return Plan(backend=backend)


def test_addresses():
    assert parse_address("local") == ("local", None)
    assert parse_address("local:3") == ("local", 3)
    assert parse_address("tcp://10.1.2.3:8786") == ("scheduler", "tcp://10.1.2.3:8786")
    for bad in ("local:0", "local:x", "cluster", "tcp://"):
        with pytest.raises(PlaytestError, match="--dask: expected local, local:N"):
            parse_address(bad)


def test_more_local_workers_than_two_a_core_are_refused(monkeypatch):
    """local:100000 would start as many processes, each holding the engine."""
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert parse_address("local:4") == ("local", 4)
    with pytest.raises(PlaytestError) as e:
        parse_address("local:100000")
    assert str(e.value) == ("--dask local:100000: at most 4 worker processes here (two a "
                            "core: each plays on one core and holds the engine, ~350 MB), got "
                            "100,000")


def test_simulate_rows_are_the_same_on_the_cluster(dask):
    """Per-game rows, the pilot's counts (which travel beside the rows) and the chunk order:
    the same from two worker processes in chunks of 70 as here in chunks of 100."""
    kw = dict(vs=[GOBLINS, ELVES], games=300, seed=3, start="random", max_turns=12,
              progress=False)
    here, there = Watch(), Watch()
    local = simulate(GREEN, batch_size=100, pilot=here, **kw)
    remote = simulate(GREEN, batch_size=70, pilot=there, plan=on(dask), **kw)
    pd.testing.assert_frame_equal(local, remote)
    assert vars(here) == vars(there) and here.games == 600


def test_search_games_are_the_same_on_the_cluster(dask):
    """The search agent (its rollouts on each worker's own rows, its numbers from the seed
    and the game): the same games from the workers in chunks of 15 as here in one."""
    kw = dict(vs=[GOBLINS], games=30, seed=4, start="random", max_turns=20, progress=False,
              agent="search:rollouts=4,horizon=1,width=3", opponent_agent="greedy")
    local = simulate(GREEN, batch_size=30, **kw)
    remote = simulate(GREEN, batch_size=15, plan=on(dask), **kw)
    pd.testing.assert_frame_equal(local, remote)
    assert (local["agent"] == "search:rollouts=4,horizon=1,width=3").all()


def test_combo_castability_gauntlet_and_a_sequential_compare_are_the_same(dask):
    kw = dict(games=200, seed=2, progress=False)
    when = "battlefield: High Perfect Morcant, 3 Elves"
    pd.testing.assert_frame_equal(combo(ELVES, when, by_turn=4, batch_size=64, **kw),
                                  combo(ELVES, when, by_turn=4, batch_size=50, plan=on(dask),
                                        **kw))
    a = castability(ELVES, games=30_000, seed=1, chunk=7000, progress=False)
    b = castability(ELVES, games=30_000, seed=1, chunk=4000, progress=False, plan=on(dask))
    pd.testing.assert_frame_equal(a, b)
    assert a.attrs == b.attrs
    here, there = Watch(), Watch()
    pd.testing.assert_frame_equal(
        gauntlet(GREEN, vs=[GOBLINS], max_turns=10, batch_size=40, pilot=here, **kw),
        gauntlet(GREEN, vs=[GOBLINS], max_turns=10, batch_size=40, pilot=there,
                 plan=on(dask), **kw))
    assert vars(here) == vars(there)
    # --precision: the run stops after the same round, whatever the cluster plays ahead
    seq = dict(swap=["Grizzly Bears=Young Wolf"], vs=[GOBLINS], games=4000, seed=1,
               precision=0.05, batch_size=50, max_turns=12, progress=False)
    first, second = compare(GREEN, **seq), compare(GREEN, plan=on(dask), **seq)
    pd.testing.assert_frame_equal(first, second)
    assert first["seeds"].iloc[0] < 2000


def test_the_chunk_size_keeps_the_fixed_cost_under_five_percent(dask):
    """Without a batch size, the chunks are the default at least, and as large as the
    measured fixed cost of a task asks; the rows are the same."""
    series = [Series(POOL, ids("mono_green_curve"), None, [_greedy()],
                     batch=dict(max_turns=6))]
    rows = {}
    for name, backend in (("local", Local()), ("dask", dask)):
        frames = []
        runner.run(series, 1200, 4, _rows, lambda k, r: frames.append(r), chunk=None,
                   progress=False, plan=Plan(backend=backend))
        rows[name] = pd.concat(frames, ignore_index=True)
    fixed, per_game, chunk = dask.overhead
    assert chunk >= 1000 and chunk % 100 == 0
    assert fixed / (fixed + chunk * per_game) <= 0.05
    pd.testing.assert_frame_equal(rows["local"], rows["dask"])


def _greedy():
    from agents import GreedyAgent
    return GreedyAgent()


def _rows(s, res):
    return pd.DataFrame({k: v for k, v in res.items() if k != "records"})


class Broken:
    """A custom agent whose act fails: the run stops with one line naming the chunk."""

    def act(self, view, legal_mask, rng):
        raise ValueError("no idea\nwhat to do")


def test_the_games_are_sent_once_not_with_every_chunk(dask):
    """The scheduler of a LocalCluster runs in this process: a series sent with every chunk
    left an unpickled copy per task in its message logs (about 100 KB each, 500 MB over a
    10^7-game run). Sent once per run, a run of 60 chunks leaves the one sent and the warm-up's
    (a game on each worker)."""
    def copies():
        gc.collect()
        return sum(type(o) is Series for o in gc.get_objects())
    before = copies()
    simulate(GREEN, games=600, batch_size=10, seed=1, max_turns=4, progress=False,
             plan=on(dask))
    assert copies() - before <= 1 + dask.threads


def test_a_chunk_that_raises_stops_the_run_in_one_line(dask):
    series = [Series(POOL, ids("mono_green_curve"), None, [Broken()], batch=dict(max_turns=5))]
    for backend in (Local(), dask):
        with pytest.raises(ChunkError) as e:
            runner.run(series, 40, 1, _rows, lambda k, r: None, chunk=20, progress=False,
                       plan=Plan(backend=backend))
        msg = str(e.value)
        assert "\n" not in msg
        assert msg.startswith("chunk ") and " of series 0): ValueError: no idea what to do" \
            in msg, msg


def test_a_worker_of_another_version_is_refused(dask, monkeypatch):
    """Its games could differ: the run stops before a chunk is played."""
    import simcore
    monkeypatch.setattr(simcore, "__version__", "0.0.9")
    with pytest.raises(PlaytestError, match=r"--dask: the worker at tcp://127\.0\.0\.1:\d+ "
                                            r"runs playtest 0\.1\.0 \(engine numba-\w+\), "
                                            r"this process 0\.0\.9"):
        simulate(GREEN, games=10, seed=1, progress=False, plan=on(dask))


def test_a_worker_on_other_code_is_refused(dask, monkeypatch):
    """The same version and engine, other Python sources (an edited agent, say)."""
    from experiments import dataset
    monkeypatch.setattr(dataset, "code", lambda: "0123456789abcdef")
    with pytest.raises(PlaytestError, match=r"--dask: the worker at tcp://127\.0\.0\.1:\d+ "
                                            r"runs other playtest code \(sources [0-9a-f]{16}, "
                                            r"here 0123456789abcdef\)"):
        simulate(GREEN, games=10, seed=1, progress=False, plan=on(dask))


def test_the_cli_says_how_to_install_dask(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)     # import distributed fails
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(GREEN), "--games", "4", "--dask", "local:2"])
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert err == ("playtest: error: --dask needs Dask, which is not installed: "
                   "pip install 'playtest[dask]'\n")


def test_a_worker_killed_during_a_run_costs_only_its_chunk(dask):
    """While the run consumes a chunk (the second, or the first after it when a worker is
    playing one), a worker process that is playing a chunk is killed (SIGKILL): the nanny starts another, Dask plays the lost chunk again, and the
    run ends with the rows of a local run."""
    series = [Series(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"),
                     [_greedy(), _greedy()], batch=dict(max_turns=12, start="random"))]
    client = dask.client
    on(dask)
    before = set(client.run(os.getpid).values())
    killed = []

    def consume(k, rows, frames):
        frames.append(rows)
        busy = [w for w, keys in client.processing().items() if keys]
        if len(frames) >= 2 and busy and not killed:
            pid = client.run(os.getpid, workers=busy[:1])[busy[0]]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    out = {}
    for name, backend in (("dask", dask), ("local", Local())):
        frames = []
        runner.run(series, 600, 9, _rows, lambda k, r: consume(k, r, frames), chunk=50,
                   progress=False, plan=Plan(backend=backend))
        out[name] = pd.concat(frames, ignore_index=True)
    assert len(killed) == 1, "no worker was playing a chunk"
    pd.testing.assert_frame_equal(out["dask"], out["local"])
    assert np.array_equal(out["dask"]["game"], np.arange(600))
    client.wait_for_workers(2, timeout=60)
    after = set(client.run(os.getpid).values())
    assert killed[0] in before and killed[0] not in after and len(after) == 2


def test_the_cli_plays_on_a_local_cluster_it_starts(tmp_path, capsys):
    """`--dask local:2`: the workers and the dashboard said on stderr, the same stdout as a
    run here, the cluster gone afterwards; with a dataset, the same rows as well."""
    args = ["simulate", str(GREEN), "--vs", str(GOBLINS), "--games", "120", "--seed", "8",
            "--max-turns", "10", "--batch-size", "30"]
    outputs = []
    for extra in ([], ["--dask", "local:2", "--dataset", str(tmp_path / "run")]):
        with pytest.raises(SystemExit) as e:
            main(args + extra)
        assert e.value.code == 0
        outputs.append(capsys.readouterr())
    assert outputs[0].out == outputs[1].out
    err = outputs[1].err
    assert "dask: 2 workers (2 threads), LocalCluster at tcp://127.0.0.1:" in err
    assert "; dashboard http://127.0.0.1:" in err and "/status" in err
    rows = pd.read_parquet(tmp_path / "run")
    assert list(rows["game"]) == list(range(120)) and (rows["seed"] == 8).all()


def test_bench_dask_workload_plays_the_same_games(dask):
    """`playtest bench --dask`: the goldfish games through the runner on the cluster are the
    local threads' games, and the entry carries its ratio against them."""
    import contextlib

    from experiments import benchproc
    from experiments.bench import Measures
    m = Measures(progress=lambda line: None)
    on(dask)
    benchproc.bench_dask(m, POOL, ids("mono_green_curve"), 1, 12, 60, 20, "local:2",
                         lambda: contextlib.nullcontext(dask))
    w = m.workloads["goldfish_dask"]
    assert w["status"] == "ok" and w["same_games"] is True and w["games"] == 60
    assert w["x_local"] > 0 and w["baselines"] == {"x_local": "goldfish_local"}
    assert m.workloads["goldfish_local"]["games"] == 60
