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


def test_no_kernel_calls_an_entry():
    """An entry links and optimises its whole tree of kernels and emits machine code for it;
    called from a kernel, that work is done a second time inside the caller (kernels/jit.py).
    Kernels therefore call kernels only: read from the sources, every call inside a jitted
    function names no @entry function."""
    import ast
    files = sorted((ROOT / "simcore" / "kernels").glob("*.py")) + \
        sorted((ROOT / "agents").glob("*.py"))
    trees = {f: ast.parse(f.read_text()) for f in files}

    def decorated(tree, name):
        return [fn for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and
                any(isinstance(d, ast.Name) and d.id == name for d in fn.decorator_list)]

    entries = {fn.name for t in trees.values() for fn in decorated(t, "entry")}
    assert {"step_games_nb", "run_action_py", "pt_nb"} <= entries
    bad = []
    for f, t in trees.items():
        for fn in decorated(t, "kernel") + decorated(t, "entry"):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                        node.func.id in entries and node.func.id != fn.name:
                    bad.append(f"{f.name}: {fn.name} calls {node.func.id}")
    assert not bad, bad
