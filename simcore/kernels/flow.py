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
    AK_ACTIVATED,
    AK_ALT_COST,
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
    KW_DEFENDER,
    KW_FLYING,
    KW_REACH,
    OPT_ACTIVATE,
    OPT_CAST,
    OPT_LAND,
    OPT_WARP,
    PH_BOTTOM,
    PH_MULLIGAN,
    PH_OVER,
    PH_PLAY,
    S_BEGIN_COMBAT,
    S_CLEANUP,
    S_DECLARE_ATTACKERS,
    S_UNTAP,
    ST_CAPACITY,
    ST_NEED,
    ST_OK,
    T_INSTANT,
    T_LAND,
    Z_BATTLEFIELD,
    Z_EXILE,
    Z_HAND,
)
from ..jit import entry, kernel
from ..jit.atomic import fetch_add_nb
from ..layout import (
    AB_ACTIDX,
    AB_COST,
    AB_KIND,
    AB_SORCERY,
    AB_TAP,
    C_ABIL0,
    C_MV,
    C_NABIL,
    C_TYPES,
    F_BAN_N,
    F_BOTTOM_LEFT,
    F_CANDS,
    F_CANDS_OID,
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
    F_OPT_AUDIT,
    F_OPT_MISSED,
    F_PASSES,
    F_PEND_OPT,
    F_PHASE,
    F_PICK_N,
    F_PRIO,
    F_QKIND,
    F_QMAX,
    F_QMIN,
    F_REPLAYS,
    F_TAPE_N,
    F_TAPE_V,
    F_TARGET_CARD,
    F_TXN,
    G_ACTIVE,
    G_ANY_ATTACKERS,
    G_ASK_KIND,
    G_ASK_MAX,
    G_ASK_MIN,
    G_ASK_N,
    G_ASK_PLAYER,
    G_DRY_Q,
    G_DRY_V,
    G_FIRST,
    G_GOLDFISH,
    G_NEXT_OID,
    G_NEXT_TS,
    G_SCRATCH,
    G_STACK_N,
    G_STEP,
    G_TAPE_N,
    G_TURN,
    G_WINNER,
    O_ATTACKING,
    O_CARD,
    O_CTRL,
    O_EX_KIND,
    O_OWNER,
    O_TAPPED,
    O_ZONE,
    PL_LANDS,
    PL_MULLIGANS,
    TP_LEN,
    TP_LIST,
    TP_OFF,
)
from .actions import land_drop_error_nb, run_action_nb
from .choice import list_question_nb
from .mana import min_mana_nb, potential_mana_nb
from .query import (
    can_use_tap_nb,
    exile_permission_nb,
    has_kw_nb,
    is_creature_nb,
    next_creature_nb,
)
from .rng import splitmix64_nb
from .sba import loss_end_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .setup import bottom_card_nb, game_seed_nb, mulligan_nb
from .stack import cast_payable_nb, plain_cast_nb, sorcery_timing_nb
from .zonebits import next_bf_nb, next_nonlib_nb
from .zones import hand_slots_nb

OID_LIMIT = 30000      # object ids and timestamps live in int16 planes
LOG_WIDTH = 5          # numbers of an action but a declaration: [A_*, up to four arguments]


@kernel
def copy_g2_nb(dst, dg, src, g):
    for k in range(dst.shape[1]):
        dst[dg, k] = src[g, k]


@kernel
def copy_g3_nb(dst, dg, src, g):
    """dst[dg] = src[g] for a [G, A, B] array, as plain loops over whole arrays: no views
    (each view costs an atomic reference-count pair, the largest item in perf) and no n-d
    iterator; this copy is the engine's most frequent memory operation."""
    for i in range(dst.shape[1]):
        for k in range(dst.shape[2]):
            dst[dg, i, k] = src[g, i, k]


@kernel
def copy_game_nb(dst, dg, src, g):
    """dst's game dg := src's game g (every array of the State)."""
    copy_g3_nb(dst.obj, dg, src.obj, g)
    copy_g3_nb(dst.o_counters, dg, src.o_counters, g)
    copy_g3_nb(dst.pl, dg, src.pl, g)
    copy_g3_nb(dst.p_counters, dg, src.p_counters, g)
    copy_g3_nb(dst.p_pool, dg, src.p_pool, g)
    copy_g3_nb(dst.lib, dg, src.lib, g)
    copy_g2_nb(dst.gm, dg, src.gm, g)
    dst.rng[dg] = src.rng[g]
    copy_g3_nb(dst.stk, dg, src.stk, g)
    copy_g3_nb(dst.s_lki, dg, src.s_lki, g)
    copy_g3_nb(dst.pq, dg, src.pq, g)
    copy_g3_nb(dst.q_lki, dg, src.q_lki, g)
    copy_g3_nb(dst.dl, dg, src.dl, g)
    copy_g3_nb(dst.tp, dg, src.tp, g)
    copy_g2_nb(dst.tape_val, dg, src.tape_val, g)
    copy_g2_nb(dst.ask_opts, dg, src.ask_opts, g)


