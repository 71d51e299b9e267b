"""Mana (CR 106, 605): what each permanent could produce (106.7, a least fixed point),
activating mana abilities ({T}, {Q}, mana and tap-creatures costs; 302.6 for a creature's own
{T}/{Q}), undefined types making no mana (106.5), replacement effects on tapping for mana
(106.12b, order chosen, 616.1), triggered mana abilities (106.12a, 605.4a), and paying costs
from the pool (generic, coloured, hybrid, X)."""
import numpy as np

from ..consts import (
    AK_MANA,
    AK_MANA_REPLACE,
    AK_MANA_TRIGGER,
    AM_CONST,
    AM_COUNT,
    AM_COUNTERS_SELF,
    ASK_MANA,
    ASK_OBJECTS,
    ASK_ORDER,
    COLOR_MASK,
    E_COST,
    E_NOT_ENOUGH_MANA,
    E_SICK,
    E_TAPPED,
    E_UNTAPPED,
    FROM_LANDS_OPP,
    FROM_LANDS_YOU,
    MR_LANDS,
    MR_YOU_TAP,
    MT_ADD_FIXED,
    MT_ANY_LAND,
    MT_ENCHANTED_LAND,
    PK_ANY_COLOR,
    PK_CHOICE,
    PK_COLOR_OF_PERM,
    PK_FIXED,
    PK_REFLECT,
    ST_OK,
    T_LAND,
    W_MANA,
    W_REPLACEMENT_ORDER,
    W_TAP_CREATURES,
)
from ..encoding import mana_count_nb, one_mana_nb, player_value_nb
from ..jit import entry, kernel
from ..layout import (
    AB_AM_A,
    AB_AM_K,
    AB_COST,
    AB_KIND,
    AB_MR_MULT,
    AB_MR_TO,
    AB_MR_WITH,
    AB_MT_ADD,
    AB_MT_SRC,
    AB_MT_VAL,
    AB_NOPTS,
    AB_PAY_LIFE,
    AB_PROD,
    AB_PROD_FROM,
    AB_PROD_OPTS,
    AB_PROD_VAL,
    AB_SELF_DMG,
    AB_SIMPLE,
    AB_TAP,
    AB_TAPN,
    AB_TAPN_SUB,
    AB_UNTAP,
    C_ABIL0,
    C_COLORS,
    C_MANA_MODS,
    C_MANA_MULT,
    C_MANA_TRIG,
    C_NABIL,
    C_SIMPLE_LAST,
    C_SIMPLE_MANA,
    G_MANA_PREF,
    G_POT0,
    G_POT_KNOWN,
    MC_GENERIC,
    MC_HYB,
    MC_PIPS,
    MC_X,
    O_ATTACHED,
    O_CARD,
    O_CTRL,
    O_TAPPED,
    PL_LIFE,
)
from .choice import ask_many_nb, ask_one_nb, fail_nb
from .damage import damage_nb
from .manamark import mark_mana_nb
from .query import (
    any_on_bf_nb,
    can_use_tap_nb,
    count_filter_nb,
    has_subtype_nb,
    is_creature_nb,
    is_land_nb,
    obj_types_nb,
)
from .sbamark import mark_sba_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .zonebits import next_bf_nb


@kernel
def unpack_nb(v, out):
    for t in range(6):
        out[t] = mana_count_nb(v, t)


@kernel
def packed_mask_nb(v):
    m = 0
    for t in range(6):
        if mana_count_nb(v, t):
            m |= 1 << t
    return m


@kernel
def pack_one_nb(t):
    return np.int32(one_mana_nb(t))


# ---------------------------------------------------------------- paying costs from a pool

@kernel
def add_cost_nb(ct, cid, x, times, need, hyb, nh):
    """Add `times` copies of mana cost `cid` (with X = x) to need[6] and hyb[]; returns the
    generic amount and the new hybrid count."""
    if cid < 0 or times <= 0:
        return 0, nh
    for t in range(6):
        need[t] += ct.mcost[cid, MC_PIPS + t] * times
    for _ in range(times):
        for h in range(4):
            if ct.mcost[cid, MC_HYB + h] != 0:
                hyb[nh] = ct.mcost[cid, MC_HYB + h]
                nh += 1
    return (ct.mcost[cid, MC_GENERIC] + ct.mcost[cid, MC_X] * x) * times, nh


