"""The built-in agents' policies, for agents/: the names an agent's `policy()` may give
(GameBatch.play then plays that player inside the game loop, players/asking.py) and the
greedy policy over a batch from Python (GreedyAgent.act), one implementation for both."""
import numpy as np

from . import consts as K
from .players.greedy import greedy_actions_nb
from .threads import in_ranges

POLICIES = {"first": K.P_FIRST, "random": K.P_RANDOM, "greedy": K.P_GREEDY,
            "search": K.P_SEARCH}


def greedy_actions(view, legal_mask, pieces=()):
    """The greedy policy's action for every live game of a view (players/greedy.py);
    `pieces`: card ids it plays before other spells."""
    st, ct = view["state"], view["cards"]
    piece = np.zeros(ct.card.shape[0], np.bool_)
    piece[list(pieces)] = True
    n = legal_mask.shape[0]
    out = np.zeros(n, np.int64)
    # contiguous whatever the caller passed (a view's columns, or GameBatch.ask_agents'
    # copy with other players' games marked over): one compiled signature, the one the
    # compile helper warms up
    kind = np.ascontiguousarray(view["decision"])
    who = np.ascontiguousarray(view["player"])
    question = np.ascontiguousarray(view["question"])
    # ranges of games on numba's threads (a prange kernel took 18 s to compile)
    in_ranges(n, lambda lo, hi, lane: greedy_actions_nb(
        st, ct, kind, who, view["options"], question, legal_mask, piece, out, lo, hi),
        split=1, live=np.count_nonzero(kind != K.D_OVER))
    return out
