"""`playtest gauntlet`: win rates per pairing of decks, each seed played on the play and on
the draw.

A deck plays each opponent (`--vs` decks, or every deck file of a `--field` folder), or,
with `round_robin`, every deck of the field (and the deck, if given) plays every other once:
each unordered pairing is one series of seeds, each seed played twice (the first deck on the
play, then on the draw; the same shuffles), and the table gives it from both sides. Games go
through the chunk runner, two at a time per seed (experiments/paired.py), and the counts
are aggregated chunk by chunk.

What "won" means: a game the deck won, out of all the games played. A game both players
lost at once (a draw) and one no one lost (truncated at the turn limit or out of room) are
not wins, and not halves of one: they are reported apart (`draws`, `no_one_lost`), so that
won + lost + draws + no one lost is every game, and A's wins against B are B's losses.
Intervals: on the play and on the draw, the Wilson interval over the seeds (independent
games); both together, the Wilson interval at the effective number of games of the seed
pairs (paired.pair_share), since the two games of a seed share their shuffles.
"""
import itertools
import os
from pathlib import Path

import numpy as np
import pandas as pd

import simcore
from experiments import runner
from experiments.opponents import distinct
from experiments.paired import Paired, both_ways, pair_share
from experiments.players import load_agent
from experiments.runner import Series
from experiments.shares import figures, wilson
from simcore import consts as K
from simcore.cards.compile import make_pool
from simcore.decks import load_decks
from simcore.errors import PlaytestError
from simcore.game import deck_ids

DECK_SUFFIXES = (".txt", ".dck")
TABLE = ("seed", "deck", "opponent", "agent", "opponent_agent", "start", "seeds", "games",
         "won", "lost", "draws", "no_one_lost", "win_rate", "lo", "hi", "draw_share",
         "no_one_lost_share", "truncated", "max_turns", "version")
COUNTS = ("games", "won0", "won1", "draws", "no_one", "truncated")


def field_decks(folder):
    """The deck files (.txt text lists, .dck Forge files) in `folder`, by name; one line for
    a folder that is not there or holds none."""
    path = Path(folder)
    if not path.is_dir():
        what = "is a file, not a folder" if path.exists() else "no such folder"
        raise PlaytestError(f"--field {folder}: {what}")
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower()
                   in DECK_SUFFIXES)
    if not files:
        raise PlaytestError(f"--field {folder}: no deck files (.txt or .dck) in the folder")
    return [str(p) for p in files]


def unique_names(paths, decks):
    """A name for each deck: its own name, else its file name where two decks share a
    name (mono_green_curve.txt, mono_green_curve.dck), else the path as given."""
    names = [d.name for d in decks]
    files = [os.path.basename(p) for p in paths]
    out = []
    for p, d, f in zip(paths, decks, files):
        if names.count(d.name) == 1:
            out.append(d.name)
        else:
            out.append(f if files.count(f) == 1 else str(p))
    return out


def pairings(deck, opponents, round_robin):
    """[(i, j)]: deck i (player 0) plays deck j, over the list [deck] + opponents (deck
    None: the opponents only): the deck against each opponent, or with `round_robin` every
    unordered pairing once."""
    n = len(opponents) + (deck is not None)
    if round_robin:
        return list(itertools.combinations(range(n), 2))
    return [(0, j) for j in range(1, n)]


