"""Turn structure (500-514): steps and their turn-based actions, "at the beginning of" triggers,
mana emptying between steps (500.5), the first player's skipped draw (103.8a), cleanup
discard and damage removal (514), and advancing the game until a given step."""
import numpy as np

from ..consts import (AK_TRIGGER, ASK_CARDS, COND_SELF_HAS_COUNTERS, E_STACK_NOT_EMPTY, E_STEP,
                      E_TRIGGER_IN_WAY, EV_BEGIN_COMBAT, EV_END_STEP, EV_UPKEEP, S_BEGIN_COMBAT,
                      S_CLEANUP, S_COMBAT_DAMAGE, S_DECLARE_ATTACKERS, S_DECLARE_BLOCKERS,
                      S_DRAW, S_END, S_END_COMBAT, S_MAIN1, S_UNTAP, S_UPKEEP, ST_OK, W_DISCARD,
                      Z_BATTLEFIELD, Z_GRAVEYARD, Z_HAND)
from .choice import ask_many_nb, fail_nb
from .combat import combat_damage_nb, declare_attackers_nb, declare_blockers_nb
from .jit import kernel
from .priority import settle_nb
from .query import obj_has_counters_nb
from .zones import draw_nb, move_card_nb, queue_trigger_nb


@kernel
def empty_pools_nb(st, g):
    for p in range(2):
        for t in range(6):
            st.p_pool[g, p, t] = 0


@kernel
def step_triggers_nb(st, ct, g, event):
    """Queue "at the beginning of ..." triggers; "your" steps are the active player's."""
    for j in range(st.o_card.shape[1]):
        c = st.o_card[g, j]
        if c < 0 or st.o_zone[g, j] != Z_BATTLEFIELD:
            continue
        for a in range(ct.c_abil0[c], ct.c_abil0[c] + ct.c_nabil[c]):
            if ct.a_kind[a] != AK_TRIGGER or ct.a_event[a] != event:
                continue
            if ct.a_whose[a] == 0 and st.o_ctrl[g, j] != st.active[g]:
                continue
            if ct.a_cond[a] == COND_SELF_HAS_COUNTERS and not obj_has_counters_nb(st, g, j):
                continue   # 603.4: intervening "if"
            s = queue_trigger_nb(st, g, a, j, st.o_oid[g, j], c, st.o_ctrl[g, j], -1, -1, 0,
                                 st.o_rank[g, j])
            if s != ST_OK:
                return s
    return ST_OK


@kernel
def delayed_end_step_nb(st, g):
    """Delayed triggers waiting for the next end step (warp) trigger now, once."""
    for d in range(st.d_n[g]):
        i = st.d_obj[g, d]
        s = queue_trigger_nb(st, g, st.d_abil[g, d], i, st.d_oid[g, d], st.o_card[g, i],
                             st.d_ctrl[g, d], i, st.o_card[g, i], 0, st.o_rank[g, i])
        if s != ST_OK:
            return s
        st.q_subj_oid[g, st.q_n[g] - 1] = st.d_oid[g, d]
    st.d_n[g] = 0
    return ST_OK


@kernel
def cleanup_nb(st, ct, g):
    """514.1: discard to seven; 514.2: damage wears off, "until end of turn" effects end."""
    p = st.active[g]
    M = st.o_card.shape[1]
    hand = np.empty(M, np.int32)
    n = 0
    for i in range(M):
        if st.o_card[g, i] >= 0 and st.o_zone[g, i] == Z_HAND and st.o_owner[g, i] == p:
            hand[n] = i
            n += 1
    if n > 7:
        out = np.empty(n, np.int32)
        s, m = ask_many_nb(st, g, ASK_CARDS, W_DISCARD, p, hand, n, n - 7, n - 7, True, out)
        if s != ST_OK:
            return s
        for k in range(m):
            move_card_nb(st, g, out[k], Z_GRAVEYARD)
    for i in range(M):
        st.o_damage[g, i] = 0
        st.o_eot_types[g, i] = 0
        st.o_eot_p[g, i] = -999
        st.o_eot_t[g, i] = -999
        st.o_eot_chg[g, i] = 0
        st.o_eot_pp[g, i] = 0
        st.o_eot_tt[g, i] = 0
    return ST_OK


