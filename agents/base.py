"""The agent protocol: what the engine asks of a player, and what an agent may declare so
that the engine skips work it does not need.

Subclass `Agent` and implement `act`; check it with `simcore.testing.check_agent` before a
long run. Plug it in as `--agent module:Class`, or from an installed package through an entry
point in the `playtest.agents` group.
"""
import numpy as np


class Agent:
    """A player that decides for a whole batch of games at once.

    `act(view, legal_mask, rng) -> actions` is called once per round with every game of the
    batch:
    - `view`: GameBatch.view(), a dict of per-game columns (game axis first): "decision"
      (consts D_*: D_OVER for games that are finished or that another player's agent
      decides), "player" (who decides), "options" and "n_options" (the decision's options,
      their values as simcore/encoding.py describes), "question", "q_min", "q_max",
      "picked" (engine questions: ASK_* kind and list bounds), "decision_no" (the game's
      decision count), "random" (uniform numbers per game and action, from the seed, the
      game's number and its decision count: use these, not `rng`, for choices that must
      not depend on the batch), "state" (the State as the decider may see it: the
      opponent's hand and every library hidden as HIDDEN_CARD, 400.2) and "cards" (the
      CardTable).
    - `legal_mask`: bool [n_games, 1 + n_options]; column 0 is PASS (pass / keep / done),
      column 1 + k option k.
    - `rng`: a numpy Generator for the batch (its draws depend on the batch: prefer
      view["random"]).
    It returns one integer action per game; each live game's action must be legal there
    (GameBatch.step refuses any other, naming the agent). Actions of games that are over
    are ignored. It must not write into the view.

    Optional claims, as class attributes (GameBatch.view and ask_agents read them; False
    is always safe, a false True is cheating or a wrong result):
    - `uses_random` (default True): reads view["random"]. False skips computing it.
    - `reads_only_visible` (default False): never reads hidden information from
      view["state"], so it may be handed the engine's own state without the masking
      copy (~7% of a greedy game). check_agent verifies the claim on whole games.
    - `per_game` (default False): a game's action depends on that game's view and mask
      only, so one call may serve the players of several agents of this class with equal
      attributes (greedy vs greedy: one pass over the batch a round instead of two).
    """

    uses_random = True
    reads_only_visible = False
    per_game = False

    def act(self, view, legal_mask, rng):
        raise NotImplementedError(f"{type(self).__name__}.act")

    def policy(self):
        """A built-in agent's twin inside the game loop: (name, combo pieces) or (name,
        combo pieces, a bound MulliganRule: agents/mulligan.py), the name one of
        simcore.policies.POLICIES, whose kernel picks exactly what act() picks, so that
        GameBatch.play plays this player's decisions with no Python round (a batch whose
        agents all have one plays each game to its end in one call). None (every user
        agent): act() is asked, a batch at a time."""
        return None


def masked_argmax(scores, mask):
    """Per game, the legal action of highest score (lowest action on ties; PASS where
    nothing is legal)."""
    s = np.where(mask, scores, -np.inf)
    out = np.argmax(s, axis=1)
    out[~mask.any(axis=1)] = 0
    return out
