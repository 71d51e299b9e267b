"""The stack (CR 405, 601, 602, 603, 608): casting in the order of 601.2 (announce, targets,
total cost locked in, payment; nobody acts in the middle, so a blight cost can't be answered),
activating (602.2), putting waiting triggered abilities on the stack in APNAP order (603.3b),
and resolving (608)."""
import numpy as np

from ..consts import (ACO_BLIGHT, ACO_BLIGHT_X, ACO_MANA, AK_ADD_COST, AK_ALT_COST,
                      AK_CAST_EXILE, AK_KICKER, AK_MANA, AK_TRIGGER, ASK_COUNTERS, ASK_INT,
                      ASK_OBJECTS, W_TAP_CREATURES,
                      ASK_OBJECT, CK_MINUS, COND_SELF_HAS_COUNTERS, E_COST, E_NO_ABILITY,
                      E_NO_PERMISSION, E_NO_TARGET, E_NOT_A_LAND, E_NOT_CONTROLLER,
                      E_NOT_ENOUGH_MANA, E_NOT_IN_ZONE, E_STACK_EMPTY, E_TIMING, E_X_TOO_BIG,
                      EV_CAST, EXP_LINKED, EXP_PLAY, EXP_WARP, OP_SHUFFLE_INTO_LIB, S_MAIN1,
                      S_MAIN2, SK_ACTIVATED, SK_SPELL, SK_TRIGGER, ST_CAPACITY, ST_OK,
                      T_INSTANT, T_LAND, T_PERMANENT, W_BLIGHT, W_COST_OPTION, W_MAY,
                      W_REMOVE_COUNTERS, W_TARGET, Z_BATTLEFIELD, Z_EXILE, Z_GRAVEYARD, Z_HAND,
                      Z_STACK)
from .choice import ask_many_nb, ask_one_nb, ask_yesno_nb, fail_nb
from .counters import blight_targets_nb, put_counters_nb
from .effects import run_ops_nb, target_legal_nb
from .jit import kernel
from .mana import activate_mana_nb, add_cost_nb, mana_cost_check_nb, pay_nb, tap_candidates_nb
from .query import (greatest_toughness_nb, is_creature_nb, matches_filter_nb,
                    obj_has_counters_nb, player_matches_nb)
from .rng import shuffle_library_nb
from .zones import enter_bf_nb, leave_one_nb, lib_put_top_nb, move_card_nb, queue_trigger_nb


@kernel
def sorcery_timing_nb(st, g, p):
    """307.1 / 602.5d: your main phase, the stack empty."""
    s = st.step[g]
    return st.active[g] == p and (s == S_MAIN1 or s == S_MAIN2) and st.stack_n[g] == 0


@kernel
def push_nb(st, g, kind, src, card, abil, ctrl, x, kicks, flags):
    n = st.stack_n[g]
    if n >= st.s_kind.shape[1]:
        return ST_CAPACITY, -1
    st.s_kind[g, n] = kind
    st.s_src[g, n] = src
    st.s_src_oid[g, n] = st.o_oid[g, src] if src >= 0 else 0
    st.s_card[g, n] = card
    st.s_abil[g, n] = abil
    st.s_ctrl[g, n] = ctrl
    st.s_x[g, n] = x
    st.s_kicks[g, n] = kicks
    st.s_flags[g, n] = flags
    st.s_ntgt[g, n] = 0
    st.s_subj[g, n] = -1
    st.s_subj_oid[g, n] = 0
    st.s_subj_card[g, n] = -1
    for k in range(st.s_lki.shape[2]):
        st.s_lki[g, n, k] = 0
    st.stack_n[g] = n + 1
    return ST_OK, n


@kernel
def target_options_nb(st, ct, g, f, src, ctrl, out):
    """Legal targets for filter f: objects (cards of one name in one graveyard count once)
    and players."""
    n = 0
    for i in range(st.o_card.shape[1]):
        if st.o_card[g, i] < 0 or not matches_filter_nb(st, ct, g, f, src, ctrl, i):
            continue
        if st.o_zone[g, i] != Z_BATTLEFIELD:
            dup = False
            for k in range(n):
                j = out[k]
                if j >= 0 and st.o_card[g, j] == st.o_card[g, i] and \
                        st.o_zone[g, j] == st.o_zone[g, i] and st.o_owner[g, j] == st.o_owner[g, i]:
                    dup = True
                    break
            if dup:
                continue
        out[n] = i
        n += 1
    for p in range(2):
        if st.p_lost[g, p] == 0 and player_matches_nb(st, ct, f, ctrl, p):
            out[n] = -2 - p
            n += 1
    return n


