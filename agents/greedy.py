"""The greedy agent: curves out and attacks.

Scores every legal action of every live game in one numba kernel (the batch is one call,
never a Python loop over games) and takes the best, the lowest-numbered action on ties:
- mulligan: keep hands of 1-5 lands; after a mulligan keep any hand;
- bottom: the most expensive card, or a land when the hand has more than three;
- priority: play a land, else cast the costliest spell (warp after casting), else activate
  an ability (not one that costs blight, sacrificing itself or tapping our creatures, nor
  one that makes its permanent a creature until end of turn while it already is one or
  that activation waits on the stack); else pass;
- attack with everything (against random players, holding back measured worse); block to
  kill and survive, else to survive, else to trade with an attacker of at least its mana
  value, or (chump) when the attacking power is lethal;
- questions: aim at the opponent and their biggest creature, blight its cheapest smallest
  creature, proliferate its own things only, say yes to "you may", take the largest number.
Power and toughness here are printed values plus counters (no anthems): a heuristic.
"""
import numpy as np
from numba import njit

from simcore import consts as K
from simcore import layout as L
from simcore.game import in_ranges, register_agent


@njit(cache=True, nogil=True)
def greedy_actions_nb(obj, counters, card, abil, ops, stk, gm, life, mulls, kind, me_arr,
                      opts, qkind, mask, out, lo, hi):
    n, width = mask.shape
    M = obj.shape[2]
    for g in range(lo, hi):
        out[g] = 0
        d = kind[g]
        if d == K.D_OVER or d == K.D_NONE:
            continue
        me = me_arr[g]
        best = 0
        best_s = -np.inf
        lands = 0
        size = 0
        if d == K.D_MULLIGAN or d == K.D_BOTTOM:
            for i in range(M):
                c = obj[g, L.O_CARD, i]
                if c >= 0 and obj[g, L.O_ZONE, i] == K.Z_HAND and obj[g, L.O_OWNER, i] == me:
                    size += 1
                    if card[c, L.C_TYPES] & K.T_LAND:
                        lands += 1
        # after one mulligan any hand is kept (six cards once bottomed)
        keep = (1 <= lands <= 5) or mulls[g, me] >= 1
        lethal = False
        if d == K.D_BLOCK:       # chump-block only when the attack would be lethal
            incoming = 0
            for i in range(M):
                if obj[g, L.O_CARD, i] >= 0 and obj[g, L.O_ZONE, i] == K.Z_BATTLEFIELD and \
                        obj[g, L.O_ATTACKING, i] != 0:
                    incoming += max(_pt(obj, counters, card, g, i)[0], 0)
            lethal = incoming >= life[g, me]
        why = gm[g, L.G_ASK_WHY]
        qk = qkind[g]
        for k in range(width):
            if not mask[g, k]:
                continue
            s = 0.0
            if k == 0:
                if d == K.D_MULLIGAN:
                    s = 1.0 if keep else 0.0
                elif d == K.D_ATTACK:
                    s = -1.0
                elif d == K.D_QUESTION:
                    s = 0.5 if (why == K.W_SURVEIL or why == K.W_PROLIFERATE) else -1.0
            else:
                o = opts[g, k - 1]
                slot = min(max(o, 0), M - 1)
                c = max(obj[g, L.O_CARD, slot], 0)
                mv = card[c, L.C_MV]
                if d == K.D_MULLIGAN:
                    s = 0.0 if keep else 1.0
                elif d == K.D_BOTTOM:
                    s = mv + (20.0 if (card[c, L.C_TYPES] & K.T_LAND) != 0 and lands > 3 else 0.0)
                elif d == K.D_PRIORITY:
                    ok = o >> 24
                    ps = min(max((o >> 6) & 0x3FFFF, 0), M - 1)
                    c2 = max(obj[g, L.O_CARD, ps], 0)
                    pmv = card[c2, L.C_MV]
                    if ok == K.OPT_LAND:
                        s = 1000.0
                    elif ok == K.OPT_CAST:
                        s = 100.0 + pmv
                    elif ok == K.OPT_WARP:
                        s = 50.0 + pmv
                    else:       # abilities; not those that cost our own creatures
                        s = 10.0
                        a0 = card[c2, L.C_ABIL0]
                        for ab in range(a0, a0 + card[c2, L.C_NABIL]):
                            if abil[ab, L.AB_KIND] != K.AK_ACTIVATED or \
                                    abil[ab, L.AB_ACTIDX] != (o & 63):
                                continue
                            if abil[ab, L.AB_BLIGHT] != 0 or abil[ab, L.AB_SAC_SELF] != 0 or \
                                    abil[ab, L.AB_TAPN] != 0:
                                s = -1.0    # costs our creatures: a counter, itself, attackers
                            # nor "becomes a creature" again while it already is one or
                            # that activation waits on the stack
                            again = (obj[g, L.O_EOT_TYPES, ps] & K.T_CREATURE) != 0
                            for si in range(gm[g, L.G_STACK_N]):
                                if stk[g, L.SI_KIND, si] == K.SK_ACTIVATED and \
                                        stk[g, L.SI_SRC, si] == ps and stk[g, L.SI_ABIL, si] == ab:
                                    again = True
                            if again:
                                for op in range(abil[ab, L.AB_OP0],
                                                abil[ab, L.AB_OP0] + abil[ab, L.AB_NOP]):
                                    if ops[op, 0] == K.OP_BECOME_CREATURE:
                                        s = -1.0
                elif d == K.D_ATTACK:
                    s = 1.0
                elif d == K.D_BLOCK:
                    b = min(max(o >> 16, 0), M - 1)
                    a = min(max(o & 0xFFFF, 0), M - 1)
                    pb, tb = _pt(obj, counters, card, g, b)
                    pa, ta = _pt(obj, counters, card, g, a)
                    mb = card[max(obj[g, L.O_CARD, b], 0), L.C_MV]
                    ma = card[max(obj[g, L.O_CARD, a], 0), L.C_MV]
                    if tb > pa and pb >= ta:
                        s = 3.0
                    elif tb > pa:
                        s = 2.0
                    elif pb >= ta and mb <= ma:
                        s = 1.0
                    elif lethal:
                        s = 0.5
                    else:
                        s = -1.0
                elif d == K.D_QUESTION:
                    is_player = o <= -2
                    pw, tg = _pt(obj, counters, card, g, slot)
                    s = 1.0
                    if why == K.W_TARGET:
                        if is_player:
                            s = 3.0 if -2 - o == 1 - me else -3.0
                        elif obj[g, L.O_CTRL, slot] != me:
                            s = 2.0 + pw
                        else:
                            s = -1.0
                    if why == K.W_BLIGHT:
                        s = -mv - tg
                    if why == K.W_DISCARD or why == K.W_SURVEIL:
                        s = float(mv)
                    if qk == K.ASK_INT or qk == K.ASK_YESNO:
                        s = float(o)
                    if why == K.W_PROLIFERATE:
                        mine = (-2 - o == me) if is_player else obj[g, L.O_CTRL, slot] == me
                        s = 1.0 if mine else -1.0
            if s > best_s:
                best_s = s
                best = k
        out[g] = best


