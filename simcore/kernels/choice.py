"""Decisions. A kernel that needs a choice reads the next answer of the game's choice tape.
When the tape is used up, a chooser whose policy is compiled answers there and then
(players/asking.py answer_here_nb, the one asking point; who does sits in the scratch lane's
header), the answer going on the tape; for any other chooser the question is recorded (ask_*: kind, reason, chooser,
legal options) and ST_NEED returned. The caller answers (scenario `choose` list, or an
agent for a batch) and replays the action from its saved state: actions are transactions.

Choices with exactly one legal option are made without asking.

Dry runs (options.legal_now_nb: is this option legal now?) answer their questions in place with
the least answer (`G_DRY_Q` > 0): "no", the smallest number, the first object, the fewest
picks. That is the answer the caller would give on the tape and replay with, without a
copy of the whole game and a rerun of the action per question (mono-green vs goblins, greedy:
game copies per game 109 -> 99, actions run 310 -> 300; the same games)."""
import numpy as np

from ..consts import (
    ASK_INT,
    ASK_YESNO,
    E_BAD_CHOICE,
    E_LIST_FOR_ONE,
    E_ONE_FOR_LIST,
    ST_ILLEGAL,
    ST_NEED,
    ST_OK,
)
from ..jit import kernel
from ..layout import (
    G_ASK_KIND,
    G_ASK_MAX,
    G_ASK_MIN,
    G_ASK_N,
    G_ASK_PLAYER,
    G_ASK_WHY,
    G_DRY_Q,
    G_DRY_V,
    G_ERR,
    G_ERR_ARG,
    G_TAPE_N,
    G_TAPE_POS,
    TP_LEN,
    TP_LIST,
    TP_OFF,
)
from ..players.asking import answer_here_nb
from .asks import list_question_nb
from .scratch import scratch_nb


@kernel
def fail_nb(st, g, code, arg):
    st.gm[g, G_ERR] = code
    st.gm[g, G_ERR_ARG] = arg
    return ST_ILLEGAL


@kernel
def _open_question_nb(st, g, kind, why, player, opts, n, lo, hi):
    st.gm[g, G_ASK_KIND] = kind
    st.gm[g, G_ASK_WHY] = why
    st.gm[g, G_ASK_PLAYER] = player
    st.gm[g, G_ASK_MIN] = lo
    st.gm[g, G_ASK_MAX] = hi
    m = min(n, st.ask_opts.shape[1])
    st.gm[g, G_ASK_N] = m
    for k in range(m):
        st.ask_opts[g, k] = opts[k]
    return ST_NEED


DRY_QUESTIONS = 8      # questions a dry run answers before it takes the option as legal
DRY_VALUES = 32        # values those answers may take


@kernel
def least_count_nb(st, g, kind, n, lo):
    """A dry run's least answer to a question: how many values it takes (1, or the fewest
    picks of a list), or -1 when the dry run stops asking (then the option counts as legal:
    past DRY_QUESTIONS questions or DRY_VALUES values, or nothing to pick)."""
    m = min(n, st.ask_opts.shape[1])
    c = max(lo, 0) if list_question_nb(kind) else 1
    if st.gm[g, G_DRY_Q] - 1 >= DRY_QUESTIONS or st.gm[g, G_DRY_V] + c > DRY_VALUES or c > m:
        return -1
    st.gm[g, G_DRY_Q] += 1
    st.gm[g, G_DRY_V] += c
    return c


@kernel
def least_value_nb(st, kind, opts, n):
    """The least single answer: the smallest number or "no", else the first option."""
    v = opts[0]
    if kind == ASK_YESNO or kind == ASK_INT:
        for j in range(1, min(n, st.ask_opts.shape[1])):
            v = min(v, opts[j])
    return np.int64(v)


