"""The greedy policy: curves out and attacks. It scores every legal action of a game's open
decision and takes the best, the lowest-numbered action on ties; one scorer per decision
kind:
- mulligan: keep hands of 1-5 lands; after a mulligan keep any hand;
- bottom: the most expensive card, or a land when the hand has more than three;
- priority: play a land, else cast a piece (a card the agent was told of, `pieces`: the cards
  a combo names) , else the costliest spell (warp after casting), else activate
  an ability (not one that costs blight, sacrificing itself or tapping our creatures, nor
  one that makes its permanent a creature until end of turn while it already is one or
  that activation waits on the stack); else pass;
- attack with everything (against random players, holding back measured worse); block to
  kill and survive, else to survive, else to trade with an attacker of at least its mana
  value, or (chump) when the attacking power is lethal;
- questions: aim at the opponent and their biggest creature, blight its cheapest smallest
  creature, proliferate its own things only, say yes to "you may", take the largest number.
Power and toughness here are printed values plus counters (no anthems): a heuristic.

One implementation for both paths: the compiled game loop asks `greedy_action_nb` game by
game (players/asking.py), and agents/greedy.py's GreedyAgent asks `greedy_actions_nb` for a
batch (simcore/policies.py), so both play the same games.
"""
import numpy as np

from .. import consts as K
from .. import layout as L
from ..encoding import (
    PASS,
    block_attacker_nb,
    block_blocker_nb,
    is_player_value_nb,
    option_ability_nb,
    option_kind_nb,
    option_of_nb,
    option_slot_nb,
    value_player_nb,
)
from ..jit import entry, kernel


@kernel
def _pt(obj, counters, card, g, i):
    c = max(obj[g, L.O_CARD, i], 0)
    d = np.int64(counters[g, K.CK_PLUS, i]) - np.int64(counters[g, K.CK_MINUS, i])
    return card[c, L.C_POWER] + d, card[c, L.C_TOUGHNESS] + d


@kernel
def _slot(obj, v):
    """An option value as an object slot the arrays can be read at (players and sentinels
    clamp into range; their scores do not read the slot's card)."""
    return min(max(v, 0), obj.shape[2] - 1)


@kernel
def _card_of(obj, g, slot):
    return max(obj[g, L.O_CARD, slot], 0)


@kernel
def _hand_lands(obj, card, g, me):
    """(cards, lands) in my hand."""
    size = 0
    lands = 0
    for i in range(obj.shape[2]):
        c = obj[g, L.O_CARD, i]
        if c >= 0 and obj[g, L.O_ZONE, i] == K.Z_HAND and obj[g, L.O_OWNER, i] == me:
            size += 1
            if card[c, L.C_TYPES] & K.T_LAND:
                lands += 1
    return size, lands


@kernel
def score_mulligan(a, keep):
    """Keep (PASS) a hand worth keeping, else mulligan."""
    if a == PASS:
        return 1.0 if keep else 0.0
    return 0.0 if keep else 1.0


@kernel
def score_bottom(obj, card, g, o, lands):
    """The costliest card goes to the bottom; a land first when the hand has over three."""
    c = _card_of(obj, g, _slot(obj, o))
    land = (card[c, L.C_TYPES] & K.T_LAND) != 0
    return card[c, L.C_MV] + (20.0 if land and lands > 3 else 0.0)


@kernel
def score_priority(obj, card, abil, ops, stk, gm, g, o, piece):
    """Land, then pieces (piece[c]: card c is one), then the costliest spell, then warp,
    then abilities that cost none of our creatures and do not animate an animated permanent
    again."""
    kind = option_kind_nb(o)
    ps = _slot(obj, option_slot_nb(o))
    c = _card_of(obj, g, ps)
    if kind == K.OPT_LAND:
        return 1000.0
    if kind == K.OPT_CAST:
        return (500.0 if piece[c] else 100.0) + card[c, L.C_MV]
    if kind == K.OPT_WARP:
        return 50.0 + card[c, L.C_MV]
    s = 10.0
    a0 = card[c, L.C_ABIL0]
    for ab in range(a0, a0 + card[c, L.C_NABIL]):
        if abil[ab, L.AB_KIND] != K.AK_ACTIVATED or abil[ab, L.AB_ACTIDX] != option_ability_nb(o):
            continue
        if abil[ab, L.AB_BLIGHT] != 0 or abil[ab, L.AB_SAC_SELF] != 0 or \
                abil[ab, L.AB_TAPN] != 0:
            s = -1.0    # costs our creatures: a counter, itself, attackers
        for op in range(abil[ab, L.AB_OP0], abil[ab, L.AB_OP0] + abil[ab, L.AB_NOP]):
            if ops[op, 0] == K.OP_SEARCH and ops[op, 4] == K.SEARCH_TO_BATTLEFIELD:
                s = 10.0    # a land that fetches a land: a land now, worth its cost
        # nor "becomes a creature" again while it already is one or that activation waits
        # on the stack
        again = (obj[g, L.O_EOT_TYPES, ps] & K.T_CREATURE) != 0
        for si in range(gm[g, L.G_STACK_N]):
            if stk[g, L.SI_KIND, si] == K.SK_ACTIVATED and stk[g, L.SI_SRC, si] == ps and \
                    stk[g, L.SI_ABIL, si] == ab:
                again = True
        if again:
            for op in range(abil[ab, L.AB_OP0], abil[ab, L.AB_OP0] + abil[ab, L.AB_NOP]):
                if ops[op, 0] == K.OP_BECOME_CREATURE:
                    s = -1.0
    return s