@kernel
def choose_targets_nb(st, ct, g, si, a, src, ctrl):
    """601.2c / 603.3d: choose each target. Returns (status, ok); ok False = no legal target."""
    nt = ct.a_ntgt[a]
    opts = np.empty(st.o_card.shape[1] + 2, np.int32)
    for k in range(nt):
        n = target_options_nb(st, ct, g, ct.a_tgt[a, k], src, ctrl, opts)
        if n == 0:
            return ST_OK, False
        s, t = ask_one_nb(st, g, ASK_OBJECT, W_TARGET, ctrl, opts, n, True)
        if s != ST_OK:
            return s, False
        st.s_tgt[g, si, k] = t
        st.s_tgt_oid[g, si, k] = st.o_oid[g, t] if t >= 0 else 0
    st.s_ntgt[g, si] = nt
    return ST_OK, True


@kernel
def trigger_before_nb(st, g, q, r):
    """Does waiting trigger q go on the stack before r? APNAP, then rank, then sequence."""
    aq = 0 if st.q_ctrl[g, q] == st.active[g] else 1
    ar = 0 if st.q_ctrl[g, r] == st.active[g] else 1
    if aq != ar:
        return aq < ar
    if st.q_rank[g, q] != st.q_rank[g, r]:
        return st.q_rank[g, q] < st.q_rank[g, r]
    return st.q_seq[g, q] < st.q_seq[g, r]


@kernel
def flush_triggers_nb(st, ct, g):
    """603.3b: waiting triggered abilities go on the stack, the active player's first, each
    player's in their chosen order (lower rank first, then the order they triggered)."""
    while st.q_n[g] > 0:
        best = -1
        for q in range(st.q_n[g]):
            if best < 0:
                best = q
                continue
            if trigger_before_nb(st, g, q, best):
                best = q
        q = best
        a = st.q_abil[g, q]
        src = st.q_src[g, q]
        s, si = push_nb(st, g, SK_TRIGGER, -1, st.q_card[g, q], a, st.q_ctrl[g, q],
                        st.q_x[g, q], 0, 0)
        if s != ST_OK:
            return s
        st.s_src[g, si] = src
        st.s_src_oid[g, si] = st.q_src_oid[g, q]
        st.s_subj[g, si] = st.q_subj[g, q]
        st.s_subj_oid[g, si] = st.q_subj_oid[g, q]
        st.s_subj_card[g, si] = st.q_subj_card[g, q]
        for k in range(st.s_lki.shape[2]):
            st.s_lki[g, si, k] = st.q_lki[g, q, k]
        # remove from the waiting list
        for r in range(q, st.q_n[g] - 1):
            st.q_src[g, r] = st.q_src[g, r + 1]
            st.q_src_oid[g, r] = st.q_src_oid[g, r + 1]
            st.q_card[g, r] = st.q_card[g, r + 1]
            st.q_abil[g, r] = st.q_abil[g, r + 1]
            st.q_ctrl[g, r] = st.q_ctrl[g, r + 1]
            st.q_x[g, r] = st.q_x[g, r + 1]
            st.q_subj[g, r] = st.q_subj[g, r + 1]
            st.q_subj_oid[g, r] = st.q_subj_oid[g, r + 1]
            st.q_subj_card[g, r] = st.q_subj_card[g, r + 1]
            st.q_rank[g, r] = st.q_rank[g, r + 1]
            st.q_seq[g, r] = st.q_seq[g, r + 1]
            for k in range(st.q_lki.shape[2]):
                st.q_lki[g, r, k] = st.q_lki[g, r + 1, k]
        st.q_n[g] -= 1
        if ct.a_ntgt[a] > 0:
            s, ok = choose_targets_nb(st, ct, g, si, a, src, st.s_ctrl[g, si])
            if s != ST_OK:
                return s
            if not ok:
                st.stack_n[g] -= 1   # 603.3d: no legal target, removed from the stack
    return ST_OK


