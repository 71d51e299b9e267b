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

And how much memory is free for a batch (`memory_available`), so that a batch too big for
the machine is refused in one line before it is made, not a MemoryError or the kernel's
OOM killer after a cold compile.
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


def memory_available():
    """Bytes of memory free for a new allocation, or None if unknown: Linux's MemAvailable
    (elsewhere the physical memory), and no more than a cgroup's limit leaves (a
    container's memory.max)."""
    free = None
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    free = int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    if free is None:
        try:
            free = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            return None
    try:
        with open("/sys/fs/cgroup/memory.max") as f, \
                open("/sys/fs/cgroup/memory.current") as g:
            top, used = f.read().strip(), int(g.read())
        if top.isdigit():
            free = min(free, max(0, int(top) - used))
    except (OSError, ValueError):
        pass
    return free
