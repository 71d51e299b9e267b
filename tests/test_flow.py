"""The game loop's transactions and shortcuts (kernels/txn.py, options.py): scratch cells given back,
snapshots and the action log, audited state-based and priority-option shortcuts, autopay,
and options that cannot be paid."""

import numpy as np
import pytest

from agents import AGENTS, GreedyAgent
from simcore import consts as K
from simcore import layout as L
from simcore.game import GameBatch
from simcore.kernels.actions import run_action_py
from simcore.state import State, copy_state, lane_cells, scratch_high_water

from support import POOL, assert_same_states, every_card_decks, ids, play_greedy_watching


@pytest.mark.parametrize("deck0,deck1", [("elves_morcant", "goblins_burn_blight"),
                                         ("counters_ozolith", "mono_green_curve")])
def test_kernel_scratch_is_given_back(deck0, deck1):
    """Kernels take temporary cells from a per-thread lane (kernels/scratch.py) and give
    them back: after whole games no lane ever held more than half its cells (a leak in a
    loop grows with the game and would show here long before a lane overflows)."""
    for agent in (AGENTS["random"](), GreedyAgent()):
        b = GameBatch(POOL, ids(deck0), ids(deck1), n_games=40, seed=11, start="random",
                      max_turns=25)
        b.play([agent, agent], np.random.default_rng(2))
        for st in (b.st, b.snap, b.lane_snap, b.dry):
            used = scratch_high_water(st)
            assert used <= lane_cells(st.obj.shape[2]) // 2
        assert scratch_high_water(b.st) > 0 and scratch_high_water(b.dry) > 0



def assert_log_leads_to_state(b):
    """Every game outside a transaction whose log is live: its snapshot plus the logged
    actions, replayed, is its state, array for array."""
    fl = b.fw.fl
    kinds = set()
    for g in np.nonzero((fl[:, L.F_LOG_N] >= 0) & (fl[:, L.F_TXN] == 0))[0]:
        rebuilt = copy_state(b.snap)
        k = 0
        while k < fl[g, L.F_LOG_N]:         # entries [width, action...]
            w = b.fw.log[g, k]
            assert 2 <= w <= b.fw.pend.shape[1]
            act = np.zeros(b.fw.pend.shape[1], np.int64)
            act[:w] = b.fw.log[g, k + 1:k + 1 + w]
            k += 1 + w
            kinds.add(int(act[0]))
            rebuilt.gm[g, L.G_TAPE_N] = 0
            assert run_action_py(rebuilt, b.ct, g, act) == K.ST_OK
        assert_same_states(rebuilt, b.st, [g])
    return kinds



@pytest.mark.parametrize("agent, compiled", [("greedy", False), ("random", True)])
def test_snapshots_are_written_before_they_are_read(agent, compiled):
    """GameBatch leaves every game's snapshot unwritten at set-up (state.unwritten_like: no
    copy of the whole batch), which is right only if each game writes its snapshot before
    it reads it (kernels/txn.py: a game's first action takes a real one). Filled with
    garbage instead, the snapshots must give the same games. (Greedy asked from Python
    reads its own snapshots at each question; compiled random players their thread's, at
    refusals: compiled players' questions read none, players/asking.py answer_here_nb.)"""
    def play(garbage):
        b = GameBatch(POOL, ids("elves_morcant"), ids("goblins_burn_blight"), n_games=150,
                      seed=12, start="random")
        if garbage:
            noise = np.random.default_rng(3)
            for snap in (b.snap, b.lane_snap):      # a game's own and its thread's
                for name, a in zip(State._fields, snap):
                    if name != "scr":       # the lanes' headers: copied from the State
                        a.reshape(-1).view(np.uint8)[:] = noise.integers(
                            0, 256, a.nbytes, dtype=np.uint8)
        ag = GreedyAgent() if agent == "greedy" else AGENTS[agent]()
        b.play([ag, ag], np.random.default_rng(5), compiled=compiled)
        return b
    clean, dirty = play(False), play(True)
    assert (clean.fw.fl[:, L.F_REPLAYS] > 0).any()      # rebuilt snapshots were read
    for k, v in clean.results().items():
        np.testing.assert_array_equal(dirty.results()[k], v, err_msg=k)
    for name in ("obj", "o_counters", "pl", "lib", "stk"):
        np.testing.assert_array_equal(getattr(dirty.st, name), getattr(clean.st, name),
                                      err_msg=name)



