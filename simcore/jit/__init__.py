"""The compile machinery of the kernels, kept apart from the rules they compile.

- `decorators.py`: `@kernel` (called only from kernels) and `@entry` (called from Python),
  numba's njit with the options every kernel shares.
- `lazylink.py`: a kernel keeps its own code; an entry links and optimises its whole tree once.
- `records.py`: kernels written to disk as IR records, so that two processes share one cold
  compile.
- `helper.py`: the second process of a cold compile (what it compiles: simcore/compile_plan.py).
- `atomic.py`: an atomic add for the threads that share a queue of games.
- `cachedir.py`: the on-disk cache, in a folder named after a hash of the sources.

Importing this package points numba's cache at that folder, before any kernel is compiled.
"""
from .cachedir import use_kernel_cache_dir

use_kernel_cache_dir()

from .decorators import entry, kernel  # noqa: E402  (after the cache folder is set)

__all__ = ["entry", "kernel"]
