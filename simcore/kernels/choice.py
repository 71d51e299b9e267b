"""Decisions. A kernel that needs a choice reads the next answer of the game's choice tape;
when the tape is used up it records the question (ask_*: kind, reason, chooser, legal options)
and returns ST_NEED. The caller answers (scenario `choose` list, or an agent for a batch)
and replays the action from its saved state: actions are transactions.

Choices with exactly one legal option are made without asking."""
import numpy as np

from ..consts import (ASK_YESNO, E_BAD_CHOICE, E_LIST_FOR_ONE, E_ONE_FOR_LIST, ST_ILLEGAL,
                      ST_NEED, ST_OK)
from ..layout import *  # noqa: F401,F403  (field planes of the packed arrays)
from .scratch import scratch_nb
from .jit import kernel


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


@kernel
def ask_one_nb(st, g, kind, why, player, opts, n, auto):
    """One value from opts[:n]. Returns (status, value). With auto and a single option, no
    question is asked."""
    if n == 1 and auto:
        return ST_OK, np.int64(opts[0])
    pos = st.gm[g, G_TAPE_POS]
    if pos >= st.gm[g, G_TAPE_N]:
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
def ask_yesno_nb(st, g, why, player):
    b = scratch_nb(st, g, 2)
    opts = st.scr[b:b + 2]
    opts[0] = 1                 # yes first, then no
    s, v = ask_one_nb(st, g, ASK_YESNO, why, player, opts, 2, False)
    return s, v == 1


@kernel
def ask_many_nb(st, g, kind, why, player, opts, n, lo, hi, distinct, out):
    """Between lo and hi values from opts[:n] into out. Returns (status, count). When every
    option must be taken (n == lo == hi, distinct) nothing is asked."""
    if distinct and n == lo and lo == hi:
        for k in range(n):
            out[k] = opts[k]
        return ST_OK, np.int64(n)
    pos = st.gm[g, G_TAPE_POS]
    if pos >= st.gm[g, G_TAPE_N]:
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
