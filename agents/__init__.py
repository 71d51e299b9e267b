"""Pluggable players. An agent decides for a whole batch of games at once:

    act(view, legal_mask, rng) -> int array [n_games]

`view` is GameBatch.view() (open decisions: kind, chooser, options, the state), `legal_mask`
a bool array [n_games, 1 + n_options] (action 0 = pass/keep/done, 1 + k = option k); the
returned action must be legal where the game is live. `rng` is a numpy Generator.
"""
from .basic import FirstLegalAgent, RandomAgent
from .greedy import GreedyAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "first": FirstLegalAgent}

__all__ = ["AGENTS", "FirstLegalAgent", "GreedyAgent", "RandomAgent"]
