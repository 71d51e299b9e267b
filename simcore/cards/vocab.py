"""The card-file vocabulary: every key a card file may use, with its type and allowed values.

This module is the single source of truth for what a card file may say. The loader
(`simcore.cards.validate`) checks card dicts against it; the compiler (`simcore.cards.compile`) turns the
validated tables into numeric arrays. `docs/card-format.md` explains each entry for people.

Schema notation (plain data, no code runs from card files):
- ("str",), ("int",), ("bool",) : scalar of that type
- ("enum", {...}) : a string from the set
- ("list", spec) : a list whose items match spec
- ("table", NAME) : a table validated against SCHEMAS[NAME]
- ("mana",) : a mana string such as "{X}{G}{G}" or "{1}{G/W}"; "" means no cost
- ("cost",) : an activation cost string: mana symbols plus {T} and {Q}, comma separated
- ("amount",) : int >= 0, or "X", "half_X", "kicks", or a table (SCHEMAS["amount"])
- ("target",) : "any" (creature, planeswalker or player), or a table (SCHEMAS["filter"])
- ("counter",) : a counter kind: "+1/+1", "-1/-1", or a lower-case word
- ("oneof", spec, spec, ...) : any of the specs
"""

CARD_TYPES = {"Land", "Creature", "Artifact", "Enchantment", "Instant", "Sorcery", "Kindred",
              "Planeswalker", "Battle"}
SUPERTYPES = {"Legendary", "Basic", "Snow"}
COLORS = {"white", "blue", "black", "red", "green"}
# a colour's mana letter (card databases write colours as letters, card files as words)
COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
KEYWORDS = {"flying", "vigilance", "deathtouch", "lifelink", "trample", "haste", "reach",
            "defender", "undying", "persist", "indestructible", "hexproof", "flash",
            "menace", "first strike", "double strike"}
KEYWORDS |= {"protection from white", "protection from blue", "protection from black",
             "protection from red", "protection from green", "protection from creatures",
             "protection from everything"}
KEYWORDS |= {"prowess"}
# Landwalk (702.14): the keyword and the land type it names.
LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
            "mountainwalk": "Mountain", "forestwalk": "Forest"}
KEYWORDS |= set(LANDWALK)
KEYWORDS |= {"changeling", "devoid", "shroud"}
KEYWORDS |= {"wither", "infect"}     # consts.DAMAGE_MODE_BITS
# "~ can't block." and the like: the creature's own combat restrictions (509.1b, 508.1d)
RESTRICTIONS = {"cant_block", "cant_be_blocked", "attacks_each_combat", "blocks_only_flying"}
# Predefined tokens (111.10) the Oracle grammar defines with their abilities: a card says
# only the name ("Create a Food token."); text.py describes them so
PREDEFINED_TOKENS = {"Food", "Clue"}
# Keywords an effect may grant until end of turn (pump's and pump_all's `keywords`): those
# the rules read from the object (kernels/query.has_kw_nb), not from its card alone
GRANTABLE_KEYWORDS = {"flying", "vigilance", "trample", "haste", "reach", "indestructible",
                      "hexproof", "menace", "first strike", "double strike"}
# Subtypes that are not creature types (rule 205.3): "all creature types" never grants these.
NON_CREATURE_SUBTYPES = {
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair", "Locus",
    "Cave", "Sphere", "Town", "Mine", "Power-Plant", "Tower", "Urza's",
    "Equipment", "Vehicle", "Food", "Clue", "Treasure", "Gold", "Blood", "Powerstone", "Map",
    "Aura", "Saga", "Class", "Curse", "Shrine", "Room", "Background", "Cartouche", "Case",
    "Role", "Rune", "Shard", "Adventure", "Arcane", "Lesson", "Trap", "Omen",
}
# Creature types whose plural is the word itself ("other Merfolk you control").
SAME_PLURAL = {"Merfolk", "Kithkin", "Sheep", "Fish", "Moonfolk", "Surrakar", "Kor", "Vedalken",
               "Aetherborn", "Noggle", "Phyrexian", "Kavu", "Kraken", "Ox", "Homunculus",
               "Myr"}
