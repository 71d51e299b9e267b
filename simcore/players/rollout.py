"""One rollout of the search player (players/search.py): the game copied to its thread's spare
rows, its hidden cards dealt anew (determinize.py), one action taken, then greedy players on
both sides to the game's end or the horizon, and the position scored for the searching
player in [0, 1].

The rows: the game runs in `dry` row dg + 1 with its snapshots in `rsnap` row dg + 1 and its
Flow in `rfw` row dg + 1 (GameBatch's per-thread rows: row dg is the thread's dry-run game,
which the rollout's own dry runs use, and `rsnap` row dg may hold the real game's snapshot).
Its scratch is `dry.scr`'s lane, whose header names greedy for both players
(searchgames.py), so their engine questions are answered where they arise.
"""
import numpy as np

from ..consts import (
    CK_POISON,
    D_ATTACK,
    D_BLOCK,
    END_CONDITION,
    END_TURN_LIMIT,
    T_CREATURE,
    T_LAND,
    Z_HAND,
)
from ..encoding import PASS
from ..jit import kernel
from ..kernels.flow import play_policies_nb, step_game_nb
from ..kernels.gamecopy import copy_g2_nb, copy_game_nb
from ..kernels.query import pt_scan_nb
from ..kernels.scratch import scratch_mark_nb, scratch_release_nb
from ..kernels.zonebits import next_bf_nb, next_nonlib_nb
from ..layout import (
    C_MV,
    C_TYPES,
    F_DECISIONS,
    F_DKIND,
    F_END,
    F_LOG_N,
    F_MAX_TURNS,
    F_RECORD,
    F_SNAP,
    G_ACTIVE,
    G_GOLDFISH,
    G_RECORD,
    G_SCRATCH,
    G_TURN,
    G_WINNER,
    LH_LIMIT,
    O_CARD,
    O_CTRL,
    O_OWNER,
    O_ZONE,
    PL_LIFE,
)
from .determinize import determinize_nb

# the evaluation at the horizon: points per life, poison counter, card in hand, land, point
# of a creature's power and toughness, mana value of another permanent; the difference of
# the two players' points, over SCALE, through tanh. A heuristic: life is cheap early,
# bodies and cards are what turn into damage.
LIFE, POISON, CARD, LAND, BODY, OTHER = 0.25, 0.5, 0.75, 1.0, 0.5, 0.5
SCALE = 6.0
# decisions a rollout may take (its own bound, not the real game's decision limit: a game
# stopped at its limit and played on must search as one played in one go)
ROLLOUT_DECISIONS = 100_000


@kernel
def copy_flow_nb(dst, dg, src, g):
    """dst's Flow row dg := src's row g, what a game continued from its open decision reads
    (not its log: a rollout takes a snapshot first; not its records: it records nothing)."""
    copy_g2_nb(dst.fl, dg, src.fl, g)
    copy_g2_nb(dst.opts, dg, src.opts, g)
    copy_g2_nb(dst.pend, dg, src.pend, g)
    copy_g2_nb(dst.toff, dg, src.toff, g)
    copy_g2_nb(dst.tlen, dg, src.tlen, g)
    copy_g2_nb(dst.tlist, dg, src.tlist, g)
    copy_g2_nb(dst.tval, dg, src.tval, g)
    copy_g2_nb(dst.pick, dg, src.pick, g)
    copy_g2_nb(dst.ban, dg, src.ban, g)


@kernel
def horizon_turn_nb(st, g, me, horizon):
    """The last game turn a rollout plays: `horizon` turns of player me (this one the
    first if it is theirs) and the opponent's turn after each."""
    t = st.gm[g, G_TURN]
    if st.gm[g, G_GOLDFISH] != 0:
        return t + horizon - 1
    return t + 2 * horizon - (1 if st.gm[g, G_ACTIVE] == me else 0)


