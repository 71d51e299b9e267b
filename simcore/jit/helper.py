"""The cold compile on two cores: a helper process compiles part of the kernel tree.

A cold game entry types and lowers ~145 kernels one after the other in one process (numba
compiles bottom-up from the entry), then optimises and emits the whole tree. When the main
process finds its entry uncached, it starts this module as a second process. The helper
runs a list of compile jobs that a plan module gives it (simcore/compile_plan.py: the
subtrees the main process reaches last, then the entries it needs after the game entry,
then the agents that registered), writing kernels as IR records (records.py) and entries
into numba's ordinary cache; the main process loads what the helper has finished when it
gets there. Nothing waits for the helper: whatever it has not finished in time the main
process compiles itself, so the helper changes compile time only, never results.
PLAYTEST_COMPILE_HELPER=0 turns it off.

This module knows nothing about games: the plan module is named on the command line
(`python -m simcore.jit.helper PLAN_MODULE PARENT_PID [ARGS...]`) and provides
`jobs(args) -> [(name, callable)]`.
"""
import atexit
import importlib
import os
import subprocess
import sys
import time

from . import lazylink

ENV_OFF = "PLAYTEST_COMPILE_HELPER"
_IN_HELPER = "_PLAYTEST_IN_COMPILE_HELPER"
_started = []


def entry_cached(entry):
    """Whether numba's cache holds `entry` (a warm start needs no helper)."""
    if getattr(entry, "overloads", True):
        return True         # compiled already, or NUMBA_DISABLE_JIT: nothing to compile
    cf = getattr(getattr(entry, "_cache", None), "_cache_file", None)
    path = getattr(cf, "_index_path", None)
    return path is None or os.path.exists(path)


def start_if_cold(entry, plan_module, args=()):
    """Start the helper once per process if `entry` is not cached, to run `plan_module`'s
    jobs (with `args`). True if started."""
    if _started or os.environ.get(ENV_OFF, "1") == "0" or os.environ.get(_IN_HELPER) or \
            not lazylink.ACTIVE or cores() < 2 or entry_cached(entry):
        return False
    env = dict(os.environ, **{_IN_HELPER: "1"})
    try:
        p = subprocess.Popen([sys.executable, "-m", __name__, plan_module, str(os.getpid())]
                             + list(args),
                             env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    except OSError:
        return False
    _started.append(p)
    atexit.register(_stop, p)
    return True


def cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:          # not on Linux
        return os.cpu_count() or 1


def _stop(p):
    if p.poll() is None:
        p.terminate()


def run_jobs(jobs, parent, log_path):
    """Run each (name, job) in order, noting in `log_path` when each was done; stop when
    the parent process is gone. A job that fails is logged and skipped (the main process
    then compiles that code itself)."""
    t0 = time.perf_counter()
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    with open(log_path, "a") as log:
        for name, job in jobs:
            if os.getppid() != parent:
                return              # the main process is gone
            try:
                job()
            except Exception as e:      # noqa: BLE001 (the main process compiles it then)
                print(f"{name}: {type(e).__name__}: {e}", file=log, flush=True)
                continue
            print(f"{time.perf_counter() - t0:6.1f} s  {name}", file=log, flush=True)


def main(argv):
    plan_module, parent, args = argv[0], int(argv[1]), argv[2:]
    from .records import ir_dir
    plan = importlib.import_module(plan_module)
    run_jobs(plan.jobs(args), parent, os.path.join(ir_dir(), "helper.log"))


if __name__ == "__main__":
    main(sys.argv[1:])
