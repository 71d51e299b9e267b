"""State-based actions (CR 704): every applicable one found from one snapshot and performed as
one event (704.3), repeated until none apply. Permanents leaving in a batch are remembered as
they were before the batch (704.8): a creature killed by -1/-1 counters is seen with its
+1/+1 counters too, although 704.5q would have cancelled them in the same batch."""
import numpy as np

from ..consts import (ASK_OBJECT, CK_MINUS, CK_PLUS, CK_POISON, ST_OK, SUP_LEGENDARY,
                      T_CREATURE, W_LEGEND, Z_BATTLEFIELD, Z_GONE, Z_GRAVEYARD)
from .choice import ask_one_nb
from .counters import cancel_counters_nb
from .jit import kernel
from .query import obj_types_nb, pt_nb
from .zones import leave_bf_nb, set_zone_nb


@kernel
def sba_pass_nb(st, ct, g):
    """One simultaneous batch. Returns (status, anything_done)."""
    M = st.o_card.shape[1]
    leaving = np.empty(M, np.int64)
    dests = np.empty(M, np.int64)
    nl = 0
    done = False
    # players (704.5a-c)
    lose = np.zeros(2, np.uint8)
    for p in range(2):
        if st.p_lost[g, p] != 0:
            continue
        if st.p_life[g, p] <= 0 or st.p_drew_empty[g, p] != 0 or \
                st.p_counters[g, p, CK_POISON] >= 10:
            lose[p] = 1
    # permanents
    marked = np.zeros(M, np.uint8)
    for i in range(M):
        c = st.o_card[g, i]
        if c < 0:
            continue
        z = st.o_zone[g, i]
        if st.o_token[g, i] != 0 and z != Z_BATTLEFIELD and z != Z_GONE and z != 0:
            set_zone_nb(st, g, i, Z_GONE, st.o_owner[g, i])   # 704.5d
            done = True
            continue
        if z != Z_BATTLEFIELD:
            continue
        types = obj_types_nb(st, ct, g, i)
        if (types & T_CREATURE) != 0:
            t = pt_nb(st, ct, g, i)[1]
            if t <= 0:                                            # 704.5f
                marked[i] = 1
            elif st.o_damage[g, i] >= t or (st.o_dtdmg[g, i] != 0 and st.o_damage[g, i] > 0):
                marked[i] = 1                                     # 704.5g, 704.5h
        a = st.o_attached[g, i]
        if a >= 0 and st.o_zone[g, a] != Z_BATTLEFIELD:
            marked[i] = 1                                         # 704.5m
    # legend rule (704.5j): the controller keeps one of each name
    for i in range(M):
        c = st.o_card[g, i]
        if c < 0 or st.o_zone[g, i] != Z_BATTLEFIELD or (ct.c_super[c] & SUP_LEGENDARY) == 0:
            continue
        opts = np.empty(M, np.int32)
        n = 0
        first = True
        for j in range(M):
            if st.o_card[g, j] == c and st.o_zone[g, j] == Z_BATTLEFIELD and \
                    st.o_ctrl[g, j] == st.o_ctrl[g, i]:
                if j < i:
                    first = False
                    break
                opts[n] = j
                n += 1
        if not first or n < 2:
            continue
        s, keep = ask_one_nb(st, g, ASK_OBJECT, W_LEGEND, st.o_ctrl[g, i], opts, n, True)
        if s != ST_OK:
            return s, False
        for k in range(n):
            if opts[k] != keep:
                marked[opts[k]] = 1
    for i in range(M):
        if marked[i]:
            leaving[nl] = i
            dests[nl] = Z_GRAVEYARD
            nl += 1
    # 704.8: leaving permanents are seen as before the batch, so they go first, then the
    # survivors' counters cancel (704.5q).
    if nl > 0:
        s = leave_bf_nb(st, ct, g, leaving, dests, nl)
        if s != ST_OK:
            return s, False
        done = True
    if cancel_counters_nb(st.o_counters[g, CK_PLUS], st.o_counters[g, CK_MINUS]) > 0:
        done = True
    for p in range(2):
        st.p_drew_empty[g, p] = 0
    for i in range(M):
        st.o_dtdmg[g, i] = 0
    if lose[0] or lose[1]:
        done = True
        for p in range(2):
            if lose[p]:
                st.p_lost[g, p] = 1
        if st.p_lost[g, 0] and st.p_lost[g, 1]:
            st.winner[g] = 2
        elif st.p_lost[g, 0]:
            st.winner[g] = 1
        else:
            st.winner[g] = 0
    return ST_OK, done


@kernel
def run_sba_nb(st, ct, g):
    """704.3: repeat batches until none applies."""
    for _ in range(1000):
        s, done = sba_pass_nb(st, ct, g)
        if s != ST_OK:
            return s
        if not done or st.winner[g] >= 0:
            return ST_OK
    return ST_OK
