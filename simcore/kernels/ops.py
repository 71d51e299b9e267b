"""Effect ops: one kernel per opcode of the effect bytecode (consts OP_*, compiled from card
files by simcore/cards/compile.py), run by the interpreter in kernels/effects.py, and the effect
primitives they share (damage, discard, surveil, scry, mill, exiling the top of a library)."""

from ..consts import (
    ASK_CARDS,
    ASK_OBJECT,
    DIG_REST_BOTTOM,
    DIG_REST_RANDOM,
    DIG_TO_BATTLEFIELD,
    DIG_UP_TO,
    DUR_NEXT_TURN,
    EXP_LINKED,
    EXP_PLAY,
    EXP_WARP,
    KW_INDESTRUCTIBLE,
    OPF_OPTIONAL,
    SEARCH_TO_BATTLEFIELD,
    SEL_EACH_CREATURE,
    SEL_EACH_OPP,
    SEL_EACH_OPP_AND_CREATURES,
    SEL_EACH_PLAYER,
    SEL_SUBJECT,
    SEL_YOU,
    SK_SPELL,
    ST_CAPACITY,
    ST_OK,
    T_CREATURE,
    W_DISCARD,
    W_LOOK_TOP,
    W_MAY,
    W_PAY_UNLESS,
    W_SACRIFICE,
    W_SCRY,
    W_SEARCH,
    W_SURVEIL,
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
    DI_ABIL,
    DI_CTRL,
    DI_OBJ,
    DI_OID,
    DI_TURN,
    DI_WHEN,
    G_ACTIVE,
    G_AUTOPAY,
    G_D_N,
    G_STACK_N,
    G_TURN,
    O_ATTACHED,
    O_CARD,
    O_CFLAGS,
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
    O_EX_LINK,
    O_EX_PLAYER,
    O_EX_TURN,
    O_KICKS,
    O_OWNER,
    O_TAPPED,
    O_X,
    O_ZONE,
    PL_LIB_N,
    PL_LIFE,
    SI_CARD,
    SI_CTRL,
    SI_KIND,
    SI_SRC,
    SI_SRC_OID,
)
from .choice import ask_many_nb, ask_one_nb, ask_yesno_nb
from .counters import blight_nb, move_all_counters_nb, proliferate_nb, put_counters_nb
from .damage import damage_nb
from .mana import autopay_nb, pay_nb, potential_mana_nb
from .manamark import mark_mana_nb
from .operands import amount_nb, self_obj_nb, single_sel_nb
from .query import (
    has_kw_nb,
    is_creature_nb,
    matches_filter_nb,
)
from .rng import rand_below_nb, shuffle_library_nb
from .sbamark import mark_sba_nb
from .scratch import scratch_nb
from .zonebits import next_bf_nb
from .zones import (
    create_tokens_nb,
    draw_nb,
    enter_bf_nb,
    leave_one_nb,
    lib_put_bottom_nb,
    lib_remove_nb,
    move_card_nb,
)

# ---------------------------------------------------------------- effect primitives

@kernel
def destroy_nb(st, ct, g, t):
    """Destroy permanent t (701.8a: to its owner's graveyard), unless it is indestructible
    (702.12b). Returns (status, destroyed)."""
    if has_kw_nb(st, ct, g, t, KW_INDESTRUCTIBLE):
        return ST_OK, False
    s = leave_one_nb(st, ct, g, t, Z_GRAVEYARD)
    return s, s == ST_OK


@kernel
def zone_card_options_nb(st, g, p, zone, out, dedup):
    """Cards p owns in a zone; with dedup, one per card name (interchangeable cards)."""
    n = 0
    for i in range(st.obj.shape[2]):
        if st.obj[g, O_CARD, i] < 0 or st.obj[g, O_ZONE, i] != zone or st.obj[g, O_OWNER, i] != p:
            continue
        if dedup:
            dup = False
            for k in range(n):
                if st.obj[g, O_CARD, out[k]] == st.obj[g, O_CARD, i]:
                    dup = True
                    break
            if dup:
                continue
        out[n] = i
        n += 1
    return n


