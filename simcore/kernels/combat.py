"""Combat (506-511): declaring attackers and blockers, combat damage with flying/reach,
menace, vigilance, deathtouch, lifelink and trample; summoning sickness and haste for attacking."""
from ..consts import (
    ATK_DECLARED,
    ATK_FS_STEP,
    E_CANT_ATTACK,
    E_CANT_BLOCK,
    EV_ATTACKS,
    EV_COMBAT_DAMAGE_PLAYER,
    KW_ATTACKS_EACH_COMBAT,
    KW_CANT_ATTACK,
    KW_DEATHTOUCH,
    KW_DEFENDER,
    KW_DOUBLE_STRIKE,
    KW_FIRST_STRIKE,
    KW_MENACE,
    KW_TRAMPLE,
    KW_VIGILANCE,
    ST_OK,
    Z_BATTLEFIELD,
)
from ..encoding import is_player_value_nb, player_value_nb
from ..jit import kernel
from ..layout import (
    C_KW,
    G_ACTIVE,
    G_ANY_ATTACKERS,
    O_ATTACKING,
    O_BLOCKING,
    O_CARD,
    O_CTRL,
    O_DAMAGE,
    O_TAPPED,
    O_ZONE,
)
from .choice import fail_nb
from .damage import damage_kw_nb
from .manamark import mark_mana_nb

# evades_nb: which creature may block which, one rule read by the declaration, the block
# options and the players (players/greedy.py), so it lives with the other characteristics
from .query import (
    attached_grants_nb,
    can_use_tap_nb,
    evades_nb,
    has_kw_nb,
    is_creature_nb,
    may_attack_nb,
    next_creature_nb,
    pt_scan_nb,
)
from .scratch import scratch_nb
from .zonebits import next_bf_nb
from .zones import event_triggers_nb

BLOCKED = -2   # o_blocking of an attacker that was blocked (it stays blocked, 509.1h)


@kernel
def declare_attackers_nb(st, ct, g, slots, n):
    p = st.gm[g, G_ACTIVE]
    for k in range(n):
        i = slots[k]
        if i < 0 or st.obj[g, O_CARD, i] < 0 or st.obj[g, O_ZONE, i] != Z_BATTLEFIELD or \
                st.obj[g, O_CTRL, i] != p or not is_creature_nb(st, ct, g, i) or \
                st.obj[g, O_TAPPED, i] != 0 or st.obj[g, O_ATTACKING, i] != 0 or \
                not can_use_tap_nb(st, ct, g, i) or \
                has_kw_nb(st, ct, g, i, KW_DEFENDER | KW_CANT_ATTACK):     # 508.1c
            return fail_nb(st, g, E_CANT_ATTACK, i)
        st.obj[g, O_ATTACKING, i] = 1
    i = missing_attacker_nb(st, ct, g, p)
    if i >= 0:              # 508.1d: one that attacks each combat if able is left out
        for k in range(n):
            st.obj[g, O_ATTACKING, slots[k]] = 0
        return fail_nb(st, g, E_CANT_ATTACK, i)
    for k in range(n):
        i = slots[k]
        if not has_kw_nb(st, ct, g, i, KW_VIGILANCE):
            st.obj[g, O_TAPPED, i] = 1
            mark_mana_nb(st, g)
    st.gm[g, G_ANY_ATTACKERS] = ATK_DECLARED if n > 0 else 0
    return event_triggers_nb(st, ct, g, slots, n, EV_ATTACKS)     # 508.3a


@kernel
def missing_attacker_nb(st, ct, g, p):
    """A creature of p that attacks each combat if able, is able and is not attacking
    (508.1d); -1 none."""
    M = st.obj.shape[2]
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, p, i)
        if i >= M:
            return -1
        if has_kw_nb(st, ct, g, i, KW_ATTACKS_EACH_COMBAT) and \
                st.obj[g, O_ATTACKING, i] == 0 and may_attack_nb(st, ct, g, i):
            return i


