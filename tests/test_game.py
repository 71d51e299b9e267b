"""GameBatch: goldfish and two-player games, the same results whatever the batch size and
thread count, the view's hidden information (400.2), decoded actions, room for objects,
and bad arguments of the Python API."""
import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from agents import AGENTS, GreedyAgent
from experiments.simulate import simulate
from simcore import consts as K
from simcore import layout as L
from simcore.errors import PlaytestError
from simcore.game import (
    TOKEN_ROOM,
    TOKEN_ROOM_GOLDFISH,
    GameBatch,
    token_makers,
)
from simcore.state import copy_state, game_arrays, zone_bits_ok

from support import DECKS, POOL, ROOT, ids


def test_finished_games_unchanged_when_threads_share_the_batch():
    """With ranges of games on several threads (here 2 if numba has 2), a finished game
    is still a no-op: not even its bookkeeping changes with the thread that visits it."""
    b = GameBatch(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=64,
                  seed=8, start="random", max_turns=15)
    agent = GreedyAgent()
    rng = np.random.default_rng(0)
    finished = {}
    while not b.done():
        over = np.nonzero(b.fw.fl[:, L.F_DKIND] == K.D_OVER)[0]
        for g in over:
            now = [a[g].copy() for _, a in game_arrays(b.st)]
            if g in finished:
                assert all(np.array_equal(x, y) for x, y in zip(now, finished[g])), g
            finished[g] = now
        b.step(b.ask_agents([agent, agent], b.view(), b.legal_mask(), rng))
    assert len(finished) > 10



def test_object_room_for_tokens_only_where_the_decks_make_them():
    """Object slots beyond the decks are only for tokens (OP_CREATE_TOKEN is the only effect
    that makes objects), so a game gets them only if a card of its decks, or a token one
    makes, creates tokens; goldfish games get more room and a deeper stack."""
    ct = POOL.compile()
    names = lambda d: {POOL.names[c] for c in token_makers(ct, ids(d))}
    assert names("mono_green_curve") == set()
    assert names("elves_morcant") == {"Elvish Promenade"}
    assert names("counters_ozolith") == {"Hangarback Walker"}
    assert names("goblins_burn_blight") == {"Sourbread Auntie"}
    room = lambda d0, d1: GameBatch(POOL, ids(d0), ids(d1) if d1 else None, n_games=2).st
    assert room("mono_green_curve", None).obj.shape[2] == 60
    assert room("mono_green_curve", "mono_green_curve").obj.shape[2] == 120
    st = room("mono_green_curve", "goblins_burn_blight")
    assert st.obj.shape[2] == 120 + TOKEN_ROOM and st.stk.shape[2] == 16
    st = room("elves_morcant", None)
    assert st.obj.shape[2] == 60 + TOKEN_ROOM_GOLDFISH and st.stk.shape[2] == 32
    # the room is enough for all but the rarest Elves goldfish games (it was 23 of 2,000
    # with 32 slots and a stack of 16: Elvish Promenade making 20 Elves at once)
    df = simulate(DECKS / "elves_morcant.txt", games=1000, seed=1, agent="greedy",
                  progress=False)
    assert (df["end_reason"] == "capacity").sum() <= 2



def test_game_out_of_object_slots_ends_truncated():
    """A game whose tokens need more object slots than the engine gave it cannot go on
    faithfully: it ends at once as truncated, end reason "capacity" (it used to retry the
    refused step until the decision limit). Here every free slot is taken by inert objects
    that ceased to exist (Z_GONE), so the Elves deck's first Elvish Promenade fails."""
    b = GameBatch(POOL, ids("elves_morcant"), None, n_games=8, seed=4, max_turns=12)
    free = b.st.obj[:, L.O_CARD] < 0
    b.st.obj[:, L.O_CARD][free] = POOL.card_id["Forest"]
    b.st.obj[:, L.O_ZONE][free] = K.Z_GONE
    b.snap = copy_state(b.st)
    rounds = b.play([GreedyAgent()], np.random.default_rng(0), max_decisions=5000)
    r = b.results()
    capped = r["end"] == K.END_CAPACITY
    assert capped.any() and rounds < 5000
    assert (r["turns"][capped] <= 12).all()
    assert K.END_NAMES[K.END_CAPACITY] == "capacity"



def test_goldfish_greedy_mono_green_kills():
    b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=40, seed=3, max_turns=20)
    b.play([GreedyAgent()], np.random.default_rng(0))
    r = b.results()
    killed = r["end"] == K.END_LIFE
    assert killed.mean() > 0.9
    assert (r["winner"][killed] == 0).all() and (r["lost1"][killed] == K.LOSS_LIFE).all()
    kills = r["kill_turn"][killed]
    assert 4 <= np.median(kills) <= 10 and (kills == r["turns"][killed]).all()
    assert (r["life1"][killed] <= 0).all()
    assert (r["kill_turn"][~killed] == -1).all()



