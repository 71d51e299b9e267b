"""Plots of simulated games (`playtest simulate --plot FILE`): what a deck builder would rather
look at than read.

- Left: what the run measured, by turn, as the share of all games (truncated ones in the
  denominator) with its 95% Wilson band: in goldfish games, the opponent killed by the end of
  each of the deck's turns ("how often is the opponent dead by turn 4?") or, with
  --until-card, the card on the battlefield; with two decks, each side's wins by the end of
  each game turn. One curve per measure and opponent.
- Right: how long the games that were not truncated lasted, stacked by what ended them (one
  outline per opponent when there are several).
The numbers behind the left panel come from `curves`, so they can be checked and tabulated
without a picture.
"""
import numpy as np

from experiments.paths import check_output_path
from experiments.tally import Tally, by_turn, end_words, measures, ordered_counts
from simcore import consts as K

FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(path):
    check_output_path(path, "--plot", FORMATS)


def curves(df):
    """{label: DataFrame indexed by turn 1..the longest game (games, share, lo, hi)}: each
    measure of `simulate.measures` per opponent, as the share of that opponent's games.
    `df`: simulate's rows, or their Tally."""
    t = Tally.of(df)
    if not len(t):
        return {}
    last = int(t.counts["turns"].max())
    deck = str(next(iter(t.heads.values())).get("deck", ""))
    several = len(t.opponents()) > 1
    out = {}
    for opp in t.opponents():
        part = t.part(opp)
        for what, turns, games in measures(part):
            if what == "deck won":
                label = f"{deck} won" + (f" vs {opp}" if several else "")
            elif what == "opponent won":
                label = f"{opp} won"
            else:
                label = what + (f" (vs {opp})" if several else "")
            out[label] = by_turn(turns, int(part["games"].sum()), last, weights=games)
    return out


def plot_games(df, path):
    """Write the two panels for the games of `df` (a simulate result: its rows, or their
    Tally) to `path`."""
    check_plot_path(path)
    import matplotlib
    matplotlib.use("Agg")               # files only: no display needed
    import matplotlib.pyplot as plt

    t = Tally.of(df)
    c = t.counts
    opps = t.opponents()
    goldfish = all(o == "goldfish" for o in opps)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for label, curve in curves(t).items():
        line, = left.step(curve.index, curve["share"] * 100, where="post", label=label)
        left.fill_between(curve.index, curve["lo"] * 100, curve["hi"] * 100, step="post",
                          alpha=0.2, color=line.get_color(), linewidth=0)
    turn, turns = ("the deck's turn", "the deck's turns") if goldfish else \
        ("game turn (both players' turns)", "game turns, both players'")
    left.set_xlabel(turn)
    left.set_ylabel("share of the games by the end of the turn (%)")
    left.set_ylim(0, 100)
    left.grid(alpha=0.3)
    left.legend(loc="upper left", fontsize=8, title="95% CI shaded", title_fontsize=7)

    ended = c[~c["end"].isin(K.END_TRUNCATED)]
    bins = np.arange(1, int(c["turns"].max() if len(c) else 1) + 2)

    def histogram(part):
        return np.bincount(part["turns"].astype(int), weights=part["games"],
                           minlength=bins[-1])[1:bins[-1]]
    if len(opps) > 1:
        for opp, games in ended.groupby("opponent", sort=False):
            right.step(bins[:-1], histogram(games), where="mid", label=f"vs {opp}")
    else:
        bottom = np.zeros(len(bins) - 1)
        words = end_words(ended)
        for what in ordered_counts(words, ended["games"]):
            counts = histogram(ended[words == what])
            right.bar(bins[:-1], counts, bottom=bottom, label=what, width=0.85)
            bottom += counts
    truncated = len(t) - int(ended["games"].sum())
    right.set_xlabel(f"game length ({turns})")
    right.set_ylabel("games not truncated")
    right.legend(loc="upper right", fontsize=8,
                 title=f"{truncated} truncated" if truncated else None)
    right.grid(alpha=0.3, axis="y")

    head = t.heads[opps[0]]
    agents = head["agent"] + ("" if goldfish else f" vs {head['opponent_agent']}")
    fig.suptitle(f"{head['deck']} vs {', '.join(str(o) for o in opps)} ({agents}): {len(t)} "
                 f"games, seed {head['seed']}, playtest {head['version']}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_combo(df, path):
    """`playtest combo --plot`: the share of games in which the condition had held by each of
    the deck's turns, on the play and on the draw (one line per opponent and start, its
    95% interval shaded, exact values as dots where there are some)."""
    check_plot_path(path)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    for (opp, play), g in df.groupby(["opponent", "on_the_play"], sort=False):
        label = f"vs {opp}, on the {'play' if play else 'draw'} ({int(g['games'].iloc[0])} " \
                f"games)"
        line, = ax.plot(g["turn"], g["share"] * 100, marker="o", label=label)
        ax.fill_between(g["turn"], g["lo"] * 100, g["hi"] * 100, alpha=0.2,
                        color=line.get_color(), linewidth=0)
        if g["exact"].notna().any():
            ax.plot(g["turn"], g["exact"] * 100, linestyle="none", marker="x",
                    color=line.get_color(), label="exact (hypergeometric)")
    ax.set_xlabel("the deck's turn")
    ax.set_ylabel("games in which it has come together (%)")
    ax.set_ylim(0, 100)
    ax.set_xticks(sorted(df["turn"].unique()))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, title="95% CI shaded", title_fontsize=7)
    ax.set_title(f"{df['deck'].iloc[0]}: {df['condition'].iloc[0]}\nseed "
                 f"{df['seed'].iloc[0]}, {df['agent'].iloc[0]}, playtest "
                 f"{df['version'].iloc[0]}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# ---- paired experiments (compare, balance, sweep): estimates with their 95% intervals

def _pyplot():
    import matplotlib
    matplotlib.use("Agg")               # files only: no display needed
    import matplotlib.pyplot as plt
    return plt


def _figure(width=7, height=4.2):
    plt = _pyplot()
    return (plt, *plt.subplots(figsize=(width, height)))


def _title(df, what):
    r = df.iloc[0]
    return (f"{what} vs {r['opponents']} ({r['agent']} vs {r['opponent_agent']}): "
            f"{r['games']} games per version, seed {r['seed']}, playtest {r['version']}")


def _save(plt, fig, path):
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_compare(df, path):
    """Each version's win rate and their difference, per opponent, with 95% intervals."""
    check_plot_path(path)
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2))
    y = np.arange(len(df))
    for k, (side, off) in enumerate((("a", -0.15), ("b", 0.15))):
        rate = df[f"win_rate_{side}"] * 100
        err = [rate - df[f"win_rate_{side}_lo"] * 100, df[f"win_rate_{side}_hi"] * 100 - rate]
        name = df[f"deck_{side}"].iloc[0]
        left.errorbar(rate, y + off, xerr=err, fmt="o", capsize=3,
                      label=f"{'AB'[k]}: {name}")
    left.set_yticks(y, df["opponent"])
    left.set_xlabel("win rate (%), 95% CI")
    left.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.18))
    d = df["diff"] * 100
    right.errorbar(d, y, xerr=[d - df["diff_lo"] * 100, df["diff_hi"] * 100 - d], fmt="o",
                   capsize=3, color="black")
    right.axvline(0, color="grey", lw=0.8)
    right.set_yticks(y, df["opponent"])
    right.set_xlabel("A - B (points), paired 95% CI")
    for ax in (left, right):
        ax.grid(alpha=0.3, axis="x")
    fig.suptitle(_title(df, f"{df['deck_a'].iloc[0]} (A) and B"), fontsize=9)
    _save(plt, fig, path)


