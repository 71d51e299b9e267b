"""Characteristics of objects as the rules see them now: types, subtypes, power and toughness
(layers: base, set until end of turn, anthems, counters, pumps), filters and counts, and
permissions to play exiled cards."""
import numpy as np

from ..consts import (
    AK_STATIC,
    CK_MINUS,
    CK_PLUS,
    EXP_LINKED,
    EXP_PLAY,
    EXP_WARP,
    FC_OPP,
    FC_YOU,
    FZ_GRAVEYARD,
    FZ_LIBRARY,
    FZ_STACK,
    KW_BLOCKS_ONLY_FLYING,
    KW_CANT_ATTACK,
    KW_CANT_BE_BLOCKED,
    KW_CANT_BLOCK,
    KW_CHANGELING,
    KW_DEFENDER,
    KW_FLASH,
    KW_FLYING,
    KW_HASTE,
    KW_HEXPROOF,
    KW_REACH,
    KW_SHROUD,
    OP_PUMP,
    OP_UNTAP,
    PROT_CREATURES,
    PROT_EVERYTHING,
    SEL_TARGET0,
    SUP_BASIC,
    T_CREATURE,
    T_INSTANT,
    T_LAND,
    W_TARGET,
    W_TARGET_HELP,
    Z_BATTLEFIELD,
    Z_GRAVEYARD,
    Z_LIBRARY,
    Z_STACK,
)
from ..jit import entry, kernel
from ..layout import (
    AB_FILTER,
    AB_KIND,
    AB_NOP,
    AB_OP0,
    AB_PW,
    AB_TG,
    C_ABIL0,
    C_ATT,
    C_ATT_KW,
    C_ATT_NOUNTAP,
    C_ATT_PW,
    C_ATT_TG,
    C_COLORS,
    C_KW,
    C_LAND_TYPES,
    C_MV,
    C_NABIL,
    C_POWER,
    C_PROT,
    C_STATIC,
    C_SUPER,
    C_TOUGHNESS,
    C_TYPES,
    C_WALK,
    FI_BASIC,
    FI_CTRL,
    FI_MV_MAX,
    FI_NOT_TYPES,
    FI_OTHER,
    FI_OWNER,
    FI_PLAYERS,
    FI_SUB,
    FI_TYPES,
    FI_ZONE,
    G_TURN,
    O_ATTACHED,
    O_CARD,
    O_CTRL,
    O_EOT_CHG,
    O_EOT_KW,
    O_EOT_KW2,
    O_EOT_P,
    O_EOT_PP,
    O_EOT_T,
    O_EOT_TT,
    O_EOT_TYPES,
    O_EX_KIND,
    O_EX_PLAYER,
    O_EX_TURN,
    O_OWNER,
    O_SICK,
    O_TAPPED,
    O_ZONE,
)
from .zonebits import next_bf_nb, next_nonlib_nb


@kernel
def obj_types_nb(st, ct, g, i):
    return ct.card[st.obj[g, O_CARD, i], C_TYPES] | st.obj[g, O_EOT_TYPES, i]


@kernel
def is_creature_nb(st, ct, g, i):
    return (obj_types_nb(st, ct, g, i) & T_CREATURE) != 0


@kernel
def is_land_nb(st, ct, g, i):
    return (obj_types_nb(st, ct, g, i) & T_LAND) != 0


@kernel
def on_bf_nb(st, g, i):
    return st.obj[g, O_ZONE, i] == Z_BATTLEFIELD


@kernel
def has_subtype_nb(st, ct, g, i, sub):
    """Subtype test; 'all creature types' (o_eot_chg, or changeling in any zone, 702.73a)
    grants only creature types (205.3m)."""
    if sub < 0:
        return True
    c = st.obj[g, O_CARD, i]
    w = sub >> 6
    bit = np.uint64(1) << np.uint64(sub & 63)
    if (ct.c_sub[c, w] & bit) != np.uint64(0):
        return True
    if (st.obj[g, O_EOT_CHG, i] != 0 or (ct.card[c, C_KW] & KW_CHANGELING) != 0) and \
            (ct.sub_creature[w] & bit) != np.uint64(0):
        return True
    return False


@kernel
def has_kw_nb(st, ct, g, i, kw):
    """Has object i any of the keywords (or restrictions) in mask kw: printed, granted until
    end of turn, or given by what is attached to it (613.1f, layer 6)?"""
    eot = np.int64(st.obj[g, O_EOT_KW, i]) | (np.int64(st.obj[g, O_EOT_KW2, i]) << 15)
    if ((ct.card[st.obj[g, O_CARD, i], C_KW] | eot) & kw) != 0:
        return True
    return ct.meta[3] != 0 and (attached_grants_nb(st, ct, g, i)[2] & kw) != 0


