"""Zone changes (400.7: a new object each time), the library, drawing, tokens, and the events
they cause: enters-the-battlefield (with 603.6a for simultaneous entering), leaves/dies with
look-back (603.10a, last known information)."""
from ..consts import (
    AK_ENTERS_TAPPED,
    AK_ETB_COUNTERS,
    AK_TRIGGER,
    AM_CONST,
    AM_HALF_X,
    AM_KICKS,
    AM_X,
    CK_MINUS,
    CK_PLUS,
    COND_SUBJ_HAD_COUNTERS,
    COND_SUBJ_NO_MINUS,
    COND_SUBJ_NO_PLUS,
    ETU_CONTROL,
    ETU_LANDS_AT_LEAST,
    ETU_LANDS_AT_MOST,
    ETU_NONE,
    ETU_PAY_LIFE,
    EV_DIES,
    EV_ENTERS,
    EV_LEAVES,
    ST_CAPACITY,
    ST_OK,
    SUBJ_ANOTHER,
    SUBJ_SELF,
    SUBJ_SELF_OR_ANOTHER,
    T_LAND,
    W_PAY_LIFE,
    Z_BATTLEFIELD,
    Z_GRAVEYARD,
    Z_HAND,
    Z_LIBRARY,
    Z_NONE,
)
from ..jit import kernel
from ..layout import (
    AB_AM_A,
    AB_AM_K,
    AB_COND,
    AB_CTR_KIND,
    AB_ETU,
    AB_ETU_F,
    AB_ETU_N,
    AB_EVENT,
    AB_FILTER,
    AB_KIND,
    AB_SUBJECT,
    C_ABIL0,
    C_NABIL,
    G_NEXT_OID,
    G_NEXT_SEQ,
    G_NEXT_TS,
    G_Q_N,
    O_ATTACHED,
    O_ATTACKING,
    O_BLOCKING,
    O_CARD,
    O_CFLAGS,
    O_CTRL,
    O_DAMAGE,
    O_DRAWN,
    O_DTDMG,
    O_ENTERED,
    O_EOT_CHG,
    O_EOT_KW,
    O_EOT_KW2,
    O_EOT_P,
    O_EOT_PP,
    O_EOT_T,
    O_EOT_TT,
    O_EOT_TYPES,
    O_EX_KIND,
    O_KICKS,
    O_OID,
    O_ONCE_MASK,
    O_OWNER,
    O_RANK,
    O_SICK,
    O_TAPPED,
    O_TOKEN,
    O_TS,
    O_X,
    O_ZONE,
    PL_DREW_EMPTY,
    PL_LIB_N,
    PL_LIFE,
    QI_ABIL,
    QI_CARD,
    QI_CTRL,
    QI_RANK,
    QI_SEQ,
    QI_SRC,
    QI_SRC_OID,
    QI_SUBJ,
    QI_SUBJ_CARD,
    QI_SUBJ_OID,
    QI_X,
)
from .choice import ask_yesno_nb
from .manamark import mark_mana_nb
from .query import is_creature_nb, matches_filter_nb, obj_has_counters_nb, obj_types_nb
from .record import record_first_nb
from .sbamark import mark_sba_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .zonebits import next_bf_nb, next_nonlib_nb, set_zone_bits_nb


@kernel
def end_eot_effects_nb(st, g, i):
    """"Until end of turn" effects on object i end (514.2; also on leaving, 400.7)."""
    if st.obj[g, O_EOT_TYPES, i] != 0 or st.obj[g, O_EOT_P, i] != -999 or \
            st.obj[g, O_EOT_CHG, i] != 0 or st.obj[g, O_EOT_PP, i] != 0 or \
            st.obj[g, O_EOT_TT, i] != 0:
        mark_sba_nb(st, g)      # a P/T or type effect ends (sbamark.py)
    if st.obj[g, O_EOT_TYPES, i] != 0 or st.obj[g, O_EOT_CHG, i] != 0 or \
            st.obj[g, O_EOT_KW, i] != 0 or st.obj[g, O_EOT_KW2, i] != 0:
        mark_mana_nb(st, g)     # a creature, creature types or haste no longer
        mark_sba_nb(st, g)      # nor indestructible (702.12b)
    st.obj[g, O_EOT_KW, i] = 0
    st.obj[g, O_EOT_KW2, i] = 0
    st.obj[g, O_EOT_TYPES, i] = 0
    st.obj[g, O_EOT_P, i] = -999
    st.obj[g, O_EOT_T, i] = -999
    st.obj[g, O_EOT_CHG, i] = 0
    st.obj[g, O_EOT_PP, i] = 0
    st.obj[g, O_EOT_TT, i] = 0


