"""Field layout of the packed state and card-table arrays, and the encoding of every plane.

numba passes every array of a NamedTuple argument as a flat list of LLVM values, so a state of
90 separate arrays made every kernel call carry ~1,000 arguments and the cold compile took
over ten minutes. Fields of one axis therefore live as planes of one integer array:
`st.obj[g, O_ZONE, slot]`, `st.gm[g, G_TURN]`, `ct.abil[a, AB_KIND]`. Each group below is
written as (name, doc) pairs: the name's position is the plane's index (the constant
`const_name(name, group)`, e.g. O_ZONE), the doc its encoding. The kernels freeze these
indices as compile-time constants: reordering a group changes what every kernel reads.

Conventions of the docs: "slot" is an object slot of the game (0 <= slot < M); a player p is
0 or 1; where a value may be an object or a player, objects are slots >= 0, player p is
-2 - p and -1 is none; "packed mana" holds six 5-bit counts, type t (M_W..M_C, WUBRGC) at bits
5 t .. 5 t + 4 (consts.PACK_BITS); a "type mask" has bit t for mana type t. Constants named
here (Z_*, AK_*, ...) are those of simcore/consts.py.

FIELD_DOCS gives the doc of every plane and of every array (STATE_ARRAY_DOCS,
FLOW_ARRAY_DOCS, CARD_TABLE_ARRAY_DOCS) by name; tests/test_layout.py requires one for each.
"""