@kernel
def menace_blockable_nb(st, ct, g, d, a):
    """Could attacker a with menace be blocked at all: has player d two untapped creatures
    that may block it (702.111b)?"""
    M = st.obj.shape[2]
    n = 0
    b = -1
    while True:
        b = next_bf_nb(st, g, b)
        if b >= M:
            break
        if st.obj[g, O_CTRL, b] == d and st.obj[g, O_TAPPED, b] == 0 and \
                is_creature_nb(st, ct, g, b) and not evades_nb(st, ct, g, b, a):
            n += 1
            if n >= 2:
                return True
    return False


@kernel
def declare_blockers_nb(st, ct, g, blockers, attackers, n):
    d = 1 - st.gm[g, G_ACTIVE]
    menace = False
    for k in range(n):
        b = blockers[k]
        a = attackers[k]
        if b < 0 or a < 0 or st.obj[g, O_CARD, b] < 0 or st.obj[g, O_ZONE, b] != Z_BATTLEFIELD or \
                st.obj[g, O_CTRL, b] != d or not is_creature_nb(st, ct, g, b) or \
                st.obj[g, O_TAPPED, b] != 0 or st.obj[g, O_BLOCKING, b] >= 0 or \
                st.obj[g, O_ATTACKING, a] == 0:
            return fail_nb(st, g, E_CANT_BLOCK, b)
        if evades_nb(st, ct, g, b, a):
            return fail_nb(st, g, E_CANT_BLOCK, b)
        if has_kw_nb(st, ct, g, a, KW_MENACE):
            menace = True
        st.obj[g, O_BLOCKING, b] = a
        st.obj[g, O_BLOCKING, a] = BLOCKED
    for k in range(n if menace else 0):
        # 702.111b: an attacker with menace can't be blocked except by two or more creatures
        a = attackers[k]
        if has_kw_nb(st, ct, g, a, KW_MENACE) and blocks_on_nb(attackers, n, a) < 2:
            return fail_nb(st, g, E_CANT_BLOCK, blockers[k])
    return ST_OK


@kernel
def blocks_on_nb(attackers, n, a):
    """How many of the n blocks declared are on attacker a."""
    m = 0
    for k in range(n):
        if attackers[k] == a:
            m += 1
    return m


@kernel
def strikes_now_nb(st, ct, g, i, step):
    """Does creature i deal combat damage in this combat damage step (510.4; `step`: the
    game's g_any_attackers)? With no first strike in combat (ATK_DECLARED) every creature
    does; in the first-strike step those with first or double strike; in the step after it
    those without first strike and those with double strike (702.4b)."""
    if step == ATK_DECLARED:
        return True
    ds = has_kw_nb(st, ct, g, i, KW_DOUBLE_STRIKE)
    if step == ATK_FS_STEP:
        return ds or has_kw_nb(st, ct, g, i, KW_FIRST_STRIKE)
    return ds or not has_kw_nb(st, ct, g, i, KW_FIRST_STRIKE)


@kernel
def first_strike_in_combat_nb(st, ct, g):
    """510.4: has an attacking or blocking creature first strike or double strike?"""
    M = st.obj.shape[2]
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            return False
        if (st.obj[g, O_ATTACKING, i] != 0 or st.obj[g, O_BLOCKING, i] >= 0) and \
                (has_kw_nb(st, ct, g, i, KW_FIRST_STRIKE) or
                 has_kw_nb(st, ct, g, i, KW_DOUBLE_STRIKE)):
            return True


