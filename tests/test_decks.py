"""Deck lists (simcore.decks): MTGO/Arena text, Forge .dck, the example decks."""

from pathlib import Path

import pytest

from simcore.cards.compile import make_pool
from simcore.cards.db import FETCH_HINT
from simcore.decks import (
    Deck,
    deck_counts,
    known_names,
    load_deck,
    parse_deck_text,
    validate_constructed,
)
from simcore.errors import PlaytestError, PlaytestErrors

# the end of the unknown-card error where no card database was imported (tests/conftest.py)
NO_DB = f"no card database yet: {FETCH_HINT}; "

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "examples" / "decks"
TEXT_DECKS = ["elves_morcant.txt", "counters_ozolith.txt", "goblins_burn_blight.txt",
              "mono_green_curve.txt"]


@pytest.fixture(scope="module")
def pool():
    return make_pool()


@pytest.fixture(scope="module")
def names(pool):
    return known_names(pool)[0]


def parse(text, names, source="test.txt"):
    return parse_deck_text(text, source, names)


# ----------------------------------------------------------------------------- example decks

@pytest.mark.parametrize("file", TEXT_DECKS + ["mono_green_curve.dck"])
def test_example_deck_is_60_known_cards(pool, names, file):
    deck = load_deck(DECKS / file, names)
    assert deck.size == sum(deck_counts(deck).values()) == 60
    for name, n in deck.main + deck.sideboard:
        assert name in pool.defs and not pool.defs[name].get("token"), name
        assert n >= 1
    assert validate_constructed(deck) == []
    lands = sum(n for name, n in deck.main if "Land" in pool.defs[name]["types"])
    assert 21 <= lands <= 24, lands


def test_all_example_decks_listed():
    assert sorted(p.name for p in DECKS.glob("*.txt")) == sorted(TEXT_DECKS)


@pytest.mark.parametrize("file", TEXT_DECKS)
def test_example_text_deck_starts_with_a_comment(file):
    first = (DECKS / file).read_text().splitlines()[0]
    assert first.startswith(("//", "#")) and len(first) > 20


def test_example_decks_use_their_headline_cards(names):
    def has(file, card):
        return card in deck_counts(load_deck(DECKS / file, names))
    assert has("elves_morcant.txt", "High Perfect Morcant")
    assert has("counters_ozolith.txt", "Broodguard Elite")
    assert has("counters_ozolith.txt", "The Ozolith")
    assert has("goblins_burn_blight.txt", "Sourbread Auntie")
    assert has("goblins_burn_blight.txt", "Lightning Bolt")
    assert has("mono_green_curve.txt", "Craw Wurm")


def test_mono_green_is_mono_green(pool, names):
    deck = load_deck(DECKS / "mono_green_curve.txt", names)
    for name, _ in deck.main:
        cost = pool.defs[name].get("cost", "")
        assert not any("{" + c in cost for c in "WUBR"), name


def test_mono_green_dck_and_txt_have_the_same_cards(pool):
    txt = load_deck(DECKS / "mono_green_curve.txt", pool)
    dck = load_deck(DECKS / "mono_green_curve.dck", pool)
    assert deck_counts(txt) == deck_counts(dck)
    assert txt.main == dck.main
    assert dck.sideboard == []
    assert dck.name == txt.name == "mono_green_curve"


def test_example_decks_are_castable_in_their_colours(pool, names):
    """Every coloured mana symbol of a main-deck spell is one the deck's lands can make."""
    letters = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
    for file in TEXT_DECKS:
        deck = load_deck(DECKS / file, names)
        made = {letters[n] for n, _ in deck.main if n in letters}
        for name, _ in deck.main:
            cost = pool.defs[name].get("cost", "")
            for sym in "WUBRG":
                if "{" + sym + "}" in cost:
                    assert sym in made, (file, name)


# ----------------------------------------------------------------------------- text format

def test_plain_counts_and_x_counts(names):
    deck = parse("4 Llanowar Elves\n4x Elvish Mystic\n2 X Grizzly Bears\n20 Forest\n", names)
    assert deck.main == [("Llanowar Elves", 4), ("Elvish Mystic", 4), ("Grizzly Bears", 2),
                         ("Forest", 20)]
    assert deck.sideboard == []
    assert isinstance(deck, Deck) and deck.name == "test" and deck.file == "test.txt"


