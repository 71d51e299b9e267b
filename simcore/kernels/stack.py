"""The stack (CR 405, 601, 602, 603, 608): casting in the order of 601.2 (announce, targets,
total cost locked in, payment; nobody acts in the middle, so a blight cost can't be answered),
activating (602.2), putting waiting triggered abilities on the stack in APNAP order (603.3b),
and resolving (608)."""
from ..consts import (
    ACO_BLIGHT,
    ACO_BLIGHT_X,
    ACO_MANA,
    ACO_SACRIFICE,
    AK_ACTIVATED,
    AK_ADD_COST,
    AK_ALT_COST,
    AK_CAST_EXILE,
    AK_FLASHBACK,
    AK_KICKER,
    AK_MANA,
    AK_MODE,
    AK_TRIGGER,
    ASK_COUNTERS,
    ASK_INT,
    ASK_OBJECT,
    ASK_OBJECTS,
    CF_FLASHBACK,
    CK_MINUS,
    COND_SELF_HAS_COUNTERS,
    E_COST,
    E_LAND_CAST,
    E_NO_ABILITY,
    E_NO_PERMISSION,
    E_NO_TARGET,
    E_NOT_ENOUGH_MANA,
    E_NOT_IN_ZONE,
    E_STACK_EMPTY,
    E_TIMING,
    E_X_TOO_BIG,
    EV_CAST,
    EV_END_STEP,
    EV_PROWESS,
    EXP_LINKED,
    KW_PROWESS,
    OP_SHUFFLE_INTO_LIB,
    S_MAIN1,
    S_MAIN2,
    SK_ACTIVATED,
    SK_SPELL,
    SK_TRIGGER,
    ST_CAPACITY,
    ST_OK,
    T_CREATURE,
    T_LAND,
    T_PERMANENT,
    W_BLIGHT,
    W_COST_OPTION,
    W_DISCARD_COST,
    W_KICKS,
    W_MAY,
    W_MODE,
    W_REMOVE_COUNTERS,
    W_SAC_COST,
    W_TAP_CREATURES,
    W_TRIGGER_ORDER,
    W_X,
    Z_BATTLEFIELD,
    Z_EXILE,
    Z_GRAVEYARD,
    Z_HAND,
    Z_LIBRARY,
    Z_STACK,
)
from ..encoding import player_value_nb
from ..jit import kernel
from ..layout import (
    AB_ACO_COST,
    AB_ACO_KIND,
    AB_ACO_N,
    AB_ACTIDX,
    AB_BLIGHT,
    AB_CE_RMC,
    AB_CE_TYPES,
    AB_CE_YOURTURN,
    AB_COND,
    AB_COST,
    AB_DISCARD_N,
    AB_DISCARD_SELF,
    AB_EVENT,
    AB_EXILE_SELF,
    AB_KIND,
    AB_MULTI,
    AB_NACO,
    AB_NOP,
    AB_NTGT,
    AB_ONCE,
    AB_OP0,
    AB_OPTIONAL,
    AB_PAY_LIFE,
    AB_RMC_KIND,
    AB_RMC_N,
    AB_SAC_F,
    AB_SAC_SELF,
    AB_SORCERY,
    AB_TAP,
    AB_TAPN,
    AB_TGT,
    AB_UNTAP,
    AB_ZONE,
    C_ABIL0,
    C_COST,
    C_KW,
    C_NABIL,
    C_SPELL,
    C_TYPES,
    DI_ABIL,
    DI_CTRL,
    DI_OBJ,
    DI_OID,
    DI_TURN,
    DI_WHEN,
    G_ACTIVE,
    G_ASK_SRC,
    G_AUTOPAY,
    G_D_N,
    G_ERR,
    G_ERR_ARG,
    G_MANA_PREF,
    G_POT_KNOWN,
    G_Q_N,
    G_SBA_DIRTY,
    G_STACK_N,
    G_STEP,
    G_TURN,
    MC_GENERIC,
    MC_PIPS,
    MC_X,
    O_ATTACHED,
    O_CARD,
    O_CAST,
    O_CFLAGS,
    O_CTRL,
    O_EX_KIND,
    O_EX_LINK,
    O_KICKS,
    O_OID,
    O_ONCE_MASK,
    O_ONCE_TURN,
    O_OWNER,
    O_RANK,
    O_TAPPED,
    O_X,
    O_ZONE,
    PL_LIFE,
    PL_LOST,
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
    SI_ABIL,
    SI_CARD,
    SI_CTRL,
    SI_FLAGS,
    SI_KICKS,
    SI_KIND,
    SI_NTGT,
    SI_SRC,
    SI_SRC_OID,
    SI_SUBJ,
    SI_SUBJ_CARD,
    SI_SUBJ_OID,
    SI_TGT,
    SI_TOID,
    SI_X,
)
from .choice import ask_many_nb, ask_one_nb, ask_yesno_nb, fail_nb
from .counters import blight_targets_nb, put_counters_nb
from .effects import run_ops_nb
from .mana import (
    activate_mana_nb,
    add_cost_nb,
    autopay_nb,
    mana_cost_check_nb,
    min_mana_nb,
    pay_nb,
    potential_mana_nb,
    simple_mana_nb,
    simple_payable_nb,
    tap_candidates_nb,
)
from .manamark import mark_mana_nb
from .operands import target_legal_nb
from .query import (
    exile_permission_nb,
    greatest_toughness_nb,
    instant_speed_nb,
    matches_filter_nb,
    next_creature_nb,
    next_filter_zone_nb,
    obj_has_counters_nb,
    player_matches_nb,
    target_allowed_nb,
    target_why_nb,
)
from .record import record_first_nb
from .rng import shuffle_library_nb
from .sbamark import mark_sba_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .zonebits import next_bf_nb
from .zones import (
    enter_bf_nb,
    leave_one_nb,
    lib_put_top_nb,
    move_card_nb,
    queue_trigger_nb,
)


@kernel
def sorcery_timing_nb(st, g, p):
    """307.1 / 602.5d: your main phase, the stack empty."""
    s = st.gm[g, G_STEP]
    return st.gm[g, G_ACTIVE] == p and (s == S_MAIN1 or s == S_MAIN2) and st.gm[g, G_STACK_N] == 0


@kernel
def push_nb(st, g, kind, src, card, abil, ctrl, x, kicks, flags):
    n = st.gm[g, G_STACK_N]
    if n >= st.stk.shape[2]:
        return ST_CAPACITY, -1
    st.stk[g, SI_KIND, n] = kind
    st.stk[g, SI_SRC, n] = src
    st.stk[g, SI_SRC_OID, n] = st.obj[g, O_OID, src] if src >= 0 else 0
    st.stk[g, SI_CARD, n] = card
    st.stk[g, SI_ABIL, n] = abil
    st.stk[g, SI_CTRL, n] = ctrl
    st.stk[g, SI_X, n] = x
    st.stk[g, SI_KICKS, n] = kicks
    st.stk[g, SI_FLAGS, n] = flags
    st.stk[g, SI_NTGT, n] = 0
    st.stk[g, SI_SUBJ, n] = -1
    st.stk[g, SI_SUBJ_OID, n] = 0
    st.stk[g, SI_SUBJ_CARD, n] = -1
    for k in range(st.s_lki.shape[2]):
        st.s_lki[g, n, k] = 0
    st.gm[g, G_STACK_N] = n + 1
    return ST_OK, n


