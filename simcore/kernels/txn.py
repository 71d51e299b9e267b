"""Actions as transactions (choice.py): a priority option, an engine step or a declaration
runs from a saved state with the answers given so far; a question returns ST_NEED and the
action is replayed with one answer more; a refused one rolls back.

Snapshots are lazy: while `snap` plus the log of actions run since equals `st`
(F_LOG_N >= 0), an action runs on `st` directly and is logged if it asked nothing; one that
asks or is refused has its starting state rebuilt in `snap` by replaying the log.

Questions a compiled player answers where they arise (players/asking.py answer_here_nb) cost no
rerun: their answers join the transaction's tape (tape_sync_nb) for a rerun that another
player's question or a refusal may still need."""

from ..consts import (
    A_ACTIVATE,
    A_ATTACK,
    A_BLOCK,
    A_CAST,
    A_NEXT_STEP,
    A_PLAY_LAND,
    A_RESOLVE,
    D_QUESTION,
    END_CAPACITY,
    ST_CAPACITY,
    ST_NEED,
    ST_OK,
)
from ..jit import kernel
from ..layout import (
    F_ACTIONS,
    F_BAN_N,
    F_DECISIONS,
    F_DKIND,
    F_DN,
    F_DPLAYER,
    F_END,
    F_LOG_N,
    F_PASSES,
    F_PEND_OPT,
    F_PICK_N,
    F_QKIND,
    F_QMAX,
    F_QMIN,
    F_REFUSED,
    F_REPLAYS,
    F_SNAP,
    F_TAPE_N,
    F_TAPE_V,
    F_TXN,
    G_ASK_KIND,
    G_ASK_MAX,
    G_ASK_MIN,
    G_ASK_N,
    G_ASK_PLAYER,
    G_SCRATCH,
    G_TAPE_N,
    LH_DECISIONS,
    TP_LEN,
    TP_LIST,
    TP_OFF,
)
from .actions import run_action_nb
from .gamecopy import copy_game_nb
from .scratch import scratch_nb

LOG_WIDTH = 5          # numbers of an action but a declaration: [A_*, up to four arguments]


@kernel
def txn_done_nb(fw, g):
    """The pending action completed."""
    if fw.fl[g, F_PEND_OPT] != 0:
        fw.fl[g, F_PASSES] = 0     # 117.3c: a player who acted gets priority again
    fw.fl[g, F_TXN] = 0
    fw.fl[g, F_BAN_N] = 0          # the game moved on: every option may be tried again
    fw.fl[g, F_PEND_OPT] = 0
    fw.fl[g, F_ACTIONS] += 1


@kernel
def loggable_nb(a0):
    """Actions that may run without a snapshot (txn_start_nb): all but the engine's edits."""
    return a0 == A_NEXT_STEP or a0 == A_RESOLVE or a0 == A_PLAY_LAND or a0 == A_CAST or \
        a0 == A_ACTIVATE or a0 == A_ATTACK or a0 == A_BLOCK


@kernel
def pend_width_nb(fw, g):
    """Numbers of the pending action: LOG_WIDTH, or more for attack and block declarations,
    which list their creatures."""
    a0 = fw.pend[g, 0]
    if a0 == A_ATTACK:
        return 2 + fw.pend[g, 1]
    if a0 == A_BLOCK:
        return 2 + 2 * fw.pend[g, 1]
    return LOG_WIDTH


@kernel
def log_room_nb(fw, g):
    """Does the log still lead from snap to st (f_log_n >= 0: numbers used) with room for
    the pending action (its width, then its numbers)?"""
    n = fw.fl[g, F_LOG_N]
    return n >= 0 and n + 1 + pend_width_nb(fw, g) <= fw.log.shape[1]


@kernel
def log_push_nb(fw, g):
    """fw.pend[g] just completed on st: log it if it asked nothing and the log has room;
    otherwise the log is spent (f_log_n = -1)."""
    n = fw.fl[g, F_LOG_N]
    if not log_room_nb(fw, g) or fw.fl[g, F_TAPE_N] != 0 or not loggable_nb(fw.pend[g, 0]):
        fw.fl[g, F_LOG_N] = -1
        return
    w = pend_width_nb(fw, g)
    fw.log[g, n] = w
    for k in range(w):
        fw.log[g, n + 1 + k] = fw.pend[g, k]
    fw.fl[g, F_LOG_N] = n + 1 + w