@kernel
def min_mana_nb(ct, cid):
    """The least mana that pays cost cid with X = 0: generic, coloured pips and one per
    hybrid symbol."""
    if cid < 0:
        return 0
    n = ct.mcost[cid, MC_GENERIC]
    for t in range(6):
        n += ct.mcost[cid, MC_PIPS + t]
    for h in range(4):
        n += ct.mcost[cid, MC_HYB + h] != 0
    return n


@kernel
def pay_nb(st, g, p, need, generic, hyb, nh, do_pay):
    """Can p's pool pay the cost (coloured pips need[6], hybrid symbols hyb[:nh] as colour
    masks, `generic`)? Pays if do_pay. Which mana pays what is an engine heuristic."""
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, 12)
    rem = st.scr[b:b + 6]
    tmp = st.scr[b + 6:b + 12]
    ok = pay_from_nb(st, g, p, need, generic, hyb, nh, do_pay, rem, tmp)
    scratch_release_nb(st, g, mark)
    return ok


@kernel
def pay_from_nb(st, g, p, need, generic, hyb, nh, do_pay, rem, tmp):
    for t in range(6):
        rem[t] = st.p_pool[g, p, t] - need[t]
        if rem[t] < 0:
            return False
    found = -1
    for choice in range(1 << nh):
        for t in range(6):
            tmp[t] = rem[t]
        ok = True
        for h in range(nh):
            m = hyb[h]
            lo = -1
            hi = -1
            for t in range(6):
                if m & (1 << t):
                    if lo < 0:
                        lo = t
                    else:
                        hi = t
            col = hi if (choice >> h) & 1 and hi >= 0 else lo
            tmp[col] -= 1
            if tmp[col] < 0:
                ok = False
                break
        if ok:
            tot = 0
            for t in range(6):
                tot += tmp[t]
            if tot >= generic:
                found = choice
                break
    if found < 0:
        return False
    if not do_pay:
        return True
    for t in range(6):
        rem[t] = tmp[t]
    left = generic
    # generic: colourless first, then the most plentiful colour
    take = min(left, rem[5])
    rem[5] -= take
    left -= take
    while left > 0:
        best = 0
        for t in range(5):
            if rem[t] > rem[best]:
                best = t
        rem[best] -= 1
        left -= 1
    for t in range(6):
        st.p_pool[g, p, t] = rem[t]
    mark_mana_nb(st, g)
    return True


# ---------------------------------------------------------------- could produce (106.7)

@kernel
def mana_times_nb(st, ct, g, i, a):
    k = ct.abil[a, AB_AM_K]
    if k == AM_CONST:
        return ct.abil[a, AB_AM_A]
    if k == AM_COUNT:
        return count_filter_nb(st, ct, g, ct.abil[a, AB_AM_A], i, st.obj[g, O_CTRL, i])
    if k == AM_COUNTERS_SELF:
        return st.o_counters[g, ct.abil[a, AB_AM_A], i]
    return 1


@kernel
def repl_applies_nb(st, ct, g, ar, r, i):
    """Does replacement ability ar of permanent r apply to tapping permanent i for mana?"""
    to = ct.abil[ar, AB_MR_TO]
    if to == MR_YOU_TAP:
        return st.obj[g, O_CTRL, r] == st.obj[g, O_CTRL, i]
    if to == MR_LANDS:
        return is_land_nb(st, ct, g, i)
    return False


@kernel
def mana_repls_nb(st, ct, g, reps):
    """The battlefield's replacement effects that change the type of mana (pairs slot,
    ability in reps); found once per could-produce computation instead of once per source.
    Returns (their number, whether any mana ability copies what lands could produce)."""
    n = 0
    reflect = False
    r = -1
    while True:
        r = next_bf_nb(st, g, r)
        if r >= st.obj.shape[2]:
            break
        cr = st.obj[g, O_CARD, r]
        for ar in range(ct.card[cr, C_ABIL0], ct.card[cr, C_ABIL0] + ct.card[cr, C_NABIL]):
            k = ct.abil[ar, AB_KIND]
            if k == AK_MANA and ct.abil[ar, AB_PROD] == PK_REFLECT:
                reflect = True
            elif k == AK_MANA_REPLACE and ct.abil[ar, AB_MR_WITH] != 0 and \
                    2 * n + 1 < reps.shape[0]:
                reps[2 * n] = r
                reps[2 * n + 1] = ar
                n += 1
    return n, reflect


