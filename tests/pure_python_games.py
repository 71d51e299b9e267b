"""Games for test_pure_python.py, played the same way compiled and as plain Python.

`python tests/pure_python_games.py OUT.npz` (run with NUMBA_DISABLE_JIT=1 by the test) writes
every configuration's results and final state."""
import sys

import numpy as np

from agents import AGENTS, GreedyAgent
from simcore.game import GameBatch

from support import POOL, every_card_decks, ids

# (name, deck0, deck1, agent, games): the example decks with greedy play, and random play
# over every built-in card
CONFIGS = [("greedy", "mono_green_curve", "goblins_burn_blight", "greedy", 6),
           ("counters", "counters_ozolith", "elves_morcant", "random", 5),
           ("every card", "every card", "", "random", 5)]


def play(config):
    name, deck0, deck1, agent, n = config
    d0, d1 = every_card_decks() if deck0 == "every card" else (ids(deck0), ids(deck1))
    b = GameBatch(POOL, d0, d1, n_games=n, seed=23, start="random", max_turns=16)
    ag = GreedyAgent() if agent == "greedy" else AGENTS[agent]()
    b.play([ag, ag], np.random.default_rng(23))
    out = {f"{name}/{k}": v for k, v in b.results().items()}
    for plane in ("obj", "o_counters", "pl", "p_counters", "lib"):
        out[f"{name}/st.{plane}"] = getattr(b.st, plane)
    return out


def play_all():
    out = {}
    for c in CONFIGS:
        out.update(play(c))
    return out


if __name__ == "__main__":
    np.savez(sys.argv[1], **play_all())