@kernel
def target_options_nb(st, ct, g, f, src, ctrl, out):
    """Legal targets for filter f: objects (cards of one name in one graveyard count once)
    and players."""
    n = 0
    src_card = st.obj[g, O_CARD, src] if src >= 0 else -1
    i = -1
    while True:
        i = next_filter_zone_nb(st, ct, g, f, i)
        if i >= st.obj.shape[2]:
            break
        if not matches_filter_nb(st, ct, g, f, src, ctrl, i) or \
                not target_allowed_nb(st, ct, g, i, ctrl, src_card):
            continue
        if st.obj[g, O_ZONE, i] != Z_BATTLEFIELD:
            dup = False
            for k in range(n):
                j = out[k]
                if j >= 0 and st.obj[g, O_CARD, j] == st.obj[g, O_CARD, i] and \
                        st.obj[g, O_ZONE, j] == st.obj[g, O_ZONE, i] and st.obj[g, O_OWNER, j] == st.obj[g, O_OWNER, i]:
                    dup = True
                    break
            if dup:
                continue
        out[n] = i
        n += 1
    for p in range(2):
        if st.pl[g, PL_LOST, p] == 0 and player_matches_nb(st, ct, f, ctrl, p):
            out[n] = player_value_nb(p)
            n += 1
    return n


@kernel
def choose_targets_nb(st, ct, g, si, a, src, ctrl):
    """601.2c / 603.3d: choose each target. Returns (status, ok); ok False = no legal target."""
    nt = ct.abil[a, AB_NTGT]
    b = scratch_nb(st, g, st.obj.shape[2] + 2)
    opts = st.scr[b:b + st.obj.shape[2] + 2]
    for k in range(nt):
        n = target_options_nb(st, ct, g, ct.abil[a, AB_TGT + k], src, ctrl, opts)
        if n == 0:
            return ST_OK, False
        st.gm[g, G_ASK_SRC] = src
        s, t = ask_one_nb(st, ct, g, ASK_OBJECT, target_why_nb(ct.abil, ct.ops, a, k), ctrl, opts, n,
                          True)
        if s != ST_OK:
            return s, False
        st.stk[g, SI_TGT + k, si] = t
        st.stk[g, SI_TOID + k, si] = st.obj[g, O_OID, t] if t >= 0 else 0
    st.stk[g, SI_NTGT, si] = nt
    return ST_OK, True


@kernel
def trigger_before_nb(st, g, q, r):
    """Does waiting trigger q go on the stack before r? APNAP, then rank, then sequence."""
    aq = 0 if st.pq[g, QI_CTRL, q] == st.gm[g, G_ACTIVE] else 1
    ar = 0 if st.pq[g, QI_CTRL, r] == st.gm[g, G_ACTIVE] else 1
    if aq != ar:
        return aq < ar
    if st.pq[g, QI_RANK, q] != st.pq[g, QI_RANK, r]:
        return st.pq[g, QI_RANK, q] < st.pq[g, QI_RANK, r]
    return st.pq[g, QI_SEQ, q] < st.pq[g, QI_SEQ, r]


@kernel
def flush_triggers_nb(st, ct, g):
    """603.3b: waiting triggered abilities go on the stack, the active player's first, each
    player's in their chosen order: in games a question to the controller; in scenarios lower
    rank first (a scenario step's `order`), then the order they triggered."""
    mark = scratch_mark_nb(st, g)
    while st.gm[g, G_Q_N] > 0:
        scratch_release_nb(st, g, mark)
        best = -1
        for q in range(st.gm[g, G_Q_N]):
            if best < 0:
                best = q
                continue
            if trigger_before_nb(st, g, q, best):
                best = q
        q = best
        if st.gm[g, G_AUTOPAY] != 0:
            # games: the controller puts their triggers on the stack in any order they
            # choose, one at a time (options: positions in the waiting list)
            p = st.pq[g, QI_CTRL, best]
            n = 0
            for r in range(st.gm[g, G_Q_N]):
                n += st.pq[g, QI_CTRL, r] == p
            if n >= 2:
                b = scratch_nb(st, g, n)
                opts = st.scr[b:b + n]
                k = 0
                for r in range(st.gm[g, G_Q_N]):
                    if st.pq[g, QI_CTRL, r] == p:
                        opts[k] = r
                        k += 1
                s, q = ask_one_nb(st, ct, g, ASK_INT, W_TRIGGER_ORDER, p, opts, n, True)
                if s != ST_OK:
                    return s
        a = st.pq[g, QI_ABIL, q]
        src = st.pq[g, QI_SRC, q]
        s, si = push_nb(st, g, SK_TRIGGER, -1, st.pq[g, QI_CARD, q], a, st.pq[g, QI_CTRL, q],
                        st.pq[g, QI_X, q], 0, 0)
        if s != ST_OK:
            return s
        st.stk[g, SI_SRC, si] = src
        st.stk[g, SI_SRC_OID, si] = st.pq[g, QI_SRC_OID, q]
        st.stk[g, SI_SUBJ, si] = st.pq[g, QI_SUBJ, q]
        st.stk[g, SI_SUBJ_OID, si] = st.pq[g, QI_SUBJ_OID, q]
        st.stk[g, SI_SUBJ_CARD, si] = st.pq[g, QI_SUBJ_CARD, q]
        for k in range(st.s_lki.shape[2]):
            st.s_lki[g, si, k] = st.q_lki[g, q, k]
        # remove from the waiting list
        for r in range(q, st.gm[g, G_Q_N] - 1):
            st.pq[g, QI_SRC, r] = st.pq[g, QI_SRC, r + 1]
            st.pq[g, QI_SRC_OID, r] = st.pq[g, QI_SRC_OID, r + 1]
            st.pq[g, QI_CARD, r] = st.pq[g, QI_CARD, r + 1]
            st.pq[g, QI_ABIL, r] = st.pq[g, QI_ABIL, r + 1]
            st.pq[g, QI_CTRL, r] = st.pq[g, QI_CTRL, r + 1]
            st.pq[g, QI_X, r] = st.pq[g, QI_X, r + 1]
            st.pq[g, QI_SUBJ, r] = st.pq[g, QI_SUBJ, r + 1]
            st.pq[g, QI_SUBJ_OID, r] = st.pq[g, QI_SUBJ_OID, r + 1]
            st.pq[g, QI_SUBJ_CARD, r] = st.pq[g, QI_SUBJ_CARD, r + 1]
            st.pq[g, QI_RANK, r] = st.pq[g, QI_RANK, r + 1]
            st.pq[g, QI_SEQ, r] = st.pq[g, QI_SEQ, r + 1]
            for k in range(st.q_lki.shape[2]):
                st.q_lki[g, r, k] = st.q_lki[g, r + 1, k]
        st.gm[g, G_Q_N] -= 1
        if ct.abil[a, AB_NTGT] > 0:
            s, ok = choose_targets_nb(st, ct, g, si, a, src, st.stk[g, SI_CTRL, si])
            if s != ST_OK:
                return s
            if not ok:
                st.gm[g, G_STACK_N] -= 1   # 603.3d: no legal target, removed from the stack
    return ST_OK


