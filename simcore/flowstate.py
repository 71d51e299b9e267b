"""The Flow: each game's decision bookkeeping, kept outside the State so that a
transaction's rollback never touches it (planes fl[g, F_*]: simcore/layout.py), and the view
of the open decisions that agents read."""
from collections import namedtuple

import numpy as np

from . import layout as L
from .errors import PlaytestError
from .kernels.flow import OID_LIMIT
from .kernels.txn import LOG_WIDTH
from .threads import in_ranges

Flow = namedtuple("Flow", ["fl", "opts", "pend", "toff", "tlen", "tlist", "tval", "pick", "ban",
                           "log", "rec", "cterm", "citem", "cclause"])
N_OPTIONS = 64
# the most turns a game can be given: every turn but the first draws a card, and a card
# drawn takes a new object id, so a game has passed its OID_LIMIT ids (and ended truncated,
# kernels/flow.py) before turn 30,001; turn numbers are kept in int16 records (the Flow's
# rec, one column a turn: 20 bytes a game per turn of the limit, so --max-turns 10^9 asked
# for 20 GB a game)
MAX_TURNS = OID_LIMIT


def check_turns(turns, flag="--max-turns"):
    """One line giving the limit if a game cannot last `turns` turns."""
    if int(turns) > MAX_TURNS:
        raise PlaytestError(f"{flag}: at most {MAX_TURNS:,} turns (a game has used up its "
                            f"{OID_LIMIT:,} object ids by then: every turn but the first draws "
                            f"a card, which takes a new id), got {int(turns):,}")


def alloc_flow(n, max_turns, condition=None, A=N_OPTIONS, T=32, V=256, log=16, record=True):
    """Flow bookkeeping of n games. `log`: actions that may run without a snapshot in a row
    (kernels/txn.py, txn_start_nb; 0 = a snapshot before every action). `record`: the games
    record what the statistics read (kernels/record.py, turnrecord.py). `condition`: a
    simcore.condition.Condition the games watch (ending when it holds), or None."""
    cterm, citem, cclause = condition.arrays() if condition is not None else (
        np.zeros((0, L.N_CTERM), np.int32), np.zeros((0, L.N_CITEM), np.int32),
        np.zeros((0, 2), np.int32))
    shapes = dict(fl=((L.N_FL,), np.int32), opts=((A,), np.int32), pend=((64,), np.int64),
                  toff=((T,), np.int32), tlen=((T,), np.int32), tlist=((T,), np.int32),
                  tval=((V,), np.int32), pick=((A,), np.int32), ban=((16,), np.int32),
                  log=((log * (LOG_WIDTH + 1),), np.int32),     # [width, action]
                  rec=((2, L.N_REC, max_turns + 2), np.int16))
    fw = Flow(**{k: np.empty((n,) + shape, dt) for k, (shape, dt) in shapes.items()},
              cterm=cterm, citem=citem, cclause=cclause)
    # filled range by range on the threads: memory kept from the last batch must be
    # cleared, a serial 10-25 ms of a 10,000-game batch's set-up (a goldfish batch plays in
    # ~350 ms on two threads)
    in_ranges(n, lambda lo, hi, lane: _clear_flow(fw, lo, hi), split=1)
    fw.fl[:, L.F_MAX_TURNS] = max_turns
    fw.fl[:, L.F_COND_KEY] = -1
    fw.fl[:, L.F_LOG_N] = -1        # no snapshot to replay from yet
    fw.fl[:, L.F_RECORD] = int(record)
    return fw


def _clear_flow(fw, lo, hi):
    for name in ("fl", "opts", "pend", "toff", "tlen", "tlist", "tval", "pick", "ban", "log"):
        getattr(fw, name)[lo:hi] = 0
    fw.rec[lo:hi] = -1


def view_dict(seen, ct, fw, noise):
    """GameBatch.view's dict from the masked state `seen` (one place: the compile helper
    builds the same for agents' kernels)."""
    fl = fw.fl
    return {"decision": fl[:, L.F_DKIND], "player": fl[:, L.F_DPLAYER],
            "n_options": fl[:, L.F_DN], "options": fw.opts,
            "question": fl[:, L.F_QKIND], "q_min": fl[:, L.F_QMIN],
            "q_max": fl[:, L.F_QMAX], "picked": fl[:, L.F_PICK_N],
            "decision_no": fl[:, L.F_DECISIONS],
            "random": noise, "state": seen, "cards": ct}