@kernel
def same_g2_nb(a, ga, b, gb):
    for k in range(a.shape[1]):
        if a[ga, k] != b[gb, k]:
            return False
    return True


@kernel
def same_g3_nb(a, ga, b, gb):
    for i in range(a.shape[1]):
        for k in range(a.shape[2]):
            if a[ga, i, k] != b[gb, i, k]:
                return False
    return True


@kernel
def same_game_nb(a, ga, b, gb):
    """Is a's game ga equal to b's game gb in every array of the State? (audits; keep in
    step with copy_game_nb: tests/test_games.py checks both name every game array)"""
    return same_g3_nb(a.obj, ga, b.obj, gb) and same_g3_nb(a.o_counters, ga, b.o_counters, gb) \
        and same_g3_nb(a.pl, ga, b.pl, gb) and same_g3_nb(a.p_counters, ga, b.p_counters, gb) \
        and same_g3_nb(a.p_pool, ga, b.p_pool, gb) and same_g3_nb(a.lib, ga, b.lib, gb) \
        and same_g2_nb(a.gm, ga, b.gm, gb) and a.rng[ga] == b.rng[gb] \
        and same_g3_nb(a.stk, ga, b.stk, gb) and same_g3_nb(a.s_lki, ga, b.s_lki, gb) \
        and same_g3_nb(a.pq, ga, b.pq, gb) and same_g3_nb(a.q_lki, ga, b.q_lki, gb) \
        and same_g3_nb(a.dl, ga, b.dl, gb) and same_g3_nb(a.tp, ga, b.tp, gb) \
        and same_g2_nb(a.tape_val, ga, b.tape_val, gb) \
        and same_g2_nb(a.ask_opts, ga, b.ask_opts, gb)


# ---------------------------------------------------------------- transactions

@kernel
def txn_done_nb(fw, g):
    """The pending action completed."""
    if fw.fl[g, F_PEND_OPT] != 0:
        fw.fl[g, F_PASSES] = 0     # 117.3c: a player who acted gets priority again
    fw.fl[g, F_TXN] = 0
    fw.fl[g, F_BAN_N] = 0          # the game moved on: every option may be tried again
    fw.fl[g, F_PEND_OPT] = 0


@kernel
def loggable_nb(a0):
    """Actions that may run without a snapshot (txn_start_nb): all but the engine's edits."""
    return a0 == A_NEXT_STEP or a0 == A_RESOLVE or a0 == A_PLAY_LAND or a0 == A_CAST or \
        a0 == A_ACTIVATE or a0 == A_ATTACK or a0 == A_BLOCK


@kernel
def pend_width_nb(fw, g):
    """Numbers of the pending action: LOG_WIDTH, or more for attack and block declarations,
    which list their creatures."""
    a0 = fw.pend[g, 0]
    if a0 == A_ATTACK:
        return 2 + fw.pend[g, 1]
    if a0 == A_BLOCK:
        return 2 + 2 * fw.pend[g, 1]
    return LOG_WIDTH


@kernel
def log_room_nb(fw, g):
    """Does the log still lead from snap to st (f_log_n >= 0: numbers used) with room for
    the pending action (its width, then its numbers)?"""
    n = fw.fl[g, F_LOG_N]
    return n >= 0 and n + 1 + pend_width_nb(fw, g) <= fw.log.shape[1]


@kernel
def log_push_nb(fw, g):
    """fw.pend[g] just completed on st: log it if it asked nothing and the log has room;
    otherwise the log is spent (f_log_n = -1)."""
    n = fw.fl[g, F_LOG_N]
    if not log_room_nb(fw, g) or fw.fl[g, F_TAPE_N] != 0 or not loggable_nb(fw.pend[g, 0]):
        fw.fl[g, F_LOG_N] = -1
        return
    w = pend_width_nb(fw, g)
    fw.log[g, n] = w
    for k in range(w):
        fw.log[g, n + 1 + k] = fw.pend[g, k]
    fw.fl[g, F_LOG_N] = n + 1 + w