@kernel
def find_ability_nb(ct, c, kind):
    for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
        if ct.abil[a, AB_KIND] == kind:
            return a
    return -1


@kernel
def linked_source_nb(st, ct, g, i):
    """For a card exiled with a source: the source permanent and its cast-from-exile ability."""
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= st.obj.shape[2]:
            break
        if st.obj[g, O_OID, j] == st.obj[g, O_EX_LINK, i]:
            return j, find_ability_nb(ct, st.obj[g, O_CARD, j], AK_CAST_EXILE)
    return -1, -1


@kernel
def cast_nb(st, ct, g, slot, x, alt, kicks):
    """Cast the card in `slot` (601.2). alt = 1: its warp cost (from hand only)."""
    c = st.obj[g, O_CARD, slot]
    p = st.obj[g, O_OWNER, slot]
    types = ct.card[c, C_TYPES]
    if types & T_LAND:
        return fail_nb(st, g, E_LAND_CAST, slot)   # 305.9: a land is played, not cast
    z = st.obj[g, O_ZONE, slot]
    rmc = 0
    fb = -1
    if z == Z_HAND:
        pass
    elif z == Z_GRAVEYARD:          # 702.34a: flashback, from its owner's graveyard
        fb = find_ability_nb(ct, c, AK_FLASHBACK)
        if fb < 0 or alt != 0:
            return fail_nb(st, g, E_NO_PERMISSION, slot)
        if st.pl[g, PL_LIFE, p] < ct.abil[fb, AB_PAY_LIFE]:
            return fail_nb(st, g, E_COST, slot)   # 119.4
    elif z == Z_EXILE:
        k = st.obj[g, O_EX_KIND, slot]
        if alt != 0:
            return fail_nb(st, g, E_NO_PERMISSION, slot)
        if k == EXP_LINKED:
            j, ab = linked_source_nb(st, ct, g, slot)
            if ab < 0 or st.obj[g, O_CTRL, j] != p or (ct.abil[ab, AB_CE_TYPES] & types) == 0:
                return fail_nb(st, g, E_NO_PERMISSION, slot)
            if ct.abil[ab, AB_CE_YOURTURN] != 0 and st.gm[g, G_ACTIVE] != p:
                return fail_nb(st, g, E_TIMING, slot)
            rmc = ct.abil[ab, AB_CE_RMC]
        elif not exile_permission_nb(st, g, slot, p):
            return fail_nb(st, g, E_NO_PERMISSION, slot)
    else:
        return fail_nb(st, g, E_NO_PERMISSION, slot)
    if not instant_speed_nb(ct, c) and not sorcery_timing_nb(st, g, p):
        return fail_nb(st, g, E_TIMING, slot)
    base = ct.card[c, C_COST] if fb < 0 else ct.abil[fb, AB_COST]
    if alt != 0:
        aa = find_ability_nb(ct, c, AK_ALT_COST)
        if aa < 0:
            return fail_nb(st, g, E_NO_PERMISSION, slot)
        base = ct.abil[aa, AB_COST]
    aa = find_ability_nb(ct, c, AK_ADD_COST)
    x_in_cost = ct.mcost[base, MC_X] != 0
    if aa >= 0:
        for o in range(ct.abil[aa, AB_NACO]):
            if ct.abil[aa, AB_ACO_KIND + o] == ACO_BLIGHT_X:
                x_in_cost = True    # "blight X" is a cost with X (107.3a)
    ka = find_ability_nb(ct, c, AK_KICKER)
    if x < 0 or kicks < 0:     # game mode: X and kicks are announced choices (601.2b)
        pot = potential_mana_nb(st, ct, g, p)
        fixed = min_mana_nb(ct, base)
        if pot < fixed:
            return fail_nb(st, g, E_NOT_ENOUGH_MANA, slot)
        bn = scratch_nb(st, g, 17)
        nums = st.scr[bn:bn + 17]
        for k in range(17):
            nums[k] = k
        if x < 0:
            x = 0
            if x_in_cost:
                per = ct.mcost[base, MC_X]
                xmax = 16 if per == 0 else max(0, min(16, (pot - fixed) // per))
                if aa >= 0 and ct.abil[aa, AB_ACO_KIND + 0] == ACO_BLIGHT_X:
                    xmax = max(0, min(xmax, greatest_toughness_nb(st, ct, g, p)))
                s, x = ask_one_nb(st, ct, g, ASK_INT, W_X, p, nums, xmax + 1, True)
                if s != ST_OK:
                    return s
                fixed += x * per
        if kicks < 0:
            kicks = 0
            if ka >= 0:
                kc = ct.abil[ka, AB_COST]
                each = ct.mcost[kc, MC_GENERIC]
                for t in range(6):
                    each += ct.mcost[kc, MC_PIPS + t]
                kmax = 1 if ct.abil[ka, AB_MULTI] == 0 else 8
                if each > 0:
                    kmax = max(0, min(kmax, (pot - fixed) // each))
                s, kicks = ask_one_nb(st, ct, g, ASK_INT, W_KICKS, p, nums, kmax + 1, True)
                if s != ST_OK:
                    return s
    if x != 0 and not x_in_cost:
        return fail_nb(st, g, E_X_TOO_BIG, slot)
    if kicks > 0 and (ka < 0 or (ct.abil[ka, AB_MULTI] == 0 and kicks > 1)):
        return fail_nb(st, g, E_COST, slot)
    M = st.obj.shape[2]
    b0 = scratch_nb(st, g, 52 + 2 * M + max(rmc, 1))      # the views below, end to end
    need = st.scr[b0:b0 + 6]
    hyb = st.scr[b0 + 6:b0 + 22]
    n2 = st.scr[b0 + 22:b0 + 28]
    h2 = st.scr[b0 + 28:b0 + 44]
    possible = st.scr[b0 + 44:b0 + 46]
    opts2 = st.scr[b0 + 46:b0 + 48]
    tg = st.scr[b0 + 48:b0 + 50]
    cands = st.scr[b0 + 50:b0 + 50 + M]
    opts = st.scr[b0 + 50 + M:b0 + 52 + 2 * M]
    rm = st.scr[b0 + 52 + 2 * M:b0 + 52 + 2 * M + max(rmc, 1)]
    gen, nh = add_cost_nb(ct, base, x, 1, need, hyb, 0)
    if kicks > 0:
        g2, nh = add_cost_nb(ct, ct.abil[ka, AB_COST], 0, kicks, need, hyb, nh)
        gen += g2
    # 601.2b: additional costs announced
    ncands = blight_targets_nb(st, ct, g, p, cands)
    flags = 0
    blight_n = 0
    sac_f = -1
    if aa >= 0:
        nopt = ct.abil[aa, AB_NACO]
        for o in range(nopt):
            kind = ct.abil[aa, AB_ACO_KIND + o]
            if kind == ACO_BLIGHT:
                possible[o] = ncands > 0    # 701.68b
            elif kind == ACO_BLIGHT_X:
                possible[o] = x == 0 or (ncands > 0 and x <= greatest_toughness_nb(st, ct, g, p))
            elif kind == ACO_SACRIFICE:
                possible[o] = sac_cost_candidates_nb(st, ct, g, slot, ct.abil[aa, AB_ACO_N + o],
                                                     p, opts) > 0
            elif kind == ACO_MANA:
                for t in range(6):
                    n2[t] = need[t]
                for t in range(16):
                    h2[t] = hyb[t]
                g3, nh3 = add_cost_nb(ct, ct.abil[aa, AB_ACO_COST + o], 0, 1, n2, h2, nh)
                possible[o] = pay_nb(st, g, p, n2, gen + g3, h2, nh3, False)
        chosen = -1
        if ct.abil[aa, AB_OPTIONAL] != 0:
            if possible[0]:
                s, yes = ask_yesno_nb(st, ct, g, W_MAY, p)
                if s != ST_OK:
                    return s
                if yes:
                    chosen = 0
        else:
            n = 0
            for o in range(nopt):
                if possible[o]:
                    opts2[n] = o
                    n += 1
            if n == 0:
                if ct.abil[aa, AB_ACO_KIND + 0] == ACO_BLIGHT_X:
                    return fail_nb(st, g, E_X_TOO_BIG, slot)
                return fail_nb(st, g, E_COST, slot)
            s, v = ask_one_nb(st, ct, g, ASK_INT, W_COST_OPTION, p, opts2, n, True)
            if s != ST_OK:
                return s
            chosen = v
        if chosen >= 0:
            flags |= 1 | (chosen << 4)
            kind = ct.abil[aa, AB_ACO_KIND + chosen]
            if kind == ACO_BLIGHT:
                blight_n = ct.abil[aa, AB_ACO_N + chosen]
            elif kind == ACO_BLIGHT_X:
                blight_n = x
            elif kind == ACO_SACRIFICE:
                sac_f = ct.abil[aa, AB_ACO_N + chosen]
            elif kind == ACO_MANA:
                g3, nh = add_cost_nb(ct, ct.abil[aa, AB_ACO_COST + chosen], 0, 1, need, hyb, nh)
                gen += g3
    if alt != 0:
        flags |= 2
    if fb >= 0:
        flags |= CF_FLASHBACK
    # 601.2c: targets
    sa = ct.card[c, C_SPELL]
    if sa < 0 and (types & T_PERMANENT) == 0:    # an instant or sorcery: modal?
        s, sa = choose_mode_nb(st, ct, g, c, slot, p, opts)
        if s != ST_OK:
            return s
        if sa == -2:
            return fail_nb(st, g, E_NO_TARGET, slot)
    tg[0] = -1
    tg[1] = -1
    ntg = 0
    if sa >= 0 and ct.abil[sa, AB_NTGT] > 0:
        for k in range(ct.abil[sa, AB_NTGT]):
            n = target_options_nb(st, ct, g, ct.abil[sa, AB_TGT + k], slot, p, opts)
            if n == 0:
                return fail_nb(st, g, E_NO_TARGET, slot)
            st.gm[g, G_ASK_SRC] = slot
            s, t = ask_one_nb(st, ct, g, ASK_OBJECT, target_why_nb(ct.abil, ct.ops, sa, k), p, opts, n,
                              True)
            if s != ST_OK:
                return s
            tg[k] = t
        ntg = ct.abil[sa, AB_NTGT]
    # 601.2f-h: the total cost is locked in and paid (in games, mana abilities first: 601.2g)
    if st.gm[g, G_AUTOPAY] != 0:
        autopay_nb(st, ct, g, p, need, gen, hyb, nh)
    if not pay_nb(st, g, p, need, gen, hyb, nh, False):
        return fail_nb(st, g, E_NOT_ENOUGH_MANA, slot)
    blighted = -1
    if blight_n > 0:
        s, blighted = ask_one_nb(st, ct, g, ASK_OBJECT, W_BLIGHT, p, cands, ncands, True)
        if s != ST_OK:
            return s
    sac = -1
    if sac_f >= 0:      # 601.2h: the permanent to sacrifice, chosen as the cost is paid
        nsac = sac_cost_candidates_nb(st, ct, g, slot, sac_f, p, opts)
        if nsac == 0:
            return fail_nb(st, g, E_COST, slot)
        s, sac = ask_one_nb(st, ct, g, ASK_OBJECT, W_SAC_COST, p, opts, nsac, True)
        if s != ST_OK:
            return s
    if rmc > 0:
        total = 0
        n = 0
        i = -1
        while True:
            i = next_creature_nb(st, ct, g, p, i)
            if i >= M:
                break
            if obj_has_counters_nb(st, g, i):
                opts[n] = i
                n += 1
                for k in range(st.o_counters.shape[1]):
                    total += st.o_counters[g, k, i]
        if total < rmc:
            return fail_nb(st, g, E_COST, slot)
        s, m = ask_many_nb(st, ct, g, ASK_COUNTERS, W_REMOVE_COUNTERS, p, opts, n, rmc, rmc,
                           False, rm)
        if s != ST_OK:
            return s
    pay_nb(st, g, p, need, gen, hyb, nh, True)
    if fb >= 0 and ct.abil[fb, AB_PAY_LIFE] > 0:      # "Flashback—{1}{U}, Pay 3 life"
        st.pl[g, PL_LIFE, p] -= ct.abil[fb, AB_PAY_LIFE]
        mark_sba_nb(st, g)
    if sac >= 0:
        s = leave_one_nb(st, ct, g, sac, Z_GRAVEYARD)
        if s != ST_OK:
            return s
    if blighted >= 0:
        put_counters_nb(st, g, blighted, CK_MINUS, blight_n)
    for r in range(rmc):
        i = rm[r]
        done = False
        for k in range(st.o_counters.shape[1]):
            if st.o_counters[g, k, i] > 0:
                st.o_counters[g, k, i] -= 1
                mark_sba_nb(st, g)
                mark_mana_nb(st, g)
                done = True
                break
        if not done:
            return fail_nb(st, g, E_COST, slot)
    move_card_nb(st, g, slot, Z_STACK)
    record_first_nb(st, g, slot, O_CAST)
    st.obj[g, O_X, slot] = x
    st.obj[g, O_KICKS, slot] = kicks
    st.obj[g, O_CFLAGS, slot] = flags
    s, si = push_nb(st, g, SK_SPELL, slot, c, sa, p, x, kicks, flags)
    if s != ST_OK:
        return s
    for k in range(ntg):
        t = tg[k]
        st.stk[g, SI_TGT + k, si] = t
        st.stk[g, SI_TOID + k, si] = st.obj[g, O_OID, t] if t >= 0 else 0
    st.stk[g, SI_NTGT, si] = ntg
    # 601.2i: "when you cast" triggers
    for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
        if ct.abil[a, AB_KIND] == AK_TRIGGER and ct.abil[a, AB_EVENT] == EV_CAST:
            s = queue_trigger_nb(st, g, a, slot, st.obj[g, O_OID, slot], c, p, -1, -1, x,
                                 st.obj[g, O_RANK, slot])
            if s != ST_OK:
                return s
    if (types & T_CREATURE) == 0:
        return prowess_triggers_nb(st, ct, g, p)
    return ST_OK


@kernel
def prowess_triggers_nb(st, ct, g, p):
    """702.108a: player p cast a noncreature spell: the prowess trigger of each permanent
    with prowess p controls (compile.py: EV_PROWESS, +1/+1 until end of turn)."""
    M = st.obj.shape[2]
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            return ST_OK
        c = st.obj[g, O_CARD, i]
        if st.obj[g, O_CTRL, i] != p or (ct.card[c, C_KW] & KW_PROWESS) == 0:
            continue
        for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
            if ct.abil[a, AB_KIND] == AK_TRIGGER and ct.abil[a, AB_EVENT] == EV_PROWESS:
                s = queue_trigger_nb(st, g, a, i, st.obj[g, O_OID, i], c, p, -1, -1, 0,
                                     st.obj[g, O_RANK, i])
                if s != ST_OK:
                    return s


@kernel
def choose_mode_nb(st, ct, g, c, slot, p, opts):
    """A modal spell's mode (700.2a, 601.2b), chosen as it is cast among the modes whose
    every target has a legal choice (601.2c); (status, its ability id), -1 for a card with
    no modes, -2 when no mode can be chosen. `opts`: scratch for target_options_nb."""
    b = scratch_nb(st, g, 6)
    modes = st.scr[b:b + 6]
    n = 0
    first = -1
    for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
        if ct.abil[a, AB_KIND] != AK_MODE:
            continue
        if first < 0:
            first = a
        ok = True
        for k in range(ct.abil[a, AB_NTGT]):
            if target_options_nb(st, ct, g, ct.abil[a, AB_TGT + k], slot, p, opts) == 0:
                ok = False
        if ok and n < 6:
            modes[n] = a - first
            n += 1
    if first < 0:
        return ST_OK, -1
    if n == 0:
        return ST_OK, -2
    s, m = ask_one_nb(st, ct, g, ASK_INT, W_MODE, p, modes, n, True)
    return s, first + m


@kernel
def plain_cast_nb(ct, c):
    """Would casting card c from hand (no alternative cost) ask nothing but its targets, and
    could it fail only on timing, targets, mana or stack room? Then cast_payable_nb decides
    it in place. Keep in step with cast_nb: a question or a failure added there for such
    cards belongs here."""
    if ct.card[c, C_TYPES] & T_LAND:
        return False
    if ct.mcost[ct.card[c, C_COST], MC_X] != 0:
        return False                    # X is announced (601.2b)
    for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
        k = ct.abil[a, AB_KIND]
        if k == AK_ADD_COST or k == AK_KICKER:
            return False                # additional and optional costs (601.2b)
        if k == AK_TRIGGER and ct.abil[a, AB_EVENT] == EV_CAST:
            return False                # a "when you cast" trigger (601.2i)
        if k == AK_MODE:
            return False                # a mode is chosen (700.2a)
    return True


@kernel
def cast_payable_nb(st, ct, g, slot, alt, pot, cnt):
    """Would cast_nb get through for a plain card (plain_cast_nb; alt = 1: for its warp cost,
    plain_warp_nb) in p's hand, timing checked, p able to make `pot` mana? Decided in place
    instead of by a dry run on a copy
    of the whole game: cast_nb's other checks, a legal target for each target (the dry run
    takes the first; which one does not change the cost), then the payment. `cnt`: p's
    mana counts (mana.simple_mana_nb), filled on first use (cnt[6] = -1: not yet; 1: they
    decide autopay, mana.simple_payable_nb; 0: they do not). Otherwise autopay runs on the
    game itself and is undone. Returns 1 (castable) or 0, plus 2 when autopay ran in place.
    Autopay only taps p's simple {T} sources (their mana abilities, with replacement effects
    and "tapped for mana" triggers, only add to p's pool, and pay or lose p's life) and asks
    nothing, so untapping what it tapped and restoring p's pool and life restores the game. After a payment that works,
    the spell goes on the stack (room checked here) and nothing else can fail: it triggers
    nothing and makes no state-based action apply. F_OPT_AUDIT checks all of this against
    the dry run (options.cast_option_nb)."""
    c = st.obj[g, O_CARD, slot]
    p = st.obj[g, O_OWNER, slot]
    base = ct.card[c, C_COST] if alt == 0 else ct.abil[find_ability_nb(ct, c, AK_ALT_COST),
                                                       AB_COST]
    if pot < min_mana_nb(ct, base) or st.gm[g, G_STACK_N] >= st.stk.shape[2]:
        return 0
    M = st.obj.shape[2]
    sa = ct.card[c, C_SPELL]
    if sa >= 0 and ct.abil[sa, AB_NTGT] > 0:
        mark = scratch_mark_nb(st, g)
        b = scratch_nb(st, g, M + 2)
        opts = st.scr[b:b + M + 2]
        for k in range(ct.abil[sa, AB_NTGT]):
            if target_options_nb(st, ct, g, ct.abil[sa, AB_TGT + k], slot, p, opts) == 0:
                scratch_release_nb(st, g, mark)
                return 0
        scratch_release_nb(st, g, mark)
    if cnt[6] < 0:
        cnt[6] = 1 if simple_mana_nb(st, ct, g, p, cnt) else 0
    if cnt[6] == 1 and st.gm[g, G_AUTOPAY] != 0:      # the counts predict autopay
        r = simple_payable_nb(ct, base, cnt)
        if r >= 0:
            return r
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, TRIAL_CELLS + M)
    keep = st.scr[b:b + TRIAL_CELLS + M]
    ok = trial_pay_nb(st, ct, g, p, base, st.gm[g, G_AUTOPAY] != 0, keep)
    undo_trial_nb(st, g, p, keep)
    scratch_release_nb(st, g, mark)
    return 3 if ok else 2


TRIAL_CELLS = 13        # trial_pay_nb's record: [tapped n, p's pool (6), err, err arg, pref,
#                         potential mana known, p's life, SBA mark] (a painland's damage and
#                         Mana Confluence's life are paid as autopay taps them)


@kernel
def trial_pay_nb(st, ct, g, p, cost, autopay, keep):
    """Would p's payment of `cost` work as cast_nb and activate_nb make it (autopay first
    when `autopay`)? Nothing is paid; the game is left as autopay left it, and `keep`
    (TRIAL_CELLS + object slots) records what undo_trial_nb needs to restore it. Autopay
    only taps p's simple {T} sources and adds to p's pool (their mana abilities, with
    replacement effects and "tapped for mana" triggers; a painland's damage and a life cost
    change p's life), so untapping what it tapped and restoring p's pool and life restores
    the game."""
    M = st.obj.shape[2]
    n = 0
    if autopay:
        i = -1
        while True:
            i = next_bf_nb(st, g, i)
            if i >= M:
                break
            if st.obj[g, O_CTRL, i] == p and st.obj[g, O_TAPPED, i] == 0:
                keep[TRIAL_CELLS + n] = i
                n += 1
    keep[0] = n
    for t in range(6):
        keep[1 + t] = st.p_pool[g, p, t]
    keep[7] = st.gm[g, G_ERR]
    keep[8] = st.gm[g, G_ERR_ARG]
    keep[9] = st.gm[g, G_MANA_PREF]
    keep[10] = st.gm[g, G_POT_KNOWN]
    keep[11] = st.pl[g, PL_LIFE, p]
    keep[12] = st.gm[g, G_SBA_DIRTY]
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, 22)
    need = st.scr[b:b + 6]
    hyb = st.scr[b + 6:b + 22]
    gen, nh = add_cost_nb(ct, cost, 0, 1, need, hyb, 0)
    if autopay:
        autopay_nb(st, ct, g, p, need, gen, hyb, nh)
    ok = pay_nb(st, g, p, need, gen, hyb, nh, False)
    scratch_release_nb(st, g, mark)
    return ok


@kernel
def undo_trial_nb(st, g, p, keep):
    """The game as it was before trial_pay_nb (its record `keep`)."""
    for k in range(keep[0]):
        st.obj[g, O_TAPPED, keep[TRIAL_CELLS + k]] = 0
    for t in range(6):
        st.p_pool[g, p, t] = keep[1 + t]
    st.gm[g, G_ERR] = keep[7]
    st.gm[g, G_ERR_ARG] = keep[8]
    st.gm[g, G_MANA_PREF] = keep[9]
    st.gm[g, G_POT_KNOWN] = keep[10]    # the board autopay's counts were made on is back
    st.pl[g, PL_LIFE, p] = keep[11]
    st.gm[g, G_SBA_DIRTY] = keep[12]


@kernel
def plain_warp_nb(ct, c):
    """plain_cast_nb for casting card c from hand for its warp cost: a plain card whose warp
    cost has no X (cast_nb then differs only in the cost and a flag)."""
    aa = find_ability_nb(ct, c, AK_ALT_COST)
    return aa >= 0 and plain_cast_nb(ct, c) and ct.mcost[ct.abil[aa, AB_COST], MC_X] == 0


@kernel
def plain_ability_nb(ct, a):
    """Could activating ability a (AK_ACTIVATED) fail only on the checks ability_payable_nb
    makes? All but those that sacrifice a permanent (leaving the battlefield may trigger
    and fail on room). Keep in step with activate_nb."""
    return ct.abil[a, AB_SAC_SELF] == 0 and ct.abil[a, AB_SAC_F] < 0


@kernel
def used_this_turn_nb(st, ct, g, slot, a):
    """602.5b: has this object's "activate only once each turn" ability a been activated
    this turn?"""
    return ct.abil[a, AB_ONCE] != 0 and st.obj[g, O_ONCE_TURN, slot] == st.gm[g, G_TURN] and \
        (st.obj[g, O_ONCE_MASK, slot] >> ct.abil[a, AB_ACTIDX]) & 1 != 0


@kernel
def sac_cost_candidates_nb(st, ct, g, slot, f, p, out):
    """Permanents p controls that could be sacrificed for a cost (filter f: an ability's
    a_sac_f, a spell's ACO_SACRIFICE; "another" leaves out the source itself)."""
    n = 0
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= st.obj.shape[2]:
            break
        if st.obj[g, O_CTRL, i] == p and matches_filter_nb(st, ct, g, f, slot, p, i):
            out[n] = i
            n += 1
    return n


@kernel
def discard_cost_candidates_nb(st, g, slot, p, out):
    """Cards in p's hand that could be discarded for a cost: all but the source itself."""
    n = 0
    for i in range(st.obj.shape[2]):
        if i != slot and st.obj[g, O_CARD, i] >= 0 and st.obj[g, O_ZONE, i] == Z_HAND and \
                st.obj[g, O_OWNER, i] == p:
            out[n] = i
            n += 1
    return n


@kernel
def activation_checks_nb(st, ct, g, slot, a, p):
    """activate_nb's checks after the payment is found (602.2b): counters to remove, a
    creature to blight (701.68b), creatures to tap, room on the stack, a legal target for
    each target (a dry run takes the first; which one does not change the cost)."""
    if ct.abil[a, AB_RMC_KIND] >= 0 and \
            st.o_counters[g, ct.abil[a, AB_RMC_KIND], slot] < ct.abil[a, AB_RMC_N]:
        return False
    if st.pl[g, PL_LIFE, p] < ct.abil[a, AB_PAY_LIFE]:     # 119.4
        return False
    if st.gm[g, G_STACK_N] >= st.stk.shape[2]:
        return False
    if used_this_turn_nb(st, ct, g, slot, a):
        return False
    M = st.obj.shape[2]
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, M + 2)
    cands = st.scr[b:b + M + 2]
    ok = True
    if ct.abil[a, AB_BLIGHT] > 0 and blight_targets_nb(st, ct, g, p, cands) == 0:
        ok = False
    elif ct.abil[a, AB_DISCARD_N] > 0 and \
            discard_cost_candidates_nb(st, g, slot, p, cands) < ct.abil[a, AB_DISCARD_N]:
        ok = False
    elif ct.abil[a, AB_SAC_F] >= 0 and sac_cost_candidates_nb(st, ct, g, slot, ct.abil[a, AB_SAC_F], p, cands) == 0:
        ok = False
    elif ct.abil[a, AB_TAPN] > 0 and \
            tap_candidates_nb(st, ct, g, slot, a, p, cands) < ct.abil[a, AB_TAPN]:
        ok = False
    else:
        for k in range(ct.abil[a, AB_NTGT]):
            if target_options_nb(st, ct, g, ct.abil[a, AB_TGT + k], slot, p, cands) == 0:
                ok = False
                break
    scratch_release_nb(st, g, mark)
    return ok


@kernel
def ability_payable_nb(st, ct, g, slot, a, cnt):
    """Would activate_nb get through for activated ability a (plain_ability_nb) of p's
    permanent in `slot`, timing and {T} checked by the caller? Decided in place instead of
    by a dry run, as cast_payable_nb decides a plain spell: the payment (autopay runs first
    unless the ability taps its permanent, as in activate_nb; predicted by p's mana counts
    `cnt` when nothing after it reads what autopay taps, else run on the game and undone),
    then activation_checks_nb on the game as autopay left it. Returns 1 (legal) or 0, plus 2
    when autopay ran in place. Audited against the dry run (options.ability_option_nb)."""
    p = st.obj[g, O_CTRL, slot]
    if mana_cost_check_nb(st, ct, g, slot, a) != 0:
        return 0
    cost = ct.abil[a, AB_COST]
    autopay = st.gm[g, G_AUTOPAY] != 0 and ct.abil[a, AB_TAP] == 0
    later = ct.abil[a, AB_BLIGHT] > 0 or ct.abil[a, AB_TAPN] > 0 or ct.abil[a, AB_NTGT] > 0
    if autopay and not later:
        if cnt[6] < 0:
            cnt[6] = 1 if simple_mana_nb(st, ct, g, p, cnt) else 0
        if cnt[6] == 1:
            r = simple_payable_nb(ct, cost, cnt)
            if r >= 0:
                return r if activation_checks_nb(st, ct, g, slot, a, p) else 0
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, TRIAL_CELLS + st.obj.shape[2])
    keep = st.scr[b:b + TRIAL_CELLS + st.obj.shape[2]]
    ok = trial_pay_nb(st, ct, g, p, cost, autopay, keep) and \
        activation_checks_nb(st, ct, g, slot, a, p)
    undo_trial_nb(st, g, p, keep)
    scratch_release_nb(st, g, mark)
    return (1 if ok else 0) + (2 if autopay else 0)