@pytest.mark.parametrize("deck0,deck1", [("elves_morcant", "goblins_burn_blight"),
                                         ("counters_ozolith", "mono_green_curve")])
def test_actions_without_snapshots_replay_to_the_same_games(deck0, deck1):
    """Actions run on the state directly and are logged; one that asks a question or is
    refused has its starting state rebuilt from the last snapshot plus the log
    (kernels/txn.py, txn_start_nb). After every step, snapshot + log = state; and the games
    are exactly those of a snapshot before every action (log capacity 0): same results,
    same final state, with rebuilds taken. Attack and block declarations are logged too."""
    kinds = set()

    def play(log):
        b = GameBatch(POOL, ids(deck0), ids(deck1), n_games=24, seed=8, start="random",
                      max_turns=15)
        if not log:
            b.fw = b.fw._replace(log=np.zeros((b.n_games, 0), np.int32))
        agents, rng = [AGENTS["random"](), GreedyAgent()], np.random.default_rng(3)
        for _ in range(2000):          # ~75-175 rounds
            if b.done():
                return b
            mask = b.legal_mask()
            b.step(b.ask_agents(agents, b.view(), mask, rng))
            if log:
                kinds.update(assert_log_leads_to_state(b))
        raise AssertionError("games did not finish")

    logged, plain = play(True), play(False)
    assert logged.fw.fl[:, L.F_REPLAYS].sum() > 0 and plain.fw.fl[:, L.F_REPLAYS].sum() == 0
    assert (logged.fw.fl[:, L.F_LOG_N] > 0).any()
    assert {K.A_ATTACK, K.A_BLOCK, K.A_CAST, K.A_NEXT_STEP} <= kinds, kinds
    for key, v in logged.results().items():
        assert np.array_equal(v, plain.results()[key]), key
    assert_same_states(logged.st, plain.st)



@pytest.mark.parametrize("deck0,deck1", [("elves_morcant", "goblins_burn_blight"),
                                         ("counters_ozolith", "mono_green_curve"),
                                         ("goblins_burn_blight", None), ("every card", "")])
def test_games_skip_only_state_based_checks_that_would_find_nothing(deck0, deck1):
    """704.3: state-based actions are checked whenever a player would receive priority. The
    engine skips the check in a game where nothing it reads changed since its last check
    found nothing (kernels/sbamark.py). Audited (G_SBA_AUDIT), every skipped check runs
    anyway, and none of them finds anything: no write to an input of 704.5 went unmarked."""
    d0, d1 = every_card_decks() if deck0 == "every card" else \
        (ids(deck0), ids(deck1) if deck1 else None)
    for agent in ("random", "greedy"):
        b = GameBatch(POOL, d0, d1, n_games=150, seed=11, start="random", max_turns=20)
        b.st.gm[:, L.G_SBA_AUDIT] = 1
        ag = AGENTS[agent]() if agent == "random" else GreedyAgent()
        b.play([ag, ag] if d1 is not None else [ag], np.random.default_rng(5))
        assert (b.results()["end"] != K.END_CAPACITY).all()
        assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0, np.nonzero(b.st.gm[:, L.G_SBA_MISSED])[0]



@pytest.mark.parametrize("deck0,deck1", [("elves_morcant", "goblins_burn_blight"),
                                         ("mono_green_curve", None), ("every card", "")])
