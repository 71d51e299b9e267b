"""The game loop of GameBatch: every game runs until a player must decide, exposes that
decision (kind, chooser, options), and continues from the chosen action.

Decisions (consts D_*) use one flat action space: action 0 is pass / keep / done, action
1 + k picks option k of the decision's options (`fw.opts[g]`). A priority option starts a
transaction (the A_* action, replayed from a snapshot as questions are answered, see
kernels/choice.py); an option that turns out illegal rolls back and the player decides
again. Game-flow bookkeeping lives in `fw` (FLOW_FIELDS), outside the State, so rollbacks
never touch it.
"""
import numpy as np

from ..consts import (
    A_ACTIVATE,
    A_ATTACK,
    A_BLOCK,
    A_CAST,
    A_NEXT_STEP,
    A_PLAY_LAND,
    A_RESOLVE,
    ASK_COUNTERS,
    D_ATTACK,
    D_BLOCK,
    D_BOTTOM,
    D_MULLIGAN,
    D_OVER,
    D_PRIORITY,
    D_QUESTION,
    END_CAPACITY,
    END_CONDITION,
    END_TURN_LIMIT,
    KW_ATTACKS_EACH_COMBAT,
    KW_MENACE,
    OPT_ACTIVATE,
    OPT_LAND,
    OPT_WARP,
    P_PYTHON,
    PH_BOTTOM,
    PH_MULLIGAN,
    PH_OVER,
    PH_PLAY,
    S_BEGIN_COMBAT,
    S_CLEANUP,
    S_DECLARE_ATTACKERS,
    S_MAIN1,
    S_UNTAP,
)
from ..encoding import (
    MULLIGAN,
    PASS,
    block_attacker_nb,
    block_blocker_nb,
    option_ability_nb,
    option_kind_nb,
    option_of_nb,
    option_slot_nb,
)
from ..jit import entry, kernel
from ..jit.atomic import fetch_add_nb
from ..layout import (
    F_ACTIONS,
    F_BAN_N,
    F_BOTTOM_LEFT,
    F_COND_KEY,
    F_COND_TURN,
    F_DECISIONS,
    F_DECLARED,
    F_DKIND,
    F_DN,
    F_DPLAYER,
    F_END,
    F_KEPT0,
    F_KILL_TURN,
    F_LOG_N,
    F_MAX_TURNS,
    F_MULL_P,
    F_PASSES,
    F_PEND_OPT,
    F_PHASE,
    F_PICK_N,
    F_PRIO,
    F_QKIND,
    F_QMAX,
    F_SNAP,
    F_TXN,
    G_ACTIVE,
    G_ANY_ATTACKERS,
    G_FIRST,
    G_GOLDFISH,
    G_NEXT_OID,
    G_NEXT_TS,
    G_SCRATCH,
    G_STACK_N,
    G_STEP,
    G_TURN,
    G_WINNER,
    LH_GAME0,
    LH_LIMIT,
    LH_OPTS,
    LH_POLICY,
    LH_SEED,
    LH_TAPE_T,
    LH_TAPE_V,
    PL_MULLIGANS,
)
from ..players.asking import policy_action_nb
from .asks import list_question_nb
from .condition import condition_holds_nb
from .legal import legal_row_nb, options_open_nb, pass_legal_nb
from .noise import decision_seed_nb, uniform_nb
from .options import attack_options_nb, block_options_nb, priority_options_nb
from .query import has_kw_nb, may_attack_nb, next_creature_nb
from .record import start_records_nb
from .sba import loss_end_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .setup import bottom_card_nb, mulligan_nb
from .turnrecord import record_main_nb, record_turn_end_nb
from .txn import txn_answer_nb, txn_go_nb, txn_start_nb
from .zones import hand_slots_nb

OID_LIMIT = 30000      # object ids and timestamps live in int16 planes


@kernel
def set_decision_nb(fw, g, kind, player, n):
    fw.fl[g, F_DKIND] = kind
    fw.fl[g, F_DPLAYER] = player
    fw.fl[g, F_DN] = n
    fw.fl[g, F_PICK_N] = 0


