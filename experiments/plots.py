"""Plots of simulated games (`playtest simulate --plot FILE`): what a deck builder would rather
look at than read.

- Left: the share of all games each side has won by the end of turn T (for goldfish games:
  the deck's kill-turn curve, "how often is the opponent dead by turn 4?").
- Right: how long the finished games lasted, stacked by who won.
The numbers behind the left panel come from `won_by_turn`, so they can be checked and
tabulated without a picture.
"""
import numpy as np
import pandas as pd

from experiments.paths import check_output_path
from simcore import consts as K

FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(path):
    check_output_path(path, "--plot", FORMATS)


def _sides(df):
    goldfish = (df["opponent"] == "goldfish").all()
    sides = [(0, str(df["deck"].iloc[0]))]
    if not goldfish:
        sides.append((1, str(df["opponent"].iloc[0])))
    return sides


def won_by_turn(df):
    """DataFrame indexed by turn 1..the longest game: for each side, the share of all games
    (truncated ones included in the denominator) it had won by the end of that turn."""
    last = int(df["turns"].max()) if len(df) else 0
    turns = np.arange(1, last + 1)
    n = max(len(df), 1)
    out = {}
    for p, name in _sides(df):
        kills = df.loc[(df["winner"] == p) & ~df["end"].isin(K.END_TRUNCATED), "turns"]
        counts = np.bincount(kills.astype(int), minlength=last + 1)[1:last + 1]
        out[f"{name} (player {p})"] = np.cumsum(counts) / n
    return pd.DataFrame(out, index=pd.Index(turns, name="turn"))


def plot_games(df, path):
    """Write the two panels for the games of `df` (a simulate result) to `path`."""
    check_plot_path(path)
    import matplotlib
    matplotlib.use("Agg")               # files only: no display needed
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    curve = won_by_turn(df)
    for col in curve.columns:
        left.step(curve.index, curve[col] * 100, where="post", label=col)
    left.set_xlabel("turn")
    left.set_ylabel("games won by the end of the turn (%)")
    left.set_ylim(0, 100)
    left.grid(alpha=0.3)
    left.legend(loc="upper left", fontsize=8)

    ended = df[~df["end"].isin(K.END_TRUNCATED)]
    bins = np.arange(1, int(df["turns"].max() if len(df) else 1) + 2)
    bottom = np.zeros(len(bins) - 1)
    for p, name in _sides(df) + [(2, "both lost")]:
        t = ended.loc[ended["winner"] == p, "turns"].astype(int)
        counts = np.bincount(t, minlength=bins[-1])[bins[0]:bins[-1]]
        if counts.sum():
            right.bar(bins[:-1], counts, bottom=bottom, label=name, width=0.85)
            bottom += counts
    truncated = len(df) - len(ended)
    right.set_xlabel("game length (turns)")
    right.set_ylabel("finished games")
    right.legend(loc="upper right", fontsize=8,
                 title=f"{truncated} truncated" if truncated else None)
    right.grid(alpha=0.3, axis="y")

    opp = df["opponent"].iloc[0]
    agents = df["agent"].iloc[0] + ("" if opp == "goldfish"
                                    else f" vs {df['opponent_agent'].iloc[0]}")
    fig.suptitle(f"{df['deck'].iloc[0]} vs {opp} ({agents}): {len(df)} games, seed "
                 f"{df['seed'].iloc[0]}, playtest {df['version'].iloc[0]}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
