"""The Oracle-text compiler (simcore/cards/oracle/): printed text in, card dicts out, checked
by the card-file validator; every sentence it cannot read kept with its line. The strongest
check: a built-in card compiled from its printed text plays the same numeric tables as the
hand-written file (a compiled card and a hand-written one are one thing)."""
import numpy as np
import pytest

from simcore.cards.compile import Pool
from simcore.cards.load import load_pool
from simcore.cards.oracle import FULL, NONE, PARTIAL, compile_printed
from simcore.cards.oracle.cardfile import face_of
from simcore.cards.oracle.normalise import normalise
from simcore.cards.oracle.render_check import render_agrees, render_diff
from simcore.cards.printed import Face, Printed

POOL = load_pool()


def printed_of(card: dict) -> Printed:
    """The built-in card as a card database would give it (its printed text)."""
    return Printed(card["name"], "normal", (face_of(card),))


def one(name, type_line, text="", cost="", **kw) -> Printed:
    return Printed(name, "normal", (Face(name, type_line, cost, text, **kw),))


# Built-in cards the grammar reads whole today: each must compile to the hand-written tables.
READ_WHOLE = ["Birds of Paradise", "Centaur Courser", "Divination", "Elvish Visionary",
              "Forest", "Giant Spider", "Graven Cairns", "Heritage Druid", "Kitchen Finks",
              "Lightning Bolt", "Llanowar Elves", "Murder", "Serra Angel", "Shock",
              "Springleaf Drum", "Dryad Arbor", "Atraxa, Praetors' Voice", "Contentious Plan",
              "Everflowing Chalice", "Endless One", "Exotic Orchard", "Fellwar Stone",
              "Reflecting Pool", "Hangarback Walker"]
# Read whole, but the file says a little more than the printed words: "Elf" counted as "Elf
# creature" (the same objects: Elf is a creature type); each must still render as printed.
READ_WHOLE_WORDS = READ_WHOLE + ["Elvish Archdruid", "Priest of Titania", "Elvish Promenade"]


def _tables(defs):
    ct = Pool(defs).compile()
    return {f: np.asarray(getattr(ct, f)) for f in ct._fields if f != "meta"}


@pytest.mark.parametrize("name", READ_WHOLE)
def test_compiled_card_plays_as_the_hand_written_one(name):
    hand = POOL[name]
    got = compile_printed(printed_of(hand))
    assert got.status == FULL, got.all_unread()
    card = dict(got.card)
    if "ai" in hand:          # hand-set hints for the players; a compiled card has none yet
        card["ai"] = hand["ai"]
    a, b = _tables(POOL), _tables({**POOL, name: card})
    for f in a:
        assert np.array_equal(a[f], b[f]), f"{name}: table {f} differs"


def test_normalise_drops_reminder_text_and_writes_the_card_itself_as_tilde():
    text = ("Persist (When this creature dies, if it had no -1/-1 counters on it, return it.)\n"
            "When Kitchen Finks enters the battlefield, you gain 2 life.")
    assert normalise(text, "Kitchen Finks") == "Persist\nWhen ~ enters, you gain 2 life."
    # 201.4b: a legendary card's short name is the card too; old wordings updated
    assert normalise("Whenever Atraxa attacks, its converted mana cost is 4.",
                     "Atraxa, Praetors' Voice", legendary=True) == \
        "Whenever ~ attacks, its mana value is 4."


def test_unread_sentences_are_kept_with_their_line():
    c = compile_printed(one("Test Knight", "Creature \u2014 Human Knight",
                            "Skulk\nWhen Test Knight enters, you gain 2 life.\n"
                            "Whenever Test Knight blocks, scry 1.", "{1}{W}",
                            power="2", toughness="2"))
    assert c.status == PARTIAL
    lines = [(u.line, u.text) for _, u in c.all_unread()]
    assert lines == [(1, "Skulk"), (3, "Whenever ~ blocks, scry 1.")]
    assert c.card["abilities"] == [{"kind": "trigger", "event": "enters",
                                    "effects": [{"do": "gain_life", "n": 2}]}]


def test_nothing_read_is_none_and_a_vanilla_card_is_full():
    c = compile_printed(one("Odd Spell", "Sorcery", "Scry 2. Then flip a coin.", "{U}"))
    assert c.status == NONE
    v = compile_printed(one("Plain Bear", "Creature \u2014 Bear", "", "{1}{G}",
                            power="2", toughness="2"))
    assert v.status == FULL and v.card["power"] == 2 and "abilities" not in v.card


def test_a_characteristic_defining_power_is_not_a_number():
    c = compile_printed(one("Star Beast", "Creature \u2014 Beast",
                            "Star Beast's power is equal to the number of cards in your hand.",
                            "{2}{G}", power="*", toughness="3"))
    assert c.status != FULL
    assert any("power *" in u.text for _, u in c.all_unread())


def test_a_read_ability_the_vocabulary_cannot_hold_is_named_not_dropped():
    # Crystal Vein: a mana ability with a sacrifice cost (the vocabulary's mana abilities
    # take mana and {T}/{Q} only): the validator's words name the line
    c = compile_printed(one("Crystal Vein", "Land",
                            "{T}: Add {C}.\n{T}, Sacrifice Crystal Vein: Add {C}{C}."))
    assert c.status == PARTIAL
    (u,) = [u for _, u in c.all_unread()]
    assert u.line == 2 and u.reason == "not in the vocabulary"
    assert "sacrifice_self" in u.text
    assert c.card["abilities"] == [{"kind": "mana", "cost": "{T}", "add": "{C}"}]


