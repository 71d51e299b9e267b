"""`playtest cardstats --plot`: per card, 17lands' win rates (GIH, OH, GD, GNS) with their
95% intervals on the left; on the right IWD and, where it was run, the leave-one-out effect,
in percentage points beside a zero line: the two measures side by side show where seeing a
card and having it in the deck part ways. One row of panels per opponent."""
import numpy as np

from experiments.plots import check_plot_path, save_figure

MARKS = (("gih", "GIH WR", "o"), ("oh", "OH WR", "^"), ("gd", "GD WR", "v"),
         ("gns", "GNS WR", "s"))


def _bars(ax, y, v, lo, hi, **kw):
    v, lo, hi = (np.asarray(x, float) * 100 for x in (v, lo, hi))
    # an interval's end can round a hair past its estimate (Wilson at 0 or 1 wins):
    # matplotlib refuses a negative error bar
    err = np.clip([v - lo, hi - v], 0, None)
    ax.errorbar(v, y, xerr=err, linestyle="none", capsize=2, **kw)


def plot_cards(df, path):
    """Write the per-card panels of a cardstats table (cardstats.cardstats) to `path`."""
    check_plot_path(path)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = list(df.groupby("opponent", sort=False))
    n = df["card"].nunique()
    fig, axes = plt.subplots(len(groups), 2, figsize=(12, (0.32 * n + 2.0) * len(groups)),
                             squeeze=False, sharey=True)
    for (opp, g), (left, right) in zip(groups, axes):
        y = np.arange(len(g))[::-1]
        for k, (key, label, mark) in enumerate(MARKS):
            _bars(left, y + 0.15 * (1.5 - k), g[f"{key}_wr"], g[f"{key}_lo"], g[f"{key}_hi"],
                  marker=mark, markersize=4, label=label)
        left.axvline(g["deck_wr"].iloc[0] * 100, color="grey", linewidth=0.8,
                     linestyle="--", label="deck's win rate")
        left.set_yticks(y, g["card"], fontsize=8)
        left.set_xlabel(f"win rate over the copies' games (%), vs {opp}")
        left.grid(alpha=0.3, axis="x")
        left.legend(fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=5,
                    title="95% CI", title_fontsize=6, frameon=False)
        _bars(right, y + 0.12, g["iwd"], g["iwd_lo"], g["iwd_hi"], marker="o", markersize=4,
              label="IWD (GIH WR - GNS WR)")
        if (g["loo_seeds"] > 0).any():
            fill = g.loc[g["loo_seeds"] > 0, "loo_fill"].iloc[0]
            _bars(right, y - 0.12, g["loo_effect"], g["loo_lo"], g["loo_hi"], marker="D",
                  markersize=4, label=f"leave-one-out (replaced by {fill}; paired seeds)")
        right.axvline(0, color="black", linewidth=0.8)
        right.set_xlabel("percentage points")
        right.grid(alpha=0.3, axis="x")
        right.legend(fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2,
                     title="95% CI", title_fontsize=6, frameon=False)
    f = df.iloc[0]
    fig.suptitle(f"{f['deck']}: per card, {f['seeds']} seeds each on the play and on the draw "
                 f"({f['games']} games per opponent); seed {f['seed']}, {f['agent']} vs "
                 f"{f['opponent_agent']}, playtest {f['version']}", fontsize=9)
    return save_figure(fig, path)