# Keywords an Aura or Equipment may give: those the rules read on the permanent
# (query.has_kw_nb; deathtouch and lifelink in combat damage). Not flash (a casting
# permission), undying, persist and prowess (compiled into the card's own triggers), nor
# those read from the card alone: protection, landwalk, changeling, devoid, shroud, wither,
# infect (a grant of one would do nothing: it stays unread)
GRANT_KEYWORDS = {"flying", "vigilance", "deathtouch", "lifelink", "trample", "haste", "reach",
                  "defender", "indestructible", "hexproof", "menace", "first strike",
                  "double strike"}
BASIC_LAND_MANA = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}",
                   "Forest": "{G}"}

ABILITY_KINDS = {"mana", "activated", "trigger", "mana_trigger", "mana_replacement",
                 "enters_with_counters", "static", "spell", "additional_cost",
                 "alternative_cost", "kicker", "cast_from_exile", "enters_tapped",
                 "cycling", "flashback", "mode", "equip"}
ABILITY_KINDS |= {"restriction"}      # RESTRICTIONS

TRIGGER_EVENTS = {"enters", "leaves", "dies", "cast", "attacks", "upkeep", "beginning_of_combat",
                  "end_step", "combat_damage_to_player"}
SUBJECTS = {"self", "another", "self_or_another", "any"}
CONDITIONS = {"subject_had_counters", "self_has_counters", "subject_had_no_plus_counters",
              "subject_had_no_minus_counters"}

EFFECTS = {
    # do            : allowed keys besides do/optional/if (see SCHEMAS["effect"])
    "put_counters": {"on", "counter", "n"},
    "put_counters_of_subject": {"on"},
    "move_counters": {"from", "to"},
    "proliferate": set(),
    "blight": {"who", "n"},
    "damage": {"to", "n"},
    "draw": {"n"},
    "gain_life": {"n"},
    "lose_life": {"who", "n"},
    "discard": {"n"},
    "surveil": {"n"},
    "scry": {"n"},
    "mill": {"n"},
    "create_token": {"token", "n"},
    "exile": {"what", "link"},
    "exile_top": {"n", "playable"},
    "return_to_battlefield": {"what", "counter"},
    "shuffle_into_library": {"what"},
    "become_creature": {"power", "toughness", "all_creature_types"},
    "sacrifice_unless": {"sacrifice"},
    "destroy": {"what"},
    "pump": {"what", "power", "toughness", "keywords"},
    "search_library": {"find", "put", "tapped", "reveal"},
    "look_at_top": {"n", "take", "up_to", "find", "put", "reveal", "rest"},
    "delayed": {"at", "effects"},
    "tap": {"what"},
    "untap": {"what"},
    "return_to_hand": {"what"},
    "pump_all": {"filter", "power", "toughness", "keywords"},
    "cant_block": {"what"},
    "counter": {"what", "unless_pays"},
    "attach": {"to"},          # attach the source (an Equipment) to it (701.3a)
    "investigate": {"n"},
}
# What an effect acts on when its selector key is left out (simcore/cards/compile.py reads these
# defaults too): "target" there needs the ability's first target like a written one.
SELECTOR_DEFAULTS = {
    "put_counters": {"on": "target"},
    "put_counters_of_subject": {"on": "target"},
    "move_counters": {"from": "self", "to": "target"},
    "blight": {"who": "you"},
    "damage": {"to": "target"},
    "lose_life": {"who": "you"},
    "exile": {"what": "target"},
    "return_to_battlefield": {"what": "target"},
    "shuffle_into_library": {"what": "self"},
    "destroy": {"what": "target"},
    "pump": {"what": "target"},
    "tap": {"what": "target"},
    "untap": {"what": "target"},
    "return_to_hand": {"what": "target"},
    "cant_block": {"what": "target"},
    "counter": {"what": "target"},
    "attach": {"to": "target"},
}
# Selector values that name one of the ability's targets, by position in `targets`.
TARGET_SELECTORS = {"target": 0, "target2": 1}
ON_VALUES = {"target", "target2", "self", "subject", "each_creature"}
WHO_VALUES = {"you", "each_opponent", "each_player", "target"}
DAMAGE_TO = {"target", "target2", "each_opponent", "each_opponent_and_their_creatures",
             "each_creature"}

