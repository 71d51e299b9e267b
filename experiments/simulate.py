"""`playtest simulate`: play many games between agents in seeded chunks and summarise them.

Games are played in batches; game i of the run always gets the same random stream (from the
seed and i), so results do not depend on the batch size. Results stream to disk chunk by
chunk when an output file is given; SIGINT (Ctrl-C) or SIGTERM keeps (and saves) the
finished chunks (experiments/signals.py).
"""
import importlib
import inspect
import math
import os

import numpy as np
import pandas as pd

import simcore
from agents import AGENTS
from agents.mulligan import RuleMulligans
from experiments import runner
from experiments.records import turn_facts
from experiments.runner import ChunkWriter, Series  # noqa: F401  (ChunkWriter: API)
from experiments.signals import Stopped
from simcore import consts as K
from simcore.compile import make_pool
from simcore.decks import load_deck, match_card_name
from simcore.errors import PlaytestError
from simcore.game import deck_ids
from simcore.mulligan import MulliganRule

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


MULLIGAN_CHOICES = ("agent", "never")


def mulligan_rule(value, agent_ok=True):
    """What decides mulligans: None for "agent" (the agent, as it decides everything
    else), or a MulliganRule: "never", a land window "LO-HI" (--keep) or a MulliganRule."""
    if isinstance(value, MulliganRule):
        return value
    if value == "agent":
        if not agent_ok:
            raise PlaytestError("--mulligan agent makes no sense here: no agent plays (use "
                                "--mulligan never or --keep LO-HI)")
        return None
    if value == "never":
        return MulliganRule(never=True)
    try:
        return MulliganRule.parse(value)
    except PlaytestError as e:
        raise PlaytestError(f"mulligan: expected agent, never or a land window (--keep): "
                            f"{e}") from None


def with_mulligans(agent, rule, ct, ids):
    """`agent`, with mulligans decided by `rule` (bound to the deck `ids`) if there is one."""
    return agent if rule is None else RuleMulligans(agent, rule.for_deck(ct, ids))


def _unit(x):
    """x within [0, 1]; -0.0 becomes 0.0."""
    return min(max(x, 0.0), 1.0) + 0.0


def wilson(k, n, z=1.96):
    """Wilson score interval for a proportion k/n, within [0, 1] (rounding put the lower
    bound of 0 of n a hair below zero, printed "-0.0%")."""
    if n == 0:
        return (float("nan"), float("nan"))
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (_unit(c - h), _unit(c + h))


def pct(p):
    """A share as a percentage with one decimal ("31.0%"); never "-0.0%"."""
    return f"{round(_unit(p) * 100, 1) + 0.0:.1f}%"


def share(k, n, brief=False):
    """k of n games as "31.0% (95% CI 28.1-34.0%)", or brief: "31.0% (28.1-34.0%)"."""
    lo, hi = wilson(k, n)
    ci = f"{pct(lo)[:-1]}-{pct(hi)}"
    return f"{pct(k / n)} ({ci})" if brief else f"{pct(k / n)} (95% CI {ci})"


def by_turn(event_turns, n, last=None, weights=None):
    """How many of n games had an event by the end of each turn 1..last (default: the
    latest event), given the turn of the event in each game that had it (or, with
    `weights`, in that many games each): DataFrame indexed by turn, columns games, share
    (of all n games), lo and hi (its 95% Wilson interval)."""
    t = np.asarray(event_turns, dtype=np.int64)
    w = np.ones(len(t), np.int64) if weights is None else np.asarray(weights, np.int64)
    if last is None:
        last = int(t.max()) if len(t) else 0
    keep = t <= last
    counts = np.cumsum(np.bincount(t[keep], weights=w[keep], minlength=last + 1)
                       [1:last + 1]).astype(np.int64)
    ci = [wilson(int(k), n) for k in counts]
    return pd.DataFrame({"games": counts, "share": counts / max(n, 1),
                         "lo": [c[0] for c in ci], "hi": [c[1] for c in ci]},
                        index=pd.Index(np.arange(1, last + 1), name="turn"))