@kernel
def write_tape_nb(st, g, offs, lens, lists, n, vals, nv):
    """Game g's choice tape := n answers (value offset, count, list flag) over vals[:nv]."""
    for k in range(n):
        st.tp[g, TP_OFF, k] = offs[k]
        st.tp[g, TP_LEN, k] = lens[k]
        st.tp[g, TP_LIST, k] = lists[k]
    for v in range(nv):
        st.tape_val[g, v] = vals[v]
    st.gm[g, G_TAPE_N] = n


@kernel
def txn_run_nb(st, snap, ct, fw, g, restore):
    """(Re)run game g's pending action from its snapshot with the answers given so far
    (`restore`: copy the snapshot back first; a transaction's first run starts from it).
    Returns 0 done, 1 a question is open, 2 refused (state rolled back)."""
    if restore:
        copy_game_nb(st, g, snap, g)
    write_tape_nb(st, g, fw.toff[g], fw.tlen[g], fw.tlist[g], fw.fl[g, F_TAPE_N], fw.tval[g],
                  fw.fl[g, F_TAPE_V])
    s = run_action_nb(st, ct, g, fw.pend[g])
    if s == ST_OK:
        log_push_nb(fw, g)
        txn_done_nb(fw, g)
        return 0
    if s == ST_NEED:
        m = st.gm[g, G_ASK_N]
        fw.fl[g, F_DKIND] = D_QUESTION
        fw.fl[g, F_DPLAYER] = st.gm[g, G_ASK_PLAYER]
        fw.fl[g, F_QKIND] = st.gm[g, G_ASK_KIND]
        fw.fl[g, F_QMIN] = st.gm[g, G_ASK_MIN]
        fw.fl[g, F_QMAX] = st.gm[g, G_ASK_MAX]
        fw.fl[g, F_DN] = m
        fw.fl[g, F_PICK_N] = 0
        for k in range(m):
            fw.opts[g, k] = st.ask_opts[g, k]
        return 1
    copy_game_nb(st, g, snap, g)     # refused (or out of capacity): nothing happened
    fw.fl[g, F_LOG_N] = 0
    if s == ST_CAPACITY:
        # more objects than the game's slots (tokens): it cannot be played on faithfully,
        # so it ends truncated (game_over_nb) instead of retrying the same step forever
        fw.fl[g, F_END] = END_CAPACITY
    fw.fl[g, F_TXN] = 0
    b = fw.fl[g, F_BAN_N]            # not offered again until the game moves on
    if fw.fl[g, F_PEND_OPT] != 0 and b < fw.ban.shape[1]:
        fw.ban[g, b] = fw.fl[g, F_PEND_OPT]
        fw.fl[g, F_BAN_N] = b + 1
    fw.fl[g, F_PEND_OPT] = 0
    return 2


@kernel
def txn_open_nb(fw, g):
    """Open a transaction for the action in fw.pend[g]; snap holds its starting state."""
    fw.fl[g, F_LOG_N] = 0
    fw.fl[g, F_TAPE_N] = 0
    fw.fl[g, F_TAPE_V] = 0
    fw.fl[g, F_TXN] = 1


@kernel
def txn_begin_nb(st, snap, fw, g):
    """Snapshot game g and open a transaction for the action in fw.pend[g]."""
    copy_game_nb(snap, g, st, g)
    txn_open_nb(fw, g)


@kernel
def replay_log_nb(st, snap, ct, fw, g):
    """snap := the state the pending action started from: the snapshot plus the logged
    actions, replayed (the engine is deterministic: the state holds the random stream, and
    logged actions asked nothing)."""
    b = scratch_nb(st, g, fw.pend.shape[1])
    act = st.scr[b:b + fw.pend.shape[1]]
    k = 0
    while k < fw.fl[g, F_LOG_N]:
        w = fw.log[g, k]
        for j in range(act.shape[0]):
            act[j] = fw.log[g, k + 1 + j] if j < w else 0
        k += 1 + w
        snap.gm[g, G_TAPE_N] = 0
        if run_action_nb(snap, ct, g, act) != ST_OK:
            raise RuntimeError("playtest: a logged action did not replay (not deterministic)")


@kernel
def txn_start_nb(st, snap, ct, fw, g, a0, a1, a2, a3, a4):
    """Start the action (a0..a4) as a transaction; f_pend_opt names the priority option that
    started it (0 for the engine's own steps).

    A snapshot of the whole game before every action was the engine's largest single cost
    (perf), and most actions ask nothing. So while snap plus the log of actions run since
    equals st (f_log_n >= 0), an action runs on st directly and is logged; one that asks a
    question or is refused gets its starting state rebuilt in snap by replaying the log,
    and runs again from there as an ordinary transaction. A full log (alloc_flow's `log`
    actions) means one snapshot more."""
    for k in range(fw.pend.shape[1]):
        fw.pend[g, k] = 0
    fw.pend[g, 0] = a0
    fw.pend[g, 1] = a1
    fw.pend[g, 2] = a2
    fw.pend[g, 3] = a3
    fw.pend[g, 4] = a4
    return txn_go_nb(st, snap, ct, fw, g)


