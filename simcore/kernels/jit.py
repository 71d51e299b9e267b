"""The decorators used by every kernel: numba njit with an on-disk cache.

Two compile-time measures (cold compile of the rules core, measured on this 2-core machine):
- numba specialises a callee for every literal int argument (`fail_nb(st, g, E_TAPPED, i)`
  and `fail_nb(st, g, E_SICK, i)` were two compiles) and for every integer width (a slot read
  from an int32 plane or computed as int64): 263 specialisations in all. Our dispatchers
  drop literal types and widen integer scalars to int64 before choosing an overload, so each
  kernel compiles about once.
- `kernel` functions are only called from other kernels, so they get no CPython wrapper;
  `entry` functions are the ones Python calls.
"""
from numba import njit, types

_OPTIONS = dict(cache=True, nogil=True)


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
    return _unliteral_dispatch(njit(no_cpython_wrapper=True, **_OPTIONS)(fn))


def entry(fn):
    """A kernel Python calls directly."""
    return _unliteral_dispatch(njit(**_OPTIONS)(fn))


def parallel_entry(fn):
    """A kernel Python calls directly whose `prange` loop runs over numba's threads
    (NUMBA_NUM_THREADS)."""
    return _unliteral_dispatch(njit(parallel=True, **_OPTIONS)(fn))