@kernel
def hand_slots_nb(st, g, p, out):
    """p's cards in hand, in slot order, into out; returns how many."""
    n = 0
    i = -1
    while True:
        i = next_nonlib_nb(st, g, i)
        if i >= st.obj.shape[2]:
            return n
        if st.obj[g, O_ZONE, i] == Z_HAND and st.obj[g, O_OWNER, i] == p:
            out[n] = i
            n += 1


@kernel
def set_zone_nb(st, g, i, zone, ctrl):
    """Move object i to `zone`: it becomes a new object with fresh state (400.7, 122.2)."""
    if zone == Z_BATTLEFIELD or st.obj[g, O_ZONE, i] == Z_BATTLEFIELD or st.obj[g, O_TOKEN, i] != 0:
        mark_sba_nb(st, g)      # 704.5 reads permanents and tokens only (sbamark.py)
    old = st.obj[g, O_ZONE, i]
    if zone == Z_BATTLEFIELD or old == Z_BATTLEFIELD or zone == Z_GRAVEYARD or \
            old == Z_GRAVEYARD:
        mark_mana_nb(st, g)     # potential mana counts permanents and graveyards only
    st.obj[g, O_ZONE, i] = zone
    set_zone_bits_nb(st, g, i)
    st.obj[g, O_CTRL, i] = ctrl
    st.obj[g, O_OID, i] = st.gm[g, G_NEXT_OID]
    st.gm[g, G_NEXT_OID] += 1
    st.obj[g, O_TS, i] = st.gm[g, G_NEXT_TS]
    st.obj[g, O_RANK, i] = st.gm[g, G_NEXT_TS]
    st.gm[g, G_NEXT_TS] += 1
    st.obj[g, O_TAPPED, i] = 0
    st.obj[g, O_SICK, i] = 1
    st.obj[g, O_DAMAGE, i] = 0
    st.obj[g, O_DTDMG, i] = 0
    st.obj[g, O_ATTACHED, i] = -1
    end_eot_effects_nb(st, g, i)
    st.obj[g, O_ATTACKING, i] = 0
    st.obj[g, O_BLOCKING, i] = -1
    st.obj[g, O_EX_KIND, i] = 0
    st.obj[g, O_ONCE_MASK, i] = 0       # 602.5b counts this object's activations only
    for k in range(st.o_counters.shape[1]):
        st.o_counters[g, k, i] = 0
    if zone == Z_BATTLEFIELD:
        record_first_nb(st, g, i, O_ENTERED)


@kernel
def new_slot_nb(st, g):
    for i in range(st.obj.shape[2]):
        if st.obj[g, O_CARD, i] < 0:
            return i
    return -1


@kernel
def lib_remove_nb(st, g, i):
    p = st.obj[g, O_OWNER, i]
    n = st.pl[g, PL_LIB_N, p]
    k = 0
    while k < n and st.lib[g, p, k] != i:
        k += 1
    if k == n:
        return
    for j in range(k, n - 1):
        st.lib[g, p, j] = st.lib[g, p, j + 1]
    st.pl[g, PL_LIB_N, p] = n - 1


@kernel
def lib_put_top_nb(st, g, i):
    p = st.obj[g, O_OWNER, i]
    n = st.pl[g, PL_LIB_N, p]
    st.lib[g, p, n] = i
    st.pl[g, PL_LIB_N, p] = n + 1
    set_zone_nb(st, g, i, Z_LIBRARY, p)