def test_goldfish_on_the_draw_draws_on_its_first_turn():
    """103.8a: only the player who plays first skips the draw of the first turn. A goldfish
    player on the draw (the absent opponent "played first") takes turn 1 and draws in it.
    Before, the opponent took every turn of such a game and lost on turn 2, drawing from its
    empty library: random-start goldfish runs had half their games "won" on turn 2 (and a
    mulligan on the draw put no card on the bottom)."""
    hands = {}
    for start in ("play", "draw"):
        for mulligans in (0, 1):        # London mulligan (103.5): one card to the bottom
            b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=4, seed=3, start=start)
            b.start()
            script = [1] * mulligans + [0] + [1] * mulligans
            k = 0
            while (b.fw.fl[:, L.F_DKIND] != K.D_PRIORITY).any():
                b.step(np.full(4, script[k] if k < len(script) else 0, np.int64))
                k += 1
            assert (b.st.gm[:, L.G_TURN] == 1).all() and (b.st.gm[:, L.G_ACTIVE] == 0).all()
            assert (b.st.pl[:, L.PL_MULLIGANS, 0] == mulligans).all()
            hands[start, mulligans] = [len(b.hand_slots(g, 0)) for g in range(4)]
    assert hands == {("play", 0): [7] * 4, ("draw", 0): [8] * 4,
                     ("play", 1): [6] * 4, ("draw", 1): [7] * 4}
    b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=200, seed=3, start="random")
    b.play([GreedyAgent()], np.random.default_rng(0))
    r = b.results()
    play = r["on_the_play"]                  # on the draw: player 1 "played first"
    assert play.dtype == bool and 50 < play.sum() < 150
    assert (play == (b.st.gm[:, L.G_FIRST] == 0)).all()
    assert (r["end"] == K.END_LIFE).all() and (r["life1"] <= 0).all()
    assert (r["own_turns"] == r["turns"]).all()        # the goldfish player takes every turn
    draw = ~play
    assert r["turns"].min() >= 4
    assert abs(r["turns"][draw].mean() - r["turns"][play].mean()) < 0.5



def test_goldfish_until_card():
    b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=20, seed=4, max_turns=20,
                  target_card="Craw Wurm")
    b.play([GreedyAgent()], np.random.default_rng(0))
    r = b.results()
    hit = r["end"] == K.END_CONDITION
    assert hit.any() and (r["winner"][hit] == -1).all()
    assert (r["turns"][hit] >= 4).all()     # six mana: turn 4 at the earliest with Elves
    assert (r["kill_turn"][hit] == -1).all()        # reaching a card kills no one



def test_same_seed_same_results_whatever_the_batch_size():
    deck = DECKS / "mono_green_curve.txt"
    vs = DECKS / "goblins_burn_blight.txt"
    a = simulate(deck, vs=vs, games=12, seed=9, batch_size=12, start="random", progress=False,
                 agent="random", max_turns=15)
    b = simulate(deck, vs=vs, games=12, seed=9, batch_size=5, start="random", progress=False,
                 agent="random", max_turns=15)
    assert a.equals(b)
    c = simulate(deck, vs=vs, games=12, seed=10, batch_size=12, start="random", progress=False,
                 agent="random", max_turns=15)
    assert not a.equals(c)



def test_view_hides_libraries_and_the_opponents_hand():
    """400.2: libraries and hands are hidden zones; the decider sees its own hand, never the
    opponent's hand or any library's cards or order. Slot numbers carry no information: each
    game loads its decks into slots in its own random order."""
    b = GameBatch(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=8,
                  seed=2, start="random")
    b.start()
    view = b.view()
    st, seen = b.st, view["state"]
    for g in range(8):
        me = view["player"][g]
        zone, owner, real = st.obj[g, L.O_ZONE], st.obj[g, L.O_OWNER], st.obj[g, L.O_CARD]
        shown = seen.obj[g, L.O_CARD]
        hidden = (real >= 0) & ((zone == K.Z_LIBRARY) | ((zone == K.Z_HAND) & (owner != me)))
        assert hidden.sum() >= 53 + 7
        assert (shown[hidden] == K.HIDDEN_CARD).all()
        assert (shown[~hidden] == real[~hidden]).all()
        assert (seen.lib[g] == -1).all()
    assert len({int(st.obj[g, L.O_CARD, 0]) for g in range(8)}) > 1



