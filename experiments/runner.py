"""The one chunk runner every experiment plays its games through.

A run is one or more `Series` (what to play: a pool, decks, agents, how games start and
end) and a number of games per series. The runner plays each series in seeded chunks: game
`i` of a series always gets the same random stream (from the run's seed and `i`), so a
chunk is a self-contained unit of work, played here or as a task on a Dask cluster
(`Plan`, experiments/backends.py). Each finished chunk becomes a DataFrame of rows (made by
the experiment's `to_rows`, where the chunk was played) and is handed to the experiment's
`consume(series_index, rows)` in the chunk order of `Chunks`, whatever finished first, so
every statistic is the same wherever the chunks ran; `consume` aggregates them chunk by
chunk (memory stays flat) and may keep or write the rows. With a dataset
(experiments/dataset.py) each finished chunk is also written to a Parquet file of its own,
and a resumed run reads those back instead of playing them.

It also does what every long run needs: the cold-start message and its throw-away game, a
progress line, and SIGINT / SIGTERM handling (a chunk is consumed whole or not at all, and
`Stopped` carries the series consumed so far: experiments/signals.py).

Series are played one after another, or side by side for sequential experiments (compare
--precision / --sprt: experiments/pairing.py), which stop once they have seen enough.
"""
import functools
import os
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from experiments.paths import OutputFailed, writing
from experiments.progress import ProgressLine, say_compiling
from experiments.signals import STOPS, Stopped, held, stop_on_signals
from simcore.errors import PlaytestError
from simcore.game import GameBatch
from simcore.memory import memory_available
from simcore.seeds import check_games


@dataclass
class Series:
    """Games of one deck against one opponent (or goldfish), with given agents.

    `ids0`, `ids1`: card ids of the decks (ids1 None: goldfish); `agents`: one agent per
    player; `labels`: columns every row of the series carries (deck, opponent, agents, ...);
    `batch`: keyword arguments for GameBatch (start, max_turns, target_card, ...);
    `prepare(batch)`: called on each new batch before it plays (experiments that set flow
    planes, e.g. a condition to watch)."""
    pool: object
    ids0: np.ndarray
    ids1: np.ndarray = None
    agents: list = field(default_factory=list)
    labels: dict = field(default_factory=dict)
    batch: dict = field(default_factory=dict)
    prepare: object = None

    def play(self, seed, game0, n):
        """Games game0 .. game0 + n - 1 of this series: GameBatch.results() arrays, and what
        the games recorded under "records" (GameBatch.records())."""
        b = GameBatch(self.pool, self.ids0, self.ids1, n_games=n, seed=seed, game0=game0,
                      **self.batch)
        if self.prepare is not None:
            self.prepare(b)
        # agents draw their own randomness from the run's seed and the chunk's first game
        b.play(self.agents, np.random.default_rng([seed, game0, 7919]))
        return dict(b.results(), records=b.records())

    def batch_bytes(self, n):
        """About the memory a batch of n of these games takes (GameBatch.batch_bytes)."""
        return GameBatch.batch_bytes(self.pool, self.ids0, self.ids1, n,
                                     self.batch.get("max_turns", 30))


def warm_up(series, progress=True):
    """On a cold compile cache, say so and compile on one throw-away greedy game, so that
    the wait is announced and the progress line's games/s measures games."""
    if GameBatch.is_compiled():
        return
    if progress:
        say_compiling("the game engine", "30-60 s on two cores")
    from agents import GreedyAgent
    s = series
    b = GameBatch(s.pool, s.ids0, s.ids1, n_games=1, seed=0, max_turns=2)
    b.play([GreedyAgent()] * len(s.agents), np.random.default_rng(0))


