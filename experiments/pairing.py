"""Paired runs: several versions of a deck play the same seeds against the same opponents.

A game loads a deck into its slots and shuffles it with a permutation drawn from the game's
random stream and the deck's size, never from the card ids (simcore/kernels/setup.py). So
two versions of the same size whose lists are aligned, the cards they share at the same
positions, get the same shuffles of those cards at each seed, and their opponent the same
draws, until the games part. Each seed is played twice per version and opponent, on the
play and on the draw (Fishtest's game pairs): that also removes the starting player's
share of the variance. The versions' results then differ less from each other than
independent runs would (common random numbers), and comparisons are made per seed
(experiments/pairstats.py).

Every game goes through the one chunk runner (experiments/runner.py); a game scores 1 for a
win, 0 for a loss and 1/2 for a draw or no loser, and a run keeps, in constant memory, the
sums those statistics need (experiments/seedsums.py) and what sweeps report (the turn of
each win; the deck's mana screw and flood, EXTRA_COLUMNS).
"""
from collections import Counter
from dataclasses import dataclass

import numpy as np

from experiments import runner
from experiments.gamerows import game_rows
from experiments.runner import Series
from experiments.seedsums import SeedSums
from experiments.signals import STOPS
from experiments.variants import check_deck_size
from simcore.errors import PlaytestError
from simcore.game import deck_ids

STARTS = ("play", "draw")
# per-game columns a sweep averages where the rows have them: name -> the deck's column
# (experiments/records.py: NA where a game ended before the turn that decides it)
EXTRA_COLUMNS = {"screw": "screw0", "flood": "flood0"}


def card_list(deck):
    """A deck's main deck as one name per card, in list order."""
    return [name for name, n in deck.main for _ in range(n)]


def align(base, other):
    """`other`'s cards (a list of names) in the order that puts each card the two lists
    share at a position where `base` has it: each position of `base` keeps its card while
    `other` still holds a copy; the rest of `other`'s cards fill the remaining positions in
    their own order (then, if `other` is longer, follow)."""
    left = Counter(other)
    out = [None] * len(base)
    for i, name in enumerate(base):
        if left[name] > 0:
            out[i] = name
            left[name] -= 1
    rest = []
    for name in other:
        if left[name] > 0:
            rest.append(name)
            left[name] -= 1
    for i in range(len(out)):
        if out[i] is None and rest:
            out[i] = rest.pop(0)
    return [name for name in out if name is not None] + rest


@dataclass
class Version:
    """One version of the deck: a label, its card pool (a balance variant changes a card's
    dict) and its card names in aligned order; `agents`: its players' agents, where they
    are not the run's (compare --pilots: a version per pilot)."""
    label: str
    pool: object
    cards: list
    agents: list = None

    @property
    def ids(self):
        return np.asarray([self.pool.card_id[n] for n in self.cards], dtype=np.int64)


def half_points(winner):
    """A game's half-points for the deck (player 0): 2 won, 0 lost, 1 a draw or no loser."""
    w = np.asarray(winner)
    return np.where(w == 0, 2, np.where(w == 1, 0, 1)).astype(np.int8)


class PairedRun:
    """Versions x opponents x (on the play, on the draw), every series on the same seeds.

    Each round of seeds (a chunk of every series) is folded into `seed_sums`
    (experiments/seedsums.py) once every series has played it: the per-seed points of each
    version, their sums and products, its wins' kill turns and the per-game columns the rows
    have (EXTRA_COLUMNS), so that the run's memory does not grow with its seeds."""

    def __init__(self, versions, opponents, agents, labels, seed=0, max_turns=30,
                 batch_size=None, progress=True, plan=None, command=None):
        self.versions, self.opponents = list(versions), list(opponents)
        self.seed, self.batch_size, self.progress = seed, batch_size, progress
        self.plan, self.command = plan, command
        self.series = []
        for v in self.versions:         # (flags that add cards may make one too big)
            check_deck_size(len(v.cards), f"the version {v.label}")
            for name, deck in self.opponents:
                for start in STARTS:
                    self.series.append(Series(
                        v.pool, v.ids, deck_ids(v.pool, deck), v.agents or agents,
                        labels=dict(dict(agent="", opponent_agent=None), **labels,
                                    seed=seed, deck=v.label, opponent=name, target=None),
                        batch=dict(start=start, max_turns=max_turns)))
        self.shape = (len(self.versions), len(self.opponents), len(STARTS))
        self.seed_sums = SeedSums(len(self.versions), len(self.opponents), EXTRA_COLUMNS)
        self._round = {}            # series index -> its chunk of the round being played
        self.extra_seen = set()     # the EXTRA_COLUMNS the rows had

    def _consume(self, k, rows):
        g = rows["game"].to_numpy()
        self.extra_seen |= {c for c, col in EXTRA_COLUMNS.items() if col in rows.columns}
        won = rows["winner"].to_numpy() == 0
        extra = {c: rows[col].astype("float64").to_numpy() if col in rows.columns
                 else np.full(len(g), np.nan) for c, col in EXTRA_COLUMNS.items()}
        self._round[k] = (int(g[0]), len(g), half_points(rows["winner"]),
                          np.where(won, rows["kill_turn"].astype("float64").to_numpy(),
                                   np.nan), extra)
        if len(self._round) == len(self.series):
            self._fold()

    def _fold(self):
        """The round every series has played: its games by version, opponent, start, seed."""
        parts = [self._round[k] for k in range(len(self.series))]
        self._round = {}
        (g0, n), = {(p[0], p[1]) for p in parts}        # a round: the same seeds throughout

        def stacked(i, c=None):
            return np.stack([p[i] if c is None else p[i][c] for p in parts]).reshape(
                self.shape + (n,))
        self.seed_sums.fold(g0, stacked(2), stacked(3),
                            {c: stacked(4, c) for c in EXTRA_COLUMNS})

    @property
    def seeds(self):
        """Seeds every series has played (they are played from seed 0 up)."""
        return self.seed_sums.n

    def sums(self, n=None, opponent=None):
        """The Sums (experiments/seedsums.py) of the first n complete seeds (all of them, or
        a prefix ending in the last round) over every opponent, or one opponent's index."""
        return self.seed_sums.sums(n, opponent)

    def run(self, games, enough=None):
        """Play `games` seeds of every series, side by side (so that a stop keeps whole
        seeds), until `enough(run)`, asked after each round, says so. A stop by a signal
        keeps what was finished: `Stopped` is raised with this run as its results."""
        try:
            runner.run(self.series, games, self.seed,
                       lambda s, res: game_rows(res, **s.labels),
                       self._consume, chunk=self.batch_size, progress=self.progress,
                       side_by_side=True, plan=self.plan, command=self.command,
                       enough=None if enough is None else (lambda: enough(self)))
        except STOPS as e:
            raise e.keeping(self) from None
        return self


def games_option(games):
    """--games for paired runs: games per version and opponent, an even number (each seed
    is played on the play and on the draw)."""
    if games % 2:
        raise PlaytestError(f"--games: expected an even number (each seed is played on the "
                            f"play and on the draw), got {games}")
    return games // 2
