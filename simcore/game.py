"""Batches of whole games.

`GameBatch` holds the State of N games that share two decks (or one deck and no opponent:
goldfish). Game g of a batch is game number `game0 + g` of the run; its random stream comes
from the run's seed and that number only, so results do not depend on batch size, chunking
or thread count.

Playing: every game runs in the kernels until a player must decide (kernels/flow.py);
`legal_mask()` and `view()` show the open decisions of all games, `step(actions)` applies
one action per game (finished games ignore theirs). Actions and options are encoded as
simcore/encoding.py says; `decode_action(g, a)` and `describe_action(g, a)` decode them.
The small public surface for agents and experiments: GameBatch, `is_compiled()`, `warm()`,
`register_agent`, `in_ranges`, `deck_ids`.
"""
import numba
import numpy as np

from . import compile_plan
from . import consts as K
from . import encoding as E
from . import layout as L
from .cards.manastr import ManaCost, format_mana
from .compile_plan import register_agent  # noqa: F401  (public API: agents with kernels)
from .condition import card_on_battlefield
from .decks import MAX_DECK_CARDS
from .errors import IllegalAction, PlaytestError
from .flowstate import N_OPTIONS, Flow, alloc_flow, check_turns, view_dict  # noqa: F401
from .kernels.flow import (
    decision_noise_nb,
    first_illegal_nb,
    legal_mask_nb,
    step_games_nb,
)
from .kernels.setup import bottom_card_py, mulligan_py, start_games_nb
from .kernels.view import visible_objects_nb
from .layout import O_CARD, O_OWNER, O_ZONE, PL_LIB_N, PL_MULLIGANS
from .mulligan import facts as mulligan_facts
from .players.searchgames import search_games_nb
from .policies import POLICIES
from .seeds import base_seed, check_games
from .state import alloc_state, caps_of, lane_cells, lanes_of, nbytes_per_game, unwritten_like
from .threads import in_ranges, on_threads  # noqa: F401  (agents run their kernels here)

GAME_CHUNK = 16     # games a thread takes from the shared queue at a time (step_games_nb)
START = {"play": 0, "draw": 1, "random": -1}
DECISION_NAMES = {K.D_NONE: "none", K.D_MULLIGAN: "mulligan", K.D_BOTTOM: "bottom",
                  K.D_PRIORITY: "priority", K.D_ATTACK: "attack", K.D_BLOCK: "block",
                  K.D_QUESTION: "question", K.D_OVER: "over"}
OPTION_NAMES = {K.OPT_LAND: "play_land", K.OPT_CAST: "cast", K.OPT_WARP: "warp",
                K.OPT_ACTIVATE: "activate"}
ASK_NAMES = {K.ASK_OBJECT: "object", K.ASK_OBJECTS: "objects", K.ASK_YESNO: "yes/no",
             K.ASK_INT: "number", K.ASK_MANA: "mana", K.ASK_ORDER: "order",
             K.ASK_CARDS: "cards", K.ASK_COUNTERS: "counters"}
OPENING_HAND = 7
DECISION_LIMIT = 1_000_000  # decisions a game may take (and rounds a batch) in play()
TOKEN_ROOM = 32             # object slots for tokens in a two-deck game (16 KiB per game)
TOKEN_ROOM_GOLDFISH = 64


def token_makers(ct, card_ids):
    """Card ids among `card_ids` (and the tokens they make, and so on) with an effect that
    creates tokens: the only way a game needs object slots beyond its decks."""
    todo, seen, makers = {int(c) for c in card_ids}, set(), set()
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        a0 = ct.card[c, L.C_ABIL0]
        for a in range(a0, a0 + ct.card[c, L.C_NABIL]):
            o0 = ct.abil[a, L.AB_OP0]
            for o in range(o0, o0 + ct.abil[a, L.AB_NOP]):
                if ct.ops[o, 0] == K.OP_CREATE_TOKEN:
                    makers.add(c)
                    todo.add(int(ct.ops[o, 2]))
    return makers


def agent_name(agent):
    """An agent's class as `--agent` takes it (module:Class), for messages."""
    return f"{type(agent).__module__}:{type(agent).__qualname__}"


def same_agent(a, b):
    """May one act() call serve the players of agents a and b? Yes when both are of one
    class that declares `per_game = True` (its action for a game depends on that game's
    view and mask only) and they have equal settings (attributes)."""
    if type(a) is not type(b) or not getattr(a, "per_game", False):
        return False
    try:
        return bool(vars(a) == vars(b))
    except (TypeError, ValueError):       # settings that do not compare (arrays): ask apart
        return False


