"""The kernels run as plain Python (NUMBA_DISABLE_JIT=1, the debugging mode of
docs/architecture.md) must play the very games the compiled kernels play.

Compiled code wraps an int16 or int32 store silently; Python and numpy scalars do not (or
warn), and numba intrinsics do not run as Python at all. The zone bitmaps once relied on both
(a store of bit 15 into an int16 word, `trailing_zeros`), so the debugging mode failed on the
first card drawn."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from pure_python_games import play_all

TESTS = Path(__file__).resolve().parent


def test_kernels_as_python_play_the_same_games(tmp_path):
    out = tmp_path / "python.npz"
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONWARNINGS="ignore")
    r = subprocess.run([sys.executable, str(TESTS / "pure_python_games.py"), str(out)],
                       cwd=TESTS, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    python = np.load(out)
    compiled = play_all()
    assert set(python.files) == set(compiled)
    for k in sorted(compiled):
        np.testing.assert_array_equal(python[k], compiled[k], err_msg=k)
    # the games went somewhere: several turns each, some won
    assert (compiled["greedy/turns"] >= 5).all() and (compiled["greedy/winner"] >= 0).any()
