"""What simulate's summary and plots read from its per-game rows: the games counted by how
they ended (`Tally`, chunk by chunk), the share of games with an event by each turn, what
the games measure, and how each game ended in words."""
import numpy as np
import pandas as pd

from experiments.shares import wilson
from simcore import consts as K


def by_turn(event_turns, n, last=None, weights=None):
    """How many of n games had an event by the end of each turn 1..last (default: the
    latest event), given the turn of the event in each game that had it (or, with
    `weights`, in that many games each): DataFrame indexed by turn, columns games, share
    (of all n games), lo and hi (its 95% Wilson interval)."""
    t = np.asarray(event_turns, dtype=np.int64)
    w = np.ones(len(t), np.int64) if weights is None else np.asarray(weights, np.int64)
    if last is None:
        last = int(t.max()) if len(t) else 0
    keep = t <= last
    counts = np.cumsum(np.bincount(t[keep], weights=w[keep], minlength=last + 1)
                       [1:last + 1]).astype(np.int64)
    ci = [wilson(int(k), n) for k in counts]
    return pd.DataFrame({"games": counts, "share": counts / max(n, 1),
                         "lo": [c[0] for c in ci], "hi": [c[1] for c in ci]},
                        index=pd.Index(np.arange(1, last + 1), name="turn"))


def measures(c):
    """What the games of one opponent measure, turn by turn, from its part of a Tally's
    counts: [(what, turns, games)]: what in words, the turns it happened in and in how many
    games each. Goldfish: the opponent killed (or, with --until-card, the card on the
    battlefield); two decks: each side's wins."""
    card = c["until_card"].iloc[0] if len(c) else ""

    def where(mask, col):
        part = c[mask & (c[col] >= 0)]
        return part[col].to_numpy(np.int64), part["games"].to_numpy(np.int64)
    if card:
        return [(f"{card} on the battlefield", *where(c["end"] == K.END_CONDITION, "turns"))]
    if (c["opponent"] == "goldfish").all():
        return [("opponent killed", *where(c["lost1"] != "", "kill_turn"))]
    return [("deck won", *where(c["winner"] == 0, "kill_turn")),
            ("opponent won", *where(c["winner"] == 1, "kill_turn"))]


TALLY_KEYS = ("opponent", "until_card", "end", "winner", "lost0", "lost1", "turns",
              "kill_turn")


HEAD = ("deck", "seed", "version", "agent", "opponent_agent", "mulligan")


class Tally:
    """What simulate's summary and plot read, counted chunk by chunk (memory flat whatever
    the games): `counts`, one row per distinct (opponent, how the game ended, who won and
    lost, its turns, its kill turn: -1 for none) with its number of games; per opponent, the
    labels of its first game (`heads`) and the mulligans each side took. `len()` is the
    games counted."""

    def __init__(self):
        self.counts = None
        self.heads = {}
        self.mulligans = {}

    @classmethod
    def of(cls, rows):
        """The tally of simulate's rows (a DataFrame; a Tally is returned as it is)."""
        if isinstance(rows, cls):
            return rows
        t = cls()
        t.add(rows)
        return t

    def add(self, df):
        if not len(df):
            return
        keys = [c for c in TALLY_KEYS if c in df.columns]
        part = df[keys].copy()
        if "kill_turn" in part:
            part["kill_turn"] = pd.array(part["kill_turn"], dtype="Int64").fillna(-1) \
                .astype(np.int64)
        new = part.groupby(keys, sort=False, dropna=False).size().rename("games") \
            .reset_index()
        both = new if self.counts is None else pd.concat([self.counts, new])
        self.counts = both.groupby(keys, sort=False, dropna=False)["games"].sum() \
            .reset_index()
        for opp, first in df.groupby("opponent", sort=False).head(1).set_index(
                "opponent", drop=False).iterrows():
            self.heads.setdefault(opp, {c: first[c] for c in HEAD if c in df.columns})
        for opp, g in df.groupby("opponent", sort=False):
            m = self.mulligans.setdefault(opp, [0, 0])
            for p in (0, 1):
                if f"mulligans{p}" in g:
                    m[p] += int(g[f"mulligans{p}"].sum())

    def __len__(self):
        return 0 if self.counts is None else int(self.counts["games"].sum())

    def opponents(self):
        return list(self.heads)

    def part(self, opponent):
        return self.counts[self.counts["opponent"] == opponent]


def _end_words(end, winner, lost0, lost1, card, goldfish):
    if end in K.END_LOSS:
        words = {"life": "{}'s life 0", "decked": "{} decked", "poison": "{} poisoned"}
        what = " and ".join(words[w].format(side) for side, why in (("deck", lost0),
                                                                   ("opponent", lost1))
                            for w in why.split("+") if w)
        if winner == 2:
            return what + " (both lost)"
        return what if goldfish else what + (" (deck won)" if winner == 0 else
                                             " (opponent won)")
    if end == K.END_CONDITION:
        return f"{card} on the battlefield"
    if end in K.END_TRUNCATED:
        return K.END_NAMES[end].replace("_", " ") + " (truncated)"
    return "not over"


def end_words(df):
    """What ended each game of `df`, in words: "opponent's life 0 (deck won)", "deck
    decked", "Craw Wurm on the battlefield", "turn limit (truncated)"."""
    goldfish = df["opponent"].eq("goldfish")
    return pd.Series([_end_words(*row) for row in zip(df["end"], df["winner"], df["lost0"],
                                                      df["lost1"], df["until_card"],
                                                      goldfish)], index=df.index)


def ordered_counts(words, games):
    """{word: games}, most games first (ties: in the order first met)."""
    total = {}
    for w, g in zip(words, games):
        total[w] = total.get(w, 0) + int(g)
    return dict(sorted(total.items(), key=lambda kv: -kv[1]))
