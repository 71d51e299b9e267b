"""The decorators used by every kernel: numba njit, entries with an on-disk cache.

Compile-time measures (cold compile, measured on this 2-core machine):
- numba specialises a callee for every literal int argument (`fail_nb(st, g, E_TAPPED, i)`
  and `fail_nb(st, g, E_SICK, i)` were two compiles) and for every integer width (a slot read
  from an int32 plane or computed as int64): 263 specialisations in all. Our dispatchers
  drop literal types and widen integer scalars to int64 before choosing an overload, so each
  kernel compiles about once.
- Lazy linking (`lazylink.py`): numba links every callee's code into each function it
  compiles, then optimises and emits machine code for that whole tree again, so the ~200
  kernels re-emitted the engine over and over (53% of the cold compile). A `kernel` keeps
  its own code only, as IR; an `entry` links the whole tree once. Kernels are therefore not
  cached on disk, emit no machine code (entries carry it) and get neither a CPython nor a C
  wrapper.

Run-time measure: kernels and entries run without numba's reference-counted runtime (NRT,
`_nrt=False`): its atomic increments/decrements on every array a kernel touched or passed on
were ~20% of all samples in perf. They therefore cannot allocate: temporary arrays come from
the State's scratch lanes (kernels/scratch.py). No kernel uses prange: game.in_ranges runs ranges
of games on Python threads (a parallel region compiled the engine's tree again).
"""
from numba import njit, types

from . import lazylink
from .records import KernelIRCache

_ENTRY = dict(cache=True, nogil=True, _nrt=False)
_KERNEL = dict(nogil=True, no_cpython_wrapper=True, no_cfunc_wrapper=True, _nrt=False,
               **lazylink.KERNEL_OPTIONS)


def _widen(t):
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.bitwidth < 64:
        return types.int64
    return t


def _unliteral_dispatch(dispatcher):
    base = getattr(type(dispatcher), "get_call_template", None)
    if base is None:       # NUMBA_DISABLE_JIT=1: a plain Python function
        return dispatcher

    def get_call_template(args, kws):
        args = tuple(_widen(a) for a in args)
        kws = {k: _widen(v) for k, v in kws.items()}
        return base(dispatcher, args, kws)

    dispatcher.get_call_template = get_call_template
    return dispatcher


def kernel(fn):
    """A kernel called only from other kernels."""
    d = _unliteral_dispatch(njit(**_KERNEL)(fn))
    d.playtest_kernel = True       # tests: a warm start compiles no kernel
    if lazylink.ACTIVE and hasattr(d, "_cache"):
        # kernels shared between processes as IR records (records.py)
        d._cache = KernelIRCache(d)
    return d


def entry(fn):
    """A kernel Python calls directly."""
    return _unliteral_dispatch(njit(**_ENTRY)(fn))