def test_a_two_faced_card_plays_its_front_face_only_and_says_so():
    p = Printed("Fire Bolt // Ice Bolt", "modal_dfc",
                (Face("Fire Bolt", "Instant", "{R}", "Fire Bolt deals 3 damage to any target."),
                 Face("Ice Bolt", "Land", "", "{T}: Add {U}.")))
    c = compile_printed(p)
    assert [f.status for f in c.faces] == [FULL, FULL]
    assert c.status == PARTIAL and c.unread[0].reason == "only its front face is played"
    assert c.card["name"] == "Fire Bolt"


def test_a_type_the_engine_lacks_makes_the_face_none():
    c = compile_printed(one("Old Plane", "Plane \u2014 Dominaria", "Whenever you roll, draw."))
    assert c.status == NONE


@pytest.mark.parametrize("name", READ_WHOLE_WORDS)
def test_built_in_cards_render_back_to_their_printed_text(name):
    card = POOL[name]
    got = compile_printed(printed_of(card))
    assert got.status == FULL, got.all_unread()
    assert render_agrees(card.get("text", ""), name, "Legendary" in card.get("supertypes", []),
                         got.card, POOL)


def test_the_render_check_catches_a_wrong_reading():
    # a reading that swapped a type-or-subtype filter for "Vehicle creature" must not pass
    text = "Destroy target creature or Vehicle."
    wrong = {"name": "Spin Out", "types": ["Instant"], "abilities": [
        {"kind": "spell", "targets": [{"types": ["Creature"], "subtype": "Vehicle"}],
         "effects": [{"do": "destroy"}]}]}
    missing, extra = render_diff(text, "Spin Out", False, wrong)
    assert missing == ["destroy target creature or vehicle"]
    assert extra == ["destroy target vehicle creature"]
    # and the grammar itself does not read it so: "or" between a type and a subtype
    assert compile_printed(one("Spin Out", "Instant", text, "{2}{B}")).status == NONE


def test_equivalences_are_only_order_keyword_lists_and_case():
    card = {"name": "Test Angel", "types": ["Creature"], "power": 4, "toughness": 4,
            "keywords": ["vigilance", "flying"],
            "abilities": [{"kind": "trigger", "event": "enters",
                           "effects": [{"do": "gain_life", "n": 3}]}]}
    assert render_agrees("When Test Angel enters, you gain 3 life.\nFlying\nVigilance",
                         "Test Angel", False, card)
    assert not render_agrees("Flying, vigilance\nWhen Test Angel enters, you gain 2 life.",
                             "Test Angel", False, card)
    assert not render_agrees("Flying, vigilance", "Test Angel", False, card)


def test_pt_changes_are_written_as_printed():
    c = compile_printed(one("Shrink", "Instant", "Target creature gets -5/-0 until end of turn.",
                            "{U}"))
    assert c.card["abilities"][0]["effects"] == [{"do": "pump", "power": -5, "toughness": 0}]
    assert render_agrees("Target creature gets -5/-0 until end of turn.", "Shrink", False,
                         c.card)


def test_for_each_amounts_and_counters():
    c = compile_printed(one("Test Druid", "Creature \u2014 Elf Druid",
                            "{T}: Add {G} for each Elf you control.\n"
                            "Test Druid enters with a +1/+1 counter on it for each creature on "
                            "the battlefield.", "{2}{G}", power="1", toughness="1"))
    assert c.status == FULL, c.all_unread()
    mana, etb = c.card["abilities"]
    assert mana["times"] == {"count": {"controller": "you", "subtype": "Elf"}}
    assert etb == {"kind": "enters_with_counters", "counter": "+1/+1",
                   "n": {"count": {"types": ["Creature"]}}}
    # "for each" multiplies one thing only: "two cards for each" is not read as a count
    two = compile_printed(one("Test Greed", "Sorcery", "Draw two cards for each Elf you control.",
                              "{3}{U}"))
    assert two.status == NONE


BOLT_AS_PRINTED = '''name = "Test Bolt"
cost = "{R}"
types = ["Instant"]
text = "Test Bolt deals 3 damage to any target."
'''
BOLT_AS_TABLES = '''name = "Test Bolt"
cost = "{R}"
types = ["Instant"]

[[abilities]]
kind = "spell"
targets = ["any"]
effects = [{ do = "damage", n = 3 }]
'''


def test_a_card_file_written_as_printed_plays_as_one_written_as_tables(tmp_path):
    (tmp_path / "printed").mkdir()
    (tmp_path / "tables").mkdir()
    (tmp_path / "printed" / "test_bolt.toml").write_text(BOLT_AS_PRINTED)
    (tmp_path / "tables" / "test_bolt.toml").write_text(BOLT_AS_TABLES)
    a = load_pool([tmp_path / "printed"])
    b = load_pool([tmp_path / "tables"])
    assert "_unread" not in a["Test Bolt"]
    ta, tb = _tables(a), _tables(b)
    for f in ta:
        assert np.array_equal(ta[f], tb[f]), f


def run_main(argv, capsys):
    from experiments.cli import main
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_cards_check_names_each_sentence_it_cannot_read(tmp_path, capsys):
    (tmp_path / "sage.toml").write_text(
        'name = "Test Sage"\ncost = "{1}{U}"\ntypes = ["Creature"]\npower = 1\ntoughness = 2\n'
        'text = """\nWhen Test Sage enters, draw a card.\n{T}: You become the monarch."""\n')
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 0, err
    lines = out.strip().splitlines()
    assert lines[0] == (f"{tmp_path / 'sage.toml'}: card 'Test Sage': not read, the engine "
                        f"would ignore it: line 2: '{{T}}: You become the monarch.' (You become "
                        f"the monarch.)")
    assert lines[-1] == "ok: 1 card, 1 with text the engine cannot read (above)"
    code, out, _ = run_main(["cards", "show", "Test Sage", "--cards", str(tmp_path)], capsys)
    assert "When Test Sage enters, draw a card." in out
    assert "not read (the engine ignores it): line 2: '{T}: You become the monarch.'" in out


