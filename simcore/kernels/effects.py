"""The effect bytecode interpreter: runs a resolving spell's or ability's ops (compiled from
card files, simcore.compile) in the order of their text (608.2c), making the choices the text
asks for as it goes. Target legality is checked first (608.2b)."""
import numpy as np

from ..consts import (AM_CONST, AM_COUNT, AM_COUNTERS_SELF, AM_COUNTERS_SUBJ, AM_HALF_X,
                      AM_IF_PAID, AM_KICKS, AM_X, ASK_CARDS, ASK_OBJECT, CK_MINUS, CK_PLUS,
                      DUR_NEXT_TURN, EXP_LINKED, EXP_PLAY, EXP_WARP, KW_DEATHTOUCH,
                      KW_LIFELINK, OP_BECOME_CREATURE, OP_BLIGHT, OP_CREATE_TOKEN, OP_DAMAGE,
                      OP_DESTROY, OP_DISCARD, OP_DRAW, OP_EXILE, OP_EXILE_TOP, OP_EXILE_WARPED,
                      OP_GAIN_LIFE, OP_LOSE_LIFE, OP_MOVE_COUNTERS, OP_PROLIFERATE, OP_PUMP,
                      OP_PUT_COUNTERS, OP_PUT_SUBJ_COUNTERS, OP_RETURN_TO_BF, OP_SAC_UNLESS,
                      OP_SHUFFLE_INTO_LIB, OP_SURVEIL, OPF_IF_DONE, OPF_OPTIONAL, SEL_EACH_CREATURE,
                      SEL_EACH_OPP, SEL_EACH_OPP_AND_CREATURES, SEL_EACH_PLAYER, SEL_SELF,
                      SEL_SUBJECT, SEL_TARGET0, SEL_TARGET1, SEL_YOU, SK_SPELL, ST_OK,
                      T_CREATURE, W_DISCARD, W_MAY, W_SACRIFICE, W_SURVEIL, Z_BATTLEFIELD,
                      Z_EXILE, Z_GRAVEYARD, Z_HAND, Z_LIBRARY, Z_STACK)
from .choice import ask_many_nb, ask_one_nb, ask_yesno_nb
from .counters import blight_nb, move_all_counters_nb, proliferate_nb, put_counters_nb
from .jit import kernel
from .query import (count_filter_nb, is_creature_nb, matches_filter_nb, obj_has_counters_nb,
                    player_matches_nb)
from .zones import (create_tokens_nb, draw_nb, enter_bf_nb, leave_one_nb, move_card_nb,
                    set_zone_nb)


# ---------------------------------------------------------------- effect primitives

@kernel
def damage_nb(st, ct, g, t, n, src_card, src_ctrl):
    """Deal n damage from a source with card src_card to object/player t (120.3)."""
    if n <= 0:
        return
    if t >= 0:
        if st.o_zone[g, t] != Z_BATTLEFIELD or not is_creature_nb(st, ct, g, t):
            return
        st.o_damage[g, t] += n
        if src_card >= 0 and (ct.c_kw[src_card] & KW_DEATHTOUCH) != 0:
            st.o_dtdmg[g, t] = 1
    elif t <= -2:
        st.p_life[g, -2 - t] -= n
    if src_card >= 0 and (ct.c_kw[src_card] & KW_LIFELINK) != 0:
        st.p_life[g, src_ctrl] += n


@kernel
def zone_card_options_nb(st, g, p, zone, out, dedup):
    """Cards p owns in a zone; with dedup, one per card name (interchangeable cards)."""
    n = 0
    for i in range(st.o_card.shape[1]):
        if st.o_card[g, i] < 0 or st.o_zone[g, i] != zone or st.o_owner[g, i] != p:
            continue
        if dedup:
            dup = False
            for k in range(n):
                if st.o_card[g, out[k]] == st.o_card[g, i]:
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
    opts = np.empty(st.o_card.shape[1], np.int32)
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
    k = min(n, st.lib_n[g, p])
    if k <= 0:
        return ST_OK
    opts = np.empty(k, np.int32)
    top = st.lib_n[g, p]
    for j in range(k):
        opts[j] = st.lib[g, p, top - 1 - j]
    out = np.empty(k, np.int32)
    s, m = ask_many_nb(st, g, ASK_CARDS, W_SURVEIL, p, opts, k, 0, k, True, out)
    if s != ST_OK:
        return s
    for j in range(m):
        move_card_nb(st, g, out[j], Z_GRAVEYARD)
    return ST_OK


