"""Games on threads: numba's thread count (NUMBA_NUM_THREADS, numba.set_num_threads) of
Python threads, each running nogil kernels over its own games with its own scratch lane.

Why not numba's prange: a parallel region compiled the engine's whole tree again (minutes of
cold compile; the greedy agent 18 s instead of a few), and numba drops writes made through a
NamedTuple's attributes in a prange body. No kernel uses prange.
"""
import threading
from concurrent.futures import ThreadPoolExecutor

import numba

MIN_CHUNK = 16
# fewer live games than this run on the calling thread: in the last rounds of a 10,000-game
# batch (under 1% live) handing out ranges took 3.2 ms a round on two threads, 1.2 on one
SERIAL_LIVE = 128
_POOLS = {}
_LANE = threading.local()


def _pool(threads):
    """A pool of `threads` worker threads, each knowing its lane number (0..threads-1): the
    scratch lane its kernels use (kernels/scratch.py)."""
    if threads not in _POOLS:
        ids = iter(range(threads))
        lock = threading.Lock()

        def name_lane():
            with lock:
                _LANE.k = next(ids)

        _POOLS[threads] = ThreadPoolExecutor(max_workers=threads,
                                             thread_name_prefix="playtest",
                                             initializer=name_lane)
    return _POOLS[threads]


def in_ranges(n, fn, split=8, live=None):
    """fn(lo, hi, lane) over ranges of games 0..n-1 on numba's thread count
    (NUMBA_NUM_THREADS, numba.set_num_threads) of Python threads; fn must release the GIL
    (a nogil kernel). `lane`: the thread's number (0 on the calling thread). `split` ranges
    per thread: many small ones balance uneven work (games), one each suits even work.
    `live`: how many of the games still play, if known (few: one range, this thread). Why
    not numba's prange: a parallel region compiles far slower (the engine's tree twice over;
    the greedy agent 18 s instead of a few)."""
    threads = numba.get_num_threads()
    if threads <= 1 or n < 2 * MIN_CHUNK or (live is not None and live < SERIAL_LIVE):
        fn(0, n, 0)
        return
    size = max(MIN_CHUNK, -(-n // (threads * split)))
    list(_pool(threads).map(lambda lo: fn(lo, min(lo + size, n), _LANE.k),
                            range(0, n, size)))


def on_threads(fn, live=None):
    """fn(lane) once on each of numba's thread count of Python threads (lane 0..threads-1),
    for kernels that share out their work themselves (flow.step_games_nb); on this thread
    alone when there is one, or few games still play (`live` < SERIAL_LIVE)."""
    threads = numba.get_num_threads()
    if threads <= 1 or (live is not None and live < SERIAL_LIVE):
        fn(0)
        return
    list(_pool(threads).map(lambda _: fn(_LANE.k), range(threads)))
