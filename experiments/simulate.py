"""`playtest simulate`: play many games between agents in seeded chunks and summarise them.

Games are played in batches; game i of the run always gets the same random stream (from the
seed and i), so results do not depend on the batch size. Results stream to disk chunk by
chunk when an output file is given; Ctrl-C keeps (and saves) the finished chunks.
"""
import importlib
import inspect
import math
import sys
import time

import numpy as np
import pandas as pd

import simcore
from agents import AGENTS, GreedyAgent
from experiments.paths import check_output_path
from simcore import consts as K
from simcore.compile import make_pool
from simcore.decks import load_deck
from simcore.errors import PlaytestError
from simcore.game import GameBatch, deck_ids

ENTRY_POINT_GROUP = "playtest.agents"


def agent_entry_points():
    """Agents other packages register under the `playtest.agents` entry-point group."""
    from importlib.metadata import entry_points
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def load_agent(name):
    """A built-in agent by name, an installed package's agent by its entry-point name
    (group `playtest.agents`), or a user's as `module:Class`."""
    if name in AGENTS:
        return AGENTS[name]()
    if ":" in name:
        mod, _, cls = name.partition(":")
        if not mod or not cls:
            raise PlaytestError(f"cannot load agent {name!r}: expected module:Class")
        try:
            module = importlib.import_module(mod)
        except Exception as e:      # a user's module that fails to import is their input
            raise PlaytestError(f"cannot load agent {name!r}: {_error(e)}") from None
        try:
            obj = getattr(module, cls)
        except AttributeError:
            raise PlaytestError(f"cannot load agent {name!r}: module {mod!r} has no "
                                f"{cls!r}") from None
        return make_agent(repr(name), obj)
    eps = agent_entry_points()
    if name in eps:
        try:
            obj = eps[name].load()
        except Exception as e:      # a broken plug-in is the user's input: one line
            raise PlaytestError(f"cannot load agent {name!r} ({eps[name].value}): "
                                f"{_error(e)}") from None
        return make_agent(f"{name!r} ({eps[name].value})", obj)
    known = sorted(AGENTS) + sorted(eps)
    raise PlaytestError(f"unknown agent {name!r} (available: {', '.join(known)}, "
                        f"or module:Class)")


def _error(e):
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__


def _what(obj):
    if inspect.ismodule(obj):
        return "a module"
    if inspect.isroutine(obj):
        return "a function"
    return f"an object of type {type(obj).__name__}"


def make_agent(label, obj):
    """An instance of the agent class `obj` that `label` (the agent as the user named it,
    quoted) points to.
    Anything else (not a class, a class without act, one whose constructor needs arguments
    or raises) is one line naming the agent: the games would otherwise fail later with a
    TypeError traceback (`--agent os:system`)."""
    what = f"agent {label}"
    if not inspect.isclass(obj):
        raise PlaytestError(f"{what} is not an agent class but {_what(obj)} (an agent is a "
                            f"class with a method act(view, legal_mask, rng))")
    if not callable(getattr(obj, "act", None)):
        raise PlaytestError(f"{what}: class {obj.__qualname__} has no method "
                            f"act(view, legal_mask, rng), so it is not an agent")
    try:
        inspect.signature(obj).bind()
    except TypeError:
        raise PlaytestError(f"{what}: {obj.__qualname__}() needs arguments, but an agent is "
                            f"made with none") from None
    except ValueError:              # no signature to read (some built-in types): just try
        pass
    try:
        return obj()
    except Exception as e:
        raise PlaytestError(f"{what}: {obj.__qualname__}() failed: {_error(e)}") from None


def wilson(k, n, z=1.96):
    """Wilson score interval for a proportion k/n."""
    if n == 0:
        return (float("nan"), float("nan"))
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def play_chunk(pool, ids0, ids1, agents, n, seed, game0, start, max_turns, target=None):
    b = GameBatch(pool, ids0, ids1, n_games=n, seed=seed, start=start, game0=game0,
                  max_turns=max_turns, target_card=target)
    # agents draw their own randomness from the run's seed and the chunk's first game
    rng = np.random.default_rng([seed, game0, 7919])
    b.play(agents, rng)
    return pd.DataFrame(b.results())


