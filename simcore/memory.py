"""Freed memory kept for the next batch (glibc's malloc settings).

A batch's arrays (tens to hundreds of MB) and each round's temporaries are freed and
allocated again and again. glibc's defaults hand memory back to the OS at once (arrays over
its mmap threshold, and free space over 128 KiB at the heap's top), so the next allocation
pays a page fault per 4 KiB page on first touch: 17,700 faults in a 4,000-game greedy run
on one thread, ~6% of its time (paired runs: x1.06 with the settings below, 8,000 to 0
faults). Here the heap serves allocations up to 32 MiB (glibc's largest mmap threshold) and
keeps up to 1 GiB of free space. Set once, when simcore is imported (set at the first
GameBatch instead, they gained nothing measurable: the heap laid out while numba's cache
loads matters too); left alone when the user set glibc's own MALLOC_* variables, or with
PLAYTEST_KEEP_MEMORY=0.
"""
import ctypes
import os
import sys

M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD = -1, -2, -3
SETTINGS = ((M_MMAP_THRESHOLD, 32 << 20), (M_TRIM_THRESHOLD, 1 << 30), (M_TOP_PAD, 64 << 20))
ENV_OFF = "PLAYTEST_KEEP_MEMORY"
_done = None


def keep_freed_memory():
    """Apply SETTINGS once per process (glibc only). True if they are in force."""
    global _done
    if _done is None:
        _done = _apply()
    return _done


def _apply():
    if not sys.platform.startswith("linux") or os.environ.get(ENV_OFF, "1") == "0" or \
            any(k in os.environ for k in ("MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_",
                                          "MALLOC_MMAP_THRESHOLD_")):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):      # not glibc
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return all(mallopt(param, value) == 1 for param, value in SETTINGS)
