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


LOOPERS = {
    "hyalopterous_lemure.toml": 'name = "Hyalopterous Lemure"\ncost = "{4}{B}"\n'
    'types = ["Creature"]\nsubtypes = ["Spirit"]\npower = 4\ntoughness = 3\n'
    'text = "{0}: Hyalopterous Lemure gets -1/-0 and gains flying until end of turn."\n',
    "seeker_of_skybreak.toml": 'name = "Seeker of Skybreak"\ncost = "{1}{G}"\n'
    'types = ["Creature"]\nsubtypes = ["Elf"]\npower = 2\ntoughness = 1\n'
    'text = "{T}: Untap target creature."\n',
}


def test_greedy_stops_activations_that_gain_nothing(tmp_path):
    """Two loops the soak found greedy never left (732.1: a loop a player would stop): a
    free "{0}: ~ gets -1/-0 and gains flying" activated again once it flies, and two "{T}:
    Untap target creature." creatures untapping each other. Greedy activates each only for
    a gain (the flying; a tapped mana creature to untap), so every game ends well inside a
    decision limit a looping game would pass; and it still uses both."""
    from collections import Counter

    import numpy as np

    import simcore.layout as L
    from agents import GreedyAgent
    from simcore.cards.compile import make_pool
    from simcore.decks import parse_deck_text
    from simcore.game import GameBatch, deck_ids

    for name, text in LOOPERS.items():
        (tmp_path / name).write_text(text)
    pool = make_pool([tmp_path])
    deck = parse_deck_text("12 Swamp\n12 Forest\n12 Hyalopterous Lemure\n12 Seeker of "
                           "Skybreak\n12 Llanowar Elves\n", "loopers.txt", pool)
    d = deck_ids(pool, deck)
    b = GameBatch(pool, d, d, n_games=30, seed=3, start="random")
    agent, rng = GreedyAgent(), np.random.default_rng(0)
    per_turn = Counter()        # (card, game, turn, slot) -> activations
    rounds = 0
    while not b.done():
        rounds += 1
        assert rounds < 3000, "a game loops"
        mask = b.legal_mask()
        act = agent.act(b.view(), mask, rng)
        for g in np.flatnonzero(mask.any(axis=1)):
            a = b.decode_action(int(g), int(act[g]))
            if a["act"] == "activate":
                per_turn[a["card"], int(g), int(b.st.gm[g, L.G_TURN]), a["slot"]] += 1
        b.step(act)
    lemure = [n for k, n in per_turn.items() if k[0] == "Hyalopterous Lemure"]
    seeker = [n for k, n in per_turn.items() if k[0] == "Seeker of Skybreak"]
    assert lemure and max(lemure) == 1, lemure      # once a turn: for the flying
    assert seeker and max(seeker) <= 2, seeker