@kernel
def txn_go_nb(st, snap, ct, fw, g):
    """txn_start_nb for the action already in fw.pend[g]."""
    fw.fl[g, F_TAPE_N] = 0
    fw.fl[g, F_TAPE_V] = 0
    if loggable_nb(fw.pend[g, 0]) and log_room_nb(fw, g):
        st.gm[g, G_TAPE_N] = 0
        if run_action_nb(st, ct, g, fw.pend[g]) == ST_OK:
            log_push_nb(fw, g)
            txn_done_nb(fw, g)
            return 0
        replay_log_nb(st, snap, ct, fw, g)
        copy_game_nb(st, g, snap, g)
        txn_open_nb(fw, g)
        fw.fl[g, F_REPLAYS] += 1
    else:
        txn_begin_nb(st, snap, fw, g)
    return txn_run_nb(st, snap, ct, fw, g, False)


@kernel
def txn_answer_nb(st, snap, ct, fw, g, is_list, vals, n):
    k = fw.fl[g, F_TAPE_N]
    v = fw.fl[g, F_TAPE_V]
    if k >= fw.toff.shape[1] or v + n > fw.tval.shape[1]:
        return 2
    fw.toff[g, k] = v
    fw.tlen[g, k] = n
    fw.tlist[g, k] = is_list
    for j in range(n):
        fw.tval[g, v + j] = vals[j]
    fw.fl[g, F_TAPE_N] = k + 1
    fw.fl[g, F_TAPE_V] = v + n
    return txn_run_nb(st, snap, ct, fw, g, True)


# ---------------------------------------------------------------- what a player may do

@kernel
def legal_now_nb(st, dry, dg, ct, g, act):
    """Dry run on the thread's spare game dry[dg]: can `act` be done now? Questions on the
    way take their least answer in place (no to "you may", the smallest number, the first
    object, the fewest picks: choice.py) and the action must get through. So a spell whose
    payment fails after its target is chosen is not offered (it used to count as legal once
    it reached the question). Past DRY_QUESTIONS questions it counts as legal. Why the least
    answer decides: in the card vocabulary X = 0, no kicker and no optional cost are the
    cheapest choices, and targets do not change what a cost needs."""
    copy_game_nb(dry, dg, st, g)
    dry.gm[dg, G_TAPE_N] = 0
    dry.gm[dg, G_DRY_Q] = 1
    dry.gm[dg, G_DRY_V] = 0
    s = run_action_nb(dry, ct, dg, act)
    return s == ST_OK or s == ST_NEED


@kernel
def cast_option_nb(st, dry, dg, ct, fw, g, act, pot, cnt):
    """Can spell act[1] be cast now (with the least answers)? A plain card in hand
    (stack.plain_cast_nb: most creatures and burn) is decided in place by
    stack.cast_payable_nb, without a copy of the game and a cast (goldfish games x1.6);
    anything else by a dry run. Audited (F_OPT_AUDIT): both run, F_OPT_MISSED counts the
    checks that disagreed with the dry run or changed the game (the tests require none),
    and F_OPT_AUDIT gets bit 2 (decided by mana counts or cast_nb's first checks) or 4
    (autopay ran in place). The audit lives in the Flow: a rollback must not undo it."""
    slot = act[1]
    if st.obj[g, O_ZONE, slot] != Z_HAND or act[3] != 0 or \
            not plain_cast_nb(ct, st.obj[g, O_CARD, slot]):
        return legal_now_nb(st, dry, dg, ct, g, act)
    if fw.fl[g, F_OPT_AUDIT] == 0:
        return (cast_payable_nb(st, ct, g, slot, pot, cnt) & 1) == 1
    copy_game_nb(dry, dg, st, g)
    v = cast_payable_nb(st, ct, g, slot, pot, cnt)
    same = same_game_nb(dry, dg, st, g)
    legal = legal_now_nb(st, dry, dg, ct, g, act)
    fw.fl[g, F_OPT_AUDIT] |= 4 if v >= 2 else 2     # which way it was decided (tests)
    if ((v & 1) == 1) != legal or not same:
        fw.fl[g, F_OPT_MISSED] += 1
    return legal


