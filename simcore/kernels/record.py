"""What games record per card for the statistics: the game turn it was first drawn, cast (or
played) and on the battlefield (object planes o_drawn, o_cast, o_entered; per player and
turn: kernels/turnrecord.py).

Records change no game: kernels only write them, nothing reads them while a game plays. They
live in the State, so a rolled-back action takes its records back with it. A batch that
does not record (f_record = 0, so gm record = 0) writes none, which is what `playtest bench`
compares against."""
from ..consts import Z_HAND
from ..jit import kernel
from ..layout import (
    F_RECORD,
    G_RECORD,
    G_TURN,
    O_CARD,
    O_CAST,
    O_DRAWN,
    O_ENTERED,
    O_ZONE,
)


@kernel
def record_first_nb(st, g, i, plane):
    """Object i's record `plane` (O_DRAWN, O_CAST, O_ENTERED) := this turn, the first time."""
    if st.gm[g, G_RECORD] != 0 and st.obj[g, plane, i] < 0:
        st.obj[g, plane, i] = st.gm[g, G_TURN]


@kernel
def start_records_nb(st, fw, g):
    """The first turn begins: the kept opening hands are drawn on turn 0, nothing else yet
    (draws of mulligans do not count), and recording starts if the batch records."""
    record = fw.fl[g, F_RECORD] != 0
    st.gm[g, G_RECORD] = 1 if record else 0
    for i in range(st.obj.shape[2]):
        st.obj[g, O_DRAWN, i] = 0 if record and st.obj[g, O_ZONE, i] == Z_HAND and \
            st.obj[g, O_CARD, i] >= 0 else -1
        st.obj[g, O_CAST, i] = -1
        st.obj[g, O_ENTERED, i] = -1