def test_a_token_is_defined_from_its_description_and_shared_with_the_built_in_one():
    c = compile_printed(one("Test Pack", "Sorcery",
                            "Create two 2/2 green Wolf creature tokens with trample and haste.",
                            "{3}{G}"))
    assert c.status == FULL
    (tok,) = c.tokens
    assert {k: tok[k] for k in ("token", "types", "subtypes", "power", "toughness", "colors",
                                "keywords")} == \
        {"token": True, "types": ["Creature"], "subtypes": ["Wolf"], "power": 2, "toughness": 2,
         "colors": ["green"], "keywords": ["trample", "haste"]}
    assert c.card["abilities"][0]["effects"] == [{"do": "create_token", "token": tok["name"],
                                                  "n": 2}]
    # the same token as a built-in one is that one (rule 111.4: a token is its description)
    g = compile_printed(one("Test Mob", "Sorcery",
                            "Create a 1/1 black and red Goblin creature token.", "{R}"))
    assert g.card["abilities"][0]["effects"][0]["token"] == "Goblin"


def test_a_card_written_as_printed_brings_its_tokens_into_the_pool(tmp_path):
    (tmp_path / "pack.toml").write_text(
        'name = "Test Pack"\ncost = "{3}{G}"\ntypes = ["Sorcery"]\n'
        'text = "Create two 2/2 green Wolf creature tokens with trample and haste."\n')
    pool = load_pool([tmp_path])
    tok = pool["Test Pack"]["abilities"][0]["effects"][0]["token"]
    assert pool[tok]["token"] and pool[tok]["power"] == 2
    Pool(pool).compile()                 # the token compiles with the card that makes it


def test_clauses_in_order_and_if_you_do():
    loot = compile_printed(one("Test Loot", "Sorcery", "Draw a card, then discard a card.", "{U}"))
    assert loot.card["abilities"][0]["effects"] == [{"do": "draw", "n": 1},
                                                    {"do": "discard", "n": 1}]
    # 608.2c: "then" is order only; the render check reads "X, then Y." as "X. Y."
    assert render_agrees("Draw a card, then discard a card.", "Test Loot", False, loot.card)
    rum = compile_printed(one("Test Rummage", "Sorcery",
                              "You may discard a card. If you do, draw a card.", "{R}"))
    assert rum.card["abilities"][0]["effects"] == [
        {"do": "discard", "n": 1, "optional": True}, {"do": "draw", "n": 1, "if": "done"}]
    # "If you do" needs an optional effect before it
    assert compile_printed(one("Test Odd", "Sorcery", "Draw two cards. If you do, draw a card.",
                               "{U}")).status == NONE


def test_a_change_to_the_grammar_raises_the_compiler_version():
    from simcore.cards.oracle import version
    got = version.sources_digest()
    assert got == version.SOURCES_DIGEST, (
        f"the files that decide a compiled card changed: raise COMPILER_VERSION (now "
        f"{version.COMPILER_VERSION}; card databases then compile their cards again) and set "
        f"SOURCES_DIGEST = \"{got}\" in simcore/cards/oracle/version.py")


def test_search_phrases_the_filters_cannot_say_stay_unread():
    # "permanent card" (not an instant or sorcery) and "basic land card or Gate card" (basic
    # the first only) have no filter: read as any card, or both basic, they would say more
    for text in ("Search your library for a Goblin permanent card, put it onto the "
                 "battlefield, then shuffle.",
                 "Search your library for a basic land card or Gate card, reveal it, put it "
                 "into your hand, then shuffle."):
        assert compile_printed(one("Test Seeker", "Sorcery", text, "{3}")).status == NONE
    ok = compile_printed(one("Test Seeker", "Sorcery", "Search your library for a basic land "
                             "card, reveal it, put it into your hand, then shuffle.", "{G}"))
    assert ok.card["abilities"][0]["effects"] == [
        {"do": "search_library", "find": [{"types": ["Land"], "basic": True}], "reveal": True}]


def test_mana_abilities_that_cost_life_or_hurt_are_read_and_render_back():
    """A painland's coloured ability deals its damage as part of the mana ability (605.3b);
    a life payment is a cost (119.4). Both render back as printed."""
    text = "{T}: Add {C}.\n{T}: Add {U} or {R}. Shivan Reef deals 1 damage to you."
    c = compile_printed(one("Shivan Reef", "Land", text))
    assert c.status == FULL, c.all_unread()
    assert c.card["abilities"] == [
        {"kind": "mana", "cost": "{T}", "add": "{C}"},
        {"kind": "mana", "cost": "{T}", "add": ["{U}", "{R}"], "damage_to_you": 1}]
    assert render_agrees(text, "Shivan Reef", False, c.card)
    text = "{T}, Pay 1 life: Add one mana of any color."
    c = compile_printed(one("Mana Confluence", "Land", text))
    assert c.card["abilities"] == [{"kind": "mana", "pay_life": 1, "cost": "{T}",
                                    "add": "any_color"}]
    assert render_agrees(text, "Mana Confluence", False, c.card)
    # X damage is no number the ability could hold: unread
    x = compile_printed(one("Test Tomb", "Land", "{T}: Add {C}. Test Tomb deals X damage to you."))
    assert x.status != FULL