def deck_ids(pool, deck):
    """Card ids of a Deck's main deck, in list order."""
    ids = []
    for name, n in deck.main:
        if name not in pool.card_id:
            raise PlaytestError(f"{deck.file}: unknown card {name!r}")
        ids.extend([pool.card_id[name]] * n)
    return np.asarray(ids, dtype=np.int64)


def _room(ct, d0, d1):
    """A batch's object slots M and stack depth S for these decks (card id arrays; d1 empty:
    goldfish). Object slots for tokens only where the decks can make any (scans over all
    slots and bytes per game grow with it); a goldfish game has no opponent's library, so it
    gets more token slots and a deeper stack (20 Elves entering at once put 20 triggers on
    it: 13 of 23 Elves goldfish games out of room of 2,000 ran out of stack)."""
    goldfish = d1.size == 0
    makers = token_makers(ct, np.concatenate([d0, d1]))
    room = 0 if not makers else (TOKEN_ROOM_GOLDFISH if goldfish else TOKEN_ROOM)
    return dict(M=max(2, d0.size + d1.size + room), S=32 if goldfish else 16)


def check_numbers(d0, d1, game0, n_games, max_turns):
    """What a batch numbers fits the engine: each deck at most MAX_DECK_CARDS cards (slots
    and object ids are int16), its games' numbers below MAX_GAMES (seeds.py), at most
    MAX_TURNS turns; else one line giving the limit."""
    for side, d in (("deck0", d0), ("deck1", d1)):
        if d.size > MAX_DECK_CARDS:
            raise PlaytestError(f"{side} has {d.size:,} cards, more than the "
                                f"{MAX_DECK_CARDS:,} a game can hold")
    check_games(game0 + n_games, "game0 + n_games")
    check_turns(max_turns, "max_turns")


# rows of the per-thread arrays (dry-run game, thread snapshot, legal-mask row) a thread
# owns, of which it uses the first: the threads' small planes (a game's gm row is ~60 int32)
# would otherwise share cache lines, written by both threads at every snapshot and decision
LANE_ROWS = 4

