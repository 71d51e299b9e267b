"""The operands of effect ops: amounts (X, counts, counters, if paid), selectors (targets,
self, the trigger's subject, you), and target legality on resolution (608.2b)."""
import numpy as np

from ..consts import (
    AM_CONST,
    AM_COUNT,
    AM_COUNTERS_SELF,
    AM_COUNTERS_SUBJ,
    AM_HALF_X,
    AM_IF_PAID,
    AM_KICKS,
    AM_X,
    SEL_ATTACHED,
    SEL_SELF,
    SEL_SUBJECT,
    SEL_TARGET0,
    SEL_TARGET1,
    SEL_YOU,
)
from ..encoding import is_player_value_nb, player_value_nb, value_player_nb
from ..jit import kernel
from ..layout import (
    AB_TGT,
    O_ATTACHED,
    O_OID,
    PL_LOST,
    SI_ABIL,
    SI_CARD,
    SI_CTRL,
    SI_FLAGS,
    SI_KICKS,
    SI_NTGT,
    SI_SRC,
    SI_SRC_OID,
    SI_SUBJ,
    SI_SUBJ_OID,
    SI_TGT,
    SI_TOID,
    SI_X,
)
from .query import (
    count_filter_nb,
    matches_filter_nb,
    player_matches_nb,
    target_allowed_nb,
)


@kernel
def amount_nb(st, ct, g, si, am_k, am_a):
    if am_k == AM_CONST:
        return np.int64(am_a)
    if am_k == AM_X:
        return np.int64(st.stk[g, SI_X, si])
    if am_k == AM_HALF_X:
        return np.int64(st.stk[g, SI_X, si] // 2)
    if am_k == AM_KICKS:
        return np.int64(st.stk[g, SI_KICKS, si])
    if am_k == AM_COUNT:
        return np.int64(count_filter_nb(st, ct, g, am_a, st.stk[g, SI_SRC, si], st.stk[g, SI_CTRL, si]))
    if am_k == AM_COUNTERS_SELF:
        src = st.stk[g, SI_SRC, si]
        if st.obj[g, O_OID, src] == st.stk[g, SI_SRC_OID, si]:
            return np.int64(st.o_counters[g, am_a, src])
        return np.int64(st.s_lki[g, si, am_a])
    if am_k == AM_COUNTERS_SUBJ:
        return np.int64(st.s_lki[g, si, am_a])
    if am_k == AM_IF_PAID:
        if st.stk[g, SI_FLAGS, si] & 1:
            return np.int64(am_a >> 8)
        return np.int64(am_a & 255)
    return np.int64(0)


@kernel
def target_legal_nb(st, ct, g, si, k):
    """608.2b: is target k of stack item si still legal (same object, still matching)?"""
    t = st.stk[g, SI_TGT + k, si]
    f = ct.abil[st.stk[g, SI_ABIL, si], AB_TGT + k]
    if t >= 0:
        if st.obj[g, O_OID, t] != st.stk[g, SI_TOID + k, si]:
            return False
        return matches_filter_nb(st, ct, g, f, st.stk[g, SI_SRC, si], st.stk[g, SI_CTRL, si], t) \
            and target_allowed_nb(st, ct, g, t, st.stk[g, SI_CTRL, si], st.stk[g, SI_CARD, si])
    if is_player_value_nb(t):
        p = value_player_nb(t)
        return st.pl[g, PL_LOST, p] == 0 and player_matches_nb(st, ct, f, st.stk[g, SI_CTRL, si], p)
    return False


@kernel
def self_obj_nb(st, g, si):
    """The source as the same object it was (-1 if it changed zones; 400.7)."""
    src = st.stk[g, SI_SRC, si]
    if src >= 0 and st.obj[g, O_OID, src] == st.stk[g, SI_SRC_OID, si]:
        return src
    return -1


@kernel
def single_sel_nb(st, g, si, sel, tgt_ok):
    """An object/player for a single selector, or -1 when it is gone or illegal."""
    if sel == SEL_TARGET0 or sel == SEL_TARGET1:
        k = 0 if sel == SEL_TARGET0 else 1
        if k < st.stk[g, SI_NTGT, si] and tgt_ok[k]:
            return st.stk[g, SI_TGT + k, si]
        return -1
    if sel == SEL_SELF:
        return self_obj_nb(st, g, si)
    if sel == SEL_SUBJECT:
        sj = st.stk[g, SI_SUBJ, si]
        if sj >= 0 and st.obj[g, O_OID, sj] == st.stk[g, SI_SUBJ_OID, si]:
            return sj
        return -1
    if sel == SEL_YOU:
        return player_value_nb(st.stk[g, SI_CTRL, si])
    if sel == SEL_ATTACHED:      # what the source is attached to, while it is (303.4, 301.5)
        src = self_obj_nb(st, g, si)        # the same object: still on the battlefield
        if src >= 0:
            return st.obj[g, O_ATTACHED, src]
    return -1

