"""Where compiled code is cached: a folder named after a hash of every source that affects
the kernels' machine code.

numba checks only a function's own file, so a kernel calling a changed kernel in another
module would otherwise load stale machine code. The hash covers the kernels (the rules and
the compiled players), this compile machinery, and the modules whose names the kernels
freeze as constants (layout, consts, encoding). numba's cache goes in that folder's name
followed by the Python, numba, llvmlite and numpy versions: environments with other versions
never load or overwrite each other's code. Set NUMBA_CACHE_DIR or PLAYTEST_CACHE_DIR to
choose the place.
"""
import hashlib
import os
import sys
from pathlib import Path

SIMCORE = Path(__file__).resolve().parents[1]
FROZEN = ("layout.py", "consts.py", "encoding.py")     # read by kernels as constants
KERNEL_DIRS = ("kernels", "players", "jit")     # the rules, the compiled players, this machinery


def machine_code_sources():
    """Every source file whose edit may change compiled code, in a fixed order."""
    files = [f for d in KERNEL_DIRS for f in sorted((SIMCORE / d).glob("*.py"))]
    return files + [SIMCORE / f for f in FROZEN if (SIMCORE / f).exists()]


def kernel_cache_dir():
    h = hashlib.sha1()
    for p in machine_code_sources():
        h.update(str(p.relative_to(SIMCORE)).encode())
        h.update(p.read_bytes())
    base = os.environ.get("PLAYTEST_CACHE_DIR") or \
        os.path.join(os.path.expanduser("~"), ".cache", "playtest")
    return os.path.join(base, "numba-" + h.hexdigest()[:16])


def use_kernel_cache_dir():
    """Point numba's cache at kernel_cache_dir() with the versions compiled with (unless
    NUMBA_CACHE_DIR chose a place)."""
    if not os.environ.get("NUMBA_CACHE_DIR"):
        import llvmlite
        import numba
        import numpy
        numba.config.CACHE_DIR = (
            f"{kernel_cache_dir()}-py{sys.version_info[0]}.{sys.version_info[1]}-numba"
            f"{numba.__version__}-llvmlite{llvmlite.__version__}-numpy{numpy.__version__}")
