"""The greedy policy: curves out and attacks. It scores every legal action of a game's open
decision and takes the best, the lowest-numbered action on ties; one scorer per decision
kind:
- mulligan: keep hands of 1-5 lands; after a mulligan keep any hand;
- bottom: the most expensive card, or a land when the hand has more than three;
- priority: play a land, else cast a piece (a card the agent was told of, `pieces`: the cards
  a combo names) , else the costliest spell (warp after casting), else activate
  an ability (not one that costs blight, a sacrifice or tapping our creatures, a discard
  only of a land it can spare, nor
  one that makes its permanent a creature until end of turn while it already is one or
  that activation waits on the stack), else cycle (a land once it has five, a spell it
  could not cast within two land drops); else pass;
- attack with everything (against random players, holding back measured worse); block to
  kill and survive, else to survive, else to trade with an attacker of at least its mana
  value, or (chump) when the attacking power is lethal;
- questions: aim at the opponent and their biggest creature (what helps its target, a pump
  or an untap, at our own biggest), blight its cheapest smallest creature, proliferate its own
  things only, say yes to "you may", take the largest number; as a cost sacrifice its least
  valuable permanent (a token, then the smallest and cheapest) and discard a land (it
  discards only with lands to spare), else its cheapest card.
- Auras and Equipment (by what they give, c_att_*, and what their abilities pump): a boon
  goes on our biggest creature, a burden on the opponent's (an Aura with no such target is
  not cast); equip only when our biggest creature is not the one equipped.
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
    block_option_nb,
    is_player_value_nb,
    option_ability_nb,
    option_kind_nb,
    option_of_nb,
    option_slot_nb,
    value_player_nb,
)
from ..jit import entry, kernel
from ..kernels.query import (
    anthems_on_bf_nb,
    evades_nb,
    has_kw_nb,
    matches_filter_nb,
    may_attack_nb,
    next_creature_nb,
    protected_from_nb,
    pt_scan_nb,
    target_why_nb,
    targetable_by_nb,
)
from ..kernels.zonebits import next_bf_nb


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
def _aim_ok(obj, card, abil, ops, filt, g, c, me):
    """Has a spell that targets a creature one worth aiming at: one of ours for what helps
    it (a pump, an untap), one of theirs for what harms a creature on the battlefield?"""
    sa = card[c, L.C_SPELL]
    if sa < 0 or abil[sa, L.AB_NTGT] == 0:
        return True
    f = abil[sa, L.AB_TGT]
    if filt[f, L.FI_ZONE] == K.FZ_STACK:     # a counterspell: a spell of theirs it may counter
        for i in range(obj.shape[2]):
            ci = obj[g, L.O_CARD, i]
            if obj[g, L.O_ZONE, i] == K.Z_STACK and obj[g, L.O_CTRL, i] == 1 - me and \
                    (filt[f, L.FI_TYPES] == 0 or (card[ci, L.C_TYPES] & filt[f, L.FI_TYPES])
                     != 0) and (card[ci, L.C_TYPES] & filt[f, L.FI_NOT_TYPES]) == 0:
                return True
        return False
    if (filt[f, L.FI_TYPES] & K.T_CREATURE) == 0 or filt[f, L.FI_ZONE] != K.FZ_BATTLEFIELD \
            or filt[f, L.FI_PLAYERS] != 0:
        return True
    mine = False        # an effect of issue 25's tap, untap, pump and bounce on the target
    for op in range(abil[sa, L.AB_OP0], abil[sa, L.AB_OP0] + abil[sa, L.AB_NOP]):
        if ops[op, 2] == K.SEL_TARGET0 and (ops[op, 0] == K.OP_PUMP or ops[op, 0] == K.OP_TAP or
                                            ops[op, 0] == K.OP_UNTAP or
                                            ops[op, 0] == K.OP_RETURN_TO_HAND):
            mine = True
    if not mine:
        return True
    want = me if target_why_nb(abil, ops, sa, 0) == K.W_TARGET_HELP else 1 - me
    for i in range(obj.shape[2]):
        if obj[g, L.O_ZONE, i] == K.Z_BATTLEFIELD and obj[g, L.O_CTRL, i] == want and \
                obj[g, L.O_CARD, i] >= 0 and \
                ((card[obj[g, L.O_CARD, i], L.C_TYPES] | obj[g, L.O_EOT_TYPES, i]) &
                 K.T_CREATURE) != 0:
            return True
    return False


@kernel
def _my_lands(obj, card, g, me, skip):
    """(land cards I control, land cards in my hand), leaving out slot `skip` (-1 none)."""
    bf = 0
    hand = 0
    for i in range(obj.shape[2]):
        k = obj[g, L.O_CARD, i]
        if k < 0 or i == skip or (card[k, L.C_TYPES] & K.T_LAND) == 0:
            continue
        if obj[g, L.O_ZONE, i] == K.Z_BATTLEFIELD and obj[g, L.O_CTRL, i] == me:
            bf += 1
        elif obj[g, L.O_ZONE, i] == K.Z_HAND and obj[g, L.O_OWNER, i] == me:
            hand += 1
    return bf, hand


@kernel
def _spare_land(obj, card, g, me):
    """A land card in my hand while I control five lands or more."""
    bf, hand = _my_lands(obj, card, g, me, -1)
    return hand > 0 and bf >= 5


@kernel
def _cycle_score(obj, card, g, ps, c):
    """An ability of card c in my hand (cycling, 702.29a), after every spell and ability of
    a permanent: a land once I have enough (five with the others in my hand), a spell I
    could not cast within two more land drops; else keep the card."""
    bf, hand = _my_lands(obj, card, g, obj[g, L.O_OWNER, ps], ps)
    lands = bf + hand
    if (card[c, L.C_TYPES] & K.T_LAND) != 0:
        return 5.0 if lands >= 5 else -1.0
    return 5.0 if card[c, L.C_MV] > lands + 2 else -1.0


@kernel
def _gains(obj, card, abil, ops, g, ps, ab, op):
    """Does effect row `op` of permanent ps's ability ab gain anything the pilot sees? Two
    kinds can be activated without end and gain nothing, so a pilot repeating them never
    passes (732.1: a loop the players would stop): a pump of itself that adds no P/T and no
    keyword it lacks ("{0}: ~ gets -1/-0 and gains flying", once it flies), and an untap
    while no other creature of ours that taps for mana is tapped (two "{T}: Untap target
    creature." creatures untapping each other; score_question aims it at a tapped one)."""
    if ops[op, 0] == K.OP_PUMP and ops[op, 2] == K.SEL_SELF:
        has = card[_card_of(obj, g, ps), L.C_KW] | obj[g, L.O_EOT_KW, ps] | \
            (obj[g, L.O_EOT_KW2, ps] << 15)
        return ops[op, 3] > 0 or ops[op, 4] > 0 or (ops[op, 5] & ~has) != 0
    if ops[op, 0] == K.OP_UNTAP and ops[op, 2] == K.SEL_TARGET0:
        me = obj[g, L.O_CTRL, ps]
        for i in range(obj.shape[2]):
            k = obj[g, L.O_CARD, i]
            if i == ps or k < 0 or obj[g, L.O_ZONE, i] != K.Z_BATTLEFIELD or \
                    obj[g, L.O_CTRL, i] != me or obj[g, L.O_TAPPED, i] == 0 or \
                    ((card[k, L.C_TYPES] | obj[g, L.O_EOT_TYPES, i]) & K.T_CREATURE) == 0:
                continue
            if card[k, L.C_SIMPLE_MANA] >= 0:       # "{T}: Add ..."
                return True
        return False
    return True


@kernel
def score_priority(obj, card, abil, ops, filt, stk, gm, g, o, piece):
    """Land, then pieces (piece[c]: card c is one), then the costliest spell, then warp,
    then abilities that cost none of our creatures and do not animate an animated permanent
    again."""
    kind = option_kind_nb(o)
    ps = _slot(obj, option_slot_nb(o))
    c = _card_of(obj, g, ps)
    if kind == K.OPT_LAND:
        return 1000.0
    if kind == K.OPT_CAST:
        if not _aim_ok(obj, card, abil, ops, filt, g, c, obj[g, L.O_OWNER, ps]):
            return -1.0
        return (500.0 if piece[c] else 100.0) + card[c, L.C_MV]
    if kind == K.OPT_WARP:
        return 50.0 + card[c, L.C_MV]
    s = 10.0
    a0 = card[c, L.C_ABIL0]
    for ab in range(a0, a0 + card[c, L.C_NABIL]):
        if abil[ab, L.AB_KIND] != K.AK_ACTIVATED or abil[ab, L.AB_ACTIDX] != option_ability_nb(o):
            continue
        if abil[ab, L.AB_ZONE] == K.Z_HAND:
            return _cycle_score(obj, card, g, ps, c)
        if abil[ab, L.AB_BLIGHT] != 0 or abil[ab, L.AB_SAC_SELF] != 0 or \
                abil[ab, L.AB_TAPN] != 0 or abil[ab, L.AB_SAC_F] >= 0:
            s = -1.0    # costs our creatures: a counter, itself, attackers, a sacrifice
        if abil[ab, L.AB_SAC_SELF] != 0 and abil[ab, L.AB_BLIGHT] == 0 and \
                abil[ab, L.AB_TAPN] == 0 and obj[g, L.O_TOKEN, ps] != 0 and \
                (card[c, L.C_TYPES] & K.T_CREATURE) == 0:
            s = 5.0     # a Food or a Clue: made to be sacrificed
        if abil[ab, L.AB_DISCARD_N] != 0:   # a card from hand: only a land we do not need
            s = 2.0 if _spare_land(obj, card, g, obj[g, L.O_CTRL, ps]) else -1.0
        for op in range(abil[ab, L.AB_OP0], abil[ab, L.AB_OP0] + abil[ab, L.AB_NOP]):
            if ops[op, 0] == K.OP_SEARCH and ops[op, 4] == K.SEARCH_TO_BATTLEFIELD:
                s = 10.0    # a land that fetches a land: a land now, worth its cost
            if ops[op, 0] == K.OP_RETURN_TO_HAND and ops[op, 2] == K.SEL_SELF:
                s = -1.0    # "return ~ to its owner's hand": undoes its own casting
            if not _gains(obj, card, abil, ops, g, ps, ab, op):
                s = -1.0    # would loop for nothing (a free -1/-0 for flying it has)
        # nor "becomes a creature" again while it already is one or that activation waits
        # on the stack
        again = (obj[g, L.O_EOT_TYPES, ps] & K.T_CREATURE) != 0
        waiting = False
        for si in range(gm[g, L.G_STACK_N]):
            if stk[g, L.SI_KIND, si] == K.SK_ACTIVATED and stk[g, L.SI_SRC, si] == ps and \
                    stk[g, L.SI_ABIL, si] == ab:
                waiting = True
        for op in range(abil[ab, L.AB_OP0], abil[ab, L.AB_OP0] + abil[ab, L.AB_NOP]):
            if ops[op, 0] == K.OP_BECOME_CREATURE and (again or waiting):
                s = -1.0
            if waiting and ops[op, 0] == K.OP_PUMP and ops[op, 2] == K.SEL_SELF and \
                    ops[op, 3] <= 0 and ops[op, 4] <= 0:
                s = -1.0    # its keyword is on the way: once is enough
    return s


@kernel
def _kills(power, deathtouch, toughness):
    """Does this much combat damage (from a deathtouch source or not) kill that toughness?"""
    return power > 0 and (deathtouch or power >= toughness)


@kernel
def _can_block(st, ct, g, b, x):
    """Could creature b block attacker x (509.1b): the engine's own rule (query.evades_nb:
    flying, reach, protection, ...)?"""
    return not evades_nb(st, ct, g, b, x)


@kernel
def _may_attack(st, ct, g, i):
    """Could creature i be declared an attacker now (the engine's own test, attack options)?"""
    return may_attack_nb(st, ct, g, i)


@kernel
def _top_sum(st, ct, g, p, k, attackers, anthems):
    """The sum of the k greatest powers among p's creatures (those that could attack now
    when `attackers`, else every one without defender), and the sum of them all."""
    total = 0
    top = 0
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, p, i)
        if i >= st.obj.shape[2]:
            break
        if (attackers and not _may_attack(st, ct, g, i)) or \
                has_kw_nb(st, ct, g, i, K.KW_DEFENDER | K.KW_CANT_ATTACK):
            continue
        pw = max(pt_scan_nb(st, ct, g, i, anthems)[0], 0)
        total += pw
        if k <= 0:
            continue
        # rank: creatures ahead of i by power (ties by slot): i is among the top k if < k
        rank = 0
        j = -1
        while True:
            j = next_creature_nb(st, ct, g, p, j)
            if j >= st.obj.shape[2]:
                break
            if j == i or (attackers and not _may_attack(st, ct, g, j)) or \
                    has_kw_nb(st, ct, g, j, K.KW_DEFENDER | K.KW_CANT_ATTACK):
                continue
            pj = max(pt_scan_nb(st, ct, g, j, anthems)[0], 0)
            if pj > pw or (pj == pw and j < i):
                rank += 1
        if rank < k:
            top += pw
    return top, total


