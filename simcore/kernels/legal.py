"""Which actions are legal at a game's open decision: one rule for the legal mask
(GameBatch.legal_mask), the refusal of any other action (flow.first_illegal_nb) and the
rows the compiled players choose from (players/asking.py)."""
from ..consts import D_ATTACK, D_BLOCK, D_MULLIGAN, D_OVER, D_PRIORITY, D_QUESTION
from ..jit import kernel
from ..layout import F_DKIND, F_DN, F_PICK_N, F_QKIND, F_QMIN
from .asks import list_question_nb


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
    mask_row_nb(row, pass_legal_nb(fw, g), options_open_nb(fw, g, row.shape[0]))


@kernel
def mask_row_nb(row, pass_ok, n):
    """row := action 0 legal if pass_ok, actions 1..n (at most the row's width) legal."""
    row[:] = False
    row[0] = pass_ok
    for k in range(min(n, row.shape[0] - 1)):
        row[1 + k] = True