class Chunks:
    """The run's chunks in playing order, (series index, first game, games) each: series
    after series, or side by side (games 0.. of every series, then the next chunk of each).
    Chunk i is worked out when asked, nothing is listed, so a run's memory does not grow
    with its games (a list of every chunk took 5.3 GB before the first game of 10^11)."""

    def __init__(self, n_series, games, chunk, side_by_side):
        self.n_series, self.games, self.chunk = int(n_series), int(games), int(chunk)
        self.side_by_side = bool(side_by_side)
        self.per = -(-self.games // self.chunk)         # chunks of a series
        self.count = self.per * self.n_series

    def __getitem__(self, i):
        if not 0 <= i < self.count:
            raise IndexError(f"chunk {i} of {self.count}")
        j, k = divmod(i, self.n_series) if self.side_by_side else divmod(i, self.per)[::-1]
        g0 = j * self.chunk
        return k, g0, min(self.chunk, self.games - g0)

    def __iter__(self):
        return (self[i] for i in range(self.count))


CHUNK = 1000                # games a chunk when the command does not say


@dataclass
class Plan:
    """Where a run plays its chunks and keeps them: `backend` (experiments/backends.py:
    Local, the default, or Dask), `dataset` (a folder: one Parquet file per finished chunk
    and a manifest, experiments/dataset.py) and `resume` (continue the run in `dataset`)."""
    backend: object = None
    dataset: str = None
    resume: bool = False


class ChunkError(PlaytestError):
    """A chunk raised: the run stops, the chunks finished before it kept."""


def run(series, games, seed, to_rows, consume, chunk=None, progress=True, on_close=None,
        side_by_side=False, enough=None, plan=None, command=None):
    """Play `games` games of each series in chunks of `chunk` (None: CHUNK, or on a cluster
    the size that keeps its overhead small); for each finished chunk,
    `rows = to_rows(series, results)` (a DataFrame) then `consume(k, rows)` (k: the series'
    index), whole or not at all. `on_close()` runs last, after a stop too (closing files).
    SIGINT / SIGTERM / KeyboardInterrupt raise `Stopped`.
    `side_by_side`: a chunk of every series in turn (a round), not series after series:
    paired experiments compare series game by game, and a stop keeps whole rounds. With
    `enough` (side by side too), `enough()` is asked after each round: True ends the run
    there, and `games` is a cap. `plan`: where the chunks are played and kept (Plan);
    `command` names the run in a dataset's manifest. Returns the games played per series."""
    series = list(series)
    return run_chunks(series, games, seed, functools.partial(_play_rows, to_rows), consume,
                      chunk=chunk, progress=progress, on_close=on_close,
                      warm=(lambda: warm_up(series[0], progress)) if series else None,
                      side_by_side=side_by_side, enough=enough,
                      # a series that plays each seed several times (experiments/paired.py)
                      # counts its games in the progress line
                      per=[getattr(s, "games_per_seed", 1) for s in series], plan=plan,
                      command=command)


def _play_rows(to_rows, s, seed, game0, n):
    """What a chunk's task runs (here or on a worker): the rows of games game0.. of `s`."""
    return to_rows(s, s.play(seed, game0, n))


def _one_line(e):
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def run_chunks(units, games, seed, play, consume, chunk=None, progress=True, on_close=None,
               warm=None, side_by_side=False, enough=None, per=None, plan=None, command=None,
               default_chunk=CHUNK):
    """The chunk loop under `run`, for any work made of numbered games seeded from the run's
    seed and their number (a Series plays them through GameBatch; the castability count
    only deals hands and draws, no game engine, so it has no Series): for each chunk of
    `chunk` (None: `default_chunk`, or what the backend's overhead asks) of each unit's
    `games` games, `result = play(unit, seed, game0, n)` then `consume(k, result)` (k: the
    unit's index), whole or not at all, in the order of `Chunks` whatever the backend
    finishes first; the progress line, `warm()` first (a cold-start message), `on_close()`
    last, `side_by_side`, `enough`, `plan` and SIGINT / SIGTERM raising `Stopped`, as `run`
    says. A chunk that raises stops the run with `ChunkError` (one line naming the chunk).
    With a dataset, each finished chunk is written there before it is consumed, and a
    resumed run reads the finished ones back instead of playing them. Returns the games
    played per unit."""
    from experiments.backends import ChunkFailed, Local
    from experiments.dataset import Dataset, identity
    units = list(units)
    check_games(games)
    plan = plan or Plan()
    backend = plan.backend or Local()
    per = per or [1] * len(units)            # games a unit's "game" counts for (progress)
    total = games * sum(per)
    rounds = side_by_side or enough is not None
    kept = 0
    ds = None
    pending = {}                             # chunk index -> the backend's handle
    line = None                              # the progress line, once chunks are played
    complete = ended = False
    with stop_on_signals():
        try:
            ident = identity(command, units, games, seed, rounds) if plan.dataset else None
            if plan.dataset and plan.resume:
                ds = Dataset.resume(plan.dataset, ident, chunk)
                chunk = ds.chunk
            if backend.name == "local":      # a batch in this process: before compiling
                check_batch(units, min(games, chunk or default_chunk))
            if warm is not None and backend.warms_here:
                warm()
            if units:
                backend.start(play, units[0], seed, progress)
            if chunk is None:
                chunk = backend.chunk_size(default_chunk, play, units[0], seed, progress) \
                    if units else default_chunk
            jobs = Chunks(len(units), games, chunk, rounds)
            if plan.dataset and ds is None:
                ds = Dataset.create(plan.dataset, ident, chunk, jobs.count)
            window = backend.window          # chunks submitted (or read) ahead of the next
            ready = {}                       # finished out of order, not yet consumed
            ahead = head = 0                 # next chunk to submit; next to consume
            played = 0.0                     # seconds the backend spent playing
            t0 = time.time()
            line = ProgressLine() if progress else None
            while head < jobs.count:
                while ahead < jobs.count and ahead - head < window:
                    if ds is None or not ds.has(ahead):
                        k, g0, n = jobs[ahead]
                        pending[ahead] = backend.submit(play, units[k], seed, g0, n)
                    ahead += 1
                if head in pending:
                    try:
                        finished = backend.wait(pending)
                    except ChunkFailed as e:
                        k, g0, n = jobs[e.index]
                        raise ChunkError(f"chunk {e.index} (games {g0}-{g0 + n - 1} of series "
                                         f"{k}): {_one_line(e.error)}") from None
                    for i, result, seconds in finished:
                        del pending[i]
                        played += seconds
                        if ds is not None:
                            with held():    # a file and the manifest's line, or neither
                                ds.write(i, result)
                        ready[i] = result
                    continue
                k, g0, n = jobs[head]
                result = ready.pop(head) if head in ready else ds.read(head)
                with held():                # a chunk is consumed and counted, or neither
                    consume(k, result)
                    kept += n * per[k]
                head += 1
                if progress:
                    rate = kept / max(time.time() - t0, 1e-9)
                    done = f"{kept}/{total}" if enough is None else f"{kept} (at most {total})"
                    line.show(f"{done} games  {rate:,.0f} games/s")
                if enough is not None and k == len(units) - 1 and enough():
                    break
            complete = True
            if progress and total:
                line.end()
                note = backend.report(played, time.time() - t0)
                if note:
                    print(note, file=sys.stderr)
            ended = True
            return kept // max(sum(per), 1)
        except KeyboardInterrupt as e:
            raise Stopped(getattr(e, "signum", 2)) from None
        finally:
            if line is not None:
                line.end()      # a stop's or an error's line starts a line of its own
            with held(drop=True):
                backend.cancel(pending)
                _close_all([(lambda: ds.close(complete)) if ds is not None else None,
                            on_close], quiet=not ended)


def _close_all(steps, quiet):
    """Run each of `steps` (closing a run's files; None: none); an output that could not be
    written is raised once all have run, unless `quiet`: the run is failing already, and
    its own error (a stop, a chunk's) is the one to say."""
    failed = None
    for step in steps:
        try:
            if step is not None:
                step()
        except OutputFailed as e:
            failed = failed or e
    if failed is not None and not quiet:
        raise failed


def check_batch(units, n, flag="--batch-size"):
    """A batch of `n` games of each unit (those that say what a game takes: `batch_bytes`)
    fits in the memory free here; else one line giving the most that does."""
    free = memory_available()
    if free is None or n <= 1:
        return
    for unit in units:
        size = getattr(unit, "batch_bytes", None)
        need = size(n) if size is not None else 0
        if need > free:
            one = max(1, need // n)
            raise PlaytestError(f"{flag} {n:,}: a batch of {n:,} games of these decks takes "
                                f"about {_gb(need)} ({one:,} bytes a game), more than the "
                                f"{_gb(free)} of memory free here: at most {free // one:,} "
                                f"games a batch")


def _gb(n):
    return f"{n / 2**30:,.1f} GiB"


def ignored_text(series) -> str:
    """The cards of the series' pools whose text the engine ignores, in words (the card
    database's partly supported cards, taken with --allow-partial), or ""."""
    for s in series:
        db_cards = getattr(s.pool, "db_cards", None)
        if db_cards is not None and db_cards.ignored_text():
            return db_cards.ignored_text()
    return ""


def run_table(series, games, seed, to_rows, consume, table, chunk=None, progress=True,
              out=None, plan=None, command=None):
    """`run`, for a command whose result is a table made from what it consumed: returns
    `table()` (written to `out`, .parquet or .csv, if given); a stop, or an output that
    cannot be written (`OutputFailed`), raises carrying the table of the chunks consumed so
    far."""
    try:
        run(series, games, seed, to_rows, consume, chunk=chunk, progress=progress, plan=plan,
            command=command)
        df = table()
        ignored = ignored_text(series)
        if ignored:         # cards whose text the engine ignored (--allow-partial): said
            df = df.assign(ignored_text=ignored)
        if out:
            w = ChunkWriter(out)
            try:
                w.write(df)
            except OutputFailed:
                _close_all([w.close], quiet=True)
                raise
            w.close()
    except STOPS as e:
        raise e.keeping(table()) from None
    return df


class ChunkWriter:
    """Appends result chunks to a Parquet or CSV file as they finish (the path is checked
    before the run: experiments/paths.py). A write that fails is `OutputFailed` (`flag`):
    a CSV is cut back to the chunks written whole."""

    def __init__(self, path, flag="--out"):
        from experiments.paths import check_output_path
        check_output_path(path, flag, (".parquet", ".csv"))
        self.path, self.flag = str(path), flag
        self.writer = None
        self.rows = 0

    def write(self, df):
        with writing(self.flag, self.path):
            if self.path.endswith(".csv"):
                self._append_csv(df)
            else:
                import pyarrow as pa
                import pyarrow.parquet as pq
                table = pa.Table.from_pandas(df, preserve_index=False)
                if self.writer is None:
                    self.writer = pq.ParquetWriter(self.path, table.schema)
                self.writer.write_table(table)
        self.rows += len(df)

    def _append_csv(self, df):
        size = os.path.getsize(self.path) if self.rows else 0
        try:
            df.to_csv(self.path, mode="w" if self.rows == 0 else "a", header=self.rows == 0,
                      index=False)
        except OSError:
            try:
                os.truncate(self.path, size)
            except OSError:
                pass
            raise

    def close(self):
        if self.writer is not None:
            writer, self.writer = self.writer, None
            with writing(self.flag, self.path):
                writer.close()


def collect(frames):
    """The rows of consumed chunks as one DataFrame (empty if none)."""
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
