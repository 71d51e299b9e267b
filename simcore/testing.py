"""Checks for code users plug into the engine: `check_agent` plays whole games with an agent
and holds it to the agent protocol (agents/base.py) and to the claims it makes.

    from simcore.testing import check_agent
    check_agent(MyAgent(), ["my_deck.txt", "their_deck.txt"])

Every built-in agent passes it (tests/test_agents.py); run it on yours before a long run.
"""
import numpy as np

from . import consts as K
from . import layout as L
from .cards.compile import make_pool
from .decks import load_deck
from .errors import PlaytestError
from .game import DECISION_NAMES, GameBatch, agent_name, deck_ids


class AgentCheckFailed(AssertionError):
    """An agent broke the protocol or a claim it makes; the message says which, where."""


def _ids(pool, deck):
    if isinstance(deck, np.ndarray) or (isinstance(deck, (list, tuple)) and deck and
                                        isinstance(deck[0], (int, np.integer))):
        return np.asarray(deck, np.int64)
    return deck_ids(pool, load_deck(deck, pool))


def _arrays(view):
    """Every array an agent is shown, by name (to see that it writes none of them)."""
    out = {k: v for k, v in view.items() if isinstance(v, np.ndarray)}
    for part in ("state", "cards"):
        for name, a in zip(view[part]._fields, view[part]):
            if name != "scr":           # the kernels' scratch cells, not the game's
                out[f"{part}.{name}"] = a
    return out


class _Checker:
    def __init__(self, agent, batch, rng_seed):
        self.agent = agent
        self.name = agent_name(agent)
        self.b = batch
        self.rng_seed = rng_seed
        self.checks = set()

    def fail(self, what, g=None):
        where = ""
        if g is not None:
            fl = self.b.fw.fl[g]
            where = (f" (game {self.b.game0 + int(g)}: its decision {int(fl[L.F_DECISIONS])}, "
                     f"{DECISION_NAMES[int(fl[L.F_DKIND])]}, player {int(fl[L.F_DPLAYER])})")
        raise AgentCheckFailed(f"agent {self.name}: {what}{where}")

    def act(self, view, mask, rnd):
        before = {k: a.copy() for k, a in _arrays(view).items()}
        try:
            out = self.agent.act(view, mask, np.random.default_rng([self.rng_seed, rnd]))
        except Exception as e:      # noqa: BLE001 (the agent's own error, named)
            raise AgentCheckFailed(f"agent {self.name}: act raised {type(e).__name__}: {e}") \
                from e
        changed = [k for k, a in _arrays(view).items() if not np.array_equal(a, before[k])]
        if changed:
            self.fail(f"act wrote into the view it was given ({', '.join(sorted(changed))})")
        self.checks.add("does not write the view")
        out = np.asarray(out)
        if out.shape != (mask.shape[0],) or out.dtype.kind not in "iu":
            self.fail(f"act returned {out.dtype} of shape {out.shape}: it must return one "
                      f"integer action per game ({mask.shape[0]})")
        self.checks.add("one integer action per game")
        return out.astype(np.int64)

    def round(self, view, mask, mine, rnd):
        """The agent's actions for its games `mine` (bool per game), every claim checked."""
        acts = self.act(view, mask, rnd)
        live = np.flatnonzero(mine)
        bad = [g for g in live if not (0 <= acts[g] < mask.shape[1] and mask[g, acts[g]])]
        if bad:
            self.fail(f"action {int(acts[bad[0]])} is not legal", bad[0])
        self.checks.add("legal actions")
        again = self.act(view, mask, rnd)
        if not np.array_equal(again[live], acts[live]):
            g = live[np.flatnonzero(again[live] != acts[live])[0]]
            self.fail("act is not a function of its inputs: asked twice with the same view, "
                      "mask and rng seed, it chose differently", g)
        self.checks.add("deterministic")
        agent = self.agent
        if getattr(agent, "reads_only_visible", False):
            fast = self.b.view([agent])
            fast = dict(fast, decision=view["decision"], random=view["random"])
            other = self.act(fast, mask, rnd)
            diff = live[other[live] != acts[live]]
            if diff.size:
                self.fail("claims reads_only_visible but chose differently when shown the "
                          "hidden cards (the opponent's hand, the libraries)", diff[0])
            self.checks.add("reads_only_visible")
        if not getattr(agent, "uses_random", True) and view["random"] is not None:
            noise = np.random.default_rng([self.rng_seed, rnd, 1]).random(view["random"].shape)
            other = self.act(dict(view, random=noise), mask, rnd)
            diff = live[other[live] != acts[live]]
            if diff.size:
                self.fail("claims uses_random = False but its choice changed with "
                          "view['random']", diff[0])
            self.checks.add("uses_random = False")
        if getattr(agent, "per_game", False) and live.size >= 2:
            hide = live[::2]
            kind = view["decision"].copy()
            kind[hide] = K.D_OVER
            other = self.act(dict(view, decision=kind), mask, rnd)
            rest = live[1::2]
            diff = rest[other[rest] != acts[rest]]
            if diff.size:
                self.fail("claims per_game but a game's choice changed when other games of "
                          "the batch were over", diff[0])
            self.checks.add("per_game")
        return acts