@kernel
def game_over_nb(st, ct, fw, g):
    """Ends the game if it is over: a player lost (why: END_LIFE, END_DECKED, END_POISON), the
    turn limit, the capacity, the goldfish condition (the target card)."""
    if st.gm[g, G_WINNER] >= 0:
        fw.fl[g, F_END] = loss_end_nb(st, g)
        fw.fl[g, F_KILL_TURN] = st.gm[g, G_TURN]
    elif st.gm[g, G_TURN] > fw.fl[g, F_MAX_TURNS]:
        fw.fl[g, F_END] = END_TURN_LIMIT
    elif st.gm[g, G_NEXT_OID] > OID_LIMIT or st.gm[g, G_NEXT_TS] > OID_LIMIT:
        fw.fl[g, F_END] = END_CAPACITY      # object ids near the int16 planes' range
    elif fw.cclause.shape[0] > 0 and fw.fl[g, F_COND_KEY] != fw.fl[g, F_ACTIONS]:
        # the watched condition, once after each completed action (kernels/condition.py)
        fw.fl[g, F_COND_KEY] = fw.fl[g, F_ACTIONS]
        if condition_holds_nb(st, ct, fw, g):
            fw.fl[g, F_END] = END_CONDITION
            fw.fl[g, F_COND_TURN] = st.gm[g, G_TURN]
    if fw.fl[g, F_END] != 0:
        record_turn_end_nb(st, ct, fw, g)       # the last turn, as far as it went
        fw.fl[g, F_PHASE] = PH_OVER
        set_decision_nb(fw, g, D_OVER, 0, 0)
        return True
    return False


@kernel
def next_mulligan_nb(st, fw, g):
    """Set the next mulligan or bottom decision; False once everyone kept and bottomed."""
    goldfish = st.gm[g, G_GOLDFISH] != 0
    # the starting player decides first (103.5); a goldfish game has one player, on the
    # play or on the draw
    first = 0 if goldfish else st.gm[g, G_FIRST]
    if fw.fl[g, F_PHASE] == PH_MULLIGAN:
        for k in range(2):
            p = (first + k) % 2
            if goldfish and p == 1:
                continue
            if fw.fl[g, F_KEPT0 + p] == 0:
                set_decision_nb(fw, g, D_MULLIGAN, p, 2)
                return True
        fw.fl[g, F_PHASE] = PH_BOTTOM
        fw.fl[g, F_MULL_P] = first
        fw.fl[g, F_BOTTOM_LEFT] = st.pl[g, PL_MULLIGANS, first]
    while fw.fl[g, F_PHASE] == PH_BOTTOM:
        p = fw.fl[g, F_MULL_P]
        if fw.fl[g, F_BOTTOM_LEFT] > 0:
            n = hand_slots_nb(st, g, p, fw.opts[g])
            if n > 0:
                set_decision_nb(fw, g, D_BOTTOM, p, n)
                return True
        if p == first and not goldfish:
            fw.fl[g, F_MULL_P] = 1 - first
            fw.fl[g, F_BOTTOM_LEFT] = st.pl[g, PL_MULLIGANS, 1 - first]
        else:
            fw.fl[g, F_PHASE] = PH_PLAY
            start_records_nb(st, fw, g)
            st.gm[g, G_STEP] = S_UNTAP          # the first turn begins (103.8)
            fw.fl[g, F_LOG_N] = -1
            fw.fl[g, F_PRIO] = first
            fw.fl[g, F_PASSES] = 0
    return False


