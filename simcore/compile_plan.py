"""What the compile helper (simcore/jit/helper.py) compiles, and when it is started.

numba types bottom-up from an entry, so a cold game process works through the kernel tree
in a fixed order. The helper takes the subtrees the main process reaches last (`PLAN`:
resolving spells and abilities, the turn steps, combat, the flow layer's answer and declare
kernels), writing each as a kernel record the main process loads when it gets there; then
the set-up, mask, noise and view entries, then the agents that registered (`register_agent`)
into numba's cache, which the main process finds when it first calls them.
tests/test_compile.py runs this plan, then a cold game process that must compile none of it
and play the same games.
"""
import importlib

import numpy as np
from numba import typeof, types

from .jit import helper
from .kernels.flow import (
    decision_noise_nb,
    first_illegal_nb,
    legal_mask_nb,
    step_games_nb,
)
from .kernels.setup import start_games_nb
from .kernels.view import visible_objects_nb

# kernels the helper compiles, each with its subtree, in this order: (module, name, argument
# kinds: st = State, ct = CardTable, fw = Flow, i = int64, a = int64 array). The main
# process reaches them last (numba compile events of a cold run; tests/test_compile.py
# checks that these are the types the engine uses).
K_ = "simcore.kernels."
PLAN = [(K_ + "stack", "resolve_top_nb", "st ct i"),
        (K_ + "turn", "advance_nb", "st ct i i i"),
        (K_ + "turn", "attack_nb", "st ct i a i"),
        (K_ + "turn", "block_nb", "st ct i a a i"),
        (K_ + "options", "attack_options_nb", "st ct fw i"),
        (K_ + "options", "block_options_nb", "st ct fw i"),
        (K_ + "setup", "mulligan_nb", "st i i i"),
        (K_ + "setup", "bottom_card_nb", "st i i"),
        (K_ + "candidates", "candidates_nb", "st ct i"),
        (K_ + "stack", "cast_payable_nb", "st ct i i i i a"),
        (K_ + "gamecopy", "same_game_nb", "st i st i"),
        (K_ + "flow", "declare_picked_nb", "st st ct fw i i"),
        (K_ + "txn", "txn_answer_nb", "st st ct fw i i a i")]
# entries the main process calls after the game entry, in the helper's order
ENTRIES = ("start_games_nb", "legal_mask_nb", "first_illegal_nb", "decision_noise_nb",
           "visible_objects_nb")

_agents = []


def register_agent(cls):
    """Class decorator for an agent whose act() compiles numba code: on a cold start the
    helper calls it once on a small view with nothing to decide, so that its code is in
    numba's cache when the main process first asks the agent."""
    name = f"{cls.__module__}:{cls.__qualname__}"
    if name not in _agents:
        _agents.append(name)
    return cls


def game_entry_cached():
    """Is the game engine in the compile cache (a warm start)?"""
    return helper.entry_cached(step_games_nb)


def start_if_cold(entry=None):
    """Start the helper once per process if `entry` (default: the game entry; the scenario
    runner passes its own, whose kernel tree holds PLAN's rules kernels) is not cached.
    True if started."""
    return helper.start_if_cold(step_games_nb if entry is None else entry, __name__, _agents)


def game_entry_types(st, ct, fw):
    """The types GameBatch passes step_games_nb."""
    s = typeof(st)
    return (s, s, s, typeof(ct), typeof(fw), types.int64[::1], types.int64[::1], types.int64,
            types.boolean, types.int64, types.int64, types.int64[::1], types.boolean[:, ::1],
            types.uint64, types.int64, types.boolean[:, ::1], types.int64,
            types.int64[:, ::1], types.int64[:, ::1], types.int64[:, ::1])


def compile_game_entry(st, ct, fw):
    """Compile step_games_nb now, for the types GameBatch passes it (so the helper's work on
    the set-up entry is ready when that entry is first called)."""
    step_games_nb.compile(game_entry_types(st, ct, fw))


def compile_search_entry(st, ct, fw):
    """Compile the search player's game entry (players/searchgames.py) for GameBatch's types,
    before the threads call it: only runs with a search player compile it."""
    from .players.searchgames import search_games_nb
    search_games_nb.compile(game_entry_types(st, ct, fw) + (
        typeof(st), typeof(fw), types.int64[:, ::1], types.int64[::1], types.int64[:, ::1]))


def _examples():
    from .cards.compile import make_pool
    from .flowstate import alloc_flow
    from .state import alloc_state
    pool = make_pool()
    ct = pool.compile()
    # two games: a column of a one-row array would be contiguous, unlike in a batch
    st = alloc_state(2, pool.n_kinds, M=16, S=16, lanes=1)
    return pool, st, ct, alloc_flow(2, 30)


def plan_signature(st, ct, fw, kinds):
    by = {"st": typeof(st), "ct": typeof(ct), "fw": typeof(fw), "i": types.int64,
          "a": types.int64[::1]}
    return tuple(by[k] for k in kinds.split())


def _agent_job(name, st, ct, fw):
    from .flowstate import view_dict
    mod, cls = name.split(":")
    agent = getattr(importlib.import_module(mod), cls)()
    n = fw.fl.shape[0]
    view = view_dict(st, ct, fw, np.zeros((n, fw.opts.shape[1] + 1)))
    return lambda: agent.act(view, np.zeros((n, fw.opts.shape[1] + 1), bool),
                             np.random.default_rng(0))


def jobs(agents=()):
    """The helper's jobs, in order: (name, callable)."""
    from .seeds import base_seed
    pool, st, ct, fw = _examples()
    deck = np.zeros(8, np.int64)
    one = np.zeros(1, np.int64)
    out = [(d.py_func.__qualname__, (d, sig)) for d, sig in
           [(getattr(importlib.import_module(m), name), plan_signature(st, ct, fw, kinds))
            for m, name, kinds in PLAN]]
    entries = {
        "start_games_nb": (start_games_nb, tuple(typeof(a) for a in (
            st, ct, deck, deck[:0], base_seed(0), one, 0, 7, 0, 1, 0))),
        "legal_mask_nb": (legal_mask_nb, (typeof(fw), typeof(np.zeros((1, 2), bool)))),
        "first_illegal_nb": (first_illegal_nb, (typeof(fw), typeof(one), typeof(0))),
        "decision_noise_nb": (decision_noise_nb, tuple(typeof(a) for a in (
            base_seed(0), 0, fw.fl, np.zeros((1, 2)), 0, 1))),
        "visible_objects_nb": (visible_objects_nb, tuple(typeof(a) for a in (
            st.obj, fw.fl, fw.opts, np.zeros_like(st.obj), 0, 1)))}
    out += [(name, entries[name]) for name in ENTRIES]
    out = [(name, lambda d=d, s=s: d.compile(s)) for name, (d, s) in out]
    return out + [(a, _agent_job(a, st, ct, fw)) for a in agents]