@kernel
def attached_grants_nb(st, ct, g, i):
    """What the Auras and Equipment attached to permanent i give it by their static
    abilities (303.4, 301.5; layout c_att_*): (power, toughness, KW_* bits, 1 if it doesn't
    untap during its controller's untap step). A walk of the battlefield, taken only when
    some card of the table has such an ability (meta[3])."""
    pw = np.int64(0)
    tg = np.int64(0)
    kw = np.int64(0)
    nountap = np.int64(0)
    if ct.meta[3] == 0 or st.obj[g, O_ZONE, i] != Z_BATTLEFIELD:
        return pw, tg, kw, nountap
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= st.obj.shape[2]:
            break
        cj = st.obj[g, O_CARD, j]
        if st.obj[g, O_ATTACHED, j] != i or ct.card[cj, C_ATT] == 0:
            continue
        pw += ct.card[cj, C_ATT_PW]
        tg += ct.card[cj, C_ATT_TG]
        kw |= ct.card[cj, C_ATT_KW]
        nountap |= ct.card[cj, C_ATT_NOUNTAP]
    return pw, tg, kw, nountap


@kernel
def instant_speed_nb(ct, c):
    """May card c be cast any time its owner could cast an instant: an instant (307.1) or a
    card with flash (702.8a)?"""
    return (ct.card[c, C_TYPES] & T_INSTANT) != 0 or (ct.card[c, C_KW] & KW_FLASH) != 0


@kernel
def targetable_by_nb(st, ct, g, i, p):
    """May a spell or ability p controls target object i? Not a permanent with hexproof
    that an opponent of p controls (702.11b)."""
    return st.obj[g, O_ZONE, i] != Z_BATTLEFIELD or st.obj[g, O_CTRL, i] == p or \
        not has_kw_nb(st, ct, g, i, KW_HEXPROOF)


@kernel
def protected_from_nb(ct, c, src_card):
    """Has card c protection from a source whose card is src_card (702.16a): one of its
    colours, a creature card, anything (702.16j)? A source's qualities are its card's (no
    effect in the engine changes a colour; an animated land is no creature card)."""
    pr = ct.card[c, C_PROT]
    if pr == 0 or src_card < 0:
        return False
    if (pr & PROT_EVERYTHING) != 0 or (pr & ct.card[src_card, C_COLORS]) != 0:
        return True
    return (pr & PROT_CREATURES) != 0 and (ct.card[src_card, C_TYPES] & T_CREATURE) != 0


@kernel
def target_allowed_nb(st, ct, g, i, p, src_card):
    """May a spell or ability p controls, whose source's card is src_card, target object i?
    Hexproof (targetable_by_nb), and for a permanent: not protected from that source
    (702.16b), no shroud (702.18a)."""
    if not targetable_by_nb(st, ct, g, i, p):
        return False
    if st.obj[g, O_ZONE, i] != Z_BATTLEFIELD:
        return True
    c = st.obj[g, O_CARD, i]
    return (ct.card[c, C_KW] & KW_SHROUD) == 0 and not protected_from_nb(ct, c, src_card)


@kernel
def may_attack_nb(st, ct, g, i):
    """Could creature i (on the battlefield, its controller active) be declared an attacker:
    untapped, no summoning sickness or haste (302.6), no defender (702.3b) nor an Aura's
    "can't attack" (508.1c)? The attack options, the declaration's requirement (508.1d) and
    the players read it."""
    return st.obj[g, O_TAPPED, i] == 0 and can_use_tap_nb(st, ct, g, i) and \
        not has_kw_nb(st, ct, g, i, KW_DEFENDER | KW_CANT_ATTACK)


@kernel
def walks_past_nb(st, ct, g, a, d):
    """702.14c: has attacker a landwalk of a land type player d controls a land of?"""
    w = ct.card[st.obj[g, O_CARD, a], C_WALK]
    if w == 0:
        return False
    M = st.obj.shape[2]
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            return False
        if st.obj[g, O_CTRL, i] == d and (ct.card[st.obj[g, O_CARD, i], C_LAND_TYPES] & w) != 0:
            return True


