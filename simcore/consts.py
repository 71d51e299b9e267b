"""Integer enums shared by the compiler, the kernels and the Python API.

Plain module-level ints (numba freezes globals as compile-time constants; IntEnum would not
work in array expressions). Every encoding used by the state arrays is defined here.
"""

# ---- zones (o_zone) ----
Z_NONE = 0        # free slot
Z_LIBRARY = 1
Z_HAND = 2
Z_BATTLEFIELD = 3
Z_GRAVEYARD = 4
Z_STACK = 5
Z_EXILE = 6
Z_GONE = 7        # a token that left the battlefield and ceased to exist (704.5d)
ZONE_NAMES = ("none", "library", "hand", "battlefield", "graveyard", "stack", "exile", "gone")
Z_SEEN = 8        # conditions only: cards drawn or cast at any point (kernels/condition.py)

# ---- steps (turn structure, 500.1) ----
S_UNTAP = 0
S_UPKEEP = 1
S_DRAW = 2
S_MAIN1 = 3
S_BEGIN_COMBAT = 4
S_DECLARE_ATTACKERS = 5
S_DECLARE_BLOCKERS = 6
S_COMBAT_DAMAGE = 7
S_END_COMBAT = 8
S_MAIN2 = 9
S_END = 10
S_CLEANUP = 11
STEP_NAMES = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
              "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup")

# ---- card types (c_types bit mask) ----
T_LAND = 1
T_CREATURE = 2
T_ARTIFACT = 4
T_ENCHANTMENT = 8
T_INSTANT = 16
T_SORCERY = 32
T_KINDRED = 64
T_PLANESWALKER = 128
T_BATTLE = 256
TYPE_BITS = {"Land": T_LAND, "Creature": T_CREATURE, "Artifact": T_ARTIFACT,
             "Enchantment": T_ENCHANTMENT, "Instant": T_INSTANT, "Sorcery": T_SORCERY,
             "Kindred": T_KINDRED, "Planeswalker": T_PLANESWALKER, "Battle": T_BATTLE}
T_PERMANENT = T_LAND | T_CREATURE | T_ARTIFACT | T_ENCHANTMENT | T_PLANESWALKER | T_BATTLE

SUP_LEGENDARY = 1
SUP_BASIC = 2
SUP_SNOW = 4
SUPER_BITS = {"Legendary": SUP_LEGENDARY, "Basic": SUP_BASIC, "Snow": SUP_SNOW}

# ---- keywords (c_kw bit mask) ----
KW_FLYING = 1
KW_VIGILANCE = 2
KW_DEATHTOUCH = 4
KW_LIFELINK = 8
KW_TRAMPLE = 16
KW_HASTE = 32
KW_REACH = 64
KW_DEFENDER = 128
KW_UNDYING = 256
KW_PERSIST = 512
KW_INDESTRUCTIBLE = 1024
KW_HEXPROOF = 2048
KW_FLASH = 4096
KW_MENACE = 8192
KW_FIRST_STRIKE = 16384
KW_DOUBLE_STRIKE = 32768
KW_BITS = {"flying": KW_FLYING, "vigilance": KW_VIGILANCE, "deathtouch": KW_DEATHTOUCH,
           "lifelink": KW_LIFELINK, "trample": KW_TRAMPLE, "haste": KW_HASTE,
           "reach": KW_REACH, "defender": KW_DEFENDER, "undying": KW_UNDYING,
           "persist": KW_PERSIST, "indestructible": KW_INDESTRUCTIBLE,
           "hexproof": KW_HEXPROOF, "flash": KW_FLASH, "menace": KW_MENACE,
           "first strike": KW_FIRST_STRIKE, "double strike": KW_DOUBLE_STRIKE}
# Protection (702.16): a card's c_prot mask of the qualities it has protection from: the
# colours as in c_colors (bit t = mana type t), creatures, everything (702.16j).
PROT_CREATURES = 32
PROT_EVERYTHING = 64
PROT_BITS = {"protection from white": 1, "protection from blue": 2,
             "protection from black": 4, "protection from red": 8,
             "protection from green": 16, "protection from creatures": PROT_CREATURES,
             "protection from everything": PROT_EVERYTHING}
