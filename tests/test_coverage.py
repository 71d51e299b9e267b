"""simcore/cards/coverage.py: how much of a pool the engine plays, and what blocks the rest,
in the grammar's units (oracle/blockers.py), by cards and by deck slots."""
from simcore.cards.coverage import card_coverage, summary
from simcore.cards.oracle import compile_printed
from simcore.cards.oracle.blockers import blocking_units, template
from simcore.cards.printed import Face, Printed


def card(name, type_line, text="", cost="{1}", legal=("pauper",), **kw):
    return Printed(name, "normal", (Face(name, type_line, cost, text, **kw),),
                   {f: ("legal" if f in legal else "not_legal") for f in ("pauper", "modern")})


CARDS = [
    card("Bolt A", "Instant", "Bolt A deals 3 damage to any target."),
    card("Bear A", "Creature \u2014 Bear", "", power="2", toughness="2"),
    card("Knight A", "Creature \u2014 Knight", "Skulk", power="2", toughness="2"),
    card("Knight B", "Creature \u2014 Knight", "Skulk\nVenture into the dungeon.", power="2",
         toughness="2", legal=("modern",)),
    card("Seer A", "Sorcery", "Venture into the dungeon.", legal=("modern",)),
    card("Walker A", "Legendary Planeswalker \u2014 Test", "+1: Draw a card.", loyalty="3"),
    card("Sage A", "Creature \u2014 Human", "When Sage A enters, draw a card.\nVenture into the dungeon.",
         power="1", toughness="1", legal=()),
]


def rows():
    return [card_coverage(p, compile_printed(p)) for p in CARDS]


def test_counts_shares_and_blockers_by_cards():
    s = summary(rows())
    # none: nothing of the text read (a lone unknown keyword too); partial: some of it
    assert (s["cards"], s["supported"], s["full"], s["partial"], s["none"]) == (7, 2, 2, 1, 4)
    assert s["supported_share"] == 2 / 7 and s["render_pass_share"] == 1.0
    ranked = {b["unit"]: b["cards"] for b in s["blockers"]}
    assert ranked["Skulk"] == 2            # a keyword, by its name
    assert ranked["Venture into the dungeon."] == 3
    assert ranked["card: planeswalkers are not played yet"] == 1
    assert s["blockers"][0] == {"unit": "Venture into the dungeon.", "cards": 3}


def test_a_format_keeps_its_legal_cards_only():
    s = summary(rows(), fmt="pauper")
    assert (s["cards"], s["supported"]) == (4, 2)
    assert s["format"] == "pauper"


def test_deck_slots_weigh_each_card_by_its_copies():
    slots = {"Bolt A": 4, "Knight A": 4, "Knight B": 2, "Not A Card": 1}
    s = summary(rows(), slots=slots)
    assert s["deck_slots"] == 11 and s["deck_slots_supported"] == 4
    assert s["deck_slots_unknown"] == 1
    by_slots = {b["unit"]: b["slots"] for b in s["blockers_by_slots"]}
    assert by_slots == {"Skulk": 6, "Venture into the dungeon.": 2}


def test_units_of_a_line():
    assert template("~ deals 3 damage to target creature. Add {R}{R}.") == \
        "~ deals N damage to target creature. Add {M}."
    # a read cost with an unread effect blames the effect; an unread cost part is named
    assert blocking_units("{T}: Surveil 1. Fateseal 2.") == ["Fateseal N."]
    assert blocking_units("{T}, Exile a card from your graveyard: Add {B}.") == \
        ["cost: Exile a card from your graveyard"]
    assert blocking_units("Whenever ~ blocks, draw a card.") == ["trigger: Whenever ~ blocks"]
    assert blocking_units("Flying, skulk, ward {2}") == ["Skulk", "Ward"]


# ---- the command

def test_cards_coverage_command_counts_the_database_and_deck_slots(tmp_path, capsys):
    import json
    from pathlib import Path

    import pytest

    from experiments.cli import main
    from simcore.cards.db import CardDB
    path = tmp_path / "cards.sqlite"
    with CardDB.for_import(path) as db:
        db.import_files([Path(__file__).parent / "carddata" / "scryfall-cards.json"])
        statuses = db.statuses()
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "a.txt").write_text("4 Wind Drake (M20) 81\n4 Volcanic Hammer\n4 Sengir Vampire\n"
                                 "4 Not A Real Card\n\n2 Lightning Bolt\n")
    out_json = tmp_path / "c.json"
    with pytest.raises(SystemExit) as e:
        main(["cards", "coverage", "--card-db", str(path), "--decks", str(decks),
              "--json", str(out_json)])
    out, err = capsys.readouterr()
    assert e.value.code == 0, err
    got = json.loads(out_json.read_text())
    assert got["cards"] == sum(statuses.values())
    assert (got["partial"], got["none"]) == (statuses["partial"], statuses["none"])
    assert got["supported"] <= statuses["full"] and 0 < got["supported_share"] < 1
    assert {"render_pass_share", "blockers", "deck_slots"} <= set(got)
    # the main deck only: Wind Drake and Volcanic Hammer are read whole, Sengir Vampire not,
    # and a name the database lacks is a slot it does not support
    assert (got["deck_slots"], got["deck_slots_supported"], got["deck_slots_unknown"]) == \
        (16, 8, 4)
    assert got["decks"] == [{"deck": "a", "slots": 16, "supported_slots": 8,
                             "fully_supported": False}]
    assert "deck slots of 1 lists" in out and "what blocks the most cards:" in out


def test_cards_coverage_bad_input_is_one_line(tmp_path, capsys):
    import pytest

    from experiments.cli import main
    for argv, why in [(["--format", "casual"], "--format: one of standard"),
                      (["--decks", str(tmp_path / "none")], "no such folder"),
                      (["--json", str(tmp_path / "c.txt")], "--json")]:
        with pytest.raises(SystemExit) as e:
            main(["cards", "coverage", "--card-db", str(tmp_path / "x.sqlite")] + argv)
        _, err = capsys.readouterr()
        assert e.value.code == 2 and len(err.strip().splitlines()) == 1 and why in err, err


def test_cards_soak_plays_every_supported_card_with_the_audits(tmp_path, capsys):
    from pathlib import Path

    import pandas as pd
    import pytest

    from experiments.cli import main
    from simcore.cards.db import CardDB
    path = tmp_path / "cards.sqlite"
    with CardDB.for_import(path) as db:
        db.import_files([Path(__file__).parent / "carddata" / "scryfall-cards.json"])
    out = tmp_path / "soak.csv"
    with pytest.raises(SystemExit) as e:
        main(["cards", "soak", "--card-db", str(path), "--games", "6", "--out", str(out)])
    text, err = capsys.readouterr()
    assert e.value.code == 0, text + err
    assert ("crashes 0, options-audit disagreements 0, state-based-audit misses 0, batches "
            "stuck past the decision limit 0") in text
    df = pd.read_csv(out)
    # every supported non-basic card has its row and played in its deck's games
    assert {"Wind Drake", "Volcanic Hammer"} <= set(df["card"])
    assert (df["games"] == 2 * 6 * 2).all()         # its deck's pairings: 2 pilots, 2 sides
    assert df.loc[df["card"] == "Wind Drake", "cast"].item() > 0
