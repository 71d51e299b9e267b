"""The game loop of a batch with a search player (GameBatch._run picks this entry when one
plays): flow.step_games_nb's loop, with the search player's decisions searched
(search.py). It is an entry of its own so that runs without a search player compile none of
the search's kernels (a cold compile links an entry's whole tree).

The search player is named P_SEARCH in the lane's header: asked an engine question where it
arises (players/asking.py), it answers as greedy does. The rollouts' lane, in `dry.scr`,
names greedy for both players.
"""
from ..consts import D_BOTTOM, D_MULLIGAN, D_OVER, P_PYTHON, P_SEARCH
from ..jit import entry, kernel
from ..jit.atomic import fetch_add_nb
from ..kernels.flow import lane_header_nb, step_game_nb, take_game_nb
from ..kernels.scratch import scratch_mark_nb, scratch_release_nb
from ..layout import F_DECISIONS, F_DKIND, F_DPLAYER
from .asking import policy_action_nb
from .search import search_action_nb


@kernel
def play_searching_nb(st, snap, dry, dg, ct, fw, g, policy, piece, base, game0, rows, limit,
                      rule, weights, facts, rsnap, rfw, conf, greedy2, decks):
    """flow.play_policies_nb, with the decisions of a P_SEARCH player searched (but for
    its mulligan rule's, if it has one)."""
    while fw.fl[g, F_DKIND] != D_OVER and fw.fl[g, F_DECISIONS] < limit:
        p = fw.fl[g, F_DPLAYER]
        if policy[p] == P_PYTHON:
            return
        mark = scratch_mark_nb(st, g)
        kind = fw.fl[g, F_DKIND]
        if policy[p] == P_SEARCH and not (rule[p, 0] != 0 and (kind == D_MULLIGAN or
                                                               kind == D_BOTTOM)):
            a = search_action_nb(st, dry, dg, ct, fw, g, rsnap, rfw, conf, greedy2, piece,
                                 base, game0, rows, rule, weights, facts, decks)
        else:
            a = policy_action_nb(st, ct, fw, g, policy[p], piece[p], base, game0, rows[dg],
                                 rule[p], weights[p], facts)
        step_game_nb(st, snap, dry, dg, ct, fw, g, a)
        scratch_release_nb(st, g, mark)


@entry
def search_games_nb(st, snap, dry, ct, fw, actions, work, chunk, start, lane, dg, policy,
                    piece, base, game0, rows, limit, rule, weights, facts, rsnap, rfw, conf,
                    greedy2, decks):
    """flow.step_games_nb's games (the same arguments first) with search players: `rsnap`,
    `rfw` the rollouts' snapshot and Flow rows (dg + 1), `conf[p]` a search player's
    settings (search.S_*), `greedy2` the rollouts' policies, `decks[q, c]` the copies of
    card c in player q's deck."""
    lane_header_nb(st, fw, lane, policy, base, game0, limit)
    lane_header_nb(dry, rfw, lane, greedy2, base, game0, limit)
    n = work[1]
    while True:
        lo = fetch_add_nb(work, 0, chunk)
        if lo >= n:
            return
        for g in range(lo, min(lo + chunk, n)):
            if fw.fl[g, F_DKIND] == D_OVER:
                continue
            mark = take_game_nb(st, snap, dry, ct, fw, actions, start, lane, dg, g)
            play_searching_nb(st, snap, dry, dg, ct, fw, g, policy, piece, base, game0, rows,
                              limit, rule, weights, facts, rsnap, rfw, conf, greedy2, decks)
            scratch_release_nb(st, g, mark)
