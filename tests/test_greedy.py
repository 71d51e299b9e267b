"""The greedy player's strength: it beats the random player in every mirror of the example
decks (issue 26's target, >= 95% of 2,000 games; players/greedy.py)."""
import pytest

from experiments.shares import wilson
from experiments.simulate import simulate

from support import DECKS

GAMES = 400


@pytest.mark.parametrize("deck", [
    "goblins_burn_blight",
    "mono_green_curve",
    pytest.param("counters_ozolith", marks=pytest.mark.xfail(
        strict=True, reason="greedy wins 90.5% (95% CI 89.1-91.7%) of 2,000 games against "
                            "random: its X spells, proliferate and Walking Ballista's pings "
                            "are played without aim")),
    pytest.param("elves_morcant", marks=pytest.mark.xfail(
        strict=True, reason="greedy wins 90.2% (95% CI 88.8-91.4%) of 2,000 games against "
                            "random: colour-blind mulligans and land drops, removal fired at "
                            "anything")),
])
def test_greedy_beats_random_in_the_mirror(deck):
    """400 games, seed 12, random start: the 95% Wilson lower bound of greedy's wins is above
    90%. A player winning 95% has a bound near 92.5% at this size, one winning 90% near
    86.8%, so the bound tells them apart while the test runs in seconds."""
    path = DECKS / f"{deck}.txt"
    df = simulate(path, vs=path, games=GAMES, seed=12, agent="greedy", opponent_agent="random",
                  start="random", progress=False)
    won = int((df["winner"] == 0).sum())
    lo, _ = wilson(won, GAMES)
    assert lo > 0.90, f"{deck}: greedy won {won} of {GAMES}, 95% lower bound {lo:.3f}"