@kernel
def activate_nb(st, ct, g, slot, number):
    """Activate the card's activated ability `number` (printed order, mana abilities
    included); a mana ability resolves at once (605.3b)."""
    c = st.obj[g, O_CARD, slot]
    a = -1
    for b in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
        if ct.abil[b, AB_ACTIDX] == number:
            a = b
    if a < 0:
        return fail_nb(st, g, E_NO_ABILITY, number)
    # 602.2: a permanent's abilities from the battlefield; cycling's from the hand (702.29a)
    if st.obj[g, O_ZONE, slot] != (ct.abil[a, AB_ZONE] if ct.abil[a, AB_KIND] == AK_ACTIVATED
                                   else Z_BATTLEFIELD):
        return fail_nb(st, g, E_NOT_IN_ZONE, slot)
    if ct.abil[a, AB_KIND] == AK_MANA:
        return activate_mana_nb(st, ct, g, slot, a)
    p = st.obj[g, O_CTRL, slot]
    if ct.abil[a, AB_SORCERY] != 0 and not sorcery_timing_nb(st, g, p):
        return fail_nb(st, g, E_TIMING, slot)
    e = mana_cost_check_nb(st, ct, g, slot, a)
    if e != 0:
        return fail_nb(st, g, e, slot)
    M = st.obj.shape[2]
    b = scratch_nb(st, g, 14 + 3 * M)
    need = st.scr[b:b + 6]
    hyb = st.scr[b + 6:b + 14]
    cands = st.scr[b + 14:b + 14 + M]
    tcands = st.scr[b + 14 + M:b + 14 + 2 * M]
    chosen = st.scr[b + 14 + 2 * M:b + 14 + 3 * M]
    gen, nh = add_cost_nb(ct, ct.abil[a, AB_COST], 0, 1, need, hyb, 0)
    if st.gm[g, G_AUTOPAY] != 0 and ct.abil[a, AB_TAP] == 0:
        autopay_nb(st, ct, g, p, need, gen, hyb, nh)
    if not pay_nb(st, g, p, need, gen, hyb, nh, False):
        return fail_nb(st, g, E_NOT_ENOUGH_MANA, slot)
    if ct.abil[a, AB_RMC_KIND] >= 0 and st.o_counters[g, ct.abil[a, AB_RMC_KIND], slot] < ct.abil[a, AB_RMC_N]:
        return fail_nb(st, g, E_COST, slot)
    if st.pl[g, PL_LIFE, p] < ct.abil[a, AB_PAY_LIFE]:
        return fail_nb(st, g, E_COST, slot)   # 119.4: only with that much life
    if used_this_turn_nb(st, ct, g, slot, a):
        return fail_nb(st, g, E_COST, slot)   # 602.5b
    ncands = blight_targets_nb(st, ct, g, p, cands)
    if ct.abil[a, AB_BLIGHT] > 0 and ncands == 0:
        return fail_nb(st, g, E_COST, slot)   # 701.68b
    ntc = 0
    if ct.abil[a, AB_TAPN] > 0:
        ntc = tap_candidates_nb(st, ct, g, slot, a, p, tcands)
        if ntc < ct.abil[a, AB_TAPN]:
            return fail_nb(st, g, E_COST, slot)
    s, si = push_nb(st, g, SK_ACTIVATED, slot, c, a, p, 0, 0, 0)
    if s != ST_OK:
        return s
    # 602.2b: targets, then payment choices
    if ct.abil[a, AB_NTGT] > 0:
        s, ok = choose_targets_nb(st, ct, g, si, a, slot, p)
        if s != ST_OK:
            return s
        if not ok:
            return fail_nb(st, g, E_NO_TARGET, slot)
    nch = 0
    if ct.abil[a, AB_TAPN] > 0:
        s, nch = ask_many_nb(st, ct, g, ASK_OBJECTS, W_TAP_CREATURES, p, tcands, ntc, ct.abil[a, AB_TAPN], ct.abil[a, AB_TAPN], True,
                             chosen)
        if s != ST_OK:
            return s
    blighted = -1
    if ct.abil[a, AB_BLIGHT] > 0:
        s, blighted = ask_one_nb(st, ct, g, ASK_OBJECT, W_BLIGHT, p, cands, ncands, True)
        if s != ST_OK:
            return s
    # 601.2h / 602.2b: which permanent to sacrifice and which cards to discard, chosen as
    # the cost is paid (cands is free again: the blight choice is made)
    nd = ct.abil[a, AB_DISCARD_N]
    b2 = scratch_nb(st, g, M + nd + 1)
    dpick = st.scr[b2:b2 + nd + 1]
    sac = -1
    if ct.abil[a, AB_SAC_F] >= 0:
        nsac = sac_cost_candidates_nb(st, ct, g, slot, ct.abil[a, AB_SAC_F], p, cands)
        if nsac == 0:
            return fail_nb(st, g, E_COST, slot)
        s, sac = ask_one_nb(st, ct, g, ASK_OBJECT, W_SAC_COST, p, cands, nsac, True)
        if s != ST_OK:
            return s
    for k in range(nd):
        nh_ = discard_cost_candidates_nb(st, g, slot, p, cands)
        m = 0
        for j in range(nh_):        # not a card already chosen
            dup = False
            for q in range(k):
                dup = dup or dpick[q] == cands[j]
            if not dup:
                cands[m] = cands[j]
                m += 1
        if m == 0:
            return fail_nb(st, g, E_COST, slot)
        s, got = ask_one_nb(st, ct, g, ASK_OBJECT, W_DISCARD_COST, p, cands, m, True)
        if s != ST_OK:
            return s
        dpick[k] = got
    # pay
    mark_mana_nb(st, g)
    if ct.abil[a, AB_TAP] != 0:
        st.obj[g, O_TAPPED, slot] = 1
    if ct.abil[a, AB_UNTAP] != 0:
        st.obj[g, O_TAPPED, slot] = 0
    pay_nb(st, g, p, need, gen, hyb, nh, True)
    for k in range(nch):
        st.obj[g, O_TAPPED, chosen[k]] = 1
    if blighted >= 0:
        put_counters_nb(st, g, blighted, CK_MINUS, ct.abil[a, AB_BLIGHT])
    if ct.abil[a, AB_PAY_LIFE] > 0:
        st.pl[g, PL_LIFE, p] -= ct.abil[a, AB_PAY_LIFE]
        mark_sba_nb(st, g)
    if ct.abil[a, AB_RMC_KIND] >= 0:
        st.o_counters[g, ct.abil[a, AB_RMC_KIND], slot] -= ct.abil[a, AB_RMC_N]
        mark_sba_nb(st, g)
        mark_mana_nb(st, g)
    for k in range(st.s_lki.shape[2]):
        st.s_lki[g, si, k] = st.o_counters[g, k, slot]
    if ct.abil[a, AB_DISCARD_SELF] != 0:    # 702.29a: discard this card (from the hand)
        move_card_nb(st, g, slot, Z_GRAVEYARD)
    if ct.abil[a, AB_EXILE_SELF] != 0:      # "Exile ~ from your graveyard"
        move_card_nb(st, g, slot, Z_EXILE)
    for k in range(nd):
        move_card_nb(st, g, dpick[k], Z_GRAVEYARD)
    if ct.abil[a, AB_ONCE] != 0:            # 602.5b
        if st.obj[g, O_ONCE_TURN, slot] != st.gm[g, G_TURN]:
            st.obj[g, O_ONCE_MASK, slot] = 0
        st.obj[g, O_ONCE_TURN, slot] = st.gm[g, G_TURN]
        st.obj[g, O_ONCE_MASK, slot] |= 1 << ct.abil[a, AB_ACTIDX]
    if sac >= 0:
        s = leave_one_nb(st, ct, g, sac, Z_GRAVEYARD)
        if s != ST_OK:
            return s
    if ct.abil[a, AB_SAC_SELF] != 0:
        s = leave_one_nb(st, ct, g, slot, Z_GRAVEYARD)
        if s != ST_OK:
            return s
    return ST_OK