# ---------------------------------------------------------------- State (simcore/state.py)
# st.obj[g, O_*, slot], int16
OBJ_PLANES = (
    ("o_card", "card id in the CardTable; -1 = free slot (a token that ceased to exist keeps "
               "its card in zone Z_GONE)"),
    ("o_zone", "Z_* zone; Z_NONE for a free slot or a token being created"),
    ("o_owner", "owner 0/1"),
    ("o_ctrl", "controller 0/1 (the owner when not on the battlefield)"),
    ("o_tapped", "1 = tapped"),
    ("o_sick", "1 = not controlled continuously since its controller's most recent turn began "
               "(302.6): set by every zone change, cleared at its controller's untap step"),
    ("o_damage", "damage marked on it (cleared in cleanup, 514.2, and by zone changes)"),
    ("o_dtdmg", "1 = dealt damage by a deathtouch source since the last SBA check (704.5h)"),
    ("o_ts", "timestamp: order of entering its zone (from G_NEXT_TS); read by scenarios only "
             "(a scenario's trigger order falls back to it in o_rank)"),
    ("o_oid", "object id: new on every zone change (400.7), from G_NEXT_OID; stored ids "
              "(s_src_oid, s_toid*, q_subj_oid, d_oid, o_ex_link) equal it while it is the "
              "same object"),
    ("o_attached", "slot of the permanent this Aura (303.4f) or Equipment (301.5c) is "
                   "attached to; -1 none"),
    ("o_token", "1 = token"),
    ("o_x", "X chosen for the spell that became it (107.3m); on the stack: X; 0 for lands "
            "played, tokens and cards returned to the battlefield"),
    ("o_kicks", "times kicked when cast; 0 for lands played, tokens and cards returned to the "
                "battlefield"),
    ("o_cflags", "cast flags: bit 0 (1) an additional-cost option was chosen and paid, bit 1 "
                 "(2) cast for its warp cost, bit 3 (CF_FLASHBACK) for its flashback cost, "
                 "bits 4-7 the index of the chosen additional-cost option (a_aco_*)"),
    ("o_ex_kind", "EXP_* permission to play it from exile; EXP_NONE (0) after any zone change"),
    ("o_ex_turn", "EXP_PLAY: last turn it may be played; EXP_WARP: turn it was exiled (castable "
                  "on later turns, 702.185a)"),
    ("o_ex_player", "EXP_PLAY: the player who may play it (the owner for EXP_WARP and "
                    "EXP_LINKED, where it is not read)"),
    ("o_ex_link", "EXP_LINKED: object id (o_oid) of the source it was exiled with"),
    ("o_eot_types", "T_* card-type bits added until end of turn (OP_BECOME_CREATURE adds "
                    "T_CREATURE); 0 none"),
    ("o_eot_p", "base power set until end of turn; -999 none"),
    ("o_eot_t", "base toughness set until end of turn; -999 none (set with o_eot_p)"),
    ("o_eot_chg", "1 = has all creature types until end of turn (205.3m: creature subtypes, "
                  "CardTable sub_creature)"),
    ("o_eot_pp", "power bonus until end of turn (OP_PUMP)"),
    ("o_eot_tt", "toughness bonus until end of turn (OP_PUMP)"),
    ("o_attacking", "1 = attacking (cleared as combat ends)"),
    ("o_blocking", "a blocker: slot of the attacker it blocks; an attacker that was blocked: "
                   "-2 (kernels/combat.py BLOCKED, 509.1h); -1 none"),
    ("o_rank", "ordering rank of the triggers it is the source of: with the same controller, "
               "lower goes on the stack first (scenarios' `order`; in games the controller "
               "chooses); its timestamp unless a scenario sets it"),
    ("o_once_turn", "the game turn o_once_mask was written (602.5b: \"activate only once each "
                    "turn\"); another turn: no ability used"),
    ("o_once_mask", "bit k = its activated ability number k (a_once) was activated in turn "
                    "o_once_turn; 0 after any zone change (a new object, 400.7)"),
    ("o_drawn", "record (gm record = 1): game turn this card was first drawn; 0 = in the "
                "opening hand kept; -1 not yet (kernels/record.py)"),
    ("o_cast", "record: game turn this card was first cast, or played as a land; -1 not yet"),
    ("o_entered", "record: game turn this card first entered the battlefield; -1 not yet"),
    ("o_zone_bits", "not per slot: two bitmaps of nw = ceil(M / 16) 16-bit words each: entry "
                    "w < nw, bit k = slot 16 w + k holds a permanent; entry nw + w, bit k = it "
                    "holds a card outside the libraries or a token (kernels/zonebits.py; "
                    "set_zone_nb keeps them, rebuild_zone_bits after Python edits)"),
    ("o_eot_kw", "KW_* bits 0-14 granted until end of turn (OP_PUMP, OP_PUMP_ALL; cleared at "
                 "cleanup, 514.2, and by zone changes); read by query.has_kw_nb"),
    ("o_eot_kw2", "KW_* bits 15-29 granted until end of turn, shifted down by 15 (double "
                  "strike; KW_CANT_BLOCK: can't block this turn, 509.1b)"),
)
# st.pl[g, PL_*, p], int32
PL_PLANES = (
    ("p_life", "life total (starts at 20)"),
    ("p_lands", "lands played this turn (305.2: one allowed)"),
    ("p_drew_empty", "1 = drew from an empty library since the last SBA check (704.5b)"),
    ("p_lost", "why the player lost: LOSS_* bits of consts (LOSS_LIFE 704.5a, LOSS_DECKED "
               "704.5b, LOSS_POISON 704.5c); 0 = has not lost"),
    ("lib_n", "library size: lib[g, p, :lib_n] are its cards"),
    ("p_mulligans", "mulligans taken (103.5): cards to put on the bottom after keeping"),
)
# st.gm[g, G_*], int32
GM_PLANES = (
    ("turn", "turn number, from 1"),
    ("active", "active player (goldfish: always 0)"),
    ("step", "S_* step (S_MAIN1 from allocation until a game's first turn begins at S_UNTAP)"),
    ("first", "player who took the game's first turn (skips the first draw, 103.8a)"),
    ("winner", "-1 game on, 0/1 winner, 2 draw"),
    ("next_ts", "next timestamp (o_ts, o_rank), from 1"),
    ("next_oid", "next object id (o_oid), from 1"),
    ("next_seq", "next trigger sequence number (q_seq)"),
    ("any_attackers", "0 = no attackers were declared this combat, else ATK_*: ATK_DECLARED; "
                      "with first or double strike in combat, ATK_FS_STEP in the first-strike "
                      "combat damage step and ATK_AFTER_FS in the regular one after it (510.4)"),
    ("stack_n", "stack size: stk[g, :, :stack_n], the top at stack_n - 1"),
    ("q_n", "number of waiting triggered abilities in pq"),
    ("d_n", "number of delayed triggers in dl"),
    ("tape_n", "answers on the choice tape (tp[g, :, :tape_n])"),
    ("tape_pos", "answers the running action has read so far (0 at each action's start)"),
    ("ask_kind", "ASK_* kind of the open question (ST_NEED)"),
    ("ask_why", "W_* reason"),
    ("ask_player", "who decides"),
    ("ask_min", "fewest values (lists; 1 for single answers)"),
    ("ask_max", "most values (lists; 1 for single answers)"),
    ("ask_n", "number of options in ask_opts"),
    ("err", "E_* error code of the last refused action (0 at each action's start)"),
    ("err_arg", "detail for the error: the slot, ability number, step, A_* action or W_* "
                "reason involved"),
    ("autopay", "1 = game mode (GameBatch): casting, and activating without {T}, taps mana "
                "sources (mana.autopay_nb, an engine heuristic), and a player with two or more "
                "waiting triggers is asked their order (603.3b); 0 = scenarios: costs are paid "
                "from the pool"),
    ("mana_pref", "autopay: the mana type (M_*) wanted from the source being tapped; -1 = ask"),
    ("goldfish", "1 = no opponent: player 1 takes no turns"),
    ("scratch", "offset in scr of the lane (thread) running this game's kernels"),
    ("sba_dirty", "1 = something a state-based action looks at may have changed since the last "
                  "pass that found none (kernels/sbamark.py: mark_sba_nb); 0 = the check is "
                  "skipped"),
    ("sba_audit", "1 = run a skipped state-based check anyway and count in sba_missed each time "
                  "it found something (tests, scenarios: a write that did not mark)"),
    ("sba_missed", "skipped state-based checks that would have done something (with sba_audit)"),
    ("pot0", "player 0's potential mana (mana.potential_mana_nb), valid while bit 0 of pot_known "
             "is set"),
    ("pot1", "player 1's potential mana, valid while bit 1 of pot_known is set"),
    ("pot_known", "bit p = pot0 + p holds p's potential mana; cleared by every write to what it "
                  "counts (kernels/manamark.py: mark_mana_nb); 0 in a new State"),
    ("least_i0", "the least mana any of player 0's instant-speed candidates needs "
                 "(candidates.candidates_nb: an instant in hand or exile, an activated ability "
                 "without sorcery timing; 0 = one that cannot be judged by it, NO_CANDIDATE = "
                 "none), counted when the game's next object id was cands_oid"),
    ("least_i1", "the same for player 1"),
    ("least_s0", "the least mana any of player 0's candidates needs at sorcery speed (every "
                 "nonland card in hand or exile, every activated ability)"),
    ("least_s1", "the same for player 1"),
    ("cand_lands", "bit p = p has a land in hand or exile (a land drop needs no mana)"),
    ("cands_oid", "next_oid when least_* and cand_lands were counted (every zone change "
                  "takes a new id); 0 or -1: not counted yet"),
    ("dry_q", "dry runs (options.legal_now_nb) only: 1 + questions answered so far with their "
              "least answer in place (choice.py); 0 = questions are asked"),
    ("dry_v", "dry runs: values those answers took (lists take several)"),
    ("record", "1 = record per card when it was drawn, cast and entered (o_drawn, o_cast, "
               "o_entered); set when the first turn begins, if the batch records"),
    ("ask_src", "slot of the spell being cast, or of the source of the ability, whose targets "
                "the open W_TARGET question chooses (set before each: the greedy player "
                "reads what the target is for, e.g. an Aura's)"),
)
# st.stk[g, SI_*, depth], int32; depth 0 = bottom
STK_PLANES = (
    ("s_kind", "SK_* spell / activated / triggered"),
    ("s_src", "source slot: the spell's own slot for spells, the permanent for activated "
              "abilities, the trigger's source (a delayed trigger's object)"),
    ("s_src_oid", "source object id when it was put on the stack (0 without a source)"),
    ("s_card", "source card id (last known)"),
    ("s_abil", "ability id (a spell's c_spell; -1 for a permanent spell without one)"),
    ("s_ctrl", "controller"),
    ("s_x", "X (107.3): the spell's announced X, a trigger's q_x, 0 for activated abilities"),
    ("s_kicks", "times kicked (spells)"),
    ("s_flags", "cast flags, as o_cflags (spells; 0 for abilities): bit 0 decides AM_IF_PAID"),
    ("s_ntgt", "number of targets chosen (0..2); s_tgt*/s_toid* beyond it are stale"),
    ("s_tgt0", "target 0: slot >= 0, player -2-p, -1 none"),
    ("s_tgt1", "target 1: slot >= 0, player -2-p, -1 none"),
    ("s_toid0", "object id of target 0 when chosen (0 for a player); 608.2b compares it"),
    ("s_toid1", "object id of target 1 when chosen (0 for a player)"),
    ("s_subj", "trigger subject slot (the entering/leaving object); -1 none"),
    ("s_subj_oid", "subject's object id after the event (a leaving object's new id); 0 none"),
    ("s_subj_card", "subject's card id; -1 none (written, not read)"),
)
# st.pq[g, QI_*, i], int32; waiting triggered abilities (603.3), i < q_n
Q_PLANES = (
    ("q_src", "source slot"),
    ("q_src_oid", "source object id"),
    ("q_card", "source card id"),
    ("q_abil", "ability id"),
    ("q_ctrl", "controller"),
    ("q_x", "X the ability refers to (107.3m): an entering object's own X for its enter "
            "trigger, the spell's X for a cast trigger; else 0"),
    ("q_subj", "subject slot; -1 none"),
    ("q_subj_oid", "subject object id (after the event: a leaving object's new id)"),
    ("q_subj_card", "subject card id; -1 none"),
    ("q_rank", "source's ordering rank (o_rank)"),
    ("q_seq", "trigger sequence number (G_NEXT_SEQ): ties of q_rank go in trigger order"),
)
# st.dl[g, DI_*, i], int32; delayed triggers (603.7): warp's exile at the next end step, an
# effect "at the beginning of the next turn's upkeep"; i < d_n
D_PLANES = (
    ("d_abil", "ability id (the warp trigger: CardTable meta[1]; an AK_DELAYED row of OP_DELAY)"),
    ("d_obj", "object slot it refers to (warp: the permanent; OP_DELAY: the source)"),
    ("d_oid", "that object's id"),
    ("d_ctrl", "controller"),
    ("d_when", "EV_* step it waits for: EV_END_STEP, EV_UPKEEP"),
    ("d_turn", "it waits for a step of a turn after this one (\"the next turn's upkeep\"); -1 "
               "the next such step, this turn's included"),
)
# st.tp[g, TP_*, i], int32; the choice tape, answer i < tape_n
TP_PLANES = (
    ("tape_off", "offset of answer i in tape_val"),
    ("tape_len", "number of values of answer i"),
    ("tape_list", "1 = answer i is a list"),
)

