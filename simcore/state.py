"""The board state of a batch of games: a struct of arrays, game axis first.

Each field's encoding is written beside it. Capacities (objects M, counter kinds K, stack S,
pending triggers P, delayed triggers D, choice tape T) are fixed per allocation; a kernel that
runs out returns ST_CAPACITY and Python grows the state (`grow`) and replays the action.
"""
from collections import namedtuple

import numpy as np

# (name, dtype, shape in symbols, encoding)
FIELDS = [
    # ---- objects [g, slot]: every card or token of the game has one slot ----
    ("o_card", np.int16, "GM", "card id in the CardTable; -1 = free slot"),
    ("o_zone", np.int8, "GM", "Z_* zone"),
    ("o_owner", np.int8, "GM", "owner 0/1"),
    ("o_ctrl", np.int8, "GM", "controller 0/1 (owner when not on the battlefield)"),
    ("o_tapped", np.int8, "GM", "1 = tapped"),
    ("o_sick", np.int8, "GM", "1 = not controlled continuously since its controller's most "
                              "recent turn began (302.6)"),
    ("o_damage", np.int16, "GM", "damage marked this turn"),
    ("o_dtdmg", np.int8, "GM", "1 = dealt damage by a deathtouch source since the last SBA check"),
    ("o_ts", np.int32, "GM", "timestamp: order of entering its zone"),
    ("o_oid", np.int32, "GM", "object id: new on every zone change (400.7)"),
    ("o_attached", np.int16, "GM", "slot this Aura is attached to; -1 none"),
    ("o_token", np.int8, "GM", "1 = token"),
    ("o_x", np.int16, "GM", "X chosen for the spell that became it (107.3m); on the stack: X"),
    ("o_kicks", np.int16, "GM", "times kicked when cast"),
    ("o_cflags", np.int16, "GM", "cast flags: bit0 optional additional cost paid, bit1 warp, "
                                 "bits 4-7 chosen additional-cost option"),
    ("o_ex_kind", np.int8, "GM", "EXP_* permission to play it from exile"),
    ("o_ex_turn", np.int32, "GM", "EXP_PLAY: last turn it may be played; EXP_WARP: turn exiled"),
    ("o_ex_player", np.int8, "GM", "player allowed to play it from exile"),
    ("o_ex_link", np.int32, "GM", "EXP_LINKED: object id of the source it was exiled with"),
    ("o_eot_types", np.int16, "GM", "card types added until end of turn (become_creature)"),
    ("o_eot_p", np.int16, "GM", "base power set until end of turn; -999 none"),
    ("o_eot_t", np.int16, "GM", "base toughness set until end of turn; -999 none"),
    ("o_eot_chg", np.int8, "GM", "1 = has all creature types until end of turn"),
    ("o_eot_pp", np.int16, "GM", "power bonus until end of turn"),
    ("o_eot_tt", np.int16, "GM", "toughness bonus until end of turn"),
    ("o_attacking", np.int8, "GM", "1 = attacking"),
    ("o_blocking", np.int16, "GM", "slot of the attacker it blocks; -1 none"),
    ("o_rank", np.int32, "GM", "trigger ordering rank of its triggers (lower goes on the stack "
                               "first); default its timestamp"),
    ("o_counters", np.int16, "GKM", "counters by kind: one plane per kind (fast 704.5q)"),
    # ---- players [g, p] ----
    ("p_life", np.int32, "G2", "life total"),
    ("p_counters", np.int16, "G2K", "counters on the player by kind (poison ...)"),
    ("p_pool", np.int16, "G26", "mana pool in WUBRGC order"),
    ("p_lands", np.int8, "G2", "lands played this turn"),
    ("p_drew_empty", np.int8, "G2", "1 = drew from an empty library since the last SBA check"),
    ("p_lost", np.int8, "G2", "1 = has lost the game"),
    ("lib", np.int16, "G2M", "library: slots, index 0 = bottom, lib_n-1 = top"),
    ("lib_n", np.int16, "G2", "library size"),
    # ---- turn ----
    ("turn", np.int32, "G", "turn number, from 1"),
    ("active", np.int8, "G", "active player"),
    ("step", np.int8, "G", "S_* step"),
    ("first", np.int8, "G", "player who took the game's first turn (skips the first draw)"),
    ("winner", np.int8, "G", "-1 game on, 0/1 winner, 2 draw"),
    ("next_ts", np.int32, "G", "next timestamp"),
    ("next_oid", np.int32, "G", "next object id"),
    ("next_seq", np.int32, "G", "next trigger sequence number"),
    ("rng", np.uint64, "G", "per-game random state (splitmix64)"),
    ("any_attackers", np.int8, "G", "1 = attackers were declared this combat"),
    # ---- stack [g, depth], depth 0 = bottom ----
    ("s_kind", np.int8, "GS", "SK_* spell / activated / triggered"),
    ("s_src", np.int16, "GS", "source slot (the spell's own slot for spells)"),
    ("s_src_oid", np.int32, "GS", "source object id when it was put on the stack"),
    ("s_card", np.int16, "GS", "source card id (last known)"),
    ("s_abil", np.int16, "GS", "ability id (the card's spell ability for spells)"),
    ("s_ctrl", np.int8, "GS", "controller"),
    ("s_x", np.int16, "GS", "X (107.3)"),
    ("s_kicks", np.int16, "GS", "times kicked"),
    ("s_flags", np.int16, "GS", "cast flags, as o_cflags"),
    ("s_ntgt", np.int8, "GS", "number of targets"),
    ("s_tgt", np.int32, "GS2", "targets: slot >= 0, player -2-p"),
    ("s_tgt_oid", np.int32, "GS2", "object id of each target when chosen"),
    ("s_subj", np.int16, "GS", "trigger subject slot (the entering/leaving object); -1 none"),
    ("s_subj_oid", np.int32, "GS", "subject's object id after the event"),
    ("s_subj_card", np.int16, "GS", "subject's card id"),
    ("s_lki", np.int16, "GSK", "subject's counters as last known (603.10a, 704.8)"),
    ("stack_n", np.int16, "G", "stack size"),
    # ---- pending triggered abilities [g, i] (triggered, not yet on the stack) ----
    ("q_src", np.int16, "GP", "source slot"),
    ("q_src_oid", np.int32, "GP", "source object id"),
    ("q_card", np.int16, "GP", "source card id"),
    ("q_abil", np.int16, "GP", "ability id"),
    ("q_ctrl", np.int8, "GP", "controller"),
    ("q_x", np.int16, "GP", "X the ability refers to (107.3m)"),
    ("q_subj", np.int16, "GP", "subject slot"),
    ("q_subj_oid", np.int32, "GP", "subject object id"),
    ("q_subj_card", np.int16, "GP", "subject card id"),
    ("q_lki", np.int16, "GPK", "subject counters, last known"),
    ("q_rank", np.int32, "GP", "source's ordering rank"),
    ("q_seq", np.int32, "GP", "trigger sequence number"),
    ("q_n", np.int16, "G", "number pending"),
    # ---- delayed triggers [g, i] ----
    ("d_abil", np.int16, "GD", "ability id"),
    ("d_obj", np.int16, "GD", "object slot it refers to"),
    ("d_oid", np.int32, "GD", "that object's id"),
    ("d_ctrl", np.int8, "GD", "controller"),
    ("d_n", np.int16, "G", "number of delayed triggers"),
    # ---- decisions: the choice tape (answers) and the open question (ask) ----
    ("tape_val", np.int32, "GV", "answer values, concatenated"),
    ("tape_off", np.int16, "GT", "offset of answer i in tape_val"),
    ("tape_len", np.int16, "GT", "number of values of answer i"),
    ("tape_list", np.int8, "GT", "1 = answer i is a list"),
    ("tape_n", np.int16, "G", "answers available"),
    ("tape_pos", np.int16, "G", "answers used"),
    ("ask_kind", np.int8, "G", "ASK_* kind of the open question (ST_NEED)"),
    ("ask_why", np.int8, "G", "W_* reason"),
    ("ask_player", np.int8, "G", "who decides"),
    ("ask_min", np.int16, "G", "fewest values (lists)"),
    ("ask_max", np.int16, "G", "most values (lists)"),
    ("ask_n", np.int16, "G", "number of options"),
    ("ask_opts", np.int32, "GA", "the legal options"),
    ("err", np.int16, "G", "E_* error code of the last refused action"),
    ("err_arg", np.int32, "G", "detail for the error"),
]

