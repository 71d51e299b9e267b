"""Zone changes (400.7: a new object each time), the library, drawing, tokens, and the events
they cause: enters-the-battlefield (with 603.6a for simultaneous entering), leaves/dies with
look-back (603.10a, last known information)."""
import numpy as np

from ..consts import (AK_ETB_COUNTERS, AK_TRIGGER, AM_CONST, AM_HALF_X, AM_KICKS, AM_X,
                      COND_SUBJ_HAD_COUNTERS, COND_SUBJ_NO_MINUS, COND_SUBJ_NO_PLUS, CK_MINUS,
                      CK_PLUS, EV_DIES, EV_ENTERS, EV_LEAVES, ST_CAPACITY, ST_OK, SUBJ_ANOTHER,
                      SUBJ_SELF, SUBJ_SELF_OR_ANOTHER, Z_BATTLEFIELD, Z_GRAVEYARD, Z_LIBRARY,
                      Z_NONE)
from .jit import kernel
from .query import is_creature_nb, matches_filter_nb, obj_has_counters_nb


@kernel
def set_zone_nb(st, g, i, zone, ctrl):
    """Move object i to `zone`: it becomes a new object with fresh state (400.7, 122.2)."""
    st.o_zone[g, i] = zone
    st.o_ctrl[g, i] = ctrl
    st.o_oid[g, i] = st.next_oid[g]
    st.next_oid[g] += 1
    st.o_ts[g, i] = st.next_ts[g]
    st.o_rank[g, i] = st.next_ts[g]
    st.next_ts[g] += 1
    st.o_tapped[g, i] = 0
    st.o_sick[g, i] = 1
    st.o_damage[g, i] = 0
    st.o_dtdmg[g, i] = 0
    st.o_attached[g, i] = -1
    st.o_eot_types[g, i] = 0
    st.o_eot_p[g, i] = -999
    st.o_eot_t[g, i] = -999
    st.o_eot_chg[g, i] = 0
    st.o_eot_pp[g, i] = 0
    st.o_eot_tt[g, i] = 0
    st.o_attacking[g, i] = 0
    st.o_blocking[g, i] = -1
    st.o_ex_kind[g, i] = 0
    for k in range(st.o_counters.shape[1]):
        st.o_counters[g, k, i] = 0


@kernel
def new_slot_nb(st, g):
    for i in range(st.o_card.shape[1]):
        if st.o_card[g, i] < 0:
            return i
    return -1


@kernel
def lib_remove_nb(st, g, i):
    p = st.o_owner[g, i]
    n = st.lib_n[g, p]
    k = 0
    while k < n and st.lib[g, p, k] != i:
        k += 1
    if k == n:
        return
    for j in range(k, n - 1):
        st.lib[g, p, j] = st.lib[g, p, j + 1]
    st.lib_n[g, p] = n - 1


@kernel
def lib_put_top_nb(st, g, i):
    p = st.o_owner[g, i]
    n = st.lib_n[g, p]
    st.lib[g, p, n] = i
    st.lib_n[g, p] = n + 1
    set_zone_nb(st, g, i, Z_LIBRARY, p)


@kernel
def lib_put_bottom_nb(st, g, i):
    p = st.o_owner[g, i]
    n = st.lib_n[g, p]
    for j in range(n, 0, -1):
        st.lib[g, p, j] = st.lib[g, p, j - 1]
    st.lib[g, p, 0] = i
    st.lib_n[g, p] = n + 1
    set_zone_nb(st, g, i, Z_LIBRARY, p)


@kernel
def move_card_nb(st, g, i, zone):
    """Move a card that is not on the battlefield (no leave triggers) to a zone."""
    if st.o_zone[g, i] == Z_LIBRARY:
        lib_remove_nb(st, g, i)
    set_zone_nb(st, g, i, zone, st.o_owner[g, i])


@kernel
def draw_nb(st, g, p, n):
    """Draw n cards; drawing from an empty library is remembered for 704.5b."""
    for _ in range(n):
        m = st.lib_n[g, p]
        if m == 0:
            st.p_drew_empty[g, p] = 1
            return
        i = st.lib[g, p, m - 1]
        st.lib_n[g, p] = m - 1
        set_zone_nb(st, g, i, 2, p)  # Z_HAND


@kernel
def queue_trigger_nb(st, g, abil, src, src_oid, card, ctrl, subj, subj_card, x, rank):
    n = st.q_n[g]
    if n >= st.q_src.shape[1]:
        return ST_CAPACITY
    st.q_src[g, n] = src
    st.q_src_oid[g, n] = src_oid
    st.q_card[g, n] = card
    st.q_abil[g, n] = abil
    st.q_ctrl[g, n] = ctrl
    st.q_x[g, n] = x
    st.q_subj[g, n] = subj
    st.q_subj_oid[g, n] = st.o_oid[g, subj] if subj >= 0 else 0
    st.q_subj_card[g, n] = subj_card
    for k in range(st.q_lki.shape[2]):
        st.q_lki[g, n, k] = st.o_counters[g, k, subj] if subj >= 0 else 0
    st.q_rank[g, n] = rank
    st.q_seq[g, n] = st.next_seq[g]
    st.next_seq[g] += 1
    st.q_n[g] = n + 1
    return ST_OK


@kernel
def subject_matches_nb(st, ct, g, a, j, i):
    """Is object i a subject of trigger ability a of permanent j?"""
    mode = ct.a_subject[a]
    if mode == SUBJ_SELF:
        return i == j
    if i == j:
        if mode == SUBJ_ANOTHER:
            return False
        if mode == SUBJ_SELF_OR_ANOTHER:
            return True
    f = ct.a_filter[a]
    if f < 0:
        return True
    return matches_filter_nb(st, ct, g, f, j, st.o_ctrl[g, j], i)