def _label(df, seed, d0, d1, agent, opponent_agent):
    df.insert(0, "seed", seed)
    df["version"] = simcore.__version__
    df["deck"] = d0.name
    df["opponent"] = d1.name if d1 else "goldfish"
    df["agent"] = agent
    df["opponent_agent"] = (opponent_agent or agent) if d1 else ""
    df["end_reason"] = [K.END_NAMES[e] for e in df["end"]]
    return df


class ChunkWriter:
    """Appends result chunks to a Parquet or CSV file as they finish."""

    def __init__(self, path):
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


def simulate(deck, vs=None, games=1000, seed=0, agent="greedy", opponent_agent=None,
             start="play", max_turns=30, batch_size=1000, card_dirs=(), target=None,
             progress=True, out=None, warn=None):
    """Play `games` games in batches of `batch_size`; returns a DataFrame, one row per game.
    With `out`, each finished batch is appended to that Parquet/CSV file at once, so an
    interrupted run (Ctrl-C) keeps every finished batch on disk. `warn` is called with each
    deck-building rule a deck breaks (simcore.decks: Deck.warnings)."""
    pool = make_pool(card_dirs)
    d0 = load_deck(deck, pool, warn=warn)
    d1 = load_deck(vs, pool, warn=warn) if vs else None
    ids0 = deck_ids(pool, d0)
    ids1 = deck_ids(pool, d1) if d1 else None
    agents = [load_agent(agent)]
    if d1 is not None:
        agents.append(load_agent(opponent_agent or agent))
    if target is not None and target not in pool.card_id:
        raise PlaytestError(f"unknown card {target!r} for --until-card")
    writer = ChunkWriter(out) if out else None
    frames = []
    if not GameBatch.is_compiled():
        # a cold cache: compile the engine on one throw-away greedy game first, so that the
        # wait is announced and the progress line's games/s measures games, not the compile
        if progress:
            print("compiling the game engine (first run only: about a minute on two cores)",
                  file=sys.stderr, flush=True)
        play_chunk(pool, ids0, ids1, [GreedyAgent()] * len(agents), 1, seed, 0, start, 2)
    t0 = time.time()
    done = 0
    try:
        while done < games:
            n = min(batch_size, games - done)
            df = play_chunk(pool, ids0, ids1, agents, n, seed, done, start, max_turns, target)
            df = _label(df, seed, d0, d1, agent, opponent_agent)
            if writer is not None:
                writer.write(df)
            frames.append(df)
            done += n
            if progress:
                rate = done / max(time.time() - t0, 1e-9)
                print(f"\r{done}/{games} games  {rate:,.0f} games/s", end="", file=sys.stderr,
                      flush=True)
    except KeyboardInterrupt:
        if progress:
            print(f"\ninterrupted: keeping {done} finished games", file=sys.stderr)
    finally:
        if writer is not None:
            writer.close()
    if progress:
        print(file=sys.stderr)
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def summary(df):
    """Win rate (Wilson 95% CI), game length, end reasons."""
    n = len(df)
    lines = [f"{n} games (seed {df['seed'].iloc[0]}, playtest {df['version'].iloc[0]})"]
    wins = int((df["winner"] == 0).sum())
    lo, hi = wilson(wins, n)
    who = df["deck"].iloc[0]
    lines.append(f"{who} wins {wins / n:.1%} (95% CI {lo:.1%} - {hi:.1%})")
    ended = df[~df["end"].isin(K.END_TRUNCATED)]
    if len(ended):
        q = ended["turns"].quantile([0.1, 0.5, 0.9]).tolist()
        lines.append(f"game length: mean {ended['turns'].mean():.2f} turns "
                     f"(10% {q[0]:.0f}, median {q[1]:.0f}, 90% {q[2]:.0f})")
        dist = ended["turns"].value_counts().sort_index()
        lines.append("turns: " + "  ".join(f"{t}:{c}" for t, c in dist.items()))
    reasons = df["end_reason"].value_counts()
    lines.append("end reasons: " + ", ".join(f"{k} {v}" for k, v in reasons.items()))
    lines.append(f"mulligans per game: {df['mulligans0'].mean():.2f}")
    return "\n".join(lines)