@kernel
def run_to_decision_nb(st, snap, dry, dg, ct, fw, g):
    """Play game g forward until a player must decide (or the game ends)."""
    mark = scratch_mark_nb(st, g)
    for _ in range(100000):
        scratch_release_nb(st, g, mark)
        if fw.fl[g, F_TXN] != 0 or fw.fl[g, F_PHASE] == PH_OVER:
            return
        if fw.fl[g, F_PHASE] != PH_PLAY:
            if next_mulligan_nb(st, fw, g):
                return
            continue
        if game_over_nb(st, ct, fw, g):
            return
        step = st.gm[g, G_STEP]
        if step == S_CLEANUP:
            record_turn_end_nb(st, ct, fw, g)
        elif step == S_MAIN1:
            record_main_nb(st, ct, fw, g)
        active = st.gm[g, G_ACTIVE]
        goldfish = st.gm[g, G_GOLDFISH] != 0
        if step == S_UNTAP or step == S_CLEANUP:      # no priority in these steps
            if txn_start_nb(st, snap, ct, fw, g, A_NEXT_STEP, 1, 0, 0, 0) == 1:
                return
            fw.fl[g, F_PRIO] = active
            fw.fl[g, F_PASSES] = 0
            fw.fl[g, F_DECLARED] = 0
            continue
        if fw.fl[g, F_PASSES] < 2:
            p = fw.fl[g, F_PRIO]
            n = priority_options_nb(st, dry, dg, ct, fw, g, p)
            if n > 0:
                set_decision_nb(fw, g, D_PRIORITY, p, n)
                return
            fw.fl[g, F_PASSES] += 2 if goldfish else 1
            fw.fl[g, F_PRIO] = 1 - p
            continue
        # every player passed in succession (500.2, 608.1)
        fw.fl[g, F_PASSES] = 0
        fw.fl[g, F_PRIO] = active
        if st.gm[g, G_STACK_N] > 0:
            if txn_start_nb(st, snap, ct, fw, g, A_RESOLVE, 0, 0, 0, 0) == 1:
                return
            continue
        if step == S_BEGIN_COMBAT and fw.fl[g, F_DECLARED] == 0:
            fw.fl[g, F_DECLARED] = 1
            n = attack_options_nb(st, ct, fw, g)
            if n > 0:
                set_decision_nb(fw, g, D_ATTACK, active, n)
                return
        if step == S_DECLARE_ATTACKERS and st.gm[g, G_ANY_ATTACKERS] != 0 and \
                fw.fl[g, F_DECLARED] == 1 and not goldfish:
            fw.fl[g, F_DECLARED] = 2
            n = block_options_nb(st, ct, fw, g)
            if n > 0:
                set_decision_nb(fw, g, D_BLOCK, 1 - active, n)
                return
        # (1: on through steps where nothing can happen, turn.next_steps_nb)
        if txn_start_nb(st, snap, ct, fw, g, A_NEXT_STEP, 1, 0, 0, 0) == 1:
            return
        if st.gm[g, G_STEP] == S_BEGIN_COMBAT:
            fw.fl[g, F_DECLARED] = 0


@kernel
def remove_opt_nb(fw, g, k):
    n = fw.fl[g, F_DN]
    fw.opts[g, k] = fw.opts[g, n - 1]
    fw.fl[g, F_DN] = n - 1


@kernel
def declare_picked_nb(st, snap, ct, fw, g, kind):
    """Declare the picked attackers (or blocks) as one action (508.1, 509.1)."""
    m = fw.fl[g, F_PICK_N]
    for k in range(fw.pend.shape[1]):
        fw.pend[g, k] = 0
    fw.pend[g, 1] = m
    if kind == D_ATTACK:
        fw.pend[g, 0] = A_ATTACK
        for j in range(m):
            fw.pend[g, 2 + j] = fw.pick[g, j]
        fw.pend[g, 1] = add_required_attackers_nb(st, ct, fw, g, m)
    else:
        fw.pend[g, 0] = A_BLOCK
        n = 0
        for j in range(m):
            a = block_attacker_nb(fw.pick[g, j])
            if lone_menace_block_nb(st, ct, fw, g, m, a):
                continue
            fw.pend[g, 2 + 2 * n] = block_blocker_nb(fw.pick[g, j])
            fw.pend[g, 3 + 2 * n] = a
            n += 1
        fw.pend[g, 1] = n
    txn_go_nb(st, snap, ct, fw, g)


@kernel
def add_required_attackers_nb(st, ct, fw, g, m):
    """The m attackers picked, and every creature of the active player that attacks each
    combat if able and is able but not picked (508.1d), so a player's declaration is always
    legal; returns the count. Attackers are picked one at a time: a player who ends the
    declaration without such a creature has not chosen to leave it out."""
    p = st.gm[g, G_ACTIVE]
    n = m
    M = st.obj.shape[2]
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, p, i)
        if i >= M or 2 + n >= fw.pend.shape[1]:
            return n
        if not has_kw_nb(st, ct, g, i, KW_ATTACKS_EACH_COMBAT) or \
                not may_attack_nb(st, ct, g, i):
            continue
        picked = False
        for j in range(m):
            if fw.pick[g, j] == i:
                picked = True
        if not picked:
            fw.pend[g, 2 + n] = i
            n += 1


