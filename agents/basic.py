"""Simple built-in agents. Each decides for every game of a batch with numpy, once per decision
point (never a Python call per game). The greedy agent is in agents/greedy.py."""
import numpy as np

from agents.base import Agent, masked_argmax


class RandomAgent(Agent):
    """Uniform among the legal actions (from the view's per-game random numbers, so a game
    plays the same whatever its batch)."""

    reads_only_visible = True      # reads no state at all (GameBatch.view)
    per_game = True                # a game's own random numbers only

    def act(self, view, legal_mask, rng):
        return masked_argmax(view["random"], legal_mask)

    def policy(self):
        return ("random", ()) if type(self).act is RandomAgent.act else None


class FirstLegalAgent(Agent):
    """The lowest-numbered legal action (scripted-style baseline for tests)."""

    uses_random = False
    reads_only_visible = True
    per_game = True

    def act(self, view, legal_mask, rng):
        return masked_argmax(-np.arange(legal_mask.shape[1])[None, :].astype(float),
                              legal_mask)

    def policy(self):
        return ("first", ()) if type(self).act is FirstLegalAgent.act else None


class ScriptedAgent(Agent):
    """Fixed actions, for tests: `script[k]` is the action at a game's decision number k
    (`view["decision_no"]`, counted from 0 over all the game's decisions), or
    `script[g][k]` per game g of the batch. Unscripted or illegal: the first legal action."""

    uses_random = False
    reads_only_visible = True
    per_game = True         # by each game's decision number (same script: one call)

    def __init__(self, script=()):
        self.script = script

    def act(self, view, legal_mask, rng):
        out = FirstLegalAgent().act(view, legal_mask, rng)
        per_game = len(self.script) > 0 and isinstance(self.script[0], (list, tuple))
        for g, k in enumerate(view["decision_no"]):
            s = self.script[g] if per_game else self.script
            if k < len(s) and 0 <= s[k] < legal_mask.shape[1] and legal_mask[g, s[k]]:
                out[g] = s[k]
        return out