@kernel
def _count_may_attack(st, ct, g, p):
    n = 0
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, p, i)
        if i >= st.obj.shape[2]:
            return n
        n += _may_attack(st, ct, g, i)


@kernel
def attack_room(st, ct, g, me, opts, mask, anthems):
    """(mode, room): mode 2 when everything attacking would be lethal through the
    opponent's untapped creatures each blocking one of the biggest (all attack); else 1
    when we have more creatures that could attack than they have untapped (some get
    through whatever they block), 0 otherwise; room: how many more attackers without
    vigilance may join those picked so far, leaving enough untapped creatures home to block
    all but less than our life of the opponent's next attack (every creature of theirs,
    each of ours blocking one of their biggest)."""
    opp = 1 - me
    blockers = 0
    mine = 0            # our untapped creatures: blockers on the opponent's turn
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, opp, i)
        if i >= st.obj.shape[2]:
            break
        if st.obj[g, L.O_TAPPED, i] == 0:
            blockers += 1
    through = _top_sum(st, ct, g, me, blockers, True, anthems)
    if through[1] - through[0] >= st.pl[g, L.PL_LIFE, opp]:
        return 2, 1 << 20
    # picked so far: creatures that could attack, without vigilance, no longer an option
    picked = 0
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, me, i)
        if i >= st.obj.shape[2]:
            break
        if st.obj[g, L.O_TAPPED, i] != 0:
            continue
        mine += 1
        if _may_attack(st, ct, g, i) and not has_kw_nb(st, ct, g, i, K.KW_VIGILANCE):
            picked += 1
    for a in range(1, mask.shape[0]):
        if mask[a] and not has_kw_nb(st, ct, g, _slot(st.obj, opts[option_of_nb(a)]),
                                     K.KW_VIGILANCE):
            picked -= 1
    # the fewest blockers that keep their next attack below our life
    life = st.pl[g, L.PL_LIFE, me]
    need = 0
    if _top_sum(st, ct, g, opp, 0, False, anthems)[1] >= life:
        while True:
            need += 1
            held = _top_sum(st, ct, g, opp, need, False, anthems)
            if held[1] - held[0] < life or held[0] == held[1]:
                break
    room = mine - picked - need
    return (1 if _count_may_attack(st, ct, g, me) > blockers else 0), room


