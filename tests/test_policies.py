"""Compiled policies (simcore/players/asking.py): a player whose agent is built in is played
inside the game loop, picking exactly what its act() picks, so GameBatch.play gives the same
games whether the agents are asked from Python or not; a batch of built-in agents needs no
Python round at all, and a batch mixing them with a user's agent asks only that agent."""
import numpy as np
import pandas as pd
import pytest

from agents import Agent, FirstLegalAgent, GreedyAgent, RandomAgent
from agents.base import masked_argmax
from agents.mulligan import RuleMulligans
from simcore import layout as L
from simcore.condition import compile_condition
from simcore.errors import PlaytestError
from simcore.game import GameBatch
from simcore.mulligan import MulliganRule

from fingerprint import planes
from support import POOL, ids


class Cautious(Agent):
    """A user's agent: keeps, never attacks, passes when it can, else the last option."""
    uses_random = False
    reads_only_visible = True

    def __init__(self):
        self.calls = 0

    def act(self, view, legal_mask, rng):
        self.calls += 1
        last = masked_argmax(np.arange(legal_mask.shape[1])[None, :].astype(float),
                             legal_mask)
        return np.where(legal_mask[:, 0], 0, last)


def games(deck0, deck1, agents, compiled, n=300, seed=3, **kw):
    b = GameBatch(POOL, ids(deck0), ids(deck1) if deck1 else None, n_games=n, seed=seed,
                  start="random", max_turns=25, **kw)
    rounds = b.play(agents(), np.random.default_rng(0), compiled=compiled)
    return pd.DataFrame(b.results()), b.records(), b.st, rounds


def same_games(a, b):
    pd.testing.assert_frame_equal(a[0], b[0])
    for k in a[1]:
        assert np.array_equal(a[1][k], b[1][k]), k
    # every plane but the scratch lane and the zone bitmaps (whichever thread played)
    pa, pb = planes(a[2]), planes(b[2])
    assert set(pa) == set(pb)
    for name in pa:
        assert np.array_equal(pa[name], pb[name]), name


@pytest.mark.parametrize("deck0, deck1, agents", [
    ("mono_green_curve", "goblins_burn_blight", lambda: [GreedyAgent(), GreedyAgent()]),
    ("elves_morcant", "counters_ozolith", lambda: [RandomAgent(), GreedyAgent()]),
    ("goblins_burn_blight", "mono_green_curve", lambda: [FirstLegalAgent(), RandomAgent()]),
    ("elves_morcant", None, lambda: [GreedyAgent()]),
])
def test_built_in_agents_play_each_game_in_one_call_and_the_same_games(deck0, deck1, agents):
    compiled = games(deck0, deck1, agents, True)
    rounds = games(deck0, deck1, agents, False)
    assert compiled[3] == 0 and rounds[3] > 20
    same_games(compiled, rounds)


@pytest.mark.parametrize("rule", ["2-5", "3-3", "never"])
def test_a_mulligan_rule_around_a_built_in_agent_is_compiled_too(rule):
    """`--keep LO-HI` / `--mulligan never` (agents/mulligan.py RuleMulligans around greedy
    and random): the rule's kernel takes the mulligan and bottom decisions inside the game
    loop, the same games as asked from Python, and its own subclass is asked from Python."""
    ct = POOL.compile()

    def agents():
        return [RuleMulligans(GreedyAgent(), MulliganRule.parse(rule).for_deck(
                    ct, ids("elves_morcant"))),
                RuleMulligans(RandomAgent(), MulliganRule.parse(rule).for_deck(
                    ct, ids("goblins_burn_blight")))]

    compiled = games("elves_morcant", "goblins_burn_blight", agents, True)
    rounds = games("elves_morcant", "goblins_burn_blight", agents, False)
    assert compiled[3] == 0
    same_games(compiled, rounds)
    mulls = compiled[0][["mulligans0", "mulligans1"]].to_numpy()
    assert (mulls.sum() == 0) == (rule == "never")
    assert RuleMulligans(Cautious(), agents()[0].rule).policy() is None


