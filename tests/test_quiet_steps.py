"""Steps where nothing can happen advance as one action (turn.next_steps_nb, issue 18 step
5): the game loop's A_NEXT_STEP goes on through an upkeep, end of combat or end step with no
turn-based action (502-514), no trigger, nothing to check and nobody able to act at instant
speed (117.1: every player would pass), and stops where something could happen."""
import numpy as np

from simcore import consts as K
from simcore import layout as L
from simcore.kernels.actions import run_action_py
from simcore.kernels.sba import sba_passes_py
from simcore.scenario import Runner

from support import POOL

STEPS = list(K.STEP_NAMES)


def step_from(start, fold=1, hand1=(), perms1=(), perms0=(), turn=3):
    """The step a game is in after one A_NEXT_STEP (a1 = fold) from `start`: player 0 active,
    player 1 holding `hand1` with `perms1` (untapped) on the battlefield."""
    scen = {"name": "quiet steps", "turn": turn, "active": 0, "start_step": start,
            "player": [{"library": ["Forest"] * 5},
                       {"library": ["Forest"] * 5, "hand": list(hand1)}],
            "permanent": [{"ref": f"perm{k}", "card": c, "controller": who}
                          for k, (c, who) in enumerate([(c, 1) for c in perms1] +
                                                       [(c, 0) for c in perms0])]}
    r = Runner(POOL, "test", scen)
    r.setup()
    # a hand-set State starts marked for state-based actions (sbamark.py); the position
    # holds none, as the game loop's previous settle would have found
    assert sba_passes_py(r.st, r.ct, np.zeros(1, np.int64), 1) == 0
    r.st.gm[0, L.G_SBA_DIRTY] = 0
    act = np.zeros(8, np.int64)
    act[0], act[1] = K.A_NEXT_STEP, fold
    assert run_action_py(r.st, r.ct, 0, act) == K.ST_OK
    return STEPS[r.st.gm[0, L.G_STEP]], r


def test_quiet_steps_pass_in_one_action():
    """From the untap step the upkeep passes (nothing there) and the draw step begins (its
    turn-based draw, 504.1); from main 2 the end step passes and cleanup begins (514);
    after combat damage, end of combat passes and main 2 begins."""
    assert step_from("untap")[0] == "draw"
    assert step_from("main2")[0] == "cleanup"
    assert step_from("combat_damage")[0] == "main2"


def test_one_step_without_the_fold():
    """a1 = 0 (scenarios, advance_nb) begins only the next step."""
    assert step_from("untap", fold=0)[0] == "upkeep"
    assert step_from("main2", fold=0)[0] == "end"


def test_a_player_who_could_act_stops_the_fold():
    """An instant in hand with the mana to cast it (117.1: that player may act in the end
    step): the end step happens; without the mana it passes."""
    assert step_from("main2", hand1=["Lightning Bolt"], perms1=["Mountain"])[0] == "end"
    assert step_from("main2", hand1=["Lightning Bolt"])[0] == "cleanup"


def test_a_trigger_stops_the_fold():
    """An "at the beginning of your upkeep" trigger (503.1a: Contamination's) is put in
    waiting as the upkeep begins: the step happens."""
    s, r = step_from("untap", perms0=["Contamination"])
    assert s == "upkeep" and r.st.gm[0, L.G_STACK_N] + r.st.gm[0, L.G_Q_N] > 0