@kernel
def begin_step_nb(st, ct, g):
    """Turn-based actions as a step begins, and its "at the beginning of" triggers."""
    s = st.step[g]
    p = st.active[g]
    if s == S_UNTAP:
        for i in range(st.o_card.shape[1]):
            if st.o_card[g, i] >= 0 and st.o_zone[g, i] == Z_BATTLEFIELD and st.o_ctrl[g, i] == p:
                st.o_tapped[g, i] = 0     # 502.3
                st.o_sick[g, i] = 0       # controlled since this turn began (302.6)
        return ST_OK
    if s == S_UPKEEP:
        return step_triggers_nb(st, ct, g, EV_UPKEEP)
    if s == S_DRAW:
        if st.turn[g] != 1:               # 103.8a: the first turn's draw is skipped
            draw_nb(st, g, p, 1)
        return ST_OK
    if s == S_BEGIN_COMBAT:
        return step_triggers_nb(st, ct, g, EV_BEGIN_COMBAT)
    if s == S_COMBAT_DAMAGE:
        return combat_damage_nb(st, ct, g)
    if s == S_END:
        r = step_triggers_nb(st, ct, g, EV_END_STEP)
        if r != ST_OK:
            return r
        return delayed_end_step_nb(st, g)
    if s == S_CLEANUP:
        return cleanup_nb(st, ct, g)
    return ST_OK


@kernel
def next_step_nb(st, ct, g):
    """End the current step (mana empties, 500.5) and begin the next one."""
    empty_pools_nb(st, g)
    s = st.step[g]
    if s == S_END_COMBAT:
        for i in range(st.o_card.shape[1]):
            st.o_attacking[g, i] = 0
            st.o_blocking[g, i] = -1
        st.any_attackers[g] = 0
    if s == S_CLEANUP:
        st.turn[g] += 1
        st.active[g] = 1 - st.active[g]
        st.step[g] = S_UNTAP
        st.p_lands[g, 0] = 0
        st.p_lands[g, 1] = 0
    elif s == S_DECLARE_ATTACKERS and st.any_attackers[g] == 0:
        st.step[g] = S_END_COMBAT         # 508.8: no attackers, no blockers or damage step
    else:
        st.step[g] = s + 1
    return begin_step_nb(st, ct, g)


@kernel
def advance_nb(st, ct, g, to, to_turn):
    """All players pass until step `to` begins (of turn `to_turn`, or the next time).
    Stops early when the game ends or a triggered ability goes on the stack."""
    if st.winner[g] >= 0:
        return ST_OK
    if st.stack_n[g] > 0:
        return fail_nb(st, g, E_STACK_NOT_EMPTY, 0)
    for _ in range(400):
        prev = st.step[g]
        s = next_step_nb(st, ct, g)
        if s != ST_OK:
            return s
        s = settle_nb(st, ct, g)
        if s != ST_OK:
            return s
        if st.winner[g] >= 0:
            return ST_OK
        here = st.step[g] == to
        if prev == S_DECLARE_ATTACKERS and st.step[g] == S_END_COMBAT and \
                (to == S_DECLARE_BLOCKERS or to == S_COMBAT_DAMAGE):
            here = True   # a skipped step: stop at the next step that happens
        if here and (to_turn < 0 or st.turn[g] == to_turn):
            return ST_OK
        if st.stack_n[g] > 0:
            return ST_OK
        if to_turn >= 0 and st.turn[g] > to_turn:
            return fail_nb(st, g, E_STEP, to)
    return fail_nb(st, g, E_STEP, to)


@kernel
def attack_nb(st, ct, g, slots, n):
    """Advance into the declare attackers step and declare `slots` as attackers."""
    if st.stack_n[g] > 0:
        return fail_nb(st, g, E_STACK_NOT_EMPTY, 0)
    if st.step[g] > S_BEGIN_COMBAT or st.step[g] < S_UNTAP:
        return fail_nb(st, g, E_STEP, S_DECLARE_ATTACKERS)
    while st.step[g] < S_BEGIN_COMBAT:
        s = next_step_nb(st, ct, g)
        if s != ST_OK:
            return s
        s = settle_nb(st, ct, g)
        if s != ST_OK:
            return s
        if st.stack_n[g] > 0:
            return fail_nb(st, g, E_TRIGGER_IN_WAY, 0)
        if st.winner[g] >= 0:
            return ST_OK
    empty_pools_nb(st, g)
    st.step[g] = S_DECLARE_ATTACKERS
    return declare_attackers_nb(st, ct, g, slots, n)


@kernel
def block_nb(st, ct, g, blockers, attackers, n):
    if st.stack_n[g] > 0:
        return fail_nb(st, g, E_STACK_NOT_EMPTY, 0)
    if st.step[g] != S_DECLARE_ATTACKERS or st.any_attackers[g] == 0:
        return fail_nb(st, g, E_STEP, S_DECLARE_BLOCKERS)
    empty_pools_nb(st, g)
    st.step[g] = S_DECLARE_BLOCKERS
    return declare_blockers_nb(st, ct, g, blockers, attackers, n)