@kernel
def score_attack(st, ct, g, me, o, mode, room, anthems):
    """Attack (mode, room: attack_room) with everything when that would be lethal; else
    with creatures that have power and leave blockers enough at home, and, unless we
    outnumber their untapped creatures, that none of those can block to kill and live
    (or kill while being smaller). The strongest first, where not all may go."""
    x = _slot(st.obj, o)
    if mode == 2:
        return 1.0
    px, tx = pt_scan_nb(st, ct, g, x, anthems)
    if px <= 0:
        return -1.0
    if room < 1 and not has_kw_nb(st, ct, g, x, K.KW_VIGILANCE):
        return -1.0
    if mode == 1:
        return 1.0 + 0.001 * px
    dx = has_kw_nb(st, ct, g, x, K.KW_DEATHTOUCH)
    mx = max(px, 0) + max(tx, 0)
    b = -1
    while True:
        b = next_creature_nb(st, ct, g, 1 - me, b)
        if b >= st.obj.shape[2]:
            break
        if st.obj[g, L.O_TAPPED, b] != 0 or not _can_block(st, ct, g, b, x):
            continue
        pb, tb = pt_scan_nb(st, ct, g, b, anthems)
        if _kills(pb, has_kw_nb(st, ct, g, b, K.KW_DEATHTOUCH), tx) and (
                not _kills(px, dx, tb) or max(pb, 0) + max(tb, 0) < mx):
            return -1.0
    return 1.0 + 0.001 * px


