"""The effect bytecode interpreter: runs a resolving spell's or ability's ops (compiled from
card files, simcore.cards.compile) in the order of their text (608.2c), making the choices the text
asks for as it goes; each opcode is a kernel of kernels/ops.py. Target legality is checked
before (608.2b, kernels/operands.py target_legal_nb, called by stack.resolve_top_nb)."""

from ..consts import (
    OP_ATTACH,
    OP_BECOME_CREATURE,
    OP_BLIGHT,
    OP_COUNTER,
    OP_CREATE_TOKEN,
    OP_DAMAGE,
    OP_DELAY,
    OP_DESTROY,
    OP_DISCARD,
    OP_DRAW,
    OP_EXILE,
    OP_EXILE_TOP,
    OP_EXILE_WARPED,
    OP_GAIN_LIFE,
    OP_LOOK_TOP,
    OP_LOSE_LIFE,
    OP_MILL,
    OP_MOVE_COUNTERS,
    OP_PROLIFERATE,
    OP_PUMP,
    OP_PUMP_ALL,
    OP_PUT_COUNTERS,
    OP_PUT_SUBJ_COUNTERS,
    OP_RETURN_TO_BF,
    OP_RETURN_TO_HAND,
    OP_SAC_UNLESS,
    OP_SCRY,
    OP_SEARCH,
    OP_SURVEIL,
    OP_TAP,
    OP_UNTAP,
    OPF_IF_DONE,
    OPF_OPTIONAL,
    ST_OK,
    W_MAY,
)
from ..jit import kernel
from ..layout import (
    AB_NOP,
    AB_OP0,
    SI_ABIL,
    SI_CTRL,
)
from .choice import ask_yesno_nb
from .operands import single_sel_nb
from .ops import (
    op_attach_nb,
    op_become_creature_nb,
    op_blight_nb,
    op_counter_nb,
    op_create_token_nb,
    op_damage_nb,
    op_delay_nb,
    op_destroy_nb,
    op_discard_nb,
    op_draw_nb,
    op_exile_nb,
    op_exile_top_nb,
    op_exile_warped_nb,
    op_gain_life_nb,
    op_look_top_nb,
    op_lose_life_nb,
    op_mill_nb,
    op_move_counters_nb,
    op_proliferate_nb,
    op_pump_all_nb,
    op_pump_nb,
    op_put_counters_nb,
    op_put_subject_counters_nb,
    op_return_to_battlefield_nb,
    op_return_to_hand_nb,
    op_sacrifice_unless_nb,
    op_scry_nb,
    op_search_nb,
    op_surveil_nb,
    op_tap_nb,
    op_untap_nb,
)
from .query import (
    obj_has_counters_nb,
)
from .sbamark import mark_sba_nb


@kernel
def run_op_nb(st, ct, g, si, tgt_ok, op, fl, a0, a1, a2, a3, did):
    """One op of stack item si by its opcode. Returns (status, done); `did` is the previous
    op's, kept by ops that do nothing here (OP_SHUFFLE_INTO_LIB: resolving puts the spell
    into its owner's library)."""
    if op == OP_PUT_COUNTERS:
        return op_put_counters_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_PUT_SUBJ_COUNTERS:
        return op_put_subject_counters_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_MOVE_COUNTERS:
        return op_move_counters_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_PROLIFERATE:
        return op_proliferate_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_BLIGHT:
        return op_blight_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_DAMAGE:
        return op_damage_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_DRAW:
        return op_draw_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_GAIN_LIFE:
        return op_gain_life_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_LOSE_LIFE:
        return op_lose_life_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_DISCARD:
        return op_discard_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_SURVEIL:
        return op_surveil_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_SEARCH:
        return op_search_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_DELAY:
        return op_delay_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_LOOK_TOP:
        return op_look_top_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_ATTACH:
        return op_attach_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_SCRY:
        return op_scry_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_MILL:
        return op_mill_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_CREATE_TOKEN:
        return op_create_token_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_EXILE:
        return op_exile_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_EXILE_TOP:
        return op_exile_top_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_RETURN_TO_BF:
        return op_return_to_battlefield_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_BECOME_CREATURE:
        return op_become_creature_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_PUMP:
        return op_pump_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_DESTROY:
        return op_destroy_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_SAC_UNLESS:
        return op_sacrifice_unless_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_EXILE_WARPED:
        return op_exile_warped_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_TAP:
        return op_tap_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_UNTAP:
        return op_untap_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_COUNTER:
        return op_counter_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_PUMP_ALL:
        return op_pump_all_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    if op == OP_RETURN_TO_HAND:
        return op_return_to_hand_nb(st, ct, g, si, tgt_ok, fl, a0, a1, a2, a3)
    return ST_OK, did


@kernel
def optional_possible_nb(st, g, si, tgt_ok, op, a0, a1):
    """Can an optional op ("you may ...") do anything? Asked only if so: moving counters
    needs counters on a source that is still there and a destination."""
    if op == OP_MOVE_COUNTERS:
        s0 = single_sel_nb(st, g, si, a0, tgt_ok)
        s1 = single_sel_nb(st, g, si, a1, tgt_ok)
        return s0 >= 0 and s1 != -1 and obj_has_counters_nb(st, g, s0)
    return True


@kernel
def run_ops_nb(st, ct, g, si, tgt_ok):
    """Run the ops of stack item si. Returns a status."""
    mark_sba_nb(st, g)      # any effect may change what 704.5 reads (life, P/T, types, ...)
    a = st.stk[g, SI_ABIL, si]
    ctrl = st.stk[g, SI_CTRL, si]
    did = False
    for o in range(ct.abil[a, AB_OP0], ct.abil[a, AB_OP0] + ct.abil[a, AB_NOP]):
        op = ct.ops[o, 0]
        fl = ct.ops[o, 1]
        a0 = ct.ops[o, 2]
        a1 = ct.ops[o, 3]
        if (fl & OPF_IF_DONE) != 0 and not did:
            continue
        # "you may" (blight asks its own question: who blights what)
        if (fl & OPF_OPTIONAL) != 0 and op != OP_BLIGHT:
            if not optional_possible_nb(st, g, si, tgt_ok, op, a0, a1):
                did = False
                continue
            s, yes = ask_yesno_nb(st, ct, g, W_MAY, ctrl)
            if s != ST_OK:
                return s
            if not yes:
                did = False
                continue
        s, did = run_op_nb(st, ct, g, si, tgt_ok, op, fl, a0, a1, ct.ops[o, 4], ct.ops[o, 5],
                           did)
        if s != ST_OK:
            return s
    return ST_OK
