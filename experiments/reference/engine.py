"""A plain-Python reference engine: one two-player game at a time, with ordinary objects
(classes, lists, dicts), written from the Comprehensive Rules for the cards of the example decks
mono_green_curve and goblins_burn_blight. Used by tests/test_differential.py against the
batch engine (simcore) and by the speed benchmark.

Design
- `Game` holds the whole state. Every object has a fixed index ("slot") for the whole game:
  the decks are loaded into slots 0.. (player 0's deck, then player 1's, each in an order
  drawn from the game's stream), tokens take the next free slot. This mirrors the batch engine's slot allocation so that option lists (which the
  engine orders by slot) and the tie-breaks of heuristics agree; it is bookkeeping, not a rule.
- Game flow and actions are Python generators: whenever a player must decide, the generator
  yields a `Decision` and receives the chosen action (flat encoding of simcore.game: 0 =
  pass/keep/done, 1 + k = option k). Engine questions inside an action (targets, "you may",
  blight, X, discard) are `Ask`s, turned into D_QUESTION decisions.
- Randomness: splitmix64 per game seeded exactly as the batch engine (`game_seed`), Fisher-
  Yates shuffle (103.3), so the same seed and game number give the same libraries.

Engine heuristics mirrored on purpose (documented in README.md): which sources autopay taps
and which mana pays what (`autopay_plan`, `pay`), damage assignment among several blockers,
option order (slot order; one option per card name and zone), trigger order among one
player's simultaneous triggers (timestamp of the source, then the order they triggered),
automatic answers to questions with one legal option.
"""
from collections import Counter, namedtuple

import numpy as np

from simcore import encoding as enc

from .cards import C, card

# ---- encodings shared with simcore (the differential test compares them directly)
Z_NONE, Z_LIBRARY, Z_HAND, Z_BATTLEFIELD, Z_GRAVEYARD, Z_STACK, Z_EXILE, Z_GONE = range(8)
(S_UNTAP, S_UPKEEP, S_DRAW, S_MAIN1, S_BEGIN_COMBAT, S_DECLARE_ATTACKERS, S_DECLARE_BLOCKERS,
 S_COMBAT_DAMAGE, S_END_COMBAT, S_MAIN2, S_END, S_CLEANUP) = range(12)
D_MULLIGAN, D_BOTTOM, D_PRIORITY, D_ATTACK, D_BLOCK, D_QUESTION, D_OVER = range(1, 8)
ASK_OBJECT, ASK_OBJECTS, ASK_YESNO, ASK_INT = 1, 2, 3, 4
ASK_CARDS = 7
W_TARGET, W_BLIGHT, W_MAY, W_COST_OPTION, W_DISCARD, W_X = 1, 2, 4, 5, 9, 14
W_TRIGGER_ORDER = 16
OPT_LAND, OPT_CAST, OPT_ACTIVATE = 1, 2, 4
END_WIN, END_TURN_LIMIT = 1, 2
EXP_PLAY = 1
BLOCKED = -2
MAX_OPTIONS = 64          # the engine's option capacity per decision
OPENING_HAND = 7

MASK64 = (1 << 64) - 1