@kernel
def _block_kind(st, ct, g, b, a, anthems):
    """How good a block of attacker a by b is: 3 kills it and lives, 2 lives, 1 kills it
    and dies (a trade), 0 neither (a chump); power and toughness as they are now,
    deathtouch killing whatever it damages."""
    pb, tb = pt_scan_nb(st, ct, g, b, anthems)
    pa, ta = pt_scan_nb(st, ct, g, a, anthems)
    cb = st.obj[g, L.O_CARD, b]
    ca = st.obj[g, L.O_CARD, a]
    # damage from a source it has protection from is prevented (702.16e)
    kills = _kills(pb, has_kw_nb(st, ct, g, b, K.KW_DEATHTOUCH), ta) and \
        not protected_from_nb(ct, ca, cb)
    lives = not _kills(pa, has_kw_nb(st, ct, g, a, K.KW_DEATHTOUCH), tb) or \
        protected_from_nb(ct, cb, ca)
    return 3 if lives and kills else 2 if lives else 1 if kills else 0


@kernel
def _size(st, ct, g, i, anthems):
    """A creature's worth in a trade: power plus toughness now (mana value says little of a
    creature with X in its cost or counters on it)."""
    p, t = pt_scan_nb(st, ct, g, i, anthems)
    return max(p, 0) + max(t, 0)


