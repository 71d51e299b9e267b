"""The action kernel: one entry point that takes an action (consts A_*) for game g, performs
it, then does what happens before a player would receive priority (SBAs, triggers onto the
stack). Returns a status; on ST_NEED/ST_ILLEGAL/ST_CAPACITY the caller restores the state."""
from ..consts import (
    A_ACTIVATE,
    A_ADVANCE,
    A_ATTACK,
    A_BLIGHT,
    A_BLOCK,
    A_CAST,
    A_DAMAGE,
    A_DESTROY,
    A_ENTER,
    A_NEXT_STEP,
    A_PLAY_LAND,
    A_PROLIFERATE,
    A_PUT_COUNTERS,
    A_RESOLVE,
    E_GAME_OVER,
    E_LAND_DROP,
    E_NO_PERMISSION,
    E_NOT_A_LAND,
    E_NOT_IN_ZONE,
    E_STEP,
    E_TIMING,
    EXP_PLAY,
    ST_OK,
    T_LAND,
    Z_BATTLEFIELD,
    Z_EXILE,
    Z_HAND,
)
from ..jit import entry, kernel
from ..layout import (
    C_TYPES,
    G_ERR,
    G_TAPE_POS,
    G_WINNER,
    O_CARD,
    O_CAST,
    O_CFLAGS,
    O_EX_KIND,
    O_KICKS,
    O_OWNER,
    O_X,
    O_ZONE,
    PL_LANDS,
)
from .choice import fail_nb
from .counters import blight_nb, proliferate_nb, put_counters_nb
from .damage import damage_nb
from .ops import destroy_nb
from .priority import settle_nb
from .query import exile_permission_nb
from .record import record_first_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .stack import activate_nb, cast_nb, resolve_top_nb, sorcery_timing_nb
from .turn import advance_nb, attack_nb, block_nb, next_steps_nb
from .zones import enter_bf_nb


@kernel
def land_drop_error_nb(st, ct, g, slot):
    """0 if the card in `slot` may be played as a land now, else the E_* reason. 305.1-305.2:
    a land drop: your main phase, empty stack, one per turn; from hand, or from exile with a
    permission to play it (timing and the limit still apply)."""
    c = st.obj[g, O_CARD, slot]
    p = st.obj[g, O_OWNER, slot]
    if (ct.card[c, C_TYPES] & T_LAND) == 0:
        return E_NOT_A_LAND
    z = st.obj[g, O_ZONE, slot]
    if z == Z_EXILE:
        if st.obj[g, O_EX_KIND, slot] != EXP_PLAY or not exile_permission_nb(st, g, slot, p):
            return E_NO_PERMISSION
    elif z != Z_HAND:
        return E_NOT_IN_ZONE
    if not sorcery_timing_nb(st, g, p):
        return E_TIMING
    if st.pl[g, PL_LANDS, p] >= 1:
        return E_LAND_DROP
    return 0


@kernel
def play_land_nb(st, ct, g, slot):
    """Play the land in `slot` (305.1): it enters; the turn's land drop is used."""
    e = land_drop_error_nb(st, ct, g, slot)
    if e != 0:
        return fail_nb(st, g, e, slot)
    p = st.obj[g, O_OWNER, slot]
    b = scratch_nb(st, g, 2)
    slots = st.scr[b:b + 1]
    ctrls = st.scr[b + 1:b + 2]
    slots[0] = slot
    ctrls[0] = p
    st.obj[g, O_X, slot] = 0
    st.obj[g, O_KICKS, slot] = 0
    st.obj[g, O_CFLAGS, slot] = 0
    s = enter_bf_nb(st, ct, g, slots, ctrls, 1, -1)
    record_first_nb(st, g, slot, O_CAST)       # "cast or played"
    st.pl[g, PL_LANDS, p] += 1
    return s


@kernel
def perform_nb(st, ct, g, act):
    k = act[0]
    if st.gm[g, G_WINNER] >= 0 and k != A_ADVANCE:
        return fail_nb(st, g, E_GAME_OVER, 0)
    if k == A_ACTIVATE:
        return activate_nb(st, ct, g, act[1], act[2])
    if k == A_CAST:
        return cast_nb(st, ct, g, act[1], act[2], act[3], act[4])
    if k == A_PLAY_LAND:
        return play_land_nb(st, ct, g, act[1])
    if k == A_RESOLVE:
        return resolve_top_nb(st, ct, g)
    if k == A_ADVANCE:
        return advance_nb(st, ct, g, act[1], act[2])
    if k == A_ATTACK:
        n = act[1]
        return attack_nb(st, ct, g, act[2:2 + n], n)
    if k == A_BLOCK:
        n = act[1]
        b = scratch_nb(st, g, 2 * n)
        bl = st.scr[b:b + n]
        at = st.scr[b + n:b + 2 * n]
        for j in range(n):
            bl[j] = act[2 + 2 * j]
            at[j] = act[3 + 2 * j]
        return block_nb(st, ct, g, bl, at, n)
    if k == A_PUT_COUNTERS:
        t = act[1]
        if t >= 0 and st.obj[g, O_ZONE, t] != Z_BATTLEFIELD:
            return fail_nb(st, g, E_NOT_IN_ZONE, t)
        put_counters_nb(st, g, t, act[2], act[3])
        return ST_OK
    if k == A_PROLIFERATE:
        return proliferate_nb(st, ct, g, act[1])
    if k == A_BLIGHT:
        s, done = blight_nb(st, ct, g, act[1], act[2], False)
        return s
    if k == A_DAMAGE:
        t = act[1]
        if t >= 0 and st.obj[g, O_ZONE, t] != Z_BATTLEFIELD:
            return fail_nb(st, g, E_NOT_IN_ZONE, t)
        damage_nb(st, ct, g, t, act[2], -1, 0)
        return ST_OK
    if k == A_DESTROY:
        t = act[1]
        if st.obj[g, O_ZONE, t] != Z_BATTLEFIELD:
            return fail_nb(st, g, E_NOT_IN_ZONE, t)
        return destroy_nb(st, ct, g, t)[0]
    if k == A_ENTER:
        n = act[2]
        b = scratch_nb(st, g, 2 * n)
        slots = st.scr[b:b + n]
        ctrls = st.scr[b + n:b + 2 * n]
        for j in range(n):
            slots[j] = act[3 + j]
            ctrls[j] = act[1]
            st.obj[g, O_OWNER, slots[j]] = act[1]
        return enter_bf_nb(st, ct, g, slots, ctrls, n, -1)
    if k == A_NEXT_STEP:
        return next_steps_nb(st, ct, g, act[1] != 0)
    return fail_nb(st, g, E_STEP, k)


@entry
def run_action_py(st, ct, g, act):
    """run_action_nb for Python (the scenario runner). Kernels call the kernel itself: an
    entry links and optimises its whole tree, so calling an entry from kernels compiled the
    rules engine twice (measured: 11.6 s of a 106 s cold compile)."""
    return run_action_nb(st, ct, g, act)


@kernel
def run_action_nb(st, ct, g, act):
    """Perform `act` in game g, then settle (SBAs and triggers) as a player would get
    priority. Answers come from the choice tape, which is read from its start."""
    st.gm[g, G_TAPE_POS] = 0
    st.gm[g, G_ERR] = 0
    mark = scratch_mark_nb(st, g)
    s = perform_nb(st, ct, g, act)
    if s == ST_OK:
        s = settle_nb(st, ct, g)
    scratch_release_nb(st, g, mark)
    return s
