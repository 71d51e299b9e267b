"""What happens whenever a player would receive priority (117.5, 704.3): state-based actions
until none apply, then waiting triggered abilities go on the stack; repeat."""
from ..consts import ST_OK
from ..jit import kernel
from ..layout import G_Q_N, G_WINNER
from .sba import run_sba_nb
from .stack import flush_triggers_nb


@kernel
def settle_nb(st, ct, g):
    for _ in range(1000):
        s = run_sba_nb(st, ct, g)
        if s != ST_OK:
            return s
        if st.gm[g, G_WINNER] >= 0:
            st.gm[g, G_Q_N] = 0       # the game is over: nothing more happens
            return ST_OK
        if st.gm[g, G_Q_N] == 0:
            return ST_OK
        s = flush_triggers_nb(st, ct, g)
        if s != ST_OK:
            return s
    return ST_OK