def test_looking_at_the_top_of_a_library_spans_sentences_and_renders_back():
    """"Look at the top N ..." and what is done with the cards read as one effect (608.2c)."""
    coco = ("Look at the top six cards of your library. Put up to two creature cards with mana "
            "value 3 or less from among them onto the battlefield. Put the rest on the bottom "
            "of your library in a random order.")
    c = compile_printed(one("Collected Company", "Instant", coco, "{3}{G}"))
    assert c.status == FULL, c.all_unread()
    assert c.card["abilities"][0]["effects"] == [
        {"do": "look_at_top", "n": 6, "take": 2, "up_to": True,
         "find": [{"types": ["Creature"], "mv_max": 3}], "put": "battlefield",
         "rest": "bottom_random"}]
    assert render_agrees(coco, "Collected Company", False, c.card)
    alchemy = ("Look at the top four cards of your library. Put one of them into your hand and "
               "the rest into your graveyard.")
    c = compile_printed(one("Forbidden Alchemy", "Instant", alchemy, "{2}{U}"))
    assert c.card["abilities"][0]["effects"] == [{"do": "look_at_top", "n": 4,
                                                  "rest": "graveyard"}]
    assert render_agrees(alchemy, "Forbidden Alchemy", False, c.card)
    # "any number of" is no count the effect can hold, and "then put them back in any
    # order" reorders: both stay unread
    for text in ("Look at the top five cards of your library. You may reveal any number of "
                 "creature cards from among them and put them into your hand. Put the rest on "
                 "the bottom of your library in any order.",
                 "Look at the top three cards of your library, then put them back in any "
                 "order."):
        assert compile_printed(one("Test Seer", "Sorcery", text, "{U}")).status != FULL


def test_combat_damage_to_a_player_triggers_are_read_and_render_back():
    for name, text, want in [
            ("Scroll Thief", "Whenever Scroll Thief deals combat damage to a player, draw a "
             "card.", {"kind": "trigger", "event": "combat_damage_to_player",
                       "effects": [{"do": "draw", "n": 1}]}),
            ("Seafloor Oracle", "Whenever a Merfolk you control deals combat damage to a "
             "player, draw a card.",
             {"kind": "trigger", "event": "combat_damage_to_player", "subject": "any",
              "filter": {"subtype": "Merfolk", "controller": "you"},
              "effects": [{"do": "draw", "n": 1}]})]:
        c = compile_printed(one(name, "Creature \u2014 Merfolk", text, "{2}{U}", power="1",
                                toughness="3"))
        assert c.status == FULL, c.all_unread()
        assert c.card["abilities"] == [want]
        assert render_agrees(text, name, False, c.card)
    # to an opponent, or to a creature: other events, unread
    for text in ("Whenever Test Spy deals combat damage to an opponent, draw a card.",
                 "Whenever Test Spy deals combat damage to a creature, draw a card."):
        c = compile_printed(one("Test Spy", "Creature \u2014 Rogue", text, "{U}", power="1",
                                toughness="1"))
        assert c.status != FULL


def test_a_delayed_draw_is_read_and_renders_back():
    """"Draw a card at the beginning of the next turn's upkeep." makes a delayed triggered
    ability (603.7): one effect, with no target of its own."""
    text = "You gain 1 life.\nDraw a card at the beginning of the next turn's upkeep."
    c = compile_printed(one("Blessed Wine", "Instant", text, "{1}{W}"))
    assert c.status == FULL, c.all_unread()
    assert c.card["abilities"][0]["effects"] == [
        {"do": "gain_life", "n": 1},
        {"do": "delayed", "at": "next_turns_upkeep", "effects": [{"do": "draw", "n": 1}]}]
    assert render_agrees(text, "Blessed Wine", False, c.card)
    c = compile_printed(one("Test Delay", "Instant", "Destroy target creature at the "
                            "beginning of the next turn's upkeep.", "{B}"))
    assert c.status == NONE     # a delayed effect with a target of its own: unread


def test_protection_keywords_one_a_quality_and_two_on_one_line():
    # White Knight, Paladin en-Vec, Beloved Chaplain as printed (702.16)
    knight = compile_printed(one("White Knight", "Creature — Human Knight",
                                 "First strike\nProtection from black", "{W}{W}",
                                 power="2", toughness="2"))
    assert knight.status == FULL and knight.card["keywords"] == ["first strike",
                                                                 "protection from black"]
    text = "First strike\nProtection from black and from red"
    paladin = compile_printed(one("Paladin en-Vec", "Creature — Human Knight", text,
                                  "{1}{W}{W}", power="2", toughness="2"))
    # 702.16g: "protection from black and from red" is two protection abilities
    assert paladin.card["keywords"] == ["first strike", "protection from black",
                                        "protection from red"]
    assert render_agrees(text, "Paladin en-Vec", False, paladin.card)
    chaplain = compile_printed(one("Beloved Chaplain", "Creature — Human Cleric",
                                   "Protection from creatures", "{1}{W}", power="1",
                                   toughness="1"))
    assert chaplain.card["keywords"] == ["protection from creatures"]
    assert render_agrees("Protection from creatures", "Beloved Chaplain", False, chaplain.card)
    # a quality the engine has no test for stays unread
    odd = compile_printed(one("Test Ward", "Creature — Golem", "Protection from artifacts",
                              "{3}", power="2", toughness="2"))
    assert odd.status == NONE


def test_prowess_is_a_keyword_its_trigger_compiled():
    text = "Haste\nProwess"
    monk = compile_printed(one("Monastery Swiftspear", "Creature — Human Monk", text, "{R}",
                               power="1", toughness="2"))
    assert monk.status == FULL and monk.card["keywords"] == ["haste", "prowess"]
    assert render_agrees(text, "Monastery Swiftspear", False, monk.card)