@kernel
def lib_put_bottom_nb(st, g, i):
    p = st.obj[g, O_OWNER, i]
    n = st.pl[g, PL_LIB_N, p]
    for j in range(n, 0, -1):
        st.lib[g, p, j] = st.lib[g, p, j - 1]
    st.lib[g, p, 0] = i
    st.pl[g, PL_LIB_N, p] = n + 1
    set_zone_nb(st, g, i, Z_LIBRARY, p)


@kernel
def move_card_nb(st, g, i, zone):
    """Move a card that is not on the battlefield (no leave triggers) to a zone."""
    if st.obj[g, O_ZONE, i] == Z_LIBRARY:
        lib_remove_nb(st, g, i)
    set_zone_nb(st, g, i, zone, st.obj[g, O_OWNER, i])


@kernel
def draw_nb(st, g, p, n):
    """Draw n cards; drawing from an empty library is remembered for 704.5b."""
    for _ in range(n):
        m = st.pl[g, PL_LIB_N, p]
        if m == 0:
            st.pl[g, PL_DREW_EMPTY, p] = 1
            mark_sba_nb(st, g)
            return
        i = st.lib[g, p, m - 1]
        st.pl[g, PL_LIB_N, p] = m - 1
        set_zone_nb(st, g, i, Z_HAND, p)
        record_first_nb(st, g, i, O_DRAWN)


@kernel
def queue_trigger_nb(st, g, abil, src, src_oid, card, ctrl, subj, subj_card, x, rank):
    n = st.gm[g, G_Q_N]
    if n >= st.pq.shape[2]:
        return ST_CAPACITY
    st.pq[g, QI_SRC, n] = src
    st.pq[g, QI_SRC_OID, n] = src_oid
    st.pq[g, QI_CARD, n] = card
    st.pq[g, QI_ABIL, n] = abil
    st.pq[g, QI_CTRL, n] = ctrl
    st.pq[g, QI_X, n] = x
    st.pq[g, QI_SUBJ, n] = subj
    st.pq[g, QI_SUBJ_OID, n] = st.obj[g, O_OID, subj] if subj >= 0 else 0
    st.pq[g, QI_SUBJ_CARD, n] = subj_card
    for k in range(st.q_lki.shape[2]):
        st.q_lki[g, n, k] = st.o_counters[g, k, subj] if subj >= 0 else 0
    st.pq[g, QI_RANK, n] = rank
    st.pq[g, QI_SEQ, n] = st.gm[g, G_NEXT_SEQ]
    st.gm[g, G_NEXT_SEQ] += 1
    st.gm[g, G_Q_N] = n + 1
    return ST_OK


@kernel
def subject_matches_nb(st, ct, g, a, j, i):
    """Is object i a subject of trigger ability a of permanent j?"""
    mode = ct.abil[a, AB_SUBJECT]
    if mode == SUBJ_SELF:
        return i == j
    if i == j:
        if mode == SUBJ_ANOTHER:
            return False
        if mode == SUBJ_SELF_OR_ANOTHER:
            return True
    f = ct.abil[a, AB_FILTER]
    if f < 0:
        return True
    return matches_filter_nb(st, ct, g, f, j, st.obj[g, O_CTRL, j], i)


@kernel
def event_triggers_nb(st, ct, g, slots, n, event):
    """Triggers on `event` (EV_ENTERS, EV_ATTACKS) of every permanent, newcomers included,
    for each of the objects slots[:n] it happened to (the subject; 603.6a, 508.3a). An
    enters trigger of the entering object itself reads the X it was cast with (107.3m)."""
    M = st.obj.shape[2]
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= M:
            break
        cj = st.obj[g, O_CARD, j]
        for a in range(ct.card[cj, C_ABIL0], ct.card[cj, C_ABIL0] + ct.card[cj, C_NABIL]):
            if ct.abil[a, AB_KIND] != AK_TRIGGER or ct.abil[a, AB_EVENT] != event:
                continue
            for k in range(n):
                i = slots[k]
                if not subject_matches_nb(st, ct, g, a, j, i):
                    continue
                x = st.obj[g, O_X, i] if i == j and event == EV_ENTERS else 0
                s = queue_trigger_nb(st, g, a, j, st.obj[g, O_OID, j], cj, st.obj[g, O_CTRL, j],
                                     i, st.obj[g, O_CARD, i], x, st.obj[g, O_RANK, j])
                if s != ST_OK:
                    return s
    return ST_OK


