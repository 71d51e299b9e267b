"""Turn structure (500-514): steps and their turn-based actions, "at the beginning of" triggers,
mana emptying between steps (500.5), the first player's skipped draw (103.8a), cleanup
discard and damage removal (514), and advancing the game until a given step."""
from ..consts import (
    AK_TRIGGER,
    ASK_CARDS,
    ATK_AFTER_FS,
    ATK_FS_STEP,
    COND_SELF_HAS_COUNTERS,
    E_STACK_NOT_EMPTY,
    E_STEP,
    E_TRIGGER_IN_WAY,
    EV_BEGIN_COMBAT,
    EV_END_STEP,
    EV_UPKEEP,
    S_BEGIN_COMBAT,
    S_CLEANUP,
    S_COMBAT_DAMAGE,
    S_DECLARE_ATTACKERS,
    S_DECLARE_BLOCKERS,
    S_DRAW,
    S_END,
    S_END_COMBAT,
    S_UNTAP,
    S_UPKEEP,
    ST_OK,
    W_DISCARD,
    Z_GRAVEYARD,
)
from ..jit import kernel
from ..layout import (
    AB_COND,
    AB_EVENT,
    AB_KIND,
    AB_WHOSE,
    C_ABIL0,
    C_NABIL,
    DI_ABIL,
    DI_CTRL,
    DI_OBJ,
    DI_OID,
    DI_TURN,
    DI_WHEN,
    G_ACTIVE,
    G_ANY_ATTACKERS,
    G_D_N,
    G_FIRST,
    G_GOLDFISH,
    G_Q_N,
    G_SBA_DIRTY,
    G_STACK_N,
    G_STEP,
    G_TURN,
    G_WINNER,
    O_ATTACKING,
    O_BLOCKING,
    O_CARD,
    O_CTRL,
    O_DAMAGE,
    O_OID,
    O_RANK,
    O_SICK,
    O_TAPPED,
    PL_LANDS,
    QI_SUBJ_OID,
)
from .candidates import nothing_fits_nb
from .choice import ask_many_nb, fail_nb
from .combat import combat_damage_nb, declare_attackers_nb, declare_blockers_nb
from .manamark import mark_mana_nb
from .priority import settle_nb
from .query import attached_grants_nb, obj_has_counters_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .zonebits import next_bf_nb
from .zones import (
    draw_nb,
    end_eot_effects_nb,
    hand_slots_nb,
    move_card_nb,
    queue_trigger_nb,
)


@kernel
def empty_pools_nb(st, g):
    for p in range(2):
        for t in range(6):
            if st.p_pool[g, p, t] != 0:
                st.p_pool[g, p, t] = 0
                mark_mana_nb(st, g)


@kernel
def step_triggers_nb(st, ct, g, event):
    """Queue "at the beginning of ..." triggers; "your" steps are the active player's."""
    j = -1
    while True:
        j = next_bf_nb(st, g, j)
        if j >= st.obj.shape[2]:
            break
        c = st.obj[g, O_CARD, j]
        for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
            if ct.abil[a, AB_KIND] != AK_TRIGGER or ct.abil[a, AB_EVENT] != event:
                continue
            if ct.abil[a, AB_WHOSE] == 0 and st.obj[g, O_CTRL, j] != st.gm[g, G_ACTIVE]:
                continue
            if ct.abil[a, AB_COND] == COND_SELF_HAS_COUNTERS and not obj_has_counters_nb(st, g, j):
                continue   # 603.4: intervening "if"
            s = queue_trigger_nb(st, g, a, j, st.obj[g, O_OID, j], c, st.obj[g, O_CTRL, j], -1, -1, 0,
                                 st.obj[g, O_RANK, j])
            if s != ST_OK:
                return s
    return ST_OK


@kernel
def delayed_step_nb(st, g, when):
    """Delayed triggers waiting for this step (`when`: EV_END_STEP, EV_UPKEEP) of this turn
    or, with a turn, of a later one trigger now, once (603.7c); the others wait on."""
    keep = 0
    for d in range(st.gm[g, G_D_N]):
        if st.dl[g, DI_WHEN, d] != when or st.dl[g, DI_TURN, d] >= st.gm[g, G_TURN]:
            for f in range(st.dl.shape[1]):
                st.dl[g, f, keep] = st.dl[g, f, d]
            keep += 1
            continue
        i = st.dl[g, DI_OBJ, d]
        s = queue_trigger_nb(st, g, st.dl[g, DI_ABIL, d], i, st.dl[g, DI_OID, d], st.obj[g, O_CARD, i],
                             st.dl[g, DI_CTRL, d], i, st.obj[g, O_CARD, i], 0, st.obj[g, O_RANK, i])
        if s != ST_OK:
            return s
        st.pq[g, QI_SUBJ_OID, st.gm[g, G_Q_N] - 1] = st.dl[g, DI_OID, d]
    st.gm[g, G_D_N] = keep
    return ST_OK