def test_landwalk_keywords():
    raiders = compile_printed(one("Bog Raiders", "Creature — Zombie", "Swampwalk", "{2}{B}",
                                  power="2", toughness="2"))
    assert raiders.status == FULL and raiders.card["keywords"] == ["swampwalk"]
    assert render_agrees("Swampwalk", "Bog Raiders", False, raiders.card)


def test_changeling_and_devoid_keywords():
    bird = compile_printed(one("Avian Changeling", "Creature — Shapeshifter",
                               "Changeling\nFlying", "{2}{W}", power="2", toughness="2"))
    assert bird.status == FULL and bird.card["keywords"] == ["changeling", "flying"]
    assert render_agrees("Changeling\nFlying", "Avian Changeling", False, bird.card)
    # a devoid card's printed colours are none (Scryfall's colors: [])
    vestige = compile_printed(one("Vestige of Emrakul", "Creature — Eldrazi Drone",
                                  "Devoid\nTrample", "{3}{R}", power="3", toughness="4",
                                  colors=()))
    assert vestige.status == FULL and vestige.card["keywords"] == ["devoid", "trample"]
    assert render_agrees("Devoid\nTrample", "Vestige of Emrakul", False, vestige.card)


def test_a_creatures_own_combat_restrictions_and_shroud():
    for text, rule in (("~ can't block.", "cant_block"),
                       ("~ can't be blocked.", "cant_be_blocked"),
                       ("~ attacks each combat if able.", "attacks_each_combat"),
                       ("~ can block only creatures with flying.", "blocks_only_flying")):
        printed = text.replace("~", "Test Brute")
        c = compile_printed(one("Test Brute", "Creature — Ogre", printed, "{2}{R}",
                                power="3", toughness="3"))
        assert c.status == FULL and c.card["abilities"] == [{"kind": "restriction",
                                                             "rule": rule}], text
        assert render_agrees(printed, "Test Brute", False, c.card)
    wall = compile_printed(one("Wall of Denial", "Creature — Wall", "Defender, flying\nShroud",
                               "{1}{W}{U}", power="0", toughness="8"))
    assert wall.status == FULL and wall.card["keywords"] == ["defender", "flying", "shroud"]
    # two restrictions in one sentence are not read (yet)
    both = compile_printed(one("Test Brute", "Creature — Ogre",
                               "Test Brute can't block and can't be blocked.", "{2}{R}",
                               power="3", toughness="3"))
    assert both.status == NONE


def test_tap_and_untap_read_and_render_back():
    # 701.21: Gideon's Lawkeeper, Voyaging Satyr, Burst of Energy ("target permanent": any)
    for name, tl, text, ab in (
            ("Gideon's Lawkeeper", "Creature — Human Soldier", "{W}, {T}: Tap target creature.",
             {"kind": "activated", "cost": "{W}, {T}", "targets": [{"types": ["Creature"]}],
              "effects": [{"do": "tap"}]}),
            ("Voyaging Satyr", "Creature — Satyr Druid", "{T}: Untap target land.",
             {"kind": "activated", "cost": "{T}", "targets": [{"types": ["Land"]}],
              "effects": [{"do": "untap"}]}),
            ("Burst of Energy", "Instant", "Untap target permanent.",
             {"kind": "spell", "targets": [{}], "effects": [{"do": "untap"}]}),
            ("Kiora's Follower", "Creature — Merfolk", "{T}: Untap another target permanent.",
             {"kind": "activated", "cost": "{T}", "targets": [{"other": True}],
              "effects": [{"do": "untap"}]})):
        pt = {"power": "1", "toughness": "1"} if "Creature" in tl else {}
        c = compile_printed(one(name, tl, text, "{W}", **pt))
        assert c.status == FULL and c.card["abilities"] == [ab], (name, c.card)
        assert render_agrees(text, name, False, c.card), render_diff(text, name, False, c.card)


def test_return_to_hand_reads_where_the_card_is_and_renders_back():
    # Disperse (a "non" type: nonland), Disentomb (your graveyard: "to your hand"), Shivan
    # Phoenix (~ in its own dies trigger is the card it became: the subject, 603.10a)
    for name, tl, text, ab in (
            ("Disperse", "Instant", "Return target nonland permanent to its owner's hand.",
             {"kind": "spell", "targets": [{"not_types": ["Land"]}],
              "effects": [{"do": "return_to_hand"}]}),
            ("Disentomb", "Sorcery", "Return target creature card from your graveyard to your "
             "hand.", {"kind": "spell", "targets": [{"types": ["Creature"], "zone": "graveyard",
                                                     "owner": "you"}],
                       "effects": [{"do": "return_to_hand"}]}),
            ("Call to Mind", "Sorcery", "Return target instant or sorcery card from your "
             "graveyard to your hand.",
             {"kind": "spell", "targets": [{"types": ["Instant", "Sorcery"],
                                            "zone": "graveyard", "owner": "you"}],
              "effects": [{"do": "return_to_hand"}]}),
            ("Shivan Phoenix", "Creature — Phoenix", "When Shivan Phoenix dies, return Shivan "
             "Phoenix to its owner's hand.",
             {"kind": "trigger", "event": "dies",
              "effects": [{"do": "return_to_hand", "what": "subject"}]})):
        pt = {"power": "3", "toughness": "4"} if "Creature" in tl else {}
        c = compile_printed(one(name, tl, text, "{U}", **pt))
        assert c.status == FULL and c.card["abilities"] == [ab], (name, c.card)
        assert render_agrees(text, name, False, c.card), render_diff(text, name, False, c.card)
    # the hand follows where the card is: a permanent to "your hand" is not read
    assert compile_printed(one("Test Odd", "Instant", "Return target creature to your hand.",
                               "{U}")).status == NONE


