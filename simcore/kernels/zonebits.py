"""Which slots hold permanents, as bits: scans of the battlefield visit only those.

Most scans in the engine look at the battlefield (mana sources, triggers, state-based
actions, untapping), and they walked all M object slots to find its 10-20 permanents among
100-odd library cards and free slots. `o_bf_bits` keeps a bitmap instead: entry w of the
plane is a 16-bit word whose bit k is set when slot 16 w + k holds a card (o_card >= 0) on
the battlefield. set_zone_nb (every zone change) keeps it; Python code that places objects
itself calls state.rebuild_zone_bits, and tests check it against the zones
(state.zone_bits_ok).

A scan

    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            break
        ...

visits exactly the slots `for i in range(M): if card >= 0 and zone == battlefield` visits,
in the same order, even when its body moves objects: each step reads the bitmap as it is
then (the least permanent's slot above i).
"""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ..layout import O_BF_BITS
from .jit import entry, kernel


@kernel
def set_bf_bit_nb(st, g, i, on):
    """Slot i is (on) or is not a permanent now."""
    w = i >> 4
    bit = np.int64(1) << (i & 15)
    v = np.int64(st.obj[g, O_BF_BITS, w]) & 0xFFFF
    if on:
        v |= bit
    else:
        v &= ~bit
    st.obj[g, O_BF_BITS, w] = v     # the store keeps the low 16 bits


@kernel
def next_bf_nb(st, g, i):
    """The least slot above i holding a permanent, or M when there is none."""
    M = st.obj.shape[2]
    j = i + 1
    nw = (M + 15) >> 4
    w = j >> 4
    if w >= nw:
        return M
    bits = (np.int64(st.obj[g, O_BF_BITS, w]) & 0xFFFF) >> (j & 15)
    if bits != 0:
        return j + trailing_zeros(bits)
    for w2 in range(w + 1, nw):
        bits = np.int64(st.obj[g, O_BF_BITS, w2]) & 0xFFFF
        if bits != 0:
            return (w2 << 4) + trailing_zeros(bits)
    return M


@entry
def bf_slots_py(st, g, out):
    """The slots a battlefield walk visits, into out; returns how many (tests)."""
    M = st.obj.shape[2]
    n = 0
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            break
        out[n] = i
        n += 1
    return n