KW_PROWESS = 2 ** 16      # 702.108a (written so: "<< 16" is the block options' packing, test_encoding)
KW_BITS["prowess"] = KW_PROWESS
KW_CHANGELING = 1 << 17    # 702.73a: every creature type (query.has_subtype_nb)
KW_DEVOID = 1 << 18        # 702.114a: colourless (compile.py: c_colors 0)
KW_BITS["changeling"] = KW_CHANGELING
KW_BITS["devoid"] = KW_DEVOID
KW_SHROUD = 1 << 19        # 702.18a: no spell or ability targets it (query.target_allowed_nb)
KW_BITS["shroud"] = KW_SHROUD
# Static combat restrictions and requirements of the creature itself (kind = "restriction"),
# bits of c_kw as keywords are: which creature may block which (query.evades_nb, 509.1b), who
# must attack (combat.declare_attackers_nb, 508.1d)
KW_CANT_BLOCK = 1 << 20
KW_CANT_BE_BLOCKED = 1 << 21
KW_ATTACKS_EACH_COMBAT = 1 << 22
KW_BLOCKS_ONLY_FLYING = 1 << 23
RESTRICTION_BITS = {"cant_block": KW_CANT_BLOCK, "cant_be_blocked": KW_CANT_BE_BLOCKED,
                    "attacks_each_combat": KW_ATTACKS_EACH_COMBAT,
                    "blocks_only_flying": KW_BLOCKS_ONLY_FLYING}
# Restrictions an Aura gives (508.1c, 509.1b), read as keywords are (query.has_kw_nb) but
# not keywords a card file writes (not in KW_BITS); "can't block" is KW_CANT_BLOCK above
KW_CANT_ATTACK = 16777216     # bit 24
# Damage dealt as counters (c_dmg_mode bits): to creatures as -1/-1 counters (wither 702.80a,
# infect 702.90b), to players as poison counters (infect).
DM_MINUS_COUNTERS = 1
DM_POISON = 2
DAMAGE_MODE_BITS = {"wither": DM_MINUS_COUNTERS, "infect": DM_MINUS_COUNTERS | DM_POISON}

# ---- mana types: index into pools, 6-bit masks (bit i = type i) ----
M_W, M_U, M_B, M_R, M_G, M_C = 0, 1, 2, 3, 4, 5
MANA_LETTERS = "WUBRGC"
COLOR_MASK = 0b011111    # W U B R G
ALL_TYPES_MASK = 0b111111
COLOR_BITS = {"white": 1, "blue": 2, "black": 4, "red": 8, "green": 16}
# A "packed" mana amount holds six 5-bit counts: count of type i at bits 5*i .. 5*i+4.
PACK_BITS = 5

# ---- counter kinds (fixed ids; further kinds are numbered from 5 by the pool) ----
CK_PLUS = 0      # "+1/+1"
CK_MINUS = 1     # "-1/-1"
CK_POISON = 2
CK_LOYALTY = 3
CK_CHARGE = 4
BUILTIN_COUNTERS = ("+1/+1", "-1/-1", "poison", "loyalty", "charge")

# ---- ability kinds (a_kind) ----
AK_MANA = 1
AK_ACTIVATED = 2
AK_TRIGGER = 3
AK_MANA_TRIGGER = 4
AK_MANA_REPLACE = 5
AK_ETB_COUNTERS = 6
AK_STATIC = 7
AK_SPELL = 8
AK_ADD_COST = 9
AK_ALT_COST = 10
AK_KICKER = 11
AK_CAST_EXILE = 12
AK_DELAYED = 13    # engine-made delayed trigger (warp's end-step exile)
AK_ENTERS_TAPPED = 14   # "~ enters tapped." (614.1c), or "... unless" (ETU_*)
AK_FLASHBACK = 29   # cast from its owner's graveyard for a_cost (+ a_pay_life) (702.34a)
CF_FLASHBACK = 8    # o_cflags bit: cast for its flashback cost (702.34a: exiled as it leaves)
AK_MODE = 30        # one mode of a modal spell, "Choose one —" (700.2): targets and effects
AK_GRANT = 20      # static: what an Aura or Equipment gives the object it is attached to

