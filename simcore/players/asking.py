"""The one asking point: where the rules ask a compiled player (simcore/players/) for a
decision. Rules kernels call a player here and nowhere else (tests/test_imports.py):
- `policy_action_nb`: the action at a decision open in the Flow (flow.play_policies_nb, the
  game loop of GameBatch.play);
- `answer_here_nb`: an engine question answered where it arises (choice.py, when the choice
  tape is used up), for the players the scratch lane's header names (layout LH_*).
Each player picks exactly what its agent's act() picks from GameBatch's mask and view
(agents/basic.py, agents/greedy.py), so both paths play the same games (tests/test_golden.py).
The search player's own decisions are not asked here: its loop (searchgames.py) searches
them, with rollouts that ask greedy players here.
"""
import numpy as np

from ..consts import (
    ASK_COUNTERS,
    D_BOTTOM,
    D_MULLIGAN,
    D_QUESTION,
    P_FIRST,
    P_GREEDY,
    P_PYTHON,
    P_RANDOM,
    P_SEARCH,
)
from ..encoding import PASS, option_of_nb
from ..jit import kernel
from ..kernels.asks import list_question_nb
from ..kernels.legal import legal_row_nb, mask_row_nb
from ..kernels.scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from ..layout import (
    F_DECISIONS,
    F_DKIND,
    F_DN,
    F_DPLAYER,
    F_QKIND,
    G_ASK_KIND,
    G_ASK_MAX,
    G_ASK_MIN,
    G_ASK_N,
    G_ASK_PLAYER,
    G_ASK_WHY,
    G_SCRATCH,
    G_TAPE_N,
    LH_DECISIONS,
    LH_GAME0,
    LH_LIMIT,
    LH_OPTS,
    LH_POLICY,
    LH_SEED,
    LH_TAPE_T,
    LH_TAPE_V,
    TP_LEN,
    TP_LIST,
    TP_OFF,
)
from .basic import first_action_nb, random_action_nb
from .greedy import greedy_action_nb
from .mulligan_rule import rule_action_nb


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
    return decide_nb(st, ct, g, policy, fw.fl[g, F_DKIND], fw.fl[g, F_DPLAYER],
                     fw.fl[g, F_QKIND], fw.opts[g], row, piece, base, game0,
                     fw.fl[g, F_DECISIONS])


@kernel
def decide_nb(st, ct, g, policy, kind, player, qkind, opts, row, piece, base, game0,
              decisions):
    """The action `policy` (P_*) takes at game g's decision: its kind, decider and question
    kind, its options and legal mask `row`; `piece` the combo pieces (greedy, read at
    priority decisions only); the run's seed, game0 and the game's decision count (random).
    The search player (search.py, played by searchgames.py) answers as greedy does here:
    its engine questions, where they arise."""
    if policy == P_GREEDY or policy == P_SEARCH:
        return greedy_action_nb(st, ct, g, kind, player, qkind, opts, row, piece)
    if policy == P_RANDOM:
        return random_action_nb(base, game0, decisions, g, row)
    if policy == P_FIRST:
        return first_action_nb(row)
    return 0


ASK_GM = (G_ASK_KIND, G_ASK_WHY, G_ASK_PLAYER, G_ASK_MIN, G_ASK_MAX, G_ASK_N)


@kernel
def lane_nb(st, g):
    """Where game g's lane (its thread's scratch lane) starts in st.scr."""
    return st.gm[g, G_SCRATCH]


@kernel
def answers_here_nb(st, g, p):
    """Does player p of game g answer engine questions where they arise: a compiled policy
    in the lane's header (layout LH_*), with decisions left (a policy the engine keeps
    asking must still return)?"""
    h = lane_nb(st, g)
    return p >= 0 and p < 2 and st.scr[h + LH_POLICY + p] != P_PYTHON and \
        st.scr[h + LH_DECISIONS] < st.scr[h + LH_LIMIT]


