"""The one chunk runner every experiment plays its games through.

A run is one or more `Series` (what to play: a pool, decks, agents, how games start and
end) and a number of games per series. The runner plays each series in seeded chunks: game
`i` of a series always gets the same random stream (from the run's seed and `i`), so a
chunk is a self-contained unit of work (a later issue sends chunks to a cluster). Each
finished chunk becomes a DataFrame of per-game rows, labelled with the series' columns, and
is handed to the experiment's `consume(series_index, rows)` at once, which aggregates its
statistics chunk by chunk (memory stays flat) and may keep or write the rows.

It also does what every long run needs: the cold-start message and its throw-away game, a
progress line, and SIGINT / SIGTERM handling (a chunk is consumed whole or not at all, and
`Stopped` carries the series consumed so far: experiments/signals.py).

Series are played one after another, or side by side for sequential experiments (compare
--precision / --sprt: experiments/pairing.py), which stop once they have seen enough.
"""
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from experiments.signals import Stopped, held, stop_on_signals
from simcore.game import GameBatch


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


def warm_up(series, progress=True):
    """On a cold compile cache, say so and compile on one throw-away greedy game, so that
    the wait is announced and the progress line's games/s measures games."""
    if GameBatch.is_compiled():
        return
    if progress:
        print("compiling the game engine (first run only: 30-60 s on two cores)",
              file=sys.stderr, flush=True)
    from agents import GreedyAgent
    s = series
    b = GameBatch(s.pool, s.ids0, s.ids1, n_games=1, seed=0, max_turns=2)
    b.play([GreedyAgent()] * len(s.agents), np.random.default_rng(0))


def _chunks(n_series, games, chunk, side_by_side):
    """(series index, first game, games) of each chunk, in playing order: series after
    series, or side by side (games 0.. of every series, then the next chunk of each)."""
    starts = range(0, games, chunk)
    pairs = [(g0, k) for g0 in starts for k in range(n_series)] if side_by_side else \
        [(g0, k) for k in range(n_series) for g0 in starts]
    return [(k, g0, min(chunk, games - g0)) for g0, k in pairs]


def run(series, games, seed, to_rows, consume, chunk=1000, progress=True, on_close=None,
        side_by_side=False, enough=None):
    """Play `games` games of each series in chunks of `chunk`; for each finished chunk,
    `rows = to_rows(series, results)` (a DataFrame) then `consume(k, rows)` (k: the series'
    index), whole or not at all. `on_close()` runs last, after a stop too (closing files).
    SIGINT / SIGTERM / KeyboardInterrupt raise `Stopped`.
    `side_by_side`: a chunk of every series in turn (a round), not series after series:
    paired experiments compare series game by game, and a stop keeps whole rounds. With
    `enough` (side by side too), `enough()` is asked after each round: True ends the run
    there, and `games` is a cap. Returns the games played per series."""
    series = list(series)
    return run_chunks(series, games, seed,
                      lambda s, seed, game0, n: to_rows(s, s.play(seed, game0, n)), consume,
                      chunk=chunk, progress=progress, on_close=on_close,
                      warm=(lambda: warm_up(series[0], progress)) if series else None,
                      side_by_side=side_by_side, enough=enough,
                      # a series that plays each seed several times (experiments/paired.py)
                      # counts its games in the progress line
                      per=[getattr(s, "games_per_seed", 1) for s in series])


def run_chunks(units, games, seed, play, consume, chunk=1000, progress=True, on_close=None,
               warm=None, side_by_side=False, enough=None, per=None):
    """The chunk loop under `run`, for any work made of numbered games seeded from the run's
    seed and their number (a Series plays them through GameBatch; the castability count
    only deals hands and draws, no game engine, so it has no Series): for each chunk of
    `chunk` of each unit's `games` games, `result = play(unit, seed, game0, n)` then
    `consume(k, result)` (k: the unit's index), whole or not at all; the progress line,
    `warm()` first (a cold-start message), `on_close()` last, `side_by_side` and `enough`,
    and SIGINT / SIGTERM raising `Stopped`, as `run` says. Returns the games played per
    unit."""
    units = list(units)
    per = per or [1] * len(units)            # games a unit's "game" counts for (progress)
    total = games * sum(per)
    kept = 0
    with stop_on_signals():
        try:
            if warm is not None:
                warm()
            t0 = time.time()
            for k, g0, n in _chunks(len(units), games, chunk,
                                  side_by_side or enough is not None):
                result = play(units[k], seed, g0, n)
                with held():                # a chunk is consumed and counted, or neither
                    consume(k, result)
                    kept += n * per[k]
                if progress:
                    rate = kept / max(time.time() - t0, 1e-9)
                    done = f"{kept}/{total}" if enough is None else f"{kept} (at most {total})"
                    print(f"\r{done} games  {rate:,.0f} games/s", end="", file=sys.stderr,
                          flush=True)
                if enough is not None and k == len(units) - 1 and enough():
                    break
            if progress and total:
                print(file=sys.stderr)
            return kept // max(sum(per), 1)
        except KeyboardInterrupt as e:
            if progress:
                print(file=sys.stderr)
            raise Stopped(getattr(e, "signum", 2)) from None
        finally:
            if on_close is not None:
                with held(drop=True):
                    on_close()


def run_table(series, games, seed, to_rows, consume, table, chunk=1000, progress=True,
              out=None):
    """`run`, for a command whose result is a table made from what it consumed: returns
    `table()` (written to `out`, .parquet or .csv, if given); a stop raises `Stopped`
    carrying the table of the chunks consumed so far."""
    try:
        run(series, games, seed, to_rows, consume, chunk=chunk, progress=progress)
    except Stopped as e:
        raise Stopped(e.signum, table()) from None
    df = table()
    if out:
        w = ChunkWriter(out)
        w.write(df)
        w.close()
    return df


class ChunkWriter:
    """Appends result chunks to a Parquet or CSV file as they finish (the path is checked
    before the run: experiments/paths.py)."""

    def __init__(self, path):
        from experiments.paths import check_output_path
        check_output_path(path, "--out", (".parquet", ".csv"))
        self.path = str(path)
        self.writer = None
        self.rows = 0

    def write(self, df):
        if self.path.endswith(".csv"):
            df.to_csv(self.path, mode="w" if self.rows == 0 else "a", header=self.rows == 0,
                      index=False)
        else:
            import pyarrow as pa
            import pyarrow.parquet as pq
            table = pa.Table.from_pandas(df, preserve_index=False)
            if self.writer is None:
                self.writer = pq.ParquetWriter(self.path, table.schema)
            self.writer.write_table(table)
        self.rows += len(df)

    def close(self):
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def collect(frames):
    """The rows of consumed chunks as one DataFrame (empty if none)."""
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
