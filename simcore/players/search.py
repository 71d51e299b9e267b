"""The search player: determinized Monte Carlo rollouts by greedy players, compiled into the
game loop (Ward & Cowling, CIG 2009; Cowling, Ward & Powley, IEEE TCIAIG 4(4), 2012).

At a decision with more than one legal action (mulligan, bottom, priority, attack and block
picks) it ranks the legal actions by greedy and keeps the best `width` as candidates. Each
rollout (rollout.py) deals the hidden cards anew (determinize.py), takes a candidate and
lets greedy players go on to the game's end or `horizon` own turns, scored by an evaluation.
The budget of `rollouts` is spent by successive halving: every candidate gets an equal
share, the better half goes on, until two are left; rollout k of every candidate plays
deal k (common random numbers: candidates are compared on the same deals). The best mean
wins; ties go to greedy's order. Engine questions (targets, numbers, ...) are answered as
greedy answers them, where they arise.

Its random numbers come from the run's seed, the game's number and its decision count, so a
game plays the same whatever the batch, thread or chunk; it reads no hidden card (the deals
start from the deck lists and what the player sees).
"""
import numpy as np

from ..consts import D_QUESTION
from ..jit import kernel
from ..kernels.legal import legal_row_nb
from ..kernels.noise import seed_at_nb
from ..kernels.rng import splitmix64_nb
from ..kernels.scratch import scratch_nb
from ..layout import (
    F_DECISIONS,
    F_DKIND,
    F_DPLAYER,
    F_QKIND,
    F_ROLLOUTS,
    F_SEARCH_ACT,
    F_SEARCHED,
)
from .greedy import greedy_action_nb
from .rollout import rollout_nb

# a search player's settings, conf[p, S_*] (agents/search.py names and checks them)
S_ROLLOUTS, S_HORIZON, S_WIDTH = 0, 1, 2
SALT = np.uint64(0x5EA4C4)      # the search's numbers apart from the random player's


@kernel
def halving_rounds_nb(k):
    """Rounds of successive halving that take k candidates down to the last two (one for
    two or fewer)."""
    r = 1
    while k > 2:
        k = (k + 1) // 2
        r += 1
    return r


@kernel
def rank_nb(order, sums, n):
    """order[:n] by sums (best first), ties by greedy's rank (the lower candidate index):
    an insertion sort (n is a handful)."""
    for i in range(1, n):
        j = i
        while j > 0 and (sums[order[j]] > sums[order[j - 1]] or (
                sums[order[j]] == sums[order[j - 1]] and order[j] < order[j - 1])):
            t = order[j]
            order[j] = order[j - 1]
            order[j - 1] = t
            j -= 1


@kernel
def deal_seed_nb(s, d):
    """The stream of deal d of a decision whose search stream is s."""
    return splitmix64_nb(s ^ (np.uint64(d + 1) * np.uint64(0xD1B54A32D192ED03)))[1]


@kernel
def search_action_nb(st, dry, dg, ct, fw, g, rsnap, rfw, conf, greedy2, piece, base, game0,
                     rows, rule, weights, facts, decks):
    """The search player's action at game g's open decision (the module's docstring):
    `conf[p]` its settings (S_*), `greedy2` the rollouts' policies, the rest as
    flow.play_policies_nb takes them, and `decks[q, c]` the copies of card c in q's deck."""
    me = fw.fl[g, F_DPLAYER]
    kind = fw.fl[g, F_DKIND]
    row = rows[dg]
    legal_row_nb(fw, g, row)
    n = 0
    for a in range(row.shape[0]):
        n += 1 if row[a] else 0
    if kind == D_QUESTION or n <= 1:
        return greedy_action_nb(st, ct, g, kind, me, fw.fl[g, F_QKIND], fw.opts[g], row,
                                piece[me])
    k = min(n, conf[me, S_WIDTH])
    w = row.shape[0]
    b = scratch_nb(st, g, 3 * k + (w + 8) // 8)
    cand = st.scr[b:b + k]
    order = st.scr[b + k:b + 2 * k]
    sums = st.scr[b + 2 * k:b + 3 * k].view(np.float64)
    left = st.scr[b + 3 * k:b + 3 * k + (w + 8) // 8].view(np.bool_)[:w]
    for a in range(w):
        left[a] = row[a]
    for j in range(k):          # greedy's best k, best first
        a = greedy_action_nb(st, ct, g, kind, me, fw.fl[g, F_QKIND], fw.opts[g], left,
                             piece[me])
        cand[j] = a
        order[j] = j
        sums[j] = 0.0
        left[a] = False
    s = seed_at_nb(base ^ SALT, game0, g, fw.fl[g, F_DECISIONS])
    rounds = halving_rounds_nb(k)
    alive = k
    done = 0                    # deals each live candidate has played
    used = 0
    budget = conf[me, S_ROLLOUTS]
    horizon = conf[me, S_HORIZON]
    for r in range(rounds):
        per = max(1, (budget - used) // ((rounds - r) * alive))
        for j in range(alive):
            c = order[j]
            for d in range(done, done + per):
                sums[c] += rollout_nb(st, dry, dg, ct, fw, g, rsnap, rfw, me, cand[c],
                                      deal_seed_nb(s, d), horizon, greedy2, piece, base,
                                      game0, rows, rule, weights, facts, decks)
        used += per * alive
        done += per
        rank_nb(order, sums, alive)
        if r < rounds - 1:
            alive = (alive + 1) // 2
    fw.fl[g, F_SEARCHED] += 1
    fw.fl[g, F_ROLLOUTS] += used
    fw.fl[g, F_SEARCH_ACT] = cand[order[0]]
    return cand[order[0]]
