"""Pluggable players. An agent decides for a whole batch of games at once:

    act(view, legal_mask, rng) -> int array [n_games]

`view` is GameBatch.view() (open decisions: kind, chooser, options, and the state as the
decider may see it: the opponent's hand and the libraries are hidden), `legal_mask` a bool
array [n_games, 1 + n_options] (action 0 = pass/keep/done, 1 + k = option k); the returned
action must be legal where the game is live (GameBatch.step refuses any other with a
PlaytestError naming the game). `rng` is a numpy Generator. Games without an
opponent (goldfish) need no special agent: the opponent simply takes no turns. With one
agent per player, an agent sees the games the other player decides as over
(view["decision"] is D_OVER there; its actions there are ignored).

Three optional class attributes let the engine skip work an agent does not need (GameBatch.view):
`uses_random = False` (it never reads view["random"]) and `reads_only_visible = True` (it
never reads hidden information from view["state"], so it may get the engine's state without
the masking copy; an agent that claims this and reads hidden cards cheats), and
`per_game = True` (its action for a game depends on that game's view and mask only, so
instances of its class with equal attributes may be asked once for several players' games:
GameBatch.ask_agents).

Plug in your own as `module:Class`, or from an installed package through an entry point in
the `playtest.agents` group.
"""
from .basic import FirstLegalAgent, RandomAgent, ScriptedAgent
from .greedy import GreedyAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "first": FirstLegalAgent,
          "scripted": ScriptedAgent}

__all__ = ["AGENTS", "FirstLegalAgent", "GreedyAgent", "RandomAgent", "ScriptedAgent"]