# A scratch lane of st.scr (kernels/scratch.py) starts with [top, end, high-water mark],
# then who answers the engine's questions in place for the games this lane's thread plays
# (players/asking.py answer_here_nb; all 0 = nobody: every question opens): each player's compiled policy (P_*), the run's seed (its bits), the batch's first
# game number, the decisions a game may take, the running game's decision count (moved to
# and from the Flow's f_decisions around each action, kernels/txn.py), the Flow's tape room
# (entries, values) and its options' width (a decision's most options); flow.step_games_nb
# writes them for its thread. They live here because every kernel on the way to a question
# already passes the lane: an argument more on those ~55 kernels cost goldfish games 6-10%.
LH_POLICY, LH_SEED, LH_GAME0, LH_LIMIT, LH_DECISIONS, LH_TAPE_T, LH_TAPE_V, LH_OPTS = \
    3, 5, 6, 7, 8, 9, 10, 11
LANE_HEADER = 12

# ---------------------------------------------------------------- Flow (simcore/flowstate.py)
# Game-flow bookkeeping of GameBatch, kept outside the State so that a transaction's rollback
# never touches it: fw.fl[g, F_*], int32 (kernels/flow.py).
FLOW_PLANES = (
    ("f_dkind", "D_* kind of the open decision; D_OVER once the game is over; 0 (D_NONE) "
                "before it starts"),
    ("f_dplayer", "player who decides"),
    ("f_dn", "number of options opts[g, :f_dn] (D_MULLIGAN: 2, keep or mulligan, no opts); "
             "attack and block options drop out as they are picked"),
    ("f_qkind", "D_QUESTION: the ASK_* kind of the engine question (gm ask_kind)"),
    ("f_qmin", "D_QUESTION: fewest values of a list (gm ask_min)"),
    ("f_qmax", "D_QUESTION: most values of a list (gm ask_max)"),
    ("f_prio", "PH_PLAY: the player with priority"),
    ("f_passes", "passes in succession since the last action (a goldfish pass counts 2); 2 = "
                 "all passed: the top of the stack resolves or the step ends (500.2, 608.1)"),
    ("f_phase", "PH_*: mulligans, putting cards on the bottom, playing, over"),
    ("f_mull_p", "PH_BOTTOM: the player putting cards on the bottom now (103.5)"),
    ("f_bottom_left", "PH_BOTTOM: cards f_mull_p still puts on the bottom"),
    ("f_txn", "1 = a transaction is open: the action in pend waits for an answer (D_QUESTION)"),
    ("f_tape_n", "answers given to the pending action so far (toff/tlen/tlist entries)"),
    ("f_tape_v", "values of those answers in tval"),
    ("f_pick_n", "values picked so far of the open list decision (attack, block, a list "
                 "question): pick[g, :f_pick_n]"),
    ("f_max_turns", "turn limit: the game ends END_TURN_LIMIT once turn exceeds it"),
    ("f_end", "END_* how the game ended; END_NONE (0) while it is on"),
    ("f_kill_turn", "turn on which a player lost (END_LIFE, END_DECKED, END_POISON); 0 "
                    "otherwise"),
    ("f_decisions", "decisions taken so far (it seeds that decision's random numbers, "
                    "flow.decision_noise_nb)"),
    ("f_cond_turn", "the game turn the watched condition first held (cterm, citem, cclause: "
                    "kernels/condition.py; the game then ends END_CONDITION); 0 = not (yet)"),
    ("f_declared", "combat declarations offered this combat: 0 none, 1 attackers (at the "
                   "beginning of combat), 2 blockers too"),
    ("f_kept0", "1 = player 0 kept its hand (read as F_KEPT0 + p)"),
    ("f_kept1", "1 = player 1 kept its hand"),
    ("f_pend_opt", "the priority option (as opts: OPT_* << 24 | slot << 6 | ability number) "
                   "that started the pending action; 0 = the engine's own step"),
    ("f_ban_n", "entries in ban: options refused since the game last moved on"),
    ("f_log_n", "numbers used in log; -1 = the log no longer leads from the snapshot to the "
                "state (the next action takes a snapshot)"),
    ("f_snap", "the row of the snapshot State its transactions use: its own (g), or its "
               "thread's when GameBatch.play runs the game to its end in one call"),
    ("f_replays", "times a logged action asked or was refused and its starting state was "
                  "rebuilt by replaying the log (read by tests)"),
    ("f_refused", "actions refused (rolled back) in this game: a priority option the cheap "
                  "checks let through, or a declaration; the players' declarations never are "
                  "(tests)"),
    ("f_opt_audit", "1 = audit priority_options' shortcuts (options.cast_option_nb, checks "
                    "skipped); audited shortcuts add bit 2 (castability from mana counts), 4 "
                    "(autopay in place), 8 (a check skipped: no candidate), 16 (an activation "
                    "decided in place), 32 (a check skipped: no candidate's cost fits the "
                    "potential mana) or 64 (a kept potential mana counted again)"),
    ("f_opt_missed", "audited shortcuts that got it wrong (with f_opt_audit; tests)"),
    ("f_record", "1 = the game records: per card (gm record) and per player and turn (rec); "
                 "0 = it records nothing (bench measures both)"),
    ("f_rec_turn", "the last game turn whose end is in rec (r_lands, r_drops, r_hand_lands, "
                   "r_life); 0 none"),
    ("f_rec_main", "the last game turn whose precombat main phase is in rec (r_mana); 0 none"),
    ("f_actions", "actions completed so far (txn.txn_done_nb): engine steps, priority options, "
                  "declarations"),
    ("f_cond_key", "f_actions when the condition was last checked: it is checked again only "
                   "after another action completed; -1 = not yet"),
    ("f_searched", "decisions the search player took by searching (players/search.py; read "
                   "by bench and tests)"),
    ("f_rollouts", "rollouts those searches played"),
    ("f_search_act", "the action the search player took at its last searched decision "
                     "(tests)"),
)
# fw.cterm[t, CTM_*], int32, not per game: the terms of the watched condition (and within a
# clause), simcore/condition.py
CTERM_PLANES = (
    ("ct_kind", "TERM_* (consts): cards in a zone, mana available, a life total"),
    ("ct_zone", "TERM_ZONE: Z_HAND, Z_BATTLEFIELD (permanents the player controls), "
                "Z_GRAVEYARD, Z_EXILE, or Z_SEEN (cards drawn or cast at any point)"),
    ("ct_op", "CMP_* comparison of a number term (mana, life) with ct_value"),
    ("ct_value", "the number a mana or life term compares with"),
    ("ct_item0", "TERM_ZONE: its first item in citem"),
    ("ct_nitems", "TERM_ZONE: its number of items"),
)
# fw.citem[i, CI_*], int32, not per game: what the cards of a zone term must be
CITEM_PLANES = (
    ("ci_match", "MATCH_CARD, MATCH_TYPE or MATCH_SUBTYPE (consts)"),
    ("ci_value", "the card id, the T_* type bit, or the subtype id (Pool.sub_id)"),
    ("ci_count", "how many distinct cards must match (at least)"),
)
# fw.rec[g, p, R_*, t], int16: player p in game turn t (1 .. max turns; index 0 unused)
REC_PLANES = (
    ("r_lands", "lands p controls at the end of turn t (its cleanup step, or the game's end)"),
    ("r_drops", "lands p played in turn t (its land drops)"),
    ("r_hand_lands", "land cards in p's hand at the end of turn t"),
    ("r_life", "p's life total at the end of turn t"),
    ("r_mana", "mana p's untapped sources could make as the precombat main phase of turn t "
               "begins (mana.potential_mana_nb: before that turn's land drop)"),
)