# ---- g_any_attackers: attackers declared, and which combat damage step (510.4) ----
ATK_DECLARED = 1
ATK_FS_STEP = 2       # the first-strike combat damage step is the step now
ATK_AFTER_FS = 3      # the regular combat damage step after a first-strike one

# ---- trigger events (a_event) ----
EV_ENTERS = 1
EV_LEAVES = 2
EV_DIES = 3
EV_CAST = 4
EV_UPKEEP = 5
EV_BEGIN_COMBAT = 6
EV_END_STEP = 7
EV_ATTACKS = 8      # declared as an attacker (508.1m, 508.3a)
EV_COMBAT_DAMAGE_PLAYER = 9    # dealt combat damage to a player (510.2, 510.3a)
EV_PROWESS = 25     # prowess's compiled trigger: its controller casts a noncreature spell
EVENT_IDS = {"enters": EV_ENTERS, "leaves": EV_LEAVES, "dies": EV_DIES, "cast": EV_CAST,
             "upkeep": EV_UPKEEP, "beginning_of_combat": EV_BEGIN_COMBAT,
             "end_step": EV_END_STEP, "attacks": EV_ATTACKS,
             "combat_damage_to_player": EV_COMBAT_DAMAGE_PLAYER}
# subject modes (a_subject)
SUBJ_SELF = 1
SUBJ_ANOTHER = 2
SUBJ_SELF_OR_ANOTHER = 3
SUBJ_ANY = 4
SUBJECT_IDS = {"self": SUBJ_SELF, "another": SUBJ_ANOTHER,
               "self_or_another": SUBJ_SELF_OR_ANOTHER, "any": SUBJ_ANY}
# intervening-if conditions (a_cond, 603.4)
# AK_ENTERS_TAPPED: unless what it enters untapped (a_etu)
ETU_NONE = 0            # always tapped
ETU_LANDS_AT_MOST = 1   # you control a_etu_n or fewer other lands
ETU_LANDS_AT_LEAST = 2  # you control a_etu_n or more other lands
ETU_CONTROL = 3         # you control a permanent matching a_etu_f0 or a_etu_f1
ETU_PAY_LIFE = 4        # you pay a_etu_n life as it enters ("you may", 119.4)
COND_NONE = 0
COND_SUBJ_HAD_COUNTERS = 1
COND_SELF_HAS_COUNTERS = 2
COND_SUBJ_NO_PLUS = 3      # undying
COND_SUBJ_NO_MINUS = 4     # persist
COND_IDS = {"subject_had_counters": COND_SUBJ_HAD_COUNTERS,
            "self_has_counters": COND_SELF_HAS_COUNTERS,
            "subject_had_no_plus_counters": COND_SUBJ_NO_PLUS,
            "subject_had_no_minus_counters": COND_SUBJ_NO_MINUS}

# ---- mana production kinds (a_prod) ----
PK_NONE = 0
PK_FIXED = 1         # a_prod_val: packed mana, times the amount
PK_CHOICE = 2        # one of a_prod_opts (packed)
PK_ANY_COLOR = 3
PK_REFLECT = 4       # any type (a_prod_val: type mask filter) a land of a_prod_from could produce
PK_COLOR_OF_PERM = 5
FROM_LANDS_YOU = 1
FROM_LANDS_OPP = 2
FROM_PERMS_YOU = 3

# mana triggers / replacements
MT_ENCHANTED_LAND = 1
MT_ANY_LAND = 2
MT_ADD_FIXED = 1
MT_ADD_ONE_PRODUCED = 2
MR_YOU_TAP = 1
MR_LANDS = 2

# ---- amounts (am_kind, am_arg) ----
AM_CONST = 0
AM_X = 1
AM_HALF_X = 2
AM_KICKS = 3
AM_COUNT = 4          # arg: filter id
AM_COUNTERS_SELF = 5  # arg: counter kind
AM_COUNTERS_SUBJ = 6  # arg: counter kind (last known information of the subject)
AM_IF_PAID = 7        # arg: else_n | (paid_n << 8)

