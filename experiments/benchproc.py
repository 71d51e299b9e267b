"""The measures of `playtest bench` (experiments/bench.py) made outside its process or its
engine: memory per game and the cold and warm start, each in a process of its own, the Dask
workload through the runner, and the machine the figures come from.

The Dask workload plays the same goldfish games through `runner.run` twice: on local
threads, then on the cluster `--dask SPEC` names (experiments/backends.py, started only for
that workload so its idle workers do not share the cores with the other measures). Without
Dask installed the workload is recorded as "not available"."""
import datetime
import importlib.util
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from agents import GreedyAgent
from experiments import backends, runner

ROOT = Path(__file__).resolve().parents[1]
# the memory child: experiments/bench.py's rss_child, printing one line "RSS {json}"
RSS_CHILD = "from experiments.bench import rss_child; rss_child({!r}, {!r}, {}, {}, {}, {})"


def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def cpu_model():
    """The CPU's model name from /proc/cpuinfo (Linux), else what platform says."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine():
    """Cores (those this process may use, and all), CPU model, system."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return dict(cores=usable, cpu_count=os.cpu_count(), cpu=cpu_model(),
                system=platform.platform())


def git_commit(root):
    """The checkout's commit (with "+dirty" if files differ), or None."""
    try:
        sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root,
                             capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if sha.returncode != 0:
        return None
    return sha.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


def peak_rss_bytes():
    """This process's peak resident memory since the last reset_peak_rss (Linux: VmHWM of
    /proc/self/status), else since it started (getrusage: KiB on Linux, bytes on macOS)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def reset_peak_rss():
    """Start the peak over from the current RSS (Linux 4.0+: "5" to /proc/self/clear_refs),
    so that a batch's peak is not the engine load's: with one snapshot per thread a
    10,000-game batch peaked below what loading the engine took, and the growth read 0.
    False where the system cannot."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def run_child(cmd, env=None):
    """Run a command in the checkout (this process's environment by default, its cache
    folders made absolute); (seconds, CompletedProcess)."""
    if env is None:
        env = dict(os.environ)
        for k in ("PLAYTEST_CACHE_DIR", "NUMBA_CACHE_DIR"):
            if env.get(k):
                env[k] = os.path.abspath(env[k])
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True,
                       stdin=subprocess.DEVNULL)
    return time.perf_counter() - t0, r


def why_failed(r):
    tail = (r.stderr or r.stdout or "").strip().splitlines()
    return f"exit {r.returncode}" + (f": {tail[-1][:200]}" if tail else "")