@kernel
def discard_nb(st, ct, g, p, n):
    """p discards n cards of their choice. Returns (status, number discarded)."""
    b = scratch_nb(st, g, st.obj.shape[2])
    opts = st.scr[b:b + st.obj.shape[2]]
    done = 0
    for _ in range(n):
        m = zone_card_options_nb(st, g, p, Z_HAND, opts, True)
        if m == 0:
            break
        s, c = ask_one_nb(st, ct, g, ASK_OBJECT, W_DISCARD, p, opts, m, True)
        if s != ST_OK:
            return s, done
        move_card_nb(st, g, c, Z_GRAVEYARD)
        done += 1
    return ST_OK, done


@kernel
def look_at_top_nb(st, ct, g, p, n, why):
    """p looks at the top n cards of their library and picks any of them (surveil, scry):
    (status, the cards picked: a scratch slice, how many)."""
    k = min(n, st.pl[g, PL_LIB_N, p])
    b = scratch_nb(st, g, 2 * max(k, 1))
    opts = st.scr[b:b + k]
    out = st.scr[b + k:b + 2 * k]
    if k <= 0:
        return ST_OK, out, 0
    top = st.pl[g, PL_LIB_N, p]
    for j in range(k):
        opts[j] = st.lib[g, p, top - 1 - j]
    s, m = ask_many_nb(st, ct, g, ASK_CARDS, why, p, opts, k, 0, k, True, out)
    return s, out, m


@kernel
def surveil_nb(st, ct, g, p, n):
    """701.25: look at the top n; put any of them into the graveyard, the rest back on top."""
    s, out, m = look_at_top_nb(st, ct, g, p, n, W_SURVEIL)
    if s != ST_OK:
        return s
    for j in range(m):
        move_card_nb(st, g, out[j], Z_GRAVEYARD)
    return ST_OK


@kernel
def scry_nb(st, ct, g, p, n):
    """701.22a: look at the top n; put any of them on the bottom, the rest back on top (their
    order on either side is the engine's: the cards keep the order they had)."""
    s, out, m = look_at_top_nb(st, ct, g, p, n, W_SCRY)
    if s != ST_OK:
        return s
    for j in range(m):
        lib_remove_nb(st, g, out[j])
        lib_put_bottom_nb(st, g, out[j])
    return ST_OK


@kernel
def mill_nb(st, g, p, n):
    """701.13a: put the top n cards of p's library into p's graveyard (fewer if fewer)."""
    for _ in range(n):
        m = st.pl[g, PL_LIB_N, p]
        if m == 0:
            break
        move_card_nb(st, g, st.lib[g, p, m - 1], Z_GRAVEYARD)
    return ST_OK


@kernel
def exile_top_nb(st, g, p, n, duration):
    """Exile the top n cards of p's library; p may play them for the duration."""
    last = st.gm[g, G_TURN] if duration != DUR_NEXT_TURN else \
        (st.gm[g, G_TURN] + 2 if st.gm[g, G_ACTIVE] == p else st.gm[g, G_TURN] + 1)
    for _ in range(n):
        m = st.pl[g, PL_LIB_N, p]
        if m == 0:
            break
        i = st.lib[g, p, m - 1]
        move_card_nb(st, g, i, Z_EXILE)
        st.obj[g, O_EX_KIND, i] = EXP_PLAY
        st.obj[g, O_EX_TURN, i] = last
        st.obj[g, O_EX_PLAYER, i] = p


# ---------------------------------------------------------------- one kernel per opcode
# Each takes the resolving stack item si, its targets' legality (tgt_ok), the op's flags
# and operands a0..a3 (simcore/cards/compile.py compile_effects; consts OP_*) and returns
# (status, done): `done` feeds the next op's "if you do" (OPF_IF_DONE).

@kernel
def op_put_counters_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Put a2/a3 (amount) counters of kind a1 on the selected object, or each creature."""
    n = amount_nb(st, ct, g, si, a2, a3)
    if a0 == SEL_EACH_CREATURE:
        M = st.obj.shape[2]
        i = -1
        while True:
            i = next_bf_nb(st, g, i)
            if i >= M:
                break
            if is_creature_nb(st, ct, g, i):
                put_counters_nb(st, g, i, a1, n)
    else:
        t = single_sel_nb(st, g, si, a0, tgt_ok)
        if t >= 0 and st.obj[g, O_ZONE, t] != Z_BATTLEFIELD:
            t = -1
        if t != -1:
            put_counters_nb(st, g, t, a1, n)
    return ST_OK, True


@kernel
def op_put_subject_counters_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """122.8: the same number of each kind the subject had as it left; not a move."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
        for k in range(st.s_lki.shape[2]):
            put_counters_nb(st, g, t, k, st.s_lki[g, si, k])
    return ST_OK, True


