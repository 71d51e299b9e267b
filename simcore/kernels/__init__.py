"""numba kernels over the batch state, one module per rule area.

Every function takes the State (`st`), the CardTable (`ct`) and a game index `g`, or bare
arrays and scalars. Functions return an ST_* status where a decision or an error can arise.

The on-disk compile cache lives in a folder named after a hash of every kernel source (and
the layout and constants they freeze): numba checks only a function's own file, so a kernel
calling a changed kernel in another module would otherwise load stale machine code.
Set NUMBA_CACHE_DIR or PLAYTEST_CACHE_DIR to choose the place.
"""
import hashlib
import os
from pathlib import Path


def kernel_cache_dir():
    here = Path(__file__).resolve().parent
    h = hashlib.sha1()
    for p in sorted(here.glob("*.py")) + [here.parent / "layout.py", here.parent / "consts.py"]:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    base = os.environ.get("PLAYTEST_CACHE_DIR") or \
        os.path.join(os.path.expanduser("~"), ".cache", "playtest")
    return os.path.join(base, "numba-" + h.hexdigest()[:16])


if not os.environ.get("NUMBA_CACHE_DIR"):
    import numba

    numba.config.CACHE_DIR = kernel_cache_dir()
