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

Legends sit in a row of their own under the panels, never over a curve or a bar; a figure
is saved with every label, title and colour bar inside it (`save_figure`). Each plot
function returns its (closed) figure, which the tests read back.
"""
import textwrap

import numpy as np

from experiments.paths import check_output_path
from experiments.shares import points_ci, rate_ci
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
    plt = _pyplot()

    t = Tally.of(df)
    c = t.counts
    opps = t.opponents()
    goldfish = all(o == "goldfish" for o in opps)
    lines = curves(t)
    ended = c[~c["end"].isin(K.END_TRUNCATED)]
    words = end_words(ended)
    kinds = len(opps) if len(opps) > 1 else len(ordered_counts(words, ended["games"]))
    fig, (left, right), (under_left, under_right) = _panels_over_legends(
        plt, 2, (11, 4.2), max(len(lines), kinds))
    for label, curve in lines.items():
        line, = left.step(curve.index, curve["share"] * 100, where="post", label=label)
        left.fill_between(curve.index, curve["lo"] * 100, curve["hi"] * 100, step="post",
                          alpha=0.2, color=line.get_color(), linewidth=0)
    turn, turns = ("the deck's turn", "the deck's turns") if goldfish else \
        ("game turn (both players' turns)", "game turns, both players'")
    left.set_xlabel(turn)
    left.set_ylabel("share of the games by the end of the turn (%)")
    left.set_ylim(0, 100)
    left.grid(alpha=0.3)
    _legend_under(left, under_left, title="95% CI shaded")

    bins = np.arange(1, int(c["turns"].max() if len(c) else 1) + 2)

    def histogram(part):
        return np.bincount(part["turns"].astype(int), weights=part["games"],
                           minlength=bins[-1])[1:bins[-1]]
    if len(opps) > 1:
        for opp, games in ended.groupby("opponent", sort=False):
            right.step(bins[:-1], histogram(games), where="mid", label=f"vs {opp}")
    else:
        bottom = np.zeros(len(bins) - 1)
        for what in ordered_counts(words, ended["games"]):
            counts = histogram(ended[words == what])
            right.bar(bins[:-1], counts, bottom=bottom, label=what, width=0.85)
            bottom += counts
    truncated = len(t) - int(ended["games"].sum())
    right.set_xlabel(f"game length ({turns})")
    right.set_ylabel("games not truncated")
    _legend_under(right, under_right, title=f"{truncated} truncated" if truncated else None)
    right.grid(alpha=0.3, axis="y")
    for ax in (left, right):            # turns are whole numbers
        ax.xaxis.set_major_locator(_whole_numbers())

    head = t.heads[opps[0]]
    agents = head["agent"] + ("" if goldfish else f" vs {head['opponent_agent']}")
    fig.suptitle(_wrap(f"{head['deck']} vs {', '.join(str(o) for o in opps)} ({agents}): "
                       f"{len(t)} games, seed {head['seed']}, playtest {head['version']}",
                       fig, 10), fontsize=10)
    return save_figure(fig, path)


def plot_combo(df, path):
    """`playtest combo --plot`: the share of games in which the condition had held by each of
    the deck's turns, on the play and on the draw (one line per opponent and start, its
    95% interval shaded, exact values as dots where there are some)."""
    check_plot_path(path)
    groups = list(df.groupby(["opponent", "on_the_play"], sort=False))
    plt, fig, ax, cell = _figure(sum(1 + g["exact"].notna().any() for _, g in groups),
                                 width=7.5, height=4.5)
    for (opp, play), g in groups:
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
    _legend_under(ax, cell, title="95% CI shaded")
    ax.set_title(_wrap(f"{df['deck'].iloc[0]}: {df['condition'].iloc[0]}\nseed "
                       f"{df['seed'].iloc[0]}, {df['agent'].iloc[0]}, playtest "
                       f"{df['version'].iloc[0]}", fig, 9), fontsize=9)
    return save_figure(fig, path)


# ---- paired experiments (compare, balance, sweep): estimates with their 95% intervals

def _pyplot():
    import matplotlib
    matplotlib.use("Agg")               # files only: no display needed
    import matplotlib.pyplot as plt
    return plt


def _whole_numbers():
    from matplotlib.ticker import MaxNLocator
    return MaxNLocator(integer=True)


def save_figure(fig, path):
    """Lay out `fig`, write it to `path` with everything drawn inside the image (a title or
    a colour bar's label wider than the figure is not cut), close it and return it."""
    import matplotlib.pyplot as plt
    fig.tight_layout()
    fig.savefig(path, bbox_inches="tight", pad_inches=0.1)
    plt.close(fig)
    return fig


def _wrap(text, fig, fontsize, share=1.0):
    """`text` in lines that fit `share` of the figure's width at `fontsize` (a title wider
    than the figure was cut)."""
    chars = int(fig.get_figwidth() * share * 72 / (0.6 * fontsize))
    return "\n".join(textwrap.fill(part, chars) for part in text.split("\n"))


def _panels_over_legends(plt, n, size, entries):
    """A figure of `n` panels side by side over a row that holds their legends (up to
    `entries` lines each), so that no legend hides a curve: (figure, panels, legend
    cells)."""
    width, height = size
    under = 0.2 * (entries + 1) + 0.15
    fig, axes = plt.subplots(2, n, figsize=(width, height + under), squeeze=False,
                             gridspec_kw=dict(height_ratios=[height, under]))
    for ax in axes[1]:
        ax.axis("off")
    return fig, list(axes[0]), list(axes[1])


def _legend_under(ax, cell, **kw):
    """The legend of `ax`'s curves, in `cell` under it."""
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        cell.legend(handles, labels, loc="upper center", fontsize=8, title_fontsize=7,
                    frameon=False, **kw)


def _figure(entries, width=7, height=4.2):
    """One panel over its legend's row: (plt, figure, panel, legend cell)."""
    plt = _pyplot()
    fig, (ax,), (cell,) = _panels_over_legends(plt, 1, (width, height), entries)
    return plt, fig, ax, cell


def _title(df, what):
    r = df.iloc[0]
    return (f"{what} vs {r['opponents']} ({r['agent']} vs {r['opponent_agent']}):\n"
            f"{r['games']} games per version, seed {r['seed']}, playtest {r['version']}")


def plot_compare(df, path):
    """Each version's win rate and their difference, per opponent, with 95% intervals."""
    check_plot_path(path)
    plt = _pyplot()
    fig, (left, right), (under, _) = _panels_over_legends(plt, 2, (10, 4.2), 2)
    y = np.arange(len(df))
    for k, (side, off) in enumerate((("a", -0.15), ("b", 0.15))):
        rate = df[f"win_rate_{side}"] * 100
        err = np.clip([rate - df[f"win_rate_{side}_lo"] * 100,
                       df[f"win_rate_{side}_hi"] * 100 - rate], 0, None)
        name = df[f"deck_{side}"].iloc[0]
        left.errorbar(rate, y + off, xerr=err, fmt="o", capsize=3,
                      label=f"{'AB'[k]}: {name}")
    left.set_yticks(y, df["opponent"])
    left.set_xlabel("win rate (%), 95% CI")
    _legend_under(left, under)
    d = df["diff"] * 100
    right.errorbar(d, y, xerr=np.clip([d - df["diff_lo"] * 100, df["diff_hi"] * 100 - d], 0,
                                      None), fmt="o",
                   capsize=3, color="black")
    right.axvline(0, color="grey", lw=0.8)
    right.set_yticks(y, df["opponent"])
    right.set_xlabel("A - B (points), paired 95% CI")
    for ax in (left, right):
        ax.grid(alpha=0.3, axis="x")
    fig.suptitle(_wrap(_title(df, f"{df['deck_a'].iloc[0]} (A) and B"), fig, 9), fontsize=9)
    return save_figure(fig, path)


def plot_balance(df, path):
    """The win-rate effect of each value against the baseline, with its 95% interval, and
    the target."""
    check_plot_path(path)
    plt, fig, ax, cell = _figure(1)
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
    ax.set_ylabel(_wrap(f"win rate minus the baseline, the deck with {r['baseline']} "
                        f"(points)", fig, 9, share=0.6), fontsize=9)
    ax.grid(alpha=0.3)
    _legend_under(ax, cell, ncol=3)
    ax.set_title(_wrap(_title(df, r["deck"]), fig, 8), fontsize=8)
    return save_figure(fig, path)


def check_sweep_plot(vary):
    """A sweep's plot draws one varied card (a line) or two (a heatmap)."""
    from simcore.errors import PlaytestError
    if len(vary or ()) > 2:
        raise PlaytestError(f"--plot draws a sweep of one or two cards (a line or a "
                            f"heatmap), not {len(vary)}")


SAME_AS_BEST = "95% CI of the difference holds 0: not told apart from the best"


def holds_zero(df):
    """Per variant: is it the best, or does the 95% interval of its difference from the best
    hold 0 (a difference inside the noise)?"""
    return df["best"] | ((df["vs_best_lo"] <= 0) & (df["vs_best_hi"] >= 0))


def plot_sweep(df, path):
    """One varied card: its win rate by count (95% intervals) beside its difference from the
    best (paired 95% intervals); two: a heatmap of the differences from the best, coloured
    on a scale centred on 0 that spans the widest interval, each cell's numbers written in
    it and the cells whose interval holds 0 hatched. The best variant is marked."""
    check_plot_path(path)
    from experiments.variants import varied_cards
    cards = varied_cards(df)
    check_sweep_plot(cards)
    r = df.iloc[0]
    plt = _pyplot()
    title = _title(df, r["deck"]) + f"; {r['fill']} makes up the counts"
    if len(cards) == 1:
        fig, (left, right), (under, under_right) = _panels_over_legends(plt, 2, (10, 4.2), 2)
        c = cards[0]
        best = df[df["best"]].iloc[0]
        w = df["win_rate"] * 100
        left.errorbar(df[c], w, yerr=[w - df["win_rate_lo"] * 100,
                                      df["win_rate_hi"] * 100 - w],
                      fmt="o-", capsize=3, label="win rate (95% CI)")
        left.plot([best[c]], [best["win_rate"] * 100], "s", ms=11, mfc="none",
                  color="tab:red", label="best")
        left.set_ylabel("win rate (%)")
        d = df["vs_best"].fillna(0) * 100
        right.errorbar(df[c], d, yerr=[d - df["vs_best_lo"].fillna(0) * 100,
                                       df["vs_best_hi"].fillna(0) * 100 - d],
                       fmt="o", capsize=3, color="black",
                       label="minus the best (paired 95% CI: the seeds are shared)")
        right.axhline(0, color="grey", lw=0.8)
        right.plot([best[c]], [0], "s", ms=11, mfc="none", color="tab:red")
        right.set_ylabel("win rate minus the best's (points)")
        for ax in (left, right):
            ax.set_xticks(list(df[c]))
            ax.set_xlabel(f"copies of {c}")
            ax.grid(alpha=0.3)
        _legend_under(left, under)
        _legend_under(right, under_right)
        fig.suptitle(_wrap(title, fig, 9), fontsize=9)
        return save_figure(fig, path)
    plt, fig, ax, cell = _figure(2, width=7.5, height=4.8)
    cx, cy = cards
    xs, ys = sorted(df[cx].unique()), sorted(df[cy].unique())
    diff = np.full((len(ys), len(xs)), np.nan)
    cells = {}
    for (_, row), same in zip(df.iterrows(), holds_zero(df)):
        i, j = ys.index(row[cy]), xs.index(row[cx])
        diff[i, j] = 0.0 if row["best"] else row["vs_best"] * 100
        cells[i, j] = (row, same)
    bounds = np.abs(df[["vs_best_lo", "vs_best_hi"]].to_numpy(float) * 100)
    span = max(float(np.nanmax(bounds)) if np.isfinite(bounds).any() else 0.0, 1.0)
    import matplotlib
    from matplotlib.patches import Patch, Rectangle
    cmap = matplotlib.colormaps["RdBu"].with_extremes(bad="#e8e8e8")
    im = ax.imshow(diff, origin="lower", aspect="auto", cmap=cmap, vmin=-span, vmax=span)
    for (i, j), (row, same) in cells.items():
        rate = rate_ci(row["win_rate"], row["win_rate_lo"], row["win_rate_hi"])
        if row["best"]:
            text = f"{rate}\nbest"
            ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, edgecolor="black",
                                   lw=2.5))
        else:
            text = f"{rate}\n" + points_ci(row["vs_best"], row["vs_best_lo"],
                                            row["vs_best_hi"])
            if same:
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///",
                                       edgecolor="#999999", lw=0))
        dark = abs(diff[i, j]) > 0.6 * span
        ax.text(j, i, text, ha="center", va="center", fontsize=7,
                color="white" if dark else "black", weight="bold" if row["best"] else "normal",
                bbox=None if dark else dict(boxstyle="round,pad=0.15", fc="white",
                                            ec="none", alpha=0.75))
    ax.set_xticks(range(len(xs)), xs)
    ax.set_yticks(range(len(ys)), ys)
    ax.set_xlabel(f"copies of {cx}")
    ax.set_ylabel(f"copies of {cy}")
    bar = fig.colorbar(im, ax=ax)
    bar.set_label("win rate minus the best's (points)", fontsize=9)
    cell.legend(handles=[Patch(facecolor="white", hatch="///", edgecolor="#999999",
                               label=SAME_AS_BEST),
                         Patch(facecolor="white", edgecolor="black", lw=2.5,
                               label="best (highest win rate)")],
                loc="upper center", fontsize=8, frameon=False,
                title="in a cell: win rate (95% CI), then minus the best (paired 95% CI)",
                title_fontsize=8)
    ax.set_title(_wrap(title, fig, 8, share=0.8), fontsize=8)
    return save_figure(fig, path)
