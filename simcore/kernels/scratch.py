"""Scratch memory for kernels: a stack of int64 cells per thread in `st.scr`, instead of
np.empty/np.zeros in kernels.

Why: kernels are compiled without numba's reference-counted runtime (NRT): its atomic
increments and decrements on every array a kernel touched or passed on were a fifth of all
run time (perf), and small allocations cost malloc/free on top. Without NRT a kernel cannot
allocate, so temporary arrays come from here:

    b = scratch_nb(st, g, n)        # n zeroed cells
    cands = st.scr[b:b + n]         # a view: free without NRT

The lane of game g starts at `st.gm[g, G_SCRATCH]` (the thread running it: see
GameBatch._run); a lane is [top, end, high-water mark, cells...]. Cells are given back in
stack order with `scratch_mark_nb` / `scratch_release_nb` around loops and at the engine's
entry points; a lane that runs out raises an error (a leak, never silent corruption).
"""
import numpy as np

from ..jit import kernel
from ..layout import G_SCRATCH


@kernel
def scratch_nb(st, g, n):
    """Offset in st.scr of n zeroed cells for the running kernel."""
    base = st.gm[g, G_SCRATCH]
    b = st.scr[base]
    top = b + n
    if top > st.scr[base + 1]:
        raise RuntimeError("playtest: kernel scratch lane full (cells not released)")
    st.scr[base] = top
    if top > st.scr[base + 2]:
        st.scr[base + 2] = top
    # unsigned indices: numba wraps signed ones around (a negative index counts from the
    # end), and that check kept LLVM from turning the loop into a memset (perf: the scalar
    # loop was a quarter of activate_mana_nb's time)
    for k in range(np.uint64(b), np.uint64(top)):
        st.scr[k] = 0
    return b


@kernel
def scratch_mark_nb(st, g):
    return st.scr[st.gm[g, G_SCRATCH]]


@kernel
def scratch_release_nb(st, g, mark):
    """Give back every cell taken since `mark` (scratch_mark_nb)."""
    st.scr[st.gm[g, G_SCRATCH]] = mark
