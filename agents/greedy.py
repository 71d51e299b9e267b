"""The greedy agent: curves out and attacks. Its rules of thumb, and the one implementation
that both its act() and the compiled game loop run, are in simcore/players/greedy.py."""
from agents.base import Agent
from simcore.game import register_agent
from simcore.policies import greedy_actions


@register_agent      # a cold start compiles its kernel in the compile helper
class GreedyAgent(Agent):
    """Curves out and attacks (simcore/players/greedy.py: its rules of thumb)."""

    uses_random = False
    per_game = True         # each game scored by itself: one call serves both players
    # only its own hand, the battlefield, the stack and its question's options: it may be
    # given the engine's state unmasked (GameBatch.view; simcore.testing.check_agent checks)
    reads_only_visible = True

    def __init__(self, pieces=()):
        # card ids it plays before other spells (a combo's pieces); a tuple, so that agents
        # told the same pieces compare equal (GameBatch.ask_agents asks them in one call)
        self.pieces = tuple(sorted(int(c) for c in pieces))

    def act(self, view, legal_mask, rng):
        return greedy_actions(view, legal_mask, self.pieces)

    def policy(self):
        """Played inside the game loop (the same choices); not for a subclass's own act."""
        return ("greedy", self.pieces) if type(self).act is GreedyAgent.act else None
