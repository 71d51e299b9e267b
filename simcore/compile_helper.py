"""The cold compile on two cores: a helper process compiles part of the kernel tree.

A cold `step_games_nb` types and lowers ~145 kernels one after the other in one process
(numba compiles bottom-up from the entry), then optimises and emits the whole tree. When a
GameBatch finds that entry uncached, it starts this module as a second process and compiles
`step_games_nb` first. The helper compiles the subtrees the main process reaches last
(`PLAN`: resolving spells and abilities, turn steps), writing each kernel as an IR record
(kernels/kernelcache.py); the main process loads what the helper has finished when it gets
there (and the helper loads what the main process finished). Then the helper compiles the
entries the main process needs after the game entry (set-up, legal mask, decision noise,
view) into numba's ordinary cache. Nothing waits for the helper: whatever it has not
finished in time the main process compiles itself, so the helper changes compile time only,
never results. The scenario runner starts it as well when its own entry (`run_action_py`)
is cold: PLAN's rules kernels are in that tree too. PLAYTEST_COMPILE_HELPER=0 turns it off.
"""
import atexit
import importlib
import os
import subprocess
import sys
import time

import numpy as np
from numba import typeof, types

from .kernels import lazylink

ENV_OFF = "PLAYTEST_COMPILE_HELPER"
_IN_HELPER = "_PLAYTEST_IN_COMPILE_HELPER"

# kernels the helper compiles, each with its subtree, in this order: (module, name, argument
# kinds: st = State, ct = CardTable, fw = Flow, i = int64, a = int64 array). The main
# process reaches them last (numba compile events of a cold run; tests/test_compile.py
# checks that these are the types the engine uses).
K_ = "simcore.kernels."
PLAN = [(K_ + "stack", "resolve_top_nb", "st ct i"),
        (K_ + "turn", "advance_nb", "st ct i i i"),
        (K_ + "turn", "attack_nb", "st ct i a i"),
        (K_ + "turn", "block_nb", "st ct i a a i"),
        (K_ + "flow", "attack_options_nb", "st ct fw i"),
        (K_ + "flow", "block_options_nb", "st ct fw i"),
        (K_ + "setup", "mulligan_nb", "st i i i"),
        (K_ + "setup", "bottom_card_nb", "st i i"),
        (K_ + "flow", "instant_candidates_nb", "st ct i"),
        (K_ + "stack", "cast_payable_nb", "st ct i i i a"),
        (K_ + "flow", "same_game_nb", "st i st i"),
        (K_ + "flow", "declare_picked_nb", "st st ct fw i i"),
        (K_ + "flow", "txn_answer_nb", "st st ct fw i i a i")]

_started = []
_agents = []


def register_agent(cls):
    """An agent class whose act() compiles numba code: the helper calls it once on a small
    view with nothing to decide, so that code is in numba's cache when the main process
    first asks the agent."""
    name = f"{cls.__module__}:{cls.__qualname__}"
    if name not in _agents:
        _agents.append(name)
    return cls


def entry_cached(entry):
    """Whether numba's cache holds `entry` (a warm start needs no helper)."""
    if getattr(entry, "overloads", True):
        return True         # compiled already, or NUMBA_DISABLE_JIT: nothing to compile
    cf = getattr(getattr(entry, "_cache", None), "_cache_file", None)
    path = getattr(cf, "_index_path", None)
    return path is None or os.path.exists(path)


def start_if_cold(entry=None):
    """Start the helper once per process if `entry` (default: the game entry; the scenario
    runner passes its own, whose kernel tree holds PLAN's rules kernels) is not cached.
    True if started."""
    if entry is None:
        from .kernels.flow import step_games_nb as entry
    if _started or os.environ.get(ENV_OFF, "1") == "0" or os.environ.get(_IN_HELPER) or \
            not lazylink.ACTIVE or _cores() < 2 or entry_cached(entry):
        return False
    env = dict(os.environ, **{_IN_HELPER: "1"})
    try:
        p = subprocess.Popen([sys.executable, "-m", "simcore.compile_helper", str(os.getpid())]
                             + _agents,
                             env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    except OSError:
        return False
    _started.append(p)
    atexit.register(_stop, p)
    return True


def _cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:          # not on Linux
        return os.cpu_count() or 1


def _stop(p):
    if p.poll() is None:
        p.terminate()


def compile_game_entry(st, ct, fw):
    """Compile step_games_nb now, for the types GameBatch passes it (so the helper's work on
    the set-up entry is ready when that entry is first called)."""
    from .kernels.flow import step_games_nb
    s = typeof(st)
    step_games_nb.compile((s, s, s, typeof(ct), typeof(fw), types.int64[::1],
                           types.int64[::1], types.int64, types.boolean, types.int64,
                           types.int64))


def _examples():
    from .compile import make_pool
    from .game import alloc_flow
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
    from .game import view_dict
    mod, cls = name.split(":")
    agent = getattr(importlib.import_module(mod), cls)()
    n = fw.fl.shape[0]
    view = view_dict(st, ct, fw, np.zeros((n, fw.opts.shape[1] + 1)))
    return lambda: agent.act(view, np.zeros((n, fw.opts.shape[1] + 1), bool),
                             np.random.default_rng(0))


def main(parent, agents=()):
    """The helper process: PLAN's kernels, then the entries needed after the game entry.
    It notes when each was done in helper.log beside the kernel records."""
    t0 = time.perf_counter()
    from .game import base_seed
    from .kernels.flow import decision_noise_nb, first_illegal_nb, legal_mask_nb
    from .kernels.setup import start_games_nb
    from .kernels.view import visible_objects_nb
    pool, st, ct, fw = _examples()
    deck = np.zeros(8, np.int64)
    one = np.zeros(1, np.int64)
    jobs = [(getattr(importlib.import_module(m), name), plan_signature(st, ct, fw, kinds))
            for m, name, kinds in PLAN]
    jobs += [(start_games_nb, tuple(typeof(a) for a in (
                 st, ct, deck, deck[:0], base_seed(0), one, 0, 7))),
             (legal_mask_nb, (typeof(fw), typeof(np.zeros((1, 2), bool)))),
             (first_illegal_nb, (typeof(fw), typeof(one), typeof(0))),
             (decision_noise_nb, tuple(typeof(a) for a in (
                 base_seed(0), 0, fw.fl, np.zeros((1, 2)), 0, 1))),
             (visible_objects_nb, tuple(typeof(a) for a in (
                 st.obj, fw.fl, fw.opts, np.zeros_like(st.obj), 0, 1)))]
    from .kernels.kernelcache import ir_dir
    os.makedirs(ir_dir(), exist_ok=True)
    with open(os.path.join(ir_dir(), "helper.log"), "a") as log:
        jobs = [(lambda d=d, s=s: d.compile(s), d.py_func.__qualname__) for d, s in jobs]
        jobs += [(_agent_job(a, st, ct, fw), a) for a in agents]
        for job, name in jobs:
            if os.getppid() != parent:
                return              # the main process is gone
            try:
                job()
            except Exception as e:      # noqa: BLE001 (the main process compiles it then)
                print(f"{name}: {type(e).__name__}: {e}", file=log, flush=True)
                continue
            print(f"{time.perf_counter() - t0:6.1f} s  {name}", file=log, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2:])
