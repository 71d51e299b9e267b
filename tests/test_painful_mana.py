"""Mana abilities that cost life or deal damage to their controller (a painland's coloured
ability, 605.3b; Mana Confluence's life payment, 119.4) in games: autopay taps a painland
for {C} when any mana will do and for a colour only when the cost needs it, so the life a
goldfish game's player loses is exactly the coloured pips its painlands paid. Fixture cards
written as printed: tests/custom/cards/."""
import numpy as np

from agents import GreedyAgent
from simcore.cards.compile import make_pool
from simcore.decks import load_deck
from simcore.game import GameBatch, deck_ids

from support import ROOT

POOL = make_pool([ROOT / "tests" / "custom" / "cards"])


def play(tmp_path, lines, n=200):
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(lines) + "\n")
    d = deck_ids(POOL, load_deck(path, POOL))
    b = GameBatch(POOL, d, None, n_games=n, seed=5, start="random", max_turns=12)
    b.play([GreedyAgent()], np.random.default_rng(2))
    return b


def casts(b, name):
    """Per game: how many copies of card `name` player 0 cast."""
    rec = b.records()
    mine = (rec["card"] == POOL.card_id[name]) & (rec["owner"] == 0)
    return ((rec["cast"] >= 0) & mine).sum(axis=1)


def test_a_painland_hurts_once_per_red_pip_it_pays(tmp_path):
    """Hill Giant ({3}{R}) from painlands only: one damage per Giant cast, the {3} tapped
    for colourless (before the choice of ability read the cost, every tap was painful)."""
    b = play(tmp_path, ["24 Shivan Reef", "36 Hill Giant"])
    giants = casts(b, "Hill Giant")
    assert giants.sum() > 200                      # the deck does cast its Giants
    lost = 20 - b.results()["life0"]
    np.testing.assert_array_equal(lost, giants)


def test_mana_confluence_costs_a_life_each_time_autopay_taps_it(tmp_path):
    """Mana Confluence only: every mana of a Hill Giant costs 1 life (119.4), four a Giant;
    trial payments (the priority check's "could it be cast?") leave life as it was (before
    they restored it, a player lost life for spells it only looked at)."""
    b = play(tmp_path, ["24 Mana Confluence", "36 Hill Giant"])
    giants = casts(b, "Hill Giant")
    assert giants.sum() > 200
    np.testing.assert_array_equal(20 - b.results()["life0"], 4 * giants)
