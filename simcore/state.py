"""The board state of a batch of games: a struct of arrays, game axis first.

Fields of one axis are planes of one integer array (see simcore/layout.py for why): objects
`obj[g, O_*, slot]`, players `pl[g, PL_*, p]`, game `gm[g, G_*]`, stack `stk[g, SI_*, depth]`,
waiting triggers `pq[g, QI_*, i]`, delayed triggers `dl[g, DI_*, i]`, choice tape
`tp[g, TP_*, i]`. FIELD_DOCS gives each plane's encoding. Capacities (objects M, counter kinds
K, stack S, pending triggers P, delayed triggers D, tape T/V, question options A) are fixed per
allocation; a kernel that runs out returns ST_CAPACITY and Python grows the state (`grow`)
and replays the action.

The object planes and the libraries are int16 (slots, card ids, timestamps and object ids
stay far below 32,767; a game that would overflow ends truncated, see flow.game_over_nb), so
one game's State is under 16 KiB with two 60-card decks.
"""
from collections import namedtuple
from types import SimpleNamespace

import numpy as np

from . import consts as K
from . import layout as L

# Encoding of every plane, by field name.
FIELD_DOCS = dict([
    # obj
    ('o_card', 'card id in the CardTable; -1 = free slot'),
    ('o_zone', 'Z_* zone'),
    ('o_owner', 'owner 0/1'),
    ('o_ctrl', 'controller 0/1 (owner when not on the battlefield)'),
    ('o_tapped', '1 = tapped'),
    ('o_sick', "1 = not controlled continuously since its controller's most recent turn began (302.6)"),
    ('o_damage', 'damage marked this turn'),
    ('o_dtdmg', '1 = dealt damage by a deathtouch source since the last SBA check'),
    ('o_ts', 'timestamp: order of entering its zone'),
    ('o_oid', 'object id: new on every zone change (400.7)'),
    ('o_attached', 'slot this Aura is attached to; -1 none'),
    ('o_token', '1 = token'),
    ('o_x', 'X chosen for the spell that became it (107.3m); on the stack: X'),
    ('o_kicks', 'times kicked when cast'),
    ('o_cflags', 'cast flags: bit0 optional additional cost paid, bit1 warp, bits 4-7 chosen additional-cost option'),
    ('o_ex_kind', 'EXP_* permission to play it from exile'),
    ('o_ex_turn', 'EXP_PLAY: last turn it may be played; EXP_WARP: turn exiled'),
    ('o_ex_player', 'player allowed to play it from exile'),
    ('o_ex_link', 'EXP_LINKED: object id of the source it was exiled with'),
    ('o_eot_types', 'card types added until end of turn (become_creature)'),
    ('o_eot_p', 'base power set until end of turn; -999 none'),
    ('o_eot_t', 'base toughness set until end of turn; -999 none'),
    ('o_eot_chg', '1 = has all creature types until end of turn'),
    ('o_eot_pp', 'power bonus until end of turn'),
    ('o_eot_tt', 'toughness bonus until end of turn'),
    ('o_attacking', '1 = attacking'),
    ('o_blocking', 'slot of the attacker it blocks; -1 none'),
    ('o_rank', 'trigger ordering rank of its triggers (lower goes on the stack first); default its timestamp'),
    ('o_zone_bits', 'not per slot: two bitmaps of nw = ceil(M / 16) 16-bit words each: entry '
                    'w < nw, bit k = slot 16 w + k holds a permanent; entry nw + w, bit k = it '
                    'holds a card outside the libraries or a token (kernels/zonebits.py; '
                    'set_zone_nb keeps them, rebuild_zone_bits after Python edits)'),
    # pl
    ('p_life', 'life total'),
    ('p_lands', 'lands played this turn'),
    ('p_drew_empty', '1 = drew from an empty library since the last SBA check'),
    ('p_lost', 'why the player lost (LOSS_* bits, 704.5a-c; 0 = has not lost)'),
    ('lib_n', 'library size'),
    ('p_mulligans', 'mulligans taken (103.5)'),
    # gm
    ('turn', 'turn number, from 1'),
    ('active', 'active player'),
    ('step', 'S_* step'),
    ('first', "player who took the game's first turn (skips the first draw)"),
    ('winner', '-1 game on, 0/1 winner, 2 draw'),
    ('next_ts', 'next timestamp'),
    ('next_oid', 'next object id'),
    ('next_seq', 'next trigger sequence number'),
    ('any_attackers', '1 = attackers were declared this combat'),
    ('stack_n', 'stack size'),
    ('q_n', 'number pending'),
    ('d_n', 'number of delayed triggers'),
    ('tape_n', 'answers available'),
    ('tape_pos', 'answers used'),
    ('ask_kind', 'ASK_* kind of the open question (ST_NEED)'),
    ('ask_why', 'W_* reason'),
    ('ask_player', 'who decides'),
    ('ask_min', 'fewest values (lists)'),
    ('ask_max', 'most values (lists)'),
    ('ask_n', 'number of options'),
    ('err', 'E_* error code of the last refused action'),
    ('err_arg', 'detail for the error'),
    ('autopay', '1 = game mode: casting taps mana sources (engine heuristic) and asks X and kicks'),
    ('mana_pref', 'autopay: the mana type wanted from the source being tapped; -1 = ask'),
    ('goldfish', '1 = no opponent: player 1 takes no turns'),
    ('scratch', "offset in scr of the lane (thread) running this game's kernels"),
    ('sba_dirty', '1 = something a state-based action looks at may have changed since the last '
                  'pass that found none (kernels/sbamark.py: mark_sba_nb); 0 = the check is skipped'),
    ('sba_audit', '1 = run a skipped state-based check anyway and count in sba_missed each time '
                  'it found something (tests, scenarios: a write that did not mark)'),
    ('sba_missed', 'skipped state-based checks that would have done something (with sba_audit)'),
    ('dry_q', "dry runs (flow.legal_now_nb) only: 1 + questions answered so far with their "
              "least answer in place (choice.py); 0 = questions are asked"),
    ('dry_v', 'dry runs: values those answers took (lists take several)'),
    # stk
    ('s_kind', 'SK_* spell / activated / triggered'),
    ('s_src', "source slot (the spell's own slot for spells)"),
    ('s_src_oid', 'source object id when it was put on the stack'),
    ('s_card', 'source card id (last known)'),
    ('s_abil', "ability id (the card's spell ability for spells)"),
    ('s_ctrl', 'controller'),
    ('s_x', 'X (107.3)'),
    ('s_kicks', 'times kicked'),
    ('s_flags', 'cast flags, as o_cflags'),
    ('s_ntgt', 'number of targets'),
    ('s_tgt0', 'target 0: slot >= 0, player -2-p, -1 none'),
    ('s_tgt1', 'target 1: slot >= 0, player -2-p, -1 none'),
    ('s_toid0', 'object id of target 0 when chosen'),
    ('s_toid1', 'object id of target 1 when chosen'),
    ('s_subj', 'trigger subject slot (the entering/leaving object); -1 none'),
    ('s_subj_oid', "subject's object id after the event"),
    ('s_subj_card', "subject's card id"),
    # pq
    ('q_src', 'source slot'),
    ('q_src_oid', 'source object id'),
    ('q_card', 'source card id'),
    ('q_abil', 'ability id'),
    ('q_ctrl', 'controller'),
    ('q_x', 'X the ability refers to (107.3m)'),
    ('q_subj', 'subject slot'),
    ('q_subj_oid', 'subject object id'),
    ('q_subj_card', 'subject card id'),
    ('q_rank', "source's ordering rank"),
    ('q_seq', 'trigger sequence number'),
    # dl
    ('d_abil', 'ability id'),
    ('d_obj', 'object slot it refers to'),
    ('d_oid', "that object's id"),
    ('d_ctrl', 'controller'),
    # tp
    ('tape_off', 'offset of answer i in tape_val'),
    ('tape_len', 'number of values of answer i'),
    ('tape_list', '1 = answer i is a list'),
    # separate arrays
    ("o_counters", "[g, kind, slot] int16: counters by kind, one plane per kind (704.5q)"),
    ("p_counters", "[g, p, kind] int16: counters on players (poison ...)"),
    ("p_pool", "[g, p, 6] int32: mana pool in WUBRGC order"),
    ("lib", "[g, p, i] int16: library slots, index 0 = bottom, lib_n-1 = top"),
    ("rng", "[g] uint64: per-game random state (splitmix64)"),
    ("s_lki", "[g, depth, kind] int16: subject's counters as last known (603.10a, 704.8)"),
    ("q_lki", "[g, i, kind] int16: subject's counters as last known"),
    ("tape_val", "[g, V] int32: answer values, concatenated"),
    ("ask_opts", "[g, A] int32: the legal options of the open question"),
    ("scr", "[lanes * W] int64: kernels' scratch cells, one lane per thread, not per game "
            "(kernels/scratch.py); not game state: never copied between games"),
])

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
    arrs = {name: np.zeros(_shape(sym, n_games, caps), dtype=dt) for name, dt, sym in ARRAYS}
    st = State(**arrs)
    for k in range(lanes):          # lane header: top, end, high-water mark
        h = k * W + L.LANE_HEADER
        st.scr[k * W:h] = (h, (k + 1) * W, h)
    st.obj[:, L.O_CARD] = -1
    st.obj[:, L.O_ATTACHED] = -1
    st.obj[:, L.O_BLOCKING] = -1
    st.obj[:, L.O_EOT_P] = -999
    st.obj[:, L.O_EOT_T] = -999
    st.gm[:, L.G_WINNER] = -1
    st.gm[:, L.G_TURN] = 1
    st.gm[:, L.G_STEP] = 3
    st.gm[:, L.G_NEXT_OID] = 1
    st.gm[:, L.G_NEXT_TS] = 1
    st.gm[:, L.G_MANA_PREF] = -1
    st.gm[:, L.G_SBA_DIRTY] = 1
    st.pl[:, L.PL_LIFE] = 20
    return st


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