@kernel
def repl_types_nb(st, ct, g, i, base, reps, nrep):
    """Types after every applicable replacement, in any order (106.7): an effect that replaces
    the type can be applied last, so each such effect's type is possible; multiplying keeps
    types."""
    if base == 0:
        return 0
    res = 0
    for k in range(nrep):
        if repl_applies_nb(st, ct, g, reps[2 * k + 1], reps[2 * k], i):
            res |= packed_mask_nb(ct.abil[reps[2 * k + 1], AB_MR_WITH])
    return res if res != 0 else base


@kernel
def perm_colors_nb(st, ct, g, p):
    m = 0
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= st.obj.shape[2]:
            break
        if st.obj[g, O_CTRL, j] == p:
            m |= ct.card[st.obj[g, O_CARD, j], C_COLORS]
    return m


@kernel
def reflect_mask_nb(st, ct, g, i, a, cp):
    """Union of what the lands in scope could produce (cp), limited to the ability's types."""
    frm = ct.abil[a, AB_PROD_FROM]
    p = st.obj[g, O_CTRL, i]
    m = 0
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= st.obj.shape[2]:
            break
        if (obj_types_nb(st, ct, g, j) & T_LAND) == 0:
            continue
        if frm == FROM_LANDS_YOU and st.obj[g, O_CTRL, j] != p:
            continue
        if frm == FROM_LANDS_OPP and st.obj[g, O_CTRL, j] == p:
            continue
        m |= cp[j]
    return m & ct.abil[a, AB_PROD_VAL]


@kernel
def ability_types_nb(st, ct, g, i, a, cp, reps, nrep):
    """Types ability a of permanent i would produce if it resolved now (costs ignored)."""
    pk = ct.abil[a, AB_PROD]
    m = 0
    if pk == PK_FIXED:
        if mana_times_nb(st, ct, g, i, a) > 0:
            m = packed_mask_nb(ct.abil[a, AB_PROD_VAL])
    elif pk == PK_CHOICE:
        if mana_times_nb(st, ct, g, i, a) > 0:
            for k in range(ct.abil[a, AB_NOPTS]):
                m |= packed_mask_nb(ct.abil[a, AB_PROD_OPTS + k])
    elif pk == PK_ANY_COLOR:
        m = COLOR_MASK
    elif pk == PK_REFLECT:
        m = reflect_mask_nb(st, ct, g, i, a, cp)
    elif pk == PK_COLOR_OF_PERM:
        m = perm_colors_nb(st, ct, g, st.obj[g, O_CTRL, i]) & COLOR_MASK
    if ct.abil[a, AB_TAP] != 0:
        m = repl_types_nb(st, ct, g, i, m, reps, nrep)
    return m


@entry
def could_produce_py(st, ct, g, cp):
    """could_produce_nb for Python (scenario checks); kernels call the kernel."""
    could_produce_nb(st, ct, g, cp)


@entry
def could_produce_games_py(st, ct, games, repeats, cp):
    """could_produce_nb on each game of `games`, in turn, `repeats` times over, into cp (the
    bench's micro-benchmark: simcore/microbench.py). Kernels call the kernel."""
    for _ in range(repeats):
        for k in range(games.shape[0]):
            could_produce_nb(st, ct, games[k], cp)


@kernel
def could_produce_nb(st, ct, g, cp):
    """cp[i] = 6-bit mask of the types permanent i could produce (106.7). Abilities that copy
    what other lands could produce start from nothing and grow until nothing changes: the
    least fixed point, so Orchards facing Orchards make nothing."""
    M = st.obj.shape[2]
    for i in range(M):
        cp[i] = 0
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, 2 * M)
    reps = st.scr[b:b + 2 * M]
    nrep, _ = mana_repls_nb(st, ct, g, reps)
    changed = True
    rounds = 0
    while changed and rounds < 4 * M + 8:
        changed = False
        rounds += 1
        reflect = False
        i = -1
        while True:
            i = next_bf_nb(st, g, i)
            if i >= M:
                break
            c = st.obj[g, O_CARD, i]
            m = 0
            for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
                if ct.abil[a, AB_KIND] == AK_MANA:
                    reflect = reflect or ct.abil[a, AB_PROD] == PK_REFLECT
                    m |= ability_types_nb(st, ct, g, i, a, cp, reps, nrep)
            if (cp[i] | m) != cp[i]:
                cp[i] |= m
                changed = True
        if not reflect:
            break       # no ability reads cp: the first round is the fixed point
    scratch_release_nb(st, g, mark)


