"""An atomic fetch-and-add on an int64 array cell, for threads that share a queue of games.

numba has no atomics on the CPU, so this emits LLVM's `atomicrmw add` itself. Under
NUMBA_DISABLE_JIT=1 the kernels run as Python and the same is done under a lock."""
import threading

import numba
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

if numba.config.DISABLE_JIT:
    _lock = threading.Lock()

    def fetch_add_nb(arr, i, v):
        """arr[i] += v under a lock; returns arr[i] as it was."""
        with _lock:
            old = int(arr[i])
            arr[i] = old + v
            return old
else:
    @intrinsic
    def fetch_add_nb(typingctx, arr, i, v):
        """arr[i] += v, atomically; returns arr[i] as it was (arr: int64, one dimension)."""
        if not (isinstance(arr, types.Array) and arr.dtype == types.int64 and arr.ndim == 1):
            return None
        sig = types.int64(arr, types.int64, types.int64)

        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, args[0])
            ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]])
            return builder.atomic_rmw("add", ptr, args[2], "seq_cst")

        return sig, codegen