def test_until_end_of_turn_pumps_grants_and_cant_block_render_back():
    # 611.2: one object (Aerial Maneuver), ~ (Amaranthine Wall), many (Banners Raised:
    # 611.2c, Thundering Ceratok), "can't block this turn" (Stun, 509.1b)
    for name, tl, text, ab in (
            ("Aerial Maneuver", "Instant", "Target creature gets +1/+1 and gains flying and "
             "first strike until end of turn.",
             {"kind": "spell", "targets": [{"types": ["Creature"]}],
              "effects": [{"do": "pump", "power": 1, "toughness": 1,
                           "keywords": ["flying", "first strike"]}]}),
            ("Amaranthine Wall", "Artifact Creature — Wall", "{2}: Amaranthine Wall gains "
             "indestructible until end of turn.",
             {"kind": "activated", "cost": "{2}", "effects": [
                 {"do": "pump", "keywords": ["indestructible"], "what": "self"}]}),
            ("Banners Raised", "Instant", "Creatures you control get +1/+0 until end of turn.",
             {"kind": "spell", "effects": [{"do": "pump_all", "filter": {
                 "controller": "you", "types": ["Creature"]}, "power": 1, "toughness": 0}]}),
            ("Thundering Ceratok", "Creature — Rhino", "When Thundering Ceratok enters, other "
             "creatures you control gain trample until end of turn.",
             {"kind": "trigger", "event": "enters", "effects": [{"do": "pump_all", "filter": {
                 "controller": "you", "types": ["Creature"], "other": True},
                 "keywords": ["trample"]}]}),
            ("Stun", "Instant", "Target creature can't block this turn.",
             {"kind": "spell", "targets": [{"types": ["Creature"]}],
              "effects": [{"do": "cant_block"}]})):
        pt = {"power": "0", "toughness": "6"} if "Creature" in tl else {}
        c = compile_printed(one(name, tl, text, "{W}", **pt))
        assert c.status == FULL and c.card["abilities"] == [ab], (name, c.card)
        assert render_agrees(text, name, False, c.card), render_diff(text, name, False, c.card)
    # a keyword the rules read from the card alone (lifelink: damage_nb) is not granted
    assert compile_printed(one("Test Link", "Instant", "Target creature gains lifelink until "
                               "end of turn.", "{W}")).status == NONE


def test_counterspells_read_their_spell_filters_and_render_back():
    # 701.5a: a target on the stack (zone "stack"); "unless its controller pays {N}"
    for name, text, tgt, eff in (
            ("Counterspell", "Counter target spell.", {"zone": "stack"}, {"do": "counter"}),
            ("Mana Leak", "Counter target spell unless its controller pays {3}.",
             {"zone": "stack"}, {"do": "counter", "unless_pays": 3}),
            ("Negate", "Counter target noncreature spell.",
             {"zone": "stack", "not_types": ["Creature"]}, {"do": "counter"}),
            ("Essence Scatter", "Counter target creature spell.",
             {"zone": "stack", "types": ["Creature"]}, {"do": "counter"}),
            ("Dissipate", "Counter target instant or sorcery spell.",
             {"zone": "stack", "types": ["Instant", "Sorcery"]}, {"do": "counter"})):
        c = compile_printed(one(name, "Instant", text, "{U}{U}"))
        assert c.status == FULL and c.card["abilities"] == [
            {"kind": "spell", "targets": [tgt], "effects": [eff]}], (name, c.card)
        assert render_agrees(text, name, False, c.card), render_diff(text, name, False, c.card)
    # a spell is a counterspell's target only: "exile target spell" stays unread
    assert compile_printed(one("Test Void", "Instant", "Exile target spell.",
                               "{U}")).status == NONE


def test_cycling_reads_as_an_ability_of_the_hand_and_renders_back():
    # 702.29a/e: Lonely Sandbar's cycling and Ash Barrens' basic landcycling
    text = ("{T}: Add {C}.\nBasic landcycling {1} ({1}, Discard this card: Search your library "
            "for a basic land card, reveal it, put it into your hand, then shuffle.)")
    r = compile_printed(one("Ash Barrens", "Land", text))
    assert r.status == FULL
    assert r.card["abilities"][1] == {"kind": "cycling", "cost": "{1}",
                                      "find": [{"types": ["Land"], "basic": True}]}
    assert render_agrees(text, "Ash Barrens", False, r.card)
    text = "{T}: Add {U}.\nCycling {U} ({U}, Discard this card: Draw a card.)"
    r = compile_printed(one("Lonely Sandbar", "Land", text))
    assert r.card["abilities"][1] == {"kind": "cycling", "cost": "{U}"}
    assert render_agrees(text, "Lonely Sandbar", False, r.card)