@kernel
def op_move_counters_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Move all counters from a0's object to a1's (122.5: if either half is impossible,
    nothing moves)."""
    s0 = single_sel_nb(st, g, si, a0, tgt_ok)
    s1 = single_sel_nb(st, g, si, a1, tgt_ok)
    if s0 >= 0 and s1 != -1:
        move_all_counters_nb(st, g, s0, s1)
    return ST_OK, True


@kernel
def op_proliferate_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """701.34."""
    return proliferate_nb(st, ct, g, st.stk[g, SI_CTRL, si]), True


@kernel
def op_blight_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """701.68: you or each opponent blights a1/a2 (amount), in APNAP order; optional when
    the op is ("you may"). Done if anyone blighted."""
    n = amount_nb(st, ct, g, si, a1, a2)
    ctrl = st.stk[g, SI_CTRL, si]
    opt = (fl & OPF_OPTIONAL) != 0
    did = False
    for k in range(2):
        p = (st.gm[g, G_ACTIVE] + k) % 2   # APNAP order
        if a0 == SEL_YOU and p != ctrl:
            continue
        if a0 == SEL_EACH_OPP and p == ctrl:
            continue
        s, b = blight_nb(st, ct, g, p, n, opt)
        if s != ST_OK:
            return s, False
        did = did or b
    return ST_OK, did


@kernel
def op_damage_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """a1/a2 (amount) damage to the selected object or player, or to each creature (and
    each opponent) the selector names (120.3)."""
    n = amount_nb(st, ct, g, si, a1, a2)
    ctrl = st.stk[g, SI_CTRL, si]
    src_card = st.stk[g, SI_CARD, si]
    if a0 == SEL_EACH_OPP_AND_CREATURES or a0 == SEL_EACH_OPP or a0 == SEL_EACH_CREATURE:
        M = st.obj.shape[2]
        i = -1
        while True:
            i = next_bf_nb(st, g, i)
            if i >= M:
                break
            if not is_creature_nb(st, ct, g, i):
                continue
            if a0 == SEL_EACH_OPP:
                continue
            if a0 == SEL_EACH_OPP_AND_CREATURES and st.obj[g, O_CTRL, i] == ctrl:
                continue
            damage_nb(st, ct, g, i, n, src_card, ctrl)
        if a0 != SEL_EACH_CREATURE:
            damage_nb(st, ct, g, player_value_nb(1 - ctrl), n, src_card, ctrl)
    else:
        t = single_sel_nb(st, g, si, a0, tgt_ok)
        if t != -1:
            damage_nb(st, ct, g, t, n, src_card, ctrl)
    return ST_OK, True


@kernel
def op_draw_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller draws a0/a1 (amount) cards (121.1)."""
    draw_nb(st, g, st.stk[g, SI_CTRL, si], amount_nb(st, ct, g, si, a0, a1))
    return ST_OK, True


@kernel
def op_gain_life_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller gains a0/a1 (amount) life (119.3)."""
    st.pl[g, PL_LIFE, st.stk[g, SI_CTRL, si]] += amount_nb(st, ct, g, si, a0, a1)
    return ST_OK, True


@kernel
def op_lose_life_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """You, each opponent or each player (a0) loses a1/a2 (amount) life (119.3)."""
    n = amount_nb(st, ct, g, si, a1, a2)
    ctrl = st.stk[g, SI_CTRL, si]
    for p in range(2):
        if (a0 == SEL_YOU and p == ctrl) or (a0 == SEL_EACH_OPP and p != ctrl) or \
                a0 == SEL_EACH_PLAYER:
            st.pl[g, PL_LIFE, p] -= n
    return ST_OK, True


@kernel
def op_discard_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller discards a0/a1 (amount) cards of their choice; done if any."""
    s, m = discard_nb(st, ct, g, st.stk[g, SI_CTRL, si], amount_nb(st, ct, g, si, a0, a1))
    return s, m > 0