@kernel
def banned_nb(fw, g, code):
    for k in range(fw.fl[g, F_BAN_N]):
        if fw.ban[g, k] == code:
            return True
    return False


@kernel
def add_option_nb(fw, g, n, code):
    if n < fw.opts.shape[1] and not banned_nb(fw, g, code):
        fw.opts[g, n] = code
        return n + 1
    return n


@kernel
def instant_candidates_nb(st, ct, g):
    """Bit p set: p has what could be an option at instant speed in priority_options_nb:
    an instant p owns in hand or in exile, or a permanent p controls with an activated
    ability without sorcery timing. Cards' types and abilities are printed, so this
    changes only when an object changes zones, and every zone change takes a new object id
    (zones.set_zone_nb)."""
    m = 0
    i = -1
    while True:
        i = next_nonlib_nb(st, g, i)
        if i >= st.obj.shape[2]:
            break
        c = st.obj[g, O_CARD, i]
        z = st.obj[g, O_ZONE, i]
        if z == Z_HAND or z == Z_EXILE:
            if ct.card[c, C_TYPES] & T_INSTANT:
                m |= 1 << st.obj[g, O_OWNER, i]
        elif z == Z_BATTLEFIELD:
            for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
                if ct.abil[a, AB_KIND] == AK_ACTIVATED and ct.abil[a, AB_SORCERY] == 0:
                    m |= 1 << st.obj[g, O_CTRL, i]
                    break
    return m


@kernel
def priority_options_nb(st, dry, dg, ct, fw, g, p):
    """The actions p could take with priority, checked by dry runs: play a land, cast a
    spell (from hand or with a permission from exile; warp), activate an ability. Cards of one
    name in one zone are one option."""
    # cheap tests first: a dry run only for what timing and mana do not already rule out
    sorcery_ok = sorcery_timing_nb(st, g, p)
    skipped = False
    if not sorcery_ok:
        # most checks are at instant speed for a player with nothing to do there (183 of
        # a greedy game's 313): skip the scan while the objects' zones are unchanged
        if fw.fl[g, F_CANDS_OID] != st.gm[g, G_NEXT_OID]:
            fw.fl[g, F_CANDS] = instant_candidates_nb(st, ct, g)
            fw.fl[g, F_CANDS_OID] = st.gm[g, G_NEXT_OID]
        if (fw.fl[g, F_CANDS] >> p) & 1 == 0:
            if fw.fl[g, F_OPT_AUDIT] == 0:
                return 0
            skipped = True          # audited: scan anyway, and it must find nothing
    M = st.obj.shape[2]
    b = scratch_nb(st, g, 15 + M)
    act = st.scr[b:b + 8]
    mine = st.scr[b + 8:b + 8 + M]      # p's cards in hand or exile seen so far
    cnt = st.scr[b + 8 + M:b + 15 + M]  # p's mana counts for stack.cast_payable_nb
    cnt[6] = -1
    n_mine = 0
    n = 0
    pot = -1                    # the mana p could make: computed when first needed
    i = -1
    while True:
        i = next_nonlib_nb(st, g, i)      # library cards are no option
        if i >= M:
            break
        c = st.obj[g, O_CARD, i]
        z = st.obj[g, O_ZONE, i]
        before = n_mine
        if (z == Z_HAND or z == Z_EXILE) and st.obj[g, O_OWNER, i] == p:
            mine[n_mine] = i
            n_mine += 1
        if z == Z_EXILE and st.obj[g, O_EX_KIND, i] == 0:
            continue
        if (z == Z_HAND or z == Z_EXILE) and st.obj[g, O_OWNER, i] == p:
            if (ct.card[c, C_TYPES] & T_INSTANT) == 0 and not sorcery_ok:
                continue
            if (ct.card[c, C_TYPES] & T_LAND) != 0 and st.pl[g, PL_LANDS, p] >= 1:
                continue
            # cards of one name in one zone are one option; in exile only those equally
            # playable now (an expired permission must not hide a live one)
            perm = z == Z_EXILE and exile_permission_nb(st, g, i, p)
            dup = False
            for q in range(before):
                j = mine[q]
                if st.obj[g, O_CARD, j] == c and st.obj[g, O_ZONE, j] == z and \
                        (z != Z_EXILE or exile_permission_nb(st, g, j, p) == perm):
                    dup = True
                    break
            if dup:
                continue
            for k in range(8):
                act[k] = 0
            if ct.card[c, C_TYPES] & T_LAND:
                # exact without a dry run: after these checks the land enters
                if land_drop_error_nb(st, ct, g, i) == 0:
                    n = add_option_nb(fw, g, n, (OPT_LAND << 24) | (i << 6))
                continue
            act[0] = A_CAST
            act[1] = i
            act[2] = -1
            act[4] = -1
            if pot < 0:
                pot = potential_mana_nb(st, ct, g, p)
            if pot >= ct.card[c, C_MV] and cast_option_nb(st, dry, dg, ct, fw, g, act, pot, cnt):
                n = add_option_nb(fw, g, n, (OPT_CAST << 24) | (i << 6))
            if z == Z_HAND:
                has_warp = False
                for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
                    if ct.abil[a, AB_KIND] == AK_ALT_COST:
                        has_warp = True
                if has_warp:
                    act[3] = 1
                    if legal_now_nb(st, dry, dg, ct, g, act):
                        n = add_option_nb(fw, g, n, (OPT_WARP << 24) | (i << 6))
        elif z == Z_BATTLEFIELD and st.obj[g, O_CTRL, i] == p:
            for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
                if ct.abil[a, AB_KIND] != AK_ACTIVATED:
                    continue
                if ct.abil[a, AB_SORCERY] != 0 and not sorcery_ok:
                    continue
                if ct.abil[a, AB_TAP] != 0 and (st.obj[g, O_TAPPED, i] != 0 or
                                               not can_use_tap_nb(st, ct, g, i)):
                    continue
                if pot < 0:
                    pot = potential_mana_nb(st, ct, g, p)
                if min_mana_nb(ct, ct.abil[a, AB_COST]) > pot:
                    continue    # exact: the dry run's autopay could not make enough mana
                for k in range(8):
                    act[k] = 0
                act[0] = A_ACTIVATE
                act[1] = i
                act[2] = ct.abil[a, AB_ACTIDX]
                if legal_now_nb(st, dry, dg, ct, g, act):
                    n = add_option_nb(fw, g, n, (OPT_ACTIVATE << 24) | (i << 6) |
                                      ct.abil[a, AB_ACTIDX])
    if skipped:
        fw.fl[g, F_OPT_AUDIT] |= 8
        if n > 0:
            fw.fl[g, F_OPT_MISSED] += 1
    return n


