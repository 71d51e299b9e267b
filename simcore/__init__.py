"""playtest's simulation core: card loading, compilation, the batch engine and its kernels."""

__version__ = "0.1.0"