@kernel
def op_surveil_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller surveils a0/a1 (amount) (701.25)."""
    return surveil_nb(st, ct, g, st.stk[g, SI_CTRL, si], amount_nb(st, ct, g, si, a0, a1)), True


@kernel
def op_scry_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller scries a0/a1 (amount) (701.22)."""
    return scry_nb(st, ct, g, st.stk[g, SI_CTRL, si], amount_nb(st, ct, g, si, a0, a1)), True


@kernel
def op_mill_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller mills a0/a1 (amount) cards (701.13)."""
    return mill_nb(st, g, st.stk[g, SI_CTRL, si], amount_nb(st, ct, g, si, a0, a1)), True


@kernel
def op_search_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller searches their library for a card matching filter a0 or a1 (-1 none)
    (701.23): they may find nothing (701.23b); the card found goes onto the battlefield
    (a2 = SEARCH_TO_BATTLEFIELD; tapped if a3) or into their hand; then they shuffle. Done if
    a card was found."""
    p = st.stk[g, SI_CTRL, si]
    n = st.pl[g, PL_LIB_N, p]
    b = scratch_nb(st, g, n + 2)
    opts = st.scr[b:b + n]
    out = st.scr[b + n:b + n + 1]
    m = 0
    for k in range(n):
        i = st.lib[g, p, k]
        if matches_filter_nb(st, ct, g, a0, -1, p, i) or \
                (a1 >= 0 and matches_filter_nb(st, ct, g, a1, -1, p, i)):
            opts[m] = i
            m += 1
    found = -1
    if m > 0:
        s, got = ask_many_nb(st, ct, g, ASK_CARDS, W_SEARCH, p, opts, m, 0, 1, True, out)
        if s != ST_OK:
            return s, False
        if got == 1:
            found = out[0]
    if found >= 0:
        if a2 == SEARCH_TO_BATTLEFIELD:
            lib_remove_nb(st, g, found)
            bb = scratch_nb(st, g, 2)
            st.scr[bb] = found
            st.scr[bb + 1] = p
            s = enter_bf_nb(st, ct, g, st.scr[bb:bb + 1], st.scr[bb + 1:bb + 2], 1, -1)
            if s != ST_OK:
                return s, False
            if a3 != 0:
                st.obj[g, O_TAPPED, found] = 1
                mark_mana_nb(st, g)
        else:
            move_card_nb(st, g, found, Z_HAND)
    shuffle_library_nb(st, g, p)
    return ST_OK, found >= 0