@kernel
def _action_of(opts, mask, v):
    """The legal action whose option value is v, or -1."""
    for a in range(1, mask.shape[0]):
        if mask[a] and opts[option_of_nb(a)] == v:
            return a
    return -1


@kernel
def block_pick(st, ct, g, me, opts, mask, anthems):
    """The next block of one plan, made from the board alone (so each pick of the
    declaration follows it: picked blockers are no longer options): the attackers from the
    most powerful down each get the best free blocker there is, one that kills it and
    lives, else lives, else trades with it costing no more (the cheapest such); then, while
    the attackers left unblocked would be lethal, the cheapest free blockers chump the
    biggest of them. PASS when the plan's blocks are all picked."""
    M = st.obj.shape[2]
    att = st.gm[g, L.G_ACTIVE]
    used = 0          # bits: our creatures (by their order among ours) given a block
    done = 0          # bits: attackers (by their order among the attacking ones) blocked
    for phase in range(2):
        seen = 0      # bits: attackers taken in this phase
        while True:
            # the most powerful attacker not yet taken in this phase
            best_a = -1
            best_ak = -1
            best_p = -1
            unblocked = 0
            ak = 0
            a = -1
            while True:
                a = next_creature_nb(st, ct, g, att, a)
                if a >= M or ak >= 62:
                    break
                if st.obj[g, L.O_ATTACKING, a] == 0:
                    continue
                pa = max(pt_scan_nb(st, ct, g, a, anthems)[0], 0)
                if not (done >> ak) & 1:
                    unblocked += pa
                    if not (seen >> ak) & 1 and pa > best_p:
                        best_p = pa
                        best_a = a
                        best_ak = ak
                ak += 1
            if best_a < 0 or (phase == 1 and unblocked < st.pl[g, L.PL_LIFE, me]):
                break
            seen |= 1 << best_ak
            if (done >> best_ak) & 1:
                continue
            # its best free blocker: the best kind, then the cheapest, then the least slot
            best_b = -1
            best_bk = -1
            best_s = -np.inf
            bk = 0
            b = -1
            while True:
                b = next_creature_nb(st, ct, g, me, b)
                if b >= M or bk >= 62:
                    break
                if st.obj[g, L.O_TAPPED, b] != 0:
                    continue
                if not (used >> bk) & 1 and _can_block(st, ct, g, b, best_a):
                    kind = _block_kind(st, ct, g, b, best_a, anthems)
                    mb = _size(st, ct, g, b, anthems)
                    ok = kind >= 2 or (kind == 1 and mb <= _size(st, ct, g, best_a, anthems))
                    if phase == 1 or ok:
                        sc = (0.0 if phase == 1 else kind * 100.0) - mb
                        if sc > best_s:
                            best_s = sc
                            best_b = b
                            best_bk = bk
                bk += 1
            if best_b < 0:
                continue
            used |= 1 << best_bk
            done |= 1 << best_ak
            act = _action_of(opts, mask, block_option_nb(best_b, best_a))
            if act >= 0:
                return act
    return PASS


