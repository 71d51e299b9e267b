"""The board state of a batch of games: a struct of arrays, game axis first.

Fields of one axis are planes of one integer array (see simcore/layout.py for why): objects
`obj[g, O_*, slot]`, players `pl[g, PL_*, p]`, game `gm[g, G_*]`, stack `stk[g, SI_*, depth]`,
waiting triggers `pq[g, QI_*, i]`, delayed triggers `dl[g, DI_*, i]`, choice tape
`tp[g, TP_*, i]`. FIELD_DOCS (from simcore/layout.py, beside the names) gives each plane's
and array's encoding. Capacities (objects M, counter kinds K, stack S, pending triggers P,
delayed triggers D, tape T/V, question options A) are fixed per allocation; a kernel that runs
out returns ST_CAPACITY and Python grows the state (`grow`) and replays the action.

The object planes and the libraries are int16 (slots, card ids, timestamps and object ids
stay far below 32,767; a game that would overflow ends truncated, see flow.game_over_nb), so
one game's State is under 16 KiB with two 60-card decks.
"""
from collections import namedtuple
from types import SimpleNamespace

import numpy as np

from . import consts as K
from . import layout as L
from .layout import FIELD_DOCS  # noqa: F401 (re-exported: state.FIELD_DOCS)
from .threads import in_ranges

# (array name, dtype, shape in symbols): G games, F<group> the group's number of planes
ARRAYS = [
    ("obj", np.int16, ("G", "Fobj", "M")),
    ("o_counters", np.int16, ("G", "K", "M")),
    ("pl", np.int32, ("G", "Fpl", 2)),
    ("p_counters", np.int16, ("G", 2, "K")),
    ("p_pool", np.int32, ("G", 2, 6)),
    ("lib", np.int16, ("G", 2, "M")),
    ("gm", np.int32, ("G", "Fgm")),
    ("rng", np.uint64, ("G",)),
    ("stk", np.int32, ("G", "Fstk", "S")),
    ("s_lki", np.int16, ("G", "S", "K")),
    ("pq", np.int32, ("G", "Fpq", "P")),
    ("q_lki", np.int16, ("G", "P", "K")),
    ("dl", np.int32, ("G", "Fdl", "D")),
    ("tp", np.int32, ("G", "Ftp", "T")),
    ("tape_val", np.int32, ("G", "V")),
    ("ask_opts", np.int32, ("G", "A")),
    ("scr", np.int64, ("SCR",)),
]
State = namedtuple("State", [a[0] for a in ARRAYS])
GROWABLE = ("M", "S", "P", "D", "T", "V", "A")


def _shape(sym, n, caps):
    out = []
    for c in sym:
        if c == "G":
            out.append(n)
        elif isinstance(c, int):
            out.append(c)
        elif c.startswith("F"):
            out.append(len(L.GROUPS[c[1:]]))
        else:
            out.append(caps[c])
    return tuple(out)


def lane_cells(M):
    """Scratch cells per lane: measured high-water marks stay under 12 M + 100 in games of
    every example deck (tests/test_games.py checks half of this is never exceeded)."""
    return 32 * M + 512


def alloc_state(n_games, n_kinds, M=64, S=16, P=32, D=8, T=32, V=128, A=128, lanes=1):
    """A batch of n_games empty games; `lanes`: threads that may run its kernels at once."""
    if M < 2:
        raise ValueError("at least 2 object slots (the zone bitmaps' words live in a plane)")
    W = lane_cells(M)
    caps = {"M": M, "K": n_kinds, "S": S, "P": P, "D": D, "T": T, "V": V, "A": A,
            "SCR": lanes * W}
    # the per-game arrays are written range by range on the threads below: their first
    # touch (or the clearing of memory kept from the last batch) was a serial ~70 ms of a
    # 10,000-game batch set-up, a fifth of a goldfish batch on two threads
    arrs = {name: (np.empty if sym[0] == "G" else np.zeros)(_shape(sym, n_games, caps),
                                                            dtype=dt)
            for name, dt, sym in ARRAYS}
    st = State(**arrs)
    for k in range(lanes):          # lane header: top, end, high-water mark; nobody answers
        h = k * W + L.LANE_HEADER
        st.scr[k * W:k * W + 3] = (h, (k + 1) * W, h)
    games = [arrs[name] for name, _, sym in ARRAYS if sym[0] == "G"]
    in_ranges(n_games, lambda lo, hi, lane: _empty_games(st, games, lo, hi), split=1)
    return st


def _empty_games(st, games, lo, hi):
    """Games lo..hi-1 of a new State as empty games (numpy's fills release the GIL)."""
    for a in games:
        a[lo:hi] = 0
    obj, gm = st.obj[lo:hi], st.gm[lo:hi]
    obj[:, L.O_CARD] = -1
    obj[:, L.O_ATTACHED] = -1
    obj[:, L.O_BLOCKING] = -1
    obj[:, L.O_EOT_P] = -999
    obj[:, L.O_EOT_T] = -999
    obj[:, L.O_DRAWN] = -1          # records (kernels/record.py): not yet
    obj[:, L.O_CAST] = -1
    obj[:, L.O_ENTERED] = -1
    gm[:, L.G_WINNER] = -1
    gm[:, L.G_TURN] = 1
    gm[:, L.G_STEP] = 3
    gm[:, L.G_NEXT_OID] = 1
    gm[:, L.G_NEXT_TS] = 1
    gm[:, L.G_MANA_PREF] = -1
    gm[:, L.G_SBA_DIRTY] = 1
    st.pl[lo:hi, L.PL_LIFE] = 20


