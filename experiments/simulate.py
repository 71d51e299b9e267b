"""`playtest simulate`: play many games between agents in seeded chunks and summarise them.

Games are played in batches; game i of the run always gets the same random stream (from the
seed and i), so results do not depend on the batch size. Results stream to disk chunk by
chunk when an output file is given; SIGINT (Ctrl-C) or SIGTERM keeps (and saves) the
finished chunks (experiments/signals.py).
"""
import os

import numpy as np

from experiments import runner
from experiments.gamerows import game_rows
from experiments.opponents import opponent_names
from experiments.players import load_agent, mulligan_rule, with_mulligans
from experiments.runner import ChunkWriter, Series  # noqa: F401  (ChunkWriter: API)
from experiments.shares import share
from experiments.signals import STOPS
from experiments.tally import Tally, by_turn, end_words, measures, ordered_counts
from simcore import consts as K
from simcore.cards.compile import make_pool
from simcore.decks import load_decks, match_card_name
from simcore.errors import PlaytestError
from simcore.game import deck_ids


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


def play_chunk(pool, ids0, ids1, agents, n, seed, game0, start, max_turns, target=None):
    """Games game0 .. game0 + n - 1 of a series (GameBatch.results() arrays)."""
    return Series(pool, ids0, ids1, agents, batch=dict(
        start=start, max_turns=max_turns, target_card=target)).play(seed, game0, n)


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


def simulate(deck, vs=None, games=1000, seed=0, agent="greedy", opponent_agent=None,
             start="play", max_turns=30, batch_size=None, card_dirs=(), card_db=None, target=None,
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
    pool = make_pool(card_dirs, card_db=card_db)
    vs = [] if vs is None else [vs] if isinstance(vs, (str, os.PathLike)) else list(vs)
    d0, *opponents = load_decks([deck] + vs, pool, warn=warn)
    # cards of the card database whose text is partly ignored (--allow-partial): a column
    # of the saved table says which, as the summary does
    ignored = pool.db_cards.ignored_text() if pool.db_cards is not None else ""
    names = opponent_names(vs, opponents)
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
        df = game_rows(res, **s.labels)
        if pilot is not None:       # consumed with the chunk (runner: whole or not at all)
            decks = {0: d0.name} if s.ids1 is None else {0: d0.name, 1: s.labels["opponent"]}
            df.attrs["pilot"] = pilot.count(res, pool, decks, goldfish=s.ids1 is None)
        return df

    def consume(k, df):
        counts = df.attrs.pop("pilot", None)
        if ignored:
            df = df.assign(ignored_text=ignored)
        if writer is not None:      # first: a chunk that cannot be written is not counted
            writer.write(df)
        if counts is not None and pilot is not None:    # (a dataset's chunk may have some)
            pilot.add(counts)
        tally.add(df)
        if rows:
            frames.append(df)

    def result():
        return runner.collect(frames) if rows else tally

    try:
        runner.run(series, games, seed, to_rows, consume,
                   chunk=batch_size, progress=progress,
                   on_close=writer.close if writer is not None else None, plan=plan,
                   command="simulate")
    except STOPS as e:
        raise e.keeping(result()) from None
    return result()


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
