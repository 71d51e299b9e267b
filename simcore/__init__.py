"""playtest's simulation core: card loading, compilation, the batch engine and its kernels."""
from .memory import keep_freed_memory

__version__ = "0.1.0"

# before the numba cache and the first batch allocate: set later (at the first GameBatch),
# the same settings gained nothing measurable (memory.py)
keep_freed_memory()
