"""The simplest compiled players: the random one and the first legal one (agents/basic.py
RandomAgent, FirstLegalAgent: each picks exactly what its act() picks)."""
from ..jit import kernel
from ..kernels.noise import seed_at_nb, uniform_nb


@kernel
def random_action_nb(base, game0, decisions, g, row):
    """The random agent's pick: the legal action with the largest of the decision's
    uniform numbers (agents/basic.py RandomAgent)."""
    s = seed_at_nb(base, game0, g, decisions)
    best = 0
    top = -1.0
    for a in range(row.shape[0]):
        s, u = uniform_nb(s)
        if row[a] and u > top:
            top = u
            best = a
    return best


@kernel
def first_action_nb(row):
    """The first-legal agent's pick: the lowest legal action, else PASS."""
    for a in range(row.shape[0]):
        if row[a]:
            return a
    return 0
