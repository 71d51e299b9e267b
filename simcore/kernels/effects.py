"""The effect bytecode interpreter: runs a resolving spell's or ability's ops (compiled from
card files, simcore.compile) in the order of their text (608.2c), making the choices the text
asks for as it goes. Target legality is checked first (608.2b)."""
import numpy as np

from ..consts import (
    AM_CONST,
    AM_COUNT,
    AM_COUNTERS_SELF,
    AM_COUNTERS_SUBJ,
    AM_HALF_X,
    AM_IF_PAID,
    AM_KICKS,
    AM_X,
    ASK_CARDS,
    ASK_OBJECT,
    DUR_NEXT_TURN,
    EXP_LINKED,
    EXP_PLAY,
    EXP_WARP,
    KW_DEATHTOUCH,
    KW_LIFELINK,
    OP_BECOME_CREATURE,
    OP_BLIGHT,
    OP_CREATE_TOKEN,
    OP_DAMAGE,
    OP_DESTROY,
    OP_DISCARD,
    OP_DRAW,
    OP_EXILE,
    OP_EXILE_TOP,
    OP_EXILE_WARPED,
    OP_GAIN_LIFE,
    OP_LOSE_LIFE,
    OP_MOVE_COUNTERS,
    OP_PROLIFERATE,
    OP_PUMP,
    OP_PUT_COUNTERS,
    OP_PUT_SUBJ_COUNTERS,
    OP_RETURN_TO_BF,
    OP_SAC_UNLESS,
    OP_SHUFFLE_INTO_LIB,
    OP_SURVEIL,
    OPF_IF_DONE,
    OPF_OPTIONAL,
    SEL_EACH_CREATURE,
    SEL_EACH_OPP,
    SEL_EACH_OPP_AND_CREATURES,
    SEL_EACH_PLAYER,
    SEL_SELF,
    SEL_SUBJECT,
    SEL_TARGET0,
    SEL_TARGET1,
    SEL_YOU,
    ST_OK,
    T_CREATURE,
    W_DISCARD,
    W_MAY,
    W_SACRIFICE,
    W_SURVEIL,
    Z_BATTLEFIELD,
    Z_EXILE,
    Z_GRAVEYARD,
    Z_HAND,
)
from ..jit import kernel
from ..layout import (
    AB_NOP,
    AB_OP0,
    AB_TGT,
    C_KW,
    G_ACTIVE,
    G_TURN,
    O_CARD,
    O_CFLAGS,
    O_CTRL,
    O_DAMAGE,
    O_DTDMG,
    O_EOT_CHG,
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
    O_OID,
    O_OWNER,
    O_X,
    O_ZONE,
    PL_LIB_N,
    PL_LIFE,
    PL_LOST,
    SI_ABIL,
    SI_CARD,
    SI_CTRL,
    SI_FLAGS,
    SI_KICKS,
    SI_NTGT,
    SI_SRC,
    SI_SRC_OID,
    SI_SUBJ,
    SI_SUBJ_OID,
    SI_TGT,
    SI_TOID,
    SI_X,
)
from .choice import ask_many_nb, ask_one_nb, ask_yesno_nb
from .counters import blight_nb, move_all_counters_nb, proliferate_nb, put_counters_nb
from .query import (
    count_filter_nb,
    is_creature_nb,
    matches_filter_nb,
    obj_has_counters_nb,
    player_matches_nb,
)
from .sbamark import mark_sba_nb
from .scratch import scratch_nb
from .zonebits import next_bf_nb
from .zones import create_tokens_nb, draw_nb, enter_bf_nb, leave_one_nb, move_card_nb

# ---------------------------------------------------------------- effect primitives