@njit(cache=True, nogil=True)
def _pt(obj, counters, card, g, i):
    c = max(obj[g, L.O_CARD, i], 0)
    d = np.int64(counters[g, K.CK_PLUS, i]) - np.int64(counters[g, K.CK_MINUS, i])
    return card[c, L.C_POWER] + d, card[c, L.C_TOUGHNESS] + d


@register_agent      # a cold start compiles its kernel in the compile helper
class GreedyAgent:
    """Curves out and attacks (see the module docstring for its rules of thumb)."""

    uses_random = False
    per_game = True         # each game scored by itself: one call serves both players
    # only its own hand, the battlefield, the stack and its question's options: it may be
    # given the engine's state unmasked (GameBatch.view; tests/test_games.py checks)
    reads_only_visible = True

    def act(self, view, legal_mask, rng):
        st, ct = view["state"], view["cards"]
        n, width = legal_mask.shape
        out = np.zeros(n, np.int64)
        life = np.ascontiguousarray(st.pl[:, L.PL_LIFE])
        mulls = np.ascontiguousarray(st.pl[:, L.PL_MULLIGANS])
        # contiguous whatever the caller passed (a view's columns, or GameBatch.ask_agents'
        # copy with other players' games marked over): one compiled signature, the one the
        # compile helper warms up
        kind = np.ascontiguousarray(view["decision"])
        who = np.ascontiguousarray(view["player"])
        question = np.ascontiguousarray(view["question"])
        # ranges of games on numba's threads (a prange kernel took 18 s to compile)
        in_ranges(n, lambda lo, hi, lane: greedy_actions_nb(
            st.obj, st.o_counters, ct.card, ct.abil, ct.ops, st.stk, st.gm, life, mulls, kind,
            who, view["options"], question, legal_mask, out, lo, hi),
            split=1, live=np.count_nonzero(kind != K.D_OVER))
        return out
