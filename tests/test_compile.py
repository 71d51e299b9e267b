"""Compilation: entries are self-contained in the on-disk cache (kernels/lazylink.py)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Plays a few full games, then prints how many kernels (not entries) this process compiled.
SCRIPT = """
import numpy as np
import simcore.kernels as K
from experiments.simulate import simulate
d = "examples/decks/"
df = simulate(d + "mono_green_curve.txt", vs=d + "goblins_burn_blight.txt", games=6, seed=3,
              agent="greedy", opponent_agent="random", start="random", progress=False,
              batch_size=6)
assert len(df) == 6 and df["decisions"].sum() > 6 * 20
n = 0
import importlib, pkgutil
for m in pkgutil.iter_modules(K.__path__):
    mod = importlib.import_module("simcore.kernels." + m.name)
    for v in vars(mod).values():
        if getattr(v, "playtest_kernel", False):
            n += len(v.overloads)
print("KERNELS_COMPILED", n)
"""


def run_script():
    r = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                       text=True, env=dict(os.environ))
    assert r.returncode == 0, r.stderr[-3000:]
    line = [x for x in r.stdout.splitlines() if x.startswith("KERNELS_COMPILED")][0]
    return int(line.split()[1])


def test_warm_start_loads_entries_whole_and_compiles_no_kernel():
    """With a warm cache a process runs whole games from the entries' cached machine code
    alone: no kernel is compiled (lazy linking put every kernel an entry calls into that
    entry's code), and nothing is missing (an unresolved kernel would abort the process)."""
    run_script()                      # warms the cache if this is the first run
    assert run_script() == 0