# ---- filters (f_* fields of the filter table) ----
FC_ANY = 0
FC_YOU = 1
FC_OPP = 2
FZ_BATTLEFIELD = 0
FZ_GRAVEYARD = 1
FZ_LIBRARY = 2          # cards in a library: what search_library may find
FZ_STACK = 80           # spells on the stack: what a counterspell targets

# ---- effect opcodes (op[0]) ----
OP_PUT_COUNTERS = 1        # sel, kind, am_k, am_a
OP_PUT_SUBJ_COUNTERS = 2   # sel
OP_MOVE_COUNTERS = 3       # from_sel, to_sel
OP_PROLIFERATE = 4
OP_BLIGHT = 5              # who, am_k, am_a
OP_DAMAGE = 6              # to_sel, am_k, am_a
OP_DRAW = 7                # am
OP_GAIN_LIFE = 8
OP_LOSE_LIFE = 9           # who, am
OP_DISCARD = 10
OP_SURVEIL = 11
OP_CREATE_TOKEN = 12       # token card id, am
OP_EXILE = 13              # sel, link
OP_EXILE_TOP = 14          # am, duration
OP_RETURN_TO_BF = 15       # sel, counter kind (-1 none)
OP_SHUFFLE_INTO_LIB = 16   # sel
OP_BECOME_CREATURE = 17    # power, toughness, changeling
OP_SAC_UNLESS = 18         # filter id
OP_DESTROY = 19            # sel
OP_PUMP = 20               # sel, power, toughness
OP_EXILE_WARPED = 21       # delayed: exile the subject if it is the same object
OP_SCRY = 22               # am
OP_MILL = 23               # am
OP_SEARCH = 24             # filter id, second filter id (-1 none), to (SEARCH_TO_*), tapped
OP_LOOK_TOP = 25           # n, filter id, second filter id (-1 none), take | DIG_* flags
OP_DELAY = 26              # AK_DELAYED ability id, EV_* step (a delayed trigger, 603.7)
OP_TAP = 80                # sel (701.21a)
OP_UNTAP = 81              # sel (701.21b)
OP_RETURN_TO_HAND = 82     # sel: a permanent or a graveyard card to its owner's hand
OP_PUMP_ALL = 83           # filter id, power, toughness, keyword mask (611.2c)
OP_COUNTER = 84            # sel (a spell), generic mana its controller may pay instead (0 none)
OP_ATTACH = 60             # attach the source to target 0 (701.3; equip, 702.6a)
OPCODE_NAMES = {v: k for k, v in dict(globals()).items() if k.startswith("OP_")}
OPF_OPTIONAL = 1
OPF_IF_DONE = 2

# selectors (objects and players) used by effect operands
SEL_TARGET0 = 1
SEL_TARGET1 = 2
SEL_SELF = 3
SEL_SUBJECT = 4
SEL_EACH_CREATURE = 5
SEL_EACH_OPP = 6
SEL_EACH_OPP_AND_CREATURES = 7
SEL_YOU = 8
SEL_EACH_PLAYER = 9
SEL_IDS = {"target": SEL_TARGET0, "target2": SEL_TARGET1, "self": SEL_SELF,
           "subject": SEL_SUBJECT, "each_creature": SEL_EACH_CREATURE,
           "each_opponent": SEL_EACH_OPP,
           "each_opponent_and_their_creatures": SEL_EACH_OPP_AND_CREATURES,
           "you": SEL_YOU, "each_player": SEL_EACH_PLAYER}
SEL_ATTACHED = 60       # what the source (an Aura, an Equipment) is attached to, as it resolves
SEL_IDS["enchanted"] = SEL_ATTACHED
SEL_IDS["equipped"] = SEL_ATTACHED

DUR_NEXT_TURN = 1
DUR_THIS_TURN = 2

# additional-cost option kinds
ACO_BLIGHT = 1
ACO_MANA = 2
ACO_BLIGHT_X = 3
ACO_SACRIFICE = 90      # sacrifice a permanent you control matching filter a_aco_n (601.2h)