def check_agent(agent, decks, *, opponent=None, games=16, seed=0, max_turns=12, pool=None,
                card_dirs=(), batch_independent=True):
    """Play `games` games with `agent` and check, at every decision it is asked:
    - act returns one integer action per game, legal in every live game it decides;
    - it writes nothing into the view (the state it is shown may be the engine's own);
    - it is a function of its inputs (the same view, mask and rng seed: the same actions);
    - each claim it makes holds: `reads_only_visible` (the same choice when shown the hidden
      cards), `uses_random = False` (the same choice with other view["random"] numbers),
      `per_game` (the same choice when other games of the batch are over);
    - with `batch_independent`, the same games played in two batches give the same results
      (agents that draw from `rng` instead of view["random"] fail here: the project's runs
      give the same results whatever the batch size).
    `decks`: one deck (goldfish) or two (the agent plays both sides, or the first with
    `opponent` playing the second), as deck files or card-id arrays of `pool`.
    Raises AgentCheckFailed naming the check, the game and the decision; returns a summary
    (games, rounds, decisions, the checks that ran)."""
    if not 1 <= len(decks) <= 2:
        raise PlaytestError(f"check_agent needs one or two decks, got {len(decks)}")
    pool = pool or make_pool(card_dirs)
    ids = [_ids(pool, d) for d in decks]
    agents = [agent] if len(ids) == 1 else [agent, opponent or agent]

    def batch(n, game0):
        return GameBatch(pool, ids[0], ids[1] if len(ids) > 1 else None, n_games=n,
                         seed=seed, start="random", game0=game0, max_turns=max_turns)

    b = batch(games, 0)
    checker = _Checker(agent, b, seed)
    b.start()
    rounds = decisions = 0
    while not b.done():
        mask = b.legal_mask()
        view = b.view()
        acts = np.zeros(games, np.int64)
        for p, a in enumerate(agents):
            mine = (view["player"] == p) & (view["decision"] != K.D_OVER)
            if not mine.any():
                continue
            v = dict(view, decision=np.where(mine, view["decision"], K.D_OVER).astype(
                view["decision"].dtype))
            if a is agent:
                out = checker.round(v, mask, mine, rounds)
                decisions += int(mine.sum())
            else:
                out = np.asarray(a.act(v, mask, np.random.default_rng([seed, rounds])))
            acts[mine] = out[mine]
        b.step(acts)
        rounds += 1
        if rounds > 100_000:
            raise AgentCheckFailed(f"agent {checker.name}: games did not end in 100,000 "
                                   f"rounds")
    if batch_independent and games >= 2:
        half = games // 2
        split = [batch(half, 0), batch(games - half, half)]
        for part in split:
            # asked from Python, as above: the agent's own act, not a compiled twin
            part.play(agents, np.random.default_rng([seed, part.game0]), compiled=False)
        whole = b.results()
        for k in ("winner", "turns", "decisions", "life0", "life1"):
            got = np.concatenate([part.results()[k] for part in split])
            if not np.array_equal(got, whole[k]):
                g = int(np.flatnonzero(got != whole[k])[0])
                raise AgentCheckFailed(
                    f"agent {checker.name}: game {g} played differently in a batch of "
                    f"{games} and in one of {len(split[g >= half].results()[k])} ({k}): its "
                    f"choices depend on the batch (draw from view['random'], not rng)")
        checker.checks.add("batch independent")
    return {"agent": checker.name, "games": games, "rounds": rounds, "decisions": decisions,
            "checks": sorted(checker.checks)}
