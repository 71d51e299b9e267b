"""What a player may do at a decision: priority options (play a land, cast, activate: 117.1),
attackers (508.1) and blocks (509.1). Options are exact: lands by the land-drop checks,
spells and abilities by a dry run on the thread's spare game after cheap timing and mana
checks, with shortcuts that give the same options without the work (audited:
F_OPT_AUDIT): plain spells, warp casts and activated abilities decided in place from their
costs, targets and timing (stack.cast_payable_nb, ability_payable_nb)."""

from ..consts import (
    A_ACTIVATE,
    A_CAST,
    AK_ACTIVATED,
    AK_ALT_COST,
    AK_FLASHBACK,
    KW_MENACE,
    NO_CANDIDATE,
    OPT_ACTIVATE,
    OPT_CAST,
    OPT_LAND,
    OPT_WARP,
    ST_NEED,
    ST_OK,
    T_LAND,
    Z_BATTLEFIELD,
    Z_EXILE,
    Z_GRAVEYARD,
    Z_HAND,
)
from ..encoding import block_option_nb, priority_option_nb
from ..jit import entry, kernel
from ..layout import (
    AB_ACTIDX,
    AB_COST,
    AB_KIND,
    AB_SORCERY,
    AB_TAP,
    AB_ZONE,
    C_ABIL0,
    C_GY_NEED,
    C_HAND_NEED,
    C_MV,
    C_NABIL,
    C_TYPES,
    F_BAN_N,
    F_OPT_AUDIT,
    F_OPT_MISSED,
    G_ACTIVE,
    G_CANDS_OID,
    G_DRY_Q,
    G_DRY_V,
    G_POT0,
    G_POT_KNOWN,
    G_TAPE_N,
    O_ATTACKING,
    O_CARD,
    O_CTRL,
    O_EX_KIND,
    O_OWNER,
    O_TAPPED,
    O_ZONE,
    PL_LANDS,
)
from .actions import land_drop_error_nb, run_action_nb
from .candidates import nothing_fits_nb
from .combat import menace_blockable_nb
from .gamecopy import copy_game_nb, same_game_nb
from .mana import count_potential_mana_nb, min_mana_nb, potential_mana_nb
from .query import (
    can_use_tap_nb,
    evades_nb,
    exile_permission_nb,
    has_kw_nb,
    instant_speed_nb,
    is_creature_nb,
    may_attack_nb,
    next_creature_nb,
)
from .scratch import scratch_mark_nb, scratch_nb, scratch_release_nb
from .stack import (
    ability_payable_nb,
    cast_payable_nb,
    plain_ability_nb,
    plain_cast_nb,
    plain_warp_nb,
    sorcery_timing_nb,
)
from .zonebits import next_bf_nb, next_nonlib_nb


@kernel
def legal_now_nb(st, dry, dg, ct, g, act):
    """Dry run on the thread's spare game dry[dg]: can `act` be done now? Questions on the
    way take their least answer in place (no to "you may", the smallest number, the first
    object, the fewest picks: choice.py) and the action must get through. So a spell whose
    payment fails after its target is chosen is not offered (it used to count as legal once
    it reached the question). Past DRY_QUESTIONS questions it counts as legal. Why the least
    answer decides: in the card vocabulary X = 0, no kicker and no optional cost are the
    cheapest choices, and targets do not change what a cost needs."""
    copy_game_nb(dry, dg, st, g)
    dry.gm[dg, G_TAPE_N] = 0
    dry.gm[dg, G_DRY_Q] = 1
    dry.gm[dg, G_DRY_V] = 0
    s = run_action_nb(dry, ct, dg, act)
    return s == ST_OK or s == ST_NEED


@kernel
def cast_option_nb(st, dry, dg, ct, fw, g, act, pot, cnt):
    """Can spell act[1] be cast now (with the least answers; act[3] = 1: for its warp cost)?
    A plain card in hand (stack.plain_cast_nb: most creatures and burn; plain_warp_nb) is
    decided in place by stack.cast_payable_nb, without a copy of the game and a cast
    (goldfish games x1.6); anything else by a dry run. Audited (F_OPT_AUDIT): both run, F_OPT_MISSED counts the
    checks that disagreed with the dry run or changed the game (the tests require none),
    and F_OPT_AUDIT gets bit 2 (decided by mana counts or cast_nb's first checks) or 4
    (autopay ran in place). The audit lives in the Flow: a rollback must not undo it."""
    slot = act[1]
    c = st.obj[g, O_CARD, slot]
    alt = act[3]
    if st.obj[g, O_ZONE, slot] != Z_HAND or \
            not (plain_cast_nb(ct, c) if alt == 0 else plain_warp_nb(ct, c)):
        return legal_now_nb(st, dry, dg, ct, g, act)
    if fw.fl[g, F_OPT_AUDIT] == 0:
        return (cast_payable_nb(st, ct, g, slot, alt, pot, cnt) & 1) == 1
    copy_game_nb(dry, dg, st, g)
    v = cast_payable_nb(st, ct, g, slot, alt, pot, cnt)
    same = same_game_nb(dry, dg, st, g)
    legal = legal_now_nb(st, dry, dg, ct, g, act)
    fw.fl[g, F_OPT_AUDIT] |= 4 if v >= 2 else 2     # which way it was decided (tests)
    if ((v & 1) == 1) != legal or not same:
        fw.fl[g, F_OPT_MISSED] += 1
    return legal


