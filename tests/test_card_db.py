"""The card database (simcore/cards/db.py): an import in one transaction, lookups by whole
name, face name and printing, recompiling after a compiler change, and bad databases."""
import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from simcore.cards import db as carddb
from simcore.cards.db import CardDB, lookup_name
from simcore.errors import PlaytestError

DATA = Path(__file__).parent / "carddata"
SCRYFALL = DATA / "scryfall-cards.json"
MTGJSON = DATA / "AtomicCards.json"


def imported(path, *files):
    with CardDB.for_import(path) as db:
        return db.import_files(list(files))


def digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_default_path_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("PLAYTEST_CARD_DB", str(tmp_path / "x.sqlite"))
    assert carddb.default_path() == tmp_path / "x.sqlite"
    monkeypatch.delenv("PLAYTEST_CARD_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert carddb.default_path() == tmp_path / "playtest" / "cards.sqlite"


def test_import_stores_each_card_once_with_its_status(tmp_path):
    path = tmp_path / "cards.sqlite"
    s = imported(path, SCRYFALL)
    assert s.cards == 11 and s.total == 11 and sum(s.statuses.values()) == 11
    assert s.printings == 12            # Lightning Bolt twice
    with CardDB.open(path) as db:
        assert db.count == 11 and db.statuses() == s.statuses
        assert json.loads(db.meta("sources")) == ["scryfall-cards.json"]
        bolt = db.get(db.find("lightning bolt"))
        assert bolt.status == "full" and bolt.compiled.card["cost"] == "{R}"
        assert bolt.printed.legalities["pauper"] == "legal"


def test_lookup_by_face_name_folded_name_and_printing(tmp_path):
    path = tmp_path / "cards.sqlite"
    imported(path, SCRYFALL)
    with CardDB.open(path) as db:
        assert db.find("Delver of Secrets") == "Delver of Secrets // Insectile Aberration"
        assert db.find("insectile aberration") == "Delver of Secrets // Insectile Aberration"
        assert db.find("Fire") == db.find("fire // ice") == "Fire // Ice"
        assert db.find("Lim-Dul the Necromancer") == "Lim-Dûl the Necromancer"
        assert db.find("Llanowar Elfs") is None
        assert db.printing("apc", "128") == "Fire // Ice"
        assert db.printing("M10", "146") == "Lightning Bolt"
        assert db.printing("M10", "999") is None
    assert lookup_name("Æther  Vial") == "aether vial"


def test_importing_again_updates(tmp_path):
    path = tmp_path / "cards.sqlite"
    imported(path, SCRYFALL)
    changed = json.loads(SCRYFALL.read_text())
    changed[2]["oracle_text"] = "Flying, vigilance"          # Wind Drake, errata'd
    f = tmp_path / "new.json"
    f.write_text(json.dumps(changed))
    s = imported(path, f, MTGJSON)
    assert s.total == 11
    with CardDB.open(path) as db:
        assert db.get("Wind Drake").printed.front.oracle_text == "Flying, vigilance"
        assert "vigilance" in db.get("Wind Drake").compiled.card["keywords"]
        assert json.loads(db.meta("sources")) == ["scryfall-cards.json", "new.json",
                                                  "AtomicCards.json"]


def test_a_failed_import_leaves_the_database_as_it_was(tmp_path):
    path = tmp_path / "cards.sqlite"
    imported(path, MTGJSON)
    before = digest(path)
    bad = tmp_path / "cut.json"
    bad.write_bytes(SCRYFALL.read_bytes()[:-40])
    with pytest.raises(PlaytestError, match="cut short"):
        imported(path, SCRYFALL, bad)           # the first file read whole, then the bad one
    assert digest(path) == before
    with CardDB.open(path) as db:
        assert db.count == 4 and db.find("Lightning Bolt") is None


def test_a_failed_first_import_leaves_no_file(tmp_path):
    path = tmp_path / "cards.sqlite"
    bad = tmp_path / "empty.json"
    bad.write_bytes(b"")
    with pytest.raises(PlaytestError, match="empty"):
        imported(path, bad)
    assert not path.exists()


def test_an_older_compiler_recompiles_on_open(tmp_path, monkeypatch):
    path = tmp_path / "cards.sqlite"
    imported(path, MTGJSON)
    con = sqlite3.connect(path)
    con.execute("UPDATE cards SET compiler = compiler - 1, compiled = '{}'")
    con.commit()
    con.close()
    seen = []
    with CardDB.open(path, progress=lambda done, total: seen.append((done, total))) as db:
        assert seen == [(4, 4)]
        assert db.get("Serra Angel").compiled.card["keywords"] == ["flying", "vigilance"]
    with CardDB.open(path) as db:
        assert not db.stale()


def test_a_read_only_stale_database_compiles_in_memory(tmp_path):
    path = tmp_path / "cards.sqlite"
    imported(path, MTGJSON)
    con = sqlite3.connect(path)
    con.execute("UPDATE cards SET compiler = compiler - 1, compiled = '{}'")
    con.commit()
    con.close()
    path.chmod(0o444)
    before = digest(path)
    with CardDB.open(path) as db:
        assert db.get("Serra Angel").compiled.card["keywords"] == ["flying", "vigilance"]
    assert digest(path) == before


def test_a_newer_database_is_refused(tmp_path):
    path = tmp_path / "cards.sqlite"
    imported(path, MTGJSON)
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    before = digest(path)
    for opener in (CardDB.open, CardDB.for_import):
        with pytest.raises(PlaytestError, match="written by a newer playtest .*schema 99"):
            opener(path)
    assert digest(path) == before


def test_a_read_only_database_is_not_written(tmp_path):
    """chmod a-w: refused by its mode bits, so even as root (whom the file system lets
    write) the database stays as it was."""
    path = tmp_path / "cards.sqlite"
    imported(path, MTGJSON)
    path.chmod(0o444)
    before = digest(path)
    with pytest.raises(PlaytestError, match="read-only"):
        imported(path, SCRYFALL)
    assert digest(path) == before
    with CardDB.open(path) as db:               # reading is fine
        assert db.count == 4


def test_a_folder_or_another_file_is_not_a_database(tmp_path):
    with pytest.raises(PlaytestError, match="is a folder, not a card database"):
        CardDB.open(tmp_path, flag="--card-db")
    text = tmp_path / "notes.txt"
    text.write_text("hello\n" * 100)
    with pytest.raises(PlaytestError, match="not a card database"):
        CardDB.open(text)
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    with pytest.raises(PlaytestError, match="not a playtest card database"):
        CardDB.open(other)
    assert CardDB.open(tmp_path / "none.sqlite") is None
