"""numba kernels over the batch state, one module per rule area.

Every function takes the State (`st`), the CardTable (`ct`) and a game index `g`, or bare
arrays and scalars. Functions return an ST_* status where a decision or an error can arise.
How they are compiled and cached is simcore/jit/'s business.
"""
import simcore.jit  # noqa: F401  (numba's cache folder is set before any kernel loads)
