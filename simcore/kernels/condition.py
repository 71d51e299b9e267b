"""Conditions the game loop watches (`playtest combo --when`, `simulate --until-card`): is
the condition true in game g now, for player 0 (the deck)?

A condition is compiled by simcore/condition.py into three tables of the Flow (not per game):
clauses `fw.cclause[k] = [first term, terms]` joined by or; terms `fw.cterm[t] = [kind,
zone, op, value, first item, items]` joined by and; items `fw.citem[i] = [match, value,
count]`. A zone term holds when its items can be given distinct cards of the zone: "2 Elf,
High Perfect Morcant" needs three cards, Morcant and two other Elves (a bipartite matching
of item copies to cards, augmented one copy at a time). Zones: the player's hand,
graveyard and exile, the permanents they control, and `seen`: the cards they own that were
drawn or cast at any point (records: kernels/record.py).
"""
from ..consts import (
    CMP_EQ,
    CMP_GE,
    CMP_GT,
    CMP_LE,
    CMP_LT,
    MATCH_CARD,
    MATCH_SUBTYPE,
    MATCH_TYPE,
    TERM_LIFE,
    TERM_MANA,
    TERM_OPP_LIFE,
    TERM_ZONE,
    Z_BATTLEFIELD,
    Z_SEEN,
)
from ..jit import entry, kernel
from ..layout import (
    CI_COUNT,
    CI_MATCH,
    CI_VALUE,
    CTM_ITEM0,
    CTM_KIND,
    CTM_NITEMS,
    CTM_OP,
    CTM_VALUE,
    CTM_ZONE,
    O_CARD,
    O_CAST,
    O_CTRL,
    O_DRAWN,
    O_OWNER,
    O_ZONE,
    PL_LIFE,
)
from .mana import potential_mana_nb
from .query import has_subtype_nb, obj_types_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .zonebits import next_bf_nb


@kernel
def compare_nb(a, op, b):
    if op == CMP_LE:
        return a <= b
    if op == CMP_LT:
        return a < b
    if op == CMP_GE:
        return a >= b
    if op == CMP_GT:
        return a > b
    return a == b if op == CMP_EQ else False


@kernel
def item_matches_nb(st, ct, fw, g, it, i):
    """Does object i match item `it` (a card, a card type, a subtype: as it is now)?"""
    m = fw.citem[it, CI_MATCH]
    v = fw.citem[it, CI_VALUE]
    if m == MATCH_CARD:
        return st.obj[g, O_CARD, i] == v
    if m == MATCH_TYPE:
        return (obj_types_nb(st, ct, g, i) & v) != 0
    if m == MATCH_SUBTYPE:
        return has_subtype_nb(st, ct, g, i, v)
    return False


@kernel
def in_zone_nb(st, g, i, zone, p):
    """Is object i in player p's `zone` (Z_SEEN: drawn or cast at any point)?"""
    if st.obj[g, O_CARD, i] < 0:
        return False
    if zone == Z_SEEN:
        return st.obj[g, O_OWNER, i] == p and (st.obj[g, O_DRAWN, i] >= 0 or
                                               st.obj[g, O_CAST, i] >= 0)
    if st.obj[g, O_ZONE, i] != zone:
        return False
    if zone == Z_BATTLEFIELD:
        return st.obj[g, O_CTRL, i] == p
    return st.obj[g, O_OWNER, i] == p


@kernel
def zone_term_nb(st, ct, fw, g, t, p):
    """Can the term's items be given distinct cards of its zone?"""
    M = st.obj.shape[2]
    zone = fw.cterm[t, CTM_ZONE]
    i0 = fw.cterm[t, CTM_ITEM0]
    n_items = fw.cterm[t, CTM_NITEMS]
    need = 0
    for it in range(i0, i0 + n_items):
        need += fw.citem[it, CI_COUNT]
    mark = scratch_mark_nb(st, g)
    b = scratch_nb(st, g, 3 * M + 2 * need + 1)
    cands = st.scr[b:b + M]
    owner = st.scr[b + M:b + 2 * M]          # candidate -> item copy matched to it, or -1
    parent = st.scr[b + 2 * M:b + 3 * M]     # BFS: the item copy that reached a candidate
    item_of = st.scr[b + 3 * M:b + 3 * M + need]     # item copy -> its item
    queue = st.scr[b + 3 * M + need:b + 3 * M + 2 * need + 1]
    n = 0
    if zone == Z_BATTLEFIELD:
        i = -1
        while True:
            i = next_bf_nb(st, g, i)
            if i >= M:
                break
            if st.obj[g, O_CTRL, i] == p:
                cands[n] = i
                n += 1
    else:
        for i in range(M):
            if in_zone_nb(st, g, i, zone, p):
                cands[n] = i
                n += 1
    ok = n >= need
    k = 0
    for it in range(i0, i0 + n_items):
        for _ in range(fw.citem[it, CI_COUNT]):
            item_of[k] = it
            k += 1
    for c in range(n):
        owner[c] = -1
    # each item copy in turn gets a card by an augmenting path (Kuhn): if one cannot, no
    # later reassignment gives it one, and the term fails
    for u in range(need if ok else 0):
        for c in range(n):
            parent[c] = -1
        head = 0
        tail = 1
        queue[0] = u
        found = -1
        while head < tail and found < 0:
            x = queue[head]
            head += 1
            for c in range(n):
                if parent[c] >= 0 or not item_matches_nb(st, ct, fw, g, item_of[x], cands[c]):
                    continue
                parent[c] = x
                if owner[c] < 0:
                    found = c
                    break
                queue[tail] = owner[c]
                tail += 1
        if found < 0:
            ok = False
            break
        c = found
        while True:             # flip the path: each copy on it takes the card it reached
            x = parent[c]
            prev = -1
            for d in range(n):
                if owner[d] == x:
                    prev = d
            owner[c] = x
            if x == u or prev < 0:
                break
            c = prev
    scratch_release_nb(st, g, mark)
    return ok


@kernel
def term_holds_nb(st, ct, fw, g, t, p):
    kind = fw.cterm[t, CTM_KIND]
    op = fw.cterm[t, CTM_OP]
    v = fw.cterm[t, CTM_VALUE]
    if kind == TERM_ZONE:
        return zone_term_nb(st, ct, fw, g, t, p)
    if kind == TERM_MANA:
        return compare_nb(potential_mana_nb(st, ct, g, p), op, v)
    if kind == TERM_OPP_LIFE:
        return compare_nb(st.pl[g, PL_LIFE, 1 - p], op, v)
    if kind == TERM_LIFE:
        return compare_nb(st.pl[g, PL_LIFE, p], op, v)
    return False


@kernel
def condition_holds_nb(st, ct, fw, g):
    """Does any clause of the Flow's condition hold for player 0 in game g now?"""
    for k in range(fw.cclause.shape[0]):
        t0 = fw.cclause[k, 0]
        holds = True
        for t in range(t0, t0 + fw.cclause[k, 1]):
            if not term_holds_nb(st, ct, fw, g, t, 0):
                holds = False
                break
        if holds:
            return True
    return False


@entry
def condition_holds_py(st, ct, fw, g):
    """condition_holds_nb for Python (tests)."""
    return condition_holds_nb(st, ct, fw, g)