def test_every_legal_action_decodes():
    """One flat action encoding with one decoder: every legal action of every decision of a
    few random games decodes (GameBatch.decode_action / describe_action) to what it does."""
    b = GameBatch(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=6,
                  seed=8, start="random", max_turns=14)
    agent = AGENTS["random"]()
    seen = set()
    while not b.done():
        mask = b.legal_mask()
        view = b.view()
        for g in range(6):
            for a in np.nonzero(mask[g])[0]:
                d = b.decode_action(g, a)
                text = b.describe_action(g, a)
                seen.add(d["act"])
                if "slot" in d:
                    assert POOL.card_name(int(b.st.obj[g, L.O_CARD, d["slot"]])) == d["card"]
                    assert d["card"] in text
                if d["act"] == "play_land":
                    assert text == f"play {d['card']}"
                if d["act"] == "block":
                    assert text == f"block {d['attacker']} with {d['card']}"
            if view["decision"][g] == K.D_MULLIGAN:
                assert (b.describe_action(g, 0), b.describe_action(g, 1)) == ("keep", "mulligan")
        b.step(agent.act(view, mask, None))
    assert {"keep", "pass", "play_land", "cast", "attack", "block", "done", "answer"} <= seen
    with pytest.raises(PlaytestError):
        b.decode_action(0, 0)          # the game is over: nothing is legal



def test_same_seed_same_results_whatever_the_thread_count(tmp_path):
    """The same run under NUMBA_NUM_THREADS=1 and =2 (and different batch sizes) gives
    identical per-game results: every game has its own random state."""
    outs = []
    for threads, batch in (("1", "7"), ("2", "48")):     # 48 games: 3 ranges on 2 threads
        out = tmp_path / f"t{threads}.csv"
        env = dict(os.environ, NUMBA_NUM_THREADS=threads)
        r = subprocess.run([sys.executable, "-m", "experiments", "simulate",
                            str(DECKS / "mono_green_curve.txt"), "--vs",
                            str(DECKS / "goblins_burn_blight.txt"), "--games", "48", "--seed",
                            "21", "--agent", "greedy", "--opponent-agent", "random",
                            "--random-start", "--batch-size", batch, "--out", str(out)],
                           env=env, capture_output=True, text=True, cwd=ROOT)
        assert r.returncode == 0, r.stderr
        outs.append(pd.read_csv(out))
    assert outs[0].equals(outs[1])
    assert outs[0]["decisions"].sum() > 48 * 20      # real games were played



def test_game_batch_refuses_bad_arguments_in_one_line():
    """The Python API's bad input: a negative game count and card ids outside the pool (a
    numpy ValueError and an IndexError before)."""
    d = ids("mono_green_curve")
    with pytest.raises(PlaytestError, match="n_games must be at least 0, got -1"):
        GameBatch(POOL, d, None, n_games=-1)
    with pytest.raises(PlaytestError, match=r"deck1 must list card ids .* got \[99999\]"):
        GameBatch(POOL, d, np.append(d[:59], 99999), n_games=2)
    with pytest.raises(PlaytestError, match=r"deck0 must list card ids .* got shape \(2, 30\)"):
        GameBatch(POOL, d.reshape(2, 30), None, n_games=2)


@pytest.mark.parametrize("agent_name", sorted(AGENTS))
def test_engine_invariants_hold_at_every_decision(agent_name):
    """Whatever the agent, at every decision point: a live game has a legal action, nothing is negative, no
    permanent holds both +1/+1 and -1/-1 counters outside a transaction (704.5q), finished
    games do not change, and the battlefield bitmap (kernels/zonebits.py) matches the
    zones."""
    agent = AGENTS[agent_name]()
    b = GameBatch(POOL, ids("elves_morcant"), ids("counters_ozolith"), n_games=12, seed=5,
                  start="random", max_turns=12)
    rng = np.random.default_rng(1)
    for _ in range(3000):
        if b.done():
            break
        mask = b.legal_mask()
        view = b.view()
        live = view["decision"] != K.D_OVER
        assert mask[live].any(axis=1).all(), "a live game has no legal action"
        assert not mask[~live].any(), "a finished game offers actions"
        over = ~live
        frozen = [a[over].copy() for _, a in game_arrays(b.st)]
        acts = agent.act(view, mask, rng)
        assert mask[np.arange(len(acts))[live], acts[live]].all(), "agent chose an illegal action"
        b.step(acts)
        for (_, a), before in zip(game_arrays(b.st), frozen):
            assert np.array_equal(a[over], before), "a finished game changed"
        st = b.st
        assert (st.o_counters >= 0).all() and (st.p_counters >= 0).all()
        assert (st.p_pool >= 0).all()
        settled = b.fw.fl[:, L.F_TXN] == 0
        bf = st.obj[:, L.O_ZONE] == K.Z_BATTLEFIELD
        both = bf & (st.o_counters[:, K.CK_PLUS] > 0) & (st.o_counters[:, K.CK_MINUS] > 0)
        assert not both[settled].any()
        assert zone_bits_ok(st), "o_zone_bits does not match the objects' zones"
    assert b.done()