def test_sacrifice_discard_and_graveyard_costs_read_and_render_back():
    # 601.2h / 602.2b costs chosen as paid; 602.5b once each turn; 602.2 from a graveyard
    cases = [
        ("Cutthroat Centurion", "Artifact Creature \u2014 Phyrexian Warrior",
         "Sacrifice another artifact or creature: ~ gets +2/+2 until end of turn. Activate "
         "only once each turn.",
         {"kind": "activated", "sacrifice": {"types": ["Artifact", "Creature"], "other": True},
          "once_per_turn": True,
          "effects": [{"do": "pump", "power": 2, "toughness": 2, "what": "self"}]}),
        ("Mad Prophet", "Creature \u2014 Human Shaman", "{T}, Discard a card: Draw a card.",
         {"kind": "activated", "cost": "{T}", "discard": 1, "effects": [{"do": "draw", "n": 1}]}),
        ("Bramble Wurm", "Creature \u2014 Wurm", "{2}{G}, Exile ~ from your graveyard: You "
         "gain 5 life.",
         {"kind": "activated", "cost": "{2}{G}", "exile_self": True, "zone": "graveyard",
          "effects": [{"do": "gain_life", "n": 5}]})]
    for name, tl, text, ab in cases:
        r = compile_printed(one(name, tl, text, "{2}", power="2", toughness="2"))
        assert r.status == FULL, name
        assert r.card["abilities"] == [ab]
        assert render_agrees(text, name, False, r.card)
    # a sacrifice the filters cannot say stays unread
    r = compile_printed(one("Test Altar", "Artifact", "Sacrifice a nontoken creature: Draw a "
                            "card.", "{2}"))
    assert r.status == NONE


def test_flashback_reads_and_renders_back():
    # 702.34a: Think Twice; a flashback cost with life after an em dash (Deep Analysis)
    text = ("Draw a card.\nFlashback {2}{U} (You may cast this card from your graveyard for "
            "its flashback cost. Then exile it.)")
    r = compile_printed(one("Think Twice", "Instant", text, "{1}{U}"))
    assert r.status == FULL
    assert r.card["abilities"] == [{"kind": "spell", "effects": [{"do": "draw", "n": 1}]},
                                   {"kind": "flashback", "cost": "{2}{U}"}]
    assert render_agrees(text, "Think Twice", False, r.card)
    text = "Draw a card.\nFlashback\u2014{1}{U}, Pay 3 life."
    r = compile_printed(one("Test Analysis", "Sorcery", text, "{3}{U}"))
    assert r.card["abilities"][1] == {"kind": "flashback", "cost": "{1}{U}", "pay_life": 3}
    assert render_agrees(text, "Test Analysis", False, r.card)
    # a flashback cost the vocabulary lacks stays unread (Lava Dart's "Sacrifice a Mountain")
    r = compile_printed(one("Test Dart", "Instant", "~ deals 1 damage to any target.\n"
                            "Flashback\u2014Sacrifice a Mountain.", "{R}"))
    assert r.status == PARTIAL


def test_a_modal_spell_reads_its_modes_and_renders_back():
    # 700.2: Abrade, "Choose one —" and a bullet per mode
    text = ("Choose one \u2014\n\u2022 ~ deals 3 damage to target creature.\n\u2022 Destroy "
            "target artifact.")
    r = compile_printed(one("Abrade", "Instant", text, "{1}{R}"))
    assert r.status == FULL
    assert r.card["abilities"] == [
        {"kind": "mode", "targets": [{"types": ["Creature"]}], "effects": [{"do": "damage",
                                                                             "n": 3}]},
        {"kind": "mode", "targets": [{"types": ["Artifact"]}], "effects": [{"do": "destroy"}]}]
    assert render_agrees(text, "Abrade", False, r.card)
    # one bullet the grammar cannot read: the whole choice stays unread, line by line
    r = compile_printed(one("Test Choice", "Sorcery", "Choose one \u2014\n\u2022 Draw a card."
                            "\n\u2022 Regenerate target creature.", "{1}"))
    assert r.status == NONE and len(r.faces[0].unread) == 3


def test_a_sacrifice_as_a_spells_additional_cost_reads_and_renders_back():
    # 601.2b/h: Bone Splinters
    text = ("As an additional cost to cast this spell, sacrifice a creature.\nDestroy target "
            "creature.")
    r = compile_printed(one("Bone Splinters", "Sorcery", text, "{B}"))
    assert r.status == FULL
    assert r.card["abilities"][1] == {"kind": "additional_cost",
                                      "options": [{"sacrifice": {"types": ["Creature"]}}]}
    assert render_agrees(text, "Bone Splinters", False, r.card)


def test_auras_and_equipment_read_what_they_give_and_render_back():
    # 702.5a, 303.4a: the enchant line is what the Aura may target and enchant; 613.4c,
    # 613.1f: what the static ability gives the enchanted or equipped creature
    rancor_head = "Enchant creature\nEnchanted creature gets +2/+0 and has trample."
    c = compile_printed(one("Rancor Head", "Enchantment \u2014 Aura", rancor_head, "{G}"))
    assert c.status == FULL
    assert c.card["enchant"] == {"types": ["Creature"]}
    assert c.card["abilities"] == [{"kind": "static", "effect": "grant", "to": "enchanted",
                                    "power": 2, "keywords": ["trample"]}]
    assert render_agrees(rancor_head, "Rancor Head", False, c.card)
    texts = {
        "Pacifism": ("Enchantment \u2014 Aura", "{1}{W}",
                     "Enchant creature\nEnchanted creature can't attack or block.",
                     {"cant": ["attack", "block"]}),
        "Dehydration": ("Enchantment \u2014 Aura", "{3}{U}",
                        "Enchant creature\nEnchanted creature doesn't untap during its "
                        "controller's untap step.", {"cant": ["untap"]}),
        "Basilisk Collar": ("Artifact \u2014 Equipment", "{1}",
                            "Equipped creature has deathtouch and lifelink.\nEquip {2}",
                            {"keywords": ["deathtouch", "lifelink"]}),
    }
    for name, (tl, cost, text, got) in texts.items():
        c = compile_printed(one(name, tl, text, cost))
        assert c.status == FULL, name
        assert {k: v for k, v in c.card["abilities"][0].items()
                if k not in ("kind", "effect", "to")} == got
        assert render_agrees(text, name, False, c.card), name
    assert compile_printed(one("Basilisk Collar", "Artifact \u2014 Equipment",
                               texts["Basilisk Collar"][2], "{1}")).card["abilities"][1] == \
        {"kind": "equip", "cost": "{2}"}
    # Enchant lines and grants the vocabulary cannot say stay unread
    for tl, text in (("Enchantment \u2014 Aura", "Enchant player\nEnchanted player gets +1/+1."),
                     ("Enchantment \u2014 Aura", "Enchant creature\nEnchanted creature has "
                                                 "fear."),
                     ("Enchantment \u2014 Aura", "Enchant creature or Vehicle\nEnchanted "
                                                 "creature gets +1/+1."),
                     ("Enchantment Creature \u2014 Spirit", "Enchanted creature gets +1/+1.")):
        assert compile_printed(one("Test Aura", tl, text, "{W}",
                                   power="1" if "Creature" in tl else None,
                                   toughness="1" if "Creature" in tl else None)).status \
            != FULL, text


