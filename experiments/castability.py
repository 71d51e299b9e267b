"""`playtest castability DECK`: how often each spell of a deck can be cast on curve, by the
lands drawn (Frank Karsten's definition, ../shared/STATISTICS.md; lands only: mana creatures
and other sources are not counted).

A spell of mana value T (X = 0) is castable on curve when by turn T the player has drawn at
least T lands and those lands can pay its coloured pips, each with a land of its own
(simcore/castability.py). Estimated over seeded games in chunks (experiments/runner.py
run_chunks; the castability kernel deals hands and draws, no game is played), on the play
and on the draw, given T lands by turn T (Karsten's: games with fewer are left out) and over
all games, each with its 95% Wilson interval and the games behind it; beside each the exact
value (experiments/castability_exact.py). Spells of mana value 0 ask for nothing and are
listed apart.
"""
import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

import simcore
from experiments import runner
from experiments.castability_exact import ExactCastability
from experiments.players import mulligan_rule
from experiments.progress import say_compiling
from experiments.shares import rate_ci, wilson
from simcore.cards.compile import make_pool
from simcore.cards.dbpool import DbCards
from simcore.castability import SIDE_NAMES, SIDES, Castability, deck_spells, is_compiled
from simcore.decks import load_deck
from simcore.errors import PlaytestError
from simcore.game import deck_ids

CHUNK = 50_000
# the rows, in this order (README.md: "Castability" describes them)
COLUMNS = ("seed", "deck", "mulligan", "spell", "copies", "cost", "turn", "start", "games",
           "games_with_lands", "castable", "p_given_lands", "lo_given_lands",
           "hi_given_lands", "exact_given_lands", "p_all", "lo_all", "hi_all", "exact_all",
           "version")


@dataclass
class CountUnit:
    """The castability run's unit of work (experiments/runner.py run_chunks): the deck
    (`pool`, `ids0`) and its count; `batch` the options that change the counts."""
    pool: object
    ids0: np.ndarray
    count: Castability
    batch: dict = field(default_factory=dict)


def _count_rows(unit, seed, game0, n):
    """A chunk's counts as rows (what a task returns and a dataset keeps): one row per
    requirement (lands, castable on the play and on the draw); the games and the hands kept
    after m mulligans in attrs."""
    c = unit.count.count(seed, game0, n)
    rows = pd.DataFrame({f"{what}_{side}": c[what][:, k] for what in ("lands", "castable")
                         for k, side in SIDE_NAMES.items()})
    rows.attrs.update(games=int(c["games"]), mulligans=[int(m) for m in c["mulligans"]])
    return rows


def counts_of(rows):
    """The count of `_count_rows`' rows, as Castability.count gives it."""
    out = {what: np.stack([rows[f"{what}_{SIDE_NAMES[k]}"].to_numpy(np.int64) for k in SIDES],
                          axis=1) for what in ("lands", "castable")}
    out.update(games=int(rows.attrs["games"]),
               mulligans=np.asarray(rows.attrs["mulligans"], np.int64))
    return out


def castability(deck, games=100_000, seed=0, mulligan="2-5", card_dirs=(), card_db=None, chunk=None,
                progress=True, warn=None, plan=None):
    """Castability on curve of every spell of `deck`, over `games` games on the play and the
    same games on the draw (one more card drawn): a DataFrame, one row per spell and start
    (COLUMNS; README.md "Castability"). `mulligan`: "never" or a land window "LO-HI" at
    seven (default Karsten's 2-5; simcore/mulligan.py). Raises PlaytestError, before
    counting anything, for a deck without a spell or for `mulligan="agent"` (no agent
    plays here). The frame's `attrs["free"]` lists the spells of mana value 0. `chunk`: games
    a chunk (None: CHUNK, or on a cluster what keeps its overhead small); `plan`: where the
    chunks are played and kept (experiments/runner.py Plan)."""
    rule = mulligan_rule(mulligan, agent_ok=False)
    if card_db is None:     # costs, types and mana abilities are all it reads: partial is fine
        card_db = DbCards(allow_partial=True)
    pool = make_pool(card_dirs, card_db=card_db)
    d = load_deck(deck, pool, warn=warn)
    ids = deck_ids(pool, d)
    spells, free = deck_spells(pool, ids)
    if not spells:
        what = (f": its only spells have mana value 0 ({', '.join(free)})" if free else
                " (a nonland card with a mana cost of mana value 1 or more)")
        raise PlaytestError(f"{d.file}: the deck has no spell to cast on curve{what}")
    ct = pool.compile()
    count = Castability(ct, ids, rule, spells)
    unit = CountUnit(pool, ids, count, batch=dict(mulligan=rule.name))
    totals = {}

    def consume(k, rows):
        c = counts_of(rows)
        for key in ("games", "lands", "castable", "mulligans"):
            totals[key] = totals[key] + c[key] if key in totals else c[key]

    def warm():
        if progress and not is_compiled():
            say_compiling("the castability kernel", "a few seconds")

    runner.run_chunks([unit], games, seed, _count_rows, consume, chunk=chunk,
                      progress=progress, warm=warm, plan=plan, command="castability",
                      default_chunk=CHUNK)
    exact = ExactCastability(ct, ids, rule)
    rows = []
    for s in spells:
        r = count.requirement_of(s)
        for side in SIDES:
            n = totals["games"]
            lands = int(totals["lands"][r, side])
            ok = int(totals["castable"][r, side])
            e = exact.probabilities(s, s.turn - 1 + side)
            lo_g, hi_g = wilson(ok, lands)
            lo_a, hi_a = wilson(ok, n)
            rows.append(dict(
                seed=seed, deck=d.name, mulligan=rule.name, spell=s.name, copies=s.copies,
                cost=s.cost, turn=s.turn, start=SIDE_NAMES[side], games=n,
                games_with_lands=lands, castable=ok,
                p_given_lands=ok / lands if lands else math.nan, lo_given_lands=lo_g,
                hi_given_lands=hi_g,
                exact_given_lands=(e[1] / e[0] if e[0] else math.nan) if e else math.nan,
                p_all=ok / n, lo_all=lo_a, hi_all=hi_a,
                exact_all=e[1] if e else math.nan, version=simcore.__version__))
    df = pd.DataFrame(rows, columns=list(COLUMNS))
    df.attrs.update(free=free, rule=rule.describe(), mulligans=totals["mulligans"].tolist())
    return df


