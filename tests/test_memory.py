"""simcore/memory.py: a batch like the one before reuses its freed memory instead of taking
fresh pages from the OS (each a page fault on first touch)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent / "memory_faults.py"


def faults(**env):
    e = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    e.update(env)
    r = subprocess.run([sys.executable, str(SCRIPT)], env=e, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc settings")
def test_a_second_batch_reuses_the_first_ones_memory():
    kept = faults()
    plain = faults(PLAYTEST_KEEP_MEMORY="0")
    assert kept["kept"] and not plain["kept"]
    # 400 two-deck games: ~6 MB of state and as much snapshot; without the settings the
    # second batch faulted ~2,500 pages in (measured), with them almost none
    assert plain["faults"] > 500
    assert kept["faults"] < plain["faults"] // 5


def test_user_malloc_variables_are_left_alone():
    assert not faults(MALLOC_TOP_PAD_=str(1 << 20))["kept"]