def test_effects_on_the_attached_creature_and_attaching_as_it_enters():
    # 701.3a: "attach it to target creature you control" (the Equipment itself, "it" in its
    # own trigger); "enchanted creature" as an effect's object: what the Aura is attached to
    kite = ("When ~ enters, attach it to target creature you control.\nEquipped creature has "
            "flying.\nEquip {2}")
    c = compile_printed(one("Cliffhaven Kitesail", "Artifact \u2014 Equipment", kite, "{1}"))
    assert c.status == FULL
    assert c.card["abilities"][0] == {"kind": "trigger", "event": "enters", "targets": [
        {"types": ["Creature"], "controller": "you"}], "effects": [{"do": "attach"}]}
    assert render_agrees(kite, "Cliffhaven Kitesail", False, c.card)
    fire = "Enchant creature\n{R}: Enchanted creature gets +1/+0 until end of turn."
    c = compile_printed(one("Firebreathing", "Enchantment \u2014 Aura", fire, "{R}"))
    assert c.status == FULL
    assert c.card["abilities"][0]["effects"] == [{"do": "pump", "what": "enchanted",
                                                  "power": 1, "toughness": 0}]
    assert render_agrees(fire, "Firebreathing", False, c.card)
    # the source sacrificed as a cost: what it enchanted is not kept, so it stays unread
    briar = "Enchant creature\nSacrifice ~: Enchanted creature gets +3/+3 until end of turn."
    assert compile_printed(one("Briar Shield", "Enchantment \u2014 Aura", briar,
                               "{G}")).status == PARTIAL


def test_wither_and_infect_keywords():
    elf = compile_printed(one("Glistener Elf", "Creature — Phyrexian Elf Warrior", "Infect",
                              "{G}", power="1", toughness="1"))
    assert elf.status == FULL and elf.card["keywords"] == ["infect"]
    gang = compile_printed(one("Boggart Ram-Gang", "Creature — Goblin Warrior",
                               "Haste\nWither", "{R/G}{R/G}{R/G}", power="3", toughness="3"))
    assert gang.status == FULL and gang.card["keywords"] == ["haste", "wither"]
    assert render_agrees("Haste\nWither", "Boggart Ram-Gang", False, gang.card)


def test_food_clue_and_investigate_bring_their_predefined_tokens():
    # 111.10b Food, 111.10f Clue (701.36a investigate): named by the card, defined by the rules
    c = compile_printed(one("Thraben Inspector", "Creature — Human Soldier", "When Thraben "
                            "Inspector enters, investigate. (Create a Clue token.)", "{W}",
                            power="1", toughness="2"))
    assert c.status == FULL and c.card["abilities"][0]["effects"] == [
        {"do": "investigate", "n": 1}]
    assert [t["name"] for t in c.tokens] == ["Clue"]
    assert c.tokens[0]["abilities"] == [{"kind": "activated", "cost": "{2}",
                                         "sacrifice_self": True,
                                         "effects": [{"do": "draw", "n": 1}]}]
    text = "When Mintstrosity dies, create a Food token."
    m = compile_printed(one("Mintstrosity", "Creature — Horror", text, "{1}{B}", power="3",
                            toughness="1"))
    assert m.status == FULL and [t["name"] for t in m.tokens] == ["Food"]
    assert render_agrees(text, "Mintstrosity", False, m.card, {t["name"]: t for t in m.tokens})


def test_it_deals_names_the_source_only_where_it_is_the_source():
    # 113.7: "it" in an ability of ~ about ~ itself is ~ (triggered on ~, activated by ~)
    for name, text in (("Blisterstick Shaman", "When Blisterstick Shaman enters the "
                        "battlefield, it deals 1 damage to any target."),
                       ("Barbarian Lunatic", "{2}{R}, Sacrifice Barbarian Lunatic: It deals 2 "
                        "damage to target creature.")):
        c = compile_printed(one(name, "Creature — Goblin", text, "{2}{R}", power="2",
                                toughness="1"))
        assert c.status == FULL and c.card["abilities"][0]["effects"][0]["do"] == "damage"
        assert render_agrees(text, name, False, c.card), render_diff(text, name, False, c.card)
    assert normalise("When X enters, it deals 1 damage to any target.", "X") == \
        "When ~ enters, ~ deals 1 damage to any target."
    # "it" after another creature's trigger is that creature: not the source, not read
    assert compile_printed(one("Test Pinger", "Creature — Goblin", "Whenever another creature "
                               "enters, it deals 1 damage to any target.", "{R}", power="1",
                               toughness="1")).status == NONE