@kernel
def leave_bf_nb(st, ct, g, slots, dests, n):
    """Objects slots[:n] leave the battlefield together for dests[:n]. Leaves/dies triggers
    look back (603.10a): they are found, with each subject's last known counters, from the
    state before the move; undying/persist/The Ozolith's intervening ifs are checked then."""
    q0 = st.gm[g, G_Q_N]
    M = st.obj.shape[2]
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= M:
            break
        cj = st.obj[g, O_CARD, j]
        for a in range(ct.card[cj, C_ABIL0], ct.card[cj, C_ABIL0] + ct.card[cj, C_NABIL]):
            if ct.abil[a, AB_KIND] != AK_TRIGGER:
                continue
            ev = ct.abil[a, AB_EVENT]
            if ev != EV_LEAVES and ev != EV_DIES:
                continue
            for k in range(n):
                i = slots[k]
                if ev == EV_DIES and (dests[k] != Z_GRAVEYARD or not is_creature_nb(st, ct, g, i)):
                    continue
                if not subject_matches_nb(st, ct, g, a, j, i):
                    continue
                cond = ct.abil[a, AB_COND]
                if cond == COND_SUBJ_HAD_COUNTERS and not obj_has_counters_nb(st, g, i):
                    continue
                if cond == COND_SUBJ_NO_PLUS and st.o_counters[g, CK_PLUS, i] > 0:
                    continue
                if cond == COND_SUBJ_NO_MINUS and st.o_counters[g, CK_MINUS, i] > 0:
                    continue
                s = queue_trigger_nb(st, g, a, j, st.obj[g, O_OID, j], cj, st.obj[g, O_CTRL, j], i,
                                     st.obj[g, O_CARD, i], 0, st.obj[g, O_RANK, j])
                if s != ST_OK:
                    return s
    for k in range(n):
        i = slots[k]
        # Auras stay until state-based actions put them into the graveyard (704.5m).
        set_zone_nb(st, g, i, dests[k], st.obj[g, O_OWNER, i])
    for q in range(q0, st.gm[g, G_Q_N]):
        st.pq[g, QI_SUBJ_OID, q] = st.obj[g, O_OID, st.pq[g, QI_SUBJ, q]]
    return ST_OK


@kernel
def leave_one_nb(st, ct, g, i, dest):
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, 2)
    slots = st.scr[b:b + 1]
    dests = st.scr[b + 1:b + 2]
    slots[0] = i
    dests[0] = dest
    s = leave_bf_nb(st, ct, g, slots, dests, 1)
    scratch_release_nb(st, g, mark)
    return s


@kernel
def etb_amount_nb(st, g, i, am_k, am_a):
    if am_k == AM_CONST:
        return am_a
    if am_k == AM_X:
        return st.obj[g, O_X, i]
    if am_k == AM_HALF_X:
        return st.obj[g, O_X, i] // 2
    if am_k == AM_KICKS:
        return st.obj[g, O_KICKS, i]
    return 0