# exile permissions (o_ex_kind)
EXP_NONE = 0
EXP_PLAY = 1        # may play it through turn o_ex_turn (Burning Curiosity, scenario exile_playable)
EXP_WARP = 2        # warped: its owner may cast it from exile on a turn after o_ex_turn
EXP_LINKED = 3      # exiled with a source (o_ex_link = the source's object id)

# stack item kinds (s_kind)
SK_SPELL = 1
SK_ACTIVATED = 2
SK_TRIGGER = 3

# targets and choice values: objects are slot numbers >= 0, players are -2 - p
NO_TARGET = -1

# ---- decisions (ask_kind) ----
ASK_NONE = 0
ASK_OBJECT = 1      # one object or player (targets, the creature to blight, ...)
ASK_OBJECTS = 2     # a set of objects/players, ask_min..ask_max of them
ASK_YESNO = 3
ASK_INT = 4         # an option number or a number
ASK_MANA = 5        # packed mana (a colour, a type or a combination)
ASK_ORDER = 6       # the permanent whose replacement effect applies first
ASK_CARDS = 7       # a multiset of cards (slots) from a zone, ask_min..ask_max
ASK_COUNTERS = 8    # objects to remove one counter from each, repeats allowed
# why a choice is asked (ask_why), for messages
W_TARGET = 1
W_BLIGHT = 2
W_PROLIFERATE = 3
W_MAY = 4
W_COST_OPTION = 5
W_MANA = 6
W_TAP_CREATURES = 7
W_REPLACEMENT_ORDER = 8
W_DISCARD = 9
W_SURVEIL = 10
W_LEGEND = 11
W_SACRIFICE = 12
W_REMOVE_COUNTERS = 13
W_X = 14
W_KICKS = 15
W_TRIGGER_ORDER = 16   # games: which of your waiting triggers goes on the stack next (603.3b)
W_SCRY = 17
W_PAY_LIFE = 18
W_SEARCH = 19
W_LOOK_TOP = 20
W_TARGET_HELP = 80     # a target the effect helps (a pump, an untap): greedy aims it at its own
W_PAY_UNLESS = 81      # "counter ... unless its controller pays {N}": whether to pay
SEARCH_TO_HAND = 0
SEARCH_TO_BATTLEFIELD = 1
# look_at_top's last operand: how many to take (low byte) and these flags
DIG_UP_TO = 1 << 8          # up to that many ("you may", "up to two"); else exactly
DIG_TO_BATTLEFIELD = 1 << 9  # onto the battlefield; else into the hand
DIG_REST_BOTTOM = 1 << 10   # the rest on the bottom (else into the graveyard)
DIG_REST_RANDOM = 1 << 11   # ... in a random order (else in the order they were)
WHY_NAMES = {W_TARGET: "target", W_BLIGHT: "creature to blight",
             W_PROLIFERATE: "what to proliferate", W_MAY: "whether to do an optional action",
             W_COST_OPTION: "which cost to pay", W_MANA: "which mana to add",
             W_TAP_CREATURES: "creatures to tap", W_REPLACEMENT_ORDER:
             "order of replacement effects", W_DISCARD: "card to discard",
             W_SURVEIL: "cards to put into the graveyard (surveil)",
             W_SCRY: "cards to put on the bottom of the library (scry)",
             W_PAY_LIFE: "whether to pay life",
             W_SEARCH: "the card to find in the library (none: find nothing)",
             W_LOOK_TOP: "the cards to take from the top of the library",
             W_TARGET_HELP: "target",
             W_PAY_UNLESS: "whether to pay so that the spell is not countered",
             W_LEGEND: "legendary permanent to keep", W_SACRIFICE: "permanent to sacrifice",
             W_REMOVE_COUNTERS: "counters to remove", W_X: "the value of X",
             W_KICKS: "how many times to kick",
             W_TRIGGER_ORDER: "which of your triggers goes on the stack next"}
