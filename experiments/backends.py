"""Where a run's chunks are played: on this machine's numba threads (`Local`, the default) or
on a Dask cluster (`Dask`): `--dask local[:N]` starts a LocalCluster of N single-threaded
worker processes here, `--dask tcp://HOST:PORT` joins a running scheduler.

The one chunk loop (experiments/runner.py run_chunks) drives either through the same calls:
`submit(fn, *args)` a handle, `wait(handles)` the handles done (at least one) with their
results, `cancel(handles)`. It submits at most `window` chunks ahead and consumes them in
its own order, so every statistic is the same whatever finishes first. A task is a chunk:
`fn(unit, seed, game0, n)`, the rows the command makes of those games, played on one thread.

Faults are Dask's: a task whose worker dies is run again elsewhere (the scheduler's
`allowed-failures`, 3 by default); a task that raises is not retried (`ChunkFailed`).
"""
import logging
import math
import os
import sys
import time

# a chunk's fixed cost on a cluster (scheduling, sending the task and its rows) is kept under
# this share of the chunk's time (Dask.chunk_size)
OVERHEAD_SHARE = 0.05
INSTALL = "pip install 'playtest[dask]'"


class ChunkFailed(Exception):
    """Chunk `index` raised `error` (locally or on a worker)."""

    def __init__(self, index, error):
        super().__init__(index, error)
        self.index, self.error = index, error


class Local:
    """Chunks played one at a time in this process, on numba's threads."""
    window = 1                  # nothing is played ahead: a stop loses no work
    warms_here = True
    name = "local"

    def start(self, play, unit, seed, progress=True):
        pass

    def chunk_size(self, default, play, unit, seed, progress=True):
        return default

    def submit(self, fn, *args):
        return (fn, args)

    def wait(self, handles):
        i = min(handles)
        fn, args = handles[i]
        try:
            t0 = time.perf_counter()
            result = fn(*args)
        except Exception as e:
            raise ChunkFailed(i, e) from e
        return [(i, result, time.perf_counter() - t0)]

    def cancel(self, handles):
        pass

    def report(self, seconds, wall):
        return None

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _on_one_thread():
    """A task plays on one thread: a worker runs as many tasks at once as it has threads."""
    import numba
    if numba.get_num_threads() != 1:
        numba.set_num_threads(1)


def _timed(fn, *args):
    """fn(*args) on a worker, and the seconds it took there."""
    _on_one_thread()
    t0 = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t0


def _together(fn, unit):
    """A run's play function and unit, as one task's result on the cluster (Dask.submit)."""
    return fn, unit


def _timed_chunk(sent, *args):
    """A chunk on a worker from the (fn, unit) sent once: fn(unit, *args) and its seconds."""
    fn, unit = sent
    return _timed(fn, unit, *args)


def _warm(fn, unit, seed):
    """One game on a worker (the engine loaded from the compile cache, or compiled once), and
    the code it runs: playtest's version, the engine's cache name and its Python sources'
    hash."""
    import simcore
    from experiments.dataset import code
    from simcore.game import GameBatch
    _on_one_thread()
    try:
        fn(unit, seed, 0, 1)
    except Exception:       # (a broken agent, say): the run's chunks report it, by chunk
        pass
    return simcore.__version__, GameBatch.engine(), code()


OWN_PACKAGES = ("agents", "simcore", "experiments")


def _agents(unit):
    for s in getattr(unit, "series", [unit]):
        for a in getattr(s, "agents", ()):
            while a is not None:
                yield a
                a = getattr(a, "agent", None)      # a wrapper (agents/mulligan.py)


def _send_agents_by_value(unit):
    """A user's agent (`--agent module:Class`) is often a file beside the deck, not an
    installed package: its module travels with the tasks (cloudpickle by value), so the
    workers need only what it imports."""
    import cloudpickle
    for a in _agents(unit):
        mod = sys.modules.get(type(a).__module__)
        if mod is not None and mod.__name__ != "__main__" and \
                mod.__name__.split(".")[0] not in OWN_PACKAGES:
            cloudpickle.register_pickle_by_value(mod)


