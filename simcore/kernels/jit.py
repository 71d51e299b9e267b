"""The decorators used by every kernel: numba njit with an on-disk cache.

Two compile-time measures (cold compile of the rules core, measured on this 2-core machine):
- numba specialises a callee for every literal int argument (`fail_nb(st, g, E_TAPPED, i)`
  and `fail_nb(st, g, E_SICK, i)` were two compiles; 263 specialisations in all). Our
  dispatchers drop literal types before choosing an overload, so each kernel compiles once per
  real type signature.
- `kernel` functions are only called from other kernels, so they get no CPython wrapper;
  `entry` functions are the ones Python calls.
"""
from numba import njit, types

_OPTIONS = dict(cache=True, nogil=True)


def _unliteral_dispatch(dispatcher):
    base = getattr(type(dispatcher), "get_call_template", None)
    if base is None:       # NUMBA_DISABLE_JIT=1: a plain Python function
        return dispatcher

    def get_call_template(args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return base(dispatcher, args, kws)

    dispatcher.get_call_template = get_call_template
    return dispatcher


def kernel(fn):
    """A kernel called only from other kernels."""
    return _unliteral_dispatch(njit(no_cpython_wrapper=True, **_OPTIONS)(fn))


def entry(fn):
    """A kernel Python calls directly."""
    return _unliteral_dispatch(njit(**_OPTIONS)(fn))