def splitmix64(state):
    z = (state + 0x9E3779B97F4A7C15) & MASK64
    r = z
    r = ((r ^ (r >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & MASK64
    return z, r ^ (r >> 31)


def base_seed(seed):
    """The run's 64-bit base seed: numpy's SeedSequence (the engine's spec for seeding)."""
    return int(np.random.SeedSequence(int(seed)).generate_state(1, np.uint64)[0])


def game_seed(base, game):
    s, r = splitmix64(base ^ ((game * 0xD1B54A32D192ED03) & MASK64))
    s, r = splitmix64(r)
    return r


Decision = namedtuple("Decision", "kind player options qkind qmin qmax picked why")
Ask = namedtuple("Ask", "kind why player options lo hi")


class Obj:
    __slots__ = ("slot", "card", "owner", "ctrl", "zone", "tapped", "sick", "damage", "plus",
                 "minus", "eot_creature", "eot_pt", "eot_all_types", "oid", "ts", "attacking",
                 "blocking", "ex_kind", "ex_turn", "ex_player", "x", "cflags")

    def __init__(self, slot, c, owner):
        self.slot = slot
        self.card = c
        self.owner = owner
        self.ctrl = owner
        self.zone = Z_NONE
        self.reset()
        self.oid = 0
        self.ts = 0
        self.x = 0
        self.cflags = 0

    def reset(self):
        self.tapped = False
        self.sick = True
        self.damage = 0
        self.plus = 0
        self.minus = 0
        self.end_eot()
        self.attacking = False
        self.blocking = -1
        self.ex_kind = 0
        self.ex_turn = 0
        self.ex_player = -1

    def end_eot(self):
        self.eot_creature = False
        self.eot_pt = None
        self.eot_all_types = False

    # characteristics now
    @property
    def is_creature(self):
        return self.card.is_creature or self.eot_creature

    @property
    def is_land(self):
        return self.card.is_land

    def pt(self):
        p, t = self.card.power, self.card.toughness
        if self.eot_pt is not None:
            p, t = self.eot_pt
        d = self.plus - self.minus
        return p + d, t + d

    def has(self, kw):
        return kw in self.card.keywords

    def can_use_tap(self):
        """302.6: a creature's {T} needs control since the turn began, or haste."""
        return not self.is_creature or not self.sick or self.has("haste")

    def __repr__(self):
        return f"<{self.slot}:{self.card.name} z{self.zone}>"


class StackItem:
    __slots__ = ("kind", "src", "src_oid", "card", "abil", "ctrl", "x", "flags", "targets",
                 "subj", "subj_oid", "lki")

    def __init__(self, kind, src, src_oid, c, abil, ctrl, x=0, flags=0):
        self.kind = kind          # "spell", "ability", "trigger"
        self.src = src
        self.src_oid = src_oid
        self.card = c
        self.abil = abil
        self.ctrl = ctrl
        self.x = x
        self.flags = flags
        self.targets = []         # [(slot or -2-p, oid)]
        self.subj = -1
        self.subj_oid = 0
        self.lki = (0, 0)


class Pending:
    __slots__ = ("abil", "src", "src_oid", "card", "ctrl", "subj", "subj_oid", "rank", "seq",
                 "lki")


class Refused(Exception):
    pass


class Game:
    """One game. deck0/deck1: lists of card names in deck order. start: 'play', 'draw' or
    'random'."""

    def __init__(self, deck0, deck1, seed=0, game=0, start="random", max_turns=30):
        self.seed = seed
        self.game = game
        self.max_turns = max_turns
        self.objs = []
        self.lib = [[], []]                 # bottom ... top
        self.life = [20, 20]
        self.lost = [False, False]
        self.drew_empty = [False, False]
        self.lands_played = [0, 0]
        self.mulligans = [0, 0]
        self.pool = [[0] * 6, [0] * 6]
        self.turn = 1
        self.step_ = S_MAIN1
        self.winner = -1
        self.any_attackers = False
        self.stack = []
        self.pending = []
        self.next_oid = 1
        self.next_ts = 1
        self.next_seq = 0
        self.decisions = 0
        self.end = 0
        self.kill_turn = 0
        self.ban = []
        self.log = Counter()                # what happened (coverage of the differential test)
        self.rng = game_seed(base_seed(seed), game)
        f = {"play": 0, "draw": 1}.get(start, -1)
        if f < 0:
            f = self.rand_below(2)
        self.first = self.active = f
        for p, deck in ((0, deck0), (1, deck1)):
            deck = list(deck)                # slots in a random order: a slot number says
            for k in range(len(deck) - 1, 0, -1):    # nothing about the card (engine's setup)
                j = self.rand_below(k + 1)
                deck[k], deck[j] = deck[j], deck[k]
            for name in deck:
                o = Obj(len(self.objs), card(name), p)
                self.objs.append(o)
                self.set_zone(o, Z_LIBRARY, p)
                self.lib[p].append(o.slot)
        for p in range(2):
            self.shuffle(p)
            self.draw(p, OPENING_HAND)
        self._flow = self.flow()
        self.decision = next(self._flow)

    # ------------------------------------------------------------ public API
    def step(self, action):
        if self.decision.kind == D_OVER:
            return
        self.decisions += 1
        self.decision = self._flow.send(int(action))

    @property
    def done(self):
        return self.decision.kind == D_OVER

    def legal(self):
        """The legal flat actions of the open decision (like GameBatch.legal_mask)."""
        d = self.decision
        if d.kind == D_OVER:
            return []
        if d.kind == D_MULLIGAN:
            return [0, 1]
        acts = [1 + k for k in range(min(len(d.options), MAX_OPTIONS))]
        if d.kind in (D_PRIORITY, D_ATTACK, D_BLOCK) or \
                (d.kind == D_QUESTION and d.qkind in (ASK_OBJECTS, ASK_CARDS) and
                 d.picked >= d.qmin):
            acts = [0] + acts
        return acts

    def result(self):
        return {"on_the_play": self.first, "winner": self.winner, "end": self.end,
                "turns": self.turn, "kill_turn": self.kill_turn,
                "mulligans0": self.mulligans[0], "mulligans1": self.mulligans[1],
                "life0": self.life[0], "life1": self.life[1], "decisions": self.decisions}

    # ------------------------------------------------------------ randomness (103.3)
    def rand_below(self, n):
        self.rng, r = splitmix64(self.rng)
        return r % n

    def shuffle(self, p):
        lib = self.lib[p]
        for i in range(len(lib) - 1, 0, -1):
            j = self.rand_below(i + 1)
            lib[i], lib[j] = lib[j], lib[i]

    # ------------------------------------------------------------ zones (400.7)
    def set_zone(self, o, zone, ctrl):
        """Zone change: a new object (new id, fresh status, no counters; 400.7, 122.2)."""
        o.zone = zone
        o.ctrl = ctrl
        o.oid = self.next_oid
        self.next_oid += 1
        o.ts = self.next_ts
        self.next_ts += 1
        o.reset()

    def move(self, o, zone):
        """A card not on the battlefield moves (no leave triggers)."""
        if o.zone == Z_LIBRARY:
            self.lib[o.owner].remove(o.slot)
        self.set_zone(o, zone, o.owner)

    def draw(self, p, n):
        for _ in range(n):
            if not self.lib[p]:
                self.log["draw from an empty library"] += 1
                self.drew_empty[p] = True    # 704.5b, checked at the next SBA check
                return
            o = self.objs[self.lib[p].pop()]
            self.set_zone(o, Z_HAND, p)

    def put_bottom(self, o):
        self.set_zone(o, Z_LIBRARY, o.owner)
        self.lib[o.owner].insert(0, o.slot)

    def battlefield(self, p=None):
        return [o for o in self.objs if o.zone == Z_BATTLEFIELD and (p is None or o.ctrl == p)]

    def hand(self, p):
        return [o for o in self.objs if o.zone == Z_HAND and o.owner == p]

    def queue_trigger(self, a, src, subj):
        t = Pending()
        t.abil = a
        t.src = src.slot
        t.src_oid = src.oid
        t.card = src.card
        t.ctrl = src.ctrl
        t.subj = subj.slot
        t.subj_oid = subj.oid
        t.rank = src.ts
        t.seq = self.next_seq
        self.next_seq += 1
        t.lki = (subj.plus, subj.minus)
        self.pending.append(t)

    def enter(self, objs, ctrls, counter=None):
        """Objects enter the battlefield together (ETB triggers checked for each, 603.6a)."""
        for o, c in zip(objs, ctrls):
            if o.zone == Z_LIBRARY:
                self.lib[o.owner].remove(o.slot)
            self.set_zone(o, Z_BATTLEFIELD, c)
            if counter == "plus":
                o.plus += 1
            elif counter == "minus":
                o.minus += 1
        for j in self.battlefield():
            for a in j.card.triggers:
                if a.event == "enters":
                    for o in objs:
                        if o is j:            # "when this enters": the subject is itself
                            self.queue_trigger(a, j, o)

    def leave(self, objs, dest):
        """Permanents leave together; dies triggers look back (603.10a) with last known
        counters; undying/persist check their intervening if (603.4) then."""
        n0 = len(self.pending)
        for j in self.battlefield():
            for a in j.card.triggers:
                if a.event != "dies":
                    continue
                for o in objs:
                    if o is not j or dest != Z_GRAVEYARD or not o.is_creature:
                        continue
                    if a.cond == "undying" and o.plus > 0:
                        continue
                    if a.cond == "persist" and o.minus > 0:
                        continue
                    self.queue_trigger(a, j, o)
        new = self.pending[n0:]
        for o in objs:
            self.set_zone(o, dest, o.owner)
        for t in new:                               # the subject is now the new object
            t.subj_oid = self.objs[t.subj].oid

    def create_tokens(self, name, ctrl, n):
        new = []
        for _ in range(n):
            o = Obj(len(self.objs), card(name), ctrl)
            self.objs.append(o)
            new.append(o)
        self.enter(new, [ctrl] * n)

    # ------------------------------------------------------------ mana (106, 605)
    def simple_source(self, o):
        """The {T}-only mana ability o can use now (autopay's sources), or None."""
        if o.tapped or not o.can_use_tap():
            return None
        for a in o.card.mana_abilities:
            if a.tap and a.cost.generic == 0 and not any(a.cost.pips) and not a.cost.hybrid:
                return a
        return None

    def potential_mana(self, p):
        n = sum(self.pool[p])
        for o in self.battlefield(p):
            if self.simple_source(o) is not None:
                n += 1
        return n

    @staticmethod
    def pay(pool, need, generic, hyb, do_pay=False):
        """Can the pool pay (pips need[6], hybrid symbols, generic)? Engine heuristic for
        which mana pays: hybrids by the first working choice (low colour first), generic with
        colourless first, then the most plentiful colour."""
        rem = [pool[t] - need[t] for t in range(6)]
        if min(rem) < 0:
            return False
        found = None
        for choice in range(1 << len(hyb)):
            tmp = rem[:]
            ok = True
            for h, (a, b) in enumerate(hyb):
                lo, hi = min(a, b), max(a, b)
                col = hi if (choice >> h) & 1 else lo
                tmp[col] -= 1
                if tmp[col] < 0:
                    ok = False
                    break
            if ok and sum(tmp) >= generic:
                found = tmp
                break
        if found is None:
            return False
        if do_pay:
            rem = found
            g = generic
            take = min(g, rem[C])
            rem[C] -= take
            g -= take
            while g > 0:
                best = 0
                for t in range(5):
                    if rem[t] > rem[best]:
                        best = t
                rem[best] -= 1
                g -= 1
            pool[:] = rem
        return True

    @staticmethod
    def produces(a):
        from .cards import COLORS
        return COLORS.index(a.add.strip("{}"))

    def autopay_plan(self, p, cost, x=0):
        """Engine heuristic (simcore mana.autopay_nb): until the pool can pay, tap the
        lowest-slot source of a missing colour; else one of a hybrid's colours; else any
        source (lowest slot); creatures only after every other source of their class.
        Returns (sources to tap in order, need, generic, hyb) or None."""
        need = list(cost.pips)
        generic = cost.generic + cost.x * x
        hyb = list(cost.hybrid)
        pool = self.pool[p][:]
        srcs = []
        for o in self.battlefield(p):
            a = self.simple_source(o)
            if a is not None:
                srcs.append((o, self.produces(a)))
        taps = []
        used = set()
        while True:
            if self.pay(pool, need, generic, hyb):
                return taps, need, generic, hyb
            short = {t for t in range(6) if need[t] > pool[t]}
            want = {c for h in hyb for c in h}
            best = None
            best_score = 1 << 30
            for o, t in srcs:
                if o.slot in used:
                    continue
                if short:
                    if t not in short:
                        continue
                    score = 1
                elif want and t in want:
                    score = 1
                else:
                    score = 9
                if o.is_creature:
                    score += 7
                if score < best_score:
                    best, best_score = (o, t), score
            if best is None:
                return None
            used.add(best[0].slot)
            taps.append(best[0])
            pool[best[1]] += 1

    def do_autopay(self, p, plan):
        taps, need, generic, hyb = plan
        for o in taps:
            o.tapped = True
            self.pool[p][self.produces(self.simple_source_any(o))] += 1
        ok = self.pay(self.pool[p], need, generic, hyb, do_pay=True)
        assert ok

    @staticmethod
    def simple_source_any(o):
        for a in o.card.mana_abilities:
            if a.tap:
                return a

    # ------------------------------------------------------------ queries
    def sorcery_ok(self, p):
        """307.1: your main phase and the stack empty."""
        return self.active == p and self.step_ in (S_MAIN1, S_MAIN2) and not self.stack

    def creatures(self, p):
        return [o for o in self.battlefield(p) if o.is_creature]

    def greatest_toughness(self, p):
        return max((o.pt()[1] for o in self.creatures(p)), default=-1)

    def target_options(self, spec):
        """Legal targets: battlefield objects of the filter's types (slot order), then the
        players still in the game."""
        if spec == "any":
            types, players = {"Creature", "Planeswalker"}, True
        else:
            types, players = set(spec.get("types", [])), spec.get("players", False)
        out = []
        for o in self.objs:
            if o.zone == Z_BATTLEFIELD and ((o.is_creature and "Creature" in types) or
                                            (o.card.types & types - {"Creature"})):
                out.append(o.slot)
        if players:
            out += [enc.player_value(p) for p in range(2) if not self.lost[p]]
        return out

    def target_legal(self, spec, t, toid):
        """608.2b: the same object, still matching the filter (or a player still in)."""
        if enc.is_player_value(t):
            return not self.lost[enc.value_player(t)]
        o = self.objs[t]
        return o.oid == toid and t in self.target_options(spec)

    # ------------------------------------------------------------ asking
    def ask_one(self, kind, why, player, options, auto=True):
        """One value; with a single option (and auto) nothing is asked."""
        if len(options) == 1 and auto:
            return options[0]
        v = yield Ask(kind, why, player, list(options), 1, 1)
        return v

    def ask_yesno(self, why, player):
        v = yield from self.ask_one(ASK_YESNO, why, player, [1, 0], auto=False)
        return v == 1

    def ask_many(self, kind, why, player, options, lo, hi):
        if len(options) == lo == hi:
            return list(options)
        v = yield Ask(kind, why, player, list(options), lo, hi)
        return v

    # ------------------------------------------------------------ state-based actions (704)
    def sba_pass(self):
        done = False
        lose = [not self.lost[p] and (self.life[p] <= 0 or self.drew_empty[p]) for p in range(2)]
        dying = []
        for o in self.objs:
            if o.card.token and o.zone not in (Z_BATTLEFIELD, Z_GONE, Z_NONE):
                o.zone = Z_GONE                                   # 704.5d
                done = True
                continue
            if o.zone != Z_BATTLEFIELD:
                continue
            if o.is_creature:
                t = o.pt()[1]
                if t <= 0 or o.damage >= t:                       # 704.5f, 704.5g
                    dying.append(o)
        if dying:                                  # 704.8: seen as before the batch
            self.leave(dying, Z_GRAVEYARD)
            done = True
        for o in self.objs:                        # 704.5q
            m = min(o.plus, o.minus)
            if m > 0:
                self.log["704.5q counters cancel"] += 1
                o.plus -= m
                o.minus -= m
                done = True
        self.drew_empty = [False, False]
        if any(lose):
            done = True
            for p in range(2):
                if lose[p]:
                    self.lost[p] = True
            if self.lost[0] and self.lost[1]:
                self.winner = 2
            else:
                self.winner = 1 if self.lost[0] else 0
        return done

    def settle(self):
        """117.5: SBAs until none apply, then waiting triggers go on the stack; repeat."""
        while True:
            while self.sba_pass() and self.winner < 0:
                pass
            if self.winner >= 0:
                self.pending.clear()
                return
            if not self.pending:
                return
            yield from self.flush_triggers()

    def flush_triggers(self):
        """603.3b: APNAP; each player puts their own triggers on the stack in the order they
        choose, one at a time (options: positions in the waiting list, as in the engine)."""
        while self.pending:
            best = min(self.pending, key=lambda t: (t.ctrl != self.active, t.rank, t.seq))
            mine = [i for i, t in enumerate(self.pending) if t.ctrl == best.ctrl]
            if len(mine) >= 2:          # the controller chooses which goes on the stack next
                self.log["trigger order"] += 1
                i = yield from self.ask_one(ASK_INT, W_TRIGGER_ORDER, best.ctrl, mine)
                best = self.pending[i]
            self.pending.remove(best)
            si = StackItem("trigger", best.src, best.src_oid, best.card, best.abil, best.ctrl)
            si.subj, si.subj_oid, si.lki = best.subj, best.subj_oid, best.lki
            self.stack.append(si)
            for spec in best.abil.targets:                      # 603.3d
                opts = self.target_options(spec)
                if not opts:
                    self.stack.pop()
                    break
                t = yield from self.ask_one(ASK_OBJECT, W_TARGET, best.ctrl, opts)
                si.targets.append((t, self.objs[t].oid if t >= 0 else 0))

    # ------------------------------------------------------------ casting (601)
    def cast_check(self, o, p):
        """Checks of casting before its first choice: permission, timing, enough mana."""
        c = o.card
        if o.zone == Z_EXILE:
            if not (o.ex_kind == EXP_PLAY and o.ex_player == p and self.turn <= o.ex_turn):
                return False
        elif o.zone != Z_HAND:
            return False
        if not c.is_instant and not self.sorcery_ok(p):
            return False
        return self.potential_mana(p) >= c.cost.mana_value

    def can_cast(self, o, p):
        """The engine's dry run (options.legal_now_nb) answers every question on the way with
        its least answer and must get through: X = 0, no optional cost, the first target
        (601.2c: none is no cast); then the payment decides."""
        if not self.cast_check(o, p):
            return False
        if o.card.spell is not None:
            for spec in o.card.spell.targets:
                if not self.target_options(spec):
                    return False                     # 601.2c: no legal target
        return self.autopay_plan(p, o.card.cost, 0) is not None

    def cast(self, o):
        """601.2: announce (X), additional costs, targets, pay (autopay), blight, to the stack."""
        p = o.owner
        c = o.card
        if not self.cast_check(o, p):
            raise Refused
        x = 0
        flags = 0
        blight_n = 0
        blight_x = c.add_cost is not None and c.add_cost.d["options"][0].get("blight") == "X"
        if c.cost.x or blight_x:      # 601.2b; blight X: X <= greatest toughness
            xmax = max(0, min(16, self.greatest_toughness(p)))
            x = yield from self.ask_one(ASK_INT, W_X, p, list(range(xmax + 1)))
        cands = [q.slot for q in self.creatures(p)]
        if c.add_cost is not None:
            opt = c.add_cost.d["options"][0]
            if c.add_cost.d.get("optional"):
                if cands and (yield from self.ask_yesno(W_MAY, p)):
                    flags |= 1
                    blight_n = opt["blight"]
            else:
                possible = x == 0 or (cands and x <= self.greatest_toughness(p))
                if not possible:
                    raise Refused
                yield from self.ask_one(ASK_INT, W_COST_OPTION, p, [0])
                flags |= 1
                blight_n = x if blight_x else opt["blight"]
        targets = []
        if c.spell is not None:
            for spec in c.spell.targets:
                opts = self.target_options(spec)
                if not opts:
                    raise Refused
                t = yield from self.ask_one(ASK_OBJECT, W_TARGET, p, opts)
                targets.append(t)
        plan = self.autopay_plan(p, c.cost, x)
        if plan is None:
            raise Refused
        blighted = None
        if blight_n > 0:
            blighted = yield from self.ask_one(ASK_OBJECT, W_BLIGHT, p, cands)
        self.do_autopay(p, plan)
        if blighted is not None:
            self.objs[blighted].minus += blight_n
        self.log[f"cast {c.name}" + (" from exile" if o.zone == Z_EXILE else "")] += 1
        if blighted is not None:
            self.log["blight as a cost"] += 1
        self.move(o, Z_STACK)
        o.x = x
        o.cflags = flags
        si = StackItem("spell", o.slot, o.oid, c, c.spell, p, x, flags)
        si.targets = [(t, self.objs[t].oid if t >= 0 else 0) for t in targets]
        self.stack.append(si)

    def play_land_ok(self, o, p):
        if o.zone == Z_EXILE:
            if not (o.ex_kind == EXP_PLAY and o.ex_player == p and self.turn <= o.ex_turn):
                return False
        elif o.zone != Z_HAND:
            return False
        return self.sorcery_ok(p) and self.lands_played[p] < 1

    def play_land(self, o):
        """305.1-2: the land drop."""
        p = o.owner
        if not self.play_land_ok(o, p):
            raise Refused
        self.log[f"play {o.card.name}" + (" from exile" if o.zone == Z_EXILE else "")] += 1
        self.enter([o], [p])
        self.lands_played[p] += 1
        return
        yield

    # ------------------------------------------------------------ activating (602)
    def can_activate(self, o, a):
        if a.tap and (o.tapped or not o.can_use_tap()):
            return False
        if a.cost.generic or any(a.cost.pips) or a.cost.hybrid:
            return self.autopay_plan(o.ctrl, a.cost) is not None
        return True

    def activate(self, o, a):
        p = o.ctrl
        if not self.can_activate(o, a):
            raise Refused
        plan = None
        if not a.tap:
            plan = self.autopay_plan(p, a.cost)
            if plan is None:
                raise Refused
        cands = [q.slot for q in self.creatures(p)]
        if a.blight and not cands:
            raise Refused                         # 701.68b
        si = StackItem("ability", o.slot, o.oid, o.card, a, p)
        blighted = None
        if a.blight:
            blighted = yield from self.ask_one(ASK_OBJECT, W_BLIGHT, p, cands)
        if a.tap:
            o.tapped = True
        if plan is not None:
            self.do_autopay(p, plan)
        if blighted is not None:
            self.objs[blighted].minus += a.blight
        si.lki = (o.plus, o.minus)
        self.stack.append(si)
        self.log[f"activate {o.card.name}"] += 1

    # ------------------------------------------------------------ resolving (608)
    def resolve_top(self):
        si = self.stack[-1]
        a = si.abil
        tgt_ok = [self.target_legal(spec, t, toid)
                  for spec, (t, toid) in zip(a.targets if a else [], si.targets)]
        if si.targets and not any(tgt_ok):              # 608.2b
            self.log["fizzle (608.2b)"] += 1
            self.stack.pop()
            if si.kind == "spell":
                self.move(self.objs[si.src], Z_GRAVEYARD)
            return
        if si.kind == "spell" and si.card.is_permanent:
            self.stack.pop()
            self.enter([self.objs[si.src]], [si.ctrl])
            return
        yield from self.run_effects(si, tgt_ok)
        self.stack.pop()
        if si.kind == "spell":
            o = self.objs[si.src]
            if o.zone == Z_STACK:
                self.move(o, Z_GRAVEYARD)

    def amount(self, si, v):
        if isinstance(v, int):
            return v
        if v == "X":
            return si.x
        if isinstance(v, dict) and "if_paid" in v:
            return v["if_paid"] if si.flags & 1 else v.get("else", 0)
        raise ValueError(f"amount {v!r} not in the reference")

    def damage(self, t, n):
        """120.3: damage to a creature is marked on it, to a player is life loss."""
        if n <= 0:
            return
        if t >= 0:
            o = self.objs[t]
            if o.zone == Z_BATTLEFIELD and o.is_creature:
                o.damage += n
        else:
            self.life[enc.value_player(t)] -= n

    def run_effects(self, si, tgt_ok):
        a = si.abil
        ctrl = si.ctrl
        if si.kind == "trigger":
            self.log[f"trigger {si.card.name}" + (f" {a.cond}" if a.cond else "")] += 1
        if a.cond in ("undying", "persist"):
            o = self.objs[si.subj]
            if o.oid == si.subj_oid and o.zone == Z_GRAVEYARD:
                self.enter([o], [o.owner], counter=a.counter)
            return
        did = False
        for e in a.effects:
            do = e["do"]
            if e.get("if") == "done" and not did:
                continue
            if e.get("optional") and do != "blight":
                if not (yield from self.ask_yesno(W_MAY, ctrl)):
                    did = False
                    continue
            if do == "draw":
                self.draw(ctrl, self.amount(si, e.get("n", 1)))
                did = True
            elif do == "gain_life":
                self.life[ctrl] += self.amount(si, e.get("n", 1))
                did = True
            elif do == "damage":
                n = self.amount(si, e.get("n", 1))
                to = e["to"]
                if to == "target":
                    if si.targets and tgt_ok[0]:
                        self.damage(si.targets[0][0], n)
                elif to == "each_opponent_and_their_creatures":
                    for o in self.objs:
                        if o.zone == Z_BATTLEFIELD and o.is_creature and o.ctrl != ctrl:
                            self.damage(o.slot, n)
                    self.damage(enc.player_value(1 - ctrl), n)
                else:
                    raise ValueError(to)
                did = True
            elif do == "discard":
                did = False
                for _ in range(self.amount(si, e.get("n", 1))):
                    opts = []
                    names = set()
                    for o in self.hand(ctrl):        # one option per card name
                        if o.card.name not in names:
                            names.add(o.card.name)
                            opts.append(o.slot)
                    if not opts:
                        break
                    t = yield from self.ask_one(ASK_OBJECT, W_DISCARD, ctrl, opts)
                    self.move(self.objs[t], Z_GRAVEYARD)
                    did = True
            elif do == "blight":                     # 701.68, "you may" asked only if able
                n = self.amount(si, e.get("n", 1))
                cands = [o.slot for o in self.creatures(ctrl)]
                did = False
                if cands:
                    if not e.get("optional") or (yield from self.ask_yesno(W_MAY, ctrl)):
                        b = yield from self.ask_one(ASK_OBJECT, W_BLIGHT, ctrl, cands)
                        self.objs[b].minus += n
                        did = True
            elif do == "create_token":
                self.create_tokens(e["token"], ctrl, self.amount(si, e.get("n", 1)))
                did = True
            elif do == "exile_top":
                n = self.amount(si, e.get("n", 1))
                if e.get("playable") == "until_end_of_your_next_turn":
                    last = self.turn + 2 if self.active == ctrl else self.turn + 1
                else:
                    last = self.turn
                for _ in range(n):
                    if not self.lib[ctrl]:
                        break
                    o = self.objs[self.lib[ctrl][-1]]
                    self.move(o, Z_EXILE)
                    o.ex_kind, o.ex_turn, o.ex_player = EXP_PLAY, last, ctrl
                did = True
            elif do == "become_creature":
                o = self.objs[si.src]
                if o.oid == si.src_oid and o.zone == Z_BATTLEFIELD:
                    o.eot_creature = True
                    o.eot_pt = (e["power"], e["toughness"])
                    o.eot_all_types = bool(e.get("all_creature_types"))
                did = True
            else:
                raise ValueError(f"effect {do!r} not in the reference")

    # ------------------------------------------------------------ turn structure (500-514)
    def next_step(self):
        """End the step (mana empties, 500.5), begin the next one with its turn-based actions."""
        self.pool = [[0] * 6, [0] * 6]
        s = self.step_
        if s == S_END_COMBAT:
            for o in self.objs:
                o.attacking = False
                o.blocking = -1
            self.any_attackers = False
        if s == S_CLEANUP:
            self.turn += 1
            self.active = 1 - self.active
            self.step_ = S_UNTAP
            self.lands_played = [0, 0]
        elif s == S_DECLARE_ATTACKERS and not self.any_attackers:
            self.step_ = S_END_COMBAT                # 508.8
        else:
            self.step_ = s + 1
        s = self.step_
        p = self.active
        if s == S_UNTAP:
            for o in self.battlefield(p):            # 502.3; 302.6 control since turn began
                o.tapped = False
                o.sick = False
        elif s == S_DRAW:
            if self.turn != 1:                       # 103.8a
                self.draw(p, 1)
        elif s == S_COMBAT_DAMAGE:
            self.combat_damage()
        elif s == S_CLEANUP:
            hand = [o.slot for o in self.hand(p)]
            if len(hand) > 7:                        # 514.1
                out = yield from self.ask_many(ASK_CARDS, W_DISCARD, p, hand,
                                               len(hand) - 7, len(hand) - 7)
                for t in out:
                    self.move(self.objs[t], Z_GRAVEYARD)
                self.log["cleanup discard"] += 1
            for o in self.objs:                      # 514.2
                o.damage = 0
                o.end_eot()

    def attack_options(self):
        return [o.slot for o in self.objs
                if o.zone == Z_BATTLEFIELD and o.ctrl == self.active and o.is_creature and
                not o.tapped and o.can_use_tap()]

    def block_options(self):
        d = 1 - self.active
        out = []
        for b in self.objs:
            if b.zone != Z_BATTLEFIELD or b.ctrl != d or not b.is_creature or b.tapped:
                continue
            for a in self.objs:
                if a.zone != Z_BATTLEFIELD or not a.attacking:
                    continue
                if a.has("flying") and not (b.has("flying") or b.has("reach")):
                    continue                         # 702.9b, 702.17b
                if len(out) < MAX_OPTIONS:
                    out.append(enc.block_option(b.slot, a.slot))
        return out

    def declare_attackers(self, slots):
        """508.1; the engine moves from beginning of combat into declare attackers."""
        self.pool = [[0] * 6, [0] * 6]
        self.step_ = S_DECLARE_ATTACKERS
        for s in slots:
            self.objs[s].attacking = True
        for s in slots:
            self.objs[s].tapped = True               # no vigilance in these decks
        self.any_attackers = len(slots) > 0

    def declare_blockers(self, pairs):
        self.pool = [[0] * 6, [0] * 6]
        self.step_ = S_DECLARE_BLOCKERS
        for b, a in pairs:
            self.objs[b].blocking = a
            self.objs[a].blocking = BLOCKED

    def combat_damage(self):
        """510.1-2: all combat damage at once. Several blockers: lethal damage to each in slot
        order, the rest to the last (engine heuristic for the attacker's damage assignment
        order)."""
        d = 1 - self.active
        deals = []
        for a in self.objs:
            if a.zone != Z_BATTLEFIELD or not a.attacking:
                continue
            pw = a.pt()[0]
            blockers = [b for b in self.objs if b.zone == Z_BATTLEFIELD and b.blocking == a.slot]
            if pw > 0:
                if a.blocking != BLOCKED:
                    deals.append((enc.player_value(d), pw))
                elif blockers:
                    if len(blockers) > 1:
                        self.log["several blockers"] += 1
                    rem = pw
                    assigned = {}
                    for b in blockers:
                        if rem <= 0:
                            break
                        lethal = max(0, b.pt()[1] - b.damage - assigned.get(b.slot, 0))
                        take = min(rem, lethal)
                        if b is blockers[-1]:
                            take = rem
                        if take > 0:
                            deals.append((b.slot, take))
                            assigned[b.slot] = assigned.get(b.slot, 0) + take
                            rem -= take
            for b in blockers:
                bp = b.pt()[0]
                if bp > 0:
                    deals.append((a.slot, bp))
        for t, n in deals:
            self.damage(t, n)

    # ------------------------------------------------------------ priority options
    def priority_options(self, p):
        """What p may do with priority, in slot order; one option per card name and zone
        (engine's presentation); abilities of permanents by number."""
        sorcery_ok = self.sorcery_ok(p)
        pot = self.potential_mana(p)
        out = []
        seen = set()
        for o in self.objs:
            z = o.zone
            if z == Z_EXILE and o.ex_kind == 0:
                continue
            if z in (Z_HAND, Z_EXILE) and o.owner == p:
                c = o.card
                if not c.is_instant and not sorcery_ok:
                    continue
                if c.is_land and self.lands_played[p] >= 1:
                    continue
                if z == Z_HAND:
                    key = (c.name, z)
                else:
                    key = (c.name, z, self.exile_playable(o, p))
                if key in seen:
                    continue
                seen.add(key)
                if c.is_land:
                    if self.play_land_ok(o, p):
                        out.append(enc.priority_option(OPT_LAND, o.slot, 0))
                else:
                    if pot >= c.mv and self.can_cast(o, p):
                        out.append(enc.priority_option(OPT_CAST, o.slot, 0))
            elif z == Z_BATTLEFIELD and o.ctrl == p:
                for a in o.card.activated:
                    if a.tap and (o.tapped or not o.can_use_tap()):
                        continue
                    if self.can_activate(o, a):
                        out.append(enc.priority_option(OPT_ACTIVATE, o.slot, a.index))
        return [v for v in out if v not in self.ban][:MAX_OPTIONS]

    def exile_playable(self, o, p):
        return o.ex_kind == EXP_PLAY and o.ex_player == p and self.turn <= o.ex_turn

    # ------------------------------------------------------------ the game flow
    def run(self, gen):
        """Drive an action generator, turning its Asks into decisions. Returns True if the
        action completed, False if it was refused (nothing changed)."""
        answer = None
        try:
            while True:
                ask = gen.send(answer)
                answer = yield from self.answer(ask)
        except StopIteration:
            return True
        except Refused:
            return False

    def answer(self, ask):
        if ask.kind not in (ASK_OBJECTS, ASK_CARDS):
            a = yield Decision(D_QUESTION, ask.player, ask.options, ask.kind, ask.lo, ask.hi,
                               0, ask.why)
            n = len(ask.options)
            a = a if 0 <= a <= n else 0
            return ask.options[max(a, 1) - 1]
        opts = list(ask.options)
        picks = []
        while True:
            a = yield Decision(D_QUESTION, ask.player, list(opts), ask.kind, ask.lo, ask.hi,
                               len(picks), ask.why)
            if not 0 <= a <= len(opts):
                a = 0
            if a == 0:
                break
            picks.append(opts[a - 1])
            opts[a - 1] = opts[-1]           # the engine's swap-remove keeps this order
            opts.pop()
            if len(picks) >= ask.hi or not opts:
                break
        return picks

    def txn(self, gen):
        """An engine action: perform, then settle (117.5) before anyone gets priority."""
        def whole():
            yield from gen
            yield from self.settle()
        ok = yield from self.run(whole())
        if ok:
            self.ban = []
        return ok

    def game_over(self):
        if self.winner >= 0:
            self.end = END_WIN
            self.kill_turn = self.turn
        elif self.turn > self.max_turns:
            self.end = END_TURN_LIMIT
        return self.end != 0

    def pick_loop(self, kind, player, opts):
        """Attackers / blockers picked one at a time (0 = done)."""
        picks = []
        opts = list(opts)
        while opts:
            a = yield Decision(kind, player, list(opts), 0, 0, 0, len(picks), 0)
            if not 0 <= a <= len(opts):
                a = 0
            if a == 0:
                break
            v = opts[a - 1]
            picks.append(v)
            if kind == D_ATTACK:
                opts[a - 1] = opts[-1]
                opts.pop()
            else:                                    # a blocker blocks one attacker
                k = 0
                while k < len(opts):
                    if enc.block_blocker(opts[k]) == enc.block_blocker(v):
                        opts[k] = opts[-1]
                        opts.pop()
                    else:
                        k += 1
        return picks

    def flow(self):
        # ---- mulligans (103.5, London): the starting player decides first
        for k in range(2):
            p = (self.first + k) % 2
            while True:
                a = yield Decision(D_MULLIGAN, p, [], 0, 0, 0, 0, 0)
                if a == 1 and self.mulligans[p] < 7:
                    self.mulligan(p)
                else:
                    break
        for p in (self.first, 1 - self.first):
            for _ in range(self.mulligans[p]):
                hand = [o.slot for o in self.hand(p)]
                if not hand:
                    break
                a = yield Decision(D_BOTTOM, p, hand, 0, 0, 0, 0, 0)
                a = a if 0 <= a <= len(hand) else 0
                self.put_bottom(self.objs[hand[max(a, 1) - 1]])
        self.step_ = S_UNTAP
        prio = self.first
        passes = 0
        declared = 0
        while True:
            if self.game_over():
                while True:
                    yield Decision(D_OVER, 0, [], 0, 0, 0, 0, 0)
            s = self.step_
            if s in (S_UNTAP, S_CLEANUP):            # no priority in these steps
                yield from self.txn(self.next_step())
                prio = self.active
                passes = 0
                declared = 0
                continue
            if passes < 2:
                p = prio
                opts = self.priority_options(p)
                if opts:
                    a = yield Decision(D_PRIORITY, p, opts, 0, 0, 0, 0, 0)
                    if not 0 <= a <= len(opts):
                        a = 0
                    if a == 0:
                        passes += 1
                        prio = 1 - p
                        self.ban = []
                    else:
                        o = opts[a - 1]
                        ok = yield from self.txn(self.priority_action(o))
                        if ok:
                            passes = 0                # 117.3c: the player acts again
                            prio = p
                        else:
                            self.log["refused after choices"] += 1
                            self.ban.append(o)        # refused: not offered again for now
                    continue
                passes += 1
                prio = 1 - p
                continue
            passes = 0                               # all passed in succession (500.2, 608.1)
            prio = self.active
            if self.stack:
                yield from self.txn(self.resolve_top())
                continue
            if s == S_BEGIN_COMBAT and declared == 0:
                declared = 1
                opts = self.attack_options()
                if opts:
                    picks = yield from self.pick_loop(D_ATTACK, self.active, opts)
                    yield from self.txn(self.gen_of(self.declare_attackers, picks))
                    continue
            if s == S_DECLARE_ATTACKERS and self.any_attackers and declared == 1:
                declared = 2
                opts = self.block_options()
                if opts:
                    picks = yield from self.pick_loop(D_BLOCK, 1 - self.active, opts)
                    yield from self.txn(self.gen_of(
                        self.declare_blockers, [(enc.block_blocker(v), enc.block_attacker(v)) for v in picks]))
                    continue
            yield from self.txn(self.next_step())
            if self.step_ == S_BEGIN_COMBAT:
                declared = 0

    @staticmethod
    def gen_of(fn, *args):
        fn(*args)
        return
        yield

    def priority_action(self, code):
        kind = enc.option_kind(code)
        o = self.objs[enc.option_slot(code)]
        if kind == OPT_LAND:
            yield from self.play_land(o)
        elif kind == OPT_ACTIVATE:
            a = next(a for a in o.card.activated if a.index == enc.option_ability(code))
            yield from self.activate(o, a)
        else:
            yield from self.cast(o)

    def mulligan(self, p):
        """London mulligan: the hand goes into the library, shuffle, draw seven (103.5)."""
        for o in self.hand(p):
            self.set_zone(o, Z_LIBRARY, p)
            self.lib[p].append(o.slot)
        self.shuffle(p)
        self.draw(p, OPENING_HAND)
        self.mulligans[p] += 1
