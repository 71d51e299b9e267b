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
    "counters_ozolith",
    pytest.param("elves_morcant", marks=pytest.mark.xfail(
        strict=True, reason="greedy wins 90.4% (95% CI 89.0-91.6%) of 2,000 games against "
                            "random: colour-blind mulligans and land drops, removal fired at "
                            "anything")),
])
def test_greedy_beats_random_in_the_mirror(deck):
    """400 games, seed 12, random start: the 95% Wilson lower bound of greedy's wins is above
    90%. A player winning 95% has a bound near 92.5% at this size, one winning 90% near
    86.8%, so the bound tells them apart while the test runs in seconds (one winning 92-93%,
    as greedy does in the counters mirror over 2,000 games, may pass: 400 games cannot
    tell it from 95%)."""
    path = DECKS / f"{deck}.txt"
    df = simulate(path, vs=path, games=GAMES, seed=12, agent="greedy", opponent_agent="random",
                  start="random", progress=False)
    won = int((df["winner"] == 0).sum())
    lo, _ = wilson(won, GAMES)
    assert lo > 0.90, f"{deck}: greedy won {won} of {GAMES}, 95% lower bound {lo:.3f}"
