"""Exact castability on curve, by enumerating hand compositions (the method of
../shared/STATISTICS.md, after Karsten): no sampling, so the estimates of
experiments/castability.py can be checked against it.

Cards are classes: nonland cards, and lands by the deck's colours they make (lands making the
same of them are alike to the mulligan rule and to every spell). Then:
1. For each mulligan stage m (0 .. 3; "never": 0 only), each composition c of seven cards
   over the classes has the multivariate hypergeometric probability
   prod C(N_i, c_i) / C(N, 7). The rule (simcore/mulligan.py, the kernels games use) keeps
   it or not and, kept, bottoms m cards: the kept composition h. A stage is reached when
   every earlier one mulliganed: P(m) = prod over j < m of P(mulligan at j).
2. For a spell of mana value T, classes merge by what they make of the spell's colours;
   the draws of turns 2..T on the play (1..T on the draw) are T - 1 (T) cards from the
   N - 7 not drawn at that stage (the bottomed cards lie under them), hypergeometric again.
3. A final composition h + d counts toward "lands" with T lands or more, and as castable
   when its lands also pay the pips (simcore.castability.pays, the kernel's Hall test).
The result is exact up to floating-point rounding (about 1e-15).
"""
from math import comb

import numpy as np

from simcore.castability import hall_table, pays
from simcore.mulligan import facts

MULLIGAN_STAGES = 4         # seven, six, five, four cards: the rule keeps any four
MAX_COMPOSITIONS = 200_000  # more seven-card compositions than this: no exact value


def compositions(caps, total):
    """Every tuple of counts c with c_i <= caps[i] and sum(c) == total."""
    if not caps:
        if total == 0:
            yield ()
        return
    rest = sum(caps[1:])
    for k in range(max(0, total - rest), min(caps[0], total) + 1):
        for tail in compositions(caps[1:], total - k):
            yield (k,) + tail


def n_compositions(caps, total):
    """How many `compositions(caps, total)` there are (without listing them)."""
    ways = [1] + [0] * total
    for cap in caps:
        ways = [sum(ways[t - k] for k in range(min(cap, t) + 1)) for t in range(total + 1)]
    return ways[total]


def hypergeom(caps, c):
    """P(composition c) when sum(c) cards are drawn from a deck with caps[i] of class i."""
    p = 1
    for n, k in zip(caps, c):
        p *= comb(n, k)
    return p / comb(sum(caps), sum(c))


class ExactCastability:
    """Exact castability of a deck (card ids `ids` of card table `ct`) under a mulligan
    rule; `probabilities(spell)` gives what the castability kernel estimates."""

    def __init__(self, ct, ids, rule):
        self.ct = ct
        self.rule = rule.for_deck(ct, ids)
        f = facts(ct)
        deck_types = sum(1 << t for t, w in enumerate(self.rule.weights) if w > 0)
        ids = np.asarray(ids, np.int64)
        # class key: -1 nonland, else the deck's colours the land makes
        keys = [int(f.makes[c] & deck_types) if f.is_land[c] else -1 for c in ids]
        self.keys = sorted(set(keys))
        self.caps = tuple(keys.count(k) for k in self.keys)
        self.rep = [int(ids[keys.index(k)]) for k in self.keys]     # a card of each class
        self.cls = {int(c): self.keys.index(k) for c, k in zip(ids, keys)}
        self.n = len(ids)
        self.kept = None
        self.cache = {}

    @property
    def feasible(self):
        return self.n >= 7 and n_compositions(self.caps, 7) <= MAX_COMPOSITIONS

    def kept_hands(self):
        """[(probability, drawn seven c, kept h)] over the mulligan stages: the weights of
        every way a game's opening hand ends, summing to 1."""
        if self.kept is None:
            hands = list(compositions(self.caps, 7))
            rows = np.array([[self.rep[i] for i, k in enumerate(c) for _ in range(k)]
                             for c in hands], np.int64)
            p = [hypergeom(self.caps, c) for c in hands]
            out, reach = [], 1.0
            stages = 1 if self.rule.never else MULLIGAN_STAGES
            for m in range(stages):
                keep, kept = self.rule.decide_hands(self.ct, rows, m)
                if m == stages - 1:
                    assert keep.all(), "the rule keeps every hand at its last stage"
                for c, q, k, row in zip(hands, p, keep, kept):
                    if k:
                        h = [0] * len(self.keys)
                        for card in row[row >= 0]:
                            h[self.cls[int(card)]] += 1
                        out.append((reach * q, c, tuple(h)))
                reach *= sum(q for q, k in zip(p, keep) if not k)
            self.kept = out
        return self.kept

    def probabilities(self, spell, draws):
        """(P(T lands by turn T), P(castable)) for a Spell (simcore.castability) whose turn
        comes after `draws` draws (T - 1 on the play, T on the draw); None when the deck
        has too many classes of lands to enumerate or too few cards to draw them."""
        if not self.feasible or draws > self.n - 7:
            return None
        key = (spell.requirement, draws)
        if key in self.cache:
            return self.cache[key]
        colours = spell.colours
        hall = hall_table(spell.pips, spell.hybrid)
        # merge classes by what they make of the spell's colours (nonland: -1)
        merged = sorted({k if k < 0 else k & colours for k in self.keys})
        where = [merged.index(k if k < 0 else k & colours) for k in self.keys]
        caps = [0] * len(merged)
        for i, n in enumerate(self.caps):
            caps[where[i]] += n
        start = {}
        for q, c, h in self.kept_hands():
            cc, hh = [0] * len(merged), [0] * len(merged)
            for i in range(len(self.keys)):
                cc[where[i]] += c[i]
                hh[where[i]] += h[i]
            start[(tuple(cc), tuple(hh))] = start.get((tuple(cc), tuple(hh)), 0.0) + q
        p_lands = p_cast = 0.0
        for (cc, hh), q in start.items():
            left = tuple(n - k for n, k in zip(caps, cc))
            for d in compositions(left, min(draws, sum(left))):
                final = [a + b for a, b in zip(hh, d)]
                lands = sum(k for k, key_ in zip(final, merged) if key_ >= 0)
                if lands < spell.turn:
                    continue
                w = q * hypergeom(left, d)
                p_lands += w
                masks = [key_ for k, key_ in zip(final, merged) if key_ >= 0 for _ in range(k)]
                if pays(hall, masks):
                    p_cast += w
        self.cache[key] = (p_lands, p_cast)
        return p_lands, p_cast
