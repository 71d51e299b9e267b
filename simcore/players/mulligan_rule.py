"""The land-window mulligan rule (simcore/mulligan.py: `--keep LO-HI`, `--mulligan never`),
as kernels: the agent wrapper of games (agents/mulligan.py) and the castability kernel
(kernels/castability.py) both decide through these, so there is one implementation.

London mulligan (103.5) with Frank Karsten's rule (../shared/STATISTICS.md), the window at
seven the user's:
- seven cards: keep with LO..HI lands, else mulligan (shuffle, draw seven again);
- after m mulligans the hand keeps h = 7 - m cards. Cards go to the bottom one at a time
  toward three lands: a spell while the hand holds more than h - 3 spells (more than three
  at six), else a land. A hand of six or five is kept with 2-4 lands left; four, always;
- `never`: every seven is kept.
"Lands" are cards with the type Land, "spells" every other card. Which card goes:
- a spell: the one of highest mana value (keep the curve low), then the lowest card id;
- a land: first one that makes none of the deck's colours; then the one whose colours the
  hand's other lands make most often (keep a source of each colour); then one making fewer
  of the deck's colours (a basic before a dual); then one whose colours the deck's costs ask
  for less (`weights`); then the lowest type mask, card id, position.
Every choice depends on which cards the hand holds only (never on their order), so that
an exact count over hand compositions (experiments/castability_exact.py) follows it.
Arguments: `is_land`, `makes` (type mask of the mana a land makes), `mv` per card id
(simcore/lands.py); `weights`: the deck's pips per mana type (its colours: weight > 0).
"""
from ..consts import D_BOTTOM, D_MULLIGAN, Z_HAND
from ..encoding import KEEP, MULLIGAN, action_of_nb
from ..jit import entry, kernel
from ..layout import O_CARD, O_OWNER, O_ZONE, PL_MULLIGANS

OPENING = 7
LANDS_TOWARD = 3        # bottoming aims at three lands
KEEP_LO, KEEP_HI = 2, 4     # lands kept at six and at five
ALWAYS_KEEP = 4         # a hand of four is kept


@kernel
def deck_types_nb(weights):
    """Type mask of the deck's colours: the mana types its costs ask for."""
    m = 0
    for t in range(weights.shape[0]):
        if weights[t] > 0:
            m |= 1 << t
    return m


@kernel
def bottom_spell_nb(spells, lands, keep):
    """Does the next card to the bottom, toward a hand of `keep` cards, go as a spell?"""
    if lands == 0:
        return True
    return spells > keep - LANDS_TOWARD and spells > 0


@kernel
def keep_nb(lands, cards, mulligans, lo, hi, never):
    """Keep a hand of `cards` cards holding `lands` lands, after `mulligans` mulligans?"""
    if never != 0:
        return True
    if mulligans == 0:
        return lo <= lands <= hi
    keep = cards - mulligans
    if keep <= ALWAYS_KEEP:
        return True
    spells = cards - lands
    for _ in range(mulligans):
        if bottom_spell_nb(spells, lands, keep):
            spells -= 1
        else:
            lands -= 1
    return KEEP_LO <= lands <= KEEP_HI