def measures(c):
    """What the games of one opponent measure, turn by turn, from its part of a Tally's
    counts: [(what, turns, games)]: what in words, the turns it happened in and in how many
    games each. Goldfish: the opponent killed (or, with --until-card, the card on the
    battlefield); two decks: each side's wins."""
    card = c["until_card"].iloc[0] if len(c) else ""

    def where(mask, col):
        part = c[mask & (c[col] >= 0)]
        return part[col].to_numpy(np.int64), part["games"].to_numpy(np.int64)
    if card:
        return [(f"{card} on the battlefield", *where(c["end"] == K.END_CONDITION, "turns"))]
    if (c["opponent"] == "goldfish").all():
        return [("opponent killed", *where(c["lost1"] != "", "kill_turn"))]
    return [("deck won", *where(c["winner"] == 0, "kill_turn")),
            ("opponent won", *where(c["winner"] == 1, "kill_turn"))]


def quantile(values, weights, q):
    """The q-quantile of `values` taken `weights` times each, interpolated as pandas does
    (linearly between the two values around position (n - 1) q)."""
    v, w = np.asarray(values), np.asarray(weights, np.int64)
    order = np.argsort(v, kind="stable")
    v, cum = v[order], np.cumsum(w[order])
    h = (cum[-1] - 1) * q
    lo = int(np.floor(h))

    def at(i):
        return float(v[np.searchsorted(cum, i, side="right")])
    return at(lo) + (h - lo) * (at(min(lo + 1, int(cum[-1]) - 1)) - at(lo))


TALLY_KEYS = ("opponent", "until_card", "end", "winner", "lost0", "lost1", "turns",
              "kill_turn")
HEAD = ("deck", "seed", "version", "agent", "opponent_agent", "mulligan")


class Tally:
    """What simulate's summary and plot read, counted chunk by chunk (memory flat whatever
    the games): `counts`, one row per distinct (opponent, how the game ended, who won and
    lost, its turns, its kill turn: -1 for none) with its number of games; per opponent, the
    labels of its first game (`heads`) and the mulligans each side took. `len()` is the
    games counted."""

    def __init__(self):
        self.counts = None
        self.heads = {}
        self.mulligans = {}

    @classmethod
    def of(cls, rows):
        """The tally of simulate's rows (a DataFrame; a Tally is returned as it is)."""
        if isinstance(rows, cls):
            return rows
        t = cls()
        t.add(rows)
        return t

    def add(self, df):
        if not len(df):
            return
        keys = [c for c in TALLY_KEYS if c in df.columns]
        part = df[keys].copy()
        if "kill_turn" in part:
            part["kill_turn"] = pd.array(part["kill_turn"], dtype="Int64").fillna(-1) \
                .astype(np.int64)
        new = part.groupby(keys, sort=False, dropna=False).size().rename("games") \
            .reset_index()
        both = new if self.counts is None else pd.concat([self.counts, new])
        self.counts = both.groupby(keys, sort=False, dropna=False)["games"].sum() \
            .reset_index()
        for opp, first in df.groupby("opponent", sort=False).head(1).set_index(
                "opponent", drop=False).iterrows():
            self.heads.setdefault(opp, {c: first[c] for c in HEAD if c in df.columns})
        for opp, g in df.groupby("opponent", sort=False):
            m = self.mulligans.setdefault(opp, [0, 0])
            for p in (0, 1):
                if f"mulligans{p}" in g:
                    m[p] += int(g[f"mulligans{p}"].sum())

    def __len__(self):
        return 0 if self.counts is None else int(self.counts["games"].sum())

    def opponents(self):
        return list(self.heads)

    def part(self, opponent):
        return self.counts[self.counts["opponent"] == opponent]


def play_chunk(pool, ids0, ids1, agents, n, seed, game0, start, max_turns, target=None):
    """Games game0 .. game0 + n - 1 of a series (GameBatch.results() arrays)."""
    return Series(pool, ids0, ids1, agents, batch=dict(
        start=start, max_turns=max_turns, target_card=target)).play(seed, game0, n)