@kernel
def write_tape_nb(st, g, offs, lens, lists, n, vals, nv):
    """Game g's choice tape := n answers (value offset, count, list flag) over vals[:nv]."""
    for k in range(n):
        st.tp[g, TP_OFF, k] = offs[k]
        st.tp[g, TP_LEN, k] = lens[k]
        st.tp[g, TP_LIST, k] = lists[k]
    for v in range(nv):
        st.tape_val[g, v] = vals[v]
    st.gm[g, G_TAPE_N] = n


@kernel
def run_counted_nb(st, ct, fw, g):
    """Run game g's pending action on st; the decisions its compiled players take where
    their questions arise (asking.answer_here_nb, counted in the lane's header) are the
    game's decisions too."""
    h = st.gm[g, G_SCRATCH]
    st.scr[h + LH_DECISIONS] = fw.fl[g, F_DECISIONS]
    s = run_action_nb(st, ct, g, fw.pend[g])
    fw.fl[g, F_DECISIONS] = st.scr[h + LH_DECISIONS]
    return s


@kernel
def tape_sync_nb(st, fw, g):
    """Answers the compiled players gave where their questions arose (asking.answer_here_nb:
    on game g's choice tape, past those the transaction gave it) join the transaction's
    tape, so that a rerun of the action reads them again."""
    n = st.gm[g, G_TAPE_N]
    for k in range(fw.fl[g, F_TAPE_N], n):
        off = st.tp[g, TP_OFF, k]
        m = st.tp[g, TP_LEN, k]
        fw.toff[g, k] = off
        fw.tlen[g, k] = m
        fw.tlist[g, k] = st.tp[g, TP_LIST, k]
        for j in range(m):
            fw.tval[g, off + j] = st.tape_val[g, off + j]
        fw.fl[g, F_TAPE_N] = k + 1
        fw.fl[g, F_TAPE_V] = off + m


@kernel
def txn_ran_nb(st, snap, fw, g, s):
    """Game g's pending action ran from its starting state (held in snap) to status s: done,
    asking (the open question shown as the decision), or refused (state rolled back).
    Returns 0 done, 1 a question is open, 2 refused."""
    tape_sync_nb(st, fw, g)
    if s == ST_OK:
        log_push_nb(fw, g)
        txn_done_nb(fw, g)
        return 0
    if s == ST_NEED:
        # the flow shows at most its width of options (the state may hold more: they were
        # written past the row before); agents choose among the first ones
        m = min(st.gm[g, G_ASK_N], fw.opts.shape[1])
        fw.fl[g, F_DKIND] = D_QUESTION
        fw.fl[g, F_DPLAYER] = st.gm[g, G_ASK_PLAYER]
        fw.fl[g, F_QKIND] = st.gm[g, G_ASK_KIND]
        fw.fl[g, F_QMIN] = st.gm[g, G_ASK_MIN]
        fw.fl[g, F_QMAX] = st.gm[g, G_ASK_MAX]
        fw.fl[g, F_DN] = m
        fw.fl[g, F_PICK_N] = 0
        for k in range(m):
            fw.opts[g, k] = st.ask_opts[g, k]
        return 1
    copy_game_nb(st, g, snap, fw.fl[g, F_SNAP])     # refused (or out of room): nothing happened
    fw.fl[g, F_LOG_N] = 0
    if s == ST_CAPACITY:
        # more objects than the game's slots (tokens): it cannot be played on faithfully,
        # so it ends truncated (game_over_nb) instead of retrying the same step forever
        fw.fl[g, F_END] = END_CAPACITY
    fw.fl[g, F_TXN] = 0
    fw.fl[g, F_REFUSED] += 1
    b = fw.fl[g, F_BAN_N]            # not offered again until the game moves on
    if fw.fl[g, F_PEND_OPT] != 0 and b < fw.ban.shape[1]:
        fw.ban[g, b] = fw.fl[g, F_PEND_OPT]
        fw.fl[g, F_BAN_N] = b + 1
    fw.fl[g, F_PEND_OPT] = 0
    return 2


@kernel
def txn_run_nb(st, snap, ct, fw, g, restore):
    """(Re)run game g's pending action from its snapshot with the answers given so far
    (`restore`: copy the snapshot back first; a transaction's first run starts from it).
    Returns 0 done, 1 a question is open, 2 refused (state rolled back)."""
    if restore:
        copy_game_nb(st, g, snap, fw.fl[g, F_SNAP])
    write_tape_nb(st, g, fw.toff[g], fw.tlen[g], fw.tlist[g], fw.fl[g, F_TAPE_N], fw.tval[g],
                  fw.fl[g, F_TAPE_V])
    return txn_ran_nb(st, snap, fw, g, run_counted_nb(st, ct, fw, g))