# ---------------------------------------------------------------- activating (605)

@kernel
def choose_mana_nb(st, ct, g, p, opts, n):
    """Which mana (packed) a resolving mana ability adds: the player's choice, or while the
    engine pays a cost (autopay), the option with the wanted type."""
    pref = st.gm[g, G_MANA_PREF]
    if pref < 0:
        return ask_one_nb(st, ct, g, ASK_MANA, W_MANA, p, opts, n, True)
    for k in range(n):
        if mana_count_nb(opts[k], pref):
            return ST_OK, np.int64(opts[k])
    return ST_OK, np.int64(opts[0])


@kernel
def mana_cost_check_nb(st, ct, g, i, a):
    """{T}/{Q}, summoning sickness and life checks for ability a of permanent i; returns E_*
    or 0."""
    if st.pl[g, PL_LIFE, st.obj[g, O_CTRL, i]] < ct.abil[a, AB_PAY_LIFE]:
        return E_COST       # 119.4: no paying more life than you have
    if ct.abil[a, AB_TAP] != 0:
        if st.obj[g, O_TAPPED, i] != 0:
            return E_TAPPED
        if not can_use_tap_nb(st, ct, g, i):
            return E_SICK
    if ct.abil[a, AB_UNTAP] != 0:
        if st.obj[g, O_TAPPED, i] == 0:
            return E_UNTAPPED
        if not can_use_tap_nb(st, ct, g, i):
            return E_SICK
    return 0


@kernel
def tap_candidates_nb(st, ct, g, i, a, p, out):
    """Untapped creatures p controls that can pay "tap N untapped [subtype] creatures"
    (summoning sickness does not matter: it is not the creature's own {T}, 302.6)."""
    n = 0
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= st.obj.shape[2]:
            break
        if st.obj[g, O_CTRL, j] != p:
            continue
        if st.obj[g, O_TAPPED, j] != 0 or not is_creature_nb(st, ct, g, j):
            continue
        if j == i and ct.abil[a, AB_TAP] != 0:
            continue  # it is tapped by its own {T}
        if not has_subtype_nb(st, ct, g, j, ct.abil[a, AB_TAPN_SUB]):
            continue
        out[n] = j
        n += 1
    return n


@kernel
def activate_mana_nb(st, ct, g, i, a):
    """Activate mana ability a of permanent i: pay its costs, then it resolves at once."""
    p = st.obj[g, O_CTRL, i]
    e = mana_cost_check_nb(st, ct, g, i, a)
    if e != 0:
        return fail_nb(st, g, e, i)
    M = st.obj.shape[2]
    b = scratch_nb(st, g, 14 + 2 * M)
    need = st.scr[b:b + 6]
    hyb = st.scr[b + 6:b + 14]
    chosen = st.scr[b + 14:b + 14 + M]
    cands = st.scr[b + 14 + M:b + 14 + 2 * M]
    gen, nh = add_cost_nb(ct, ct.abil[a, AB_COST], 0, 1, need, hyb, 0)
    if not pay_nb(st, g, p, need, gen, hyb, nh, False):
        return fail_nb(st, g, E_NOT_ENOUGH_MANA, i)
    nchosen = 0
    if ct.abil[a, AB_TAPN] > 0:
        nc = tap_candidates_nb(st, ct, g, i, a, p, cands)
        if nc < ct.abil[a, AB_TAPN]:
            return fail_nb(st, g, E_COST, i)
        s, nchosen = ask_many_nb(st, ct, g, ASK_OBJECTS, W_TAP_CREATURES, p, cands, nc,
                                 ct.abil[a, AB_TAPN], ct.abil[a, AB_TAPN], True, chosen)
        if s != ST_OK:
            return s
    mark_mana_nb(st, g)
    if ct.abil[a, AB_TAP] != 0:
        st.obj[g, O_TAPPED, i] = 1
    if ct.abil[a, AB_UNTAP] != 0:
        st.obj[g, O_TAPPED, i] = 0
    pay_nb(st, g, p, need, gen, hyb, nh, True)
    for k in range(nchosen):
        st.obj[g, O_TAPPED, chosen[k]] = 1
    pay_life_nb(st, ct, g, a, p)
    s = resolve_mana_nb(st, ct, g, i, a, p)
    self_damage_nb(st, ct, g, i, a, p)
    return s