def plot_balance(df, path):
    """The win-rate effect of each value against the baseline, with its 95% interval, and
    the target."""
    check_plot_path(path)
    plt, fig, ax = _figure()
    x, e = df["value"], df["effect"] * 100
    ax.errorbar(x, e, yerr=[e - df["effect_lo"] * 100, df["effect_hi"] * 100 - e], fmt="o-",
                capsize=3, label="effect (paired 95% CI)")
    r = df.iloc[0]
    ax.axhline(r["target"] * 100, color="tab:red", lw=1, label="target")
    best = df[df["closest"]]
    ax.plot(best["value"], best["effect"] * 100, "s", ms=11, mfc="none", color="tab:red",
            label="closest to the target")
    ax.set_xticks(list(x))
    ax.set_xlabel(f"{r['card']}: {r['vary']}")
    ax.set_ylabel(f"win rate minus the baseline, the deck with {r['baseline']} (points)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(_title(df, r["deck"]), fontsize=8)
    _save(plt, fig, path)


def check_sweep_plot(vary):
    """A sweep's plot draws one varied card (a line) or two (a heatmap)."""
    from simcore.errors import PlaytestError
    if len(vary or ()) > 2:
        raise PlaytestError(f"--plot draws a sweep of one or two cards (a line or a "
                            f"heatmap), not {len(vary)}")


def plot_sweep(df, path):
    """One varied card: its win rate by count with 95% intervals; two: a heatmap of win
    rates. The best variant is marked."""
    check_plot_path(path)
    from experiments.variants import varied_cards
    cards = varied_cards(df)
    check_sweep_plot(cards)
    r = df.iloc[0]
    plt, fig, ax = _figure()
    best = df[df["best"]].iloc[0]
    if len(cards) == 1:
        c = cards[0]
        w = df["win_rate"] * 100
        ax.errorbar(df[c], w, yerr=[w - df["win_rate_lo"] * 100, df["win_rate_hi"] * 100 - w],
                    fmt="o-", capsize=3, label="win rate (95% CI)")
        ax.plot([best[c]], [best["win_rate"] * 100], "s", ms=11, mfc="none", color="tab:red",
                label="best")
        ax.set_xticks(list(df[c]))
        ax.set_xlabel(f"copies of {c} ({r['fill']} makes up the rest)")
        ax.set_ylabel("win rate (%)")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    else:
        cx, cy = cards
        grid = df.pivot(index=cy, columns=cx, values="win_rate") * 100
        im = ax.imshow(grid.to_numpy(), origin="lower", aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(grid.columns)), grid.columns)
        ax.set_yticks(range(len(grid.index)), grid.index)
        for i, yv in enumerate(grid.index):
            for j, xv in enumerate(grid.columns):
                row = df[(df[cx] == xv) & (df[cy] == yv)].iloc[0]
                text = (f"{row['win_rate'] * 100:.1f}\n{row['win_rate_lo'] * 100:.0f}-"
                        f"{row['win_rate_hi'] * 100:.0f}")
                ax.text(j, i, text, ha="center", va="center", fontsize=7,
                        color="red" if row["best"] else "white",
                        weight="bold" if row["best"] else "normal")
        ax.set_xlabel(f"copies of {cx}")
        ax.set_ylabel(f"copies of {cy}")
        fig.colorbar(im, ax=ax, label=f"win rate (%), 95% CI below; best in red; "
                                      f"{r['fill']} fills")
    ax.set_title(_title(df, r["deck"]), fontsize=8)
    _save(plt, fig, path)
