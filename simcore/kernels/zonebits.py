"""Which slots hold permanents, and which hold cards outside the libraries, as bits: scans
visit only those.

Most scans in the engine look at the battlefield (mana sources, triggers, state-based
actions, untapping), and they walked all M object slots to find its 10-20 permanents among
100-odd library cards and free slots. The plane `o_zone_bits` keeps two bitmaps instead,
as 16-bit words (nw = ceil(M / 16) of each): entry w < nw, bit k is set when slot 16 w + k
holds a card (o_card >= 0) on the battlefield; entry nw + w, bit k when it holds a card in
any zone but a library (hand, battlefield, graveyard, stack, exile) or a token anywhere
(704.5d removes one that reached a library), so that the scans of hands and exile (priority
options, cleanup) and state-based actions skip the ~100 library cards of a two-deck game.
Both fit in the one plane's M entries (2 nw <= M for M >= 2). set_zone_nb (every zone
change) keeps them; Python code that places objects itself, or grows M (the words move),
calls state.rebuild_zone_bits, and tests check them against the zones
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
then (the least permanent's slot above i). next_nonlib_nb walks the other bitmap alike.
"""
import numba
import numpy as np

from ..consts import Z_BATTLEFIELD, Z_GONE, Z_LIBRARY, Z_NONE
from ..jit import entry, kernel
from ..layout import O_CARD, O_TOKEN, O_ZONE, O_ZONE_BITS

if numba.config.DISABLE_JIT:    # the intrinsic only compiles; kernels run as Python then
    def trailing_zeros(x):
        return (int(x) & -int(x)).bit_length() - 1
else:
    from numba.cpython.unsafe.numbers import trailing_zeros


@kernel
def set_bit_nb(st, g, w0, i, on):
    w = w0 + (i >> 4)
    bit = np.int64(1) << (i & 15)
    v = np.int64(st.obj[g, O_ZONE_BITS, w]) & 0xFFFF
    if on:
        v |= bit
    else:
        v &= ~bit
    # sign-extended to int16 (the compiled store would wrap, Python ints do not:
    # NUMBA_DISABLE_JIT=1 runs must work too)
    st.obj[g, O_ZONE_BITS, w] = (v ^ 0x8000) - 0x8000


@kernel
def set_zone_bits_nb(st, g, i):
    """Slot i's bits after its card or zone changed."""
    z = st.obj[g, O_ZONE, i]
    card = st.obj[g, O_CARD, i] >= 0
    set_bit_nb(st, g, 0, i, card and z == Z_BATTLEFIELD)
    set_bit_nb(st, g, (st.obj.shape[2] + 15) >> 4, i, card and z != Z_NONE and z != Z_GONE and
               (z != Z_LIBRARY or st.obj[g, O_TOKEN, i] != 0))


@kernel
def next_bit_nb(st, g, w0, i):
    """The least slot above i whose bit is set in the bitmap at word w0, or M if none."""
    M = st.obj.shape[2]
    j = i + 1
    nw = (M + 15) >> 4
    w = j >> 4
    if w >= nw:
        return M
    bits = (np.int64(st.obj[g, O_ZONE_BITS, w0 + w]) & 0xFFFF) >> (j & 15)
    if bits != 0:
        return j + trailing_zeros(bits)
    for w2 in range(w + 1, nw):
        bits = np.int64(st.obj[g, O_ZONE_BITS, w0 + w2]) & 0xFFFF
        if bits != 0:
            return (w2 << 4) + trailing_zeros(bits)
    return M


@kernel
def next_bf_nb(st, g, i):
    """The least slot above i holding a permanent, or M when there is none."""
    return next_bit_nb(st, g, 0, i)


@kernel
def next_nonlib_nb(st, g, i):
    """The least slot above i holding a card outside the libraries (or a token), or M."""
    return next_bit_nb(st, g, (st.obj.shape[2] + 15) >> 4, i)


@entry
def walk_slots_py(st, g, nonlib, out):
    """The slots a walk of the battlefield (or, with nonlib, of the cards outside the
    libraries) visits, into out; returns how many (tests)."""
    M = st.obj.shape[2]
    w0 = (M + 15) >> 4 if nonlib else 0
    n = 0
    i = -1
    while True:
        i = next_bit_nb(st, g, w0, i)
        if i >= M:
            break
        out[n] = i
        n += 1
    return n