@kernel
def pay_life_nb(st, ct, g, a, p):
    """Mana ability a's life cost (119.4; mana_cost_check_nb checked it can be paid)."""
    n = ct.abil[a, AB_PAY_LIFE]
    if n > 0:
        st.pl[g, PL_LIFE, p] -= n
        mark_sba_nb(st, g)


@kernel
def self_damage_nb(st, ct, g, i, a, p):
    """"~ deals N damage to you" as mana ability a of permanent i resolves (605.3b): damage
    from the permanent (120.3a), as any other."""
    n = ct.abil[a, AB_SELF_DMG]
    if n > 0:
        damage_nb(st, ct, g, player_value_nb(p), n, st.obj[g, O_CARD, i], p)


@kernel
def resolve_mana_nb(st, ct, g, i, a, p):
    """The mana ability resolves (605.3b): production, replacement effects on tapping for
    mana (106.12b), then triggered mana abilities (106.12a, 605.4a)."""
    M = st.obj.shape[2]
    b = scratch_nb(st, g, 6 + 8 + 6 + 4 * 16 + M)
    prod = st.scr[b:b + 6]
    opts = st.scr[b + 6:b + 14]
    tmp = st.scr[b + 14:b + 20]
    rs = st.scr[b + 20:b + 36]
    ra = st.scr[b + 36:b + 52]
    used = st.scr[b + 52:b + 68]
    ropts = st.scr[b + 68:b + 84]
    cp = st.scr[b + 84:b + 84 + M]
    pk = ct.abil[a, AB_PROD]
    times = mana_times_nb(st, ct, g, i, a)
    if pk == PK_FIXED:
        unpack_nb(ct.abil[a, AB_PROD_VAL], prod)
        for t in range(6):
            prod[t] *= times
    elif pk == PK_CHOICE:
        n = ct.abil[a, AB_NOPTS]
        for k in range(n):
            opts[k] = ct.abil[a, AB_PROD_OPTS + k]
        s, v = choose_mana_nb(st, ct, g, p, opts, n)
        if s != ST_OK:
            return s
        unpack_nb(v, prod)
        for t in range(6):
            prod[t] *= times
    else:
        mask = 0
        if pk == PK_ANY_COLOR:
            mask = COLOR_MASK
        elif pk == PK_REFLECT:
            could_produce_nb(st, ct, g, cp)
            mask = reflect_mask_nb(st, ct, g, i, a, cp)
        elif pk == PK_COLOR_OF_PERM:
            mask = perm_colors_nb(st, ct, g, p) & COLOR_MASK
        n = 0
        for t in range(6):
            if mask & (1 << t):
                opts[n] = pack_one_nb(t)
                n += 1
        if n > 0:   # undefined type: no mana (106.5)
            s, v = choose_mana_nb(st, ct, g, p, opts, n)
            if s != ST_OK:
                return s
            unpack_nb(v, prod)
            for t in range(6):
                prod[t] *= times
    total = 0
    for t in range(6):
        total += prod[t]
    tapped_for_mana = ct.abil[a, AB_TAP] != 0   # 106.12: only a {T} ability is "tapping for mana"
    if tapped_for_mana and total > 0:
        nr = 0
        r = -1
        while True:
            r = next_bf_nb(st, g, r)
            if r >= M:
                break
            cr = st.obj[g, O_CARD, r]
            if ct.card[cr, C_MANA_MODS] == 0:
                continue
            for ar in range(ct.card[cr, C_ABIL0], ct.card[cr, C_ABIL0] + ct.card[cr, C_NABIL]):
                if ct.abil[ar, AB_KIND] == AK_MANA_REPLACE and nr < 16 and \
                        repl_applies_nb(st, ct, g, ar, r, i):
                    rs[nr] = r
                    ra[nr] = ar
                    nr += 1
        left = nr
        while left > 0:
            nopt = 0
            for k in range(nr):
                if used[k] == 0:
                    ropts[nopt] = rs[k]
                    nopt += 1
            if st.gm[g, G_MANA_PREF] >= 0:
                s, v = ST_OK, np.int64(ropts[0])    # autopay: the engine orders them
            else:
                s, v = ask_one_nb(st, ct, g, ASK_ORDER, W_REPLACEMENT_ORDER, p, ropts, nopt, True)
            if s != ST_OK:
                return s
            pick = -1
            for k in range(nr):
                if used[k] == 0 and rs[k] == v:
                    pick = k
                    break
            used[pick] = 1
            left -= 1
            ar = ra[pick]
            if ct.abil[ar, AB_MR_WITH] != 0:
                unpack_nb(ct.abil[ar, AB_MR_WITH], prod)
            if ct.abil[ar, AB_MR_MULT] > 1:
                for t in range(6):
                    prod[t] *= ct.abil[ar, AB_MR_MULT]
    for t in range(6):
        st.p_pool[g, p, t] += prod[t]
    mark_mana_nb(st, g)
    total = 0
    for t in range(6):
        total += prod[t]
    if not (tapped_for_mana and total > 0):
        return ST_OK   # 106.12a: "tapped for mana" triggers need mana actually produced
    who = st.obj[g, O_CTRL, i]
    r = -1
    while True:
        r = next_bf_nb(st, g, r)
        if r >= M:
            break
        cr = st.obj[g, O_CARD, r]
        if ct.card[cr, C_MANA_MODS] == 0:
            continue
        for ar in range(ct.card[cr, C_ABIL0], ct.card[cr, C_ABIL0] + ct.card[cr, C_NABIL]):
            if ct.abil[ar, AB_KIND] != AK_MANA_TRIGGER:
                continue
            src = ct.abil[ar, AB_MT_SRC]
            if src == MT_ENCHANTED_LAND and not (st.obj[g, O_ATTACHED, r] == i and
                                                 is_land_nb(st, ct, g, i)):
                continue
            if src == MT_ANY_LAND and not is_land_nb(st, ct, g, i):
                continue
            if ct.abil[ar, AB_MT_ADD] == MT_ADD_FIXED:
                unpack_nb(ct.abil[ar, AB_MT_VAL], tmp)
                for t in range(6):
                    st.p_pool[g, who, t] += tmp[t]
                mark_mana_nb(st, g)
            else:
                n = 0
                for t in range(6):
                    if prod[t] > 0:
                        opts[n] = pack_one_nb(t)
                        n += 1
                s, v = choose_mana_nb(st, ct, g, who, opts, n)
                if s != ST_OK:
                    return s
                for t in range(6):
                    if v == pack_one_nb(t):
                        st.p_pool[g, who, t] += 1
                mark_mana_nb(st, g)
    return ST_OK