def test_set_codes_and_collector_numbers_are_ignored(names):
    deck = parse("1 Forest (M19) 280\n1 Forest [M19]\n2 Llanowar Elves (DOM)\n"
                 "1 Shock (M19) 156\n1 Murder [M20:108]\n", names)
    assert deck.main == [("Forest", 2), ("Llanowar Elves", 2), ("Shock", 1), ("Murder", 1)]


def test_deck_and_sideboard_headers_any_case(names):
    text = "deck\n4 Llanowar Elves\n\n\nSIDEBOARD\n2 Murder\n\nsideboard:\n1 Shock\n"
    deck = parse(text, names)
    assert deck.main == [("Llanowar Elves", 4)]
    assert deck.sideboard == [("Murder", 2), ("Shock", 1)]


def test_blank_lines_before_main_ignored_with_headers(names):
    deck = parse("\n\nDeck\n\n4 Llanowar Elves\n\n4 Forest\nSideboard\n1 Shock\n", names)
    assert deck.main == [("Llanowar Elves", 4), ("Forest", 4)]
    assert deck.sideboard == [("Shock", 1)]


def test_commander_and_companion_go_to_the_sideboard(names):
    text = ("Commander\n1 High Perfect Morcant\n\nCompanion\n1 Young Wolf\n\n"
            "Deck\n4 Llanowar Elves\n")
    deck = parse(text, names)
    assert deck.main == [("Llanowar Elves", 4)]
    assert deck.sideboard == [("High Perfect Morcant", 1), ("Young Wolf", 1)]


def test_mtgo_blank_line_starts_the_sideboard(names):
    deck = parse("\n\n4 Llanowar Elves\n20 Forest\n\n2 Murder\n\n1 Shock\n", names)
    assert deck.main == [("Llanowar Elves", 4), ("Forest", 20)]
    assert deck.sideboard == [("Murder", 2), ("Shock", 1)]


def test_comments_are_ignored(names):
    text = ("// my deck\n# a comment\n4 Llanowar Elves\n  // indented comment\n"
            "# 3 Not A Card\n4 Forest\n")
    deck = parse(text, names)
    assert deck.main == [("Llanowar Elves", 4), ("Forest", 4)]


def test_comment_between_main_and_blank_keeps_main(names):
    deck = parse("// plan\n\n4 Llanowar Elves\n// lands\n4 Forest\n", names)
    assert deck.main == [("Llanowar Elves", 4), ("Forest", 4)]


def test_name_matching_case_and_curly_apostrophe(names):
    deck = parse("1 llanowar elves\n1 BOGSLITHER\u2019S EMBRACE\n1 atraxa, praetors\u2019 voice\n"
                 "1 Black Sun's Zenith\n", names)
    assert deck.main == [("Llanowar Elves", 1), ("Bogslither's Embrace", 1),
                         ("Atraxa, Praetors' Voice", 1), ("Black Sun's Zenith", 1)]


def test_same_card_twice_is_merged_in_first_position(names):
    deck = parse("2 Shock\n4 Forest\n2 Shock\n", names)
    assert deck.main == [("Shock", 4), ("Forest", 4)]
    assert deck_counts(deck) == {"Shock": 4, "Forest": 4}


def test_arena_about_section_names_the_deck(names):
    deck = parse("About\nName Green Stompy\n\nDeck\n4 Llanowar Elves\n", names)
    assert deck.name == "Green Stompy"
    assert deck.main == [("Llanowar Elves", 4)]


def test_windows_line_endings_and_bom(names, tmp_path):
    p = tmp_path / "crlf.txt"
    p.write_bytes("\ufeff4 Llanowar Elves\r\n4 Forest\r\n\r\n1 Shock\r\n".encode("utf-8"))
    deck = load_deck(p, names)
    assert deck.main == [("Llanowar Elves", 4), ("Forest", 4)]
    assert deck.sideboard == [("Shock", 1)]
    assert deck.name == "crlf"


# ----------------------------------------------------------------------------- Forge .dck