# ---------------------------------------------------------------- CardTable (compile.py)
# ct.card[c, C_*], int32; c = card id (Pool.names: cards by name, then tokens)
CARD_PLANES = (
    ("c_types", "T_* card-type bit mask"),
    ("c_super", "SUP_* supertype bit mask (legendary, basic, snow)"),
    ("c_colors", "colour mask, bit t = mana type t for W U B R G (COLOR_BITS): the card's "
                 "`colors`, else its cost's coloured and hybrid symbols"),
    ("c_power", "printed power (0 if none)"),
    ("c_toughness", "printed toughness (0 if none)"),
    ("c_kw", "KW_* keyword bit mask"),
    ("c_token", "1 = a token definition (written, not read: objects carry o_token)"),
    ("c_cost", "mana cost id (mcost row; 0 = the empty cost)"),
    ("c_mv", "mana value (202.3): generic + coloured pips + hybrid symbols, X counted 0"),
    ("c_abil0", "first ability id of the card's abilities (rows c_abil0 .. c_abil0 + c_nabil "
                "- 1: basic land types' mana abilities (305.6), the file's abilities, the "
                "enchant spell ability, undying/persist triggers)"),
    ("c_nabil", "number of abilities"),
    ("c_spell", "ability id of its AK_SPELL (targets and effects when cast; an Aura's enchant "
                "target, 303.4a); -1 none. A permanent with one and o_attached -1 is put into "
                "the graveyard as an unattached Aura (sba.py, 704.5m)"),
    ("c_static", "1 = has an AK_STATIC ability (P/T scans look for those)"),
    ("c_cast_need", "the least mana a priority check needs to look at casting it from hand: "
                    "c_mv, or 0 with a warp cost (always looked at; options.candidates_nb)"),
    ("c_act_need", "the least mana (mana.min_mana_nb) of its activated abilities (those of "
                   "a permanent: a_zone Z_BATTLEFIELD); "
                   "NO_CANDIDATE (consts) none"),
    ("c_act_need_i", "the same over those without sorcery timing (usable at instant speed)"),
    ("c_simple_mana", "ability id of its first mana ability autopay may use (a_simple; "
                      "mana.simple_source_nb); -1 none"),
    ("c_simple_last", "ability id of its last such ability (= c_simple_mana: one; a dual "
                      "land has two, mana.next_simple_nb walks them); -1 none"),
    ("c_mana_mult", "product of its mana replacement effects' multipliers above 1 (1: none; "
                    "mana.count_potential_mana_nb)"),
    ("c_mana_trig", "number of its \"tapped for mana\" triggered abilities (AK_MANA_TRIGGER)"),
    ("c_mana_mods", "number of its AK_MANA_REPLACE and AK_MANA_TRIGGER abilities"),
    ("c_prot", "protection (702.16): mask of the qualities it has protection from, bit t = "
               "colour t as c_colors, PROT_CREATURES, PROT_EVERYTHING (consts.PROT_BITS); "
               "0 none"),
    ("c_walk", "landwalk (702.14): mask of the basic land types it walks, bit t = the type "
               "whose mana is type t (Plains W .. Forest G; vocab.LANDWALK); 0 none"),
    ("c_land_types", "a land card's basic land types, a mask as c_walk (what landwalk looks "
                     "for); 0 for other cards"),
    ("c_hand_need", "the least mana of its activated abilities that work from the hand "
                    "(a_zone Z_HAND: cycling); NO_CANDIDATE none (the priority scan looks at "
                    "a card in hand's abilities only then: options.priority_options_nb)"),
    ("c_hand_need_i", "the same over those without sorcery timing"),
    ("c_gy_need", "the same for its abilities that work from its owner's graveyard (a_zone "
                  "Z_GRAVEYARD) and its flashback cost (AK_FLASHBACK); NO_CANDIDATE none"),
    ("c_gy_need_i", "the same over those without sorcery timing"),
    ("c_att", "1 = has an AK_GRANT ability: gives the object it is attached to what c_att_* "
              "say (query.attached_grants_nb)"),
    ("c_att_pw", "power its AK_GRANT abilities give the object it is attached to (613.4c)"),
    ("c_att_tg", "toughness they give"),
    ("c_att_kw", "KW_* bits they give (613.1f), with KW_CANT_ATTACK and KW_CANT_BLOCK"),
    ("c_att_nountap", "1 = the object it is attached to doesn't untap during its "
                      "controller's untap step (502.3)"),
    ("c_equipment", "1 = an Equipment (301.5): unattached, not put into the graveyard, when "
                    "what it is attached to leaves or is no creature (704.5n)"),
    ("c_dmg_mode", "how its damage is dealt (consts.DAMAGE_MODE_BITS): DM_MINUS_COUNTERS to "
                   "creatures as -1/-1 counters (wither, infect), DM_POISON to players as "
                   "poison counters (infect); 0 as damage"),
)
# ct.mcost[m, MC_*], int32; m = cost id, 0 = the empty cost
MC_PLANES = (
    ("mc_generic", "generic mana"),
    ("mc_x", "number of {X} symbols: the cost adds mc_x * X generic (107.3)"),
) + tuple((f"mc_pips{t}", f"pips of mana type {t} ({'WUBRGC'[t]}; M_* order)")
          for t in range(6)) + \
    tuple((f"mc_hyb{h}", f"hybrid symbol {h}: type mask of its two colours (1 << a | 1 << b); "
                         "0 none") for h in range(4))