class GameBatch:
    """N games set up and ready to begin (opening hands drawn, mulligans not yet decided).

    deck0/deck1: arrays of card ids (deck1 None or empty: goldfish). start: "play" (player 0
    starts), "draw" (player 1 starts) or "random" (per game)."""

    @staticmethod
    def batch_bytes(pool, deck0, deck1=None, n_games=1, max_turns=30):
        """About the memory a batch of `n_games` games of these decks takes, without making
        it: a game's State twice (the games and their snapshots) and its Flow, whose turn
        records grow with `max_turns`; what a game records and its rows come on top. The
        runner refuses a batch that would not fit (experiments/runner.py check_batch)."""
        ct = pool.compile()
        d0 = np.asarray(deck0, dtype=np.int64)
        d1 = np.asarray(deck1 if deck1 is not None else [], dtype=np.int64)
        check_numbers(d0, d1, 0, 1, int(max_turns))
        one = nbytes_per_game(alloc_state(1, pool.n_kinds, **_room(ct, d0, d1)))
        flow = sum(a.nbytes for a in alloc_flow(1, int(max_turns)))
        return int(n_games) * (2 * one + flow + (1 + N_OPTIONS) * 9)

    def __init__(self, pool, deck0, deck1=None, n_games=1, seed=0, start="play", game0=0,
                 max_turns=30, target_card=None, record=True, condition=None):
        if start not in START:
            raise PlaytestError(f"start must be one of {', '.join(START)}, got {start!r}")
        self.pool = pool
        self.ct = pool.compile()
        self.seed = int(seed)
        self.game0 = int(game0)
        if int(n_games) < 0:
            raise PlaytestError(f"n_games must be at least 0, got {n_games}")
        d0 = np.asarray(deck0, dtype=np.int64)
        d1 = np.asarray(deck1 if deck1 is not None else [], dtype=np.int64)
        for side, d in (("deck0", d0), ("deck1", d1)):
            bad = d[(d < 0) | (d >= len(pool.names))]
            if d.ndim != 1 or bad.size:
                got = bad[:3].tolist() if bad.size else f"shape {d.shape}"
                raise PlaytestError(f"{side} must list card ids of the pool (0-"
                                    f"{len(pool.names) - 1}; game.deck_ids makes them from a "
                                    f"deck list), got {got}")
        self.goldfish = d1.size == 0
        check_numbers(d0, d1, self.game0, int(n_games), int(max_turns))
        # one scratch lane per thread in_ranges may use
        self.st = alloc_state(int(n_games), pool.n_kinds, **_room(self.ct, d0, d1),
                              lanes=max(1, numba.config.NUMBA_NUM_THREADS))
        first = np.full(int(n_games), START[start], dtype=np.int64)
        compile_plan.start_if_cold()        # (the CLI may have started it already)
        if not compile_plan.game_entry_cached():
            # cold cache: the game entry first, while the helper process compiles what this
            # process reaches last, then the set-up entry (compile_plan.py)
            compile_plan.compile_game_entry(self.st, self.ct, alloc_flow(1, int(max_turns)))
        # on the threads: a game's set-up depends on its number alone (and its first touch
        # of the batch's fresh memory is spread over the cores)
        statuses = []
        W = lane_cells(self.st.obj.shape[2])
        in_ranges(int(n_games), lambda lo, hi, lane: statuses.append(start_games_nb(
            self.st, self.ct, d0, d1, base_seed(seed), first, self.game0, OPENING_HAND, lo,
            hi, lane * W)), split=1)
        if any(s != K.ST_OK for s in statuses):
            raise PlaytestError("the decks do not fit the state (internal capacity)")
        self.st.gm[:, L.G_AUTOPAY] = 1
        self.st.gm[:, L.G_GOLDFISH] = int(self.goldfish)
        # each game's snapshot is written before it is read (F_LOG_N = -1: a game's first
        # action takes a real one; tests/test_games.py plays the same games over a snapshot
        # of garbage), so it is not copied here: that was a serial copy of the whole batch,
        # 0.1-0.4 s of a 10,000-game two-deck batch's set-up (its memory's first touch)
        self.snap = unwritten_like(self.st)
        # one spare game per thread for dry runs (is this option legal now?), so that they
        # leave the snapshot alone (kernels/options.py: legal_now_nb)
        caps = caps_of(self.st)
        lanes = lanes_of(self.st)
        self.dry = alloc_state(lanes * LANE_ROWS, caps.pop("K"), lanes=lanes, **caps)
        # a snapshot per thread, for a batch played to its end in one call (play): the
        # thread's snapshot stays in its cache, where each game's own was cold by the time
        # the game was stepped again (a copy 15.5k cycles cold against 4.3-6.7k hot)
        self.lane_snap = unwritten_like(self.dry)
        if target_card is not None:     # simulate --until-card: a condition of its own
            if condition is not None:
                raise PlaytestError("a batch watches one condition: target_card or condition")
            condition = card_on_battlefield(target_card, pool)
        self.condition = condition
        self.fw = alloc_flow(int(n_games), int(max_turns), condition, record=record)
        self._mask = np.zeros((int(n_games), 1 + N_OPTIONS), dtype=bool)
        self._noise = np.zeros((int(n_games), 1 + N_OPTIONS), dtype=np.float64)
        self._base = base_seed(seed)
        self._vobj = self._vlib = None
        self._none = np.zeros(int(n_games), dtype=np.int64)
        # the players' compiled policies (P_PYTHON: asked from Python) and combo pieces,
        # set by play(); a legal-mask row per thread for them; decisions a game may take
        self._policy = np.zeros(2, dtype=np.int64)
        self._piece = np.zeros((2, self.ct.card.shape[0]), dtype=np.bool_)
        self._rows = np.zeros((lanes * LANE_ROWS, 1 + N_OPTIONS), dtype=np.bool_)
        # mulligan rules (agents/mulligan.py): [on, lo, hi, never] and the deck's weights
        # per player; the cards' facts they read (is_land, makes, mv)
        self._rule = np.zeros((2, 4), dtype=np.int64)
        self._weights = np.zeros((2, 6), dtype=np.int64)
        f = mulligan_facts(self.ct)
        self._facts = np.ascontiguousarray(np.stack([f.is_land, f.makes, f.mv]), np.int64)
        self._limit = DECISION_LIMIT
        # a search player's settings (players/search.py S_*), the rollouts' greedy policies,
        # the deck lists it deals unseen cards from; its rollout rows, made when one plays
        self._conf = np.zeros((2, 3), dtype=np.int64)
        self._greedy2 = np.full(2, K.P_GREEDY, dtype=np.int64)
        self._decks = np.zeros((2, self.ct.card.shape[0]), dtype=np.int64)
        for p, d in enumerate((d0, d1)):
            np.add.at(self._decks[p], d, 1)
        self._max_turns = int(max_turns)
        self._rollout_rows = None
        self.started = False

    # ---- compiling
    @staticmethod
    def is_compiled():
        """Is the game engine in the on-disk compile cache? If not, the first batch
        compiles it (30-60 s on two cores; simcore/jit/)."""
        return compile_plan.game_entry_cached()

    @staticmethod
    def engine():
        """The name of the engine's machine code: its compile cache folder's, a hash of
        every source it is compiled from (simcore/jit/cachedir.py). Two processes with the
        same name play the same games."""
        import os

        from simcore.jit.cachedir import kernel_cache_dir
        return os.path.basename(kernel_cache_dir())

    @staticmethod
    def warm():
        """On a cold cache, start compiling on a second core now (simcore/jit/helper.py):
        callers about to make their first batch gain the time until then. Agents whose
        act() compiles numba code register with `register_agent` so that it is compiled
        there too. True if the helper was started."""
        return compile_plan.start_if_cold()

    # ---- playing
    def start(self, snap=None):
        """Run every game to its first decision (the mulligans), and on while compiled
        policies decide (play). `snap`: the snapshots (_run)."""
        self._run(self._none, True, snap)
        self.started = True

    def _run(self, actions, start, snap=None):
        """The engine over every game, on numba's thread count (NUMBA_NUM_THREADS,
        numba.set_num_threads) of Python threads taking games from one shared queue (the
        kernel releases the GIL). `snap`: the snapshots (default: one per game)."""
        W = lane_cells(self.st.obj.shape[2])
        work = np.array([0, self.n_games], dtype=np.int64)   # next game, end: shared
        snap = self.snap if snap is None else snap
        args = (self.st, snap, self.dry, self.ct, self.fw, actions, work, GAME_CHUNK, start)
        rest = (self._policy, self._piece, self._base, self.game0, self._rows, self._limit,
                self._rule, self._weights, self._facts)
        if np.any(self._policy == K.P_SEARCH):
            rsnap, rfw = self._rollouts()
            on_threads(lambda lane: search_games_nb(
                *args, lane * W, lane * LANE_ROWS, *rest, rsnap, rfw, self._conf,
                self._greedy2, self._decks), live=self.live())
            return
        on_threads(lambda lane: step_games_nb(*args, lane * W, lane * LANE_ROWS, *rest),
                   live=self.live())

    def _rollouts(self):
        """The search player's rows (players/rollout.py): a snapshot State and a Flow with
        a thread's rows as `dry` has them; its entry compiled (a cold cache compiles it
        once, before the threads call it)."""
        if self._rollout_rows is None:
            n = self.dry.gm.shape[0]
            # rollouts watch the run's condition: it is what the search plays for
            self._rollout_rows = (unwritten_like(self.dry),
                                  alloc_flow(n, self._max_turns, self.condition, record=False))
            compile_plan.compile_search_entry(self.st, self.ct, self.fw)
        return self._rollout_rows

    def search_counts(self):
        """Per game: the decisions a search player took by searching, and the rollouts
        they played (players/search.py)."""
        return {"searched": self.fw.fl[:, L.F_SEARCHED].astype(np.int64),
                "rollouts": self.fw.fl[:, L.F_ROLLOUTS].astype(np.int64)}

    def live(self):
        """How many games are not over."""
        return int(np.count_nonzero(self.fw.fl[:, L.F_DKIND] != K.D_OVER))

    def legal_mask(self):
        """bool [n_games, 1 + N_OPTIONS]: the actions each game's decider may take (all False
        for finished games)."""
        if not self.started:
            self.start()
        legal_mask_nb(self.fw, self._mask)
        return self._mask

    def view(self, agents=None):
        """The open decision of every game, as its decider may see it: kind (D_*), who
        decides, its options, for engine questions their kind (ASK_*) and bounds, and the
        state with hidden information masked (400.2): in `state.obj` the card id of every
        object in a library or in the opponent's hand is HIDDEN_CARD (slot numbers say
        nothing about cards), and `state.lib` (library order) is all -1; the options of the
        decider's own question are shown. "random": uniform numbers per game and action from
        the seed, the game number and its decision count: agents that draw from it decide the
        same whatever the batch size. The engine's full state is `GameBatch.st`.
        With `agents` (those about to decide), work none of them needs is skipped: "random"
        is None unless one reads it (`uses_random`, default True), and "state" is the
        engine's own state, unmasked and not to be written, when every one declares that it
        reads only what its player may see (`reads_only_visible`, default False; the greedy
        agent's claim is checked by tests/test_games.py). The masking copy was ~7% of a
        greedy game's time."""
        agents = list(agents or ())
        fl = self.fw.fl
        noise = None
        live = self.live()
        if not agents or any(getattr(a, "uses_random", True) for a in agents):
            in_ranges(self.n_games, lambda lo, hi, lane: decision_noise_nb(
                self._base, self.game0, fl, self._noise, lo, hi), split=1, live=live)
            noise = self._noise
        if agents and all(getattr(a, "reads_only_visible", False) for a in agents):
            return view_dict(self.st, self.ct, self.fw, noise)
        if self._vobj is None or self._vobj.shape != self.st.obj.shape:
            self._vobj = np.zeros_like(self.st.obj)
            self._vlib = np.full_like(self.st.lib, -1)
        in_ranges(self.n_games, lambda lo, hi, lane: visible_objects_nb(
            self.st.obj, fl, self.fw.opts, self._vobj, lo, hi), split=1, live=live)
        return view_dict(self.st._replace(obj=self._vobj, lib=self._vlib), self.ct, self.fw,
                         noise)

    def step(self, actions):
        if not self.started:
            self.start()
        a = np.asarray(actions, dtype=np.int64)
        if a.shape != (self.n_games,):
            raise PlaytestError(f"step needs one action per game ({self.n_games}), got {a.shape}")
        # an action the mask does not allow is refused here: the engine would take it as
        # action 0 or refuse it and ask again, and an agent that keeps answering so (one
        # that always passes, at a discard) never finishes its games
        bad = first_illegal_nb(self.fw, a, self._mask.shape[1])
        if bad >= 0:
            raise IllegalAction(self._not_legal(bad, a[bad]), int(bad))
        self._run(a, False)

    def done(self):
        return self.live() == 0

    def play(self, agents, rng, max_decisions=DECISION_LIMIT, compiled=True):
        """Play every game to its end. agents: one per player (goldfish: one). A player
        whose agent has a compiled policy (Agent.policy: the built-in agents) is played
        inside the game loop, so a batch of built-in agents plays each game to its end in
        one kernel call per thread, with no Python round per decision; the others are asked
        a round at a time. `compiled=False` asks every agent from Python: the same games
        (tests/test_golden.py), the path `playtest bench` compares against. A game may take
        `max_decisions` decisions, the batch as many rounds (PlaytestError past them; a
        later call with a higher limit plays on from where the games stopped). Returns the
        rounds played."""
        self._policies(agents if compiled else ())
        self._limit = int(max_decisions)
        try:
            if not self.started:
                # every decision compiled: each game ends in this one call, so the
                # thread's snapshot serves it throughout (kernels/flow.py F_SNAP); not
                # with a decision limit, where games may stop open and be resumed
                whole = len(agents) and np.all(self._policy[:len(agents)] != K.P_PYTHON) \
                    and max_decisions >= DECISION_LIMIT
                self.start(self.lane_snap if whole else None)
            else:
                self._resume()
            n = 0
            while not self.done():
                if n >= max_decisions or np.any(self.fw.fl[:, L.F_DECISIONS][
                        self.fw.fl[:, L.F_DKIND] != K.D_OVER] >= max_decisions):
                    raise PlaytestError("games did not finish (decision limit)")
                mask = self.legal_mask()
                acts = self.ask_agents(agents, self.view(agents), mask, rng)
                try:
                    self.step(acts)
                except IllegalAction as e:
                    p = int(self.fw.fl[e.game, L.F_DPLAYER])
                    agent = agents[p] if p < len(agents) else agents[0]
                    raise PlaytestError(f"agent {agent_name(agent)} (player {p}): {e}") \
                        from None
                n += 1
            return n
        finally:
            self._policies(())
            self._limit = DECISION_LIMIT

    def _resume(self):
        """Games left open at a compiled player's decision (a batch stopped at its decision
        limit: each game kept its own snapshot) go on from there inside the game loop."""
        fl = self.fw.fl
        live = fl[:, L.F_DKIND] != K.D_OVER
        if np.any(live & (self._policy[np.clip(fl[:, L.F_DPLAYER], 0, 1)] != K.P_PYTHON)):
            self._run(np.full(self.n_games, -1, np.int64), False)     # -1: no action

    def _policies(self, agents):
        """Each player's compiled policy and combo pieces from their agent's `policy()`
        (P_PYTHON where it has none, or with no agent)."""
        self._policy[:] = K.P_PYTHON
        self._piece[:] = False
        self._rule[:] = 0
        self._conf[:] = 0
        for p, agent in enumerate(list(agents)[:2]):
            spec = getattr(agent, "policy", None)
            spec = spec() if callable(spec) else None
            if spec is not None:
                name, pieces, rule, settings = (tuple(spec) + (None, None))[:4]
                self._policy[p] = POLICIES[name]
                self._piece[p, list(pieces)] = True
                if rule is not None:        # a bound MulliganRule (RuleMulligans)
                    self._rule[p] = (1, rule.lo, rule.hi, int(rule.never))
                    self._weights[p] = np.asarray(rule.weights, np.int64)
                if settings is not None:    # a search player's (agents/search.py)
                    self._conf[p] = settings

    @staticmethod
    def ask_agents(agents, view, mask, rng):
        """One action per game: each game's deciding player's agent (agents[p]) chooses.
        With several agents, each sees the games another player decides as over
        (view["decision"] D_OVER), so that it skips them (the greedy agent scored every
        game twice in two-player batches). Players whose agents are interchangeable
        (`same_agent`: the same class and settings, deciding each game by itself) are
        asked in one call: with two greedy agents, one pass over the batch instead of two
        (a round's agent time 4.7-6.3 ms -> ~2-3.5 ms for 10,000 games)."""
        acts = np.zeros(mask.shape[0], dtype=np.int64)
        asked = set()
        for p, agent in enumerate(agents):
            if p in asked:
                continue
            players = [p] + [q for q in range(p + 1, len(agents)) if same_agent(agent, agents[q])]
            asked.update(players)
            sel = np.isin(view["player"], players) & (view["decision"] != K.D_OVER)
            if sel.any():
                v = view if len(players) == len(agents) else dict(
                    view, decision=np.where(sel, view["decision"], K.D_OVER).astype(
                        view["decision"].dtype))
                out = np.asarray(agent.act(v, mask, rng))
                if out.shape != acts.shape or out.dtype.kind not in "iu":
                    raise PlaytestError(
                        f"agent {agent_name(agent)} returned {out.dtype} of shape "
                        f"{out.shape}: act must return one integer action per game "
                        f"({acts.shape[0]})")
                acts[sel] = out[sel]
        return acts

    def results(self):
        """One record per game (numpy arrays; experiments/ turns them into DataFrames):
        game: its number in the run; on_the_play: player 0 took the game's first turn (a
        goldfish player on the draw did not: the absent opponent "played first"); winner: 0
        or 1, 2 when both lost at once, -1 when no one lost; end: why the game ended (END_*:
        END_LIFE, END_DECKED, END_POISON name the first of 704.5a-c that made a player
        lose); lost0, lost1: why each player lost (LOSS_* bits, 0 = did not lose); turns:
        the game turns played, both players' (all of them player 0's in a goldfish game; a
        game stopped at the turn limit played the limit: the next turn had only begun);
        own_turns: those that were player 0's; kill_turn: the game turn in which a player
        lost, -1 when no one did; mulligans, life per player; decisions taken;
        condition_turn: the game turn the watched condition first held, -1 never."""
        st, fl = self.st, self.fw.fl
        end = fl[:, L.F_END].copy()
        turn = st.gm[:, L.G_TURN].astype(np.int64)
        turns = np.where(end == K.END_TURN_LIMIT, turn - 1, turn)
        first = st.gm[:, L.G_FIRST]
        if self.goldfish:
            own = turns.copy()
        else:       # the first player takes the odd game turns
            own = np.where(first == 0, (turns + 1) // 2, turns // 2)
        lost = np.isin(end, K.END_LOSS)
        return {
            "game": np.arange(self.game0, self.game0 + self.n_games),
            "on_the_play": first == 0,
            "winner": st.gm[:, L.G_WINNER].copy(),
            "end": end,
            "lost0": st.pl[:, L.PL_LOST, 0].copy(),
            "lost1": st.pl[:, L.PL_LOST, 1].copy(),
            "turns": turns,
            "own_turns": own,
            "kill_turn": np.where(lost, fl[:, L.F_KILL_TURN], -1).astype(np.int64),
            "mulligans0": st.pl[:, L.PL_MULLIGANS, 0].copy(),
            "mulligans1": st.pl[:, L.PL_MULLIGANS, 1].copy(),
            "life0": st.pl[:, L.PL_LIFE, 0].copy(),
            "life1": st.pl[:, L.PL_LIFE, 1].copy(),
            "decisions": fl[:, L.F_DECISIONS].copy(),
            "condition_turn": np.where(fl[:, L.F_COND_TURN] > 0, fl[:, L.F_COND_TURN],
                                       -1).astype(np.int64),
        }

    def records(self):
        """What the games recorded for the statistics (kernels/record.py, turnrecord.py),
        as numpy arrays: "turns" [game, player, R_*, game turn] (simcore/layout.py
        REC_PLANES: lands, land drops, lands in hand and life at each turn's end, mana
        available as its precombat main phase began; -1 where not recorded); "first" the
        player who took the first turn; "final_turn" the game turn the game ended in
        (G_TURN: a turn-limit game ended as the turn after the limit began); per object
        slot [game, slot]: "card" (card id, -1 free), "owner", "token", "drawn" (the game
        turn it was first drawn, 0 = in the opening hand kept), "cast" (first cast or
        played) and "entered" (first on the battlefield), -1 = never; "zone" (Z_*, where
        the card is as the game ends: a card never cast that is still in hand was held)."""
        st = self.st
        return {"turns": self.fw.rec.copy(), "first": st.gm[:, L.G_FIRST].copy(),
                "final_turn": st.gm[:, L.G_TURN].copy(),
                "card": st.obj[:, L.O_CARD].copy(), "owner": st.obj[:, L.O_OWNER].copy(),
                "token": st.obj[:, L.O_TOKEN].copy(), "drawn": st.obj[:, L.O_DRAWN].copy(),
                "cast": st.obj[:, L.O_CAST].copy(), "entered": st.obj[:, L.O_ENTERED].copy(),
                "zone": st.obj[:, L.O_ZONE].copy()}

    # ---- the action encoding, decoded
    def decode_action(self, g, action):
        """What flat action `action` means at game g's open decision, as a dict: "decision"
        (its name), "act" (pass, keep, mulligan, bottom, play_land, cast, warp, activate,
        attack, block, done, answer) and, where they apply, "card"/"slot", "ability",
        "attacker"/"attacker_slot", "question"/"why", "value". Raises for an action that
        is not legal there."""
        fl = self.fw.fl[g]
        kind = int(fl[L.F_DKIND])
        a = int(action)
        if not (0 <= a < self._mask.shape[1] and self.legal_mask()[g, a]):
            raise PlaytestError(self._not_legal(g, a))
        out = {"decision": DECISION_NAMES[kind], "player": int(fl[L.F_DPLAYER])}
        v = int(self.fw.opts[g, E.option_of(a)]) if a != E.PASS else None
        if kind == K.D_MULLIGAN:
            out["act"] = "mulligan" if a == E.MULLIGAN else "keep"
        elif kind == K.D_BOTTOM:
            out.update(act="bottom", **self._card_at(g, v))
        elif kind == K.D_PRIORITY:
            if a == E.PASS:
                out["act"] = "pass"
            else:
                out.update(act=OPTION_NAMES[E.option_kind(v)],
                           **self._card_at(g, E.option_slot(v)))
                if E.option_kind(v) == K.OPT_ACTIVATE:
                    out["ability"] = E.option_ability(v)
        elif kind in (K.D_ATTACK, K.D_BLOCK):
            if a == E.PASS:
                out["act"] = "done"
            elif kind == K.D_ATTACK:
                out.update(act="attack", **self._card_at(g, v))
            else:
                out.update(act="block", **self._card_at(g, E.block_blocker(v)))
                att = self._card_at(g, E.block_attacker(v))
                out.update(attacker=att["card"], attacker_slot=att["slot"])
        else:
            q = int(fl[L.F_QKIND])
            out.update(question=ASK_NAMES.get(q, str(q)),
                       why=K.WHY_NAMES.get(int(self.st.gm[g, L.G_ASK_WHY]), "?"))
            if a == E.PASS:
                out["act"] = "done"
            else:
                out["act"] = "answer"
                if q in (K.ASK_OBJECT, K.ASK_OBJECTS, K.ASK_CARDS, K.ASK_COUNTERS,
                         K.ASK_ORDER):
                    if E.is_player_value(v):
                        out["value"] = f"player {E.value_player(v)}"
                    else:
                        out.update(**self._card_at(g, v))
                        out["value"] = out["card"]
                elif q == K.ASK_YESNO:
                    out["value"] = "yes" if v else "no"
                elif int(self.st.gm[g, L.G_ASK_WHY]) == K.W_TRIGGER_ORDER:
                    out["value"] = self.pool.card_name(int(self.st.pq[g, L.QI_CARD, v]))
                elif q == K.ASK_MANA:
                    out["value"] = format_mana(ManaCost(pips=tuple(E.unpack_mana(v))))
                else:
                    out["value"] = v
        return out

    def describe_action(self, g, action):
        """One line for a person: "cast Llanowar Elves", "block Craw Wurm with Giant Spider",
        "answer target: player 1", ..."""
        d = self.decode_action(g, action)
        act = d["act"]
        if act in ("play_land", "cast", "warp", "activate", "attack", "bottom"):
            text = {"play_land": "play", "warp": "cast for warp"}.get(act, act) + " " + d["card"]
            return text + (f" (ability {d['ability']})" if act == "activate" else "")
        if act == "block":
            return f"block {d['attacker']} with {d['card']}"
        if act == "answer":
            return f"answer {d['why']}: {d['value']}"
        if act == "done" and d["decision"] == "question":
            return f"done ({d['why']})"
        return act

    def _not_legal(self, g, a):
        """One line: game g's action a is not legal, and what is."""
        fl = self.fw.fl[g]
        ok = np.flatnonzero(self.legal_mask()[g])
        runs, k = [], 0
        while k < len(ok):                          # 0, 1-4 rather than 0, 1, 2, 3, 4
            j = k
            while j + 1 < len(ok) and ok[j + 1] == ok[j] + 1:
                j += 1
            runs.append(str(ok[k]) if j == k else f"{ok[k]}-{ok[j]}")
            k = j + 1
        return (f"game {self.game0 + g}: action {int(a)} is not legal at its "
                f"{DECISION_NAMES.get(int(fl[L.F_DKIND]), '?')} decision (player "
                f"{int(fl[L.F_DPLAYER])} decides; legal actions: {', '.join(runs) or 'none'})")

    def _card_at(self, g, slot):
        return {"card": self.pool.card_name(int(self.st.obj[g, O_CARD, slot])),
                "slot": int(slot)}

    @property
    def n_games(self):
        return self.st.gm.shape[0]

    # ---- views for tests and agents
    def zone_cards(self, g, p, zone):
        """Card ids player p owns in `zone` in game g (library: top first)."""
        st = self.st
        if zone == K.Z_LIBRARY:
            n = st.pl[g, PL_LIB_N, p]
            return [int(st.obj[g, O_CARD, st.lib[g, p, k]]) for k in range(n - 1, -1, -1)]
        mask = (st.obj[g, O_ZONE] == zone) & (st.obj[g, O_OWNER] == p) & (st.obj[g, O_CARD] >= 0)
        return sorted(int(c) for c in st.obj[g, O_CARD][mask])

    def hand_slots(self, g, p):
        st = self.st
        return [int(i) for i in np.nonzero((st.obj[g, O_ZONE] == K.Z_HAND) &
                                           (st.obj[g, O_OWNER] == p) & (st.obj[g, O_CARD] >= 0))[0]]

    # ---- London mulligan (103.5)
    def mulligan(self, g, p):
        mulligan_py(self.st, g, p, OPENING_HAND)
        self.fw.fl[g, L.F_LOG_N] = -1       # the state changed outside a transaction

    def mulligans(self, g, p):
        return int(self.st.pl[g, PL_MULLIGANS, p])

    def bottom(self, g, slot):
        if bottom_card_py(self.st, g, slot) != K.ST_OK:
            raise PlaytestError(f"slot {slot} is not a card in hand")
        self.fw.fl[g, L.F_LOG_N] = -1