@kernel
def txn_open_nb(fw, g):
    """Open a transaction for the action in fw.pend[g]; snap holds its starting state."""
    fw.fl[g, F_LOG_N] = 0
    fw.fl[g, F_TAPE_N] = 0
    fw.fl[g, F_TAPE_V] = 0
    fw.fl[g, F_TXN] = 1


@kernel
def txn_begin_nb(st, snap, fw, g):
    """Snapshot game g and open a transaction for the action in fw.pend[g]."""
    copy_game_nb(snap, fw.fl[g, F_SNAP], st, g)
    txn_open_nb(fw, g)


@kernel
def replay_log_nb(st, snap, ct, fw, g):
    """snap := the state the pending action started from: the snapshot plus the logged
    actions, replayed (the engine is deterministic: the state holds the random stream, and
    logged actions asked nothing)."""
    b = scratch_nb(st, g, fw.pend.shape[1])
    act = st.scr[b:b + fw.pend.shape[1]]
    k = 0
    sg = fw.fl[g, F_SNAP]
    while k < fw.fl[g, F_LOG_N]:
        w = fw.log[g, k]
        for j in range(act.shape[0]):
            act[j] = fw.log[g, k + 1 + j] if j < w else 0
        k += 1 + w
        snap.gm[sg, G_TAPE_N] = 0
        if run_action_nb(snap, ct, sg, act) != ST_OK:
            raise RuntimeError("playtest: a logged action did not replay (not deterministic)")


@kernel
def txn_start_nb(st, snap, ct, fw, g, a0, a1, a2, a3, a4):
    """Start the action (a0..a4) as a transaction; f_pend_opt names the priority option that
    started it (0 for the engine's own steps).

    A snapshot of the whole game before every action was the engine's largest single cost
    (perf), and most actions ask nothing. So while snap plus the log of actions run since
    equals st (f_log_n >= 0), an action runs on st directly and is logged; one that asks a
    question or is refused gets its starting state rebuilt in snap by replaying the log,
    and runs again from there as an ordinary transaction. A full log (alloc_flow's `log`
    actions) means one snapshot more."""
    for k in range(fw.pend.shape[1]):
        fw.pend[g, k] = 0
    fw.pend[g, 0] = a0
    fw.pend[g, 1] = a1
    fw.pend[g, 2] = a2
    fw.pend[g, 3] = a3
    fw.pend[g, 4] = a4
    return txn_go_nb(st, snap, ct, fw, g)


@kernel
def txn_go_nb(st, snap, ct, fw, g):
    """txn_start_nb for the action already in fw.pend[g]."""
    fw.fl[g, F_TAPE_N] = 0
    fw.fl[g, F_TAPE_V] = 0
    if loggable_nb(fw.pend[g, 0]) and log_room_nb(fw, g):
        st.gm[g, G_TAPE_N] = 0
        s = run_counted_nb(st, ct, fw, g)
        if s == ST_OK and st.gm[g, G_TAPE_N] == 0:     # the common case, kept short
            log_push_nb(fw, g)
            txn_done_nb(fw, g)
            return 0
        if s != ST_OK:
            # asking or refused: its starting state into snap, st as the run left it (at
            # the question, as a rerun from there would leave it; or rolled back by
            # txn_ran_nb), the answers given so far kept
            replay_log_nb(st, snap, ct, fw, g)
            fw.fl[g, F_LOG_N] = 0
            fw.fl[g, F_TXN] = 1
            fw.fl[g, F_REPLAYS] += 1
        return txn_ran_nb(st, snap, fw, g, s)
    txn_begin_nb(st, snap, fw, g)
    return txn_run_nb(st, snap, ct, fw, g, False)


@kernel
def txn_answer_nb(st, snap, ct, fw, g, is_list, vals, n):
    k = fw.fl[g, F_TAPE_N]
    v = fw.fl[g, F_TAPE_V]
    if k >= fw.toff.shape[1] or v + n > fw.tval.shape[1]:
        return 2
    fw.toff[g, k] = v
    fw.tlen[g, k] = n
    fw.tlist[g, k] = is_list
    for j in range(n):
        fw.tval[g, v + j] = vals[j]
    fw.fl[g, F_TAPE_N] = k + 1
    fw.fl[g, F_TAPE_V] = v + n
    return txn_run_nb(st, snap, ct, fw, g, True)

