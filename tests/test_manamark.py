"""The potential mana kept in the State (kernels/manamark.py): every kernel that writes what
mana.count_potential_mana_nb reads clears it, and a kept count is the count."""
import ast
from pathlib import Path

import numpy as np

from agents import GreedyAgent, RandomAgent
from simcore import layout as L
from simcore.game import GameBatch

from support import POOL, every_card_decks, ids

SIMCORE = Path(__file__).resolve().parents[1] / "simcore"
# what the count reads: object planes (zones, controllers, tapped and summoning-sick flags,
# until-end-of-turn types and creature types, which card an object is) and arrays
PLANES = {"O_ZONE", "O_CTRL", "O_TAPPED", "O_SICK", "O_EOT_TYPES", "O_EOT_CHG", "O_CARD"}
ARRAYS = {"p_pool", "o_counters"}


def writes(fn):
    """The inputs of the count that function `fn` (an ast.FunctionDef) assigns in `st`."""
    out = set()
    for node in ast.walk(fn):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AugAssign) else []
        for t in targets:
            if not (isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute) and
                    isinstance(t.value.value, ast.Name) and t.value.value.id == "st"):
                continue
            if t.value.attr in ARRAYS:
                out.add(t.value.attr)
            elif t.value.attr == "obj":
                out |= {n.id for n in ast.walk(t.slice) if isinstance(n, ast.Name)} & PLANES
    return out


def calls(fn, name):
    return any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == name
               for n in ast.walk(fn))


def unmarked(source):
    """Kernels in `source` that write an input of the count without mark_mana_nb (or, as
    stack.undo_trial_nb, restoring G_POT_KNOWN with the rest of the game)."""
    bad = []
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, ast.FunctionDef) and writes(fn) and \
                not calls(fn, "mark_mana_nb") and "G_POT_KNOWN" not in ast.unparse(fn):
            bad.append(fn.name)
    return bad


def test_every_write_to_what_potential_mana_counts_marks():
    bad = {f.name: unmarked(f.read_text()) for d in ("kernels", "players")
           for f in sorted((SIMCORE / d).glob("*.py"))}
    assert not {k: v for k, v in bad.items() if v}, bad


def test_the_check_finds_a_missing_mark():
    """The check above is not vacuous: a tap without the mark is found, with it not."""
    tap = "def tap_nb(st, g, i):\n    st.obj[g, O_TAPPED, i] = 1\n"
    assert unmarked(tap) == ["tap_nb"]
    assert unmarked(tap + "    mark_mana_nb(st, g)\n") == []
    assert unmarked("def f(st, g):\n    st.p_pool[g, 0, 1] += 2\n") == ["f"]


def test_kept_potential_mana_is_the_count_in_audited_games():
    """With the options audit on, every priority check with a kept count counts again
    (F_OPT_AUDIT bit 64) and must agree, in two-player and goldfish games, greedy and
    random, with every built-in card; and checks are skipped because no candidate's cost
    fits the mana (bit 32)."""
    d0, d1 = every_card_decks()
    ways = 0
    for deck0, deck1 in ((d0, d1), (ids("elves_morcant"), ids("goblins_burn_blight")),
                         (ids("mono_green_curve"), None)):
        for agent in (RandomAgent(), GreedyAgent()):
            b = GameBatch(POOL, deck0, deck1, n_games=60, seed=21, start="random",
                          max_turns=20)
            b.fw.fl[:, L.F_OPT_AUDIT] = 1
            b.play([agent, agent] if deck1 is not None else [agent],
                   np.random.default_rng(4))
            assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
            ways |= np.bitwise_or.reduce(b.fw.fl[:, L.F_OPT_AUDIT])
    assert ways & 64 and ways & 32, ways