def bench_memory(m, deck, opponent, seed, max_turns, large, state_bytes):
    """Peak RSS growth per game: a process plays a greedy-vs-greedy batch of a tenth of
    `large` games, then one of `large` (both recording, as `simulate` does); the growth of
    its peak between the two, over the games between them. With the state's bytes per
    game."""
    label = "memory (peak RSS growth per game)"
    if large < 2:
        m.absent("memory", label, "skipped", "--memory-games 0")
        return
    small = max(1, large // 10)
    cmd = [sys.executable, "-c", RSS_CHILD.format(str(deck), str(opponent), small, large,
                                                  seed, max_turns)]
    _, r = run_child(cmd)
    line = [x for x in r.stdout.splitlines() if x.startswith("RSS ")]
    if r.returncode != 0 or not line:
        m.absent("memory", label, "failed", why_failed(r))
        return
    got = json.loads(line[-1][4:])
    growth = (got["peak_large"] - got["peak_small"]) / (large - small)
    m.games("memory", label, large, got["seconds"],
            note=f"{growth / 1e3:.1f} KB per game ({small} then {large} games); state "
                 f"{state_bytes} bytes", small_games=small,
            peak_rss_bytes_per_game=round(growth), peak_rss_bytes=got["peak_large"],
            state_bytes_per_game=state_bytes)


def cold_env(cache):
    """The environment of a cold start: an empty compile cache, the compile helper on."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "PLAYTEST_COMPILE_HELPER")}
    env["PLAYTEST_CACHE_DIR"] = cache
    return env


def bench_starts(m, deck, opponent, seed, games, cold):
    """`playtest simulate` of a few greedy-vs-greedy games in a new process: with an empty
    compile cache (cold, the compile helper on, as a first run gets it), then with this
    process's warm one; the ratio warm / cold."""
    if games <= 0:
        for key in ("cold_start", "warm_start"):
            m.absent(key, key.replace("_", " "), "skipped", "--start-games 0")
        return
    cmd = [sys.executable, "-m", "experiments", "simulate", str(deck), "--vs", str(opponent),
           "--games", str(games), "--seed", str(seed)]
    cold_secs = None
    if cold:
        with tempfile.TemporaryDirectory(prefix="playtest-cold-") as cache:
            cold_secs, r = run_child(cmd, cold_env(cache))
        if r.returncode != 0:
            m.absent("cold_start", "cold start", "failed", why_failed(r))
            cold_secs = None
        else:
            m.games("cold_start", "cold start (simulate, empty cache)", games, cold_secs,
                    note="compile helper on", cache="empty", compile_helper=True)
    else:
        m.absent("cold_start", "cold start", "skipped",
                 "--quick: --cold measures it, 30-60 s on two cores")
    secs, r = run_child(cmd)
    if r.returncode != 0:
        m.absent("warm_start", "warm start", "failed", why_failed(r))
        return
    m.games("warm_start", "warm start (simulate, warm cache)", games, secs,
            cold_secs / secs if cold_secs else None,
            "cold / warm" if cold_secs else "", cache="warm")
    if cold_secs:
        m.ratio("warm_start", "cold_start", cold_secs / secs, name="cold_start")


def dask_backend(spec):
    """A function starting the Dask backend `spec` names ("local:2"), or None when Dask is
    not installed. A bad spec raises (PlaytestError: one line, exit 2) before the bench."""
    backends.parse_address(spec)
    if importlib.util.find_spec("distributed") is None:
        return None
    return lambda: backends.Dask(spec, dashboard="127.0.0.1:0")


def dask_workload(pool, ids0, seed, max_turns, games, chunk, backend):
    """The same goldfish games through the runner on local threads, then on `backend`
    (experiments/backends.py): (local seconds, Dask seconds, same games)."""
    series = [runner.Series(pool, ids0, None, agents=[GreedyAgent()],
                            batch=dict(start="random", max_turns=max_turns))]
    # untimed: each worker loads the engine once, as at the start of any long run
    runner.run(series, min(games, chunk), seed, _results_frame, lambda k, rows: None,
               chunk=chunk, progress=False, plan=runner.Plan(backend=backend))
    out = []
    for plan in (None, runner.Plan(backend=backend)):
        frames = []
        t0 = time.perf_counter()
        runner.run(series, games, seed, _results_frame, lambda k, rows: frames.append(rows),
                   chunk=chunk, progress=False, plan=plan)
        out.append((time.perf_counter() - t0, pd.concat(frames, ignore_index=True)))
    (local, rows_local), (dask, rows_dask) = out
    return local, dask, rows_local.equals(rows_dask)


def _results_frame(series, results):
    return pd.DataFrame({k: np.asarray(v) for k, v in results.items() if k != "records"})


def bench_dask(m, pool, ids0, seed, max_turns, games, chunk, spec, start):
    """`--dask SPEC`: goldfish games through the runner on Dask against the same games on
    local threads (x_local: Dask's speed over local threads'). `start`: dask_backend's
    function (None: Dask is not installed). The cluster's start and its workers' engine load
    are outside the timing (dask_workload): the figure is a long run's steady pace."""
    if not spec:
        m.absent("goldfish_dask", "dask", "skipped", "not asked: --dask local:2 measures it")
        return
    if start is None:
        m.absent("goldfish_dask", "dask", "not available",
                 f"--dask {spec}: Dask is not installed ({backends.INSTALL})")
        return
    label = f"goldfish through the runner, dask {spec}"
    with start() as backend:
        local, dask, same = dask_workload(pool, ids0, seed, max_turns, games, chunk, backend)
    m.games("goldfish_local", "goldfish through the runner, local", games, local)
    m.games("goldfish_dask", label, games, dask, local / dask,
            f"dask / local threads; same games: {'yes' if same else 'NO'}", dask=spec,
            same_games=same)
    m.ratio("goldfish_dask", "goldfish_local", local / dask, name="local")