def _exact(p):
    return "-" if p != p else f"{p * 100:.2f}%"


def _ci(p, lo, hi):
    if p != p:
        return "-"
    return rate_ci(p, lo, hi)


def summary(df):
    """The table a person reads: per start, each spell's castability given T lands (of how
    many games) and over all games, with the exact values beside."""
    n = int(df["games"].iloc[0])
    lines = [f"{df['deck'].iloc[0]}: castability on curve, {n:,} games on the play and the "
             f"same {n:,} on the draw (seed {df['seed'].iloc[0]}, playtest "
             f"{df['version'].iloc[0]})",
             f"mulligans: {df.attrs.get('rule', df['mulligan'].iloc[0])}",
             "castable on curve: by turn T = the spell's mana value (X = 0), T lands drawn "
             "that can pay its coloured pips, one land a pip (lands only: mana creatures "
             "and other sources are not counted)",
             "given T lands: games with fewer than T lands by turn T left out (Karsten's "
             "definition); all games: of every game. 95% Wilson intervals; exact: by "
             "enumerating hand compositions"]
    free = df.attrs.get("free")
    if free:
        lines.append(f"mana value 0 (castable on any turn, not counted): {', '.join(free)}")
    name_w = max(5, df["spell"].str.len().max())
    cost_w = max(4, df["cost"].str.len().max())
    # a decimal more makes a cell wider: the columns fit the widest
    given = {r.Index: _ci(r.p_given_lands, r.lo_given_lands, r.hi_given_lands)
             for r in df.itertuples()}
    every = {r.Index: _ci(r.p_all, r.lo_all, r.hi_all) for r in df.itertuples()}
    ci_w = max(20, *map(len, [*given.values(), *every.values()]))
    for start, part in df.groupby("start", sort=False):
        lines += ["", f"on the {start}",
                  f"{'spell':<{name_w}}  {'cost':<{cost_w}}   T  {'given T lands':<{ci_w}} "
                  f"{'of games':>9}  {'exact':>7}   {'all games':<{ci_w}} {'exact':>7}"]
        for r in part.itertuples():
            lines.append(
                f"{r.spell:<{name_w}}  {r.cost:<{cost_w}}  {r.turn:>2}  "
                f"{given[r.Index]:<{ci_w}} "
                f"{r.games_with_lands:>9,}  {_exact(r.exact_given_lands):>7}   "
                f"{every[r.Index]:<{ci_w}} {_exact(r.exact_all):>7}")
    mulls = df.attrs.get("mulligans")
    if mulls:
        kept = ", ".join(f"{7 - m} cards {k / n * 100:.1f}%" for m, k in enumerate(mulls) if k)
        lines += ["", f"hands kept: {kept}"]
    return "\n".join(lines)


def plot_castability(df, path):
    """Bars per spell: castable on curve given T lands (left) and over all games (right),
    on the play and on the draw, with 95% intervals; the exact values as ticks."""
    from experiments.plots import check_plot_path, save_figure
    check_plot_path(path)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    spells = list(dict.fromkeys(df["spell"]))
    x = np.arange(len(spells))
    fig, axes = plt.subplots(1, 2, figsize=(max(8, 0.9 * len(spells) + 3), 4.8), sharey=True)
    for ax, what, title in ((axes[0], "given_lands", "given T lands by turn T (Karsten)"),
                            (axes[1], "all", "of all games")):
        for k, (start, part) in enumerate(df.groupby("start", sort=False)):
            part = part.set_index("spell").loc[spells]
            p = part[f"p_{what}"].to_numpy() * 100
            # (rounding put an interval's end a hair inside an estimate of 100%)
            err = np.clip(np.vstack([p - part[f"lo_{what}"].to_numpy() * 100,
                                     part[f"hi_{what}"].to_numpy() * 100 - p]), 0, None)
            pos = x + (k - 0.5) * 0.4
            ax.bar(pos, p, width=0.38, yerr=err, capsize=2, label=f"on the {start}")
            ax.scatter(pos, part[f"exact_{what}"].to_numpy() * 100, marker="_", s=120,
                       color="black", zorder=3, label="exact" if k else None)
        ax.set_title(title, fontsize=9)
        ax.set_xticks(x)
        ax.set_xticklabels([f"{s} ({t})" for s, t in zip(
            spells, df.drop_duplicates("spell")["turn"])], rotation=60, ha="right",
            fontsize=7)
        ax.set_ylim(0, 112)             # room above 100% for the legend
        ax.set_yticks(range(0, 101, 20))
        ax.grid(alpha=0.3, axis="y")
    axes[0].set_ylabel("castable on curve (%): lands only, 95% CI")
    axes[1].legend(loc="upper center", ncol=3, fontsize=8)
    fig.suptitle(f"{df['deck'].iloc[0]}: castability on curve (turn = mana value), "
                 f"{int(df['games'].iloc[0]):,} games, seed {df['seed'].iloc[0]}, mulligans "
                 f"{df['mulligan'].iloc[0]}, playtest {df['version'].iloc[0]}", fontsize=10)
    return save_figure(fig, path)
