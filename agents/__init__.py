"""Pluggable players. An agent decides for a whole batch of games at once: the protocol, and
the claims an agent may make, are documented on `agents.base.Agent`, which every built-in
agent subclasses. Games without an opponent (goldfish) need no special agent: the opponent
simply takes no turns.

Plug in your own as `module:Class`, or from an installed package through an entry point in
the `playtest.agents` group; check it first with `simcore.testing.check_agent`.
"""
from .base import Agent
from .basic import FirstLegalAgent, RandomAgent, ScriptedAgent
from .greedy import GreedyAgent
from .mulligan import RuleMulligans
from .search import SearchAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "first": FirstLegalAgent,
          "scripted": ScriptedAgent}
# agents that play inside the game loop only (no act() from a view), settings in their name
# (search:rollouts=64: their class's parse)
LOOP_AGENTS = {"search": SearchAgent}

__all__ = ["AGENTS", "LOOP_AGENTS", "Agent", "FirstLegalAgent", "GreedyAgent", "RandomAgent", "RuleMulligans",
           "ScriptedAgent", "SearchAgent"]