@kernel
def op_look_top_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller looks at the top a0 cards of their library and puts some of them into
    their hand (or onto the battlefield at once, DIG_TO_BATTLEFIELD): exactly `take` (a3's
    low byte; all when fewer are looked at), or up to that many (DIG_UP_TO) of those that
    match filter a1 or a2 (-1: any card). The rest go into the graveyard, or on the bottom
    (DIG_REST_BOTTOM) in the order they were or a random order (DIG_REST_RANDOM; "any
    order" is the engine's: the order they were). Done if a card was taken."""
    p = st.stk[g, SI_CTRL, si]
    k = min(a0, st.pl[g, PL_LIB_N, p])
    if k <= 0:
        return ST_OK, False
    take = a3 & 255
    b = scratch_nb(st, g, 3 * k)
    top = st.scr[b:b + k]
    opts = st.scr[b + k:b + 2 * k]
    out = st.scr[b + 2 * k:b + 3 * k]
    n = st.pl[g, PL_LIB_N, p]
    m = 0
    for j in range(k):
        i = st.lib[g, p, n - 1 - j]
        top[j] = i
        if a1 < 0 or matches_filter_nb(st, ct, g, a1, -1, p, i) or \
                (a2 >= 0 and matches_filter_nb(st, ct, g, a2, -1, p, i)):
            opts[m] = i
            m += 1
    hi = min(take, m)
    lo = 0 if (a3 & DIG_UP_TO) != 0 else hi
    got = 0
    if hi > 0:
        s, got = ask_many_nb(st, ct, g, ASK_CARDS, W_LOOK_TOP, p, opts, m, lo, hi, True, out)
        if s != ST_OK:
            return s, False
    for j in range(got):
        lib_remove_nb(st, g, out[j])
    if got > 0 and (a3 & DIG_TO_BATTLEFIELD) != 0:
        for j in range(got):
            opts[j] = p     # each enters under its controller's control
        s = enter_bf_nb(st, ct, g, out[:got], opts[:got], got, -1)
        if s != ST_OK:
            return s, False
    else:
        for j in range(got):
            move_card_nb(st, g, out[j], Z_HAND)
    # the rest: those of the top k still in the library
    r = 0
    for j in range(k):
        if st.obj[g, O_ZONE, top[j]] == Z_LIBRARY:
            top[r] = top[j]
            r += 1
    if (a3 & DIG_REST_RANDOM) != 0:
        for j in range(r - 1, 0, -1):       # Fisher-Yates from the game's stream
            x = rand_below_nb(st, g, j + 1)
            t = top[j]
            top[j] = top[x]
            top[x] = t
    for j in range(r):
        if (a3 & DIG_REST_BOTTOM) != 0:
            lib_remove_nb(st, g, top[j])
            lib_put_bottom_nb(st, g, top[j])
        else:
            move_card_nb(st, g, top[j], Z_GRAVEYARD)
    return ST_OK, got > 0


@kernel
def op_delay_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Make a delayed triggered ability (603.7): AK_DELAYED ability a0 of this source's
    controller triggers at the beginning of the next turn's a1 step (EV_UPKEEP), once
    (603.7c)."""
    d = st.gm[g, G_D_N]
    if d >= st.dl.shape[2]:
        return ST_CAPACITY, False
    st.dl[g, DI_ABIL, d] = a0
    st.dl[g, DI_OBJ, d] = st.stk[g, SI_SRC, si]
    st.dl[g, DI_OID, d] = st.stk[g, SI_SRC_OID, si]
    st.dl[g, DI_CTRL, d] = st.stk[g, SI_CTRL, si]
    st.dl[g, DI_WHEN, d] = a1
    st.dl[g, DI_TURN, d] = st.gm[g, G_TURN]
    st.gm[g, G_D_N] = d + 1
    return ST_OK, True


@kernel
def op_create_token_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The controller creates a1/a2 (amount) tokens of card a0 (111.2)."""
    return create_tokens_nb(st, ct, g, a0, st.stk[g, SI_CTRL, si],
                            amount_nb(st, ct, g, si, a1, a2)), True


@kernel
def op_exile_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Exile the selected object; with a1, linked to the source (its owner may cast it with
    the source's permission). Done if something was exiled."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t < 0:
        return ST_OK, False
    if st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
        s = leave_one_nb(st, ct, g, t, Z_EXILE)
        if s != ST_OK:
            return s, False
    else:
        move_card_nb(st, g, t, Z_EXILE)
    if a1 != 0:
        st.obj[g, O_EX_KIND, t] = EXP_LINKED
        st.obj[g, O_EX_LINK, t] = st.stk[g, SI_SRC_OID, si]
        st.obj[g, O_EX_PLAYER, t] = st.obj[g, O_OWNER, t]
    return ST_OK, True


@kernel
def op_exile_top_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Exile the top a0/a1 (amount) cards of the controller's library, playable for the
    duration a2 (DUR_*)."""
    exile_top_nb(st, g, st.stk[g, SI_CTRL, si], amount_nb(st, ct, g, si, a0, a1), a2)
    return ST_OK, True


@kernel
def op_return_to_battlefield_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Return the selected card from a graveyard to the battlefield under its owner's
    control, with a counter of kind a1 (-1 none: undying, persist). Done if it returned."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t < 0 or st.obj[g, O_ZONE, t] != Z_GRAVEYARD:
        return ST_OK, False
    b = scratch_nb(st, g, 2)
    slots = st.scr[b:b + 1]
    ctrls = st.scr[b + 1:b + 2]
    slots[0] = t
    ctrls[0] = st.obj[g, O_OWNER, t]
    st.obj[g, O_X, t] = 0
    st.obj[g, O_KICKS, t] = 0
    st.obj[g, O_CFLAGS, t] = 0
    s = enter_bf_nb(st, ct, g, slots, ctrls, 1, a1)
    return s, s == ST_OK


@kernel
def op_become_creature_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The source becomes an a0/a1 creature until end of turn (a2: with all creature types)."""
    t = self_obj_nb(st, g, si)
    if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
        mark_mana_nb(st, g)
        st.obj[g, O_EOT_TYPES, t] |= T_CREATURE
        st.obj[g, O_EOT_P, t] = a0
        st.obj[g, O_EOT_T, t] = a1
        st.obj[g, O_EOT_CHG, t] = a2
    return ST_OK, True


@kernel
def pump_nb(st, g, t, power, toughness, kws):
    """Permanent t gets +power/+toughness and the keywords kws (KW_* mask, KW_CANT_BLOCK)
    until end of turn (611.2a; ended by end_eot_effects_nb at cleanup, 514.2)."""
    st.obj[g, O_EOT_PP, t] += power
    st.obj[g, O_EOT_TT, t] += toughness
    if kws != 0:
        st.obj[g, O_EOT_KW, t] |= kws & 0x7FFF
        st.obj[g, O_EOT_KW2, t] |= (kws >> 15) & 0x7FFF
        mark_mana_nb(st, g)     # haste lets a summoning-sick creature tap for mana (302.6)


@kernel
def op_pump_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """The selected permanent gets +a1/+a2 and keywords a3 until end of turn."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
        pump_nb(st, g, t, a1, a2, a3)
    return ST_OK, True


@kernel
def op_pump_all_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Every permanent matching filter a0 gets +a1/+a2 and keywords a3 until end of turn:
    those there as it resolves only (611.2c: a creature entering later is not affected)."""
    src = st.stk[g, SI_SRC, si]
    ctrl = st.stk[g, SI_CTRL, si]
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= st.obj.shape[2]:
            break
        if matches_filter_nb(st, ct, g, a0, src, ctrl, i):
            pump_nb(st, g, i, a1, a2, a3)
    return ST_OK, True


@kernel
def op_destroy_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Destroy the selected permanent (701.8); done if it was."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t < 0 or st.obj[g, O_ZONE, t] != Z_BATTLEFIELD:
        return ST_OK, False
    return destroy_nb(st, ct, g, t)


@kernel
def op_attach_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Attach the source (an Equipment, by its equip ability) to the selected permanent
    (701.3a, 702.6a): not if the source left the battlefield or is another object now
    (400.7), nor onto itself; already attached to it, nothing happens (701.3b). Done if it
    was attached."""
    src = self_obj_nb(st, g, si)
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if src < 0 or t < 0 or t == src or st.obj[g, O_ZONE, src] != Z_BATTLEFIELD or \
            st.obj[g, O_ZONE, t] != Z_BATTLEFIELD or st.obj[g, O_ATTACHED, src] == t:
        return ST_OK, False
    st.obj[g, O_ATTACHED, src] = t
    mark_sba_nb(st, g)      # 704.5n reads what it is attached to
    mark_mana_nb(st, g)     # what it gives (haste) may let a mana creature tap
    return ST_OK, True


@kernel
def op_sacrifice_unless_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """"Sacrifice this unless you sacrifice a permanent of filter a0": the other permanent
    is the payment. Done if it was paid."""
    M = st.obj.shape[2]
    ctrl = st.stk[g, SI_CTRL, si]
    b = scratch_nb(st, g, M)
    cands = st.scr[b:b + M]
    nc = 0
    src = self_obj_nb(st, g, si)
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            break
        if st.obj[g, O_CTRL, i] == ctrl and matches_filter_nb(st, ct, g, a0, src, ctrl, i):
            cands[nc] = i
            nc += 1
    paid = False
    if nc > 0:
        s, yes = ask_yesno_nb(st, ct, g, W_MAY, ctrl)
        if s != ST_OK:
            return s, False
        if yes:
            s, c = ask_one_nb(st, ct, g, ASK_OBJECT, W_SACRIFICE, ctrl, cands, nc, True)
            if s != ST_OK:
                return s, False
            s = leave_one_nb(st, ct, g, c, Z_GRAVEYARD)
            if s != ST_OK:
                return s, False
            paid = True
    if not paid and src >= 0 and st.obj[g, O_ZONE, src] == Z_BATTLEFIELD:
        s = leave_one_nb(st, ct, g, src, Z_GRAVEYARD)
        if s != ST_OK:
            return s, False
    return ST_OK, paid


@kernel
def op_exile_warped_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Warp's delayed trigger (702.185a): exile the subject if it is the same object; its
    owner may cast it from exile on a later turn."""
    t = single_sel_nb(st, g, si, SEL_SUBJECT, tgt_ok)
    if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
        s = leave_one_nb(st, ct, g, t, Z_EXILE)
        if s != ST_OK:
            return s, False
        st.obj[g, O_EX_KIND, t] = EXP_WARP
        st.obj[g, O_EX_TURN, t] = st.gm[g, G_TURN]
        st.obj[g, O_EX_PLAYER, t] = st.obj[g, O_OWNER, t]
    return ST_OK, True


@kernel
def op_tap_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Tap the selected permanent (701.21a); done if it was untapped."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t < 0 or st.obj[g, O_ZONE, t] != Z_BATTLEFIELD or st.obj[g, O_TAPPED, t] != 0:
        return ST_OK, False
    st.obj[g, O_TAPPED, t] = 1
    mark_mana_nb(st, g)         # a tapped source makes no mana now
    return ST_OK, True


@kernel
def op_untap_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Untap the selected permanent (701.21b); done if it was tapped."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t < 0 or st.obj[g, O_ZONE, t] != Z_BATTLEFIELD or st.obj[g, O_TAPPED, t] == 0:
        return ST_OK, False
    st.obj[g, O_TAPPED, t] = 0
    mark_mana_nb(st, g)
    return ST_OK, True


@kernel
def op_return_to_hand_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Return the selected permanent or graveyard card to its owner's hand (a token there
    ceases to exist as state-based actions are checked, 704.5d). Done if it moved."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t < 0:
        return ST_OK, False
    z = st.obj[g, O_ZONE, t]
    if z == Z_BATTLEFIELD:
        s = leave_one_nb(st, ct, g, t, Z_HAND)
        return s, s == ST_OK
    if z == Z_GRAVEYARD:
        move_card_nb(st, g, t, Z_HAND)
        return ST_OK, True
    return ST_OK, False


@kernel
def remove_stack_item_nb(st, g, k):
    """Take stack item k out (a countered spell, 701.5a): the items above it move down one.
    The top item's row stays as it was too, so a resolving item (the counterspell) reads
    its own row still; stack.resolve_top_nb pops it by one."""
    n = st.gm[g, G_STACK_N]
    for d in range(k, n - 1):
        for f in range(st.stk.shape[1]):
            st.stk[g, f, d] = st.stk[g, f, d + 1]
        for c in range(st.s_lki.shape[2]):
            st.s_lki[g, d, c] = st.s_lki[g, d + 1, c]
    st.gm[g, G_STACK_N] = n - 1


@kernel
def op_counter_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3):
    """Counter the selected spell (701.5a): it leaves the stack for its owner's graveyard,
    unless (a1 > 0) its controller, asked, pays {a1} (they are asked only if they could:
    the pool, in games what autopay could tap too). Done if it was countered."""
    t = single_sel_nb(st, g, si, a0, tgt_ok)
    if t < 0 or st.obj[g, O_ZONE, t] != Z_STACK:
        return ST_OK, False
    k = -1
    for d in range(st.gm[g, G_STACK_N]):
        if st.stk[g, SI_KIND, d] == SK_SPELL and st.stk[g, SI_SRC, d] == t:
            k = d
    if k < 0:
        return ST_OK, False
    if a1 > 0:
        p = st.stk[g, SI_CTRL, k]
        b = scratch_nb(st, g, 7)
        need = st.scr[b:b + 6]
        hyb = st.scr[b + 6:b + 7]
        for c in range(6):
            need[c] = 0
        able = pay_nb(st, g, p, need, a1, hyb, 0, False)
        if not able and st.gm[g, G_AUTOPAY] != 0:
            able = potential_mana_nb(st, ct, g, p) >= a1
        if able:
            s, yes = ask_yesno_nb(st, ct, g, W_PAY_UNLESS, p)
            if s != ST_OK:
                return s, False
            if yes:
                if st.gm[g, G_AUTOPAY] != 0:
                    autopay_nb(st, ct, g, p, need, a1, hyb, 0)
                if pay_nb(st, g, p, need, a1, hyb, 0, True):
                    return ST_OK, False
    remove_stack_item_nb(st, g, k)
    move_card_nb(st, g, t, Z_GRAVEYARD)
    return ST_OK, True
