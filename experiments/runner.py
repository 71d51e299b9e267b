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
        print("compiling the game engine (first run only: about a minute on two cores)",
              file=sys.stderr, flush=True)
    from agents import GreedyAgent
    s = series
    b = GameBatch(s.pool, s.ids0, s.ids1, n_games=1, seed=0, max_turns=2)
    b.play([GreedyAgent()] * len(s.agents), np.random.default_rng(0))


def run(series, games, seed, to_rows, consume, chunk=1000, progress=True, on_close=None):
    """Play `games` games of each series in chunks of `chunk`; for each finished chunk,
    `rows = to_rows(series, results)` (a DataFrame) then `consume(k, rows)` (k: the series'
    index), whole or not at all. `on_close()` runs last, after a stop too (closing files).
    SIGINT / SIGTERM / KeyboardInterrupt raise `Stopped`."""
    series = list(series)
    # a series that plays each seed several times (experiments/paired.py) counts its games
    per = [getattr(s, "games_per_seed", 1) for s in series]
    total = games * sum(per)
    kept = 0
    with stop_on_signals():
        try:
            if series:
                warm_up(series[0], progress)
            t0 = time.time()
            for k, s in enumerate(series):
                done = 0
                while done < games:
                    n = min(chunk, games - done)
                    rows = to_rows(s, s.play(seed, done, n))
                    with held():            # a chunk is consumed and counted, or neither
                        consume(k, rows)
                        done += n
                        kept += n * per[k]
                    if progress:
                        rate = kept / max(time.time() - t0, 1e-9)
                        print(f"\r{kept}/{total} games  {rate:,.0f} games/s", end="",
                              file=sys.stderr, flush=True)
            if progress and total:
                print(file=sys.stderr)
        except KeyboardInterrupt as e:
            if progress:
                print(file=sys.stderr)
            raise Stopped(getattr(e, "signum", 2)) from None
        finally:
            if on_close is not None:
                with held(drop=True):
                    on_close()


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