# ct.abil[a, AB_*], int32; a = ability id; the last one is the engine's warp trigger
ABIL_PLANES = (
    ("a_kind", "AK_* ability kind"),
    ("a_card", "card id it belongs to; -1 for the engine's warp trigger (written, not read)"),
    ("a_actidx", "AK_MANA, AK_ACTIVATED: its number among the card's activated abilities "
                 "(A_ACTIVATE's ability number, an OPT_ACTIVATE option's low 6 bits); -1 other"),
    ("a_cost", "mana cost id: the activation cost (AK_MANA, AK_ACTIVATED), the warp cost "
               "(AK_ALT_COST), the cost per kick (AK_KICKER), the flashback cost "
               "(AK_FLASHBACK); -1 none"),
    ("a_tap", "1 = its cost includes {T}"),
    ("a_untap", "1 = its cost includes {Q}"),
    ("a_simple", "AK_MANA: 1 = autopay may use it: {T} only (no {Q}, no creatures to tap, no "
                 "mana in its cost; compile.derived)"),
    ("a_tapn", "cost: tap this many untapped creatures you control (not their own {T}: "
               "summoning sickness does not matter, 302.6); 0 none"),
    ("a_tapn_sub", "subtype id those creatures need; -1 any"),
    ("a_blight", "cost (AK_ACTIVATED): blight N, N -1/-1 counters on a creature you control "
                 "(701.68); 0 none"),
    ("a_rmc_kind", "cost (AK_ACTIVATED): counter kind removed from this permanent; -1 none"),
    ("a_rmc_n", "how many of them"),
    ("a_sac_self", "cost (AK_ACTIVATED): 1 = sacrifice this permanent"),
    ("a_pay_life", "cost (AK_ACTIVATED, AK_MANA, AK_FLASHBACK): pay this much life (119.4: "
                   "only with at least as much); 0 none"),
    ("a_sorcery", "1 = activate only as a sorcery (602.5d)"),
    ("a_prod", "AK_MANA: PK_* what it produces"),
    ("a_prod_val", "PK_FIXED: packed mana per activation (times a_am_*); PK_REFLECT: type mask "
                   "of what it may copy (ALL_TYPES_MASK any type, COLOR_MASK any colour)"),
    ("a_prod_from", "PK_REFLECT: FROM_* whose lands it copies (FROM_LANDS_YOU, FROM_LANDS_OPP; "
                    "FROM_PERMS_YOU: every land, no controller test); PK_COLOR_OF_PERM: "
                    "FROM_PERMS_YOU, not read (your permanents' colours)"),
    ("a_nopts", "PK_CHOICE: number of options in a_prod_opts*"),
    ("a_am_k", "AM_* amount kind: AK_MANA how many times it produces (AM_CONST, AM_COUNT, "
               "AM_COUNTERS_SELF; others 1), AK_ETB_COUNTERS how many counters (AM_CONST, "
               "AM_X, AM_HALF_X, AM_KICKS; others 0)"),
    ("a_am_a", "the amount's argument: AM_CONST the number, AM_COUNT the filter id of what "
               "is counted, AM_COUNTERS_* a counter kind, AM_IF_PAID else | paid << 8; else 0"),
    ("a_event", "AK_TRIGGER: EV_* event"),
    ("a_subject", "AK_TRIGGER on entering, leaving, dying: SUBJ_* whose event it is"),
    ("a_filter", "filter id: an AK_TRIGGER's subjects (with SUBJ_ANOTHER ... SUBJ_ANY), the "
                 "objects an AK_STATIC affects; -1 none (any object)"),
    ("a_whose", "AK_TRIGGER at the beginning of a step: 0 = your steps only (you are the "
                "active player), 1 = each player's"),
    ("a_cond", "COND_* intervening if (603.4); COND_NONE (0)"),
    ("a_ntgt", "number of targets (0..2), filters in a_tgt0/1"),
    ("a_op0", "first row of its effects in ops"),
    ("a_nop", "number of effect rows (0: none, e.g. an Aura's plain enchant spell ability)"),
    ("a_mt_src", "AK_MANA_TRIGGER: MT_* which land's tapping for mana triggers it "
                 "(MT_ENCHANTED_LAND: the land this Aura enchants; MT_ANY_LAND)"),
    ("a_mt_add", "AK_MANA_TRIGGER: MT_ADD_* what it adds (MT_ADD_FIXED: a_mt_val; "
                 "MT_ADD_ONE_PRODUCED: one mana of a type the land produced)"),
    ("a_mt_val", "MT_ADD_FIXED: packed mana added"),
    ("a_mr_to", "AK_MANA_REPLACE: MR_* what tapping it applies to (MR_YOU_TAP: permanents "
                "its controller controls; MR_LANDS: any land)"),
    ("a_mr_mult", "AK_MANA_REPLACE: the mana produced is multiplied by this (1 = unchanged)"),
    ("a_mr_with", "AK_MANA_REPLACE: packed mana that replaces what is produced; 0 = type "
                  "unchanged"),
    ("a_ctr_kind", "AK_ETB_COUNTERS: counter kind it enters with (count a_am_*); -1 other"),
    ("a_pw", "AK_STATIC: power bonus to the objects matching a_filter"),
    ("a_tg", "AK_STATIC: toughness bonus to the objects matching a_filter"),
    ("a_optional", "AK_ADD_COST: 1 = optional (\"you may\": option 0 only, asked yes/no); "
                   "0 = one of the options must be paid"),
    ("a_naco", "AK_ADD_COST: number of options (1..2) in a_aco_*"),
    ("a_multi", "AK_KICKER: 1 = multikicker (up to 8 kicks), 0 = at most one"),
    ("a_ce_types", "AK_CAST_EXILE: T_* mask of the cards exiled with it that may be cast"),
    ("a_ce_yourturn", "AK_CAST_EXILE: 1 = only during your turn"),
    ("a_ce_rmc", "AK_CAST_EXILE: counters to remove from among creatures you control as an "
                 "additional cost; 0 none"),
    ("a_etu", "AK_ENTERS_TAPPED: ETU_* unless what it enters untapped (ETU_NONE: never)"),
    ("a_etu_n", "AK_ENTERS_TAPPED: the number ETU_LANDS_* and ETU_PAY_LIFE read"),
    ("a_self_dmg", "AK_MANA: damage its source deals to its controller as it resolves (\"~ "
                   "deals 1 damage to you\", 605.3b; a painland's coloured ability); 0 none"),
    ("a_zone", "AK_MANA, AK_ACTIVATED: Z_* zone its object must be in to activate it (602.2: "
               "Z_BATTLEFIELD; Z_HAND for cycling, 702.29a; Z_GRAVEYARD, its owner's); 0 "
               "other kinds"),
    ("a_discard_self", "cost (AK_ACTIVATED from Z_HAND): 1 = discard this card (702.29a)"),
    ("a_sac_f", "cost (AK_ACTIVATED): sacrifice a permanent you control matching this filter, "
                "chosen as the cost is paid (601.2h, 602.2b); -1 none"),
    ("a_discard_n", "cost (AK_ACTIVATED): discard this many other cards of your choice; 0 none"),
    ("a_exile_self", "cost (AK_ACTIVATED from Z_GRAVEYARD): 1 = exile this card"),
    ("a_once", "1 = activate only once each turn (602.5b: o_once_*)"),
    ("a_gkw", "AK_GRANT: KW_* bits given (KW_CANT_ATTACK, KW_CANT_BLOCK: its restrictions); "
              "its a_pw, a_tg the P/T given"),
    ("a_gnountap", "AK_GRANT: 1 = what it is attached to doesn't untap during its "
                   "controller's untap step"),
) + tuple((f"a_prod_opts{k}", f"PK_CHOICE: option {k}, packed mana; 0 unused")
          for k in range(4)) + \
    tuple((f"a_tgt{k}", f"filter id of target {k}; -1 none") for k in range(2)) + \
    tuple((f"a_aco_kind{k}", f"AK_ADD_COST: ACO_* kind of option {k} (ACO_BLIGHT, ACO_MANA, "
                             "ACO_BLIGHT_X); 0 none") for k in range(2)) + \
    tuple((f"a_aco_n{k}", f"ACO_BLIGHT: -1/-1 counters of option {k}; ACO_SACRIFICE: the "
                          "filter id of what is sacrificed") for k in range(2)) + \
    tuple((f"a_aco_cost{k}", f"ACO_MANA: mana cost id of option {k}; -1 none")
          for k in range(2)) + \
    tuple((f"a_etu_f{k}", f"ETU_CONTROL: filter id {k} of what you must control; -1 none")
          for k in range(2))