@kernel
def score_attack(a):
    """Every creature attacks: adding one beats declaring (PASS)."""
    return -1.0 if a == PASS else 1.0


@kernel
def incoming_power(obj, counters, card, g):
    """The attacking creatures' power (printed plus counters)."""
    total = 0
    for i in range(obj.shape[2]):
        if obj[g, L.O_CARD, i] >= 0 and obj[g, L.O_ZONE, i] == K.Z_BATTLEFIELD and \
                obj[g, L.O_ATTACKING, i] != 0:
            total += max(_pt(obj, counters, card, g, i)[0], 0)
    return total


@kernel
def score_block(obj, counters, card, g, o, lethal):
    """Kill and survive, else survive, else trade up, else chump only against lethal."""
    b = _slot(obj, block_blocker_nb(o))
    a = _slot(obj, block_attacker_nb(o))
    pb, tb = _pt(obj, counters, card, g, b)
    pa, ta = _pt(obj, counters, card, g, a)
    mb = card[_card_of(obj, g, b), L.C_MV]
    ma = card[_card_of(obj, g, a), L.C_MV]
    if tb > pa and pb >= ta:
        return 3.0
    if tb > pa:
        return 2.0
    if pb >= ta and mb <= ma:
        return 1.0
    if lethal:
        return 0.5
    return -1.0


@kernel
def score_question(obj, counters, card, g, me, why, qk, a, o):
    """Engine questions: targets at the opponent and their biggest creature, blight our
    cheapest smallest creature, discard, surveil or scry away the costliest cards, the
    largest number, yes to "you may", proliferate our own things only; PASS (done) only
    where stopping is what we want (surveil, scry, proliferate)."""
    if a == PASS:
        return 0.5 if (why == K.W_SURVEIL or why == K.W_SCRY or why == K.W_PROLIFERATE) \
            else -1.0
    slot = _slot(obj, o)
    is_player = is_player_value_nb(o)
    pw, tg = _pt(obj, counters, card, g, slot)
    mv = card[_card_of(obj, g, slot), L.C_MV]
    s = 1.0
    if why == K.W_TARGET:
        if is_player:
            s = 3.0 if value_player_nb(o) == 1 - me else -3.0
        elif obj[g, L.O_CTRL, slot] != me:
            s = 2.0 + pw
        else:
            s = -1.0
    if why == K.W_BLIGHT:
        s = -mv - tg
    if why == K.W_DISCARD or why == K.W_SURVEIL or why == K.W_SCRY:
        s = float(mv)
    if qk == K.ASK_INT or qk == K.ASK_YESNO:
        s = float(o)
    if why == K.W_PROLIFERATE:
        mine = (value_player_nb(o) == me) if is_player else obj[g, L.O_CTRL, slot] == me
        s = 1.0 if mine else -1.0
    return s


@kernel
def greedy_action_nb(st, ct, g, d, me, qk, opts, mask, piece):
    """The best-scored legal action of game g's open decision: kind d, decided by player me,
    engine question kind qk; `opts` the decision's option values and `mask` its legal
    actions (rows of the batch's), `piece[c]`: card c is a combo piece."""
    if d == K.D_OVER or d == K.D_NONE:
        return PASS
    obj, counters, card = st.obj, st.o_counters, ct.card
    lands = 0
    keep = False
    if d == K.D_MULLIGAN or d == K.D_BOTTOM:
        lands = _hand_lands(obj, card, g, me)[1]
        # after one mulligan any hand is kept (six cards once bottomed)
        keep = (1 <= lands <= 5) or st.pl[g, L.PL_MULLIGANS, me] >= 1
    lethal = False
    if d == K.D_BLOCK:       # chump-block only when the attack would be lethal
        lethal = incoming_power(obj, counters, card, g) >= st.pl[g, L.PL_LIFE, me]
    why = st.gm[g, L.G_ASK_WHY]
    best = PASS
    best_s = -np.inf
    for a in range(mask.shape[0]):
        if not mask[a]:
            continue
        o = opts[option_of_nb(a)] if a != PASS else 0
        s = 0.0
        if d == K.D_MULLIGAN:
            s = score_mulligan(a, keep)
        elif d == K.D_BOTTOM:
            s = 0.0 if a == PASS else score_bottom(obj, card, g, o, lands)
        elif d == K.D_PRIORITY:
            s = 0.0 if a == PASS else score_priority(obj, card, ct.abil, ct.ops, st.stk,
                                                     st.gm, g, o, piece)
        elif d == K.D_ATTACK:
            s = score_attack(a)
        elif d == K.D_BLOCK:
            s = 0.0 if a == PASS else score_block(obj, counters, card, g, o, lethal)
        elif d == K.D_QUESTION:
            s = score_question(obj, counters, card, g, me, why, qk, a, o)
        if s > best_s:
            best_s = s
            best = a
    return best


@entry
def greedy_actions_nb(st, ct, kind, who, opts, qkind, mask, piece, out, lo, hi):
    """out[g] = greedy_action_nb of each game g in lo..hi-1 (a batch's columns: decision
    kinds, deciders, option values, question kinds, legal masks)."""
    for g in range(lo, hi):
        out[g] = greedy_action_nb(st, ct, g, kind[g], who[g], qkind[g], opts[g], mask[g],
                                  piece)