@kernel
def find_ability_nb(ct, c, kind):
    for a in range(ct.c_abil0[c], ct.c_abil0[c] + ct.c_nabil[c]):
        if ct.a_kind[a] == kind:
            return a
    return -1


@kernel
def linked_source_nb(st, ct, g, i):
    """For a card exiled with a source: the source permanent and its cast-from-exile ability."""
    for j in range(st.o_card.shape[1]):
        if st.o_card[g, j] >= 0 and st.o_zone[g, j] == Z_BATTLEFIELD and \
                st.o_oid[g, j] == st.o_ex_link[g, i]:
            return j, find_ability_nb(ct, st.o_card[g, j], AK_CAST_EXILE)
    return -1, -1


@kernel
def cast_nb(st, ct, g, slot, x, alt, kicks):
    """Cast the card in `slot` (601.2). alt = 1: its warp cost (from hand only)."""
    c = st.o_card[g, slot]
    p = st.o_owner[g, slot]
    types = ct.c_types[c]
    if types & T_LAND:
        return fail_nb(st, g, E_NOT_A_LAND, slot)
    z = st.o_zone[g, slot]
    rmc = 0
    if z == Z_HAND:
        pass
    elif z == Z_EXILE:
        k = st.o_ex_kind[g, slot]
        if alt != 0:
            return fail_nb(st, g, E_NO_PERMISSION, slot)
        if k == EXP_PLAY and st.o_ex_player[g, slot] == p and st.turn[g] <= st.o_ex_turn[g, slot]:
            pass
        elif k == EXP_WARP and st.turn[g] > st.o_ex_turn[g, slot]:
            pass   # 702.185a: castable from exile on a later turn
        elif k == EXP_LINKED:
            j, ab = linked_source_nb(st, ct, g, slot)
            if ab < 0 or st.o_ctrl[g, j] != p or (ct.a_ce_types[ab] & types) == 0:
                return fail_nb(st, g, E_NO_PERMISSION, slot)
            if ct.a_ce_yourturn[ab] != 0 and st.active[g] != p:
                return fail_nb(st, g, E_TIMING, slot)
            rmc = ct.a_ce_rmc[ab]
        else:
            return fail_nb(st, g, E_NO_PERMISSION, slot)
    else:
        return fail_nb(st, g, E_NO_PERMISSION, slot)
    if (types & T_INSTANT) == 0 and not sorcery_timing_nb(st, g, p):
        return fail_nb(st, g, E_TIMING, slot)
    base = ct.c_cost[c]
    if alt != 0:
        aa = find_ability_nb(ct, c, AK_ALT_COST)
        if aa < 0:
            return fail_nb(st, g, E_NO_PERMISSION, slot)
        base = ct.a_cost[aa]
    if x != 0 and ct.mc_x[base] == 0:
        return fail_nb(st, g, E_X_TOO_BIG, slot)
    ka = find_ability_nb(ct, c, AK_KICKER)
    if kicks > 0 and (ka < 0 or (ct.a_multi[ka] == 0 and kicks > 1)):
        return fail_nb(st, g, E_COST, slot)
    need = np.zeros(6, np.int64)
    hyb = np.zeros(16, np.int64)
    gen, nh = add_cost_nb(ct, base, x, 1, need, hyb, 0)
    if kicks > 0:
        g2, nh = add_cost_nb(ct, ct.a_cost[ka], 0, kicks, need, hyb, nh)
        gen += g2
    # 601.2b: additional costs announced
    M = st.o_card.shape[1]
    cands = np.empty(M, np.int32)
    ncands = blight_targets_nb(st, ct, g, p, cands)
    flags = 0
    blight_n = 0
    aa = find_ability_nb(ct, c, AK_ADD_COST)
    if aa >= 0:
        nopt = ct.a_naco[aa]
        possible = np.zeros(2, np.uint8)
        for o in range(nopt):
            kind = ct.a_aco_kind[aa, o]
            if kind == ACO_BLIGHT:
                possible[o] = ncands > 0    # 701.68b
            elif kind == ACO_BLIGHT_X:
                possible[o] = x == 0 or (ncands > 0 and x <= greatest_toughness_nb(st, ct, g, p))
            elif kind == ACO_MANA:
                n2 = need.copy()
                h2 = hyb.copy()
                g3, nh3 = add_cost_nb(ct, ct.a_aco_cost[aa, o], 0, 1, n2, h2, nh)
                possible[o] = pay_nb(st.p_pool[g, p], n2, gen + g3, h2, nh3, False)
        chosen = -1
        if ct.a_optional[aa] != 0:
            if possible[0]:
                s, yes = ask_yesno_nb(st, g, W_MAY, p)
                if s != ST_OK:
                    return s
                if yes:
                    chosen = 0
        else:
            opts = np.empty(2, np.int32)
            n = 0
            for o in range(nopt):
                if possible[o]:
                    opts[n] = o
                    n += 1
            if n == 0:
                if ct.a_aco_kind[aa, 0] == ACO_BLIGHT_X:
                    return fail_nb(st, g, E_X_TOO_BIG, slot)
                return fail_nb(st, g, E_COST, slot)
            s, v = ask_one_nb(st, g, ASK_INT, W_COST_OPTION, p, opts, n, True)
            if s != ST_OK:
                return s
            chosen = v
        if chosen >= 0:
            flags |= 1 | (chosen << 4)
            kind = ct.a_aco_kind[aa, chosen]
            if kind == ACO_BLIGHT:
                blight_n = ct.a_aco_n[aa, chosen]
            elif kind == ACO_BLIGHT_X:
                blight_n = x
            elif kind == ACO_MANA:
                g3, nh = add_cost_nb(ct, ct.a_aco_cost[aa, chosen], 0, 1, need, hyb, nh)
                gen += g3
    if alt != 0:
        flags |= 2
    # 601.2c: targets
    sa = ct.c_spell[c]
    tg = np.full(2, -1, np.int64)
    ntg = 0
    if sa >= 0 and ct.a_ntgt[sa] > 0:
        opts = np.empty(M + 2, np.int32)
        for k in range(ct.a_ntgt[sa]):
            n = target_options_nb(st, ct, g, ct.a_tgt[sa, k], slot, p, opts)
            if n == 0:
                return fail_nb(st, g, E_NO_TARGET, slot)
            s, t = ask_one_nb(st, g, ASK_OBJECT, W_TARGET, p, opts, n, True)
            if s != ST_OK:
                return s
            tg[k] = t
        ntg = ct.a_ntgt[sa]
    # 601.2f-h: the total cost is locked in and paid
    if not pay_nb(st.p_pool[g, p], need, gen, hyb, nh, False):
        return fail_nb(st, g, E_NOT_ENOUGH_MANA, slot)
    blighted = -1
    if blight_n > 0:
        s, blighted = ask_one_nb(st, g, ASK_OBJECT, W_BLIGHT, p, cands, ncands, True)
        if s != ST_OK:
            return s
    rm = np.empty(max(rmc, 1), np.int32)
    if rmc > 0:
        opts = np.empty(M, np.int32)
        total = 0
        n = 0
        for i in range(M):
            if st.o_card[g, i] >= 0 and st.o_zone[g, i] == Z_BATTLEFIELD and \
                    st.o_ctrl[g, i] == p and is_creature_nb(st, ct, g, i) and \
                    obj_has_counters_nb(st, g, i):
                opts[n] = i
                n += 1
                for k in range(st.o_counters.shape[1]):
                    total += st.o_counters[g, k, i]
        if total < rmc:
            return fail_nb(st, g, E_COST, slot)
        s, m = ask_many_nb(st, g, ASK_COUNTERS, W_REMOVE_COUNTERS, p, opts, n, rmc, rmc,
                           False, rm)
        if s != ST_OK:
            return s
    pay_nb(st.p_pool[g, p], need, gen, hyb, nh, True)
    if blighted >= 0:
        put_counters_nb(st, g, blighted, CK_MINUS, blight_n)
    for r in range(rmc):
        i = rm[r]
        done = False
        for k in range(st.o_counters.shape[1]):
            if st.o_counters[g, k, i] > 0:
                st.o_counters[g, k, i] -= 1
                done = True
                break
        if not done:
            return fail_nb(st, g, E_COST, slot)
    move_card_nb(st, g, slot, Z_STACK)
    st.o_x[g, slot] = x
    st.o_kicks[g, slot] = kicks
    st.o_cflags[g, slot] = flags
    s, si = push_nb(st, g, SK_SPELL, slot, c, sa, p, x, kicks, flags)
    if s != ST_OK:
        return s
    for k in range(ntg):
        t = tg[k]
        st.s_tgt[g, si, k] = t
        st.s_tgt_oid[g, si, k] = st.o_oid[g, t] if t >= 0 else 0
    st.s_ntgt[g, si] = ntg
    # 601.2i: "when you cast" triggers
    for a in range(ct.c_abil0[c], ct.c_abil0[c] + ct.c_nabil[c]):
        if ct.a_kind[a] == AK_TRIGGER and ct.a_event[a] == EV_CAST:
            s = queue_trigger_nb(st, g, a, slot, st.o_oid[g, slot], c, p, -1, -1, x,
                                 st.o_rank[g, slot])
            if s != ST_OK:
                return s
    return ST_OK