@kernel
def ask_one_nb(st, ct, g, kind, why, player, opts, n, auto):
    """One value from opts[:n]. Returns (status, value). With auto and a single option, no
    question is asked."""
    if n == 1 and auto:
        return ST_OK, np.int64(opts[0])
    pos = st.gm[g, G_TAPE_POS]
    if pos >= st.gm[g, G_TAPE_N]:
        if st.gm[g, G_DRY_Q] > 0:
            c = least_count_nb(st, g, kind, n, 1)
            if c < 0:
                return _open_question_nb(st, g, kind, why, player, opts, n, 1, 1), np.int64(0)
            if list_question_nb(kind):          # as a list answer on the tape would be
                return fail_nb(st, g, E_LIST_FOR_ONE, why), np.int64(0)
            return ST_OK, least_value_nb(st, kind, opts, n)
        if not answer_here_nb(st, ct, g, kind, why, player, opts, n, 1, 1):
            return _open_question_nb(st, g, kind, why, player, opts, n, 1, 1), np.int64(0)
    st.gm[g, G_TAPE_POS] = pos + 1
    if st.tp[g, TP_LIST, pos] != 0:
        return fail_nb(st, g, E_LIST_FOR_ONE, why), np.int64(0)
    v = st.tape_val[g, st.tp[g, TP_OFF, pos]]
    for k in range(n):
        if opts[k] == v:
            return ST_OK, np.int64(v)
    return fail_nb(st, g, E_BAD_CHOICE, why), np.int64(0)


@kernel
def ask_yesno_nb(st, ct, g, why, player):
    b = scratch_nb(st, g, 2)
    opts = st.scr[b:b + 2]
    opts[0] = 1                 # yes first, then no
    s, v = ask_one_nb(st, ct, g, ASK_YESNO, why, player, opts, 2, False)
    return s, v == 1


@kernel
def ask_many_nb(st, ct, g, kind, why, player, opts, n, lo, hi, distinct, out):
    """Between lo and hi values from opts[:n] into out. Returns (status, count). When every
    option must be taken (n == lo == hi, distinct) nothing is asked."""
    if distinct and n == lo and lo == hi:
        for k in range(n):
            out[k] = opts[k]
        return ST_OK, np.int64(n)
    pos = st.gm[g, G_TAPE_POS]
    if pos >= st.gm[g, G_TAPE_N]:
        if st.gm[g, G_DRY_Q] > 0:
            c = least_count_nb(st, g, kind, n, lo)
            if c < 0:
                return _open_question_nb(st, g, kind, why, player, opts, n, lo, hi), 0
            # as the least answer on the tape would be checked below
            if not list_question_nb(kind) and not (lo == 1 and hi == 1):
                return fail_nb(st, g, E_ONE_FOR_LIST, why), 0
            if c < lo or c > hi or c > out.shape[0]:
                return fail_nb(st, g, E_BAD_CHOICE, why), 0
            if list_question_nb(kind):
                for j in range(c):
                    out[j] = opts[j]
            else:
                out[0] = least_value_nb(st, kind, opts, n)
            return ST_OK, np.int64(c)
        if not answer_here_nb(st, ct, g, kind, why, player, opts, n, lo, hi):
            return _open_question_nb(st, g, kind, why, player, opts, n, lo, hi), 0
    st.gm[g, G_TAPE_POS] = pos + 1
    if st.tp[g, TP_LIST, pos] == 0 and not (lo == 1 and hi == 1):
        # exactly one to choose ("tap an untapped creature"): a single value is that choice
        return fail_nb(st, g, E_ONE_FOR_LIST, why), 0
    m = st.tp[g, TP_LEN, pos]
    off = st.tp[g, TP_OFF, pos]
    if m < lo or m > hi or m > out.shape[0]:
        return fail_nb(st, g, E_BAD_CHOICE, why), 0
    b = scratch_nb(st, g, n)
    used = st.scr[b:b + n]
    for j in range(m):
        v = st.tape_val[g, off + j]
        found = -1
        for k in range(n):
            if opts[k] == v and (not distinct or used[k] == 0):
                found = k
                break
        if found < 0:
            return fail_nb(st, g, E_BAD_CHOICE, why), 0
        used[found] = 1
        out[j] = v
    return ST_OK, np.int64(m)
