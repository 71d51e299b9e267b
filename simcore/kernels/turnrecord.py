"""What games record per player and game turn for the statistics (the Flow's `rec`,
simcore/layout.py REC_PLANES): lands, land drops, lands in hand and life at each turn's end,
and the mana available as its precombat main phase begins. The game loop writes them between
actions (kernels/flow.py), so no rollback can undo them; nothing reads them while a game
plays, so they change no game."""
from ..consts import T_LAND, Z_BATTLEFIELD, Z_HAND
from ..jit import kernel
from ..layout import (
    C_TYPES,
    F_REC_MAIN,
    F_REC_TURN,
    F_RECORD,
    G_TURN,
    O_CARD,
    O_CTRL,
    O_OWNER,
    O_ZONE,
    PL_LANDS,
    PL_LIFE,
    R_DROPS,
    R_HAND_LANDS,
    R_LANDS,
    R_LIFE,
    R_MANA,
)
from .mana import potential_mana_nb
from .zonebits import next_nonlib_nb


@kernel
def record_turn_end_nb(st, ct, fw, g):
    """At this turn's cleanup (or the game's end), once per turn: each player's lands, land
    drops, lands in hand and life."""
    t = st.gm[g, G_TURN]
    if fw.fl[g, F_RECORD] == 0 or fw.fl[g, F_REC_TURN] >= t or t >= fw.rec.shape[3]:
        return
    fw.fl[g, F_REC_TURN] = t
    lands0 = 0
    lands1 = 0
    hand0 = 0
    hand1 = 0
    i = -1
    while True:
        i = next_nonlib_nb(st, g, i)
        if i >= st.obj.shape[2]:
            break
        c = st.obj[g, O_CARD, i]
        if c < 0 or (ct.card[c, C_TYPES] & T_LAND) == 0:
            continue
        z = st.obj[g, O_ZONE, i]
        if z == Z_BATTLEFIELD:
            if st.obj[g, O_CTRL, i] == 0:
                lands0 += 1
            else:
                lands1 += 1
        elif z == Z_HAND:
            if st.obj[g, O_OWNER, i] == 0:
                hand0 += 1
            else:
                hand1 += 1
    fw.rec[g, 0, R_LANDS, t] = lands0
    fw.rec[g, 1, R_LANDS, t] = lands1
    fw.rec[g, 0, R_HAND_LANDS, t] = hand0
    fw.rec[g, 1, R_HAND_LANDS, t] = hand1
    for p in range(2):
        fw.rec[g, p, R_DROPS, t] = st.pl[g, PL_LANDS, p]
        fw.rec[g, p, R_LIFE, t] = st.pl[g, PL_LIFE, p]


@kernel
def record_main_nb(st, ct, fw, g):
    """As this turn's precombat main phase begins, once per turn: the mana each player's
    untapped sources could make."""
    t = st.gm[g, G_TURN]
    if fw.fl[g, F_RECORD] == 0 or fw.fl[g, F_REC_MAIN] >= t or t >= fw.rec.shape[3]:
        return
    fw.fl[g, F_REC_MAIN] = t
    for p in range(2):
        fw.rec[g, p, R_MANA, t] = min(potential_mana_nb(st, ct, g, p), 32767)