# ---------------------------------------------------------------- paying in games (autopay)

@kernel
def simple_source_nb(st, ct, g, i):
    """The first {T}-only mana ability permanent i can use now, or -1 (sources autopay may
    tap); next_simple_nb gives the others (a land of two basic land types has two, 305.6)."""
    if st.obj[g, O_TAPPED, i] != 0 or not can_use_tap_nb(st, ct, g, i):
        return -1
    return ct.card[st.obj[g, O_CARD, i], C_SIMPLE_MANA]      # (compile.derived)


@kernel
def next_simple_nb(ct, c, a):
    """Card c's {T}-only mana ability after its ability a (a_simple), or -1."""
    last = ct.card[c, C_SIMPLE_LAST]
    a += 1
    while a <= last:
        if ct.abil[a, AB_SIMPLE] != 0:
            return a
        a += 1
    return -1


@kernel
def source_types_nb(st, ct, g, i, a, cp, reps, nrep):
    """Types simple source i could make now by any of its {T}-only mana abilities, the first
    of which is a (ability_types_nb of each)."""
    c = st.obj[g, O_CARD, i]
    m = 0
    while a >= 0:
        m |= ability_types_nb(st, ct, g, i, a, cp, reps, nrep)
        a = next_simple_nb(ct, c, a)
    return m


@kernel
def simple_for_type_nb(st, ct, g, i, a, t, anyt, cp, reps, nrep):
    """The first of simple source i's {T}-only mana abilities (from a) that can make mana of
    type t (autopay's choice of ability), one that costs no life first; when any type will
    do (anyt), one that costs no life before a painful one of type t (a painland taps for
    {C} when colour does not matter); a when none can."""
    c = st.obj[g, O_CARD, i]
    if t < 0 or ct.card[c, C_SIMPLE_LAST] == a:
        return a
    first = -1
    free_other = -1
    b = a
    while b >= 0:
        free = ct.abil[b, AB_PAY_LIFE] == 0 and ct.abil[b, AB_SELF_DMG] == 0
        if ability_types_nb(st, ct, g, i, b, cp, reps, nrep) & (1 << t):
            if free:
                return b
            if first < 0:
                first = b
        elif free and free_other < 0:
            free_other = b
        b = next_simple_nb(ct, c, b)
    if anyt and free_other >= 0:
        return free_other
    return first if first >= 0 else a


