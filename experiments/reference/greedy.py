"""The greedy player of agents/basic.py (GreedyAgent), per game in plain Python, and
`play_games` for greedy-against-greedy runs of the reference engine (the benchmark's
reference side).

Scores (highest wins; ties go to the lowest action number, like numpy's argmax):
- mulligan: keep a hand of 1-5 lands (or any hand after a mulligan);
- bottom: the costliest card, or a land (+20) while the hand holds more than three lands;
- priority: land 1000, cast 100 + mana value, activate 10 (-1 if it costs blight or tapping
  our creatures, or if it makes its permanent a creature until end of turn while it already
  is one or that activation waits on the stack), pass 0;
- attack (`attack_room`, `attack_score`; done = 0): everything when that is lethal through
  the opponent's untapped creatures each blocking one of the biggest; else creatures with
  power that leave home enough untapped ones to keep the opponent's next attack below our
  life, and, unless ours that could attack outnumber their untapped creatures, none that
  an untapped creature of theirs can block to kill and live (or kill while smaller: power
  plus toughness); 1 + power / 1000 each, -1 if it stays;
- block (`block_pick`): the next block of one plan made from the board: attackers from the
  most powerful down each get the best free blocker (kills and lives, else lives, else
  trades being no bigger; the smallest such), then while the unblocked rest is lethal the
  smallest free blockers chump the biggest; power and toughness are as they are now
  (`Obj.pt`), deathtouch killing whatever it damages;
- questions: targets: the opponent 3, yourself -3, an opponent's object 2 + its power, your own
  -1; blight: -(mana value + toughness); discard: mana value; numbers and yes/no: the value
  (largest X, yes); list questions: done = -1.
"""
from simcore import encoding as enc

from . import engine as E


def _power(o):
    return o.card.power + o.plus - o.minus


def _tough(o):
    return o.card.toughness + o.plus - o.minus


def _kills(power, deathtouch, toughness):
    return power > 0 and (deathtouch or power >= toughness)


def _can_block(b, x):
    return not x.has("flying") or b.has("flying") or b.has("reach")


def _may_attack(o):
    return not o.tapped and o.can_use_tap() and not o.has("defender")


def _creatures(g, p):
    return [o for o in g.objs if o.zone == E.Z_BATTLEFIELD and o.ctrl == p and o.is_creature]


def _size(o):
    p, t = o.pt()
    return max(p, 0) + max(t, 0)


def _top_sum(g, p, k, attackers):
    """(the k greatest powers of p's creatures summed, all of them summed): those that could
    attack now when `attackers`, else every one without defender."""
    pw = sorted((max(o.pt()[0], 0) for o in _creatures(g, p)
                 if (not attackers or _may_attack(o)) and not o.has("defender")), reverse=True)
    return sum(pw[:max(k, 0)]), sum(pw)


def attack_room(g, me, opts):
    """(mode, room): 2 all attack (lethal through their blockers), 1 we outnumber their
    untapped creatures, 0 otherwise; room: more attackers without vigilance that may go."""
    opp = 1 - me
    blockers = sum(1 for o in _creatures(g, opp) if not o.tapped)
    top, total = _top_sum(g, me, blockers, True)
    if total - top >= g.life[opp]:
        return 2, 1 << 20
    mine = [o for o in _creatures(g, me) if not o.tapped]
    picked = sum(1 for o in mine if _may_attack(o) and not o.has("vigilance")) - \
        sum(1 for v in opts if not g.objs[v].has("vigilance"))
    need = 0
    if _top_sum(g, opp, 0, False)[1] >= g.life[me]:
        while True:
            need += 1
            top, total = _top_sum(g, opp, need, False)
            if total - top < g.life[me] or top == total:
                break
    n_may = sum(1 for o in _creatures(g, me) if _may_attack(o))
    return (1 if n_may > blockers else 0), len(mine) - picked - need


def attack_score(g, me, x, mode, room):
    if mode == 2:
        return 1.0
    px, tx = x.pt()
    if px <= 0 or (room < 1 and not x.has("vigilance")):
        return -1.0
    if mode == 1:
        return 1.0 + 0.001 * px
    mx = max(px, 0) + max(tx, 0)
    for b in _creatures(g, 1 - me):
        if b.tapped or not _can_block(b, x):
            continue
        pb, tb = b.pt()
        if _kills(pb, b.has("deathtouch"), tx) and (
                not _kills(px, x.has("deathtouch"), tb) or _size(b) < mx):
            return -1.0
    return 1.0 + 0.001 * px


