"""What a player could do with priority, judged without looking at each option: the
candidates (cards in hand or exile, activated abilities) and the least mana each needs, kept
in the State until an object changes zones (`G_CANDS_OID`), and whether any fits the mana the
player could make (mana.potential_mana_nb). The priority check (options.py) skips its scan
when none fits, and the step loop (turn.py) goes on through steps where nobody could act."""
from ..consts import NO_CANDIDATE, T_LAND, Z_BATTLEFIELD, Z_EXILE, Z_GRAVEYARD, Z_HAND
from ..jit import kernel
from ..layout import (
    C_ACT_NEED,
    C_ACT_NEED_I,
    C_CAST_NEED,
    C_GY_NEED,
    C_GY_NEED_I,
    C_HAND_NEED,
    C_HAND_NEED_I,
    C_MV,
    C_TYPES,
    G_CAND_LANDS,
    G_CANDS_OID,
    G_LEAST_I0,
    G_LEAST_S0,
    G_NEXT_OID,
    O_CARD,
    O_CTRL,
    O_OWNER,
    O_ZONE,
    PL_LANDS,
)
from .mana import potential_mana_nb
from .query import instant_speed_nb
from .zonebits import next_nonlib_nb


@kernel
def candidates_nb(st, ct, g):
    """What could be an option in options.priority_options_nb, and the least mana each needs
    there (the scan's own cheap filters, precomputed per card: a spell's mana value, or 0 for one
    with a warp cost, which is always checked; an ability's least mana, min_mana_nb; layout
    c_cast_need, c_act_need, c_act_need_i, and c_hand_need(_i) for abilities a card in hand
    has, such as cycling), per player: g_least_i (at
    instant speed: instants and cards with flash p owns in hand or exile, abilities without sorcery timing of
    permanents p controls), g_least_s (at sorcery speed: also every other nonland card and
    ability) and g_cand_lands (a land in hand or exile). Exiled cards count whatever their
    permission and {T} abilities whether tapped or not: a bound that is too low only costs a
    scan. Cards' types, costs and abilities are printed, so this changes only when an object
    changes zones or controllers, and each takes a new object id (zones.set_zone_nb)."""
    for p in range(2):
        st.gm[g, G_LEAST_S0 + p] = NO_CANDIDATE
        st.gm[g, G_LEAST_I0 + p] = NO_CANDIDATE
    lands = 0
    i = -1
    while True:
        i = next_nonlib_nb(st, g, i)
        if i >= st.obj.shape[2]:
            break
        c = st.obj[g, O_CARD, i]
        z = st.obj[g, O_ZONE, i]
        if z == Z_HAND or z == Z_EXILE:
            p = st.obj[g, O_OWNER, i]
            t = ct.card[c, C_TYPES]
            if z == Z_HAND and ct.card[c, C_HAND_NEED] != NO_CANDIDATE:   # cycling
                least_nb(st, g, p, ct.card[c, C_HAND_NEED], ct.card[c, C_HAND_NEED_I])
            if t & T_LAND:
                lands |= 1 << p
                continue
            need = ct.card[c, C_CAST_NEED] if z == Z_HAND else ct.card[c, C_MV]
            least_nb(st, g, p, need, need if instant_speed_nb(ct, c) else NO_CANDIDATE)
        elif z == Z_BATTLEFIELD:
            least_nb(st, g, st.obj[g, O_CTRL, i], ct.card[c, C_ACT_NEED],
                     ct.card[c, C_ACT_NEED_I])
        elif z == Z_GRAVEYARD and ct.card[c, C_GY_NEED] != NO_CANDIDATE:
            least_nb(st, g, st.obj[g, O_OWNER, i], ct.card[c, C_GY_NEED],
                     ct.card[c, C_GY_NEED_I])
    st.gm[g, G_CAND_LANDS] = lands
    st.gm[g, G_CANDS_OID] = st.gm[g, G_NEXT_OID]


@kernel
def least_nb(st, g, p, need_s, need_i):
    """p's least needs so far at sorcery and at instant speed, lowered to these."""
    st.gm[g, G_LEAST_S0 + p] = min(st.gm[g, G_LEAST_S0 + p], need_s)
    st.gm[g, G_LEAST_I0 + p] = min(st.gm[g, G_LEAST_I0 + p], need_i)


@kernel
def nothing_fits_nb(st, ct, g, p, sorcery_ok):
    """True when options.priority_options_nb's scan would find nothing for p: no
    land drop to make, and no candidate (candidates_nb) whose least mana p's potential mana
    (mana.potential_mana_nb, kept in the State) covers. Returns (nothing, 1 no candidate /
    2 none fits / 0)."""
    if st.gm[g, G_CANDS_OID] != st.gm[g, G_NEXT_OID]:
        candidates_nb(st, ct, g)
    if sorcery_ok:
        if (st.gm[g, G_CAND_LANDS] >> p) & 1 != 0 and st.pl[g, PL_LANDS, p] == 0:
            return False, 0
        least = st.gm[g, G_LEAST_S0 + p]
    else:
        least = st.gm[g, G_LEAST_I0 + p]
    if least == NO_CANDIDATE:
        return True, 1
    if least == 0:
        return False, 0
    if least > potential_mana_nb(st, ct, g, p):
        return True, 2
    return False, 0