@kernel
def spell_leaves_to_nb(st, g, slot, zone):
    """Where the spell card in `slot` goes as it leaves the stack for `zone`: exile instead
    if it was cast for its flashback cost (702.34a)."""
    if (st.obj[g, O_CFLAGS, slot] & CF_FLASHBACK) != 0:
        return Z_EXILE
    return zone


@kernel
def resolve_top_nb(st, ct, g):
    """608: resolve the top object of the stack."""
    n = st.gm[g, G_STACK_N]
    if n == 0:
        return fail_nb(st, g, E_STACK_EMPTY, 0)
    si = n - 1
    kind = st.stk[g, SI_KIND, si]
    a = st.stk[g, SI_ABIL, si]
    if kind == SK_TRIGGER and ct.abil[a, AB_COND] == COND_SELF_HAS_COUNTERS:
        src = st.stk[g, SI_SRC, si]
        if st.obj[g, O_OID, src] != st.stk[g, SI_SRC_OID, si] or not obj_has_counters_nb(st, g, src):
            st.gm[g, G_STACK_N] = si      # 603.4: the intervening "if" is false now
            return ST_OK
    nt = st.stk[g, SI_NTGT, si]
    b = scratch_nb(st, g, 4)
    tgt_ok = st.scr[b:b + 2]
    any_ok = False
    for k in range(nt):
        tgt_ok[k] = target_legal_nb(st, ct, g, si, k)
        any_ok = any_ok or tgt_ok[k] != 0
    slot = st.stk[g, SI_SRC, si]
    if nt > 0 and not any_ok:   # 608.2b: every target illegal: it doesn't resolve
        st.gm[g, G_STACK_N] = si
        if kind == SK_SPELL:
            move_card_nb(st, g, slot, spell_leaves_to_nb(st, g, slot, Z_GRAVEYARD))
        return ST_OK
    if kind == SK_SPELL:
        c = st.obj[g, O_CARD, slot]
        if (ct.card[c, C_TYPES] & T_PERMANENT) != 0:
            st.gm[g, G_STACK_N] = si
            slots = st.scr[b + 2:b + 3]
            ctrls = st.scr[b + 3:b + 4]
            slots[0] = slot
            ctrls[0] = st.stk[g, SI_CTRL, si]
            s = enter_bf_nb(st, ct, g, slots, ctrls, 1, -1)
            if s != ST_OK:
                return s
            if nt > 0:   # an Aura spell becomes attached to its target (303.4f)
                st.obj[g, O_ATTACHED, slot] = st.stk[g, SI_TGT + 0, si]
                mark_mana_nb(st, g)     # what it gives (haste) may let a mana creature tap
                mark_sba_nb(st, g)
            if (st.obj[g, O_CFLAGS, slot] & 2) != 0:   # warp: exile at the next end step
                d = st.gm[g, G_D_N]
                if d >= st.dl.shape[2]:
                    return ST_CAPACITY
                st.dl[g, DI_ABIL, d] = ct.meta[1]
                st.dl[g, DI_OBJ, d] = slot
                st.dl[g, DI_OID, d] = st.obj[g, O_OID, slot]
                st.dl[g, DI_CTRL, d] = st.stk[g, SI_CTRL, si]
                st.dl[g, DI_WHEN, d] = EV_END_STEP
                st.dl[g, DI_TURN, d] = -1
                st.gm[g, G_D_N] = d + 1
            return ST_OK
        s = run_ops_nb(st, ct, g, si, tgt_ok)
        if s != ST_OK:
            return s
        st.gm[g, G_STACK_N] -= 1    # it is on top (below it, a countered spell may be gone)
        to_library = False
        for o in range(ct.abil[a, AB_OP0], ct.abil[a, AB_OP0] + ct.abil[a, AB_NOP]):
            if ct.ops[o, 0] == OP_SHUFFLE_INTO_LIB:
                to_library = True
        if st.obj[g, O_ZONE, slot] == Z_STACK:
            to = spell_leaves_to_nb(st, g, slot, Z_LIBRARY if to_library else Z_GRAVEYARD)
            if to == Z_LIBRARY:
                lib_put_top_nb(st, g, slot)
                shuffle_library_nb(st, g, st.obj[g, O_OWNER, slot])
            else:
                move_card_nb(st, g, slot, to)
        return ST_OK
    s = run_ops_nb(st, ct, g, si, tgt_ok)
    if s != ST_OK:
        return s
    st.gm[g, G_STACK_N] -= 1        # as above
    return ST_OK