@kernel
def lone_menace_block_nb(st, ct, fw, g, m, a):
    """Is attacker a one with menace that only one of the m blocks picked is on? Declared,
    the blocks would be illegal (702.111b), so that lone blocker is withdrawn: blocks are
    picked one at a time, and a player who ends the declaration there has not found a
    second blocker."""
    if not has_kw_nb(st, ct, g, a, KW_MENACE):
        return False
    n = 0
    for j in range(m):
        if block_attacker_nb(fw.pick[g, j]) == a:
            n += 1
    return n == 1


@kernel
def step_mulligan_nb(st, fw, g, p, a):
    """Keep (PASS) or take a mulligan (MULLIGAN) (103.5; at most seven)."""
    if a == MULLIGAN and st.pl[g, PL_MULLIGANS, p] < 7:
        mulligan_nb(st, g, p, 7)
    else:
        fw.fl[g, F_KEPT0 + p] = 1


@kernel
def step_bottom_nb(st, fw, g, a):
    """Put the hand card of option a - 1 on the bottom of its owner's library (103.5)."""
    bottom_card_nb(st, g, fw.opts[g, option_of_nb(max(a, 1))])
    fw.fl[g, F_BOTTOM_LEFT] -= 1


@kernel
def step_priority_nb(st, snap, ct, fw, g, p, a):
    """Pass priority (PASS), or take a priority option as a transaction: play a land, cast
    (for warp), activate an ability. A completed action resets the passes in txn_run_nb
    (117.3c), also after questions; F_PRIO stays with p throughout."""
    if a == PASS:
        fw.fl[g, F_PASSES] += 2 if st.gm[g, G_GOLDFISH] != 0 else 1
        fw.fl[g, F_PRIO] = 1 - p
        fw.fl[g, F_BAN_N] = 0
        return
    o = fw.opts[g, option_of_nb(a)]
    fw.fl[g, F_PEND_OPT] = o
    kind = option_kind_nb(o)
    slot = option_slot_nb(o)
    if kind == OPT_LAND:
        txn_start_nb(st, snap, ct, fw, g, A_PLAY_LAND, slot, 0, 0, 0)
    elif kind == OPT_ACTIVATE:
        txn_start_nb(st, snap, ct, fw, g, A_ACTIVATE, slot, option_ability_nb(o), 0, 0)
    else:
        txn_start_nb(st, snap, ct, fw, g, A_CAST, slot, -1, 1 if kind == OPT_WARP else 0, -1)


@kernel
def step_declare_nb(st, snap, ct, fw, g, kind, a):
    """Attackers (508.1) or blocks (509.1), picked one at a time: PASS declares those
    picked, an option adds one (a blocker blocks one attacker: its other options go).
    True while the declaration stays open."""
    if a == PASS:
        declare_picked_nb(st, snap, ct, fw, g, kind)
        return False
    k = option_of_nb(a)
    v = fw.opts[g, k]
    m = fw.fl[g, F_PICK_N]
    if m < fw.pick.shape[1] and 2 + 2 * m + 2 < fw.pend.shape[1]:
        fw.pick[g, m] = v
        fw.fl[g, F_PICK_N] = m + 1
    if kind == D_ATTACK:
        remove_opt_nb(fw, g, k)
    else:
        b = block_blocker_nb(v)
        k = 0
        while k < fw.fl[g, F_DN]:
            if block_blocker_nb(fw.opts[g, k]) == b:
                remove_opt_nb(fw, g, k)
            else:
                k += 1
    if fw.fl[g, F_DN] > 0:
        return True
    declare_picked_nb(st, snap, ct, fw, g, kind)
    return False