# vector-valued ability fields: name -> number of planes (name0, name1, ...)
ABIL_VECTORS = {"a_prod_opts": 4, "a_tgt": 2, "a_aco_kind": 2, "a_aco_n": 2, "a_aco_cost": 2,
                "a_etu_f": 2}
# ct.filt[f, FI_*], int32; f = filter id (targets, subjects, counts, anthems)
FILT_PLANES = (
    ("f_types", "T_* mask: objects with any of these types; 0 = any type"),
    ("f_sub", "subtype id the object needs; -1 any"),
    ("f_ctrl", "FC_* relation to the source's controller of the object's controller (its "
               "owner in a graveyard), and of a matching player"),
    ("f_owner", "FC_* relation to the source's controller of the object's owner"),
    ("f_zone", "FZ_BATTLEFIELD (permanents), FZ_GRAVEYARD (graveyard cards) or FZ_LIBRARY "
               "(library cards: search_library's) or FZ_STACK (spells: a counterspell's target)"),
    ("f_mv_max", "greatest mana value (c_mv); -1 no limit"),
    ("f_other", "1 = not the source itself (\"another\")"),
    ("f_players", "1 = players match too (e.g. any target), subject to f_ctrl"),
    ("f_basic", "1 = basic cards only (supertype Basic)"),
    ("f_not_types", "T_* type mask the object must have none of (\"nonland\"); 0 none"),
)