def test_forge_dck(names):
    text = ("[metadata]\nName=Elf Stompy\nDescription=test\n[Main]\n4 Llanowar Elves|M19\n"
            "2 Elvish Mystic|M14|1\n18 Forest\n[Sideboard]\n2 Murder|M20\n")
    deck = parse_deck_text(text, "decks/x.dck", names)
    assert deck.name == "Elf Stompy"
    assert deck.file == "decks/x.dck"
    assert deck.main == [("Llanowar Elves", 4), ("Elvish Mystic", 2), ("Forest", 18)]
    assert deck.sideboard == [("Murder", 2)]


def test_forge_detected_from_content_and_name_defaults_to_stem(names):
    text = "[Main]\n4 Llanowar Elves|M19\n[Commander]\n1 High Perfect Morcant|ECL\n"
    deck = parse_deck_text(text, "somewhere/forge_list.txt", names)
    assert deck.name == "forge_list"
    assert deck.main == [("Llanowar Elves", 4)]
    assert deck.sideboard == [("High Perfect Morcant", 1)]


def test_forge_unknown_section_and_bad_metadata(names):
    with pytest.raises(PlaytestError) as e:
        parse_deck_text("[Main]\n4 Forest\n[Planes]\n1 Forest\n", "p.dck", names)
    assert str(e.value).startswith("p.dck:3: unknown section '[Planes]'")
    with pytest.raises(PlaytestError) as e:
        parse_deck_text("[metadata]\njust words\n[Main]\n4 Forest\n", "m.dck", names)
    assert str(e.value).startswith("m.dck:2: cannot read this line: 'just words'")


def test_forge_unknown_card_names_line(names):
    with pytest.raises(PlaytestError) as e:
        parse_deck_text("[metadata]\nName=x\n[Main]\n4 Llanowar Elfs|M19\n", "f.dck", names)
    assert str(e.value).startswith(
        "f.dck:4: unknown card 'Llanowar Elfs' (closest: Llanowar Elves")


# ----------------------------------------------------------------------------- errors

def test_unknown_card_names_file_line_and_closest(names, tmp_path):
    p = tmp_path / "bad.txt"
    p.write_text("// comment\n4 Forest\n4 Llanowar Elfs\n")
    with pytest.raises(PlaytestError) as e:
        load_deck(p, names)
    msg = str(e.value)
    assert "\n" not in msg
    assert msg.startswith(f"{p}:3: unknown card 'Llanowar Elfs' (closest: Llanowar Elves")
    assert msg.endswith(")")


@pytest.mark.parametrize("line", ["Llanowar Elves", "four Forest", "4", "0 Forest", "-1 Forest",
                                  "x4 Forest"])
def test_malformed_line(names, line):
    with pytest.raises(PlaytestError) as e:
        parse(f"4 Forest\n{line}\n", names)
    msg = str(e.value)
    assert msg.startswith(f"test.txt:2: cannot read this line: '{line}'")
    assert "\n" not in msg


def test_empty_main_deck(names):
    for text in ["", "\n\n", "// only a comment\n", "Deck\nSideboard\n2 Murder\n",
                 "[metadata]\nName=x\n[Main]\n[Sideboard]\n1 Shock\n"]:
        with pytest.raises(PlaytestError) as e:
            parse(text, names, source="empty.txt")
        assert str(e.value) == "empty.txt: the main deck is empty"


def test_a_token_is_refused(pool, names):
    # with the plain list of card names, a token is just not a card
    with pytest.raises(PlaytestError) as e:
        parse("4 Forest\n2 Goblin\n", names)
    assert str(e.value).startswith("test.txt:2: unknown card 'Goblin'")
    # given the pool (or its defs), the message says it is a token
    for source in (pool, pool.defs):
        with pytest.raises(PlaytestError) as e:
            parse_deck_text("4 Forest\n2 goblin\n", "t.txt", source)
        assert str(e.value).startswith("t.txt:2: 'goblin' is a token")
    with pytest.raises(PlaytestError) as e:
        parse_deck_text("4 Forest\n1 Thopter\n", "t.txt", names, tokens=["Thopter"])
    assert str(e.value).startswith("t.txt:2: 'Thopter' is a token")


def test_known_names_splits_tokens(pool):
    cards, tokens = known_names(pool)
    assert sorted(tokens) == ["Elf Warrior", "Goblin", "Thopter"]
    assert "Llanowar Elves" in cards and "Goblin" not in cards
    assert set(cards) | set(tokens) == set(pool.names)


