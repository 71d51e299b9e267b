"""State-based actions (CR 704): every applicable one found from one snapshot and performed as
one event (704.3), repeated until none apply. Permanents leaving in a batch are remembered as
they were before the batch (704.8): a creature killed by -1/-1 counters is seen with its
+1/+1 counters too, although 704.5q would have cancelled them in the same batch."""
from ..consts import (
    ASK_OBJECT,
    CK_MINUS,
    CK_PLUS,
    CK_POISON,
    END_DECKED,
    END_LIFE,
    END_POISON,
    KW_INDESTRUCTIBLE,
    LOSS_DECKED,
    LOSS_LIFE,
    LOSS_POISON,
    ST_OK,
    SUP_LEGENDARY,
    T_CREATURE,
    T_PERMANENT,
    W_LEGEND,
    Z_BATTLEFIELD,
    Z_GONE,
    Z_GRAVEYARD,
)
from ..jit import entry, kernel
from ..layout import (
    AB_NTGT,
    AB_TGT0,
    C_EQUIPMENT,
    C_SPELL,
    C_SUPER,
    C_TYPES,
    G_SBA_AUDIT,
    G_SBA_DIRTY,
    G_SBA_MISSED,
    G_WINNER,
    O_ATTACHED,
    O_CARD,
    O_CTRL,
    O_DAMAGE,
    O_DTDMG,
    O_OWNER,
    O_TOKEN,
    O_ZONE,
    PL_DREW_EMPTY,
    PL_LIFE,
    PL_LOST,
)
from .choice import ask_one_nb
from .counters import cancel_counters_nb
from .manamark import mark_mana_nb
from .query import anthems_on_bf_nb, has_kw_nb, matches_filter_nb, obj_types_nb, pt_scan_nb
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .zonebits import next_nonlib_nb
from .zones import leave_bf_nb, set_zone_nb


@kernel
def attach_legal_nb(st, ct, g, i, a):
    """May permanent i stay attached to slot a? a must be a permanent; an Aura's enchant
    ability says what it may enchant (303.4d, seen from the Aura's controller), an
    Equipment may equip a creature only (301.5c)."""
    if st.obj[g, O_ZONE, a] != Z_BATTLEFIELD:
        return False
    c = st.obj[g, O_CARD, i]
    if ct.card[c, C_EQUIPMENT] != 0:
        return (obj_types_nb(st, ct, g, a) & T_CREATURE) != 0
    sa = ct.card[c, C_SPELL]
    if sa >= 0 and ct.abil[sa, AB_NTGT] > 0:
        return matches_filter_nb(st, ct, g, ct.abil[sa, AB_TGT0], i, st.obj[g, O_CTRL, i], a)
    return True