@kernel
def activate_nb(st, ct, g, slot, number):
    """Activate the card's activated ability `number` (printed order, mana abilities
    included); a mana ability resolves at once (605.3b)."""
    c = st.o_card[g, slot]
    a = -1
    for b in range(ct.c_abil0[c], ct.c_abil0[c] + ct.c_nabil[c]):
        if ct.a_actidx[b] == number:
            a = b
    if a < 0:
        return fail_nb(st, g, E_NO_ABILITY, number)
    if st.o_zone[g, slot] != Z_BATTLEFIELD:
        return fail_nb(st, g, E_NOT_IN_ZONE, slot)
    if ct.a_kind[a] == AK_MANA:
        return activate_mana_nb(st, ct, g, slot, a)
    p = st.o_ctrl[g, slot]
    if ct.a_sorcery[a] != 0 and not sorcery_timing_nb(st, g, p):
        return fail_nb(st, g, E_TIMING, slot)
    e = mana_cost_check_nb(st, ct, g, slot, a)
    if e != 0:
        return fail_nb(st, g, e, slot)
    need = np.zeros(6, np.int64)
    hyb = np.zeros(8, np.int64)
    gen, nh = add_cost_nb(ct, ct.a_cost[a], 0, 1, need, hyb, 0)
    if not pay_nb(st.p_pool[g, p], need, gen, hyb, nh, False):
        return fail_nb(st, g, E_NOT_ENOUGH_MANA, slot)
    if ct.a_rmc_kind[a] >= 0 and st.o_counters[g, ct.a_rmc_kind[a], slot] < ct.a_rmc_n[a]:
        return fail_nb(st, g, E_COST, slot)
    M = st.o_card.shape[1]
    cands = np.empty(M, np.int32)
    ncands = blight_targets_nb(st, ct, g, p, cands)
    if ct.a_blight[a] > 0 and ncands == 0:
        return fail_nb(st, g, E_COST, slot)   # 701.68b
    tcands = np.empty(M, np.int32)
    ntc = 0
    if ct.a_tapn[a] > 0:
        ntc = tap_candidates_nb(st, ct, g, slot, a, p, tcands)
        if ntc < ct.a_tapn[a]:
            return fail_nb(st, g, E_COST, slot)
    s, si = push_nb(st, g, SK_ACTIVATED, slot, c, a, p, 0, 0, 0)
    if s != ST_OK:
        return s
    # 602.2b: targets, then payment choices
    if ct.a_ntgt[a] > 0:
        s, ok = choose_targets_nb(st, ct, g, si, a, slot, p)
        if s != ST_OK:
            return s
        if not ok:
            return fail_nb(st, g, E_NO_TARGET, slot)
    chosen = np.empty(M, np.int32)
    nch = 0
    if ct.a_tapn[a] > 0:
        s, nch = ask_many_nb(st, g, ASK_OBJECTS, W_TAP_CREATURES, p, tcands, ntc, ct.a_tapn[a], ct.a_tapn[a], True,
                             chosen)
        if s != ST_OK:
            return s
    blighted = -1
    if ct.a_blight[a] > 0:
        s, blighted = ask_one_nb(st, g, ASK_OBJECT, W_BLIGHT, p, cands, ncands, True)
        if s != ST_OK:
            return s
    # pay
    if ct.a_tap[a] != 0:
        st.o_tapped[g, slot] = 1
    if ct.a_untap[a] != 0:
        st.o_tapped[g, slot] = 0
    pay_nb(st.p_pool[g, p], need, gen, hyb, nh, True)
    for k in range(nch):
        st.o_tapped[g, chosen[k]] = 1
    if blighted >= 0:
        put_counters_nb(st, g, blighted, CK_MINUS, ct.a_blight[a])
    if ct.a_rmc_kind[a] >= 0:
        st.o_counters[g, ct.a_rmc_kind[a], slot] -= ct.a_rmc_n[a]
    for k in range(st.s_lki.shape[2]):
        st.s_lki[g, si, k] = st.o_counters[g, k, slot]
    if ct.a_sac_self[a] != 0:
        s = leave_one_nb(st, ct, g, slot, Z_GRAVEYARD)
        if s != ST_OK:
            return s
    return ST_OK