@kernel
def leave_bf_nb(st, ct, g, slots, dests, n):
    """Objects slots[:n] leave the battlefield together for dests[:n]. Leaves/dies triggers
    look back (603.10a): they are found, with each subject's last known counters, from the
    state before the move; undying/persist/The Ozolith's intervening ifs are checked then."""
    q0 = st.q_n[g]
    M = st.o_card.shape[1]
    for j in range(M):
        cj = st.o_card[g, j]
        if cj < 0 or st.o_zone[g, j] != Z_BATTLEFIELD:
            continue
        for a in range(ct.c_abil0[cj], ct.c_abil0[cj] + ct.c_nabil[cj]):
            if ct.a_kind[a] != AK_TRIGGER:
                continue
            ev = ct.a_event[a]
            if ev != EV_LEAVES and ev != EV_DIES:
                continue
            for k in range(n):
                i = slots[k]
                if ev == EV_DIES and (dests[k] != Z_GRAVEYARD or not is_creature_nb(st, ct, g, i)):
                    continue
                if not subject_matches_nb(st, ct, g, a, j, i):
                    continue
                cond = ct.a_cond[a]
                if cond == COND_SUBJ_HAD_COUNTERS and not obj_has_counters_nb(st, g, i):
                    continue
                if cond == COND_SUBJ_NO_PLUS and st.o_counters[g, CK_PLUS, i] > 0:
                    continue
                if cond == COND_SUBJ_NO_MINUS and st.o_counters[g, CK_MINUS, i] > 0:
                    continue
                s = queue_trigger_nb(st, g, a, j, st.o_oid[g, j], cj, st.o_ctrl[g, j], i,
                                     st.o_card[g, i], 0, st.o_rank[g, j])
                if s != ST_OK:
                    return s
    for k in range(n):
        i = slots[k]
        # Auras stay until state-based actions put them into the graveyard (704.5m).
        set_zone_nb(st, g, i, dests[k], st.o_owner[g, i])
    for q in range(q0, st.q_n[g]):
        st.q_subj_oid[g, q] = st.o_oid[g, st.q_subj[g, q]]
    return ST_OK


@kernel
def leave_one_nb(st, ct, g, i, dest):
    slots = np.empty(1, np.int64)
    dests = np.empty(1, np.int64)
    slots[0] = i
    dests[0] = dest
    return leave_bf_nb(st, ct, g, slots, dests, 1)


@kernel
def etb_amount_nb(st, g, i, am_k, am_a):
    if am_k == AM_CONST:
        return am_a
    if am_k == AM_X:
        return st.o_x[g, i]
    if am_k == AM_HALF_X:
        return st.o_x[g, i] // 2
    if am_k == AM_KICKS:
        return st.o_kicks[g, i]
    return 0


@kernel
def enter_bf_nb(st, ct, g, slots, ctrls, n, extra_kind):
    """Objects slots[:n] enter the battlefield at the same time under ctrls[:n].
    Enters-with-counters replacements read the X of the spell that became it (107.3m);
    `extra_kind` >= 0 adds one counter of that kind (undying, persist). Enter triggers of
    every permanent, newcomers included, are checked for each entering object (603.6a)."""
    for k in range(n):
        i = slots[k]
        z = st.o_zone[g, i]
        if z == Z_LIBRARY:
            lib_remove_nb(st, g, i)
        set_zone_nb(st, g, i, Z_BATTLEFIELD, ctrls[k])
        c = st.o_card[g, i]
        for a in range(ct.c_abil0[c], ct.c_abil0[c] + ct.c_nabil[c]):
            if ct.a_kind[a] == AK_ETB_COUNTERS:
                m = etb_amount_nb(st, g, i, ct.a_am_k[a], ct.a_am_a[a])
                if m > 0:
                    st.o_counters[g, ct.a_ctr_kind[a], i] += m
        if extra_kind >= 0:
            st.o_counters[g, extra_kind, i] += 1
    M = st.o_card.shape[1]
    for j in range(M):
        cj = st.o_card[g, j]
        if cj < 0 or st.o_zone[g, j] != Z_BATTLEFIELD:
            continue
        for a in range(ct.c_abil0[cj], ct.c_abil0[cj] + ct.c_nabil[cj]):
            if ct.a_kind[a] != AK_TRIGGER or ct.a_event[a] != EV_ENTERS:
                continue
            for k in range(n):
                i = slots[k]
                if not subject_matches_nb(st, ct, g, a, j, i):
                    continue
                x = st.o_x[g, i] if i == j else 0
                s = queue_trigger_nb(st, g, a, j, st.o_oid[g, j], cj, st.o_ctrl[g, j], i,
                                     st.o_card[g, i], x, st.o_rank[g, j])
                if s != ST_OK:
                    return s
    return ST_OK


@kernel
def create_tokens_nb(st, ct, g, card, ctrl, n):
    if n <= 0:
        return ST_OK
    slots = np.empty(n, np.int64)
    ctrls = np.empty(n, np.int64)
    for k in range(n):
        i = new_slot_nb(st, g)
        if i < 0:
            return ST_CAPACITY
        st.o_card[g, i] = card
        st.o_owner[g, i] = ctrl
        st.o_token[g, i] = 1
        st.o_zone[g, i] = Z_NONE
        st.o_x[g, i] = 0
        st.o_kicks[g, i] = 0
        st.o_cflags[g, i] = 0
        slots[k] = i
        ctrls[k] = ctrl
    return enter_bf_nb(st, ct, g, slots, ctrls, n, -1)