@kernel
def answer_here_nb(st, ct, g, kind, why, player, opts, n, lo, hi):
    """A compiled player's answer to an engine question, where the question arises (choice.py,
    when the game's choice tape is used up), appended to the game's choice tape as
    txn_answer_nb would append it once the question was opened and answered: the asking
    kernel reads it from there, and a rerun of the action reads it again (txn.py moves it
    into the transaction's tape). This spares the return, the restore and the rerun of the
    action an open question costs (kernels/txn.py).

    The player decides as policy_action_nb would at the open question, decision by
    decision for a list (its options as the Flow would hold them: at most its width, a pick
    taken out by the last; each pick a decision, counted in the lane's LH_DECISIONS). The
    state shows the question while they decide (G_ASK_*, ask_opts: greedy reads its reason)
    and its own values again after, as the rerun from the snapshot left them. False: not
    answered here (nobody in the lane's header, no decisions left, no room on a tape): the
    question opens."""
    if not answers_here_nb(st, g, player):
        return False
    h = lane_nb(st, g)
    k = st.gm[g, G_TAPE_N]
    off = st.tp[g, TP_OFF, k - 1] + st.tp[g, TP_LEN, k - 1] if k > 0 else 0
    A = st.ask_opts.shape[1]
    w = st.scr[h + LH_OPTS]                     # the Flow's most options
    m = min(n, A, w)
    most = hi if kind == ASK_COUNTERS else m          # counters may be picked again
    if k >= min(st.tp.shape[2], st.scr[h + LH_TAPE_T]) or \
            off + max(most, 1) > min(st.tape_val.shape[1], st.scr[h + LH_TAPE_V]):
        return False
    cells = (w + 8) // 8                        # int64 cells holding the legal row's bools
    b = scratch_nb(st, g, 6 + A + cells)
    was = st.scr[b:b + 6]                       # the state's question, given back after
    for j in range(6):
        was[j] = st.gm[g, ASK_GM[j]]
    shown = st.scr[b + 6:b + 6 + A]
    for j in range(A):
        shown[j] = st.ask_opts[g, j]
    row = st.scr[b + 6 + A:b + 6 + A + cells].view(np.bool_)[:1 + w]
    st.gm[g, G_ASK_KIND] = kind
    st.gm[g, G_ASK_WHY] = why
    st.gm[g, G_ASK_PLAYER] = player
    st.gm[g, G_ASK_MIN] = lo
    st.gm[g, G_ASK_MAX] = hi
    st.gm[g, G_ASK_N] = m
    q = st.ask_opts[g]
    for j in range(m):
        q[j] = opts[j]
    many = list_question_nb(kind)
    pol = st.scr[h + LH_POLICY + player]
    c = 0
    while True:
        mask_row_nb(row, many and c >= lo, m)       # legal_row_nb's, for D_QUESTION
        mark = scratch_mark_nb(st, g)
        a = decide_nb(st, ct, g, pol, D_QUESTION, player, kind, q, row, row[:0],
                      np.uint64(st.scr[h + LH_SEED]), st.scr[h + LH_GAME0],
                      st.scr[h + LH_DECISIONS])
        scratch_release_nb(st, g, mark)
        st.scr[h + LH_DECISIONS] += 1
        if a < 0 or a > m:
            a = PASS
        if not many:
            st.tape_val[g, off] = q[option_of_nb(max(a, 1))]
            c = 1
            break
        if a == PASS:
            break
        j = option_of_nb(a)
        st.tape_val[g, off + c] = q[j]      # the picks, as the Flow's `pick` holds them
        c += 1
        if kind != ASK_COUNTERS:            # as flow.remove_opt_nb: the last takes its place
            q[j] = q[m - 1]
            m -= 1
        if c >= hi or m == 0:
            break
    for j in range(6):
        st.gm[g, ASK_GM[j]] = was[j]
    for j in range(A):
        st.ask_opts[g, j] = shown[j]
    st.tp[g, TP_OFF, k] = off
    st.tp[g, TP_LEN, k] = c
    st.tp[g, TP_LIST, k] = 1 if many else 0
    st.gm[g, G_TAPE_N] = k + 1
    return True