@kernel
def attack_options_nb(st, ct, fw, g):
    p = st.gm[g, G_ACTIVE]
    n = 0
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, p, i)
        if i >= st.obj.shape[2]:
            break
        if st.obj[g, O_TAPPED, i] == 0 and can_use_tap_nb(st, ct, g, i) and \
                not has_kw_nb(st, ct, g, i, KW_DEFENDER):
            fw.opts[g, n] = i
            n += 1
    return n


@kernel
def block_options_nb(st, ct, fw, g):
    d = 1 - st.gm[g, G_ACTIVE]
    n = 0
    M = st.obj.shape[2]
    b = -1
    while True:
        b = next_bf_nb(st, g, b)
        if b >= M:
            break
        if st.obj[g, O_CTRL, b] != d or not is_creature_nb(st, ct, g, b) or \
                st.obj[g, O_TAPPED, b] != 0:
            continue
        a = -1
        while True:
            a = next_bf_nb(st, g, a)
            if a >= M:
                break
            if st.obj[g, O_ATTACKING, a] == 0:
                continue
            if has_kw_nb(st, ct, g, a, KW_FLYING) and not (has_kw_nb(st, ct, g, b, KW_FLYING) or
                                                            has_kw_nb(st, ct, g, b, KW_REACH)):
                continue
            if n < fw.opts.shape[1]:
                fw.opts[g, n] = (b << 16) | a
                n += 1
    return n


@kernel
def set_decision_nb(fw, g, kind, player, n):
    fw.fl[g, F_DKIND] = kind
    fw.fl[g, F_DPLAYER] = player
    fw.fl[g, F_DN] = n
    fw.fl[g, F_PICK_N] = 0


# ---------------------------------------------------------------- running to a decision

