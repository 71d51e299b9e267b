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
from experiments.simulate import by_turn, end_words, measures
from simcore import consts as K

FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(path):
    check_output_path(path, "--plot", FORMATS)


def curves(df):
    """{label: DataFrame indexed by turn 1..the longest game (games, share, lo, hi)}: each
    measure of `simulate.measures` per opponent, as the share of that opponent's games."""
    last = int(df["turns"].max()) if len(df) else 0
    deck = str(df["deck"].iloc[0]) if len(df) else ""
    several = df["opponent"].nunique() > 1
    out = {}
    for opp, games in df.groupby("opponent", sort=False):
        for what, turns in measures(games):
            if what == "deck won":
                label = f"{deck} won" + (f" vs {opp}" if several else "")
            elif what == "opponent won":
                label = f"{opp} won"
            else:
                label = what + (f" (vs {opp})" if several else "")
            out[label] = by_turn(turns.dropna().astype(int), len(games), last)
    return out


def plot_games(df, path):
    """Write the two panels for the games of `df` (a simulate result) to `path`."""
    check_plot_path(path)
    import matplotlib
    matplotlib.use("Agg")               # files only: no display needed
    import matplotlib.pyplot as plt

    goldfish = (df["opponent"] == "goldfish").all()
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for label, c in curves(df).items():
        line, = left.step(c.index, c["share"] * 100, where="post", label=label)
        left.fill_between(c.index, c["lo"] * 100, c["hi"] * 100, step="post", alpha=0.2,
                          color=line.get_color(), linewidth=0)
    turn, turns = ("the deck's turn", "the deck's turns") if goldfish else \
        ("game turn (both players' turns)", "game turns, both players'")
    left.set_xlabel(turn)
    left.set_ylabel("share of the games by the end of the turn (%)")
    left.set_ylim(0, 100)
    left.grid(alpha=0.3)
    left.legend(loc="upper left", fontsize=8, title="95% CI shaded", title_fontsize=7)

    ended = df[~df["end"].isin(K.END_TRUNCATED)]
    bins = np.arange(1, int(df["turns"].max() if len(df) else 1) + 2)
    if df["opponent"].nunique() > 1:
        for opp, games in ended.groupby("opponent", sort=False):
            counts = np.bincount(games["turns"].astype(int), minlength=bins[-1])[1:bins[-1]]
            right.step(bins[:-1], counts, where="mid", label=f"vs {opp}")
    else:
        bottom = np.zeros(len(bins) - 1)
        words = end_words(ended)
        for what in words.value_counts().index:
            t = ended.loc[words == what, "turns"].astype(int)
            counts = np.bincount(t, minlength=bins[-1])[1:bins[-1]]
            right.bar(bins[:-1], counts, bottom=bottom, label=what, width=0.85)
            bottom += counts
    truncated = len(df) - len(ended)
    right.set_xlabel(f"game length ({turns})")
    right.set_ylabel("games not truncated")
    right.legend(loc="upper right", fontsize=8,
                 title=f"{truncated} truncated" if truncated else None)
    right.grid(alpha=0.3, axis="y")

    opps = ", ".join(str(o) for o in df["opponent"].unique())
    agents = df["agent"].iloc[0] + ("" if goldfish else f" vs {df['opponent_agent'].iloc[0]}")
    fig.suptitle(f"{df['deck'].iloc[0]} vs {opps} ({agents}): {len(df)} games, seed "
                 f"{df['seed'].iloc[0]}, playtest {df['version'].iloc[0]}", fontsize=10)
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
