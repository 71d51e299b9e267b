"""Cards as the mulligan rule and castability read them, from the card table once.

- A card is a land when it has the card type Land. Mana creatures and artifacts are not
  lands: Frank Karsten counts lands only (../shared/STATISTICS.md).
- A land makes a mana type (bit t of a type mask, W U B R G C) when one of its mana
  abilities can add it: fixed mana, one of a choice, any colour; an ability with a cost of
  its own (Graven Cairns' {B/R}, {T}) counts too. Abilities whose mana depends on other
  permanents (Reflecting Pool, Exotic Orchard, Meteor Crater) make nothing by themselves,
  so they count as making no type.
- A deck's colours are the mana types its spells' mana costs ask for: coloured pips,
  hybrid pips (both colours) and {C} pips, each weighted by how many pips of it the deck's
  nonland cards hold (`deck_weights`).
"""
from dataclasses import dataclass

import numpy as np

from . import consts as K
from . import layout as L
from .encoding import mana_count


@dataclass(frozen=True, eq=False)
class CardFacts:
    """Per card id of a card table: `is_land` (bool), `makes` (int64 type mask of the mana
    a land can make; 0 for nonland cards) and `mv` (mana value, X = 0)."""
    is_land: np.ndarray
    makes: np.ndarray
    mv: np.ndarray


def _types_of_packed(v):
    """Type mask of the mana types packed mana `v` holds."""
    return sum(1 << t for t in range(6) if mana_count(int(v), t) > 0)


def card_facts(ct):
    """CardFacts of every card of the card table `ct` (simcore.cards.compile.Pool.compile())."""
    n = ct.card.shape[0]
    is_land = (ct.card[:, L.C_TYPES] & K.T_LAND) != 0
    makes = np.zeros(n, np.int64)
    for c in np.flatnonzero(is_land):
        a0 = ct.card[c, L.C_ABIL0]
        for a in range(a0, a0 + ct.card[c, L.C_NABIL]):
            row = ct.abil[a]
            if row[L.AB_KIND] != K.AK_MANA:
                continue
            prod = row[L.AB_PROD]
            if prod == K.PK_FIXED:
                makes[c] |= _types_of_packed(row[L.AB_PROD_VAL])
            elif prod == K.PK_CHOICE:
                for k in range(row[L.AB_NOPTS]):
                    makes[c] |= _types_of_packed(row[L.AB_PROD_OPTS + k])
            elif prod == K.PK_ANY_COLOR:
                makes[c] |= K.COLOR_MASK
    return CardFacts(is_land=np.ascontiguousarray(is_land), makes=makes,
                     mv=ct.card[:, L.C_MV].astype(np.int64))


def cost_pips(ct, c):
    """(pips, hybrid) of card c's mana cost: pips per mana type (6 ints, WUBRGC) and one
    type mask of two colours per hybrid symbol."""
    m = ct.card[c, L.C_COST]
    pips = tuple(int(x) for x in ct.mcost[m, L.MC_PIPS:L.MC_PIPS + 6])
    hybrid = tuple(int(h) for h in ct.mcost[m, L.MC_HYB:L.MC_HYB + 4] if h)
    return pips, hybrid


def deck_weights(ct, ids):
    """Pips of each mana type (6 ints, WUBRGC) among the mana costs of the deck's nonland
    cards, one count per copy (a hybrid pip counts for both its colours): the deck's
    colours are the types with a weight above 0."""
    w = [0] * 6
    for c in np.asarray(ids, np.int64):
        if ct.card[c, L.C_TYPES] & K.T_LAND:
            continue
        pips, hybrid = cost_pips(ct, c)
        for t in range(6):
            w[t] += pips[t]
        for h in hybrid:
            for t in range(6):
                if h >> t & 1:
                    w[t] += 1
    return tuple(w)