def gauntlet(deck=None, vs=None, field=None, round_robin=False, games=1000, seed=0,
             agent="greedy", opponent_agent=None, max_turns=30, batch_size=None,
             card_dirs=(), card_db=None, progress=True, out=None, warn=None, pilot=None, plan=None):
    """Win rates per pairing (the module's docstring says what is counted); returns the
    table: per pairing, deck's side and start (play, draw, both), the counts and the share
    won with its 95% interval. `games`: seeds per pairing, each played on the play and on
    the draw. `pilot`: an experiments.pilot.Watch to count truncations and held cards in."""
    if vs and field:
        raise PlaytestError("--vs and --field: give one of them")
    if deck is None and not round_robin:
        raise PlaytestError("a gauntlet needs DECK (or --round-robin, for the field alone)")
    if round_robin and opponent_agent:
        raise PlaytestError("--opponent-agent: in a round robin every deck plays with "
                            "--agent")
    if field is not None:
        paths = field_decks(field)
        if deck is not None:            # the deck does not play its own file
            mine = os.path.realpath(deck)
            paths = [p for p in paths if os.path.realpath(p) != mine]
        flag = "--field"
    else:
        paths = [] if vs is None else [vs] if isinstance(vs, (str, os.PathLike)) else \
            list(vs)
        flag = "--vs"
    if not paths:
        raise PlaytestError("no opponents: give --vs DECK or --field DIR")
    every = ([deck] if deck is not None else []) + paths
    distinct(every, flag)
    if round_robin and len(every) < 2:
        raise PlaytestError(f"--round-robin needs two decks at least, got {len(every)}")
    pool = make_pool(card_dirs, card_db=card_db)
    decks = load_decks(every, pool, warn=warn)
    names = unique_names(every, decks)
    ids = [deck_ids(pool, d) for d in decks]
    agents = [load_agent(agent), load_agent(opponent_agent or agent)]
    pairs = pairings(deck, paths, round_robin)
    series = [Paired(both_ways(Series(pool, ids[i], ids[j], agents, batch=dict(
        max_turns=max_turns), labels=dict(deck=names[i], opponent=names[j]))))
        for i, j in pairs]
    totals = [dict.fromkeys([f"{c}_{s}" for s in ("play", "draw") for c in COUNTS]
                            + ["sq0", "sq1"], 0) for _ in series]

    def to_rows(s, results):
        row = {}
        won = []
        for res, start in zip(results, ("play", "draw")):
            w = np.asarray(res["winner"])
            row.update({f"games_{start}": len(w), f"won0_{start}": int((w == 0).sum()),
                        f"won1_{start}": int((w == 1).sum()),
                        f"draws_{start}": int((w == 2).sum()),
                        f"no_one_{start}": int((w == -1).sum()),
                        f"truncated_{start}": int(np.isin(res["end"], K.END_TRUNCATED).sum())})
            won.append(w)
        # per seed, the wins of each side over its two games: for the paired interval
        row["sq0"] = int((((won[0] == 0) + 0 + (won[1] == 0)) ** 2).sum())
        row["sq1"] = int((((won[0] == 1) + 0 + (won[1] == 1)) ** 2).sum())
        rows = pd.DataFrame([row])
        if pilot is not None:       # consumed with the chunk (runner: whole or not at all)
            lab = s.series[0].labels
            rows.attrs["pilot"] = [pilot.count(r, pool, {0: lab["deck"], 1: lab["opponent"]})
                                   for r in results]
        return rows

    def consume(k, rows):
        for c, v in rows.iloc[0].items():
            totals[k][c] += int(v)
        for counts in rows.attrs.get("pilot", ()) if pilot is not None else ():
            pilot.add(counts)

    def table():
        out_rows = []
        for k, (i, j) in enumerate(pairs):
            t = totals[k]
            if t["games_play"] == 0:
                continue
            sides = [(0, i, j, agent, opponent_agent or agent)]
            if round_robin:
                sides.append((1, j, i, opponent_agent or agent, agent))
            for me, a, b, ag, opp_ag in sides:
                other = 1 - me
                for start in ("play", "draw", "both"):
                    # the second deck starts when the first is on the draw
                    keys = ["play", "draw"] if start == "both" else \
                        [start if me == 0 else {"play": "draw", "draw": "play"}[start]]
                    n = sum(t[f"games_{s}"] for s in keys)
                    won = sum(t[f"won{me}_{s}"] for s in keys)
                    lost = sum(t[f"won{other}_{s}"] for s in keys)
                    draws = sum(t[f"draws_{s}"] for s in keys)
                    none = sum(t[f"no_one_{s}"] for s in keys)
                    if start == "both":
                        p, lo, hi = pair_share(won, t[f"sq{me}"], t["games_play"])
                    else:
                        p, (lo, hi) = won / n, wilson(won, n)
                    out_rows.append(dict(
                        seed=seed, deck=names[a], opponent=names[b], agent=ag,
                        opponent_agent=opp_ag, start=start, seeds=t["games_play"], games=n,
                        won=won, lost=lost, draws=draws, no_one_lost=none, win_rate=p, lo=lo,
                        hi=hi, draw_share=draws / n, no_one_lost_share=none / n,
                        truncated=sum(t[f"truncated_{s}"] for s in keys),
                        max_turns=max_turns, version=simcore.__version__))
        df = pd.DataFrame(out_rows, columns=list(TABLE))
        # by deck, then opponent, in the order the decks were given
        order = {n: k for k, n in enumerate(names)}
        key = df["deck"].map(order) * len(names) + df["opponent"].map(order)
        return df.iloc[np.argsort(key.to_numpy(), kind="stable")].reset_index(drop=True)

    return runner.run_table(series, games, seed, to_rows, consume, table, chunk=batch_size,
                            progress=progress, out=out, plan=plan, command="gauntlet")


def _cell(r):
    e, lo, hi = figures(r.win_rate, r.lo, r.hi)
    return f"{e:>5}% ({lo}-{hi}%)"


def summary(df):
    """The pairings' win rates, both starts together then on the play and on the draw, with
    draws and games no one lost beside them."""
    if len(df) == 0:
        return "no pairing finished"
    first = df.iloc[0]
    seeds = int(first["seeds"])
    agents = first["agent"] if df["agent"].nunique() == 1 and \
        (df["agent"] == df["opponent_agent"]).all() else \
        f"{first['agent']} vs {first['opponent_agent']}"
    pairs = df[["deck", "opponent"]].drop_duplicates()
    lines = [f"gauntlet: {len(pairs)} pairing{'' if len(pairs) == 1 else 's'}, {seeds} seeds each, every seed on the play "
             f"and on the draw ({2 * seeds} games a pairing; seed {first['seed']}, playtest "
             f"{first['version']}, {agents}, at most {first['max_turns']} turns)",
             "won: games the deck won, of all its games against that opponent (draws and "
             "games no one lost are not wins, and are counted apart); 95% CI"]
    wd = max(len("deck"), *(len(x) for x in df["deck"]))
    wo = max(len("opponent"), *(len(x) for x in df["opponent"]))
    rows = []
    for (d, o), g in df.groupby(["deck", "opponent"], sort=False):
        r = {x.start: x for x in g.itertuples()}
        rows.append((d, o, [_cell(r[start]) for start in ("both", "play", "draw")], r["both"]))
    # (a cell with more decimals is wider: "99.95% (99.72-99.99%)")
    wc = max(21, *(len(c) for _, _, cells, _ in rows for c in cells))
    lines.append(f"  {'deck':<{wd}}  {'opponent':<{wo}}  {'won, both starts':<{wc}} "
                 f"{'on the play':<{wc}} {'on the draw':<{wc}} draws  no one lost")
    for d, o, cells, b in rows:
        lines.append(f"  {d:<{wd}}  {o:<{wo}}  " + " ".join(f"{c:<{wc}}" for c in cells)
                     + f" {b.draws:>5}  {b.no_one_lost:>11}")
    return "\n".join(lines)