@kernel
def combat_damage_nb(st, ct, g):
    """510.1-2: every attacker and blocker assigns its damage, then all of it is dealt at
    once. An attacker assigns lethal damage to its blockers in turn (deathtouch: 1 is lethal),
    the rest to the last one or, with trample, to the player; a blocked trampler whose
    blockers are all gone assigns all of it to the player (702.19e). With first or double
    strike in combat, this is the first of two damage steps (510.4: strikes_now_nb)."""
    if st.gm[g, G_ANY_ATTACKERS] == ATK_DECLARED and first_strike_in_combat_nb(st, ct, g):
        st.gm[g, G_ANY_ATTACKERS] = ATK_FS_STEP
    step = st.gm[g, G_ANY_ATTACKERS]
    M = st.obj.shape[2]
    b0 = scratch_nb(st, g, 11 * M)
    amt = st.scr[b0:b0 + 3 * M]         # (source, target, amount) triples
    src = st.scr[b0 + 3 * M:b0 + 6 * M]
    tgt = st.scr[b0 + 6 * M:b0 + 9 * M]
    assigned = st.scr[b0 + 9 * M:b0 + 10 * M]
    blk = st.scr[b0 + 10 * M:b0 + 11 * M]     # the attacker's blockers, in slot order
    na = 0
    d = 1 - st.gm[g, G_ACTIVE]
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            break
        if st.obj[g, O_ATTACKING, i] == 0:
            continue
        pw = pt_scan_nb(st, ct, g, i, True)[0]
        nb = 0
        b = -1
        while True:         # nothing moves until the damage is dealt below: one list
            b = next_bf_nb(st, g, b)
            if b >= M:
                break
            if st.obj[g, O_BLOCKING, b] == i:
                blk[nb] = b
                nb += 1
        last = blk[nb - 1] if nb > 0 else -1
        if pw > 0 and strikes_now_nb(st, ct, g, i, step):
            if st.obj[g, O_BLOCKING, i] != BLOCKED or \
                    (nb == 0 and has_kw_nb(st, ct, g, i, KW_TRAMPLE)):
                src[na] = i
                tgt[na] = player_value_nb(d)
                amt[na] = pw
                na += 1
            elif nb > 0:
                rem = pw
                dt = has_kw_nb(st, ct, g, i, KW_DEATHTOUCH)
                for q in range(nb):
                    if rem <= 0:
                        break
                    b = blk[q]
                    t = pt_scan_nb(st, ct, g, b, True)[1]
                    lethal = 1 if dt else max(0, t - st.obj[g, O_DAMAGE, b] - assigned[b])
                    take = min(rem, lethal)
                    if b == last and not has_kw_nb(st, ct, g, i, KW_TRAMPLE):
                        take = rem
                    if take > 0:
                        src[na] = i
                        tgt[na] = b
                        amt[na] = take
                        na += 1
                        assigned[b] += take
                        rem -= take
                if rem > 0:
                    src[na] = i
                    tgt[na] = player_value_nb(d) if has_kw_nb(st, ct, g, i, KW_TRAMPLE) else last
                    amt[na] = rem
                    na += 1
        for q in range(nb):
            b = blk[q]
            bp = pt_scan_nb(st, ct, g, b, True)[0]
            if bp > 0 and strikes_now_nb(st, ct, g, b, step):
                src[na] = b
                tgt[na] = i
                amt[na] = bp
                na += 1
    nh = 0
    for k in range(na):
        s = src[k]
        kw = ct.card[st.obj[g, O_CARD, s], C_KW]
        if ct.meta[3] != 0:
            kw |= attached_grants_nb(st, ct, g, s)[2]     # deathtouch, lifelink given
        damage_kw_nb(st, ct, g, tgt[k], amt[k], kw, st.obj[g, O_CARD, s], st.obj[g, O_CTRL, s])
        if is_player_value_nb(tgt[k]):      # each attacker hits at most one, once a step
            blk[nh] = s
            nh += 1
    # "Whenever ~ deals combat damage to a player" triggers once the damage is dealt (510.3a)
    return event_triggers_nb(st, ct, g, blk, nh, EV_COMBAT_DAMAGE_PLAYER)