@kernel
def simple_mana_nb(st, ct, g, p, cnt):
    """cnt[t] := p's pool of type t plus p's sources autopay may tap (simple_source_nb) that
    add one mana of type t. True when these counts decide autopay (simple_payable_nb): each
    such source adds exactly one mana of one type, and no replacement effect or "tapped for
    mana" trigger is on the battlefield."""
    for t in range(6):
        cnt[t] = st.p_pool[g, p, t]
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= st.obj.shape[2]:
            break
        if ct.card[st.obj[g, O_CARD, i], C_MANA_MODS] != 0:
            return False
        if st.obj[g, O_CTRL, i] != p:
            continue
        a = simple_source_nb(st, ct, g, i)
        if a < 0:
            continue
        if ct.abil[a, AB_PROD] != PK_FIXED or mana_times_nb(st, ct, g, i, a) != 1:
            return False
        if ct.card[st.obj[g, O_CARD, i], C_SIMPLE_LAST] != a:
            return False    # a choice of abilities (a dual land): autopay decides, not counts
        v = ct.abil[a, AB_PROD_VAL]
        one = -1
        for t in range(6):
            n = mana_count_nb(v, t)
            if n > 1 or (n == 1 and one >= 0):
                return False
            if n == 1:
                one = t
        if one < 0:
            return False
        cnt[one] += 1
    return True


@kernel
def simple_payable_nb(ct, cid, cnt):
    """With simple_mana_nb's counts: would autopay pay cost cid (X = 0)? 1 / 0, or -1 for a
    cost with hybrid symbols (undecided). Why the counts decide: while a colour is missing,
    autopay taps a source of a missing colour (and fails if there is none), then any source
    until the pool pays; with one-mana one-type sources that succeeds exactly when the pool
    with every source tapped pays."""
    for h in range(4):
        if ct.mcost[cid, MC_HYB + h] != 0:
            return -1
    left = 0
    for t in range(6):
        d = cnt[t] - ct.mcost[cid, MC_PIPS + t]
        if d < 0:
            return 0
        left += d
    return 1 if left >= ct.mcost[cid, MC_GENERIC] else 0


@kernel
def potential_mana_nb(st, ct, g, p):
    """An upper bound of the mana autopay can make for p (count_potential_mana_nb), kept in
    the State until something it counts changes (manamark.py)."""
    if (st.gm[g, G_POT_KNOWN] >> p) & 1 == 0:
        st.gm[g, G_POT0 + p] = count_potential_mana_nb(st, ct, g, p)
        st.gm[g, G_POT_KNOWN] |= 1 << p
    return st.gm[g, G_POT0 + p]


@kernel
def count_potential_mana_nb(st, ct, g, p):
    """An upper bound of the mana autopay can make for p: the pool plus one activation of
    each simple source (by its ability that makes the most), with every multiplying
    replacement and "tapped for mana" trigger."""
    M = st.obj.shape[2]
    mult = 1
    extra_land = 0
    r = -1
    while True:
        r = next_bf_nb(st, g, r)
        if r >= M:
            break
        cr = st.obj[g, O_CARD, r]
        mult *= ct.card[cr, C_MANA_MULT]         # (compile.derived)
        extra_land += ct.card[cr, C_MANA_TRIG]
    n = 0
    for t in range(6):
        n += st.p_pool[g, p, t]
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            break
        if st.obj[g, O_CTRL, i] == p:
            a = simple_source_nb(st, ct, g, i)
            if a >= 0:
                most = 1        # one activation: of the ability that makes the most
                c = st.obj[g, O_CARD, i]
                while a >= 0:
                    most = max(most, mana_times_nb(st, ct, g, i, a))
                    a = next_simple_nb(ct, c, a)
                n += most * mult
                if is_land_nb(st, ct, g, i):
                    n += extra_land
    return n


