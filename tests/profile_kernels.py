"""Where a game's time goes: the engine's kernels timed by the CPU's cycle counter, one
thread, on an instrumented copy of simcore (the engine itself carries no timers).

    python tests/profile_kernels.py                      # mono-green vs goblins, greedy
    python tests/profile_kernels.py --vs none --games 5000        # goldfish
    python tests/profile_kernels.py --deck elves_morcant

The copy (a temporary folder, its own compile cache: the first run compiles, ~1 min) wraps
each kernel of WRAPPED so that it adds its cycles and calls to cells at the end of its
State's scratch lanes (lane 1, unused on one thread), and times the game loop's engine steps,
resolutions and decisions at their call sites. Figures are inclusive (a settle inside an
engine step counts in both) and the counter read costs ~25 cycles a call, so they are
shares, not a sum; docs/performance.md, "What a game costs", quotes them. Why by hand: no
profiler sees inside numba's compiled code here (perf's hardware counters are not available
in this VM, and numba's code has no symbols a sampling profiler could name).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (module, kernel, its arguments, the State argument whose scratch gets the figures, cell);
# a module's path from simcore/kernels/
WRAPPED = [
    ("options", "priority_options_nb", "st, dry, dg, ct, fw, g, p", "st", 0,
     "priority checks"),
    ("../players/asking", "policy_action_nb",
     "st, ct, fw, g, policy, piece, base, game0, row, rule, weights, facts", "st", 3,
     "compiled players' decisions"),
    ("priority", "settle_nb", "st, ct, g", "st", 6, "settles (SBAs, triggers)"),
    ("sba", "sba_pass_nb", "st, ct, g", "st", 7, "  state-based action passes"),
    ("gamecopy", "copy_game_nb", "dst, dg, src, g", "src", 8, "whole-game copies"),
    ("mana", "autopay_nb", "st, ct, g, p, need, gen, hyb, nh", "st", 9, "autopay"),
    ("mana", "count_potential_mana_nb", "st, ct, g, p", "st", 10, "potential mana counts"),
    ("candidates", "candidates_nb", "st, ct, g", "st", 11, "candidate counts"),
    ("options", "option_legal_nb", "st, dry, dg, ct, fw, g, act, a, pot, cnt", "st", 12,
     "  cast and activation checks"),
    ("options", "legal_now_nb", "st, dry, dg, ct, g, act", "st", 13, "  dry runs"),
    ("turn", "next_step_nb", "st, ct, g", "st", 14, "  steps begun (turn structure)"),
    ("stack", "cast_nb", "st, ct, g, slot, x, alt, kicks", "st", 15, "casts"),
    ("stack", "resolve_top_nb", "st, ct, g", "st", 16, "  resolutions (effects)"),
    ("flow", "game_over_nb", "st, ct, fw, g", "st", 17, "game-over checks"),
    ("turnrecord", "record_turn_end_nb", "st, ct, fw, g", "st", 18, "turn records"),
]
SITES = {1: "engine steps (A_NEXT_STEP)", 2: "resolving (A_RESOLVE)",
         4: "decisions applied (casts, lands, attacks...)", 5: "whole games"}
CALLS = 40          # cell + CALLS: the calls
RDTSC = '''from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic


@intrinsic
def rdtsc(typingctx):
    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
        return builder.call(fn, [])
    return types.int64(), codegen
'''


def add(sv, k):
    return (f"    {sv}.scr[{sv}.scr.shape[0] - 1 - {k}] += rdtsc() - t0\n"
            f"    {sv}.scr[{sv}.scr.shape[0] - 1 - {CALLS + k}] += 1\n")


def edit(path, old, new):
    s = path.read_text()
    if s.count(old) != 1:
        raise SystemExit(f"profile_kernels: {path.name} changed: update this script ({old!r})")
    path.write_text(s.replace(old, new))


def instrument(root):
    k = root / "simcore" / "kernels"
    (k / "prof.py").write_text(RDTSC)
    for mod, name, args, sv, cell, _ in WRAPPED:
        p = k / f"{mod}.py"
        edit(p, f"def {name}(", f"def {name}_raw(")
        p.write_text(p.read_text() + f"\n\n@kernel\ndef {name}({args}):\n    t0 = rdtsc()\n"
                     f"    r = {name}_raw({args})\n" + add(sv, cell) + "    return r\n")
    for mod in {w[0] for w in WRAPPED} | {"flow"}:
        edit(k / f"{mod}.py", "from ..jit import ",
             "from simcore.kernels.prof import rdtsc\nfrom ..jit import ")
    flow = k / "flow.py"
    for a0, cell in (("A_NEXT_STEP, 1,", 1), ("A_RESOLVE, 0,", 2)):
        s = flow.read_text().replace(f"if txn_start_nb(st, snap, ct, fw, g, {a0}",
                                     f"if timed_txn_nb(st, snap, ct, fw, g, {cell}, {a0}")
        flow.write_text(s)
    flow.write_text(flow.read_text() + (
        "\n\n@kernel\ndef timed_txn_nb(st, snap, ct, fw, g, cell, a0, a1, a2, a3, a4):\n"
        "    t0 = rdtsc()\n    r = txn_start_nb(st, snap, ct, fw, g, a0, a1, a2, a3, a4)\n"
        "    st.scr[st.scr.shape[0] - 1 - cell] += rdtsc() - t0\n"
        f"    st.scr[st.scr.shape[0] - 1 - {CALLS} - cell] += 1\n    return r\n"))
    edit(flow, "            mark = take_game_nb(",
         "            t0 = rdtsc()\n            mark = take_game_nb(")
    edit(flow, "                             limit, rule, weights, facts)\n"
               "            scratch_release_nb(st, g, mark)\n",
         "                             limit, rule, weights, facts)\n"
         + add("st", 5).replace("    ", "            ")
         + "            scratch_release_nb(st, g, mark)\n")
    edit(flow, "    p = fw.fl[g, F_DPLAYER]\n    if kind == D_MULLIGAN:",
         "    p = fw.fl[g, F_DPLAYER]\n    t0 = rdtsc()\n    if kind == D_MULLIGAN:")
    edit(flow, "            return\n    run_to_decision_nb(st, snap, dry, dg, ct, fw, g)",
         "            return\n" + add("st", 4) + "    run_to_decision_nb(st, snap, dry, dg, ct, fw, g)")


def play(deck, vs, games):
    """In the instrumented copy: play, then print the table."""
    import numba
    numba.set_num_threads(1)
    import time

    import numpy as np

    from agents import GreedyAgent
    from experiments.bench import DECKS
    from simcore.cards.compile import make_pool
    from simcore.decks import load_deck
    from simcore.game import GameBatch, deck_ids
    pool = make_pool()
    ids0 = deck_ids(pool, load_deck(DECKS / f"{deck}.txt", pool))
    ids1 = None if vs == "none" else deck_ids(pool, load_deck(DECKS / f"{vs}.txt", pool))

    def batch(n):
        b = GameBatch(pool, ids0, ids1, n_games=n, seed=1, start="random", max_turns=30)
        b.play([GreedyAgent(), GreedyAgent()] if ids1 is not None else [GreedyAgent()],
               np.random.default_rng(1))
        return b
    batch(20)                               # compiled, and the cells' lane warm
    t = time.perf_counter()
    b = batch(games)
    secs = time.perf_counter() - t
    cells = sum(s.scr[-2 * CALLS:][::-1].astype(np.int64)
                for s in (b.st, b.snap, b.lane_snap, b.dry))
    total = cells[5]
    print(f"{deck} vs {vs}, greedy: {games} games on one thread, {games / secs:,.0f} games/s "
          f"instrumented; {total / games:,.0f} cycles a game")
    names = dict(SITES)
    names.update({w[4]: w[5] for w in WRAPPED})
    for cell in sorted(names, key=lambda c: -cells[c]):
        print(f"  {names[cell]:46s} {cells[cell] / games:9,.0f} cycles a game  "
              f"{cells[cell] / total:6.1%}  {cells[CALLS + cell] / games:7.1f} calls a game")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deck", default="mono_green_curve")
    ap.add_argument("--vs", default="goblins_burn_blight", help="a deck, or none (goldfish)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--copy", help="the instrumented copy's folder (kept; default: temporary)")
    ap.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.play:
        return play(a.deck, a.vs, a.games)
    where = Path(a.copy) if a.copy else Path(tempfile.mkdtemp(prefix="playtest-profile-"))
    try:
        for part in ("simcore", "agents", "experiments", "examples"):
            shutil.rmtree(where / part, ignore_errors=True)     # the sources as they are now
            shutil.copytree(ROOT / part, where / part,
                            ignore=shutil.ignore_patterns("__pycache__"))
        instrument(where)
        shutil.copy(__file__, where / "profile_kernels.py")
        env = dict(os.environ, PYTHONPATH=str(where), PLAYTEST_CACHE_DIR=str(where / ".cache"))
        return subprocess.run([sys.executable, str(where / "profile_kernels.py"), "--play",
                               "--deck", a.deck, "--vs", a.vs, "--games", str(a.games)],
                              env=env, cwd=where).returncode
    finally:
        if not a.copy:
            shutil.rmtree(where, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
