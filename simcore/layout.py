"""Field layout of the packed state and card-table arrays.

numba passes every array of a NamedTuple argument as a flat list of LLVM values, so a state of
90 separate arrays made every kernel call carry ~1,000 arguments and the cold compile took
over ten minutes. Fields of one axis therefore live as planes of one int32 array:
`st.obj[g, O_ZONE, slot]`, `st.gm[g, G_TURN]`, `ct.abil[a, AB_KIND]`. Each name below is the
index of a plane; its meaning is documented in simcore/state.py and simcore/compile.py.
"""

OBJ_FIELDS = ("o_card", "o_zone", "o_owner", "o_ctrl", "o_tapped", "o_sick", "o_damage",
              "o_dtdmg", "o_ts", "o_oid", "o_attached", "o_token", "o_x", "o_kicks", "o_cflags",
              "o_ex_kind", "o_ex_turn", "o_ex_player", "o_ex_link", "o_eot_types", "o_eot_p",
              "o_eot_t", "o_eot_chg", "o_eot_pp", "o_eot_tt", "o_attacking", "o_blocking",
              "o_rank", "o_zone_bits")
PL_FIELDS = ("p_life", "p_lands", "p_drew_empty", "p_lost", "lib_n", "p_mulligans")
GM_FIELDS = ("turn", "active", "step", "first", "winner", "next_ts", "next_oid", "next_seq",
             "any_attackers", "stack_n", "q_n", "d_n", "tape_n", "tape_pos", "ask_kind",
             "ask_why", "ask_player", "ask_min", "ask_max", "ask_n", "err", "err_arg",
             "autopay", "mana_pref", "goldfish", "scratch", "sba_dirty", "sba_audit", "sba_missed",
             "dry_q", "dry_v")
STK_FIELDS = ("s_kind", "s_src", "s_src_oid", "s_card", "s_abil", "s_ctrl", "s_x", "s_kicks",
              "s_flags", "s_ntgt", "s_tgt0", "s_tgt1", "s_toid0", "s_toid1", "s_subj",
              "s_subj_oid", "s_subj_card")
Q_FIELDS = ("q_src", "q_src_oid", "q_card", "q_abil", "q_ctrl", "q_x", "q_subj", "q_subj_oid",
            "q_subj_card", "q_rank", "q_seq")
D_FIELDS = ("d_abil", "d_obj", "d_oid", "d_ctrl")
TP_FIELDS = ("tape_off", "tape_len", "tape_list")

# A scratch lane of st.scr (kernels/scratch.py) starts with [top, end, high-water mark].
LANE_HEADER = 3

# Game-flow bookkeeping of GameBatch (simcore/game.py), kept outside the State so that a
# transaction's rollback never touches it: fl[g, F_*].
FLOW_FIELDS = ("f_dkind", "f_dplayer", "f_dn", "f_qkind", "f_qmin", "f_qmax", "f_prio",
               "f_passes", "f_phase", "f_mull_p", "f_bottom_left", "f_txn", "f_tape_n",
               "f_tape_v", "f_pick_n", "f_max_turns", "f_end", "f_kill_turn", "f_decisions",
               "f_target_card", "f_declared", "f_kept0", "f_kept1", "f_pend_opt", "f_ban_n",
               "f_log_n", "f_replays", "f_opt_audit", "f_opt_missed", "f_cands", "f_cands_oid")
# f_opt_audit: 1 = audit priority_options' shortcuts (flow.cast_option_nb, instant-speed
#   checks skipped); audited shortcuts add bit 2 (castability from mana counts), 4 (autopay
#   in place) or 8 (a check skipped); f_opt_missed counts those that got it wrong (tests).
# f_cands: bit p = p has an instant-speed candidate (flow.instant_candidates_nb), counted
#   when the game's next object id was f_cands_oid (every zone change takes a new id).

CARD_FIELDS = ("c_types", "c_super", "c_colors", "c_power", "c_toughness", "c_kw", "c_token",
               "c_cost", "c_mv", "c_abil0", "c_nabil", "c_spell", "c_static")