@kernel
def autopay_nb(st, ct, g, p, need, gen, hyb, nh):
    """Game mode: tap p's simple mana sources until the pool can pay the cost (which lands pay
    which pips is the engine's heuristic: a source of a missing colour with the fewest types
    first, then any source; within each, creatures after the other sources, as players keep
    them to attack and block; a source's types are those of all its {T}-only mana abilities,
    and it is tapped by one that makes the type wanted). Returns whether the pool can pay
    now."""
    M = st.obj.shape[2]
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, 3 * M)
    cp = st.scr[b:b + M]
    reps = st.scr[b + M:b + 3 * M]
    nrep, reflect = mana_repls_nb(st, ct, g, reps)
    if reflect:     # only abilities that copy lands' mana read cp (reflect_mask_nb)
        could_produce_nb(st, ct, g, cp)     # tapping changes nothing here: 106.7 ignores it
    ok = autopay_taps_nb(st, ct, g, p, need, gen, hyb, nh, cp, reps, nrep)
    scratch_release_nb(st, g, mark)
    return ok


@kernel
def tap_fixed_nb(st, ct, g, i, a, p):
    """activate_mana_nb of simple source i's ability a when it makes fixed mana and nothing
    on the battlefield modifies mana: what that activation does then, without its general
    machinery (costs to check and pay, replacement and trigger scans): i taps and p's pool
    gets the mana (autopay taps ~20 sources a greedy game, ~11% of its time before this)."""
    mark_mana_nb(st, g)
    st.obj[g, O_TAPPED, i] = 1
    times = mana_times_nb(st, ct, g, i, a)
    v = ct.abil[a, AB_PROD_VAL]
    for t in range(6):
        st.p_pool[g, p, t] += mana_count_nb(v, t) * times
    pay_life_nb(st, ct, g, a, p)
    self_damage_nb(st, ct, g, i, a, p)


@kernel
def autopay_taps_nb(st, ct, g, p, need, gen, hyb, nh, cp, reps, nrep):
    M = st.obj.shape[2]
    # no mana replacement effect or "tapped for mana" trigger: tap_fixed_nb is the activation
    plain = nrep == 0 and not any_on_bf_nb(st, ct, g, C_MANA_MODS)
    mark = scratch_mark_nb(st, g)
    for _ in range(M):
        scratch_release_nb(st, g, mark)       # cells of the previous activation
        if pay_nb(st, g, p, need, gen, hyb, nh, False):
            return True
        short = 0
        for t in range(6):
            if need[t] > st.p_pool[g, p, t]:
                short |= 1 << t
        want = 0
        for h in range(nh):
            want |= hyb[h]
        best = -1
        best_a = -1
        best_score = 1 << 30
        best_pref = -1
        best_any = False
        i = -1
        while True:
            i = next_bf_nb(st, g, i)
            if i >= M:
                break
            if st.obj[g, O_CTRL, i] != p:
                continue
            a = simple_source_nb(st, ct, g, i)
            if a < 0:
                continue
            m = source_types_nb(st, ct, g, i, a, cp, reps, nrep)
            if m == 0:
                continue
            nbits = 0
            for t in range(6):
                if m & (1 << t):
                    nbits += 1
            score = nbits
            pref = -1
            if short != 0:
                if (m & short) == 0:
                    continue
                for t in range(6):
                    if (m & short) & (1 << t):
                        pref = t
                        break
            elif want != 0 and (m & want) != 0:
                for t in range(6):
                    if (m & want) & (1 << t):
                        pref = t
                        break
            else:
                score += 16
                for t in range(5, -1, -1):
                    if m & (1 << t):
                        pref = t
            if is_creature_nb(st, ct, g, i):
                score += 7          # mana creatures after lands of their class: they could
                #                     attack or block (classes: 1-13 a needed colour, 17-29 any)
            if score < best_score:
                best_score = score
                best = i
                best_a = a
                best_pref = pref
                best_any = short == 0 and (want == 0 or (m & want) == 0)
        if best < 0:
            return False
        best_a = simple_for_type_nb(st, ct, g, best, best_a, best_pref, best_any, cp, reps,
                                    nrep)
        if st.pl[g, PL_LIFE, p] < ct.abil[best_a, AB_PAY_LIFE]:
            return False        # 119.4; autopay does not look for another source then
        if plain and ct.abil[best_a, AB_PROD] == PK_FIXED:
            tap_fixed_nb(st, ct, g, best, best_a, p)
            continue
        st.gm[g, G_MANA_PREF] = best_pref
        s = activate_mana_nb(st, ct, g, best, best_a)
        st.gm[g, G_MANA_PREF] = -1
        if s != ST_OK:
            return False
    return pay_nb(st, g, p, need, gen, hyb, nh, False)