# the per-game rows, in this order (README.md: "Per-game results" describes each)
COLUMNS = ("seed", "game", "deck", "opponent", "agent", "opponent_agent", "mulligan",
           "on_the_play", "winner", "end", "end_reason", "lost0", "lost1", "turns", "own_turns",
           "kill_turn", "until_card", "mulligans0", "mulligans1", "land_drops_missed0",
           "land_drops_missed1", "screw0", "screw1", "flood0", "flood1", "life0", "life1",
           "decisions", "version")


def loss_names(bits):
    """LOSS_* bits in words, joined by "+" ("life", "decked+poison"; "" = did not lose)."""
    return "+".join(name for bit, name in K.LOSS_NAMES.items() if bits & bit)


def _rows(res, seed, deck, opponent, agent, opponent_agent, target=None, mulligan="agent"):
    df = pd.DataFrame({k: v for k, v in res.items() if k != "records"})
    if "records" in res:
        for k, v in turn_facts(res["records"], opponent == "goldfish").items():
            df[k] = v
    kill = pd.array(df["kill_turn"], dtype="Int64")
    kill[df["kill_turn"].to_numpy() < 0] = pd.NA        # no one lost: no kill turn
    df["kill_turn"] = kill
    df["end_reason"] = [K.END_NAMES[e] for e in df["end"]]
    for p in (0, 1):
        df[f"lost{p}"] = [loss_names(int(b)) for b in df[f"lost{p}"]]
    df["seed"] = seed
    df["version"] = simcore.__version__
    df["deck"] = deck
    df["opponent"] = opponent
    df["agent"] = agent
    df["opponent_agent"] = (opponent_agent or agent) if opponent != "goldfish" else ""
    df["until_card"] = target or ""
    df["mulligan"] = mulligan
    return df[list(COLUMNS)]


def until_card(name, deck, pool):
    """The card of the deck that `name` means (matched as deck lists match names: exactly,
    then ignoring case and apostrophes), or one line naming the deck's closest cards: a
    card the deck does not hold never reaches the battlefield, and the run measured
    nothing."""
    found, close = match_card_name(name, [n for n, _ in deck.main])
    if found is not None:
        return found
    hint = f" (closest in the deck: {', '.join(close)})" if close else ""
    known, _ = match_card_name(name, list(pool.card_id))
    if known is not None:
        raise PlaytestError(f"--until-card: {known!r} is not in the deck {deck.file}{hint}")
    raise PlaytestError(f"--until-card: unknown card {name!r}{hint}")


def _opponent_names(vs, decks):
    """The `opponent` column's value for each --vs deck: its name, or the path as given
    where two decks share a name."""
    seen = set()
    for v in vs:
        p = os.path.realpath(v)
        if p in seen:
            raise PlaytestError(f"--vs {v} is given twice")
        seen.add(p)
    names = [d.name for d in decks]
    return [str(v) if names.count(d.name) > 1 or d.name == "goldfish" else d.name
            for v, d in zip(vs, decks)]


