"""Counters (CR 122): putting, moving (122.5), proliferate (701.34), blight (701.68), and the
+1/+1 / -1/-1 cancellation kernel of 704.5q (122.3)."""
from ..consts import (
    ASK_OBJECT,
    ASK_OBJECTS,
    CK_MINUS,
    ST_OK,
    W_BLIGHT,
    W_MAY,
    W_PROLIFERATE,
)
from ..encoding import is_player_value_nb, player_value_nb, value_player_nb
from ..jit import entry, kernel
from .choice import ask_many_nb, ask_one_nb, ask_yesno_nb
from .manamark import mark_mana_nb
from .query import next_creature_nb, obj_has_counters_nb, player_has_counters_nb
from .sbamark import mark_sba_nb
from .scratch import scratch_nb
from .zonebits import next_bf_nb

CAP = 32000


@kernel
def put_counters_nb(st, g, i, kind, n):
    """Put n counters of `kind` on object i (a player when i <= -2)."""
    if n <= 0:
        return
    mark_sba_nb(st, g)
    if i >= 0:
        st.o_counters[g, kind, i] = min(CAP, st.o_counters[g, kind, i] + n)
        mark_mana_nb(st, g)
    elif is_player_value_nb(i):
        p = value_player_nb(i)
        st.p_counters[g, p, kind] = min(CAP, st.p_counters[g, p, kind] + n)


@kernel
def move_all_counters_nb(st, g, src, dst):
    """122.5: remove every counter from src and put them on dst."""
    for k in range(st.o_counters.shape[1]):
        n = st.o_counters[g, k, src]
        if n > 0:
            st.o_counters[g, k, src] = 0
            mark_mana_nb(st, g)
            put_counters_nb(st, g, dst, k, n)


@kernel
def proliferate_nb(st, ct, g, p):
    """701.34a: choose any number of permanents and players with counters (opponents' too,
    none at all is fine); each gets one more of each kind it already has."""
    M = st.obj.shape[2]
    b = scratch_nb(st, g, 2 * (M + 2))
    cands = st.scr[b:b + M + 2]
    chosen = st.scr[b + M + 2:b + 2 * (M + 2)]
    n = 0
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            break
        if obj_has_counters_nb(st, g, i):
            cands[n] = i
            n += 1
    for q in range(2):
        if player_has_counters_nb(st, g, q):
            cands[n] = player_value_nb(q)
            n += 1
    if n == 0:
        return ST_OK
    s, m = ask_many_nb(st, ct, g, ASK_OBJECTS, W_PROLIFERATE, p, cands, n, 0, n, True, chosen)
    if s != ST_OK:
        return s
    for j in range(m):
        t = chosen[j]
        if t >= 0:
            for k in range(st.o_counters.shape[1]):
                if st.o_counters[g, k, t] > 0:
                    put_counters_nb(st, g, t, k, 1)
        else:
            q = value_player_nb(t)
            for k in range(st.p_counters.shape[2]):
                if st.p_counters[g, q, k] > 0:
                    put_counters_nb(st, g, t, k, 1)
    return ST_OK


@kernel
def blight_targets_nb(st, ct, g, p, out):
    n = 0
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, p, i)
        if i >= st.obj.shape[2]:
            return n
        out[n] = i
        n += 1


@kernel
def blight_nb(st, ct, g, p, n, optional):
    """701.68: player p puts n -1/-1 counters on ONE creature they control (chosen, not
    targeted; it need not survive). Without a creature p can't blight (701.68b) and a "you
    may" is not asked. Returns (status, blighted)."""
    b = scratch_nb(st, g, st.obj.shape[2])
    cands = st.scr[b:b + st.obj.shape[2]]
    nc = blight_targets_nb(st, ct, g, p, cands)
    if nc == 0:
        return ST_OK, False
    if optional:
        s, yes = ask_yesno_nb(st, ct, g, W_MAY, p)
        if s != ST_OK or not yes:
            return s, False
    s, c = ask_one_nb(st, ct, g, ASK_OBJECT, W_BLIGHT, p, cands, nc, True)
    if s != ST_OK:
        return s, False
    put_counters_nb(st, g, c, CK_MINUS, n)
    return ST_OK, True


@kernel
def cancel_counters_nb(plus, minus):
    """704.5q over one game's planes: remove N +1/+1 and N -1/-1 counters, N the smaller.
    Branch-free over contiguous planes so it vectorises. Returns how many slots changed."""
    changed = 0
    for i in range(plus.shape[0]):
        m = min(plus[i], minus[i])
        changed += m > 0
        plus[i] -= m
        minus[i] -= m
    return changed


@entry
def cancel_counters_py(plus, minus):
    """cancel_counters_nb for Python (tests). Kernels call the kernel: an entry called from
    kernels is compiled and emitted a second time."""
    return cancel_counters_nb(plus, minus)