@kernel
def cleanup_nb(st, ct, g):
    """514.1: discard to seven; 514.2: damage wears off, "until end of turn" effects end."""
    p = st.gm[g, G_ACTIVE]
    M = st.obj.shape[2]
    b = scratch_nb(st, g, 2 * M)
    hand = st.scr[b:b + M]
    out = st.scr[b + M:b + 2 * M]
    n = hand_slots_nb(st, g, p, hand)
    if n > 7:
        s, m = ask_many_nb(st, ct, g, ASK_CARDS, W_DISCARD, p, hand, n, n - 7, n - 7, True, out)
        if s != ST_OK:
            return s
        for k in range(m):
            move_card_nb(st, g, out[k], Z_GRAVEYARD)
    # every zone change clears damage and these effects (set_zone_nb): only permanents
    # can hold any
    i = -1
    while True:
        i = next_bf_nb(st, g, i)
        if i >= M:
            break
        st.obj[g, O_DAMAGE, i] = 0
        end_eot_effects_nb(st, g, i)
    return ST_OK


@kernel
def begin_step_nb(st, ct, g):
    """Turn-based actions as a step begins, and its "at the beginning of" triggers."""
    s = st.gm[g, G_STEP]
    p = st.gm[g, G_ACTIVE]
    if s == S_UNTAP:
        mark_mana_nb(st, g)
        i = -1
        while True:
            i = next_bf_nb(st, g, i)
            if i >= st.obj.shape[2]:
                break
            if st.obj[g, O_CTRL, i] == p:
                if ct.meta[3] == 0 or attached_grants_nb(st, ct, g, i)[3] == 0:
                    st.obj[g, O_TAPPED, i] = 0     # 502.3, but for what "doesn't untap"
                st.obj[g, O_SICK, i] = 0       # controlled since this turn began (302.6)
        return ST_OK
    if s == S_UPKEEP:
        r = step_triggers_nb(st, ct, g, EV_UPKEEP)
        if r != ST_OK or st.gm[g, G_D_N] == 0:
            return r
        return delayed_step_nb(st, g, EV_UPKEEP)
    if s == S_DRAW:
        # 103.8a: the player who plays first skips the draw of the first turn (a goldfish
        # player on the draw takes turn 1 while the absent opponent "played first")
        if st.gm[g, G_TURN] != 1 or p != st.gm[g, G_FIRST]:
            draw_nb(st, g, p, 1)
        return ST_OK
    if s == S_BEGIN_COMBAT:
        return step_triggers_nb(st, ct, g, EV_BEGIN_COMBAT)
    if s == S_COMBAT_DAMAGE:
        return combat_damage_nb(st, ct, g)
    if s == S_END:
        r = step_triggers_nb(st, ct, g, EV_END_STEP)
        if r != ST_OK:
            return r
        if st.gm[g, G_D_N] == 0:
            return ST_OK
        return delayed_step_nb(st, g, EV_END_STEP)
    if s == S_CLEANUP:
        return cleanup_nb(st, ct, g)
    return ST_OK


@kernel
def next_step_nb(st, ct, g):
    """End the current step (mana empties, 500.5) and begin the next one."""
    empty_pools_nb(st, g)
    s = st.gm[g, G_STEP]
    if s == S_END_COMBAT:
        for i in range(st.obj.shape[2]):
            st.obj[g, O_ATTACKING, i] = 0
            st.obj[g, O_BLOCKING, i] = -1
        st.gm[g, G_ANY_ATTACKERS] = 0
    if s == S_CLEANUP:
        st.gm[g, G_TURN] += 1
        if st.gm[g, G_GOLDFISH] == 0:     # goldfish: the absent opponent takes no turns
            st.gm[g, G_ACTIVE] = 1 - st.gm[g, G_ACTIVE]
        st.gm[g, G_STEP] = S_UNTAP
        st.pl[g, PL_LANDS, 0] = 0
        st.pl[g, PL_LANDS, 1] = 0
    elif s == S_DECLARE_ATTACKERS and st.gm[g, G_ANY_ATTACKERS] == 0:
        st.gm[g, G_STEP] = S_END_COMBAT         # 508.8: no attackers, no blockers or damage step
    elif s == S_COMBAT_DAMAGE and st.gm[g, G_ANY_ATTACKERS] == ATK_FS_STEP:
        st.gm[g, G_ANY_ATTACKERS] = ATK_AFTER_FS    # 510.4: a second combat damage step
    else:
        st.gm[g, G_STEP] = s + 1
    return begin_step_nb(st, ct, g)


