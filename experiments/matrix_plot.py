"""`playtest gauntlet --plot`: the win-rate matrix. Rows are decks, columns opponents; a
cell is the share of the games the row's deck won against the column's (both starts
together), coloured by it, with its 95% interval and the games behind it as text. Draws
and games no one lost are not wins (experiments/gauntlet.py), so a cell and its mirror
add up to 100% only when there were none."""
import numpy as np

from experiments.plots import check_plot_path, save_figure
from experiments.shares import rate_ci


def matrix(df):
    """(decks, opponents, rows of the table indexed [deck][opponent]) from a gauntlet
    table's both-starts rows, in the table's order."""
    both = df[df["start"] == "both"]
    decks = list(dict.fromkeys(both["deck"]))
    opps = list(dict.fromkeys(both["opponent"]))
    if set(opps) <= set(decks):              # a round robin: the same order both ways
        opps = decks
    cells = {(r.deck, r.opponent): r for r in both.itertuples()}
    return decks, opps, cells


def plot_matrix(df, path):
    """Write the matrix of a gauntlet table (gauntlet.gauntlet) to `path`."""
    check_plot_path(path)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    decks, opps, cells = matrix(df)
    values = np.full((len(decks), len(opps)), np.nan)
    for (d, o), r in cells.items():
        values[decks.index(d), opps.index(o)] = r.win_rate * 100
    fig, ax = plt.subplots(figsize=(1.9 * len(opps) + 2.6, 0.85 * len(decks) + 1.9))
    # no games (a deck against itself): grey
    cmap = matplotlib.colormaps["RdYlGn"].with_extremes(bad="#e8e8e8")
    im = ax.imshow(values, cmap=cmap, vmin=0, vmax=100, aspect="auto")
    for (d, o), r in cells.items():
        ax.text(opps.index(o), decks.index(d),
                rate_ci(r.win_rate, r.lo, r.hi).replace(" (", "\n(") + f"\n{r.games} games",
                ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(opps)), opps, rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(len(decks)), decks, fontsize=8)
    ax.set_xlabel("opponent")
    ax.set_ylabel("deck")
    fig.colorbar(im, ax=ax, label="games won (%), both starts")
    first = df.iloc[0]
    ax.set_title(f"won, of all games (95% CI; draws and games no one lost not wins)\n"
                 f"{int(first['seeds'])} seeds a pairing, each on the play and on the draw; "
                 f"seed {first['seed']}, {first['agent']}, playtest {first['version']}",
                 fontsize=8)
    return save_figure(fig, path)
