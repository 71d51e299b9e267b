"""Deck lists that name cards of the card database (simcore/decks.py with
simcore/cards/dbpool.py, and the CLI's `--card-db`, `--allow-partial`, `cards import`,
`cards show`): built-in first, then --cards, then the database; set codes, collector numbers
and front faces; partly supported cards refused or, allowed, named in the summary and table."""
import hashlib
from pathlib import Path

import pytest

from experiments.cli import main
from simcore.cards.compile import make_pool
from simcore.cards.db import FETCH_HINT, CardDB
from simcore.cards.dbpool import DbCards
from simcore.decks import parse_deck_text
from simcore.errors import PlaytestError

DATA = Path(__file__).parent / "carddata"
SCRYFALL = DATA / "scryfall-cards.json"


@pytest.fixture(scope="module")
def db_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "cards.sqlite"
    with CardDB.for_import(path) as db:
        db.import_files([SCRYFALL])
    return path


def run_main(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def deck(text, db_path, allow_partial=False, **kw):
    pool = make_pool(card_db=DbCards(db_path, allow_partial=allow_partial))
    return pool, parse_deck_text(text, "d.txt", pool, **kw)


def test_names_resolve_built_in_first_then_the_database(db_path):
    pool, d = deck("4 Lightning Bolt (M10) 146\n4 Wind Drake\n4 Volcanic Hammer [P02:131]\n"
                   "20 Island\n", db_path)
    assert d.main == [("Lightning Bolt", 4), ("Wind Drake", 4), ("Volcanic Hammer", 4),
                      ("Island", 20)]
    assert pool.defs["Lightning Bolt"]["_file"].endswith("lightning_bolt.toml")  # built in
    assert pool.defs["Wind Drake"]["_file"] == "oracle text of Wind Drake"
    # only the cards named are taken: the card table never holds the whole database
    assert "Prodigal Sorcerer" not in pool.defs and "Mogg Fanatic" not in pool.defs
    assert set(pool.db_cards.taken) == {"Wind Drake", "Volcanic Hammer"}
    table = pool.compile()
    assert table.card.shape[0] == len(pool.names)


def test_a_printing_resolves_a_name_written_otherwise(db_path):
    """Arena exports name a card by its set code and collector number too: a name the
    database does not know is looked up by its printing."""
    _, d = deck("4 Wind Drak (M20) 81\n", db_path)
    assert d.main == [("Wind Drake", 4)]


def test_front_faces_and_folded_names(db_path):
    _, d = deck("1 Fire // Ice (APC) 128\n2 Delver of Secrets\n1 Lim-Dul the Necromancer\n",
                db_path, allow_partial=True)
    assert d.main == [("Fire", 1), ("Delver of Secrets", 2), ("Lim-Dûl the Necromancer", 1)]


def test_a_partly_supported_card_is_refused_naming_each_sentence(db_path):
    with pytest.raises(PlaytestError) as e:
        deck("4 Wind Drake\n4 Sengir Vampire\n", db_path)
    msg = str(e.value)
    assert msg.startswith("d.txt:2: 'Sengir Vampire' is only partly supported: the engine "
                          "would ignore line 2: 'Whenever a creature dealt damage by Sengir Vampire")
    assert msg.endswith("--allow-partial plays it so")
    pool, d = deck("4 Wind Drake\n4 Sengir Vampire\n", db_path, allow_partial=True)
    assert pool.db_cards.ignored() == [("Sengir Vampire", 1)]
    assert pool.db_cards.ignored_text() == "Sengir Vampire (1 sentence)"


def test_a_card_with_no_playable_face_is_refused_even_allowed(db_path):
    with pytest.raises(PlaytestError, match=r"d.txt:1: 'Old Fogey' cannot be played at all "
                                            r"\(the engine cannot read card: 'Summon'"):
        deck("4 Old Fogey\n", db_path, allow_partial=True)


def test_an_unknown_card_says_what_the_database_holds(db_path):
    with pytest.raises(PlaytestError) as e:
        deck("4 Wind Drak\n", db_path)
    msg = str(e.value)
    assert msg.startswith("d.txt:1: unknown card 'Wind Drak' (closest: Wind Drake); "
                          "not in the card database (11 cards, imported ")
    assert FETCH_HINT in msg and msg.endswith("(see docs/card-format.md)")


def test_the_sideboard_takes_nothing_from_the_database(db_path):
    pool, d = deck("4 Wind Drake\n\n2 Sengir Vampire\n", db_path)
    assert d.sideboard == [("Sengir Vampire", 2)] and "Sengir Vampire" not in pool.defs


# ---- the CLI

def write_deck(tmp_path, text, name="db.txt"):
    p = tmp_path / name
    p.write_text(text)
    return p


DECK = "4 Wind Drake (M20) 81\n4 Volcanic Hammer\n4 Sengir Vampire\n24 Island\n24 Mountain\n"


def test_simulate_refuses_partial_cards_then_names_them(tmp_path, capsys, db_path):
    d = write_deck(tmp_path, DECK)
    code, out, err = run_main(["simulate", str(d), "--games", "4", "--card-db", str(db_path)],
                              capsys)
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"playtest: error: {d}:3: 'Sengir Vampire' is only partly supported: the engine "
        f"would ignore line 2: 'Whenever a creature dealt damage by Sengir Vampire this turn "
        f"dies, put a +1/+1 counter on Sengir Vampire.' (trigger 'Whenever a creature dealt "
        f"damage by Sengir Vampire this turn dies'); --allow-partial plays it so"]
    out_file = tmp_path / "games.csv"
    code, out, err = run_main(["simulate", str(d), "--games", "4", "--card-db", str(db_path),
                               "--allow-partial", "--out", str(out_file)], capsys)
    assert code == 0, err
    assert out.splitlines()[-1] == "text ignored (--allow-partial): Sengir Vampire (1 sentence)"
    import pandas as pd
    df = pd.read_csv(out_file)
    assert set(df["ignored_text"]) == {"Sengir Vampire (1 sentence)"} and len(df) == 4