@kernel
def sba_pass_nb(st, ct, g):
    """One simultaneous batch. Returns (status, anything_done)."""
    M = st.obj.shape[2]
    nl = 0
    done = False
    # players (704.5a-c): why each one loses, as LOSS_* bits (the game's end reason)
    lose0 = 0
    lose1 = 0
    for p in range(2):
        if st.pl[g, PL_LOST, p] != 0:
            continue
        why = 0
        if st.pl[g, PL_LIFE, p] <= 0:
            why |= LOSS_LIFE
        if st.pl[g, PL_DREW_EMPTY, p] != 0:
            why |= LOSS_DECKED
        if st.p_counters[g, p, CK_POISON] >= 10:
            why |= LOSS_POISON
        if p == 0:
            lose0 = why
        else:
            lose1 = why
    # permanents
    b = scratch_nb(st, g, M)
    marked = st.scr[b:b + M]
    anthems = anthems_on_bf_nb(st, ct, g)
    # this pass runs before every priority: the later scans over all slots run only when
    # this one saw something for them to do
    any_dt = False
    any_legend = False
    any_mark = False
    # library cards and free slots have nothing here (zone changes clear o_dtdmg; tokens
    # that reach a library are in the walk: zonebits.py)
    i = -1
    while True:
        i = next_nonlib_nb(st, g, i)
        if i >= M:
            break
        if st.obj[g, O_DTDMG, i] != 0:
            any_dt = True
        c = st.obj[g, O_CARD, i]
        z = st.obj[g, O_ZONE, i]
        if st.obj[g, O_TOKEN, i] != 0 and z != Z_BATTLEFIELD and z != Z_GONE and z != 0:
            set_zone_nb(st, g, i, Z_GONE, st.obj[g, O_OWNER, i])   # 704.5d
            done = True
            continue
        if z != Z_BATTLEFIELD:
            continue
        if (ct.card[c, C_SUPER] & SUP_LEGENDARY) != 0:
            any_legend = True
        types = obj_types_nb(st, ct, g, i)
        if (types & T_CREATURE) != 0:
            t = pt_scan_nb(st, ct, g, i, anthems)[1]
            if t <= 0:                                            # 704.5f
                marked[i] = 1
                any_mark = True
            elif (st.obj[g, O_DAMAGE, i] >= t or (st.obj[g, O_DTDMG, i] != 0 and
                                                  st.obj[g, O_DAMAGE, i] > 0)) and \
                    not has_kw_nb(st, ct, g, i, KW_INDESTRUCTIBLE):  # 702.12b: not destroyed
                marked[i] = 1                                     # 704.5g, 704.5h
                any_mark = True
        a = st.obj[g, O_ATTACHED, i]
        if a >= 0 and not attach_legal_nb(st, ct, g, i, a):
            if ct.card[c, C_EQUIPMENT] != 0:
                st.obj[g, O_ATTACHED, i] = -1     # 704.5n: it stays on the battlefield
                mark_mana_nb(st, g)     # the haste it gave is gone
                done = True
            else:
                marked[i] = 1                                     # 704.5m
                any_mark = True
        elif a < 0 and ct.card[c, C_SPELL] >= 0 and (ct.card[c, C_TYPES] & T_PERMANENT) != 0:
            marked[i] = 1      # 704.5m: an Aura (a permanent card with "enchant") attached to nothing
            any_mark = True
    # legend rule (704.5j): the controller keeps one of each name
    nopts = M if any_legend else 1
    bo = scratch_nb(st, g, nopts)
    opts = st.scr[bo:bo + nopts]
    for i in range(M if any_legend else 0):
        c = st.obj[g, O_CARD, i]
        if c < 0 or st.obj[g, O_ZONE, i] != Z_BATTLEFIELD or (ct.card[c, C_SUPER] & SUP_LEGENDARY) == 0:
            continue
        n = 0
        first = True
        for j in range(M):
            if st.obj[g, O_CARD, j] == c and st.obj[g, O_ZONE, j] == Z_BATTLEFIELD and \
                    st.obj[g, O_CTRL, j] == st.obj[g, O_CTRL, i]:
                if j < i:
                    first = False
                    break
                opts[n] = j
                n += 1
        if not first or n < 2:
            continue
        s, keep = ask_one_nb(st, ct, g, ASK_OBJECT, W_LEGEND, st.obj[g, O_CTRL, i], opts, n, True)
        if s != ST_OK:
            return s, False
        for k in range(n):
            if opts[k] != keep:
                marked[opts[k]] = 1
                any_mark = True
    for i in range(M if any_mark else 0):
        nl += marked[i]
    # 704.8: leaving permanents are seen as before the batch, so they go first, then the
    # survivors' counters cancel (704.5q).
    if nl > 0:
        b2 = scratch_nb(st, g, 2 * nl)
        leaving = st.scr[b2:b2 + nl]
        dests = st.scr[b2 + nl:b2 + 2 * nl]
        m = 0
        for i in range(M):
            if marked[i]:
                leaving[m] = i
                dests[m] = Z_GRAVEYARD
                m += 1
        s = leave_bf_nb(st, ct, g, leaving, dests, nl)
        if s != ST_OK:
            return s, False
        done = True
    if cancel_counters_nb(st.o_counters[g, CK_PLUS], st.o_counters[g, CK_MINUS]) > 0:
        done = True
    for p in range(2):
        st.pl[g, PL_DREW_EMPTY, p] = 0
    for i in range(M if any_dt else 0):
        st.obj[g, O_DTDMG, i] = 0
    if lose0 != 0 or lose1 != 0:
        done = True
        if lose0 != 0:
            st.pl[g, PL_LOST, 0] = lose0
        if lose1 != 0:
            st.pl[g, PL_LOST, 1] = lose1
        if st.pl[g, PL_LOST, 0] != 0 and st.pl[g, PL_LOST, 1] != 0:
            st.gm[g, G_WINNER] = 2
        elif st.pl[g, PL_LOST, 0]:
            st.gm[g, G_WINNER] = 1
        else:
            st.gm[g, G_WINNER] = 0
    return ST_OK, done


@kernel
def run_sba_nb(st, ct, g):
    """704.3: repeat batches until none applies. A game nothing marked since its last pass
    that found none (sbamark.py) is skipped: that pass would find none again. With
    G_SBA_AUDIT the skipped pass runs anyway, and one that found something is counted."""
    audit = False
    if st.gm[g, G_SBA_DIRTY] == 0:
        if st.gm[g, G_SBA_AUDIT] == 0:
            return ST_OK
        audit = True
    mark = scratch_mark_nb(st, g)
    for _ in range(1000):
        scratch_release_nb(st, g, mark)
        s, done = sba_pass_nb(st, ct, g)
        if s != ST_OK:
            return s
        if audit and done:
            st.gm[g, G_SBA_MISSED] += 1
        audit = False
        if not done:
            st.gm[g, G_SBA_DIRTY] = 0
            return ST_OK
        if st.gm[g, G_WINNER] >= 0:
            return ST_OK
    return ST_OK


@entry
def sba_passes_py(st, ct, games, repeats):
    """sba_pass_nb on each game of `games`, in turn, `repeats` times over (the bench's
    micro-benchmark: simcore/microbench.py); returns how many passes did something or did not
    end ST_OK. Kernels call the kernel."""
    acted = 0
    for _ in range(repeats):
        for k in range(games.shape[0]):
            g = games[k]
            mark = scratch_mark_nb(st, g)
            s, done = sba_pass_nb(st, ct, g)
            scratch_release_nb(st, g, mark)
            if done or s != ST_OK:
                acted += 1
    return acted


@kernel
def loss_end_nb(st, g):
    """The end reason (END_*) of a game a player lost: the first of 704.5a, b, c that made a
    player lose (PL_LOST keeps every reason of each player)."""
    why = st.pl[g, PL_LOST, 0] | st.pl[g, PL_LOST, 1]
    if (why & LOSS_LIFE) != 0:
        return END_LIFE
    if (why & LOSS_DECKED) != 0:
        return END_DECKED
    if (why & LOSS_POISON) != 0:
        return END_POISON
    return END_LIFE     # not reached: G_WINNER is set only with a reason (sba_pass_nb)