def test_missing_deck_file(names, tmp_path):
    with pytest.raises(PlaytestError) as e:
        load_deck(tmp_path / "nope.txt", names)
    assert str(e.value) == f"{tmp_path / 'nope.txt'}: no such deck file"


# ----------------------------------------------------------------------------- warnings

def test_validate_constructed_warnings(names):
    deck = parse("5 Shock\n50 Mountain\n", names, source="w.txt")
    warnings = validate_constructed(deck)
    assert warnings == [
        "w.txt: the main deck has 55 cards, fewer than the 60 a constructed deck needs",
        "w.txt: 5 copies of 'Shock', more than 4 of a card that is not a basic land",
    ]
    assert validate_constructed(deck, min_size=55) == [warnings[1]]


@pytest.mark.parametrize("text,warnings", [
    ("3 Forest\n", ["the main deck has 3 cards, fewer than the 40 even a limited deck needs "
                    "(60 for constructed)"]),
    ("1 Forest\n", ["the main deck has 1 card, fewer than the 40 even a limited deck needs "
                    "(60 for constructed)"]),
    ("49 Forest\n4 Llanowar Elves\n", ["the main deck has 53 cards, fewer than the 60 a "
                                        "constructed deck needs"]),
    ("40 Forest\n", ["the main deck has 40 cards, fewer than the 60 a constructed deck needs"]),
    ("255 Forest\n5 Llanowar Elves\n", ["5 copies of 'Llanowar Elves', more than 4 of a card "
                                         "that is not a basic land"]),
    ("55 Forest\n5 Dryad Arbor\n", ["5 copies of 'Dryad Arbor', more than 4 of a card that is "
                                     "not a basic land"]),
    ("20 Forest\n20 Wastes\n20 Island\n", []),
    ("60 Forest\n", []),
    ("260 Forest\n", []),
])
def test_deck_warnings(pool, tmp_path, capsys, text, warnings):
    """A deck breaking the deck-building rules loads (custom formats exist) with one line per
    broken rule in deck.warnings and to the warn hook; the API prints nothing itself. Basic
    lands are the cards of supertype Basic (Dryad Arbor is a Forest, but not basic)."""
    f = tmp_path / "d.txt"
    f.write_text(text)
    heard = []
    deck = load_deck(f, pool, warn=heard.append)
    assert deck.warnings == heard == [f"{f}: {w}" for w in warnings]
    assert load_deck(f, pool).warnings == deck.warnings
    assert capsys.readouterr() == ("", "")


def test_a_users_basic_land_may_have_any_number(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "snow_wastes.toml").write_text('name = "Frozen Wastes"\ntypes = ["Land"]\n'
                                            'supertypes = ["Basic", "Snow"]\n')
    (cards / "crag.toml").write_text('name = "Crag"\ntypes = ["Land"]\n')
    deck = parse("55 Frozen Wastes\n5 Crag\n", make_pool([cards]), source="u.txt")
    assert deck.warnings == ["u.txt: 5 copies of 'Crag', more than 4 of a card that is not a "
                             "basic land"]


def test_four_copy_limit_counts_the_sideboard(names):
    deck = parse("3 Murder\n57 Swamp\n\n2 Murder\n", names, source="s.txt")
    assert validate_constructed(deck) == [
        "s.txt: 5 copies of 'Murder', more than 4 of a card that is not a basic land"]


def test_large_sideboard_warns(names):
    deck = parse("60 Forest\n\n4 Shock\n4 Murder\n4 Divination\n4 Lava Axe\n", names,
                 source="s.txt")
    assert validate_constructed(deck) == ["s.txt: the sideboard has 16 cards, more than 15"]


def test_deck_counts_sideboard(names):
    deck = parse("4 Forest\nSideboard\n1 Shock\n", names)
    assert deck_counts(deck) == {"Forest": 4}
    assert deck_counts(deck, sideboard=True) == {"Shock": 1}


# ----------------------------------------------------------------------------- wrong lines at once

PASTED = """\
// as pasted from a tournament site
4 Llanowar Elfs
4 Distant Melody
18 Forest
4 Fyndhorn Elves
2 Goblin
4 Elvish Mystic

Sideboard
3 Pyroblast
2 Murder
1 Snuff Out
"""