@kernel
def score_question(obj, counters, card, g, me, why, qk, a, o):
    """Engine questions: targets at the opponent and their biggest creature, blight our
    cheapest smallest creature, discard, surveil or scry away the costliest cards, take
    from the top of the library a land while short of them, else the costliest card, the
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
        elif obj[g, L.O_CTRL, slot] != me and obj[g, L.O_ZONE, slot] == K.Z_STACK:
            s = 2.0 + mv        # a spell to counter: the costliest
        elif obj[g, L.O_CTRL, slot] != me:
            s = 2.0 + pw
        else:
            s = -1.0
    if why == K.W_TARGET_HELP:     # a pump, an untap: our biggest, never theirs; a tapped
        if is_player:              # one first (an untap has nothing to do on an untapped
            s = 3.0 if value_player_nb(o) == me else -3.0  # one; a pump in combat: an
        elif obj[g, L.O_CTRL, slot] == me:                 # attacker), one that taps for
            s = 2.0 + pw                                   # mana before all (_gains)
            if obj[g, L.O_TAPPED, slot] != 0:
                s += 50.0 if card[_card_of(obj, g, slot), L.C_SIMPLE_MANA] >= 0 else 20.0
        else:
            s = -1.0
    if why == K.W_BLIGHT:
        s = -mv - tg
    if why == K.W_DISCARD or why == K.W_SURVEIL or why == K.W_SCRY:
        s = float(mv)
    if why == K.W_LOOK_TOP:     # a land while the hand has fewer than two, else the costliest
        if card[_card_of(obj, g, slot), L.C_TYPES] & K.T_LAND:
            s = 10.0 if _hand_lands(obj, card, g, me)[1] < 2 else 0.5
        else:
            s = 1.0 + mv
    c = _card_of(obj, g, slot)
    if why == K.W_DISCARD_COST:     # a land (we pay so only with lands to spare), else cheap
        s = 10.0 if (card[c, L.C_TYPES] & K.T_LAND) != 0 else -float(mv)
    if why == K.W_SAC_COST:         # the least valuable permanent: a token, then the smallest
        s = -float(mv + max(pw, 0) + max(tg, 0)) + (10.0 if obj[g, L.O_TOKEN, slot] else 0.0)
    if qk == K.ASK_INT or qk == K.ASK_YESNO:
        s = float(o)
    if why == K.W_MODE:     # a modal spell: the first mode printed that can be chosen
        s = -float(o)
    if why == K.W_PROLIFERATE:
        mine = (value_player_nb(o) == me) if is_player else obj[g, L.O_CTRL, slot] == me
        s = 1.0 if mine else -1.0
    return s


@kernel
def _attaches(ct, c):
    """Is card c an Aura (a permanent with a spell ability: its enchant target) or an
    Equipment?"""
    return ct.card[c, L.C_EQUIPMENT] != 0 or \
        (ct.card[c, L.C_SPELL] >= 0 and (ct.card[c, L.C_TYPES] & K.T_PERMANENT) != 0)


@kernel
def _grant_worth(ct, c):
    """What card c is worth to the creature it is attached to: what it gives (c_att_*) and
    what its abilities pump it by: > 0 a boon, for our own creature; < 0 a burden, for the
    opponent's (-N/-N, can't attack or block, doesn't untap); 0 none."""
    card = ct.card
    kw = card[c, L.C_ATT_KW]
    v = card[c, L.C_ATT_PW] + card[c, L.C_ATT_TG] - 3 * card[c, L.C_ATT_NOUNTAP]
    bad = K.KW_CANT_ATTACK | K.KW_CANT_BLOCK | K.KW_DEFENDER
    for b in range(31):
        if (kw >> b) & 1:
            v += -3 if ((1 << b) & bad) != 0 else 1
    for ab in range(card[c, L.C_ABIL0], card[c, L.C_ABIL0] + card[c, L.C_NABIL]):
        for op in range(ct.abil[ab, L.AB_OP0], ct.abil[ab, L.AB_OP0] + ct.abil[ab, L.AB_NOP]):
            if ct.ops[op, 0] == K.OP_PUMP and ct.ops[op, 2] == K.SEL_ATTACHED:
                v += ct.ops[op, 3] + ct.ops[op, 4]
    return v


@kernel
def _aura_has_target(st, ct, g, me, slot):
    """Has the Aura spell in `slot` a target where it helps: our creature for a boon, the
    opponent's for a burden (an Aura without grants: any)?"""
    c = _card_of(st.obj, g, slot)
    v = _grant_worth(ct, c)
    sa = ct.card[c, L.C_SPELL]
    if v == 0 or sa < 0 or ct.abil[sa, L.AB_NTGT] == 0:
        return True
    want = me if v > 0 else 1 - me
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= st.obj.shape[2]:
            return False
        if st.obj[g, L.O_CTRL, j] == want and targetable_by_nb(st, ct, g, j, me) and \
                matches_filter_nb(st, ct, g, ct.abil[sa, L.AB_TGT], slot, me, j):
            return True


