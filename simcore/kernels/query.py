"""Characteristics of objects as the rules see them now: types, subtypes, power and toughness
(layers: base, set until end of turn, anthems, counters, pumps), filters and counts."""
import numpy as np

from ..consts import (CK_MINUS, CK_PLUS, FC_ANY, FC_OPP, FC_YOU, FZ_GRAVEYARD, AK_STATIC,
                      KW_HASTE, T_CREATURE, T_LAND, Z_BATTLEFIELD, Z_GRAVEYARD)
from .jit import kernel


@kernel
def obj_types_nb(st, ct, g, i):
    return ct.c_types[st.o_card[g, i]] | st.o_eot_types[g, i]


@kernel
def is_creature_nb(st, ct, g, i):
    return (obj_types_nb(st, ct, g, i) & T_CREATURE) != 0


@kernel
def is_land_nb(st, ct, g, i):
    return (obj_types_nb(st, ct, g, i) & T_LAND) != 0


@kernel
def on_bf_nb(st, g, i):
    return st.o_zone[g, i] == Z_BATTLEFIELD


@kernel
def has_subtype_nb(st, ct, g, i, sub):
    """Subtype test; 'all creature types' (o_eot_chg) grants only creature types (205.3m)."""
    if sub < 0:
        return True
    c = st.o_card[g, i]
    w = sub >> 6
    bit = np.uint64(1) << np.uint64(sub & 63)
    if (ct.c_sub[c, w] & bit) != np.uint64(0):
        return True
    if st.o_eot_chg[g, i] != 0 and (ct.sub_creature[w] & bit) != np.uint64(0):
        return True
    return False


@kernel
def has_kw_nb(st, ct, g, i, kw):
    return (ct.c_kw[st.o_card[g, i]] & kw) != 0


@kernel
def can_use_tap_nb(st, ct, g, i):
    """302.6: a creature's own {T}/{Q} abilities need continuous control since the turn
    began (or haste). Noncreature permanents are never restricted."""
    if not is_creature_nb(st, ct, g, i):
        return True
    if st.o_sick[g, i] == 0:
        return True
    return has_kw_nb(st, ct, g, i, KW_HASTE)


@kernel
def matches_filter_nb(st, ct, g, f, src, src_ctrl, i):
    """Does object i match filter f, seen from a source `src` controlled by `src_ctrl`?"""
    z = st.o_zone[g, i]
    if ct.f_zone[f] == FZ_GRAVEYARD:
        if z != Z_GRAVEYARD:
            return False
    elif z != Z_BATTLEFIELD:
        return False
    ft = ct.f_types[f]
    if ft != 0 and (obj_types_nb(st, ct, g, i) & ft) == 0:
        return False
    if not has_subtype_nb(st, ct, g, i, ct.f_sub[f]):
        return False
    c = ct.f_ctrl[f]
    who = st.o_ctrl[g, i] if z == Z_BATTLEFIELD else st.o_owner[g, i]
    if c == FC_YOU and who != src_ctrl:
        return False
    if c == FC_OPP and who == src_ctrl:
        return False
    o = ct.f_owner[f]
    if o == FC_YOU and st.o_owner[g, i] != src_ctrl:
        return False
    if o == FC_OPP and st.o_owner[g, i] == src_ctrl:
        return False
    if ct.f_mv_max[f] >= 0 and ct.c_mv[st.o_card[g, i]] > ct.f_mv_max[f]:
        return False
    if ct.f_other[f] != 0 and i == src:
        return False
    return True


@kernel
def player_matches_nb(st, ct, f, src_ctrl, p):
    if ct.f_players[f] == 0:
        return False
    c = ct.f_ctrl[f]
    if c == FC_YOU and p != src_ctrl:
        return False
    if c == FC_OPP and p == src_ctrl:
        return False
    return True


@kernel
def count_filter_nb(st, ct, g, f, src, src_ctrl):
    n = 0
    for i in range(st.o_card.shape[1]):
        if st.o_card[g, i] >= 0 and matches_filter_nb(st, ct, g, f, src, src_ctrl, i):
            n += 1
    return n


@kernel
def pt_nb(st, ct, g, i):
    """Power and toughness now: base (or set until end of turn), anthems (static abilities of
    permanents), +1/+1 and -1/-1 counters, pumps until end of turn."""
    c = st.o_card[g, i]
    p = ct.c_power[c]
    t = ct.c_toughness[c]
    if st.o_eot_p[g, i] != -999:
        p = st.o_eot_p[g, i]
        t = st.o_eot_t[g, i]
    d = np.int64(st.o_counters[g, CK_PLUS, i]) - np.int64(st.o_counters[g, CK_MINUS, i])
    p += d + st.o_eot_pp[g, i]
    t += d + st.o_eot_tt[g, i]
    if st.o_zone[g, i] == Z_BATTLEFIELD:
        for j in range(st.o_card.shape[1]):
            cj = st.o_card[g, j]
            if cj < 0 or st.o_zone[g, j] != Z_BATTLEFIELD or ct.c_static[cj] == 0:
                continue
            for a in range(ct.c_abil0[cj], ct.c_abil0[cj] + ct.c_nabil[cj]):
                if ct.a_kind[a] == AK_STATIC and matches_filter_nb(
                        st, ct, g, ct.a_filter[a], j, st.o_ctrl[g, j], i):
                    p += ct.a_pw[a]
                    t += ct.a_tg[a]
    return p, t


@kernel
def greatest_toughness_nb(st, ct, g, p):
    best = -1
    for i in range(st.o_card.shape[1]):
        if st.o_card[g, i] >= 0 and st.o_zone[g, i] == Z_BATTLEFIELD and \
                st.o_ctrl[g, i] == p and is_creature_nb(st, ct, g, i):
            t = pt_nb(st, ct, g, i)[1]
            if t > best:
                best = t
    return best


@kernel
def count_creatures_nb(st, ct, g, p):
    n = 0
    for i in range(st.o_card.shape[1]):
        if st.o_card[g, i] >= 0 and st.o_zone[g, i] == Z_BATTLEFIELD and \
                st.o_ctrl[g, i] == p and is_creature_nb(st, ct, g, i):
            n += 1
    return n


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