SCHEMAS = {
    "card": {
        "name": (("str",), True),
        "cost": (("mana",), False),
        "types": (("list", ("enum", CARD_TYPES)), True),
        "supertypes": (("list", ("enum", SUPERTYPES)), False),
        "subtypes": (("list", ("str",)), False),
        "colors": (("list", ("enum", COLORS)), False),
        "power": (("int",), False),
        "toughness": (("int",), False),
        "keywords": (("list", ("enum", KEYWORDS)), False),
        "text": (("str",), False),
        "token": (("bool",), False),
        "abilities": (("list", ("table", "ability")), False),
        "enchant": (("table", "filter"), False),
        "ai": (("table", "ai"), False),
    },
    "ai": {
        "role": (("enum", {"land", "ramp", "threat", "removal", "card_draw", "combo",
                           "utility"}), False),
        "priority": (("int",), False),
    },
    # Keys allowed per ability kind; (spec, required).
    "ability.mana": {
        "cost": (("cost",), False),
        "tap_creatures": (("table", "tap_creatures"), False),
        "add": (("oneof", ("mana",), ("list", ("mana",)),
                 ("enum", {"any_color", "any_type_could_produce", "any_color_could_produce",
                           "color_of_permanent"})), True),
        "from": (("enum", {"lands_you_control", "lands_opponents_control",
                           "permanents_you_control"}), False),
        "times": (("amount",), False),
        "pay_life": (("int",), False),
        "damage_to_you": (("int",), False),
    },
    "ability.activated": {
        "cost": (("cost",), False),
        "tap_creatures": (("table", "tap_creatures"), False),
        "blight": (("int",), False),
        "remove_counters": (("table", "remove_counters"), False),
        "sacrifice_self": (("bool",), False),
        "pay_life": (("int",), False),
        "timing": (("enum", {"sorcery", "instant"}), False),
        "targets": (("list", ("target",)), False),
        "effects": (("list", ("table", "effect")), True),
        "zone": (("enum", {"battlefield", "hand", "graveyard"}), False),
        "discard_self": (("bool",), False),
        "sacrifice": (("table", "filter"), False),
        "discard": (("int",), False),
        "exile_self": (("bool",), False),
        "once_per_turn": (("bool",), False),
    },
    # cycling (702.29): "{cost}, Discard this card: Draw a card." from the hand; with `find`,
    # typecycling (702.29e): search for a card of those kinds instead of drawing
    "ability.cycling": {
        "cost": (("mana",), True),
        "find": (("list", ("table", "filter")), False),
    },
    # flashback (702.34a): cast from your graveyard for this cost, then exiled
    "ability.flashback": {
        "cost": (("mana",), True),
        "pay_life": (("int",), False),
    },
    # one mode of a modal spell ("Choose one —", 700.2): a card with two to five of these
    # casts one of them, chosen as it is cast
    "ability.mode": {
        "targets": (("list", ("target",)), False),
        "effects": (("list", ("table", "effect")), True),
    },
    "ability.trigger": {
        "event": (("enum", TRIGGER_EVENTS), True),
        "subject": (("enum", SUBJECTS), False),
        "filter": (("table", "filter"), False),
        "whose": (("enum", {"yours", "each"}), False),
        "condition": (("enum", CONDITIONS), False),
        "targets": (("list", ("target",)), False),
        "effects": (("list", ("table", "effect")), True),
    },
    "ability.mana_trigger": {
        "source": (("enum", {"enchanted_land", "any_land"}), True),
        "add": (("oneof", ("mana",), ("enum", {"one_of_produced"})), True),
    },
    "ability.mana_replacement": {
        "applies_to": (("enum", {"permanents_you_tap", "lands"}), True),
        "multiply": (("int",), False),
        "replace_with": (("mana",), False),
    },
    "ability.enters_with_counters": {
        "counter": (("counter",), True),
        "n": (("amount",), True),
    },
    "ability.restriction": {
        "rule": (("enum", RESTRICTIONS), True),
    },
    "ability.enters_tapped": {
        "unless": (("table", "enters_unless"), False),
    },
    # what lets a permanent enter untapped after all (one key): you control N or fewer / N
    # or more other lands, a permanent matching one of the filters, or you pay N life
    "enters_unless": {
        "lands_at_most": (("int",), False),
        "lands_at_least": (("int",), False),
        "control": (("list", ("table", "filter")), False),
        "pay_life": (("int",), False),
    },
    "ability.static": {
        "effect": (("enum", {"anthem", "grant"}), True),
        "filter": (("table", "filter"), False),
        "power": (("int",), False),
        "toughness": (("int",), False),
        # effect = "grant": what an Aura or Equipment gives the object it is attached to
        "to": (("enum", {"enchanted", "equipped"}), False),
        "keywords": (("list", ("enum", GRANT_KEYWORDS)), False),
        "cant": (("list", ("enum", {"attack", "block", "untap"})), False),
    },
    # "Equip {2}" (702.6a): "{2}: Attach this to target creature you control. Activate only
    # as a sorcery."
    "ability.equip": {
        "cost": (("mana",), True),
    },
    "ability.spell": {
        "targets": (("list", ("target",)), False),
        "effects": (("list", ("table", "effect")), True),
    },
    "ability.additional_cost": {
        "optional": (("bool",), False),
        "options": (("list", ("table", "cost_option")), True),
    },
    "ability.alternative_cost": {
        "keyword": (("enum", {"warp"}), True),
        "cost": (("mana",), True),
    },
    "ability.kicker": {
        "cost": (("mana",), True),
        "multi": (("bool",), False),
    },
    "ability.cast_from_exile": {
        "linked": (("bool",), False),
        "card_types": (("list", ("enum", CARD_TYPES)), False),
        "during": (("enum", {"your_turn", "any_time"}), False),
        "remove_counters_among_creatures": (("int",), False),
    },
    "tap_creatures": {
        "count": (("int",), False),
        "subtype": (("str",), False),
    },
    "remove_counters": {
        "counter": (("counter",), True),
        "n": (("int",), False),
    },
    "cost_option": {
        "blight": (("oneof", ("int",), ("enum", {"X"})), False),
        "x_max": (("enum", {"greatest_toughness_you_control"}), False),
        "mana": (("mana",), False),
        "sacrifice": (("table", "filter"), False),
    },
    # An object filter: targets, trigger subjects, counts, anthems.
    "filter": {
        "types": (("list", ("enum", CARD_TYPES)), False),
        "subtype": (("str",), False),
        "controller": (("enum", {"you", "opponent", "any"}), False),
        "owner": (("enum", {"you", "opponent", "any"}), False),
        "zone": (("enum", {"battlefield", "graveyard", "stack"}), False),
        "mv_max": (("int",), False),
        "other": (("bool",), False),
        "players": (("bool",), False),
        "basic": (("bool",), False),
        "not_types": (("list", ("enum", CARD_TYPES)), False),
    },
    "amount": {
        "count": (("table", "filter"), False),
        "counters": (("counter",), False),
        "of": (("enum", {"self", "subject"}), False),
        "if_paid": (("int",), False),
        "else": (("int",), False),
    },
    "effect": {
        "do": (("enum", set(EFFECTS)), True),
        "optional": (("bool",), False),
        "if": (("enum", {"done"}), False),
        "on": (("enum", ON_VALUES), False),
        "counter": (("counter",), False),
        "n": (("amount",), False),
        "from": (("enum", {"self", "target"}), False),
        "to": (("enum", DAMAGE_TO), False),
        "who": (("enum", WHO_VALUES), False),
        "token": (("str",), False),
        "what": (("enum", {"target", "self", "subject", "enchanted", "equipped"}), False),
        "link": (("bool",), False),
        "playable": (("enum", {"until_end_of_your_next_turn", "this_turn"}), False),
        "power": (("int",), False),
        "toughness": (("int",), False),
        "all_creature_types": (("bool",), False),
        "sacrifice": (("table", "filter"), False),
        "find": (("list", ("table", "filter")), False),
        "put": (("enum", {"battlefield", "hand"}), False),
        "tapped": (("bool",), False),
        "reveal": (("bool",), False),
        "take": (("int",), False),
        "up_to": (("bool",), False),
        "rest": (("enum", {"graveyard", "bottom", "bottom_random"}), False),
        "at": (("enum", {"next_turns_upkeep"}), False),
        "effects": (("list", ("table", "effect")), False),
        "keywords": (("list", ("enum", GRANTABLE_KEYWORDS)), False),
        "filter": (("table", "filter"), False),
        "unless_pays": (("int",), False),
    },
}