@kernel
def damage_nb(st, ct, g, t, n, src_card, src_ctrl):
    """Deal n damage from a source with card src_card to object/player t (120.3)."""
    if n <= 0:
        return
    mark_sba_nb(st, g)
    if t >= 0:
        if st.obj[g, O_ZONE, t] != Z_BATTLEFIELD or not is_creature_nb(st, ct, g, t):
            return
        st.obj[g, O_DAMAGE, t] += n
        if src_card >= 0 and (ct.card[src_card, C_KW] & KW_DEATHTOUCH) != 0:
            st.obj[g, O_DTDMG, t] = 1
    elif t <= -2:
        st.pl[g, PL_LIFE, -2 - t] -= n
    if src_card >= 0 and (ct.card[src_card, C_KW] & KW_LIFELINK) != 0:
        st.pl[g, PL_LIFE, src_ctrl] += n


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
def discard_nb(st, g, p, n):
    """p discards n cards of their choice. Returns (status, number discarded)."""
    b = scratch_nb(st, g, st.obj.shape[2])
    opts = st.scr[b:b + st.obj.shape[2]]
    done = 0
    for _ in range(n):
        m = zone_card_options_nb(st, g, p, Z_HAND, opts, True)
        if m == 0:
            break
        s, c = ask_one_nb(st, g, ASK_OBJECT, W_DISCARD, p, opts, m, True)
        if s != ST_OK:
            return s, done
        move_card_nb(st, g, c, Z_GRAVEYARD)
        done += 1
    return ST_OK, done


@kernel
def surveil_nb(st, g, p, n):
    """701.25: look at the top n; put any of them into the graveyard, the rest back on top."""
    k = min(n, st.pl[g, PL_LIB_N, p])
    if k <= 0:
        return ST_OK
    b = scratch_nb(st, g, 2 * k)
    opts = st.scr[b:b + k]
    out = st.scr[b + k:b + 2 * k]
    top = st.pl[g, PL_LIB_N, p]
    for j in range(k):
        opts[j] = st.lib[g, p, top - 1 - j]
    s, m = ask_many_nb(st, g, ASK_CARDS, W_SURVEIL, p, opts, k, 0, k, True, out)
    if s != ST_OK:
        return s
    for j in range(m):
        move_card_nb(st, g, out[j], Z_GRAVEYARD)
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


# ---------------------------------------------------------------- the interpreter