def test_castability_takes_partial_cards(tmp_path, capsys, db_path):
    d = write_deck(tmp_path, DECK)
    code, out, err = run_main(["castability", str(d), "--games", "200", "--card-db",
                               str(db_path)], capsys)
    assert code == 0, err
    assert "Sengir Vampire" in out and "Wind Drake" in out


def test_card_db_a_folder_is_one_line(tmp_path, capsys):
    d = write_deck(tmp_path, DECK)
    code, out, err = run_main(["simulate", str(d), "--card-db", str(tmp_path)], capsys)
    assert code == 2 and out == ""
    assert err == (f"playtest: error: --card-db {tmp_path}: is a folder, not a card database "
                   f"file (give a file path, e.g. {tmp_path / 'cards.sqlite'})\n")


def digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_cards_import_says_what_it_did(tmp_path, capsys):
    db = tmp_path / "sub" / "cards.sqlite"
    code, out, err = run_main(["cards", "import", str(SCRYFALL), "--card-db", str(db)], capsys)
    assert code == 0, err
    assert out.startswith(f"imported 11 cards from {SCRYFALL}: ")
    assert " full, 1 partial, " in out and out.rstrip().endswith(str(db))


@pytest.mark.parametrize("bad, why", [
    (b"[{\"object\": \"card\", \"name\": \"X\"", "the JSON is cut short"),
    (b"", "the file is empty (0 bytes)"),
    (b"\xff\xfe[]", "not UTF-8"),
    (b"name,cost\n", "not JSON"),
    (b"{\"object\": \"list\"}", "not a card list"),
])
def test_cards_import_of_a_bad_file_leaves_the_database(tmp_path, capsys, bad, why):
    db = tmp_path / "cards.sqlite"
    run_main(["cards", "import", str(SCRYFALL), "--card-db", str(db)], capsys)
    before = digest(db)
    f = tmp_path / "bad.json"
    f.write_bytes(bad)
    code, out, err = run_main(["cards", "import", str(f), "--card-db", str(db)], capsys)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"playtest: error: {f}: ") and \
        why in err, err
    assert digest(db) == before


