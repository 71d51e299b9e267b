"""The one decorator used by every kernel: numba njit with an on-disk cache."""
from numba import njit

kernel = njit(cache=True, nogil=True)
