"""Dealing damage (120.3): to a creature (marked, deathtouch noted), to a player (life lost),
lifelink (702.15b) and protection's prevention (702.16e). Its own module because combat,
effects and mana abilities (a painland's "deals 1 damage to you") all deal damage, and
mana must not import the effects (ops imports mana to pay "unless" costs)."""
from ..consts import (
    CK_MINUS,
    CK_POISON,
    DM_MINUS_COUNTERS,
    DM_POISON,
    KW_DEATHTOUCH,
    KW_LIFELINK,
    Z_BATTLEFIELD,
)
from ..encoding import is_player_value_nb, value_player_nb
from ..jit import kernel
from ..layout import C_DMG_MODE, C_KW, O_CARD, O_DAMAGE, O_DTDMG, O_ZONE, PL_LIFE
from .counters import put_counters_nb
from .query import is_creature_nb, protected_from_nb
from .sbamark import mark_sba_nb


@kernel
def damage_nb(st, ct, g, t, n, src_card, src_ctrl):
    """Deal n damage from a source with card src_card to object/player t (120.3), with the
    card's keywords (damage_kw_nb)."""
    damage_kw_nb(st, ct, g, t, n, ct.card[src_card, C_KW] if src_card >= 0 else 0, src_card,
                 src_ctrl)


@kernel
def damage_kw_nb(st, ct, g, t, n, kw, src_card, src_ctrl):
    """Deal n damage from a source with card src_card and keywords kw (KW_*: its card's and
    what is attached to it gives; deathtouch 702.2b, lifelink 702.15b) to object/player t
    (120.3). Damage to a permanent with protection from the source is prevented (702.16e):
    none is dealt, so lifelink gains nothing. A source with wither or infect deals it to a
    creature as -1/-1 counters, with infect to a player as poison counters (c_dmg_mode)."""
    if n <= 0:
        return
    mark_sba_nb(st, g)
    if t >= 0:
        if st.obj[g, O_ZONE, t] != Z_BATTLEFIELD or not is_creature_nb(st, ct, g, t):
            return
        if protected_from_nb(ct, st.obj[g, O_CARD, t], src_card):
            return
        if src_card >= 0 and (ct.card[src_card, C_DMG_MODE] & DM_MINUS_COUNTERS) != 0:
            put_counters_nb(st, g, t, CK_MINUS, n)      # wither 702.80a, infect 702.90b
        else:
            st.obj[g, O_DAMAGE, t] += n
        if (kw & KW_DEATHTOUCH) != 0:
            st.obj[g, O_DTDMG, t] = 1
    elif is_player_value_nb(t):
        if src_card >= 0 and (ct.card[src_card, C_DMG_MODE] & DM_POISON) != 0:
            put_counters_nb(st, g, t, CK_POISON, n)     # infect 702.90b (ten lose, 704.5c)
        else:
            st.pl[g, PL_LIFE, value_player_nb(t)] -= n
    if (kw & KW_LIFELINK) != 0:
        st.pl[g, PL_LIFE, src_ctrl] += n