W_SAC_COST = 90        # the permanent to sacrifice as a cost (601.2h, 602.2b)
W_DISCARD_COST = 91    # the card to discard as a cost
W_MODE = 92            # the mode of a modal spell, chosen as it is cast (700.2a, 601.2b)
WHY_NAMES[W_MODE] = "the mode (0 = first printed)"
WHY_NAMES[W_SAC_COST] = "permanent to sacrifice as a cost"
WHY_NAMES[W_DISCARD_COST] = "card to discard as a cost"

# ---- kernel status codes ----
ST_OK = 0
ST_NEED = 1         # a decision is needed: see ask_*; the caller answers and replays
ST_ILLEGAL = 2      # the action is illegal: see err; the caller restores the state
ST_CAPACITY = 3     # an array is full: the caller grows the state and replays

# ---- error codes (err) ----
E_NONE = 0
E_BAD_CHOICE = 1
E_NOT_ENOUGH_MANA = 2
E_TAPPED = 3
E_UNTAPPED = 4
E_SICK = 5
E_TIMING = 6
E_NO_TARGET = 7
E_NOT_IN_ZONE = 8
E_LAND_DROP = 9
E_NOT_A_LAND = 10
E_NO_ABILITY = 11
E_STACK_EMPTY = 12
E_STACK_NOT_EMPTY = 13
E_CANT_ATTACK = 14
E_CANT_BLOCK = 15
E_COST = 16
E_GAME_OVER = 18
E_LIST_FOR_ONE = 19
E_ONE_FOR_LIST = 20
E_TRIGGER_IN_WAY = 21
E_NO_PERMISSION = 22
E_X_TOO_BIG = 23
E_STEP = 24
E_LAND_CAST = 25
ERROR_TEXT = {
    E_BAD_CHOICE: "a choice is not a legal option",
    E_NOT_ENOUGH_MANA: "the mana pool cannot pay the cost",
    E_TAPPED: "the permanent is tapped and cannot pay {T}",
    E_UNTAPPED: "the permanent is untapped and cannot pay {Q}",
    E_SICK: "summoning sickness: not controlled continuously since the turn began (302.6)",
    E_TIMING: "not allowed at this time (timing rules)",
    E_NO_TARGET: "no legal target",
    E_NOT_IN_ZONE: "the card is not in that zone",
    E_LAND_DROP: "no land drop left this turn (305.2)",
    E_NOT_A_LAND: "not a land card",
    E_NO_ABILITY: "no such ability",
    E_STACK_EMPTY: "the stack is empty",
    E_STACK_NOT_EMPTY: "the stack is not empty",
    E_CANT_ATTACK: "that creature cannot attack",
    E_CANT_BLOCK: "that block is not legal",
    E_COST: "a cost cannot be paid",
    E_GAME_OVER: "the game is over",
    E_LIST_FOR_ONE: "a list was given where one value is due",
    E_ONE_FOR_LIST: "one value was given where a list is due",
    E_TRIGGER_IN_WAY: "a triggered ability went on the stack on the way",
    E_NO_PERMISSION: "no permission to play that card from there",
    E_X_TOO_BIG: "X is larger than allowed",
    E_STEP: "not possible in this step",
    E_LAND_CAST: "a land is played, not cast (305.9)",
}

# ---- actions (act[0]) for the action kernel ----
A_ACTIVATE = 1       # slot, ability number
A_CAST = 2           # slot, x, alt (0 none / 1 warp), kicks
A_PLAY_LAND = 3      # slot
A_RESOLVE = 4
A_ADVANCE = 5        # to step, to turn (-1: next time it begins)
A_ATTACK = 6         # n, slots...
A_BLOCK = 7          # n, (blocker, attacker)...
A_PUT_COUNTERS = 8   # target (slot or -2-p), kind, n
A_PROLIFERATE = 9    # player
A_BLIGHT = 10        # player, n
A_DAMAGE = 11        # target, n
A_DESTROY = 12       # slot
A_ENTER = 13         # controller, n, slots...
A_NEXT_STEP = 15     # end this step, begin the next (game loop; a1 = 1: and on through quiet steps)