def test_priority_option_shortcuts_agree_with_the_full_check(deck0, deck1):
    """Priority options are exact (117.1: what a player could do now), with shortcuts
    (kernels/options.py). A plain spell in hand (no X, additional costs or cast triggers;
    also for its warp cost) is judged castable from 601.2's remaining checks (timing, a
    legal target for each target, stack room) and whether autopay pays its cost (601.2g-h),
    decided from mana counts or by autopay run in place and undone, not by a dry run on a
    copy (cast_option_nb); an activated ability likewise from 602.2's checks (its {T} or
    {Q}, counters to remove, a creature to blight or to tap, targets, stack room) and its
    payment (ability_option_nb). And a
    check at instant speed is skipped for a player with no instant in hand or exile and no
    activated ability without sorcery timing, while no object changed zones. Audited
    (F_OPT_AUDIT), each shortcut also runs the full check: they agree, the game is left
    exactly as it was, every shortcut is used, and the audited games are the games played
    without the audit."""
    d0, d1 = every_card_decks() if deck0 == "every card" else \
        (ids(deck0), ids(deck1) if deck1 else None)
    ways = 0
    for agent in ("random", "greedy"):
        runs = []
        for audit in (0, 1):
            b = GameBatch(POOL, d0, d1, n_games=120, seed=12, start="random", max_turns=20)
            b.fw.fl[:, L.F_OPT_AUDIT] = audit
            ag = AGENTS[agent]() if agent == "random" else GreedyAgent()
            b.play([ag, ag] if d1 is not None else [ag], np.random.default_rng(6))
            runs.append(b.results())
        assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0, np.nonzero(b.fw.fl[:, L.F_OPT_MISSED])[0]
        ways |= np.bitwise_or.reduce(b.fw.fl[:, L.F_OPT_AUDIT])
        assert runs[0].keys() == runs[1].keys()
        for k in runs[0]:
            np.testing.assert_array_equal(runs[0][k], runs[1][k], err_msg=k)
    assert ways & 2, "no castability was decided by mana counts"
    assert ways & 8, "no instant-speed check was skipped"
    if deck0 != "mono_green_curve":
        assert ways & 16, "no activation was decided in place"
    if deck0 == "every card":
        assert ways & 4, "autopay never ran in place"



def test_game_copy_and_comparison_cover_every_game_array():
    """Snapshots (gamecopy.copy_game_nb) and the options audit's check that a game was left
    unchanged (gamecopy.same_game_nb) name the State's arrays one by one: both must name every
    array with a game axis, or a field added to the State would escape rollbacks and
    audits."""
    import inspect

    from simcore.kernels import gamecopy
    from simcore.state import State
    names = {n for n in State._fields if n != "scr"}
    for fn in (gamecopy.copy_game_nb, gamecopy.same_game_nb):
        src = inspect.getsource(getattr(fn, "py_func", fn))
        missing = {n for n in names if f".{n}," not in src and f".{n}[" not in src}
        assert not missing, (fn.__name__, missing)



def test_autopay_taps_lands_before_mana_creatures():
    """Engine heuristic (games: G_AUTOPAY): which sources pay is the engine's choice, and a
    player keeps mana creatures untapped (to attack or block) while a land pays as well.
    Here Llanowar Elves has the lower slot and the same colour as the Forest."""
    from simcore.scenario import Runner
    pos = {"name": "autopay", "player": [{"hand": ["Elvish Mystic"]}, {}],
           "permanent": [{"card": "Llanowar Elves", "ref": "elf"},
                         {"card": "Forest", "ref": "forest"}]}
    r = Runner(POOL, "<test>", pos)
    r.setup()
    elf, forest = r.refs["elf"], r.refs["forest"]
    assert elf < forest
    r.st.gm[0, L.G_AUTOPAY] = 1
    in_hand = (r.st.obj[0, L.O_ZONE] == K.Z_HAND) & (r.st.obj[0, L.O_CARD] >= 0)
    mystic = int(np.nonzero(in_hand)[0][0])
    assert r.act([K.A_CAST, mystic, -1, 0, -1], [], "cast") is None
    assert r.st.obj[0, L.O_ZONE, mystic] == K.Z_STACK
    assert r.st.obj[0, L.O_TAPPED, forest] == 1 and r.st.obj[0, L.O_TAPPED, elf] == 0



def test_an_option_that_cannot_be_paid_after_its_target_is_not_offered():
    """Options come from dry runs that answer each question on the way with its least answer
    (options.legal_now_nb). Elves game 5 of seed 1 (kept as a regression test): the Elves player
    holds Murder ({1}{B}{B}) with a single Swamp. Murder used to count as legal once its dry
    run reached the target question, so it was offered, picked and refused after the target
    at almost every priority (hundreds of wasted decisions); now it is not offered."""
    b = GameBatch(POOL, ids("elves_morcant"), ids("goblins_burn_blight"), n_games=1, seed=1,
                  start="random", game0=5)
    offered = []
    play_greedy_watching(b, lambda g, options, action, code: offered.extend(
        o for o in options if o == "cast Murder"))
    murder = POOL.card_id["Murder"]
    assert (b.st.obj[0, L.O_CARD] == murder).any()
    assert offered == []