@kernel
def evades_nb(st, ct, g, b, a):
    """May creature b not block attacker a for its evasion? Flying: only by flying or reach
    (702.9b, 702.17b); protection: not by a creature of a quality it has protection from
    (702.16f); landwalk: not while the defending player controls a land of its type
    (702.14c); the creatures' own restrictions (509.1b): b can't block, or only flyers; a
    can't be blocked."""
    if has_kw_nb(st, ct, g, b, KW_CANT_BLOCK) or has_kw_nb(st, ct, g, a, KW_CANT_BE_BLOCKED):
        return True
    if has_kw_nb(st, ct, g, b, KW_BLOCKS_ONLY_FLYING) and not has_kw_nb(st, ct, g, a, KW_FLYING):
        return True
    if has_kw_nb(st, ct, g, a, KW_FLYING) and not (has_kw_nb(st, ct, g, b, KW_FLYING) or
                                                   has_kw_nb(st, ct, g, b, KW_REACH)):
        return True
    if walks_past_nb(st, ct, g, a, st.obj[g, O_CTRL, b]):
        return True
    return protected_from_nb(ct, st.obj[g, O_CARD, a], st.obj[g, O_CARD, b])


@kernel
def exile_permission_nb(st, g, i, p):
    """May p play the exiled card in slot i now, by its own permission? EXP_PLAY: its player,
    until its last turn; EXP_WARP: from the turn after it was exiled (702.185a); EXP_LINKED
    depends on the source it was exiled with (checked when casting)."""
    k = st.obj[g, O_EX_KIND, i]
    if k == EXP_PLAY:
        return st.obj[g, O_EX_PLAYER, i] == p and st.gm[g, G_TURN] <= st.obj[g, O_EX_TURN, i]
    if k == EXP_WARP:
        return st.gm[g, G_TURN] > st.obj[g, O_EX_TURN, i]
    return k == EXP_LINKED


@kernel
def can_use_tap_nb(st, ct, g, i):
    """302.6: a creature's own {T}/{Q} abilities need continuous control since the turn
    began (or haste). Noncreature permanents are never restricted."""
    if not is_creature_nb(st, ct, g, i):
        return True
    if st.obj[g, O_SICK, i] == 0:
        return True
    return has_kw_nb(st, ct, g, i, KW_HASTE)


@kernel
def matches_filter_nb(st, ct, g, f, src, src_ctrl, i):
    """Does object i match filter f, seen from a source `src` controlled by `src_ctrl`?"""
    z = st.obj[g, O_ZONE, i]
    if ct.filt[f, FI_ZONE] == FZ_GRAVEYARD:
        if z != Z_GRAVEYARD:
            return False
    elif ct.filt[f, FI_ZONE] == FZ_LIBRARY:
        if z != Z_LIBRARY:
            return False
    elif ct.filt[f, FI_ZONE] == FZ_STACK:
        if z != Z_STACK:
            return False
    elif z != Z_BATTLEFIELD:
        return False
    if ct.filt[f, FI_BASIC] != 0 and \
            (ct.card[st.obj[g, O_CARD, i], C_SUPER] & SUP_BASIC) == 0:
        return False
    ft = ct.filt[f, FI_TYPES]
    if ft != 0 and (obj_types_nb(st, ct, g, i) & ft) == 0:
        return False
    if ct.filt[f, FI_NOT_TYPES] != 0 and \
            (obj_types_nb(st, ct, g, i) & ct.filt[f, FI_NOT_TYPES]) != 0:
        return False
    if not has_subtype_nb(st, ct, g, i, ct.filt[f, FI_SUB]):
        return False
    c = ct.filt[f, FI_CTRL]
    who = st.obj[g, O_CTRL, i] if z == Z_BATTLEFIELD else st.obj[g, O_OWNER, i]
    if c == FC_YOU and who != src_ctrl:
        return False
    if c == FC_OPP and who == src_ctrl:
        return False
    o = ct.filt[f, FI_OWNER]
    if o == FC_YOU and st.obj[g, O_OWNER, i] != src_ctrl:
        return False
    if o == FC_OPP and st.obj[g, O_OWNER, i] == src_ctrl:
        return False
    if ct.filt[f, FI_MV_MAX] >= 0 and ct.card[st.obj[g, O_CARD, i], C_MV] > ct.filt[f, FI_MV_MAX]:
        return False
    if ct.filt[f, FI_OTHER] != 0 and i == src:
        return False
    return True


@kernel
def player_matches_nb(st, ct, f, src_ctrl, p):
    if ct.filt[f, FI_PLAYERS] == 0:
        return False
    c = ct.filt[f, FI_CTRL]
    if c == FC_YOU and p != src_ctrl:
        return False
    if c == FC_OPP and p == src_ctrl:
        return False
    return True


@kernel
def count_filter_nb(st, ct, g, f, src, src_ctrl):
    n = 0
    i = -1
    while True:
        i = next_filter_zone_nb(st, ct, g, f, i)
        if i >= st.obj.shape[2]:
            return n
        if matches_filter_nb(st, ct, g, f, src, src_ctrl, i):
            n += 1