@kernel
def points_nb(st, ct, g, q):
    """Player q's points (the weights above; power and toughness with anthems)."""
    s = LIFE * st.pl[g, PL_LIFE, q] - POISON * st.p_counters[g, q, CK_POISON]
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= st.obj.shape[2]:
            break
        if st.obj[g, O_CTRL, i] != q:
            continue
        c = st.obj[g, O_CARD, i]
        types = ct.card[c, C_TYPES]
        if types & T_CREATURE:
            p, t = pt_scan_nb(st, ct, g, i, True)
            s += BODY * (max(p, 0) + max(t, 0))
        elif types & T_LAND:
            s += LAND
        else:
            s += OTHER * ct.card[c, C_MV]
    i = -1
    while True:
        i = next_nonlib_nb(st, g, i)
        if i >= st.obj.shape[2]:
            break
        if st.obj[g, O_ZONE, i] == Z_HAND and st.obj[g, O_OWNER, i] == q:
            s += CARD
    return s


@kernel
def evaluate_nb(st, ct, fw, g, me, at_limit):
    """The position's value for player me: 1 won, 0 lost, 1/2 a draw or the real game's
    turn limit (`at_limit`: the rollout stopped there), else the points' difference. A
    run's watched condition (combo, --until-card; about player 0, the deck) come together
    is the run's answer: 1 for the deck, 0 for its opponent."""
    if fw.fl[g, F_END] == END_CONDITION:
        return 1.0 if me == 0 else 0.0
    w = st.gm[g, G_WINNER]
    if w == me:
        return 1.0
    if w == 2 or (at_limit and fw.fl[g, F_END] == END_TURN_LIMIT):
        return 0.5
    if w >= 0:
        return 0.0
    d = points_nb(st, ct, g, me) - points_nb(st, ct, g, 1 - me)
    return 0.5 + 0.5 * np.tanh(d / SCALE)


@kernel
def rollout_nb(st, dry, dg, ct, fw, g, rsnap, rfw, me, a, s, horizon, greedy2, piece, base,
               game0, rows, rule, weights, facts, decks):
    """Game g from its open decision, player me taking action a, in a determinization
    drawn from the stream s, then greedy players (greedy2: their policies) to the horizon
    (own turns) or the end: the value for me. A declaration (attack, block) ends with the
    creature the action adds: whether to add another is the next decision's search."""
    x = dg + 1
    copy_game_nb(dry, x, st, g)
    copy_flow_nb(rfw, x, fw, g)
    mark = scratch_mark_nb(dry, x)
    determinize_nb(dry, x, me, decks, s)
    last = min(fw.fl[g, F_MAX_TURNS], horizon_turn_nb(st, g, me, horizon))
    rfw.fl[x, F_MAX_TURNS] = last
    rfw.fl[x, F_SNAP] = x
    rfw.fl[x, F_LOG_N] = -1             # its first action takes a snapshot of its own
    rfw.fl[x, F_RECORD] = 0
    dry.gm[x, G_RECORD] = 0
    limit = rfw.fl[x, F_DECISIONS] + ROLLOUT_DECISIONS
    dry.scr[dry.gm[x, G_SCRATCH] + LH_LIMIT] = limit     # greedy's answers in place
    kind = rfw.fl[x, F_DKIND]
    step_game_nb(dry, rsnap, dry, dg, ct, rfw, x, a)
    if a != PASS and (kind == D_ATTACK or kind == D_BLOCK) and rfw.fl[x, F_DKIND] == kind:
        step_game_nb(dry, rsnap, dry, dg, ct, rfw, x, PASS)
    play_policies_nb(dry, rsnap, dry, dg, ct, rfw, x, greedy2, piece, base, game0, rows,
                     limit, rule, weights, facts)
    v = evaluate_nb(dry, ct, rfw, x, me, last >= fw.fl[g, F_MAX_TURNS])
    scratch_release_nb(dry, x, mark)
    return v