# ---- game flow: decisions of GameBatch (f_dkind) and how games end (f_end) ----
D_NONE = 0
D_MULLIGAN = 1      # actions: 0 keep, 1 mulligan (103.5)
D_BOTTOM = 2        # actions: 1 + k: put hand card opts[k] on the bottom
D_PRIORITY = 3      # actions: 0 pass, 1 + k: take priority option opts[k] (OPT_* encoded)
D_ATTACK = 4        # actions: 0 done, 1 + k: add attacker opts[k]
D_BLOCK = 5         # actions: 0 done, 1 + k: add block opts[k] (blocker << 16 | attacker)
D_QUESTION = 6      # an engine question (ASK_*): 1 + k picks opts[k]; lists: 0 = done
D_OVER = 7          # the game is over: every action is a no-op
# priority options: kind << 24 | slot << 6 | ability number
OPT_LAND = 1
OPT_CAST = 2
OPT_WARP = 3
OPT_ACTIVATE = 4
PH_MULLIGAN = 0
PH_BOTTOM = 1
PH_PLAY = 2
PH_OVER = 3
# why a player lost (704.5a-c): bits of the p_lost plane, several if more than one applied
# in the same check
LOSS_LIFE = 1        # 704.5a: 0 or less life
LOSS_DECKED = 2      # 704.5b: drew from a library with no cards in it
LOSS_POISON = 4      # 704.5c: ten or more poison counters
LOSS_NAMES = {LOSS_LIFE: "life", LOSS_DECKED: "decked", LOSS_POISON: "poison"}
END_NONE = 0
END_LIFE = 1         # a player lost at 0 or less life (704.5a): terminated
END_TURN_LIMIT = 2   # truncated
END_CONDITION = 3    # the run's condition was reached: the --until-card card is on the
                     # battlefield under player 0's control (goldfish)
END_CAPACITY = 4     # truncated: the engine's fixed room ran out (object slots for tokens,
                     # object ids / timestamps of the int16 planes); the game cannot go on
END_DECKED = 5       # a player lost by drawing from an empty library (704.5b): terminated
END_POISON = 6       # a player lost with ten or more poison counters (704.5c): terminated
END_NAMES = ("none", "life", "turn_limit", "condition", "capacity", "decked", "poison")
END_TRUNCATED = (END_TURN_LIMIT, END_CAPACITY)
END_LOSS = (END_LIFE, END_DECKED, END_POISON)     # a player lost: the game has a winner or
                                                  # is a draw (G_WINNER 2: both lost)

# view(): the card id shown for an object in a zone the decider may not see (400.2)
HIDDEN_CARD = -2

# ---- conditions the game loop watches (simcore/condition.py, kernels/condition.py) ----
TERM_ZONE = 1        # cards in a zone: items matched by distinct cards
TERM_MANA = 2        # the mana the player's untapped sources could make
TERM_OPP_LIFE = 3    # the opponent's life total
TERM_LIFE = 4        # the player's own life total
MATCH_CARD = 1       # an item: a card id
MATCH_TYPE = 2       # a card type (T_* bit)
MATCH_SUBTYPE = 3    # a subtype id (Pool.sub_id)
CMP_LE, CMP_LT, CMP_GE, CMP_GT, CMP_EQ = 1, 2, 3, 4, 5
CMP_SYMBOLS = {"<=": CMP_LE, "<": CMP_LT, ">=": CMP_GE, ">": CMP_GT, "=": CMP_EQ,
               "==": CMP_EQ}

# ---- compiled policies (GameBatch.play: a player whose agent is built in is played by the
# game loop itself, asked at players/asking.py); 0: the player's agent is asked from Python
P_PYTHON = 0
P_FIRST = 1         # the lowest-numbered legal action (agents.FirstLegalAgent)
P_RANDOM = 2        # uniform from the decision's random numbers (agents.RandomAgent)
P_GREEDY = 3        # players/greedy.py (agents.GreedyAgent, with its combo pieces)
P_SEARCH = 4        # players/search.py (agents.SearchAgent): rollouts by greedy players

# the least mana of no candidate at all (priority checks: layout c_act_need, f_least_*)
NO_CANDIDATE = 1 << 30
