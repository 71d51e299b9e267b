"""The compiled players: numba kernels that choose a game's actions inside the game loop, over
the rules kernels (simcore/kernels/) and beside them.

- `asking.py`: the one asking point. The rules ask a player there and nowhere else (the
  loop's decisions, engine questions where they arise); tests/test_imports.py holds it.
- `basic.py`: the random and first-legal players; `greedy.py`: greedy's scorers;
  `mulligan_rule.py`: the land-window mulligan rule (also the castability count's).
"""
import simcore.jit  # noqa: F401  (numba's cache folder is set before any kernel loads)