@kernel
def popcount_nb(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@kernel
def land_key_nb(hand, n, k, is_land, makes, weights, deck):
    """How soon hand[k], a land, goes to the bottom (greater: sooner), as a tuple."""
    mk = makes[hand[k]] & deck
    if mk == 0:
        return (1, 0, 0, 0, 0, -hand[k])
    redundant = 1 << 20
    w = 0
    for t in range(6):
        if not (mk >> t) & 1:
            continue
        w += weights[t]
        others = 0
        for j in range(n):
            if j != k and is_land[hand[j]] and (makes[hand[j]] & deck) >> t & 1:
                others += 1
        redundant = min(redundant, others)
    return (0, redundant, -popcount_nb(mk), -w, -mk, -hand[k])


@kernel
def bottom_pick_nb(hand, n, keep, is_land, makes, mv, weights):
    """Which of hand[0:n] goes to the bottom next, toward a hand of `keep` cards: its
    index (the rule in the module's docstring)."""
    lands = 0
    for k in range(n):
        if is_land[hand[k]]:
            lands += 1
    best = -1
    if bottom_spell_nb(n - lands, lands, keep):
        for k in range(n):
            c = hand[k]
            if is_land[c]:
                continue
            if best < 0 or (mv[c], -c) > (mv[hand[best]], -hand[best]):
                best = k
        return best
    deck = deck_types_nb(weights)
    best_key = (0, 0, 0, 0, 0, 0)
    for k in range(n):
        if not is_land[hand[k]]:
            continue
        key = land_key_nb(hand, n, k, is_land, makes, weights, deck)
        if best < 0 or key > best_key:
            best = k
            best_key = key
    return best


@kernel
def bottom_to_nb(hand, n, keep, is_land, makes, mv, weights):
    """Bottom cards of hand[0:n] until `keep` are left; each goes to the end of the array
    (the first to hand[n - 1]), the kept ones stay in hand[0:keep]."""
    while n > keep:
        k = bottom_pick_nb(hand, n, keep, is_land, makes, mv, weights)
        c = hand[k]
        hand[k] = hand[n - 1]
        hand[n - 1] = c
        n -= 1
    return n


@entry
def rule_hands_nb(hands, mulligans, is_land, makes, mv, weights, lo, hi, never, keep, kept):
    """Python's batch entry (simcore/mulligan.py): for each row of `hands` (card ids, -1
    past the hand), drawn after `mulligans` mulligans: keep[i] = 1 if the rule keeps it;
    kept[i] = the cards it keeps, after bottoming (the rest -1; all -1 if not kept)."""
    for i in range(hands.shape[0]):
        n = 0
        lands = 0
        for k in range(hands.shape[1]):
            kept[i, k] = -1
            if hands[i, k] >= 0:
                kept[i, n] = hands[i, k]
                lands += 1 if is_land[hands[i, k]] else 0
                n += 1
        keep[i] = 1 if keep_nb(lands, n, mulligans, lo, hi, never) else 0
        left = 0
        if keep[i] != 0:
            left = bottom_to_nb(kept[i], n, max(n - mulligans, 0), is_land, makes, mv, weights)
        for k in range(left, n):
            kept[i, k] = -1


@kernel
def rule_action_nb(obj, pl, g, kind, p, opts, n, cards, is_land, makes, mv, weights, lo, hi,
                   never):
    """The rule's action at game g's mulligan (KEEP or MULLIGAN) or bottom decision (the
    option of the card to bottom; `opts`, `n`: the decision's options, hand slots; `cards`:
    int64 cells as many, for the hand's card ids), decided by player p; -1 at any other."""
    if kind == D_MULLIGAN:
        m = 0
        lands = 0
        for i in range(obj.shape[2]):
            c = obj[g, O_CARD, i]
            if c >= 0 and obj[g, O_ZONE, i] == Z_HAND and obj[g, O_OWNER, i] == p:
                m += 1
                lands += 1 if is_land[c] else 0
        ok = keep_nb(lands, m, pl[g, PL_MULLIGANS, p], lo, hi, never)
        return KEEP if ok else MULLIGAN
    if kind == D_BOTTOM:
        for k in range(n):
            cards[k] = obj[g, O_CARD, opts[k]]
        keep = max(OPENING - pl[g, PL_MULLIGANS, p], 0)
        k = bottom_pick_nb(cards, n, keep, is_land, makes, mv, weights)
        return action_of_nb(max(k, 0))
    return -1


@entry
def rule_actions_nb(kind, who, obj, pl, opts, n_opts, cards, is_land, makes, mv, weights,
                    lo, hi, never, out):
    """out[g] = the rule's action at each game's mulligan (KEEP or MULLIGAN) or bottom
    decision (the option of the card to bottom); other games' out[g] is left as it is.
    obj, pl: the decider's view of the state's object and player planes; opts,
    n_opts: the decision's options (hand slots at a bottom decision); cards: int64 cells
    shaped like opts, for the hand's card ids."""
    for g in range(kind.shape[0]):
        a = rule_action_nb(obj, pl, g, kind[g], who[g], opts[g], n_opts[g], cards[g],
                           is_land, makes, mv, weights, lo, hi, never)
        if a >= 0:
            out[g] = a