MC_FIELDS = ("mc_generic", "mc_x") + tuple(f"mc_pips{i}" for i in range(6)) + \
    tuple(f"mc_hyb{i}" for i in range(4))
ABIL_FIELDS = (
    "a_kind", "a_card", "a_actidx", "a_cost", "a_tap", "a_untap", "a_tapn", "a_tapn_sub",
    "a_blight", "a_rmc_kind", "a_rmc_n", "a_sac_self", "a_sorcery", "a_prod", "a_prod_val",
    "a_prod_from", "a_nopts", "a_am_k", "a_am_a", "a_event", "a_subject", "a_filter",
    "a_whose", "a_cond", "a_ntgt", "a_op0", "a_nop", "a_mt_src", "a_mt_add", "a_mt_val",
    "a_mr_to", "a_mr_mult", "a_mr_with", "a_ctr_kind", "a_pw", "a_tg", "a_optional",
    "a_naco", "a_multi", "a_ce_types", "a_ce_yourturn", "a_ce_rmc") + \
    tuple(f"a_prod_opts{i}" for i in range(4)) + ("a_tgt0", "a_tgt1") + \
    ("a_aco_kind0", "a_aco_kind1", "a_aco_n0", "a_aco_n1", "a_aco_cost0", "a_aco_cost1")
# vector-valued ability fields: name -> (first plane, length)
ABIL_VECTORS = {"a_prod_opts": 4, "a_tgt": 2, "a_aco_kind": 2, "a_aco_n": 2, "a_aco_cost": 2}
FILT_FIELDS = ("f_types", "f_sub", "f_ctrl", "f_owner", "f_zone", "f_mv_max", "f_other",
               "f_players")

_PREFIX = {"o_": "O_", "p_": "PL_", "s_": "SI_", "q_": "QI_", "d_": "DI_", "c_": "C_",
           "mc_": "MC_", "a_": "AB_", "f_": "FI_"}


def const_name(field, group):
    if group == "fl":
        return "F_" + field[2:].upper()
    if group == "gm":
        return "G_" + field.upper()
    if group == "pl" and field == "lib_n":
        return "PL_LIB_N"
    if group == "tp":
        return "TP_" + field[5:].upper()
    for pre in ("mc_", "o_", "p_", "s_", "q_", "d_", "c_", "a_", "f_"):
        if field.startswith(pre):
            return _PREFIX[pre] + field[len(pre):].upper()
    raise ValueError(field)


GROUPS = {"fl": FLOW_FIELDS, "obj": OBJ_FIELDS, "pl": PL_FIELDS, "gm": GM_FIELDS, "stk": STK_FIELDS,
          "pq": Q_FIELDS, "dl": D_FIELDS, "tp": TP_FIELDS, "card": CARD_FIELDS,
          "mcost": MC_FIELDS, "abil": ABIL_FIELDS, "filt": FILT_FIELDS}
FIELD_GROUP = {}
for _g, _fields in GROUPS.items():
    for _i, _f in enumerate(_fields):
        globals()[const_name(_f, _g)] = _i
        FIELD_GROUP[_f] = (_g, _i)
for _g, _fields in GROUPS.items():
    globals()["N_" + _g.upper()] = len(_fields)
AB_PROD_OPTS = ABIL_FIELDS.index("a_prod_opts0")
AB_TGT = ABIL_FIELDS.index("a_tgt0")
AB_ACO_KIND = ABIL_FIELDS.index("a_aco_kind0")
AB_ACO_N = ABIL_FIELDS.index("a_aco_n0")
AB_ACO_COST = ABIL_FIELDS.index("a_aco_cost0")
MC_PIPS = MC_FIELDS.index("mc_pips0")
MC_HYB = MC_FIELDS.index("mc_hyb0")
SI_TGT = STK_FIELDS.index("s_tgt0")
SI_TOID = STK_FIELDS.index("s_toid0")