def local_workers_limit():
    """The most worker processes `--dask local:N` starts: two a core. Each plays on one core
    and holds the engine (~350 MB, docs/performance.md): more only share the cores and
    fill the memory."""
    return max(4, 2 * (os.cpu_count() or 1))


def parse_address(text):
    """--dask: ("local", N or None) or ("scheduler", address)."""
    from simcore.errors import PlaytestError
    t = str(text).strip()
    if t == "local" or t.startswith("local:"):
        n = t.partition(":")[2]
        if not n:
            return "local", None
        if n.isdigit() and int(n) > local_workers_limit():
            raise PlaytestError(f"--dask {t}: at most {local_workers_limit()} worker processes "
                                f"here (two a core: each plays on one core and holds the "
                                f"engine, ~350 MB), got {int(n):,}")
        if n.isdigit() and int(n) > 0:
            return "local", int(n)
    elif "://" in t and t.split("://", 1)[1]:
        return "scheduler", t
    raise PlaytestError(f"--dask: expected local, local:N (N worker processes here) or "
                        f"tcp://HOST:PORT (a running scheduler), got {text!r}")


class Dask:
    """Chunks played as tasks of a Dask cluster: `address` is "local", "local:N" or a
    scheduler's address. `window`: chunks submitted ahead (two per worker thread)."""
    warms_here = False
    name = "dask"

    def __init__(self, address, dashboard="127.0.0.1:8787"):
        from simcore.errors import PlaytestError
        kind, where = parse_address(address)
        try:
            import distributed
        except ImportError:
            raise PlaytestError(f"--dask needs Dask, which is not installed: {INSTALL}") \
                from None
        self.distributed = distributed
        self.cluster = None
        if kind == "local":
            n = where or os.cpu_count() or 1
            # workers share this process's compile cache folder (the environment is
            # inherited): each loads the engine from it, or the first compiles it
            try:
                self.cluster = distributed.LocalCluster(
                    n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                    dashboard_address=dashboard, silence_logs=logging.ERROR,
                    env={"NUMBA_NUM_THREADS": "1"})
            except Exception as e:
                raise PlaytestError(f"--dask {address}: the LocalCluster did not start: "
                                    f"{type(e).__name__}: {e}") from None
            self.client = distributed.Client(self.cluster)
            self.warms_here = True      # one compile here on a cold cache, not N at once
        else:
            try:
                self.client = distributed.Client(where, timeout="10s")
            except (OSError, TimeoutError) as e:
                raise PlaytestError(f"--dask {where}: cannot reach the scheduler: "
                                    f"{type(e).__name__}: {e}") from None
            try:
                self.client.wait_for_workers(1, timeout=60)
            except TimeoutError:
                self.client.close()
                raise PlaytestError(f"--dask {where}: no worker joined the scheduler in 60 s "
                                    f"(start some: dask worker {where})") from None
        self.address = self.client.scheduler.address
        self.overhead = None
        self._sent = {}         # (id(fn), id(unit)) -> (fn, unit, the future holding both)

    @property
    def threads(self):
        return sum(w["nthreads"] for w in
                   self.client.scheduler_info()["workers"].values()) or 1

    @property
    def window(self):
        return 2 * self.threads

    def describe(self):
        workers = self.client.scheduler_info()["workers"]
        what = "LocalCluster" if self.cluster is not None else "scheduler"
        return (f"dask: {len(workers)} worker{'s' if len(workers) != 1 else ''} "
                f"({self.threads} thread{'s' if self.threads != 1 else ''}), {what} at "
                f"{self.address}; dashboard {self.client.dashboard_link}")

    def start(self, play, unit, seed, progress=True):
        """One game on every worker first: each loads (or compiles) the engine once, and says
        which code it runs; a worker of another version, engine or code is refused, since its
        games could differ."""
        import simcore
        from experiments.dataset import code
        from simcore.errors import PlaytestError
        from simcore.game import GameBatch
        mine = (simcore.__version__, GameBatch.engine(), code())
        self._sent.clear()      # the last run's units, no longer needed there
        _send_agents_by_value(unit)
        workers = list(self.client.scheduler_info()["workers"])
        futures = [self.client.submit(_warm, play, unit, seed, workers=[w],
                                      allow_other_workers=False, pure=False)
                   for w in workers]
        for w, f in zip(workers, futures):
            try:
                theirs = tuple(f.result())
            except Exception as e:
                raise PlaytestError(f"--dask: the worker at {w} cannot play the run's games: "
                                    f"{type(e).__name__}: {e}") from None
            if theirs[:2] != mine[:2]:
                raise PlaytestError(f"--dask: the worker at {w} runs playtest {theirs[0]} "
                                    f"(engine {theirs[1]}), this process {mine[0]} (engine "
                                    f"{mine[1]}): install the same playtest everywhere")
            if theirs != mine:
                raise PlaytestError(f"--dask: the worker at {w} runs other playtest code "
                                    f"(sources {theirs[2]}, here {mine[2]}): install the "
                                    f"same playtest everywhere")

    def chunk_size(self, default, play, unit, seed, progress=True):
        """Games a chunk so that a task's fixed cost stays under OVERHEAD_SHARE of its time:
        three probe chunks of a tenth of `default` games each, timed on the worker and
        around the call here; the fixed cost is the median of the differences (scheduling,
        sending the task and its rows), a game's time the median on the worker. At least
        `default`, in steps of a tenth of it."""
        probe = max(1, default // 10)
        fixed, per_game = [], []
        for _ in range(3):
            t0 = time.perf_counter()
            _, inside = self.submit(play, unit, seed, 0, probe).result()
            fixed.append(max(time.perf_counter() - t0 - inside, 0.0))
            per_game.append(inside / probe)
        fixed, per_game = sorted(fixed)[1], sorted(per_game)[1]
        need = fixed * (1 - OVERHEAD_SHARE) / (OVERHEAD_SHARE * max(per_game, 1e-9))
        chunk = max(default, probe * math.ceil(need / probe))
        self.overhead = (fixed, per_game, chunk)
        if progress:
            share = fixed / (fixed + chunk * per_game)
            game = f"{per_game * 1000:.2f} ms" if per_game >= 1e-4 else \
                f"{per_game * 1e6:.2f} us"
            print(f"dask: chunks of {chunk} games (a task's fixed cost {fixed * 1000:.1f} ms, "
                  f"a game {game}: {share:.1%} of a chunk)", file=sys.stderr, flush=True)
        return chunk

    def submit(self, fn, unit, *args):
        """Chunk `args` of `unit`: the unit (its card pool, decks and agents) and `fn` are sent
        once per run as a task's result that the chunks depend on, not with every chunk. Sent
        with each, the scheduler unpickled a copy per task and its message logs kept the last
        thousand: this process grew by about 100 KB a task, to 500 MB in a 10^7-game run. A
        task rather than scattered data, so a worker's death loses nothing Dask cannot
        make again."""
        key = (id(fn), id(unit))
        if key not in self._sent:
            self._sent[key] = (fn, unit, self.client.submit(_together, fn, unit, pure=False))
        return self.client.submit(_timed_chunk, self._sent[key][2], *args, pure=False)

    def wait(self, handles):
        done, _ = self.distributed.wait(list(handles.values()), return_when="FIRST_COMPLETED")
        out = []
        for i, f in sorted(handles.items()):
            if f not in done:
                continue
            if f.status != "finished":
                try:
                    error = f.exception()
                except Exception as e:      # cancelled: the cluster went away
                    error = e
                raise ChunkFailed(i, error)
            result, seconds = f.result()
            out.append((i, result, seconds))
        return out

    def cancel(self, handles):
        if handles:
            self.client.cancel(list(handles.values()))

    def report(self, seconds, wall):
        """The share of the workers' time spent playing, over the chunks played here."""
        if wall <= 0 or seconds <= 0:
            return None
        return (f"dask: the workers played {min(seconds / (wall * self.threads), 1):.0%} of "
                f"the time ({self.threads} threads, {wall:.1f} s)")

    def close(self):
        self._sent.clear()
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def backend(address=None):
    """The backend `--dask` names (None: Local)."""
    return Local() if address is None else Dask(address)
