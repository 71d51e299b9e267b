"""`playtest combo`: how often a condition has come together by each of the deck's turns.

The condition (simcore/condition.py) is checked by the game loop after every action; a game
ends as soon as it holds (END_CONDITION) or after the deck's turn `by_turn`. Every seed is
played on the play and on the draw (the same shuffles), against each opponent or goldfish,
through the chunk runner; the statistics are counts aggregated chunk by chunk. The agent is
told the pieces (cards the condition names) where it takes them (`pieces`: greedy plays them
before other spells).

Where the question has a closed form, the exact value stands beside the estimate: a
condition of `seen:` terms of named cards only, no card in the deck that draws, looks at or
shuffles back cards, and no mulligan taken in the run (`--mulligan never`, or an agent that
kept every hand):
then the cards seen by the deck's turn t are the top 7 + t - 1 cards of a random deck (7 + t
on the draw), and the multivariate hypergeometric distribution over the named cards gives
the probability. The exact value assumes the game lasts to that turn: games that ended
earlier (an opponent's kill) are counted as not reaching the condition, and reported.
"""
import math

import numpy as np
import pandas as pd

import simcore
from experiments import runner
from experiments.opponents import opponent_names
from experiments.players import load_agent, mulligan_rule, with_mulligans
from experiments.runner import Series
from experiments.shares import figures, share, wilson
from simcore import consts as K
from simcore import layout as L
from simcore.cards.compile import make_pool
from simcore.condition import compile_condition
from simcore.decks import load_decks
from simcore.errors import PlaytestError
from simcore.game import deck_ids

# effects that draw, look at or shuffle back cards: the cards seen are no longer the top of
# a shuffled deck (no closed form)
SEEING_OPS = {K.OP_DRAW, K.OP_EXILE_TOP, K.OP_SURVEIL, K.OP_SCRY, K.OP_MILL,
              K.OP_SHUFFLE_INTO_LIB}
TABLE = ("seed", "deck", "opponent", "agent", "opponent_agent", "mulligan", "condition",
         "on_the_play",
         "turn", "games", "held", "share", "lo", "hi", "exact", "mean_turn", "median_turn",
         "ended_early", "ended_early_why", "version")


def seeing_cards(pool, ids):
    """Names of the deck's cards that draw, look at or shuffle back cards."""
    ct = pool.compile()
    out = set()
    for c in set(int(i) for i in ids):
        a0 = ct.card[c, L.C_ABIL0]
        for a in range(a0, a0 + ct.card[c, L.C_NABIL]):
            o0 = ct.abil[a, L.AB_OP0]
            for o in range(o0, o0 + ct.abil[a, L.AB_NOP]):
                if int(ct.ops[o, 0]) in SEEING_OPS:
                    out.add(pool.names[c])
    return sorted(out)


def exact_seen(needs, copies, deck_size, seen):
    """P(any clause holds) when `seen` random cards of a deck of `deck_size` are seen:
    needs = [{card: copies needed}] per clause, copies = {card: copies in the deck}
    (multivariate hypergeometric, enumerated over the named cards)."""
    names = sorted({n for need in needs for n in need})
    cs = [copies.get(n, 0) for n in names]
    rest = deck_size - sum(cs)
    if seen >= deck_size:
        seen = deck_size
    total = math.comb(deck_size, seen)
    p = 0
    for ks in np.ndindex(*[c + 1 for c in cs]):
        k = sum(ks)
        if k > seen or seen - k > rest:
            continue
        have = dict(zip(names, ks))
        if not any(all(have[n] >= v for n, v in need.items()) for need in needs):
            continue
        ways = math.comb(rest, seen - k)
        for c, kk in zip(cs, ks):
            ways *= math.comb(c, kk)
        p += ways
    return p / total