@kernel
def ability_option_nb(st, dry, dg, ct, fw, g, act, a, cnt):
    """Can ability a (act: A_ACTIVATE of permanent act[1]) be activated now (with the least
    answers), timing and {T} checked? A plain one (stack.plain_ability_nb) is decided in
    place by stack.ability_payable_nb, anything else by a dry run; audited as
    cast_option_nb (bit 16 with 2: decided by mana counts, or 4: autopay ran in place)."""
    slot = act[1]
    if not plain_ability_nb(ct, a):
        return legal_now_nb(st, dry, dg, ct, g, act)
    if fw.fl[g, F_OPT_AUDIT] == 0:
        return (ability_payable_nb(st, ct, g, slot, a, cnt) & 1) == 1
    copy_game_nb(dry, dg, st, g)
    v = ability_payable_nb(st, ct, g, slot, a, cnt)
    same = same_game_nb(dry, dg, st, g)
    legal = legal_now_nb(st, dry, dg, ct, g, act)
    fw.fl[g, F_OPT_AUDIT] |= 16 | (4 if v >= 2 else 2)
    if ((v & 1) == 1) != legal or not same:
        fw.fl[g, F_OPT_MISSED] += 1
    return legal


@kernel
def option_legal_nb(st, dry, dg, ct, fw, g, act, a, pot, cnt):
    """Is the option `act` legal now: cast_option_nb for a cast, ability_option_nb for
    ability a (a >= 0). One kernel called from both card_options_nb and ability_options_nb
    on purpose: LLVM inlines a kernel called once, and the two checks inlined into the
    priority scan's loop over objects slowed games without any activated ability by 8%
    (one thread: mono-green goldfish 15,800 -> 16,700 games/s, greedy vs greedy
    4,350 -> 4,800 with this)."""
    if a >= 0:
        return ability_option_nb(st, dry, dg, ct, fw, g, act, a, cnt)
    return cast_option_nb(st, dry, dg, ct, fw, g, act, pot, cnt)


@kernel
def banned_nb(fw, g, code):
    for k in range(fw.fl[g, F_BAN_N]):
        if fw.ban[g, k] == code:
            return True
    return False


@kernel
def add_option_nb(fw, g, n, code):
    if n < fw.opts.shape[1] and not banned_nb(fw, g, code):
        fw.opts[g, n] = code
        return n + 1
    return n


@kernel
def card_options_nb(st, dry, dg, ct, fw, g, p, i, sorcery_ok, mine, before, act, cnt, n, pot):
    """Add the options of p's card in slot i (hand, or exile with a permission, or its
    graveyard with flashback): play it as a land, cast it, cast it for warp or flashback. Cards of one name in one zone are one option (mine[:
    before]: p's cards seen so far); in exile only those equally playable now (an expired
    permission must not hide a live one). Returns (options so far, the mana p could make:
    computed when first needed, -1 until then)."""
    c = st.obj[g, O_CARD, i]
    z = st.obj[g, O_ZONE, i]
    if not sorcery_ok and not instant_speed_nb(ct, c):
        return n, pot
    if (ct.card[c, C_TYPES] & T_LAND) != 0 and st.pl[g, PL_LANDS, p] >= 1:
        return n, pot
    need = ct.card[c, C_MV]
    if z == Z_GRAVEYARD:        # only with flashback, for its cost (702.34a)
        fb = -1
        for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
            if ct.abil[a, AB_KIND] == AK_FLASHBACK:
                fb = a
        if fb < 0:
            return n, pot
        need = min_mana_nb(ct, ct.abil[fb, AB_COST])
    perm = z == Z_EXILE and exile_permission_nb(st, g, i, p)
    for q in range(before):
        j = mine[q]
        if st.obj[g, O_CARD, j] == c and st.obj[g, O_ZONE, j] == z and \
                (z != Z_EXILE or exile_permission_nb(st, g, j, p) == perm):
            return n, pot
    for k in range(8):
        act[k] = 0
    if ct.card[c, C_TYPES] & T_LAND:
        # exact without a dry run: after these checks the land enters
        if land_drop_error_nb(st, ct, g, i) == 0:
            n = add_option_nb(fw, g, n, priority_option_nb(OPT_LAND, i, 0))
        return n, pot
    act[0] = A_CAST
    act[1] = i
    act[2] = -1
    act[4] = -1
    if pot < 0:
        pot = potential_mana_nb(st, ct, g, p)
    casts = 1               # for its mana cost, then (from hand) for its warp cost
    if z == Z_HAND:
        for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
            if ct.abil[a, AB_KIND] == AK_ALT_COST:
                casts = 2
    for alt in range(casts):
        act[3] = alt
        if (alt == 1 or pot >= need) and \
                option_legal_nb(st, dry, dg, ct, fw, g, act, -1, pot, cnt):
            n = add_option_nb(fw, g, n, priority_option_nb(OPT_CAST if alt == 0 else OPT_WARP,
                                                           i, 0))
    return n, pot


