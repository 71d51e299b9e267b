"""Kinds of engine question (consts ASK_*), read by the code that asks (choice.py) and the
code that answers (flow.py, players/asking.py)."""
from ..consts import ASK_CARDS, ASK_COUNTERS, ASK_OBJECTS
from ..jit import kernel


@kernel
def list_question_nb(kind):
    """Questions answered with a list of values (picked one at a time by agents)."""
    return kind == ASK_OBJECTS or kind == ASK_CARDS or kind == ASK_COUNTERS