def block_pick(g, me, opts):
    """The next block of the plan (simcore/players/greedy.py block_pick), or 0 (declare)."""
    attackers = [o for o in _creatures(g, g.active) if o.attacking][:62]
    blockers = [o for o in _creatures(g, me) if not o.tapped][:62]
    used, done = set(), set()
    for phase in (0, 1):
        seen = set()
        while True:
            unblocked = sum(max(a.pt()[0], 0) for i, a in enumerate(attackers) if i not in done)
            best, best_p = None, -1
            for i, a in enumerate(attackers):
                if i not in done and i not in seen and max(a.pt()[0], 0) > best_p:
                    best, best_p = i, max(a.pt()[0], 0)
            if best is None or (phase == 1 and unblocked < g.life[me]):
                break
            seen.add(best)
            a = attackers[best]
            pick, pick_s = None, float("-inf")
            for j, b in enumerate(blockers):
                if j in used or not _can_block(b, a):
                    continue
                pb, tb = b.pt()
                pa, ta = a.pt()
                kills = _kills(pb, b.has("deathtouch"), ta)
                lives = not _kills(pa, a.has("deathtouch"), tb)
                kind = 3 if lives and kills else 2 if lives else 1 if kills else 0
                ok = kind >= 2 or (kind == 1 and _size(b) <= _size(a))
                if phase == 1 or ok:
                    sc = (0.0 if phase == 1 else kind * 100.0) - _size(b)
                    if sc > pick_s:
                        pick, pick_s = j, sc
            if pick is None:
                continue
            used.add(pick)
            done.add(best)
            v = enc.block_option(blockers[pick].slot, a.slot)
            if v in opts:
                return 1 + opts.index(v)
    return 0


def greedy_action(g):
    """The greedy action for game g's open decision."""
    d = g.decision
    legal = g.legal()
    if not legal:
        return 0
    me = d.player
    objs = g.objs
    hand = [o for o in objs if o.zone == E.Z_HAND and o.owner == me]
    lands = sum(1 for o in hand if o.card.is_land)
    scores = {}
    opts = d.options
    if d.kind == E.D_MULLIGAN:
        keep = 1 <= lands <= 5 or g.mulligans[me] >= 1
        scores = {0: 1.0 if keep else 0.0, 1: 0.0 if keep else 1.0}
    elif d.kind == E.D_BOTTOM:
        for k, s in enumerate(opts):
            c = objs[s].card
            scores[1 + k] = c.mv + (20.0 if c.is_land and lands > 3 else 0.0)
    elif d.kind == E.D_PRIORITY:
        scores[0] = 0.0
        for k, v in enumerate(opts):
            kind = enc.option_kind(v)
            c = objs[enc.option_slot(v)].card
            if kind == E.OPT_LAND:
                scores[1 + k] = 1000.0
            elif kind == E.OPT_CAST:
                scores[1 + k] = 100.0 + c.mv
            else:                  # an ability; not one that costs blight (own creatures),
                #                    nor "becomes a creature" again while it already is one
                o = objs[enc.option_slot(v)]
                ab = next(a for a in c.activated if a.index == enc.option_ability(v))
                waiting = any(si.kind == "ability" and si.src == o.slot and si.abil is ab
                              for si in g.stack)
                again = (o.eot_creature or waiting) and \
                    any(e.get("do") == "become_creature" for e in ab.effects)
                taps = bool(ab.d.get("tap_creatures"))
                scores[1 + k] = -1.0 if ab.blight or taps or again else 10.0
    elif d.kind == E.D_ATTACK:
        scores[0] = 0.0
        mode, room = attack_room(g, me, opts)
        for k, v in enumerate(opts):
            scores[1 + k] = attack_score(g, me, objs[v], mode, room)
    elif d.kind == E.D_BLOCK:
        return block_pick(g, me, opts)
    elif d.kind == E.D_QUESTION:
        scores[0] = -1.0
        for k, v in enumerate(opts):
            s = 1.0
            if d.why == E.W_TARGET:
                if enc.is_player_value(v):
                    s = 3.0 if enc.value_player(v) == 1 - me else -3.0
                else:
                    o = objs[v]
                    s = 2.0 + _power(o) if o.ctrl != me else -1.0
            elif d.why == E.W_BLIGHT:
                o = objs[v]
                s = float(-o.card.mv - _tough(o))
            elif d.why == E.W_DISCARD:
                s = float(objs[v].card.mv)
            if d.qkind in (E.ASK_INT, E.ASK_YESNO):
                s = float(v)
            scores[1 + k] = s
    best = None
    for a in legal:
        if best is None or scores.get(a, 0.0) > scores.get(best, 0.0):
            best = a
    return best


def play_games(seed, game_numbers, deck0, deck1, start="random", max_turns=30):
    """Play games greedy against greedy in the reference engine, one at a time.
    deck0/deck1: lists of card names (see cards.parse_deck). Returns one dict per game with the
    fields of GameBatch.results()."""
    out = []
    for n in game_numbers:
        g = E.Game(deck0, deck1, seed=seed, game=n, start=start, max_turns=max_turns)
        while not g.done:
            g.step(greedy_action(g))
        r = g.result()
        r["game"] = n
        out.append(r)
    return out
