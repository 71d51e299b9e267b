"""`RuleMulligans(agent, rule)`: mulligans by a rule, every other decision by an agent.

The rule (simcore/mulligan.py: a land window at seven, or never; London bottoming by
Karsten's rule) decides every mulligan and bottom decision of the batch in one kernel call;
the wrapped agent decides the rest, shown those games as over (it skips them). The rule
reads only its player's own hand and no random numbers, so the wrapper makes the wrapped
agent's claims (uses_random, reads_only_visible, per_game) and no more.
"""
import numpy as np

from agents.base import Agent
from simcore import consts as K
from simcore.errors import PlaytestError
from simcore.game import agent_name


class RuleMulligans(Agent):
    """`agent` plays; `rule` (a MulliganRule bound to the player's deck: rule.for_deck)
    keeps or mulligans and chooses the cards to bottom."""

    def __init__(self, agent, rule):
        if getattr(rule, "weights", None) is None:
            raise PlaytestError("RuleMulligans needs a mulligan rule bound to the player's "
                                "deck (MulliganRule.for_deck)")
        self.agent = agent
        self.rule = rule
        # the rule reads its own hand only and draws nothing: the agent's claims hold
        self.uses_random = getattr(agent, "uses_random", True)
        self.reads_only_visible = getattr(agent, "reads_only_visible", False)
        self.per_game = getattr(agent, "per_game", False)

    def policy(self):
        """The wrapped agent's compiled twin with the rule (GameBatch.play plays both
        inside the game loop), if it has one and this act is the wrapper's own."""
        inner = getattr(self.agent, "policy", None)
        inner = inner() if callable(inner) else None
        if inner is None or type(self).act is not RuleMulligans.act:
            return None
        return (inner[0], inner[1], self.rule) + tuple(inner[3:4])    # a search's settings

    def act(self, view, legal_mask, rng):
        kind = view["decision"]
        ruled = (kind == K.D_MULLIGAN) | (kind == K.D_BOTTOM)
        out = np.zeros(kind.shape[0], np.int64)
        if np.any(~ruled & (kind != K.D_OVER)):
            v = view if not ruled.any() else dict(
                view, decision=np.where(ruled, K.D_OVER, kind).astype(kind.dtype))
            acts = np.asarray(self.agent.act(v, legal_mask, rng))
            if acts.shape != out.shape or acts.dtype.kind not in "iu":
                raise PlaytestError(f"agent {agent_name(self.agent)} returned {acts.dtype} of "
                                    f"shape {acts.shape}: act must return one integer action "
                                    f"per game ({out.shape[0]})")
            out[:] = acts
        if ruled.any():
            self.rule.actions(view, out)
        return out