def test_every_unknown_card_is_named_at_once(pool):
    """A list with several unknown cards was refused one card per run (an Elves list took 7
    reruns): every wrong line is named, in file order, each with its file:line and a close
    name if one is close, then one line pointing to --cards DIR and docs/card-format.md."""
    with pytest.raises(PlaytestErrors) as e:
        parse_deck_text(PASTED, "elves.txt", pool)
    assert e.value.lines == [
        "elves.txt:2: unknown card 'Llanowar Elfs' (closest: Llanowar Elves)",
        "elves.txt:3: unknown card 'Distant Melody'",
        "elves.txt:5: unknown card 'Fyndhorn Elves'",
        "elves.txt:6: 'Goblin' is a token, not a card: a deck cannot hold it",
        "elves.txt: 3 unknown cards: " + NO_DB + "cards of your own folders need --cards DIR (see "
        "docs/card-format.md)",
    ]
    # the message itself is the same on one line, for the Python API
    assert str(e.value) == "; ".join(e.value.lines) and "\n" not in str(e.value)


def test_one_unknown_card_is_one_line_pointing_to_cards_dir(names):
    with pytest.raises(PlaytestError) as e:
        parse("4 Forest\n1 Qqqqqqqqqqqqqqqq\n", names)
    assert not isinstance(e.value, PlaytestErrors)
    assert str(e.value) == ("test.txt:2: unknown card 'Qqqqqqqqqqqqqqqq'; cards of your own "
                            "folders need --cards DIR (see docs/card-format.md)")


def test_several_unreadable_lines_are_named_at_once(names):
    with pytest.raises(PlaytestErrors) as e:
        parse("4 Forest\nfour Forest\n2 Shock\nLlanowar Elves\n", names)
    assert e.value.lines == [
        "test.txt:2: cannot read this line: 'four Forest' (expected a count and a card name, "
        "e.g. '4 Llanowar Elves')",
        "test.txt:4: cannot read this line: 'Llanowar Elves' (expected a count and a card "
        "name, e.g. '4 Llanowar Elves')",
        "test.txt: 2 lines with errors"]


def test_unknown_sideboard_cards_are_not_checked(pool):
    """No command plays or reads the sideboard (grep: only the deck-building warnings count
    it), so its cards are not checked: an unknown one (or a token) is kept as written, with
    its line in `unknown_sideboard` for a feature that will use the sideboard; known ones
    take the pool's spelling. A sideboard line that cannot be read is still an error."""
    text = "4 Llanowar Elves\n56 Forest\n\nSideboard\n3 Pyroblast\n2 murder\n1 Goblin\n"
    deck = parse_deck_text(text, "s.txt", pool)
    assert deck.main == [("Llanowar Elves", 4), ("Forest", 56)]
    assert deck.sideboard == [("Pyroblast", 3), ("Murder", 2), ("Goblin", 1)]
    assert deck.unknown_sideboard == [("s.txt:5", "Pyroblast"), ("s.txt:7", "Goblin")]
    assert deck.warnings == []
    dck = parse_deck_text("[Main]\n60 Forest\n[Sideboard]\n2 Pyroblast|ICE\n", "s.dck", pool)
    assert dck.sideboard == [("Pyroblast", 2)]
    assert dck.unknown_sideboard == [("s.dck:4", "Pyroblast")]
    with pytest.raises(PlaytestError, match=r"^s.txt:5: cannot read this line: 'Pyroblast'"):
        parse_deck_text("60 Forest\n\nSideboard\n2 Murder\nPyroblast\n", "s.txt", pool)


# ----------------------------------------------------------------------------- close names

@pytest.mark.parametrize("name,closest", [
    ("Distant Melody", None),           # the example: Island is noise
    ("Fyndhorn Elves", None),           # Llanowar Elves, 0.64
    ("Breeding Pool", None),            # Reflecting Pool, 0.79: the nearest noise among
    ("Lightning Helix", None),          # the unknown cards of 20 tournament lists
    ("Wasteland", None),                # Wastes, 0.67
    ("Tropical Island", None),          # Island, 0.57
    ("Llanowar Elfs", "Llanowar Elves"),
    ("Forrest", "Forest"),
    ("Shcok", "Shock"),                 # one transposition in a five-letter name: 0.8
    ("Grizly Bear", "Grizzly Bears"),
    ("elvish mystik", "Elvish Mystic"),
])
def test_a_closest_name_only_when_it_is_close(names, name, closest):
    """The closest names were any above difflib's ratio 0.5, so most unknown cards of a real
    list got an unrelated one (Distant Melody -> Island). Now only names at ratio 0.8 or more
    (every one-letter slip of a name of five letters or more) are offered."""
    with pytest.raises(PlaytestError) as e:
        parse(f"4 Forest\n4 {name}\n", names)
    first = str(e.value).split("; ")[0]
    hint = f" (closest: {closest})" if closest else ""
    assert first == f"test.txt:2: unknown card '{name}'{hint}"