def simulate(deck, vs=None, games=1000, seed=0, agent="greedy", opponent_agent=None,
             start="play", max_turns=30, batch_size=None, card_dirs=(), target=None,
             progress=True, out=None, warn=None, mulligan="agent", pilot=None, plan=None,
             rows=True):
    """Play `games` games of `deck` against each opponent deck of `vs` (a deck file, a list
    of them, or None: goldfish), each with the same seed, in batches of `batch_size`;
    returns a DataFrame, one row per game (README.md: "Per-game results"). `target`: a card
    of the deck; a goldfish game ends when it is on the battlefield (--until-card).
    With `out`, each finished batch is appended to that Parquet/CSV file at once. A run
    stopped by SIGINT, SIGTERM or KeyboardInterrupt raises `Stopped` with the finished games
    as its `results`, the file closed holding each of them. `warn` is called with each
    deck-building rule a deck breaks (simcore.decks: Deck.warnings). `mulligan`: who decides
    mulligans: "agent" (the agents), "never" (every seven is kept) or a land window "LO-HI"
    at seven with Karsten's London bottoming (simcore/mulligan.py), for every player; the
    `mulligan` column names it. `pilot`: an experiments.pilot.Watch, to count the truncated
    games and the cards held in. `plan`: where the chunks are played and kept
    (experiments/runner.py Plan); `batch_size` None: 1000, or on a cluster what keeps its
    overhead small. `rows=False` keeps no rows (memory flat however many games) and returns
    their Tally, which `summary` and `plots.plot_games` read as they read the rows."""
    rule = mulligan_rule(mulligan)
    pool = make_pool(card_dirs)
    d0 = load_deck(deck, pool, warn=warn)
    vs = [] if vs is None else [vs] if isinstance(vs, (str, os.PathLike)) else list(vs)
    opponents = [load_deck(v, pool, warn=warn) for v in vs]
    names = _opponent_names(vs, opponents)
    ids0 = deck_ids(pool, d0)
    sides = [(deck_ids(pool, d), name) for d, name in zip(opponents, names)] or \
        [(None, "goldfish")]
    players = [load_agent(agent)]
    if opponents:
        players.append(load_agent(opponent_agent or agent))
    ct = pool.compile()
    if target is not None:
        if opponents:
            raise PlaytestError("--until-card is for goldfish games (no --vs)")
        target = until_card(target, d0, pool)
    series = [Series(pool, ids0, ids1,
                     [with_mulligans(a, rule, ct, ids) for a, ids in zip(players, (ids0, ids1))],
                     labels=dict(seed=seed, deck=d0.name, opponent=name, agent=agent,
                                 opponent_agent=opponent_agent, target=target,
                                 mulligan="agent" if rule is None else rule.name),
                     batch=dict(start=start, max_turns=max_turns, target_card=target))
              for ids1, name in sides]
    writer = ChunkWriter(out) if out else None
    frames = []
    tally = Tally()

    def to_rows(s, res):
        df = _rows(res, **s.labels)
        if pilot is not None:       # consumed with the chunk (runner: whole or not at all)
            decks = {0: d0.name} if s.ids1 is None else {0: d0.name, 1: s.labels["opponent"]}
            df.attrs["pilot"] = pilot.count(res, pool, decks, goldfish=s.ids1 is None)
        return df

    def consume(k, df):
        counts = df.attrs.pop("pilot", None)
        if counts is not None and pilot is not None:    # (a dataset's chunk may have some)
            pilot.add(counts)
        tally.add(df)
        if writer is not None:
            writer.write(df)
        if rows:
            frames.append(df)

    def result():
        return runner.collect(frames) if rows else tally

    try:
        runner.run(series, games, seed, to_rows, consume,
                   chunk=batch_size, progress=progress,
                   on_close=writer.close if writer is not None else None, plan=plan,
                   command="simulate")
    except Stopped as e:
        raise Stopped(e.signum, result()) from None
    return result()


def _end_words(end, winner, lost0, lost1, card, goldfish):
    if end in K.END_LOSS:
        words = {"life": "{}'s life 0", "decked": "{} decked", "poison": "{} poisoned"}
        what = " and ".join(words[w].format(side) for side, why in (("deck", lost0),
                                                                   ("opponent", lost1))
                            for w in why.split("+") if w)
        if winner == 2:
            return what + " (both lost)"
        return what if goldfish else what + (" (deck won)" if winner == 0 else
                                             " (opponent won)")
    if end == K.END_CONDITION:
        return f"{card} on the battlefield"
    if end in K.END_TRUNCATED:
        return K.END_NAMES[end].replace("_", " ") + " (truncated)"
    return "not over"