OBJ_FIELDS = tuple(name for name, _ in OBJ_PLANES)
PL_FIELDS = tuple(name for name, _ in PL_PLANES)
GM_FIELDS = tuple(name for name, _ in GM_PLANES)
# game planes that are counts kept for the checks that asked for them (kernels/manamark.py,
# candidates.py), not the game: two states of one game may differ there (tests compare the rest)
GM_CACHE_FIELDS = ("pot0", "pot1", "pot_known", "least_i0", "least_i1", "least_s0", "least_s1",
                   "cand_lands", "cands_oid")
STK_FIELDS = tuple(name for name, _ in STK_PLANES)
Q_FIELDS = tuple(name for name, _ in Q_PLANES)
D_FIELDS = tuple(name for name, _ in D_PLANES)
TP_FIELDS = tuple(name for name, _ in TP_PLANES)
FLOW_FIELDS = tuple(name for name, _ in FLOW_PLANES)
REC_FIELDS = tuple(name for name, _ in REC_PLANES)
CTERM_FIELDS = tuple(name for name, _ in CTERM_PLANES)
CITEM_FIELDS = tuple(name for name, _ in CITEM_PLANES)
CARD_FIELDS = tuple(name for name, _ in CARD_PLANES)
MC_FIELDS = tuple(name for name, _ in MC_PLANES)
ABIL_FIELDS = tuple(name for name, _ in ABIL_PLANES)
FILT_FIELDS = tuple(name for name, _ in FILT_PLANES)

# ---------------------------------------------------------------- whole arrays
# array name -> "[axes] dtype: meaning"; capacities: M object slots, K counter kinds, S stack,
# P waiting triggers, D delayed triggers, T/V tape answers/values, A question options
STATE_ARRAY_DOCS = {
    "obj": "[g, O_*, slot] int16: the object planes (OBJ_PLANES), slot < M",
    "o_counters": "[g, kind, slot] int16: counters by kind (CK_* first, then the pool's "
                  "kinds), one plane per kind (704.5q)",
    "pl": "[g, PL_*, p] int32: the player planes (PL_PLANES)",
    "p_counters": "[g, p, kind] int16: counters on players (CK_POISON: ten lose, 704.5c)",
    "p_pool": "[g, p, 6] int32: mana pool by type, WUBRGC (M_*); emptied as steps end (500.5)",
    "lib": "[g, p, i] int16: library slots, index 0 = bottom, lib_n-1 = top",
    "gm": "[g, G_*] int32: the game planes (GM_PLANES)",
    "rng": "[g] uint64: per-game random state (splitmix64), seeded from the run's seed and "
           "the game's number (rng.game_seed_nb)",
    "stk": "[g, SI_*, depth] int32: the stack (STK_PLANES), depth 0 = bottom, < stack_n",
    "s_lki": "[g, depth, kind] int16: counters as last known (603.10a, 704.8): a trigger's "
             "subject's, an activated ability's source's after its cost was paid",
    "pq": "[g, QI_*, i] int32: waiting triggered abilities (Q_PLANES), i < q_n",
    "q_lki": "[g, i, kind] int16: subject's counters as last known",
    "dl": "[g, DI_*, i] int32: delayed triggers (D_PLANES), i < d_n",
    "tp": "[g, TP_*, i] int32: the choice tape's answers (TP_PLANES), i < tape_n",
    "tape_val": "[g, V] int32: answer values, concatenated",
    "ask_opts": "[g, A] int32: the legal options of the open question, ask_opts[g, :ask_n]: "
                "objects/players (slot >= 0, -2-p), numbers, yes 1 / no 0, packed mana, "
                "waiting trigger indices (W_TRIGGER_ORDER)",
    "scr": "[lanes * W] int64: kernels' scratch cells, one lane per thread, not per game "
           "(kernels/scratch.py); not game state: never copied between games",
}
FLOW_ARRAY_DOCS = {
    "fl": "[g, F_*] int32: the flow planes (FLOW_PLANES)",
    "opts": "[g, A] int32 (A = game.N_OPTIONS): the open decision's options, opts[g, :f_dn]; "
            "action 1 + k takes opts[g, k]: D_BOTTOM a hand slot; D_PRIORITY OPT_* << 24 | "
            "slot << 6 | ability number; D_ATTACK an attacker slot; D_BLOCK blocker << 16 | "
            "attacker; D_QUESTION the question's ask_opts",
    "pend": "[g, 64] int64: the pending action, as run_action_nb takes it: [A_*, arguments, "
            "0...]: A_PLAY_LAND slot; A_CAST slot, X (-1 ask), 1 = warp, kicks (-1 ask); "
            "A_ACTIVATE slot, ability number; A_ATTACK n, slots; A_BLOCK n, (blocker, "
            "attacker) pairs; A_NEXT_STEP, A_RESOLVE none",
    "toff": "[g, T] int32: answer k to the pending action's questions: its offset in tval",
    "tlen": "[g, T] int32: answer k's number of values",
    "tlist": "[g, T] int32: 1 = answer k is a list (toff/tlen/tlist/tval become the State's "
             "tape, tp and tape_val, each time the action reruns)",
    "tval": "[g, V] int32: the answers' values, concatenated, tval[g, :f_tape_v]",
    "pick": "[g, A] int32: values picked so far of the open list decision, pick[g, :f_pick_n] "
            "(attackers, blocks as in opts, a list question's values)",
    "ban": "[g, 16] int32: priority options (as opts) refused since the game last moved on, "
           "ban[g, :f_ban_n]: not offered again",
    "rec": "[g, 2, R_*, max turns + 2] int16: per player and game turn, what the statistics "
           "read (REC_PLANES); -1 where not recorded",
    "cterm": "[terms, CTM_*] int32, not per game: the watched condition's terms (CTERM_PLANES)",
    "citem": "[items, CI_*] int32, not per game: the zone terms' items (CITEM_PLANES)",
    "cclause": "[clauses, 2] int32, not per game: [first term, terms] of each clause; the "
               "condition holds when one clause's terms all hold; no clause: none is watched",
    "log": "[g, log * (LOG_WIDTH + 1)] int32 (log: alloc_flow's argument): actions run on "
           "the state since the snapshot, as entries [w, its w numbers (as pend)], "
           "log[g, :f_log_n]; replayed to rebuild the snapshot (txn.replay_log_nb)",
}
CARD_TABLE_ARRAY_DOCS = {
    "card": "[c, C_*] int32: the card planes (CARD_PLANES), c = card id",
    "c_sub": "[c, sw] uint64: subtypes, bit (s & 63) of word s >> 6 = card c has subtype id "
             "s (Pool.subtypes, sorted), sw = max(1, ceil(subtypes / 64))",
    "mcost": "[m, MC_*] int32: mana costs (MC_PLANES), m = cost id, row 0 the empty cost",
    "abil": "[a, AB_*] int32: abilities (ABIL_PLANES), a = ability id",
    "filt": "[f, FI_*] int32: filters (FILT_PLANES), f = filter id; at least one row",
    "ops": "[o, 8] int32: effect bytecode, one row [opcode, flags, a0..a5] per effect in "
           "text order (608.2c), rows a_op0 .. a_op0 + a_nop - 1 of an ability (a lone zero "
           "row when no card has effects). opcode: OP_*. flags: OPF_OPTIONAL (1) \"you may\": "
           "asked yes/no first (OP_MOVE_COUNTERS: only when the move is possible; OP_BLIGHT "
           "passes it on: no question without a creature); OPF_IF_DONE (2) \"if you do\": "
           "only if the last effect run before it did something. sel: SEL_* selector "
           "(SEL_TARGET0/1 while legal, SEL_SELF/SEL_SUBJECT while the same object, "
           "SEL_YOU); amount: am_k, am_a as a_am_k/a_am_a. Operands: OP_PUT_COUNTERS sel (or "
           "SEL_EACH_CREATURE), kind, amount; OP_PUT_SUBJ_COUNTERS sel (the subject's "
           "s_lki); OP_MOVE_COUNTERS from sel, to sel; OP_PROLIFERATE none; OP_BLIGHT who "
           "(SEL_YOU, SEL_EACH_OPP, else each player), amount; OP_DAMAGE sel (or "
           "SEL_EACH_CREATURE, SEL_EACH_OPP, SEL_EACH_OPP_AND_CREATURES), amount; OP_DRAW, "
           "OP_GAIN_LIFE, OP_DISCARD, OP_SURVEIL, OP_SCRY, OP_MILL amount (the controller); "
           "OP_LOSE_LIFE who "
           "(SEL_YOU, SEL_EACH_OPP, SEL_EACH_PLAYER), amount; OP_CREATE_TOKEN token card id, "
           "amount; OP_EXILE sel, 1 = linked (EXP_LINKED to the source); OP_EXILE_TOP "
           "amount, DUR_*; OP_RETURN_TO_BF sel (from a graveyard), counter kind to add (-1 "
           "none); OP_SHUFFLE_INTO_LIB sel (not read: the resolving spell itself is "
           "shuffled in); OP_BECOME_CREATURE power, toughness, 1 = all creature types (the "
           "source itself); OP_SAC_UNLESS filter id of what may be sacrificed instead; "
           "OP_DESTROY sel; OP_PUMP sel, power, toughness, keyword mask granted (KW_*, "
           "KW_CANT_BLOCK); OP_EXILE_WARPED SEL_SUBJECT (not read); OP_TAP, OP_UNTAP sel; "
           "OP_RETURN_TO_HAND sel (a permanent or a graveyard card); OP_PUMP_ALL filter id, "
           "power, toughness, keyword mask (every permanent matching at resolution, 611.2c); "
           "OP_COUNTER sel (a spell on the stack), generic mana its controller may pay instead "
           "(0: none); OP_LOOK_TOP how many are looked at, filter id (-1 any card), second "
           "filter id (-1 none), how many to take | DIG_* flags; OP_DELAY AK_DELAYED ability "
           "id, EV_* step; OP_ATTACH sel (the source is attached to it: equip). Unused operands are 0; a4 and a5 always are",
    "sub_creature": "[sw] uint64: the subtype ids that are creature types (not "
                    "vocab.NON_CREATURE_SUBTYPES), as c_sub: what o_eot_chg grants (205.3m)",
    "meta": "[4] int32: [counter kinds (META_NKINDS), the warp trigger's ability id "
            "(META_WARP_ABIL, read as meta[1]), cards (META_NCARDS), 1 = some card has an "
            "AK_GRANT ability or an effect that attaches or acts on what its source is "
            "attached to (META_GRANTS, read as meta[3]: attachments are scanned, and the "
            "greedy player weighs Auras and Equipment, only then)]; 0 and 2 are not read",
}

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
    if group == "rec":
        return "R_" + field[2:].upper()
    if group == "cterm":
        return "CTM_" + field[3:].upper()
    if group == "citem":
        return "CI_" + field[3:].upper()
    for pre in ("mc_", "o_", "p_", "s_", "q_", "d_", "c_", "a_", "f_"):
        if field.startswith(pre):
            return _PREFIX[pre] + field[len(pre):].upper()
    raise ValueError(field)


