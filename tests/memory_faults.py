"""For test_memory.py: page faults while a second batch like the first is set up and played
(a fresh process, so that nothing else ran before). Prints JSON."""
import json
import resource
from pathlib import Path

import numpy as np

import simcore
from agents import GreedyAgent
from simcore.cards.compile import make_pool
from simcore.decks import load_deck
from simcore.game import GameBatch, deck_ids

DECKS = Path(__file__).resolve().parents[1] / "examples" / "decks"
pool = make_pool()


def ids(name):
    return deck_ids(pool, load_deck(DECKS / f"{name}.txt", pool))


def batch():
    b = GameBatch(pool, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=400,
                  seed=2)
    b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0))


batch()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
batch()
print(json.dumps({"kept": simcore.memory.keep_freed_memory(),
                  "faults": resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before}))