def own_turn(game_turn, on_the_play, goldfish):
    """The deck's own turns begun by game turn t (goldfish: t; first player: the odd
    turns)."""
    t = np.asarray(game_turn)
    if goldfish:
        return t
    return np.maximum(np.where(on_the_play, (t + 1) // 2, t // 2), 1)


def combo(deck, when, ors=(), vs=None, by_turn=4, games=10000, seed=0, agent="greedy",
          opponent_agent=None, batch_size=None, card_dirs=(), card_db=None, progress=True, out=None,
          warn=None, mulligan="agent", pilot=None, plan=None, per_game=None):
    """Play `games` seeds on the play and on the draw against each opponent (or goldfish)
    until the condition `when` (or one of `ors`) holds or the deck's turn `by_turn` ends;
    returns the table: per opponent, start and turn, the share of games in which the
    condition had held by the end of the deck's turn, with its 95% Wilson interval, and the
    exact value where one exists (the module's docstring says when). `mulligan`: who
    decides mulligans, as in simulate ("agent", "never", a land window "LO-HI"). `pilot`: an
    experiments.pilot.Watch, to count games out of room and cards held in (the turn limit
    is the run's horizon here, not a truncation). `per_game`: a list that gets, per chunk
    of games, (opponent, on the play, game numbers, the deck's own turn the condition came
    together or 0) (experiments/pilots.py pairs two pilots' games by them)."""
    rule = mulligan_rule(mulligan)
    pool = make_pool(card_dirs, card_db=card_db)
    vs = [] if vs is None else [vs] if isinstance(vs, (str, bytes)) or hasattr(
        vs, "__fspath__") else list(vs)
    d0, *opponents = load_decks([deck] + vs, pool, warn=warn)
    names = opponent_names(vs, opponents)
    cond = compile_condition([when] + list(ors), pool)
    ids0 = deck_ids(pool, d0)
    pieces = [pool.card_id[n] for n in cond.cards()]
    agents = [load_agent(agent)]
    if opponents:
        agents.append(load_agent(opponent_agent or agent))
    if hasattr(agents[0], "pieces"):
        agents[0].pieces = tuple(sorted(pieces))
    ct = pool.compile()
    goldfish = not opponents
    needs = cond.seen_only_cards()
    exact_ok = needs is not None and not seeing_cards(pool, ids0)
    copies = dict(d0.main)
    sides = [(deck_ids(pool, d), n) for d, n in zip(opponents, names)] or [(None, "goldfish")]
    series = []
    for ids1, name in sides:
        players = [with_mulligans(a, rule, ct, ids) for a, ids in zip(agents, (ids0, ids1))]
        for start in ("play", "draw"):
            series.append(Series(pool, ids0, ids1, players, labels=dict(
                opponent=name, on_the_play=start == "play"), batch=dict(
                start=start, max_turns=by_turn if goldfish else 2 * by_turn,
                condition=cond)))
    held = [np.zeros(by_turn + 2, np.int64) for _ in series]
    played = [0] * len(series)
    ended = [dict() for _ in series]
    mulligans = [0]

    def to_rows(s, res):
        t = np.asarray(res["condition_turn"])
        own = np.where(t > 0, own_turn(t, s.labels["on_the_play"], goldfish), 0)
        # per game, as a dataset keeps them (--dataset): which game, the deck's own turn the
        # condition came together (0: not by by_turn), how the game ended, its mulligans
        rows = pd.DataFrame({"seed": seed, "game": res["game"],
                             "on_the_play": s.labels["on_the_play"],
                             "opponent": s.labels["opponent"], "own": own, "end": res["end"],
                             "turns": res["turns"], "mulligans": res["mulligans0"]})
        if pilot is not None:       # consumed with the chunk (runner: whole or not at all)
            decks = {0: d0.name} if goldfish else {0: d0.name, 1: s.labels["opponent"]}
            rows.attrs["pilot"] = pilot.count(res, pool, decks, goldfish,
                                              truncations=(K.END_CAPACITY,))
        return rows

    def consume(k, rows):
        if "pilot" in rows.attrs and pilot is not None:
            pilot.add(rows.attrs["pilot"])
        own = rows["own"].to_numpy()
        if per_game is not None:
            per_game.append((series[k].labels["opponent"], series[k].labels["on_the_play"],
                             rows["game"].to_numpy(), own))
        held[k] += np.bincount(np.clip(own, 0, by_turn + 1), minlength=by_turn + 2)
        played[k] += len(rows)
        mulligans[0] += int(rows["mulligans"].sum())
        early = rows[(rows["own"] == 0) & ~rows["end"].isin(K.END_TRUNCATED)]
        for e, n in early["end"].value_counts().items():
            ended[k][K.END_NAMES[int(e)]] = ended[k].get(K.END_NAMES[int(e)], 0) + int(n)

    def table():
        out_rows = []
        for k, s in enumerate(series):
            n = played[k]
            if n == 0:
                continue
            cum = np.cumsum(held[k][1:by_turn + 1])
            turns = np.repeat(np.arange(1, by_turn + 1), held[k][1:by_turn + 1])
            why = ", ".join(f"{e} {c}" for e, c in sorted(ended[k].items()))
            for t in range(1, by_turn + 1):
                lo, hi = wilson(int(cum[t - 1]), n)
                seen = 7 + t - (1 if s.labels["on_the_play"] else 0)
                out_rows.append(dict(
                    seed=seed, deck=d0.name, opponent=s.labels["opponent"], agent=agent,
                    opponent_agent=(opponent_agent or agent) if not goldfish else "",
                    mulligan="agent" if rule is None else rule.name,
                    condition=cond.text, on_the_play=s.labels["on_the_play"], turn=t,
                    games=n, held=int(cum[t - 1]), share=cum[t - 1] / n, lo=lo, hi=hi,
                    exact=exact_seen(needs, copies, len(ids0), seen)
                    if exact_ok and mulligans[0] == 0 else np.nan,
                    mean_turn=turns.mean() if len(turns) else np.nan,
                    median_turn=float(np.median(turns)) if len(turns) else np.nan,
                    ended_early=sum(ended[k].values()), ended_early_why=why,
                    version=simcore.__version__))
        return pd.DataFrame(out_rows, columns=list(TABLE))

    return runner.run_table(series, games, seed, to_rows, consume, table, chunk=batch_size,
                            progress=progress, out=out, plan=plan, command="combo")


def combo_pilots(deck, when, pilots, ors=(), vs=None, by_turn=4, games=10000, seed=0,
                 opponent_agent=None, progress=True, **kw):
    """combo's question asked of two pilots on the same seeds: one row per opponent (all
    together first when several) and turn, each pilot's share with its interval and the
    difference (second pilot - first) with its paired interval (experiments/pilots.py).
    `kw`: combo's other arguments (batch_size, card_dirs, warn, mulligan, plan)."""
    from experiments.pilots import pilot_row, seed_shares
    per = []
    meta = None
    for p in pilots:
        kept = []
        df = combo(deck, when, ors, vs=vs, by_turn=by_turn, games=games, seed=seed, agent=p,
                   opponent_agent=opponent_agent or "greedy", progress=progress,
                   per_game=kept, **kw)
        per.append(kept)
        meta = df.iloc[0]
    opponents = list(dict.fromkeys(o for o, _, _, _ in per[0]))
    groups = [(o, [o]) for o in opponents]
    if len(opponents) > 1:
        groups.insert(0, ("all", opponents))
    rows = []
    for name, opps in groups:
        shares = []
        for kept in per:
            # a run's chunks joined per opponent and start
            games = [(np.concatenate([g for o, p, g, _ in kept if (o, p) == key]),
                      np.concatenate([own for o, p, _, own in kept if (o, p) == key]))
                     for key in dict.fromkeys((o, p) for o, p, _, _ in kept) if key[0] in opps]
            shares.append(seed_shares(games, by_turn))
        if not np.array_equal(shares[0][0], shares[1][0]):
            raise PlaytestError("the pilots' runs played different seeds (stopped early?)")
        for t in range(by_turn):
            rows.append(dict(
                seed=seed, deck=meta["deck"], opponent=name, condition=meta["condition"],
                pilot_a=pilots[0], pilot_b=pilots[1],
                opponent_agent=(opponent_agent or "greedy") if name != "goldfish" else "",
                mulligan=meta["mulligan"], turn=t + 1, games=2 * len(shares[0][0]),
                **pilot_row(shares[0][1][:, t], shares[1][1][:, t]),
                version=simcore.__version__))
    return pd.DataFrame(rows)


def summary(df):
    """Per opponent and start: the share by each turn (95% CI), exact values beside them,
    the mean and median turn among the games that reached it, and the share never
    reached."""
    lines = []
    for (opp, play), g in df.groupby(["opponent", "on_the_play"], sort=False):
        n = int(g["games"].iloc[0])
        head = (f"{g['deck'].iloc[0]} vs {opp}, on the {'play' if play else 'draw'}: "
                f"{n} games (seed {g['seed'].iloc[0]}, playtest {g['version'].iloc[0]}, "
                f"{g['agent'].iloc[0]}"
                + ("" if g["mulligan"].iloc[0] == "agent" else
                   f", mulligans: {g['mulligan'].iloc[0]}") + ")")
        lines.append(head)
        lines.append(f"  {g['condition'].iloc[0]}")
        for r in g.itertuples():
            exact = "" if np.isnan(r.exact) else f"   exact {r.exact * 100:.1f}%"
            e, lo, hi = figures(r.share, r.lo, r.hi)
            lines.append(f"  by turn {r.turn}: {e:>5}% (95% CI {lo}-{hi}%){exact}")
        last = g.iloc[-1]
        never = n - int(last["held"])
        lines.append(f"  never by turn {int(last['turn'])}: {share(never, n)}")
        if int(last["held"]):
            lines.append(f"  turn it came together, in the {int(last['held'])} games that "
                         f"reached it: mean {last['mean_turn']:.2f}, median "
                         f"{last['median_turn']:g}")
        if int(last["ended_early"]):
            lines.append(f"  games that ended before it came together: "
                         f"{last['ended_early_why']} (counted as not reached)")
        lines.append("")
    return "\n".join(lines).rstrip()