@kernel
def step_question_nb(st, snap, ct, fw, g, a):
    """Answer the open engine question: one value, or a list picked one value at a time
    (PASS ends it); the pending action replays with the answer. True while a list stays
    open."""
    q = fw.fl[g, F_QKIND]
    if not list_question_nb(q):
        b = scratch_nb(st, g, 1)
        vals = st.scr[b:b + 1]
        vals[0] = fw.opts[g, option_of_nb(max(a, 1))]
        txn_answer_nb(st, snap, ct, fw, g, 0, vals, 1)
        return False
    m = fw.fl[g, F_PICK_N]
    finish = a == PASS
    if not finish:
        fw.pick[g, m] = fw.opts[g, option_of_nb(a)]
        m += 1
        fw.fl[g, F_PICK_N] = m
        if q != ASK_COUNTERS:
            remove_opt_nb(fw, g, option_of_nb(a))
        finish = m >= fw.fl[g, F_QMAX] or fw.fl[g, F_DN] == 0
    if not finish:
        return True
    b = scratch_nb(st, g, max(m, 1))
    vals = st.scr[b:b + max(m, 1)]
    for j in range(m):
        vals[j] = fw.pick[g, j]
    txn_answer_nb(st, snap, ct, fw, g, 1, vals, m)
    return False


@kernel
def step_game_nb(st, snap, dry, dg, ct, fw, g, a):
    """Apply action `a` (simcore/encoding.py) to game g's open decision, then run to the
    next decision."""
    kind = fw.fl[g, F_DKIND]
    if kind == D_OVER:
        return
    fw.fl[g, F_DECISIONS] += 1
    if kind == D_MULLIGAN or kind == D_BOTTOM:
        fw.fl[g, F_LOG_N] = -1          # st changes outside a transaction
    if a < 0 or a > fw.fl[g, F_DN]:
        a = PASS
    p = fw.fl[g, F_DPLAYER]
    if kind == D_MULLIGAN:
        step_mulligan_nb(st, fw, g, p, a)
    elif kind == D_BOTTOM:
        step_bottom_nb(st, fw, g, a)
    elif kind == D_PRIORITY:
        step_priority_nb(st, snap, ct, fw, g, p, a)
    elif kind == D_ATTACK or kind == D_BLOCK:
        if step_declare_nb(st, snap, ct, fw, g, kind, a):
            return
    elif kind == D_QUESTION:
        if step_question_nb(st, snap, ct, fw, g, a):
            return
    run_to_decision_nb(st, snap, dry, dg, ct, fw, g)


@kernel
def play_policies_nb(st, snap, dry, dg, ct, fw, g, policy, piece, base, game0, rows, limit,
                     rule, weights, facts):
    """Game g on from its open decision for as long as a player whose policy is compiled
    (policy[p] != P_PYTHON, asked at players/asking.py; piece[p] their combo pieces, rule[p] and
    weights[p] their mulligan rule) decides: to its end when both are, with no return to
    Python. `rows[dg]`: the thread's legal-mask row; `limit`: decisions a game may take in
    all (a policy that the engine keeps asking would otherwise never return)."""
    while fw.fl[g, F_DKIND] != D_OVER and fw.fl[g, F_DECISIONS] < limit:
        p = fw.fl[g, F_DPLAYER]
        if policy[p] == P_PYTHON:
            return
        mark = scratch_mark_nb(st, g)       # each step's cells back, as between rounds
        a = policy_action_nb(st, ct, fw, g, policy[p], piece[p], base, game0, rows[dg],
                             rule[p], weights[p], facts)
        step_game_nb(st, snap, dry, dg, ct, fw, g, a)
        scratch_release_nb(st, g, mark)


@kernel
def lane_header_nb(st, fw, h, policy, base, game0, limit):
    """Who answers engine questions where they arise in the games of the lane at h
    (layout LH_*, players/asking.py answer_here_nb): the players' compiled policies (P_PYTHON:
    nobody), the run's seed (its bits), game0, the decision limit, the Flow's tape room and
    options' width."""
    for p in range(2):
        st.scr[h + LH_POLICY + p] = policy[p]
    st.scr[h + LH_SEED] = np.int64(base)
    st.scr[h + LH_GAME0] = game0
    st.scr[h + LH_LIMIT] = limit
    st.scr[h + LH_TAPE_T] = fw.toff.shape[1]
    st.scr[h + LH_TAPE_V] = fw.tval.shape[1]
    st.scr[h + LH_OPTS] = fw.opts.shape[1]