@kernel
def amount_nb(st, ct, g, si, am_k, am_a):
    if am_k == AM_CONST:
        return np.int64(am_a)
    if am_k == AM_X:
        return np.int64(st.stk[g, SI_X, si])
    if am_k == AM_HALF_X:
        return np.int64(st.stk[g, SI_X, si] // 2)
    if am_k == AM_KICKS:
        return np.int64(st.stk[g, SI_KICKS, si])
    if am_k == AM_COUNT:
        return np.int64(count_filter_nb(st, ct, g, am_a, st.stk[g, SI_SRC, si], st.stk[g, SI_CTRL, si]))
    if am_k == AM_COUNTERS_SELF:
        src = st.stk[g, SI_SRC, si]
        if st.obj[g, O_OID, src] == st.stk[g, SI_SRC_OID, si]:
            return np.int64(st.o_counters[g, am_a, src])
        return np.int64(st.s_lki[g, si, am_a])
    if am_k == AM_COUNTERS_SUBJ:
        return np.int64(st.s_lki[g, si, am_a])
    if am_k == AM_IF_PAID:
        if st.stk[g, SI_FLAGS, si] & 1:
            return np.int64(am_a >> 8)
        return np.int64(am_a & 255)
    return np.int64(0)


@kernel
def target_legal_nb(st, ct, g, si, k):
    """608.2b: is target k of stack item si still legal (same object, still matching)?"""
    t = st.stk[g, SI_TGT + k, si]
    f = ct.abil[st.stk[g, SI_ABIL, si], AB_TGT + k]
    if t >= 0:
        if st.obj[g, O_OID, t] != st.stk[g, SI_TOID + k, si]:
            return False
        return matches_filter_nb(st, ct, g, f, st.stk[g, SI_SRC, si], st.stk[g, SI_CTRL, si], t)
    if t <= -2:
        p = -2 - t
        return st.pl[g, PL_LOST, p] == 0 and player_matches_nb(st, ct, f, st.stk[g, SI_CTRL, si], p)
    return False


@kernel
def self_obj_nb(st, g, si):
    """The source as the same object it was (-1 if it changed zones; 400.7)."""
    src = st.stk[g, SI_SRC, si]
    if src >= 0 and st.obj[g, O_OID, src] == st.stk[g, SI_SRC_OID, si]:
        return src
    return -1


@kernel
def single_sel_nb(st, g, si, sel, tgt_ok):
    """An object/player for a single selector, or -1 when it is gone or illegal."""
    if sel == SEL_TARGET0 or sel == SEL_TARGET1:
        k = 0 if sel == SEL_TARGET0 else 1
        if k < st.stk[g, SI_NTGT, si] and tgt_ok[k]:
            return st.stk[g, SI_TGT + k, si]
        return -1
    if sel == SEL_SELF:
        return self_obj_nb(st, g, si)
    if sel == SEL_SUBJECT:
        sj = st.stk[g, SI_SUBJ, si]
        if sj >= 0 and st.obj[g, O_OID, sj] == st.stk[g, SI_SUBJ_OID, si]:
            return sj
        return -1
    if sel == SEL_YOU:
        return -2 - st.stk[g, SI_CTRL, si]
    return -1


@kernel
def run_ops_nb(st, ct, g, si, tgt_ok):
    """Run the ops of stack item si. Returns a status."""
    mark_sba_nb(st, g)      # any effect may change what 704.5 reads (life, P/T, types, ...)
    a = st.stk[g, SI_ABIL, si]
    ctrl = st.stk[g, SI_CTRL, si]
    src_card = st.stk[g, SI_CARD, si]
    did = False
    M = st.obj.shape[2]
    for o in range(ct.abil[a, AB_OP0], ct.abil[a, AB_OP0] + ct.abil[a, AB_NOP]):
        op = ct.ops[o, 0]
        fl = ct.ops[o, 1]
        a0 = ct.ops[o, 2]
        a1 = ct.ops[o, 3]
        a2 = ct.ops[o, 4]
        a3 = ct.ops[o, 5]
        if (fl & OPF_IF_DONE) != 0 and not did:
            continue
        if (fl & OPF_OPTIONAL) != 0 and op != OP_BLIGHT:
            possible = True
            if op == OP_MOVE_COUNTERS:
                s0 = single_sel_nb(st, g, si, a0, tgt_ok)
                s1 = single_sel_nb(st, g, si, a1, tgt_ok)
                possible = s0 >= 0 and s1 != -1 and obj_has_counters_nb(st, g, s0)
            if not possible:
                did = False
                continue
            s, yes = ask_yesno_nb(st, g, W_MAY, ctrl)
            if s != ST_OK:
                return s
            if not yes:
                did = False
                continue
        if op == OP_PUT_COUNTERS:
            n = amount_nb(st, ct, g, si, a2, a3)
            if a0 == SEL_EACH_CREATURE:
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
            did = True
        elif op == OP_PUT_SUBJ_COUNTERS:
            # 122.8: the same number of each kind the subject had as it left; not a move
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
                for k in range(st.s_lki.shape[2]):
                    put_counters_nb(st, g, t, k, st.s_lki[g, si, k])
            did = True
        elif op == OP_MOVE_COUNTERS:
            s0 = single_sel_nb(st, g, si, a0, tgt_ok)
            s1 = single_sel_nb(st, g, si, a1, tgt_ok)
            if s0 >= 0 and s1 != -1:   # 122.5: if either half is impossible, nothing moves
                move_all_counters_nb(st, g, s0, s1)
            did = True
        elif op == OP_PROLIFERATE:
            s = proliferate_nb(st, ct, g, ctrl)
            if s != ST_OK:
                return s
            did = True
        elif op == OP_BLIGHT:
            n = amount_nb(st, ct, g, si, a1, a2)
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
                    return s
                did = did or b
        elif op == OP_DAMAGE:
            n = amount_nb(st, ct, g, si, a1, a2)
            if a0 == SEL_EACH_OPP_AND_CREATURES or a0 == SEL_EACH_OPP or a0 == SEL_EACH_CREATURE:
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
                    damage_nb(st, ct, g, -2 - (1 - ctrl), n, src_card, ctrl)
            else:
                t = single_sel_nb(st, g, si, a0, tgt_ok)
                if t != -1:
                    damage_nb(st, ct, g, t, n, src_card, ctrl)
            did = True
        elif op == OP_DRAW:
            draw_nb(st, g, ctrl, amount_nb(st, ct, g, si, a0, a1))
            did = True
        elif op == OP_GAIN_LIFE:
            st.pl[g, PL_LIFE, ctrl] += amount_nb(st, ct, g, si, a0, a1)
            did = True
        elif op == OP_LOSE_LIFE:
            n = amount_nb(st, ct, g, si, a1, a2)
            for p in range(2):
                if (a0 == SEL_YOU and p == ctrl) or (a0 == SEL_EACH_OPP and p != ctrl) or \
                        a0 == SEL_EACH_PLAYER:
                    st.pl[g, PL_LIFE, p] -= n
            did = True
        elif op == OP_DISCARD:
            s, m = discard_nb(st, g, ctrl, amount_nb(st, ct, g, si, a0, a1))
            if s != ST_OK:
                return s
            did = m > 0
        elif op == OP_SURVEIL:
            s = surveil_nb(st, g, ctrl, amount_nb(st, ct, g, si, a0, a1))
            if s != ST_OK:
                return s
            did = True
        elif op == OP_CREATE_TOKEN:
            s = create_tokens_nb(st, ct, g, a0, ctrl, amount_nb(st, ct, g, si, a1, a2))
            if s != ST_OK:
                return s
            did = True
        elif op == OP_EXILE:
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            did = False
            if t >= 0:
                if st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
                    s = leave_one_nb(st, ct, g, t, Z_EXILE)
                    if s != ST_OK:
                        return s
                else:
                    move_card_nb(st, g, t, Z_EXILE)
                if a1 != 0:
                    st.obj[g, O_EX_KIND, t] = EXP_LINKED
                    st.obj[g, O_EX_LINK, t] = st.stk[g, SI_SRC_OID, si]
                    st.obj[g, O_EX_PLAYER, t] = st.obj[g, O_OWNER, t]
                did = True
        elif op == OP_EXILE_TOP:
            exile_top_nb(st, g, ctrl, amount_nb(st, ct, g, si, a0, a1), a2)
            did = True
        elif op == OP_RETURN_TO_BF:
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            did = False
            if t >= 0 and st.obj[g, O_ZONE, t] == Z_GRAVEYARD:
                b = scratch_nb(st, g, 2)
                slots = st.scr[b:b + 1]
                ctrls = st.scr[b + 1:b + 2]
                slots[0] = t
                ctrls[0] = st.obj[g, O_OWNER, t]
                st.obj[g, O_X, t] = 0
                st.obj[g, O_KICKS, t] = 0
                st.obj[g, O_CFLAGS, t] = 0
                s = enter_bf_nb(st, ct, g, slots, ctrls, 1, a1)
                if s != ST_OK:
                    return s
                did = True
        elif op == OP_SHUFFLE_INTO_LIB:
            pass   # handled by resolve: the spell goes to its owner's library, shuffled
        elif op == OP_BECOME_CREATURE:
            t = self_obj_nb(st, g, si)
            if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
                st.obj[g, O_EOT_TYPES, t] |= T_CREATURE
                st.obj[g, O_EOT_P, t] = a0
                st.obj[g, O_EOT_T, t] = a1
                st.obj[g, O_EOT_CHG, t] = a2
            did = True
        elif op == OP_PUMP:
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
                st.obj[g, O_EOT_PP, t] += a1
                st.obj[g, O_EOT_TT, t] += a2
            did = True
        elif op == OP_DESTROY:
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            did = False
            if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
                s = leave_one_nb(st, ct, g, t, Z_GRAVEYARD)
                if s != ST_OK:
                    return s
                did = True
        elif op == OP_SAC_UNLESS:
            # "sacrifice this unless you sacrifice a creature": the creature is the payment
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
                s, yes = ask_yesno_nb(st, g, W_MAY, ctrl)
                if s != ST_OK:
                    return s
                if yes:
                    s, c = ask_one_nb(st, g, ASK_OBJECT, W_SACRIFICE, ctrl, cands, nc, True)
                    if s != ST_OK:
                        return s
                    s = leave_one_nb(st, ct, g, c, Z_GRAVEYARD)
                    if s != ST_OK:
                        return s
                    paid = True
            if not paid and src >= 0 and st.obj[g, O_ZONE, src] == Z_BATTLEFIELD:
                s = leave_one_nb(st, ct, g, src, Z_GRAVEYARD)
                if s != ST_OK:
                    return s
            did = paid
        elif op == OP_EXILE_WARPED:
            t = single_sel_nb(st, g, si, SEL_SUBJECT, tgt_ok)
            if t >= 0 and st.obj[g, O_ZONE, t] == Z_BATTLEFIELD:
                s = leave_one_nb(st, ct, g, t, Z_EXILE)
                if s != ST_OK:
                    return s
                st.obj[g, O_EX_KIND, t] = EXP_WARP
                st.obj[g, O_EX_TURN, t] = st.gm[g, G_TURN]
                st.obj[g, O_EX_PLAYER, t] = st.obj[g, O_OWNER, t]
            did = True
    return ST_OK