def _bit_words(on):
    """[G, M] bools -> [G, ceil(M / 16)] 16-bit words (int64), bit k of word w = slot 16 w + k."""
    G, M = on.shape
    pad = np.zeros((G, -(-M // 16) * 16), dtype=np.int64)
    pad[:, :M] = on
    return (pad.reshape(G, -1, 16) << np.arange(16)).sum(axis=2)


def zone_bits(st):
    """The o_zone_bits plane as the objects' zones say it should be (int16, as stored;
    kernels/zonebits.py): the battlefield's words, then those of cards outside the
    libraries."""
    card = st.obj[:, L.O_CARD] >= 0
    z = st.obj[:, L.O_ZONE]
    bf = _bit_words(card & (z == K.Z_BATTLEFIELD))
    token = st.obj[:, L.O_TOKEN] != 0
    nonlib = _bit_words(card & (z != K.Z_NONE) & (z != K.Z_GONE) & ((z != K.Z_LIBRARY) | token))
    nw = bf.shape[1]
    out = np.zeros(st.obj[:, L.O_ZONE_BITS].shape, dtype=np.int16)
    out[:, :nw] = bf.astype(np.uint16).view(np.int16)
    out[:, nw:2 * nw] = nonlib.astype(np.uint16).view(np.int16)
    return out


def rebuild_zone_bits(st):
    """Set the zone bitmaps from the zones, after Python code placed objects directly
    (scenarios) or the slots grew (the second bitmap starts at word ceil(M / 16))."""
    st.obj[:, L.O_ZONE_BITS] = zone_bits(st)


def zone_bits_ok(st):
    """Do every game's zone bitmaps agree with its objects' zones? (tests)"""
    return bool(np.array_equal(st.obj[:, L.O_ZONE_BITS], zone_bits(st)))


def lanes_of(st):
    return st.scr.shape[0] // lane_cells(st.obj.shape[2])


def scratch_high_water(st):
    """The most scratch cells any lane of `st` has held at once (kernels/scratch.py)."""
    W = lane_cells(st.obj.shape[2])
    return max(int(st.scr[k * W + 2] - k * W - L.LANE_HEADER) for k in range(lanes_of(st)))


def caps_of(st):
    return {"M": st.obj.shape[2], "K": st.o_counters.shape[1], "S": st.stk.shape[2],
            "P": st.pq.shape[2], "D": st.dl.shape[2], "T": st.tp.shape[2],
            "V": st.tape_val.shape[1], "A": st.ask_opts.shape[1]}


def grow(st, factor=2):
    """A copy of `st` with every capacity but K multiplied by `factor` (contents kept)."""
    caps = caps_of(st)
    new_caps = {k: (v if k == "K" else v * factor) for k, v in caps.items()}
    K = new_caps.pop("K")
    new = alloc_state(st.gm.shape[0], K, lanes=lanes_of(st), **new_caps)
    for name, a, b in zip(State._fields, new, st):
        if name != "scr":           # lanes are laid out anew for the new capacity
            a[tuple(slice(0, s) for s in b.shape)] = b
    lane0 = st.gm[:, L.G_SCRATCH] // lane_cells(st.obj.shape[2])
    new.gm[:, L.G_SCRATCH] = lane0 * lane_cells(new.obj.shape[2])
    rebuild_zone_bits(new)          # more words per bitmap: the second one moves
    return new


def copy_state(st):
    return State(*[a.copy() for a in st])


def unwritten_like(st):
    """A State shaped like `st` for copies of its games, left as the allocator gives it
    (untouched memory: nothing is copied or cleared) but for the scratch lanes, whose headers
    kernels read before they write (a copy of st.scr)."""
    return State(*[a.copy() if name == "scr" else np.empty_like(a)
                   for name, a in zip(State._fields, st)])


def restore(dst, src):
    """Copy every array of src into dst in place (same shapes)."""
    for a, b in zip(dst, src):
        a[...] = b


def game_arrays(st):
    """(name, array) of every array with the game axis first: all but the scratch lanes,
    which belong to threads, not games, and hold nothing between kernel calls."""
    return [(name, a) for name, a in zip(State._fields, st) if name != "scr"]


def nbytes_per_game(st):
    """Bytes of one game's state."""
    return sum(a.nbytes for _, a in game_arrays(st)) // st.gm.shape[0]


def views(st):
    """Named views of every plane (st.obj[:, O_ZONE] as v.o_zone, ...) for Python code."""
    ns = {}
    for grp in ("obj", "pl", "gm", "stk", "pq", "dl", "tp"):
        arr = getattr(st, grp)
        for i, f in enumerate(L.GROUPS[grp]):
            ns[f] = arr[:, i]
    for name in ("o_counters", "p_counters", "p_pool", "lib", "rng", "s_lki", "q_lki",
                 "tape_val", "ask_opts"):
        ns[name] = getattr(st, name)
    return SimpleNamespace(**ns)