@entry
def step_games_nb(st, snap, dry, ct, fw, actions, work, chunk, start, lane, dg, policy,
                  piece, base, game0, rows, limit, rule, weights, facts):
    """Games work[0]..work[1]-1: with `start`, run each to its first decision; else apply
    actions[g] (none if negative: the open decision is a compiled player's, resumed) and run
    on to the next one; then on while compiled policies decide
    (play_policies_nb; policy all P_PYTHON: one decision at a time). Python calls this once
    on each thread (nogil), all sharing `work`: each thread takes the next `chunk` games (an
    atomic add on work[0])
    until none are left, so the threads finish together however unevenly the games cost
    (ranges handed out from Python cost ~50 us each and still left a thread idle at the end
    of each round). Games share nothing and each has its own random stream, so the results
    do not depend on which thread plays which game. `lane`: where the calling thread's
    scratch cells start in st.scr (and snap.scr, dry.scr); `dg`: the thread's spare game in
    `dry` (dry runs). (A numba prange here compiled the whole engine again for the parallel
    region: minutes of cold compile.)"""
    lane_header_nb(st, fw, lane, policy, base, game0, limit)
    n = work[1]
    while True:
        lo = fetch_add_nb(work, 0, chunk)
        if lo >= n:
            return
        for g in range(lo, min(lo + chunk, n)):
            if fw.fl[g, F_DKIND] == D_OVER:
                continue                    # finished games stay as they are
            mark = take_game_nb(st, snap, dry, ct, fw, actions, start, lane, dg, g)
            play_policies_nb(st, snap, dry, dg, ct, fw, g, policy, piece, base, game0, rows,
                             limit, rule, weights, facts)
            scratch_release_nb(st, g, mark)


@kernel
def take_game_nb(st, snap, dry, ct, fw, actions, start, lane, dg, g):
    """Game g on the calling thread (lane, dg: its scratch lane and spare rows): run to its
    first decision (`start`), or apply actions[g] (none if negative: the open decision is a
    compiled player's, resumed by GameBatch.play) and run on to the next. Returns the
    lane's mark, for the caller to give back once the game's players have played."""
    # its snapshot: its own, or the thread's when snap has a row per thread (the game then
    # runs to its end here: GameBatch.play, built-in agents only)
    sg = g if snap.gm.shape[0] == st.gm.shape[0] else dg
    fw.fl[g, F_SNAP] = sg
    st.gm[g, G_SCRATCH] = lane      # both: snapshots are copied back and forth
    snap.gm[sg, G_SCRATCH] = lane
    mark = scratch_mark_nb(st, g)
    if start:
        run_to_decision_nb(st, snap, dry, dg, ct, fw, g)
    elif actions[g] >= 0:
        step_game_nb(st, snap, dry, dg, ct, fw, g, actions[g])
    return mark


@entry
def legal_mask_nb(fw, out):
    """out[g, 0] = pass/keep/done allowed; out[g, 1 + k] = option k allowed."""
    for g in range(fw.fl.shape[0]):
        legal_row_nb(fw, g, out[g])


@entry
def first_illegal_nb(fw, actions, width):
    """The first game whose action legal_mask_nb does not allow, or -1. Finished games take
    any action (a no-op)."""
    for g in range(actions.shape[0]):
        kind = fw.fl[g, F_DKIND]
        if kind == D_OVER or kind == 0:
            continue
        a = actions[g]
        if not ((a == 0 and pass_legal_nb(fw, g)) or 1 <= a <= options_open_nb(fw, g, width)):
            return g
    return -1


@entry
def decision_noise_nb(base, game0, fl, out, lo, hi):
    """out[g, k]: uniform [0, 1) numbers for game g's current decision, from the run's seed,
    the game's number and its decision count only, so agents that use them decide the same
    whatever the batch a game is played in."""
    for g in range(lo, hi):
        if fl[g, F_DKIND] == D_OVER:
            continue
        s = decision_seed_nb(base, game0, fl, g)
        for k in range(out.shape[1]):
            s, u = uniform_nb(s)
            out[g, k] = u