@kernel
def game_over_nb(st, fw, g):
    """Ends the game if it is over: a player lost (why: END_LIFE, END_DECKED, END_POISON), the
    turn limit, the capacity, the goldfish condition (the target card)."""
    if st.gm[g, G_WINNER] >= 0:
        fw.fl[g, F_END] = loss_end_nb(st, g)
        fw.fl[g, F_KILL_TURN] = st.gm[g, G_TURN]
    elif st.gm[g, G_TURN] > fw.fl[g, F_MAX_TURNS]:
        fw.fl[g, F_END] = END_TURN_LIMIT
    elif st.gm[g, G_NEXT_OID] > OID_LIMIT or st.gm[g, G_NEXT_TS] > OID_LIMIT:
        fw.fl[g, F_END] = END_CAPACITY      # object ids near the int16 planes' range
    elif fw.fl[g, F_TARGET_CARD] >= 0:
        i = -1
        while True:
            i = next_bf_nb(st, g, i)
            if i >= st.obj.shape[2]:
                break
            if st.obj[g, O_CARD, i] == fw.fl[g, F_TARGET_CARD] and st.obj[g, O_CTRL, i] == 0:
                fw.fl[g, F_END] = END_CONDITION
                break
    if fw.fl[g, F_END] != 0:
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
        if game_over_nb(st, fw, g):
            return
        step = st.gm[g, G_STEP]
        active = st.gm[g, G_ACTIVE]
        goldfish = st.gm[g, G_GOLDFISH] != 0
        if step == S_UNTAP or step == S_CLEANUP:      # no priority in these steps
            if txn_start_nb(st, snap, ct, fw, g, A_NEXT_STEP, 0, 0, 0, 0) == 1:
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
        if txn_start_nb(st, snap, ct, fw, g, A_NEXT_STEP, 0, 0, 0, 0) == 1:
            return
        if st.gm[g, G_STEP] == S_BEGIN_COMBAT:
            fw.fl[g, F_DECLARED] = 0


# ---------------------------------------------------------------- taking an action

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
    else:
        fw.pend[g, 0] = A_BLOCK
        for j in range(m):
            fw.pend[g, 2 + 2 * j] = fw.pick[g, j] >> 16
            fw.pend[g, 3 + 2 * j] = fw.pick[g, j] & 0xFFFF
    txn_go_nb(st, snap, ct, fw, g)


@kernel
def step_game_nb(st, snap, dry, dg, ct, fw, g, a):
    """Apply action `a` to game g's open decision, then run to the next decision."""
    kind = fw.fl[g, F_DKIND]
    if kind == D_OVER:
        return
    fw.fl[g, F_DECISIONS] += 1
    if kind == D_MULLIGAN or kind == D_BOTTOM:
        fw.fl[g, F_LOG_N] = -1          # st changes outside a transaction
    n = fw.fl[g, F_DN]
    if a < 0 or a > n:
        a = 0
    p = fw.fl[g, F_DPLAYER]
    if kind == D_MULLIGAN:
        if a == 1 and st.pl[g, PL_MULLIGANS, p] < 7:
            mulligan_nb(st, g, p, 7)
        else:
            fw.fl[g, F_KEPT0 + p] = 1
    elif kind == D_BOTTOM:
        k = max(a, 1) - 1
        bottom_card_nb(st, g, fw.opts[g, k])
        fw.fl[g, F_BOTTOM_LEFT] -= 1
    elif kind == D_PRIORITY:
        if a == 0:
            fw.fl[g, F_PASSES] += 2 if st.gm[g, G_GOLDFISH] != 0 else 1
            fw.fl[g, F_PRIO] = 1 - p
            fw.fl[g, F_BAN_N] = 0
        else:
            o = fw.opts[g, a - 1]
            fw.fl[g, F_PEND_OPT] = o
            ok = o >> 24
            slot = (o >> 6) & 0x3FFFF
            if ok == OPT_LAND:
                txn_start_nb(st, snap, ct, fw, g, A_PLAY_LAND, slot, 0, 0, 0)
            elif ok == OPT_ACTIVATE:
                txn_start_nb(st, snap, ct, fw, g, A_ACTIVATE, slot, o & 63, 0, 0)
            else:
                txn_start_nb(st, snap, ct, fw, g, A_CAST, slot, -1,
                             1 if ok == OPT_WARP else 0, -1)
            # a completed action resets the passes in txn_run_nb (117.3c), also after
            # questions; F_PRIO stays with p throughout
    elif kind == D_ATTACK or kind == D_BLOCK:
        if a == 0:
            declare_picked_nb(st, snap, ct, fw, g, kind)
        else:
            v = fw.opts[g, a - 1]
            m = fw.fl[g, F_PICK_N]
            if m < fw.pick.shape[1] and 2 + 2 * m + 2 < fw.pend.shape[1]:
                fw.pick[g, m] = v
                fw.fl[g, F_PICK_N] = m + 1
            if kind == D_ATTACK:
                remove_opt_nb(fw, g, a - 1)
            else:
                # a blocker blocks one attacker: drop its other options
                b = v >> 16
                k = 0
                while k < fw.fl[g, F_DN]:
                    if (fw.opts[g, k] >> 16) == b:
                        remove_opt_nb(fw, g, k)
                    else:
                        k += 1
            if fw.fl[g, F_DN] > 0:
                return
            declare_picked_nb(st, snap, ct, fw, g, kind)
    elif kind == D_QUESTION:
        q = fw.fl[g, F_QKIND]
        if not list_question_nb(q):
            b = scratch_nb(st, g, 1)
            vals = st.scr[b:b + 1]
            vals[0] = fw.opts[g, max(a, 1) - 1]
            txn_answer_nb(st, snap, ct, fw, g, 0, vals, 1)
        else:
            m = fw.fl[g, F_PICK_N]
            finish = a == 0
            if not finish:
                fw.pick[g, m] = fw.opts[g, a - 1]
                m += 1
                fw.fl[g, F_PICK_N] = m
                if q != ASK_COUNTERS:
                    remove_opt_nb(fw, g, a - 1)
                finish = m >= fw.fl[g, F_QMAX] or fw.fl[g, F_DN] == 0
            if finish:
                b = scratch_nb(st, g, max(m, 1))
                vals = st.scr[b:b + max(m, 1)]
                for j in range(m):
                    vals[j] = fw.pick[g, j]
                txn_answer_nb(st, snap, ct, fw, g, 1, vals, m)
            else:
                return
    run_to_decision_nb(st, snap, dry, dg, ct, fw, g)