@kernel
def resolve_top_nb(st, ct, g):
    """608: resolve the top object of the stack."""
    n = st.stack_n[g]
    if n == 0:
        return fail_nb(st, g, E_STACK_EMPTY, 0)
    si = n - 1
    kind = st.s_kind[g, si]
    a = st.s_abil[g, si]
    if kind == SK_TRIGGER and ct.a_cond[a] == COND_SELF_HAS_COUNTERS:
        src = st.s_src[g, si]
        if st.o_oid[g, src] != st.s_src_oid[g, si] or not obj_has_counters_nb(st, g, src):
            st.stack_n[g] = si      # 603.4: the intervening "if" is false now
            return ST_OK
    nt = st.s_ntgt[g, si]
    tgt_ok = np.zeros(2, np.bool_)
    any_ok = False
    for k in range(nt):
        tgt_ok[k] = target_legal_nb(st, ct, g, si, k)
        any_ok = any_ok or tgt_ok[k]
    slot = st.s_src[g, si]
    if nt > 0 and not any_ok:   # 608.2b: every target illegal: it doesn't resolve
        st.stack_n[g] = si
        if kind == SK_SPELL:
            move_card_nb(st, g, slot, Z_GRAVEYARD)
        return ST_OK
    if kind == SK_SPELL:
        c = st.o_card[g, slot]
        if (ct.c_types[c] & T_PERMANENT) != 0:
            st.stack_n[g] = si
            slots = np.empty(1, np.int64)
            ctrls = np.empty(1, np.int64)
            slots[0] = slot
            ctrls[0] = st.s_ctrl[g, si]
            s = enter_bf_nb(st, ct, g, slots, ctrls, 1, -1)
            if s != ST_OK:
                return s
            if (st.o_cflags[g, slot] & 2) != 0:   # warp: exile at the next end step
                d = st.d_n[g]
                if d >= st.d_abil.shape[1]:
                    return ST_CAPACITY
                st.d_abil[g, d] = ct.meta[1]
                st.d_obj[g, d] = slot
                st.d_oid[g, d] = st.o_oid[g, slot]
                st.d_ctrl[g, d] = st.s_ctrl[g, si]
                st.d_n[g] = d + 1
            return ST_OK
        s = run_ops_nb(st, ct, g, si, tgt_ok)
        if s != ST_OK:
            return s
        st.stack_n[g] = si
        to_library = False
        for o in range(ct.a_op0[a], ct.a_op0[a] + ct.a_nop[a]):
            if ct.ops[o, 0] == OP_SHUFFLE_INTO_LIB:
                to_library = True
        if st.o_zone[g, slot] == Z_STACK:
            if to_library:
                lib_put_top_nb(st, g, slot)
                shuffle_library_nb(st, g, st.o_owner[g, slot])
            else:
                move_card_nb(st, g, slot, Z_GRAVEYARD)
        return ST_OK
    s = run_ops_nb(st, ct, g, si, tgt_ok)
    if s != ST_OK:
        return s
    st.stack_n[g] = si
    return ST_OK
