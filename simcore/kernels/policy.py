"""The built-in agents' choices as kernels, so that the game loop (flow.py step_games_nb)
plays a game whose players all have one to its end in one call, with no Python round per
decision. Each picks exactly what its agent's act() picks from GameBatch's mask and view
(agents/basic.py, agents/greedy.py), so both paths play the same games
(tests/test_golden.py).
"""
import numpy as np

from ..consts import (
    D_ATTACK,
    D_BLOCK,
    D_BOTTOM,
    D_MULLIGAN,
    D_OVER,
    D_PRIORITY,
    D_QUESTION,
    P_FIRST,
    P_GREEDY,
    P_RANDOM,
)
from ..jit import kernel
from ..layout import F_DECISIONS, F_DKIND, F_DN, F_DPLAYER, F_PICK_N, F_QKIND, F_QMIN
from .choice import list_question_nb
from .greedy import greedy_action_nb
from .mulligan_rule import rule_action_nb
from .rng import splitmix64_nb
from .scratch import scratch_nb
from .setup import game_seed_nb


@kernel
def pass_legal_nb(fw, g):
    """May game g's decider take action 0 (pass / keep / done)? Lists of an engine question
    may end once they hold their least number of picks."""
    kind = fw.fl[g, F_DKIND]
    if kind == D_MULLIGAN or kind == D_PRIORITY or kind == D_ATTACK or kind == D_BLOCK:
        return True
    if kind == D_QUESTION:
        return list_question_nb(fw.fl[g, F_QKIND]) and fw.fl[g, F_PICK_N] >= fw.fl[g, F_QMIN]
    return False


@kernel
def options_open_nb(fw, g, width):
    """Actions 1..k are legal at game g's open decision (k returned; `width`: the mask's
    columns): its options, or the mulligan itself."""
    kind = fw.fl[g, F_DKIND]
    if kind == D_OVER or kind == 0:
        return 0
    if kind == D_MULLIGAN:
        return 1
    return min(fw.fl[g, F_DN], width - 1)


@kernel
def legal_row_nb(fw, g, row):
    """row[a]: action a is legal at game g's open decision (GameBatch.legal_mask's row)."""
    row[:] = False
    row[0] = pass_legal_nb(fw, g)
    for k in range(options_open_nb(fw, g, row.shape[0])):
        row[1 + k] = True


@kernel
def decision_seed_nb(base, game0, fl, g):
    """The state that game g's current decision's random numbers are drawn from: the run's
    seed, the game's number and its decision count only (GameBatch.view "random")."""
    return game_seed_nb(base ^ np.uint64(0x5DEECE66D), game0 + g) ^ \
        (np.uint64(fl[g, F_DECISIONS] + 1) * np.uint64(0x9E3779B97F4A7C15))


@kernel
def uniform_nb(s):
    """The next uniform [0, 1) number of a splitmix64 stream, and the stream's state."""
    s, r = splitmix64_nb(s)
    return s, np.float64(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@kernel
def policy_action_nb(st, ct, fw, g, policy, piece, base, game0, row, rule, weights, facts):
    """The action of game g's decider, whose policy is `policy` (P_*): `piece` its combo
    pieces (greedy), `row` room for the legal mask. Ties and no legal action go as
    agents/base.py masked_argmax: the lowest action, PASS. `rule` [on, lo, hi, never] and
    `weights`: the decider's mulligan rule (agents/mulligan.py RuleMulligans; on = 0: none),
    which takes its mulligan and bottom decisions; `facts` [3, cards]: is_land, makes, mv
    (simcore/lands.py card_facts)."""
    kind = fw.fl[g, F_DKIND]
    if rule[0] != 0 and (kind == D_MULLIGAN or kind == D_BOTTOM):
        n = fw.fl[g, F_DN]
        b = scratch_nb(st, g, max(n, 1))
        a = rule_action_nb(st.obj, st.pl, g, kind, fw.fl[g, F_DPLAYER], fw.opts[g], n,
                           st.scr[b:b + max(n, 1)], facts[0], facts[1], facts[2], weights,
                           rule[1], rule[2], rule[3])
        if a >= 0:
            return a
    legal_row_nb(fw, g, row)
    if policy == P_GREEDY:
        return greedy_action_nb(st, ct, g, fw.fl[g, F_DKIND], fw.fl[g, F_DPLAYER],
                                fw.fl[g, F_QKIND], fw.opts[g], row, piece)
    best = 0
    if policy == P_RANDOM:
        s = decision_seed_nb(base, game0, fw.fl, g)
        top = -1.0
        for a in range(row.shape[0]):
            s, u = uniform_nb(s)
            if row[a] and u > top:
                top = u
                best = a
    elif policy == P_FIRST:
        for a in range(row.shape[0]):
            if row[a]:
                return a
    return best
