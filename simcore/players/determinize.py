"""A determinization: a game's hidden cards dealt anew, as the searching player may imagine
them (players/search.py).

What player `me` cannot see (400.2): the opponent's hand and both libraries' order. The
cards there are the unseen ones, each owner's deck list (`decks`: cards per card id) less
that owner's cards the player sees (hand, battlefield, graveyard, exile, stack). They are
shuffled and dealt over the hidden slots, taken in slot order (a slot says nothing about its
card), and each library is laid out from its slots in slot order. So the deal depends on
what the player sees and the stream `s` only: two games that differ only in hidden cards
give the same deals (tests/test_search.py). The game's own random stream is replaced too:
a rollout must not know the real game's coming shuffles.

Simplification: cards the player put on the bottom or top of a library, or saw return to
the opponent's hand, count as unseen (less than the player knows, never more).
"""
import numpy as np

from ..consts import Z_HAND, Z_LIBRARY
from ..jit import kernel
from ..kernels.manamark import mark_mana_nb
from ..kernels.rng import splitmix64_nb
from ..kernels.scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from ..layout import G_CANDS_OID, O_CARD, O_OWNER, O_TOKEN, O_ZONE, PL_LIB_N


@kernel
def hidden_from_nb(st, g, i, me):
    """Is slot i's card hidden from player me: in a library, or in the opponent's hand?"""
    z = st.obj[g, O_ZONE, i]
    return z == Z_LIBRARY or (z == Z_HAND and st.obj[g, O_OWNER, i] != me)


@kernel
def determinize_nb(st, g, me, decks, s):
    """Deal game g's cards hidden from player `me` anew from the stream s (a splitmix64
    state); returns the stream's state after. `decks[q, c]`: copies of card c in player q's
    deck."""
    M = st.obj.shape[2]
    K = decks.shape[1]
    for q in range(2):
        mark = scratch_mark_nb(st, g)
        b = scratch_nb(st, g, K + 2 * M)
        left = st.scr[b:b + K]
        slots = st.scr[b + K:b + K + M]
        cards = st.scr[b + K + M:b + K + 2 * M]
        for c in range(K):
            left[c] = decks[q, c]
        n = 0
        for i in range(M):
            c = st.obj[g, O_CARD, i]
            if c < 0 or st.obj[g, O_OWNER, i] != q or st.obj[g, O_TOKEN, i] != 0:
                continue
            if hidden_from_nb(st, g, i, me):
                slots[n] = i
                n += 1
            else:
                left[c] -= 1
        m = 0
        for c in range(K):
            if left[c] < 0 or m + left[c] > M:
                raise RuntimeError("playtest: search: a deck list does not match the game")
            for _ in range(left[c]):
                cards[m] = c
                m += 1
        if m != n:
            raise RuntimeError("playtest: search: the unseen cards do not fill the hidden slots")
        for k in range(n - 1, 0, -1):           # Fisher-Yates
            s, r = splitmix64_nb(s)
            j = np.int64(r % np.uint64(k + 1))
            t = cards[k]
            cards[k] = cards[j]
            cards[j] = t
        lib = 0
        for k in range(n):
            i = slots[k]
            st.obj[g, O_CARD, i] = cards[k]
            if st.obj[g, O_ZONE, i] == Z_LIBRARY:
                st.lib[g, q, lib] = i
                lib += 1
        if lib != st.pl[g, PL_LIB_N, q]:
            raise RuntimeError("playtest: search: a library's size does not match its cards")
        scratch_release_nb(st, g, mark)
    s, r = splitmix64_nb(s)
    st.rng[g] = r
    st.gm[g, G_CANDS_OID] = -1          # hands changed: the candidates are counted afresh
    mark_mana_nb(st, g)                 # (cards changed only off the battlefield: to be safe)
    return s