GROUPS = {"fl": FLOW_FIELDS, "obj": OBJ_FIELDS, "pl": PL_FIELDS, "gm": GM_FIELDS, "stk": STK_FIELDS,
          "pq": Q_FIELDS, "dl": D_FIELDS, "tp": TP_FIELDS, "card": CARD_FIELDS,
          "mcost": MC_FIELDS, "abil": ABIL_FIELDS, "filt": FILT_FIELDS, "rec": REC_FIELDS,
          "cterm": CTERM_FIELDS, "citem": CITEM_FIELDS}
# each group's (name, doc) pairs, keyed as GROUPS
GROUP_PLANES = {"fl": FLOW_PLANES, "obj": OBJ_PLANES, "pl": PL_PLANES, "gm": GM_PLANES,
                "stk": STK_PLANES, "pq": Q_PLANES, "dl": D_PLANES, "tp": TP_PLANES,
                "card": CARD_PLANES, "mcost": MC_PLANES, "abil": ABIL_PLANES,
                "filt": FILT_PLANES, "rec": REC_PLANES, "cterm": CTERM_PLANES,
                "citem": CITEM_PLANES}
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
AB_ETU_F = ABIL_FIELDS.index("a_etu_f0")
MC_PIPS = MC_FIELDS.index("mc_pips0")
MC_HYB = MC_FIELDS.index("mc_hyb0")
SI_TGT = STK_FIELDS.index("s_tgt0")
SI_TOID = STK_FIELDS.index("s_toid0")

FIELD_DOCS = {name: doc for planes in GROUP_PLANES.values() for name, doc in planes}
FIELD_DOCS.update(STATE_ARRAY_DOCS)
FIELD_DOCS.update(FLOW_ARRAY_DOCS)
FIELD_DOCS.update(CARD_TABLE_ARRAY_DOCS)
