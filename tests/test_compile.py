"""Compilation: entries are self-contained in the on-disk cache (simcore/jit/lazylink.py)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Plays a few full games, then prints how many kernels (not entries) this process compiled.
SCRIPT = """
import numpy as np
import simcore.kernels as K
import simcore.players as P
from experiments.simulate import simulate
d = "examples/decks/"
df = simulate(d + "mono_green_curve.txt", vs=d + "goblins_burn_blight.txt", games=6, seed=3,
              agent="greedy", opponent_agent="random", start="random", progress=False,
              batch_size=6)
assert len(df) == 6 and df["decisions"].sum() > 6 * 20
n = 0
import importlib, pkgutil
for pkg, m in [(pkg, m) for pkg in (K, P) for m in pkgutil.iter_modules(pkg.__path__)]:
    mod = importlib.import_module(pkg.__name__ + "." + m.name)
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
    called from a kernel, that work is done a second time inside the caller (simcore/jit/decorators.py).
    Kernels therefore call kernels only: read from the sources, every call inside a jitted
    function names no @entry function."""
    import ast
    files = sorted((ROOT / "simcore" / "kernels").glob("*.py")) + \
        sorted((ROOT / "simcore" / "players").glob("*.py")) + \
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


# Plays games greedy against greedy and prints, as JSON, what this process compiled itself
# (numba compile events), how many kernels it loaded from IR records, and the results.
GAMES = """
import json
import numpy as np
from numba.core import event
compiled = []
class Listen(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Listen())
from agents import GreedyAgent
from simcore.cards.compile import make_pool
from simcore.decks import load_deck
from simcore.game import GameBatch, deck_ids
from simcore.jit import records
pool = make_pool()
d = [deck_ids(pool, load_deck("examples/decks/" + f, pool))
     for f in ("mono_green_curve.txt", "goblins_burn_blight.txt")]
b = GameBatch(pool, d[0], d[1], n_games=12, seed=5, start="random")
b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0))
r = b.results()
print("JSON", json.dumps(dict(compiled=compiled, loaded=records.STATS["loaded"],
      results={k: np.asarray(r[k]).tolist() for k in ("winner", "turns", "decisions")})))
"""


def test_compile_helper_work_is_loaded_by_the_main_process(tmp_path):
    """simcore/jit/helper.py running simcore/compile_plan.py: the helper's kernels (PLAN) and
    entries, compiled in a process of their own, are what a game process then needs: with the helper's output on disk, a cold
    game process compiles none of them (their kernel records and cached entries load, so
    PLAN's argument types are the engine's), and plays exactly the games of this process."""
    import json

    import numpy as np

    from agents import GreedyAgent
    from simcore import compile_plan
    from simcore.cards.compile import make_pool
    from simcore.decks import load_deck
    from simcore.game import GameBatch, deck_ids
    env = dict(os.environ, PLAYTEST_CACHE_DIR=str(tmp_path), PLAYTEST_COMPILE_HELPER="0")
    env.pop("NUMBA_CACHE_DIR", None)
    subprocess.run([sys.executable, "-m", "simcore.jit.helper", "simcore.compile_plan",
                    str(os.getpid()), "agents.greedy:GreedyAgent"], cwd=ROOT, env=env,
                   check=True, timeout=600)
    log = next(tmp_path.glob("*/kernels-ir-*/helper.log")).read_text()
    names = [name for _, name, _ in compile_plan.PLAN] + list(compile_plan.ENTRIES) + \
        ["agents.greedy:GreedyAgent"]
    done = [line.split()[-1] for line in log.splitlines() if line.split()[1] == "s"]
    assert done == names, log
    r = subprocess.run([sys.executable, "-c", GAMES], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads([x for x in r.stdout.splitlines() if x.startswith("JSON")][0][5:])
    helped = set(names[:-1]) | {"greedy_actions_nb"}
    assert not helped & set(out["compiled"]), sorted(helped & set(out["compiled"]))
    assert "step_games_nb" in out["compiled"]           # the game entry itself was cold
    assert out["loaded"] >= 50                          # the PLAN subtrees, as records
    pool = make_pool()
    d = [deck_ids(pool, load_deck(ROOT / "examples/decks" / f, pool))
         for f in ("mono_green_curve.txt", "goblins_burn_blight.txt")]
    b = GameBatch(pool, d[0], d[1], n_games=12, seed=5, start="random")
    b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0))
    mine = b.results()
    for k, v in out["results"].items():
        assert np.asarray(mine[k]).tolist() == v, k
