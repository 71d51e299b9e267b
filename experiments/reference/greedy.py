"""The greedy player of agents/basic.py (GreedyAgent), per game in plain Python, and
`play_games` for greedy-against-greedy runs of the reference engine (the benchmark's
reference side).

Scores (highest wins; ties go to the lowest action number, like numpy's argmax):
- mulligan: keep a hand of 1-5 lands (or any hand after a mulligan);
- bottom: the costliest card, or a land (+20) while the hand holds more than three lands;
- priority: land 1000, cast 100 + mana value, activate 10 (-1 if it costs blight or tapping
  our creatures, or if it makes its permanent a creature until end of turn while it already
  is one or that activation waits on the stack), pass 0;
- attack: every attacker (done = -1);
- block: 3 if the blocker kills the attacker and survives, 2 if it survives (toughness >
  attacker's power), 1 if it trades with an
  attacker of mana value at least its own, 0.5 (chump) when the attacking power is lethal,
  else -1 (done = 0); power and toughness here are the
  printed ones plus counters, as in GreedyAgent;
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
        scores[0] = -1.0
        for k in range(len(opts)):
            scores[1 + k] = 1.0
    elif d.kind == E.D_BLOCK:
        scores[0] = 0.0
        incoming = sum(max(_power(o), 0) for o in objs
                       if o.zone == E.Z_BATTLEFIELD and o.attacking)
        lethal = incoming >= g.life[me]
        for k, v in enumerate(opts):
            b, a = objs[enc.block_blocker(v)], objs[enc.block_attacker(v)]
            if _tough(b) > _power(a) and _power(b) >= _tough(a):
                scores[1 + k] = 3.0
            elif _tough(b) > _power(a):
                scores[1 + k] = 2.0
            elif _power(b) >= _tough(a) and b.card.mv <= a.card.mv:
                scores[1 + k] = 1.0
            else:
                scores[1 + k] = 0.5 if lethal else -1.0
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
