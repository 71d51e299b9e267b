"""The zone bitmaps (kernels/zonebits.py): a walk visits exactly the slots a scan of every
slot for a card on the battlefield (or outside the libraries) visits, in slot order."""
import numpy as np
import pytest

from simcore import consts as K
from simcore import layout as L
from simcore.kernels.zonebits import walk_slots_py
from simcore.state import alloc_state, grow, rebuild_zone_bits, zone_bits_ok


@pytest.mark.parametrize("M", [2, 15, 16, 17, 60, 152])
def test_walk_visits_what_a_scan_of_every_slot_visits(M):
    rng = np.random.default_rng(M)
    st = alloc_state(6, 4, M=M)
    for g in range(6):
        st.obj[g, L.O_CARD] = np.where(rng.random(M) < 0.8, rng.integers(0, 5, M), -1)
        st.obj[g, L.O_ZONE] = rng.integers(0, 8, M)
        st.obj[g, L.O_TOKEN] = rng.random(M) < 0.3
    st.obj[1, L.O_ZONE] = K.Z_BATTLEFIELD           # every slot, the sign bits included
    st.obj[1, L.O_CARD] = 0
    st.obj[2, L.O_CARD] = -1                        # no permanent at all
    rebuild_zone_bits(st)
    assert zone_bits_ok(st)
    out = np.zeros(M, dtype=np.int64)
    for g in range(6):
        card, z = st.obj[g, L.O_CARD] >= 0, st.obj[g, L.O_ZONE]
        want = np.nonzero(card & (z == K.Z_BATTLEFIELD))[0]
        n = walk_slots_py(st, g, False, out)
        assert list(out[:n]) == list(want)
        token = st.obj[g, L.O_TOKEN] != 0
        want = np.nonzero(card & ~np.isin(z, (K.Z_NONE, K.Z_GONE)) &
                          ((z != K.Z_LIBRARY) | token))[0]
        n = walk_slots_py(st, g, True, out)
        assert list(out[:n]) == list(want)
    big = grow(st)                                   # more words: rebuilt
    assert zone_bits_ok(big)
    st.obj[0, L.O_ZONE, 0] = K.Z_BATTLEFIELD if st.obj[0, L.O_ZONE, 0] != K.Z_BATTLEFIELD \
        else K.Z_HAND
    st.obj[0, L.O_CARD, 0] = 1
    assert not zone_bits_ok(st), "a zone written without its bit is caught"