@kernel
def _bare_size(st, ct, g, i, src):
    """Creature i's size (_size) without what `src` gives it, if src is attached to it."""
    sz = _size(st, ct, g, i, True)
    if src >= 0 and st.obj[g, L.O_ATTACHED, src] == i:
        c = _card_of(st.obj, g, src)
        sz -= ct.card[c, L.C_ATT_PW] + ct.card[c, L.C_ATT_TG]
    return sz


@kernel
def _best_creature(st, ct, g, me, src):
    """Our biggest creature (_bare_size; on ties the one src is attached to, else the least
    slot), or -1."""
    host = st.obj[g, L.O_ATTACHED, src] if src >= 0 else -1
    best = -1
    best_s = -1 << 30
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, me, i)
        if i >= st.obj.shape[2]:
            return best
        if i == src:
            continue
        sz = _bare_size(st, ct, g, i, src)
        if sz > best_s or (sz == best_s and i == host):
            best_s = sz
            best = i


@kernel
def _attach_priority(st, ct, g, me, o, s):
    """An Aura is cast only where it helps (_aura_has_target); an Equipment is equipped
    only when our biggest creature is not the one it is attached to."""
    slot = _slot(st.obj, option_slot_nb(o))
    c = _card_of(st.obj, g, slot)
    if option_kind_nb(o) == K.OPT_CAST:
        if _attaches(ct, c) and not _aura_has_target(st, ct, g, me, slot):
            return -1.0
    elif option_kind_nb(o) == K.OPT_ACTIVATE and ct.card[c, L.C_EQUIPMENT] != 0:
        a0 = ct.card[c, L.C_ABIL0]
        for ab in range(a0, a0 + ct.card[c, L.C_NABIL]):
            if ct.abil[ab, L.AB_KIND] == K.AK_ACTIVATED and ct.abil[ab, L.AB_NOP] > 0 and \
                    ct.abil[ab, L.AB_ACTIDX] == option_ability_nb(o) and \
                    ct.ops[ct.abil[ab, L.AB_OP0], 0] == K.OP_ATTACH:
                best = _best_creature(st, ct, g, me, slot)
                if best < 0 or best == st.obj[g, L.O_ATTACHED, slot]:
                    return -1.0
    return s


@kernel
def _attach_target(st, ct, g, me, o, s):
    """A target for what an Aura or Equipment gives: a boon to our biggest creature
    (power plus toughness now), a burden as other removal is aimed (score_question)."""
    c = _card_of(st.obj, g, _slot(st.obj, st.gm[g, L.G_ASK_SRC]))
    if not _attaches(ct, c) or _grant_worth(ct, c) <= 0:
        return s
    if is_player_value_nb(o):
        return -3.0
    i = _slot(st.obj, o)
    if st.obj[g, L.O_CTRL, i] != me:
        return -1.0
    return 2.0 + _bare_size(st, ct, g, i, _slot(st.obj, st.gm[g, L.G_ASK_SRC]))


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
    anthems = False
    goldfish = st.gm[g, L.G_GOLDFISH] != 0      # no blocker, no attack back: all attack
    if (d == K.D_ATTACK and not goldfish) or d == K.D_BLOCK:
        anthems = anthems_on_bf_nb(st, ct, g)     # static P/T: scanned only if any
    if d == K.D_BLOCK:
        return block_pick(st, ct, g, me, opts, mask, anthems)
    mode = 0
    room = 0
    if d == K.D_ATTACK:
        mode, room = (2, 0) if goldfish else attack_room(st, ct, g, me, opts, mask, anthems)
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
            s = 0.0 if a == PASS else score_priority(obj, card, ct.abil, ct.ops, ct.filt, st.stk,
                                                     st.gm, g, o, piece)
            if a != PASS and ct.meta[3] != 0:      # Auras and Equipment with grants
                s = _attach_priority(st, ct, g, me, o, s)
        elif d == K.D_ATTACK:
            s = 0.0 if a == PASS else score_attack(st, ct, g, me, o, mode, room, anthems)
        elif d == K.D_QUESTION:
            s = score_question(obj, counters, card, g, me, why, qk, a, o)
            if a != PASS and why == K.W_TARGET and ct.meta[3] != 0:
                s = _attach_target(st, ct, g, me, o, s)
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