@kernel
def ability_options_nb(st, dry, dg, ct, fw, g, p, i, sorcery_ok, act, cnt, n, pot, zone):
    """Add the options of the activated abilities of p's object in slot i that work from
    `zone` (602.2: a permanent's, Z_BATTLEFIELD; a card's in hand, Z_HAND: cycling), after
    the cheap checks: timing, {T} (302.6), and whether autopay could make their least mana.
    Returns (options so far, the mana p could make or -1), as card_options_nb."""
    c = st.obj[g, O_CARD, i]
    for a in range(ct.card[c, C_ABIL0], ct.card[c, C_ABIL0] + ct.card[c, C_NABIL]):
        if ct.abil[a, AB_KIND] != AK_ACTIVATED or ct.abil[a, AB_ZONE] != zone:
            continue
        if ct.abil[a, AB_SORCERY] != 0 and not sorcery_ok:
            continue
        if ct.abil[a, AB_TAP] != 0 and (st.obj[g, O_TAPPED, i] != 0 or
                                       not can_use_tap_nb(st, ct, g, i)):
            continue
        if pot < 0:
            pot = potential_mana_nb(st, ct, g, p)
        if min_mana_nb(ct, ct.abil[a, AB_COST]) > pot:
            continue    # exact: the dry run's autopay could not make enough mana
        for k in range(8):
            act[k] = 0
        act[0] = A_ACTIVATE
        act[1] = i
        act[2] = ct.abil[a, AB_ACTIDX]
        if option_legal_nb(st, dry, dg, ct, fw, g, act, a, pot, cnt):
            n = add_option_nb(fw, g, n, priority_option_nb(OPT_ACTIVATE, i,
                                                           ct.abil[a, AB_ACTIDX]))
    return n, pot


@kernel
def same_in_zone_nb(st, g, mine, before, i, zone):
    """Is a card of the same name as i among mine[:before] in `zone`? (Cards of one name in
    one zone are one option.)"""
    for q in range(before):
        j = mine[q]
        if st.obj[g, O_CARD, j] == st.obj[g, O_CARD, i] and st.obj[g, O_ZONE, j] == zone:
            return True
    return False