@kernel
def enters_tapped_nb(st, ct, g, i, a, p):
    """(status, does object i enter tapped) by its AK_ENTERS_TAPPED ability a, p its
    controller: "~ enters tapped" (614.1c) or "... unless" (a_etu, ETU_*): other lands p
    controls counted, a permanent p controls sought, or "you may pay N life" asked (119.4:
    only with at least N life). The lands and permanents are those on the battlefield as
    it enters (objects entering with it that came first in this batch count too)."""
    u = ct.abil[a, AB_ETU]
    if u == ETU_NONE:
        return ST_OK, True
    if u == ETU_PAY_LIFE:
        n = ct.abil[a, AB_ETU_N]
        if st.pl[g, PL_LIFE, p] < n:
            return ST_OK, True
        s, yes = ask_yesno_nb(st, ct, g, W_PAY_LIFE, p)
        if s != ST_OK:
            return s, True
        if yes:
            st.pl[g, PL_LIFE, p] -= n
            mark_sba_nb(st, g)
        return ST_OK, not yes
    M = st.obj.shape[2]
    lands = 0
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= M:
            break
        if j == i or st.obj[g, O_CTRL, j] != p:
            continue
        if u == ETU_CONTROL:
            for k in range(2):
                f = ct.abil[a, AB_ETU_F + k]
                if f >= 0 and matches_filter_nb(st, ct, g, f, i, p, j):
                    return ST_OK, False
        elif obj_types_nb(st, ct, g, j) & T_LAND:
            lands += 1
    if u == ETU_LANDS_AT_MOST:
        return ST_OK, lands > ct.abil[a, AB_ETU_N]
    if u == ETU_LANDS_AT_LEAST:
        return ST_OK, lands < ct.abil[a, AB_ETU_N]
    return ST_OK, True


@kernel
def enter_bf_nb(st, ct, g, slots, ctrls, n, extra_kind):
    """Objects slots[:n] enter the battlefield at the same time under ctrls[:n].
    Enters-tapped (614.1c) and enters-with-counters replacements apply; the latter read the
    X of the spell that became it (107.3m);
    `extra_kind` >= 0 adds one counter of that kind (undying, persist). Enter triggers of
    every permanent, newcomers included, are checked for each entering object (603.6a)."""
    for k in range(n):
        i = slots[k]
        z = st.obj[g, O_ZONE, i]
        if z == Z_LIBRARY:
            lib_remove_nb(st, g, i)
        set_zone_nb(st, g, i, Z_BATTLEFIELD, ctrls[k])
        c = st.obj[g, O_CARD, i]
        for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
            if ct.abil[a, AB_KIND] == AK_ETB_COUNTERS:
                m = etb_amount_nb(st, g, i, ct.abil[a, AB_AM_K], ct.abil[a, AB_AM_A])
                if m > 0:
                    st.o_counters[g, ct.abil[a, AB_CTR_KIND], i] += m
                    mark_mana_nb(st, g)
            elif ct.abil[a, AB_KIND] == AK_ENTERS_TAPPED:
                s, tapped = enters_tapped_nb(st, ct, g, i, a, ctrls[k])
                if s != ST_OK:
                    return s
                if tapped:
                    st.obj[g, O_TAPPED, i] = 1      # 614.1c: it enters tapped
                    mark_mana_nb(st, g)
        if extra_kind >= 0:
            st.o_counters[g, extra_kind, i] += 1
            mark_mana_nb(st, g)
    return event_triggers_nb(st, ct, g, slots, n, EV_ENTERS)


@kernel
def create_tokens_nb(st, ct, g, card, ctrl, n):
    if n <= 0:
        return ST_OK
    if n > st.obj.shape[2]:
        return ST_CAPACITY          # more than every slot: never fits
    b = scratch_nb(st, g, 2 * n)
    slots = st.scr[b:b + n]
    ctrls = st.scr[b + n:b + 2 * n]
    for k in range(n):
        i = new_slot_nb(st, g)
        if i < 0:
            return ST_CAPACITY
        st.obj[g, O_CARD, i] = card
        st.obj[g, O_OWNER, i] = ctrl
        st.obj[g, O_TOKEN, i] = 1
        st.obj[g, O_ZONE, i] = Z_NONE
        mark_mana_nb(st, g)
        st.obj[g, O_X, i] = 0
        st.obj[g, O_KICKS, i] = 0
        st.obj[g, O_CFLAGS, i] = 0
        slots[k] = i
        ctrls[k] = ctrl
    return enter_bf_nb(st, ct, g, slots, ctrls, n, -1)