def test_cards_import_into_a_read_only_database(tmp_path, capsys):
    db = tmp_path / "cards.sqlite"
    run_main(["cards", "import", str(SCRYFALL), "--card-db", str(db)], capsys)
    db.chmod(0o444)
    before = digest(db)
    code, out, err = run_main(["cards", "import", str(SCRYFALL), "--card-db", str(db)], capsys)
    assert code == 2 and err == (f"playtest: error: --card-db {db}: the card database is "
                                 f"read-only (no write permission): nothing imported\n")
    assert digest(db) == before


def test_cards_import_of_a_missing_file(tmp_path, capsys):
    code, out, err = run_main(["cards", "import", str(tmp_path / "nope.json"), "--card-db",
                               str(tmp_path / "c.sqlite")], capsys)
    assert code == 2 and err == f"playtest: error: {tmp_path / 'nope.json'}: no such card file\n"
    assert not (tmp_path / "c.sqlite").exists()


def test_cards_show_a_database_card(capsys, db_path):
    code, out, err = run_main(["cards", "show", "sengir vampire", "--card-db", str(db_path)],
                              capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Sengir Vampire  (normal; from the card database: partial)"
    assert "  Whenever a creature dealt damage by Sengir Vampire this turn dies, put a +1/+1 " \
           "counter on Sengir Vampire." in lines
    assert any(x.startswith("  Sengir Vampire: line 2: 'Whenever") for x in lines)
    assert "as the engine plays it:" in lines
    code, out, err = run_main(["cards", "show", "Sengir Vampyre", "--card-db", str(db_path)],
                              capsys)
    assert code == 2 and "(closest in the card database: Sengir Vampire)" in err


def test_the_tokens_a_database_card_makes_come_into_the_pool(tmp_path):
    src = tmp_path / "alarm.json"
    src.write_text('[{"object": "card", "name": "Raise the Alarm", "layout": "normal", '
                   '"mana_cost": "{1}{W}", "type_line": "Instant", "oracle_text": "Create two '
                   '1/1 white Soldier creature tokens.", "colors": ["W"], "legalities": {}}]')
    path = tmp_path / "cards.sqlite"
    with CardDB.for_import(path) as db:
        db.import_files([src])
    pool, d = deck("4 Raise the Alarm\n56 Plains\n", path)
    (eff,) = pool.defs["Raise the Alarm"]["abilities"][0]["effects"]
    tok = pool.defs[eff["token"]]
    assert tok["token"] and tok["subtypes"] == ["Soldier"] and tok["colors"] == ["white"]
    pool.compile()          # the card's create_token finds its token in the card table


def test_a_card_file_written_as_printed_with_text_not_read_is_refused_unless_allowed(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "sage.toml").write_text(
        'name = "Test Sage"\ncost = "{1}{U}"\ntypes = ["Creature"]\npower = 1\ntoughness = 2\n'
        'text = """\nWhen Test Sage enters, draw a card.\n{T}: You become the monarch."""\n')
    pool = make_pool([folder], card_db=DbCards(tmp_path / "none.sqlite"))
    with pytest.raises(PlaytestError) as e:
        parse_deck_text("4 Test Sage\n56 Island\n", "d.txt", pool)
    assert str(e.value) == (
        f"d.txt:1: 'Test Sage' ({folder / 'sage.toml'}) is only partly supported: the engine "
        f"would ignore line 2: '{{T}}: You become the monarch.' (You become the monarch.); "
        f"--allow-partial plays it so")
    pool = make_pool([folder], card_db=DbCards(tmp_path / "none.sqlite", allow_partial=True))
    parse_deck_text("4 Test Sage\n56 Island\n", "d.txt", pool)
    assert pool.db_cards.ignored_text() == "Test Sage (1 sentence)"


def test_a_pool_with_database_cards_pickles_without_its_database(db_path):
    """A pool goes to Dask workers pickled: the open database and the progress callback
    stay behind, the cards taken go along."""
    import io
    import pickle
    pool = make_pool(card_db=DbCards(db_path, progress=lambda *a: io.StringIO()))
    parse_deck_text("4 Wind Drake\n56 Island\n", "d.txt", pool)
    assert pool.db_cards.db is not None             # opened
    copy = pickle.loads(pickle.dumps(pool))
    assert set(copy.db_cards.taken) == {"Wind Drake"} and copy.db_cards.progress is None
    assert copy.card_id == pool.card_id
