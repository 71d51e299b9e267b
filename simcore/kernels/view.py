"""What a deciding player may see (400.2): libraries and the opponent's hand are hidden zones.

`visible_objects_nb` copies the object planes of every live game with the card id of each
hidden object replaced by HIDDEN_CARD. Slot numbers say nothing about cards (set-up loads
each deck into slots in a random order), so the copy hides what the rules hide. The options
of the decider's own question (cards it looks at, e.g. surveil) are shown to it.
"""
from ..consts import (
    ASK_CARDS,
    ASK_COUNTERS,
    ASK_OBJECT,
    ASK_OBJECTS,
    D_NONE,
    D_OVER,
    D_QUESTION,
    HIDDEN_CARD,
    Z_HAND,
    Z_LIBRARY,
)
from ..jit import entry
from ..layout import F_DKIND, F_DN, F_DPLAYER, F_QKIND, O_CARD, O_OWNER, O_ZONE


@entry
def visible_objects_nb(obj, fl, opts, out, lo, hi):
    """Games lo..hi-1 (game.in_ranges runs ranges on the threads)."""
    M = obj.shape[2]
    for g in range(lo, hi):
        kind = fl[g, F_DKIND]
        if kind == D_OVER or kind == D_NONE:
            continue
        me = fl[g, F_DPLAYER]
        for f in range(obj.shape[1]):       # plain loops: no NRT here (simcore/jit/decorators.py)
            for i in range(M):
                out[g, f, i] = obj[g, f, i]
        for i in range(M):
            z = obj[g, O_ZONE, i]
            if obj[g, O_CARD, i] >= 0 and (z == Z_LIBRARY or (z == Z_HAND and
                                                              obj[g, O_OWNER, i] != me)):
                out[g, O_CARD, i] = HIDDEN_CARD
        q = fl[g, F_QKIND]
        if kind == D_QUESTION and (q == ASK_OBJECT or q == ASK_OBJECTS or q == ASK_CARDS or
                                   q == ASK_COUNTERS):
            for k in range(fl[g, F_DN]):
                s = opts[g, k]
                if 0 <= s < M:
                    out[g, O_CARD, s] = obj[g, O_CARD, s]