@kernel
def quiet_step_nb(st, ct, g):
    """Can nothing happen in the step that just began, so that the game loop would only see
    every player pass? No turn-based action in it (upkeep, end of combat, end step: 502-514),
    no trigger it put in waiting, nothing on the stack, no state-based action to check (the
    game unmarked: sbamark.py), and no player with a possible action at instant speed
    (candidates.nothing_fits_nb: what the priority check itself would skip)."""
    s = st.gm[g, G_STEP]
    if s != S_UPKEEP and s != S_END_COMBAT and s != S_END:
        return False
    if st.gm[g, G_Q_N] != 0 or st.gm[g, G_STACK_N] != 0 or st.gm[g, G_SBA_DIRTY] != 0 or \
            st.gm[g, G_WINNER] >= 0:
        return False
    for p in range(2):
        if not nothing_fits_nb(st, ct, g, p, False)[0]:
            return False
    return True


@kernel
def next_steps_nb(st, ct, g, fold):
    """A_NEXT_STEP: the next step begins; with `fold` (the game loop's steps) also the steps
    after it while nothing can happen in them (quiet_step_nb), as one action with one settle
    (run_action_nb). The settles skipped would have done nothing (no trigger waiting, the game
    unmarked), and every priority check in those steps would have found nothing, so the games
    are the same; a game took ~137 steps, ~40% of them such steps (issue 18 step 5)."""
    s = next_step_nb(st, ct, g)
    while fold and s == ST_OK and quiet_step_nb(st, ct, g):
        s = next_step_nb(st, ct, g)
    return s


@kernel
def advance_nb(st, ct, g, to, to_turn):
    """All players pass until step `to` begins (of turn `to_turn`, or the next time).
    Stops early when the game ends or a triggered ability goes on the stack."""
    if st.gm[g, G_WINNER] >= 0:
        return ST_OK
    if st.gm[g, G_STACK_N] > 0:
        return fail_nb(st, g, E_STACK_NOT_EMPTY, 0)
    mark = scratch_mark_nb(st, g)
    for _ in range(400):
        scratch_release_nb(st, g, mark)       # cells of the previous step
        prev = st.gm[g, G_STEP]
        s = next_step_nb(st, ct, g)
        if s != ST_OK:
            return s
        s = settle_nb(st, ct, g)
        if s != ST_OK:
            return s
        if st.gm[g, G_WINNER] >= 0:
            return ST_OK
        here = st.gm[g, G_STEP] == to
        if prev == S_DECLARE_ATTACKERS and st.gm[g, G_STEP] == S_END_COMBAT and \
                (to == S_DECLARE_BLOCKERS or to == S_COMBAT_DAMAGE):
            here = True   # a skipped step: stop at the next step that happens
        if here and (to_turn < 0 or st.gm[g, G_TURN] == to_turn):
            return ST_OK
        if st.gm[g, G_STACK_N] > 0:
            return ST_OK
        if to_turn >= 0 and st.gm[g, G_TURN] > to_turn:
            return fail_nb(st, g, E_STEP, to)
    return fail_nb(st, g, E_STEP, to)


@kernel
def attack_nb(st, ct, g, slots, n):
    """Advance into the declare attackers step and declare `slots` as attackers."""
    if st.gm[g, G_STACK_N] > 0:
        return fail_nb(st, g, E_STACK_NOT_EMPTY, 0)
    if st.gm[g, G_STEP] > S_BEGIN_COMBAT or st.gm[g, G_STEP] < S_UNTAP:
        return fail_nb(st, g, E_STEP, S_DECLARE_ATTACKERS)
    mark = scratch_mark_nb(st, g)
    while st.gm[g, G_STEP] < S_BEGIN_COMBAT:
        scratch_release_nb(st, g, mark)
        s = next_step_nb(st, ct, g)
        if s != ST_OK:
            return s
        s = settle_nb(st, ct, g)
        if s != ST_OK:
            return s
        if st.gm[g, G_STACK_N] > 0:
            return fail_nb(st, g, E_TRIGGER_IN_WAY, 0)
        if st.gm[g, G_WINNER] >= 0:
            return ST_OK
    empty_pools_nb(st, g)
    st.gm[g, G_STEP] = S_DECLARE_ATTACKERS
    return declare_attackers_nb(st, ct, g, slots, n)


@kernel
def block_nb(st, ct, g, blockers, attackers, n):
    if st.gm[g, G_STACK_N] > 0:
        return fail_nb(st, g, E_STACK_NOT_EMPTY, 0)
    if st.gm[g, G_STEP] != S_DECLARE_ATTACKERS or st.gm[g, G_ANY_ATTACKERS] == 0:
        return fail_nb(st, g, E_STEP, S_DECLARE_BLOCKERS)
    empty_pools_nb(st, g)
    st.gm[g, G_STEP] = S_DECLARE_BLOCKERS
    return declare_blockers_nb(st, ct, g, blockers, attackers, n)