@kernel
def priority_options_nb(st, dry, dg, ct, fw, g, p):
    """The actions p could take with priority (117.1), each checked exactly: play a land,
    cast a spell (from hand or with a permission from exile; warp), activate an ability."""
    # cheap tests first: a dry run only for what timing and mana do not already rule out
    sorcery_ok = sorcery_timing_nb(st, g, p)
    # most checks find nothing (286 of a greedy game's 323): most for a player with no
    # candidate at all, or with none whose cost fits the mana they could make
    skipped, why = nothing_fits_nb(st, ct, g, p, sorcery_ok)
    if skipped and fw.fl[g, F_OPT_AUDIT] == 0:
        return 0
    if fw.fl[g, F_OPT_AUDIT] != 0 and (st.gm[g, G_POT_KNOWN] >> p) & 1 != 0:
        fw.fl[g, F_OPT_AUDIT] |= 64     # the kept count must be the count (manamark.py)
        if st.gm[g, G_POT0 + p] != count_potential_mana_nb(st, ct, g, p):
            fw.fl[g, F_OPT_MISSED] += 1
    M = st.obj.shape[2]
    b = scratch_nb(st, g, 15 + M)
    act = st.scr[b:b + 8]
    mine = st.scr[b + 8:b + 8 + M]      # p's cards in hand or exile seen so far
    cnt = st.scr[b + 8 + M:b + 15 + M]  # p's mana counts for stack.cast_payable_nb
    cnt[6] = -1
    n_mine = 0
    n = 0
    pot = -1
    i = -1
    while True:
        i = next_nonlib_nb(st, g, i)      # library cards are no option
        if i >= M:
            break
        z = st.obj[g, O_ZONE, i]
        # one call site each for card_options_nb and ability_options_nb: a kernel called
        # once is inlined (see option_legal_nb)
        cast = False            # look at playing or casting it (hand, exile, flashback)
        az = -1                 # the zone whose activated abilities of it to look at
        if (z == Z_HAND or z == Z_EXILE) and st.obj[g, O_OWNER, i] == p:
            mine[n_mine] = i
            n_mine += 1
            cast = z == Z_HAND or st.obj[g, O_EX_KIND, i] != 0
            # abilities of a card in hand (cycling, 702.29a): only cards that have one
            if z == Z_HAND and ct.card[st.obj[g, O_CARD, i], C_HAND_NEED] != NO_CANDIDATE \
                    and not same_in_zone_nb(st, g, mine, n_mine - 1, i, Z_HAND):
                az = Z_HAND
        elif z == Z_BATTLEFIELD and st.obj[g, O_CTRL, i] == p:
            az = Z_BATTLEFIELD
        elif z == Z_GRAVEYARD and st.obj[g, O_OWNER, i] == p and \
                ct.card[st.obj[g, O_CARD, i], C_GY_NEED] != NO_CANDIDATE:
            # a card in its owner's graveyard with flashback or an ability that works there
            # ("Exile ~ from your graveyard:"), one option per name
            mine[n_mine] = i
            n_mine += 1
            if not same_in_zone_nb(st, g, mine, n_mine - 1, i, Z_GRAVEYARD):
                az = Z_GRAVEYARD
                cast = True
        if cast:
            n, pot = card_options_nb(st, dry, dg, ct, fw, g, p, i, sorcery_ok, mine,
                                     n_mine - 1, act, cnt, n, pot)
        if az >= 0:
            n, pot = ability_options_nb(st, dry, dg, ct, fw, g, p, i, sorcery_ok, act, cnt, n,
                                        pot, az)
    if skipped:                 # audited: scanned anyway, and it must have found nothing
        fw.fl[g, F_OPT_AUDIT] |= 8 if why == 1 else 32
        if n > 0:
            fw.fl[g, F_OPT_MISSED] += 1
    return n


@kernel
def attack_options_nb(st, ct, fw, g):
    p = st.gm[g, G_ACTIVE]
    n = 0
    i = -1
    while True:
        i = next_creature_nb(st, ct, g, p, i)
        if i >= st.obj.shape[2]:
            break
        if may_attack_nb(st, ct, g, i):
            fw.opts[g, n] = i
            n += 1
    return n


@kernel
def block_options_nb(st, ct, fw, g):
    d = 1 - st.gm[g, G_ACTIVE]
    n = 0
    M = st.obj.shape[2]
    b = -1
    while True:
        b = next_bf_nb(st, g, b)
        if b >= M:
            break
        if st.obj[g, O_CTRL, b] != d or not is_creature_nb(st, ct, g, b) or \
                st.obj[g, O_TAPPED, b] != 0:
            continue
        a = -1
        while True:
            a = next_bf_nb(st, g, a)
            if a >= M:
                break
            if st.obj[g, O_ATTACKING, a] == 0:
                continue
            if evades_nb(st, ct, g, b, a):
                continue
            # menace: offered only where a second blocker could join (the flow withdraws a
            # lone one as it declares: flow.declare_picked_nb)
            if has_kw_nb(st, ct, g, a, KW_MENACE) and not menace_blockable_nb(st, ct, g, d, a):
                continue
            if n < fw.opts.shape[1]:
                fw.opts[g, n] = block_option_nb(b, a)
                n += 1
    return n



@entry
def audit_options_nb(st, dry, ct, fw, g):
    """Both players' priority options of game g with the audit on (F_OPT_AUDIT): every
    shortcut runs its full check too. Returns F_OPT_MISSED, the disagreements so far (the
    scenario runner audits every step of every scenario: tests/test_scenarios.py)."""
    mark = scratch_mark_nb(st, g)
    for p in range(2):
        fw.fl[g, F_OPT_AUDIT] |= 1
        st.gm[g, G_CANDS_OID] = -1          # count the candidates afresh
        fw.fl[g, F_BAN_N] = 0
        priority_options_nb(st, dry, 0, ct, fw, g, p)
        scratch_release_nb(st, g, mark)
    return fw.fl[g, F_OPT_MISSED]