def end_words(df):
    """What ended each game of `df`, in words: "opponent's life 0 (deck won)", "deck
    decked", "Craw Wurm on the battlefield", "turn limit (truncated)"."""
    goldfish = df["opponent"].eq("goldfish")
    return pd.Series([_end_words(*row) for row in zip(df["end"], df["winner"], df["lost0"],
                                                      df["lost1"], df["until_card"],
                                                      goldfish)], index=df.index)


def _curve_line(what, turns, games, n):
    """ "opponent killed by turn 4: 2.1% (1.4-3.0%), 5: ..." and the median turn."""
    if games.sum() == 0:
        return [f"{what}: in none of the {n} games: {share(0, n)}"]
    curve = by_turn(turns, n, weights=games)
    curve = curve[curve.index >= turns[games > 0].min()]
    steps = [f"{t}: {share(int(r.games), n, brief=True)}" for t, r in curve.iterrows()]
    median = "median kill turn" if what == "opponent killed" else "median turn"
    return [f"{what} by turn " + ", ".join(steps) + f" (of all {n} games, 95% CI)",
            f"{median}: {quantile(turns, games, 0.5):g} (of the {int(games.sum())} games in "
            f"which it happened)"]


def ordered_counts(words, games):
    """{word: games}, most games first (ties: in the order first met)."""
    total = {}
    for w, g in zip(words, games):
        total[w] = total.get(w, 0) + int(g)
    return dict(sorted(total.items(), key=lambda kv: -kv[1]))


def _summary_one(tally, opp):
    c = tally.part(opp)
    head = tally.heads[opp]
    n = int(c["games"].sum())
    goldfish = opp == "goldfish"
    agents = head["agent"] + ("" if goldfish else f" vs {head['opponent_agent']}")
    rule = head["mulligan"]
    mulls = "mulligans by the agent" if rule == "agent" else f"mulligans: {rule}" + \
        (" lands at seven" if rule.startswith("keep") else "")
    lines = [f"{head['deck']} vs {opp}: {n} games (seed {head['seed']}, playtest "
             f"{head['version']}, {agents}; {mulls})"]
    if goldfish:
        for what, turns, games in measures(c):
            lines += _curve_line(what, turns, games, n)
        length = "the deck's turns"
    else:
        won = [int(c.loc[c["winner"] == p, "games"].sum()) for p in (0, 1, 2)]
        lines.append(f"deck won {share(won[0], n)}, opponent won {share(won[1], n)}, both "
                     f"lost {share(won[2], n)}, no one lost {share(n - sum(won), n)}")
        length = "game turns, both players'"
    ended = c[~c["end"].isin(K.END_TRUNCATED)]
    m = int(ended["games"].sum())
    if m:
        t, g = ended["turns"].to_numpy(np.int64), ended["games"].to_numpy(np.int64)
        q = [quantile(t, g, x) for x in (0.1, 0.5, 0.9)]
        lines.append(f"game length ({length}; {m} games not truncated): mean "
                     f"{int((t * g).sum()) / m:.2f} (10% {q[0]:.0f}, median {q[1]:.0f}, "
                     f"90% {q[2]:.0f})")
        dist = ended.groupby("turns")["games"].sum().sort_index()
        lines.append("games by length: " + "  ".join(f"{t}:{k}" for t, k in dist.items()))
    ends = ordered_counts(end_words(c), c["games"])
    lines.append("end: " + ", ".join(f"{k} {v}" for k, v in ends.items()))
    m0, m1 = tally.mulligans.get(opp, [0, 0])
    lines.append(f"mulligans per game: deck {m0 / n:.2f}" +
                 ("" if goldfish else f", opponent {m1 / n:.2f}"))
    return "\n".join(lines)


def summary(df):
    """What the games measured, with 95% Wilson intervals, per opponent: goldfish games, the
    share of games in which the opponent was killed by each turn (or the --until-card card
    was on the battlefield) and the median turn; two decks, each side's wins; game lengths
    and what ended the games. `df`: simulate's rows, or the Tally of them."""
    tally = Tally.of(df)
    return "\n\n".join(_summary_one(tally, opp) for opp in tally.opponents())