@kernel
def next_filter_zone_nb(st, ct, g, f, i):
    """The next slot above i that filter f could match: filters match permanents or
    graveyard cards only (matches_filter_nb), so a walk of a zone bitmap, not every slot."""
    if ct.filt[f, FI_ZONE] == FZ_GRAVEYARD or ct.filt[f, FI_ZONE] == FZ_STACK:
        return next_nonlib_nb(st, g, i)
    return next_bf_nb(st, g, i)


@kernel
def any_on_bf_nb(st, ct, g, col):
    """Is any permanent on the battlefield a card whose column `col` (C_*) is not 0?"""
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= st.obj.shape[2]:
            return False
        if ct.card[st.obj[g, O_CARD, j], col] != 0:
            return True


@kernel
def anthems_on_bf_nb(st, ct, g):
    """Is any permanent with a static P/T ability on the battlefield?"""
    return any_on_bf_nb(st, ct, g, C_STATIC)


@kernel
def pt_scan_nb(st, ct, g, i, anthems):
    """Power and toughness now: base (or set until end of turn, 613.4b), then what
    modifies them (613.4c): anthems (static abilities of permanents; scanned only if
    `anthems`), what its Auras and Equipment give, +1/+1 and -1/-1 counters, pumps until
    end of turn."""
    c = st.obj[g, O_CARD, i]
    p = ct.card[c, C_POWER]
    t = ct.card[c, C_TOUGHNESS]
    if st.obj[g, O_EOT_P, i] != -999:
        p = st.obj[g, O_EOT_P, i]
        t = st.obj[g, O_EOT_T, i]
    d = np.int64(st.o_counters[g, CK_PLUS, i]) - np.int64(st.o_counters[g, CK_MINUS, i])
    p += d + st.obj[g, O_EOT_PP, i]
    t += d + st.obj[g, O_EOT_TT, i]
    if ct.meta[3] != 0:
        gr = attached_grants_nb(st, ct, g, i)
        p += gr[0]
        t += gr[1]
    if anthems and st.obj[g, O_ZONE, i] == Z_BATTLEFIELD:
        j = -1
        while True:
            j = next_bf_nb(st, g, j)
            if j >= st.obj.shape[2]:
                break
            cj = st.obj[g, O_CARD, j]
            if ct.card[cj, C_STATIC] == 0:
                continue
            for a in range(ct.card[cj, C_ABIL0], ct.card[cj, C_ABIL0] + ct.card[cj, C_NABIL]):
                if ct.abil[a, AB_KIND] == AK_STATIC and matches_filter_nb(
                        st, ct, g, ct.abil[a, AB_FILTER], j, st.obj[g, O_CTRL, j], i):
                    p += ct.abil[a, AB_PW]
                    t += ct.abil[a, AB_TG]
    return p, t


@entry
def pt_nb(st, ct, g, i):
    return pt_scan_nb(st, ct, g, i, True)


@kernel
def next_creature_nb(st, ct, g, p, i):
    """The least slot above i holding a creature p controls (M if none). Walked like
    zonebits.next_bf_nb: read as the battlefield is then, so bodies may move objects."""
    while True:
        i = next_bf_nb(st, g, i)
        if i >= st.obj.shape[2] or (st.obj[g, O_CTRL, i] == p and is_creature_nb(st, ct, g, i)):
            return i


@kernel
def greatest_toughness_nb(st, ct, g, p):
    best = -1
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, p, i)
        if i >= st.obj.shape[2]:
            break
        best = max(best, pt_scan_nb(st, ct, g, i, True)[1])
    return best


@kernel
def obj_has_counters_nb(st, g, i):
    for k in range(st.o_counters.shape[1]):
        if st.o_counters[g, k, i] > 0:
            return True
    return False


@kernel
def player_has_counters_nb(st, g, p):
    for k in range(st.p_counters.shape[2]):
        if st.p_counters[g, p, k] > 0:
            return True
    return False


@kernel
def target_why_nb(abil, ops, a, k):
    """Why target k of ability a is asked: W_TARGET_HELP when an effect of the ability helps
    it (an untap, a pump that adds, a keyword), else W_TARGET; only the players read it."""
    sel = SEL_TARGET0 + k
    for o in range(abil[a, AB_OP0], abil[a, AB_OP0] + abil[a, AB_NOP]):
        op = ops[o, 0]
        if ops[o, 2] != sel:
            continue
        if op == OP_UNTAP:
            return W_TARGET_HELP
        if op == OP_PUMP and (ops[o, 5] & KW_CANT_BLOCK) == 0 and \
                (ops[o, 3] + ops[o, 4] > 0 or ops[o, 5] != 0):
            return W_TARGET_HELP    # +N/+N or a keyword: ours
    return W_TARGET