# ---------------------------------------------------------------- batch entry points

@entry
def step_games_nb(st, snap, dry, ct, fw, actions, work, chunk, start, lane, dg):
    """Games work[0]..work[1]-1: with `start`, run each to its first decision; else apply
    actions[g] and run on to the next one. Python calls this once on each thread (nogil),
    all sharing `work`: each thread takes the next `chunk` games (an atomic add on work[0])
    until none are left, so the threads finish together however unevenly the games cost
    (ranges handed out from Python cost ~50 us each and still left a thread idle at the end
    of each round). Games share nothing and each has its own random stream, so the results
    do not depend on which thread plays which game. `lane`: where the calling thread's
    scratch cells start in st.scr (and snap.scr, dry.scr); `dg`: the thread's spare game in
    `dry` (dry runs). (A numba prange here compiled the whole engine again for the parallel
    region: minutes of cold compile.)"""
    n = work[1]
    while True:
        lo = fetch_add_nb(work, 0, chunk)
        if lo >= n:
            return
        for g in range(lo, min(lo + chunk, n)):
            if fw.fl[g, F_DKIND] == D_OVER:
                continue                    # finished games stay as they are
            st.gm[g, G_SCRATCH] = lane      # both: snapshots are copied back and forth
            snap.gm[g, G_SCRATCH] = lane
            mark = scratch_mark_nb(st, g)
            if start:
                run_to_decision_nb(st, snap, dry, dg, ct, fw, g)
            else:
                step_game_nb(st, snap, dry, dg, ct, fw, g, actions[g])
            scratch_release_nb(st, g, mark)


@kernel
def pass_legal_nb(fw, g):
    """May game g's decider take action 0 (pass / keep / done)? Lists of an engine question
    may end once they hold their least number of picks."""
    kind = fw.fl[g, F_DKIND]
    if kind == D_MULLIGAN or kind == D_PRIORITY or kind == D_ATTACK or kind == D_BLOCK:
        return True
    if kind == D_QUESTION:
        return list_question_nb(fw.fl[g, F_QKIND]) and fw.fl[g, F_PICK_N] >= fw.fl[g, F_QMIN]
    return False


@kernel
def options_open_nb(fw, g, width):
    """Actions 1..k are legal at game g's open decision (k returned; `width`: the mask's
    columns): its options, or the mulligan itself."""
    kind = fw.fl[g, F_DKIND]
    if kind == D_OVER or kind == 0:
        return 0
    if kind == D_MULLIGAN:
        return 1
    return min(fw.fl[g, F_DN], width - 1)


@entry
def legal_mask_nb(fw, out):
    """out[g, 0] = pass/keep/done allowed; out[g, 1 + k] = option k allowed."""
    out[:, :] = False
    for g in range(fw.fl.shape[0]):
        out[g, 0] = pass_legal_nb(fw, g)
        for k in range(options_open_nb(fw, g, out.shape[1])):
            out[g, 1 + k] = True


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
        s = game_seed_nb(base ^ np.uint64(0x5DEECE66D), game0 + g) ^ \
            (np.uint64(fl[g, F_DECISIONS] + 1) * np.uint64(0x9E3779B97F4A7C15))
        for k in range(out.shape[1]):
            s, r = splitmix64_nb(s)
            out[g, k] = np.float64(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)