def test_games_played_in_one_call_use_their_threads_snapshot():
    """With every decision compiled, a game's transactions snapshot into its thread's row
    (F_SNAP < threads); asked from Python, each game keeps its own (F_SNAP = its index),
    and rebuilt snapshots were read (replays). The games are the same (the test above;
    tests/test_flow.py plays them over snapshots of garbage)."""
    for compiled in (True, False):
        b = GameBatch(POOL, ids("elves_morcant"), ids("goblins_burn_blight"), n_games=200,
                      seed=4, start="random", max_turns=25)
        b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0), compiled=compiled)
        rows, replays = b.fw.fl[:, L.F_SNAP], b.fw.fl[:, L.F_REPLAYS]
        if compiled:
            assert rows.max() < b.lane_snap.gm.shape[0]
        else:
            assert np.array_equal(rows, np.arange(200)) and replays.sum() > 0


def test_the_combo_aware_greedy_agent_watching_a_condition():
    """combo's goldfish agent: greedy told the condition's pieces, the condition checked
    after every action; compiled, the same turns it came together."""
    cond = compile_condition(["battlefield: High Perfect Morcant, 3 Elves"], POOL)
    pieces = [POOL.card_id[n] for n in cond.cards()]
    a = games("elves_morcant", None, lambda: [GreedyAgent(pieces)], True, condition=cond)
    b = games("elves_morcant", None, lambda: [GreedyAgent(pieces)], False, condition=cond)
    plain = games("elves_morcant", None, lambda: [GreedyAgent()], True, condition=cond)
    same_games(a, b)
    assert (a[0]["condition_turn"] > 0).sum() > 30
    assert not a[0]["condition_turn"].equals(plain[0]["condition_turn"])   # pieces matter


def test_a_batch_mixing_a_users_agent_asks_only_that_agent():
    """Greedy against a user's agent: only the user's agent is asked from Python, once a
    round, and only about its own games; the games are those of the Python-round path."""
    users = []

    def agents():
        users.append(Cautious())
        return [GreedyAgent(), users[-1]]

    compiled = games("mono_green_curve", "goblins_burn_blight", agents, True)
    rounds = games("mono_green_curve", "goblins_burn_blight", agents, False)
    same_games(compiled, rounds)
    assert 0 < compiled[3] < rounds[3]
    assert users[0].calls == compiled[3]


def test_compiled_players_answer_engine_questions_where_they_arise():
    """Issue 18 step 2: a compiled player's answers to the engine's questions (burn's
    targets, blight, discards) are given inside the action that asks, so no action is
    replayed from its snapshot with the answer, where asking every agent from Python
    replays each; the games and every decision count are the same."""
    def counted(compiled, agents):
        b = GameBatch(POOL, ids("goblins_burn_blight"), ids("mono_green_curve"), n_games=300,
                      seed=5, start="random", max_turns=25)
        b.play(agents, np.random.default_rng(0), compiled=compiled)
        return (pd.DataFrame(b.results()), b.records(), b.st), b.fw.fl[:, L.F_REPLAYS]

    here, replays_here = counted(True, [GreedyAgent(), RandomAgent()])
    asked, replays_asked = counted(False, [GreedyAgent(), RandomAgent()])
    same_games(here, asked)
    assert replays_asked.sum() > 300 and replays_here.sum() == 0


def test_a_subclass_with_its_own_act_is_asked_from_python(monkeypatch):
    """An agent's compiled twin is used only while act() is the built-in one."""
    class Mine(GreedyAgent):
        def act(self, view, legal_mask, rng):
            self.asked = True
            return super().act(view, legal_mask, rng)

    assert Mine().policy() is None and GreedyAgent().policy() == ("greedy", ())
    assert RandomAgent().policy() == ("random", ()) and Agent().policy() is None
    mine = Mine()
    b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=20, seed=1, max_turns=10)
    assert b.play([mine], np.random.default_rng(0)) > 0 and mine.asked


def test_a_game_past_the_decision_limit_stops_the_batch():
    b = GameBatch(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=20,
                  seed=1, max_turns=25)
    with pytest.raises(PlaytestError, match=r"games did not finish \(decision limit\)"):
        b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0), max_decisions=30)