State = namedtuple("State", [f[0] for f in FIELDS])
FIELD_INFO = {f[0]: f for f in FIELDS}


def _shape(sym, n, caps):
    return tuple(n if c == "G" else caps[c] if c in caps else int(c) for c in sym)


def alloc_state(n_games, n_kinds, M=64, S=16, P=32, D=8, T=32, V=128, A=128):
    caps = {"M": M, "K": n_kinds, "S": S, "P": P, "D": D, "T": T, "V": V, "A": A}
    arrs = {}
    for name, dt, sym, _ in FIELDS:
        arrs[name] = np.zeros(_shape(sym, n_games, caps), dtype=dt)
    arrs["o_card"][:] = -1
    arrs["o_attached"][:] = -1
    arrs["o_blocking"][:] = -1
    arrs["o_eot_p"][:] = -999
    arrs["o_eot_t"][:] = -999
    arrs["winner"][:] = -1
    arrs["turn"][:] = 1
    arrs["step"][:] = 3
    arrs["p_life"][:] = 20
    arrs["next_oid"][:] = 1
    arrs["next_ts"][:] = 1
    return State(**arrs)


def caps_of(st):
    return {"M": st.o_card.shape[1], "K": st.o_counters.shape[1], "S": st.s_kind.shape[1],
            "P": st.q_src.shape[1], "D": st.d_abil.shape[1], "T": st.tape_off.shape[1],
            "V": st.tape_val.shape[1], "A": st.ask_opts.shape[1]}


def grow(st, factor=2):
    """A copy of `st` with every capacity multiplied by `factor` (contents kept)."""
    caps = caps_of(st)
    new_caps = {k: (v if k == "K" else v * factor) for k, v in caps.items()}
    n = st.turn.shape[0]
    new = alloc_state(n, caps["K"], **{k: v for k, v in new_caps.items() if k != "K"})
    out = {}
    for name, dt, sym, _ in FIELDS:
        a = getattr(new, name)
        old = getattr(st, name)
        a[tuple(slice(0, s) for s in old.shape)] = old
        out[name] = a
    return State(**out)


def copy_state(st):
    return State(*[a.copy() for a in st])


def restore(dst, src):
    """Copy every array of src into dst in place (same shapes)."""
    for a, b in zip(dst, src):
        a[...] = b


def nbytes_per_game(st):
    return sum(a.nbytes for a in st) // st.turn.shape[0]
