"""Mulligans as the user's choice: a land window at seven (`--keep LO-HI`) or none
(`--mulligan never`), with London bottoming (103.5) by Frank Karsten's rule.

The rule itself (which hands are kept, which card goes to the bottom) is written once, as
kernels (players/mulligan_rule.py, whose docstring states it); this module parses it, binds
it to a deck (the deck's colours decide which land goes first) and runs it over batches:
hands given as card ids (`decide_hands`: tests and the exact castability count) or the open
decisions of a GameBatch view (`actions`: agents/mulligan.py's wrapper).
"""
import re
from dataclasses import dataclass

import numpy as np

from .errors import PlaytestError
from .lands import card_facts, deck_weights
from .players.mulligan_rule import rule_actions_nb, rule_hands_nb

KEEP_FORMAT = "LO-HI, the lands a seven-card hand keeps with (0 <= LO <= HI <= 7, e.g. 2-5)"


@dataclass(frozen=True)
class MulliganRule:
    """Keep seven cards holding `lo`..`hi` lands, else mulligan; after a mulligan bottom
    toward three lands and keep 2-4 lands at six and five, any four. `never`: keep every
    seven. `weights`: the deck's pips per mana type (WUBRGC), set by `for_deck`; the rule
    bottoms lands by the deck's colours, so games and counts need it bound."""
    lo: int = 2
    hi: int = 5
    never: bool = False
    weights: tuple = None

    @classmethod
    def parse(cls, text):
        """"never", or a window "LO-HI" ("2-5")."""
        if text == "never":
            return cls(never=True)
        m = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", str(text))
        if not m:
            raise PlaytestError(f"expected {KEEP_FORMAT}, got {text!r}")
        lo, hi = int(m.group(1)), int(m.group(2))
        if hi > 7:
            raise PlaytestError(f"expected {KEEP_FORMAT}, got {text!r}: a hand of seven "
                                f"holds at most 7 lands")
        if lo > hi:
            raise PlaytestError(f"expected {KEEP_FORMAT}, got {text!r}: {lo} is more than "
                                f"{hi}")
        return cls(lo=lo, hi=hi)

    @property
    def name(self):
        """"never" or "keep LO-HI" (the `mulligan` column of results)."""
        return "never" if self.never else f"keep {self.lo}-{self.hi}"

    def describe(self):
        """The rule in words, for output."""
        if self.never:
            return "never (every seven-card hand is kept)"
        karsten = " (Karsten's rule)" if (self.lo, self.hi) == (2, 5) else ""
        return (f"keep {self.lo}-{self.hi} lands at seven{karsten}, else London mulligan "
                f"bottoming toward three lands, keeping 2-4 lands at six and five, any four")

    def for_deck(self, ct, ids):
        """This rule bound to a deck (card ids of the card table `ct`)."""
        return MulliganRule(self.lo, self.hi, self.never, deck_weights(ct, ids))

    def _args(self, ct):
        if self.weights is None:
            raise PlaytestError("the mulligan rule is not bound to a deck: "
                                "rule.for_deck(card_table, deck_ids)")
        f = facts(ct)
        return (f.is_land, f.makes, f.mv, np.asarray(self.weights, np.int64), self.lo,
                self.hi, int(self.never))

    def decide_hands(self, ct, hands, mulligans):
        """For hands drawn after `mulligans` mulligans (rows of card ids, -1 past a hand):
        (keep: bool per hand, kept: the cards each kept hand keeps, -1 past them)."""
        hands = np.ascontiguousarray(np.atleast_2d(hands), dtype=np.int64)
        keep = np.zeros(hands.shape[0], np.int64)
        kept = np.full_like(hands, -1)
        is_land, makes, mv, w, lo, hi, never = self._args(ct)
        rule_hands_nb(hands, int(mulligans), is_land, makes, mv, w, lo, hi, never, keep, kept)
        return keep.astype(bool), kept

    def actions(self, view, out):
        """Write into `out` (one int64 action per game) the rule's action at every open
        mulligan and bottom decision of a GameBatch view; other games' actions stay."""
        st = view["state"]
        opts = np.ascontiguousarray(view["options"])
        is_land, makes, mv, w, lo, hi, never = self._args(view["cards"])
        rule_actions_nb(np.ascontiguousarray(view["decision"]),
                        np.ascontiguousarray(view["player"]), st.obj, st.pl, opts,
                        np.ascontiguousarray(view["n_options"]),
                        np.zeros(opts.shape, np.int64), is_land, makes, mv, w, lo, hi,
                        never, out)
        return out


KARSTEN = MulliganRule(2, 5)
_FACTS = []


def facts(ct):
    """card_facts(ct), computed once per card table (the last few are kept)."""
    for t, f in _FACTS:
        if t is ct:
            return f
    f = card_facts(ct)
    _FACTS.insert(0, (ct, f))
    del _FACTS[4:]
    return f