@kernel
def exile_top_nb(st, g, p, n, duration):
    """Exile the top n cards of p's library; p may play them for the duration."""
    last = st.turn[g] if duration != DUR_NEXT_TURN else \
        (st.turn[g] + 2 if st.active[g] == p else st.turn[g] + 1)
    for _ in range(n):
        m = st.lib_n[g, p]
        if m == 0:
            break
        i = st.lib[g, p, m - 1]
        move_card_nb(st, g, i, Z_EXILE)
        st.o_ex_kind[g, i] = EXP_PLAY
        st.o_ex_turn[g, i] = last
        st.o_ex_player[g, i] = p


# ---------------------------------------------------------------- the interpreter

@kernel
def amount_nb(st, ct, g, si, am_k, am_a):
    if am_k == AM_CONST:
        return np.int64(am_a)
    if am_k == AM_X:
        return np.int64(st.s_x[g, si])
    if am_k == AM_HALF_X:
        return np.int64(st.s_x[g, si] // 2)
    if am_k == AM_KICKS:
        return np.int64(st.s_kicks[g, si])
    if am_k == AM_COUNT:
        return np.int64(count_filter_nb(st, ct, g, am_a, st.s_src[g, si], st.s_ctrl[g, si]))
    if am_k == AM_COUNTERS_SELF:
        src = st.s_src[g, si]
        if st.o_oid[g, src] == st.s_src_oid[g, si]:
            return np.int64(st.o_counters[g, am_a, src])
        return np.int64(st.s_lki[g, si, am_a])
    if am_k == AM_COUNTERS_SUBJ:
        return np.int64(st.s_lki[g, si, am_a])
    if am_k == AM_IF_PAID:
        if st.s_flags[g, si] & 1:
            return np.int64(am_a >> 8)
        return np.int64(am_a & 255)
    return np.int64(0)


@kernel
def target_legal_nb(st, ct, g, si, k):
    """608.2b: is target k of stack item si still legal (same object, still matching)?"""
    t = st.s_tgt[g, si, k]
    f = ct.a_tgt[st.s_abil[g, si], k]
    if t >= 0:
        if st.o_oid[g, t] != st.s_tgt_oid[g, si, k]:
            return False
        return matches_filter_nb(st, ct, g, f, st.s_src[g, si], st.s_ctrl[g, si], t)
    if t <= -2:
        p = -2 - t
        return st.p_lost[g, p] == 0 and player_matches_nb(st, ct, f, st.s_ctrl[g, si], p)
    return False


@kernel
def self_obj_nb(st, g, si):
    """The source as the same object it was (-1 if it changed zones; 400.7)."""
    src = st.s_src[g, si]
    if src >= 0 and st.o_oid[g, src] == st.s_src_oid[g, si]:
        return src
    return -1


@kernel
def single_sel_nb(st, g, si, sel, tgt_ok):
    """An object/player for a single selector, or -1 when it is gone or illegal."""
    if sel == SEL_TARGET0 or sel == SEL_TARGET1:
        k = 0 if sel == SEL_TARGET0 else 1
        if k < st.s_ntgt[g, si] and tgt_ok[k]:
            return st.s_tgt[g, si, k]
        return -1
    if sel == SEL_SELF:
        return self_obj_nb(st, g, si)
    if sel == SEL_SUBJECT:
        sj = st.s_subj[g, si]
        if sj >= 0 and st.o_oid[g, sj] == st.s_subj_oid[g, si]:
            return sj
        return -1
    if sel == SEL_YOU:
        return -2 - st.s_ctrl[g, si]
    return -1


@kernel
def run_ops_nb(st, ct, g, si, tgt_ok):
    """Run the ops of stack item si. Returns a status."""
    a = st.s_abil[g, si]
    ctrl = st.s_ctrl[g, si]
    src_card = st.s_card[g, si]
    did = False
    M = st.o_card.shape[1]
    for o in range(ct.a_op0[a], ct.a_op0[a] + ct.a_nop[a]):
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
                for i in range(M):
                    if st.o_card[g, i] >= 0 and st.o_zone[g, i] == Z_BATTLEFIELD and \
                            is_creature_nb(st, ct, g, i):
                        put_counters_nb(st, g, i, a1, n)
            else:
                t = single_sel_nb(st, g, si, a0, tgt_ok)
                if t >= 0 and st.o_zone[g, t] != Z_BATTLEFIELD:
                    t = -1
                if t != -1:
                    put_counters_nb(st, g, t, a1, n)
            did = True
        elif op == OP_PUT_SUBJ_COUNTERS:
            # 122.8: the same number of each kind the subject had as it left; not a move
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            if t >= 0 and st.o_zone[g, t] == Z_BATTLEFIELD:
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
                p = (st.active[g] + k) % 2   # APNAP order
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
                for i in range(M):
                    if st.o_card[g, i] < 0 or st.o_zone[g, i] != Z_BATTLEFIELD or \
                            not is_creature_nb(st, ct, g, i):
                        continue
                    if a0 == SEL_EACH_OPP:
                        continue
                    if a0 == SEL_EACH_OPP_AND_CREATURES and st.o_ctrl[g, i] == ctrl:
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
            st.p_life[g, ctrl] += amount_nb(st, ct, g, si, a0, a1)
            did = True
        elif op == OP_LOSE_LIFE:
            n = amount_nb(st, ct, g, si, a1, a2)
            for p in range(2):
                if (a0 == SEL_YOU and p == ctrl) or (a0 == SEL_EACH_OPP and p != ctrl) or \
                        a0 == SEL_EACH_PLAYER:
                    st.p_life[g, p] -= n
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
                if st.o_zone[g, t] == Z_BATTLEFIELD:
                    s = leave_one_nb(st, ct, g, t, Z_EXILE)
                    if s != ST_OK:
                        return s
                else:
                    move_card_nb(st, g, t, Z_EXILE)
                if a1 != 0:
                    st.o_ex_kind[g, t] = EXP_LINKED
                    st.o_ex_link[g, t] = st.s_src_oid[g, si]
                    st.o_ex_player[g, t] = st.o_owner[g, t]
                did = True
        elif op == OP_EXILE_TOP:
            exile_top_nb(st, g, ctrl, amount_nb(st, ct, g, si, a0, a1), a2)
            did = True
        elif op == OP_RETURN_TO_BF:
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            did = False
            if t >= 0 and st.o_zone[g, t] == Z_GRAVEYARD:
                slots = np.empty(1, np.int64)
                ctrls = np.empty(1, np.int64)
                slots[0] = t
                ctrls[0] = st.o_owner[g, t]
                st.o_x[g, t] = 0
                st.o_kicks[g, t] = 0
                st.o_cflags[g, t] = 0
                s = enter_bf_nb(st, ct, g, slots, ctrls, 1, a1)
                if s != ST_OK:
                    return s
                did = True
        elif op == OP_SHUFFLE_INTO_LIB:
            pass   # handled by resolve: the spell goes to its owner's library, shuffled
        elif op == OP_BECOME_CREATURE:
            t = self_obj_nb(st, g, si)
            if t >= 0 and st.o_zone[g, t] == Z_BATTLEFIELD:
                st.o_eot_types[g, t] |= T_CREATURE
                st.o_eot_p[g, t] = a0
                st.o_eot_t[g, t] = a1
                st.o_eot_chg[g, t] = a2
            did = True
        elif op == OP_PUMP:
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            if t >= 0 and st.o_zone[g, t] == Z_BATTLEFIELD:
                st.o_eot_pp[g, t] += a1
                st.o_eot_tt[g, t] += a2
            did = True
        elif op == OP_DESTROY:
            t = single_sel_nb(st, g, si, a0, tgt_ok)
            did = False
            if t >= 0 and st.o_zone[g, t] == Z_BATTLEFIELD:
                s = leave_one_nb(st, ct, g, t, Z_GRAVEYARD)
                if s != ST_OK:
                    return s
                did = True
        elif op == OP_SAC_UNLESS:
            # "sacrifice this unless you sacrifice a creature": the creature is the payment
            cands = np.empty(M, np.int32)
            nc = 0
            src = self_obj_nb(st, g, si)
            for i in range(M):
                if st.o_card[g, i] >= 0 and st.o_zone[g, i] == Z_BATTLEFIELD and \
                        st.o_ctrl[g, i] == ctrl and matches_filter_nb(st, ct, g, a0, src, ctrl, i):
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
            if not paid and src >= 0 and st.o_zone[g, src] == Z_BATTLEFIELD:
                s = leave_one_nb(st, ct, g, src, Z_GRAVEYARD)
                if s != ST_OK:
                    return s
            did = paid
        elif op == OP_EXILE_WARPED:
            t = single_sel_nb(st, g, si, SEL_SUBJECT, tgt_ok)
            if t >= 0 and st.o_zone[g, t] == Z_BATTLEFIELD:
                s = leave_one_nb(st, ct, g, t, Z_EXILE)
                if s != ST_OK:
                    return s
                st.o_ex_kind[g, t] = EXP_WARP
                st.o_ex_turn[g, t] = st.turn[g]
                st.o_ex_player[g, t] = st.o_owner[g, t]
            did = True
    return ST_OK