# ----------------------------------------------------------------------------- deck size

def test_a_deck_past_what_the_engine_holds_is_refused(names):
    """`100000000 Forest` failed after 20 s with a 59.6 GiB MemoryError: a main deck of more
    cards than a game can hold is refused as it is read, at the line that passes the limit."""
    with pytest.raises(PlaytestError) as e:
        parse("100000000 Forest\n", names, source="big.txt")
    assert str(e.value) == ("big.txt:1: the main deck reaches 100,000,000 cards here, more "
                            "than the 10,000 a game can hold")
    with pytest.raises(PlaytestError) as e:
        parse("// huge\n6000 Forest\n4000 Island\n1 Swamp\n", names, source="big.txt")
    assert str(e.value) == ("big.txt:4: the main deck reaches 10,001 cards here, more "
                            "than the 10,000 a game can hold")
    deck = parse("6000 Forest\n4000 Island\n\n100000000 Swamp\n", names)    # the sideboard
    assert deck.size == 10_000                                              # is not played


def test_the_deck_limit_is_what_a_game_holds():
    """MAX_DECK_CARDS: two decks of it fit a game. Slots are int16 (slot numbers in the
    object planes and libraries; both decks plus token room), and every card of a library
    takes an object id as the game starts, a game ending truncated once its ids pass
    flow.OID_LIMIT (int16 planes too): two such decks leave nearly 10,000 ids for play (a
    30-turn game of two 10,000-card decks used ~140; two of 15,000 ended on turn 3)."""
    import numpy as np

    from simcore.decks import MAX_DECK_CARDS
    from simcore.game import OPENING_HAND, TOKEN_ROOM, TOKEN_ROOM_GOLDFISH
    from simcore.kernels.flow import OID_LIMIT
    assert MAX_DECK_CARDS == 10_000
    assert 2 * MAX_DECK_CARDS + max(TOKEN_ROOM, TOKEN_ROOM_GOLDFISH) <= np.iinfo(np.int16).max
    assert OID_LIMIT - 2 * (MAX_DECK_CARDS + OPENING_HAND) > 9_900


def test_several_lists_name_every_wrong_line_at_once(tmp_path, pool):
    """load_decks: the wrong lines of every list, then one line summing them all up (one
    run, not one per deck); a single wrong list is told as load_deck tells it."""
    from simcore.decks import load_decks
    a, b, ok = tmp_path / "a.txt", tmp_path / "b.txt", DECKS / "mono_green_curve.txt"
    a.write_text("56 Forest\n4 Grizly Bears\n")
    b.write_text("56 Mountain\n2 Lava Spike\n2 Shok\n")
    with pytest.raises(PlaytestErrors) as e:
        load_decks([a, ok, b], pool)
    assert e.value.lines == [
        f"{a}:2: unknown card 'Grizly Bears' (closest: Grizzly Bears)",
        f"{b}:2: unknown card 'Lava Spike'",
        f"{b}:3: unknown card 'Shok' (closest: Shock)",
        "2 deck lists: 3 unknown cards: " + NO_DB + "cards of your own folders need --cards DIR (see "
        "docs/card-format.md)"]
    with pytest.raises(PlaytestError) as one:
        load_decks([ok, a], pool)
    with pytest.raises(PlaytestError) as alone:
        load_deck(a, pool)
    assert str(one.value) == str(alone.value) and not isinstance(one.value, PlaytestErrors)
    missing = tmp_path / "none.txt"
    with pytest.raises(PlaytestErrors) as e:
        load_decks([missing, a], pool)
    assert len(e.value.lines) == 3 and str(missing) in e.value.lines[0]
    assert [d.name for d in load_decks([ok, ok], pool)] == ["mono_green_curve"] * 2
