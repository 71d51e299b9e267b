"""`playtest sweep`: a grid of deck variants by card counts, the size kept by a fill card,
every variant on the same seeds. A planted effect is found (more copies of a strong card
win more: the paired gap of fewer copies to the best below zero); one varied card draws a
line, two a heatmap; every bad grid is one line, exit 2, nothing played."""
import pandas as pd
import pytest

from experiments.cli import main
from experiments.sweep import sweep

from support import DECKS

ELVES = str(DECKS / "elves_morcant.txt")
GREEN = str(DECKS / "mono_green_curve.txt")
GOBLINS = str(DECKS / "goblins_burn_blight.txt")
COLOSSUS = """name = "Test Colossus"
cost = "{R}"
types = ["Creature"]
subtypes = ["Giant"]
power = 8
toughness = 8
"""


def run_main(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_more_copies_of_a_strong_card_win_more(tmp_path, capsys):
    """An 8/8 for {R} in the goblins deck, 0 to 4 copies in place of Mountains: 4 copies is
    the best variant, and the paired gap of 0 and 1 copies to it is below zero."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "colossus.toml").write_text(COLOSSUS)
    out, plot = tmp_path / "sweep.csv", tmp_path / "line.png"
    code, text, err = run_main(["sweep", GOBLINS, "--vary", "Test Colossus=0..4", "--vs", GREEN,
                                "--games", "200", "--max-turns", "20", "--seed", "1",
                                "--cards", str(tmp_path / "cards"), "--out", str(out),
                                "--plot", str(plot)], capsys)
    assert code == 0, err
    df = pd.read_csv(out)
    assert list(df["Test Colossus"]) == [0, 1, 2, 3, 4]
    assert list(df["fill_count"]) == [21, 20, 19, 18, 17] and (df["fill"] == "Mountain").all()
    assert df.loc[df["best"], "Test Colossus"].tolist() == [4]
    assert (df.loc[:1, "vs_best_hi"] < 0).all()
    assert df["win_rate"].iloc[-1] > df["win_rate"].iloc[0]
    assert df["mean_kill_turn"].notna().all() and (df["seeds"] == 100).all()
    for col in ("seed", "version", "deck", "opponents", "agent", "games"):
        assert col in df.columns
    assert "Test Colossus 4 (Mountain 17): win rate" in text and "<- best" in text
    assert (df["screw"].between(0, 1) & (df["screw_lo"] <= df["screw"])).all()
    assert "screw " in text and "flood " in text        # with their intervals
    assert plot.stat().st_size > 0


def test_two_cards_make_a_grid_and_a_heatmap(tmp_path):
    df = sweep(ELVES, ["Forest=13..14", "Llanowar Elves=3..4"], vs=[GOBLINS], games=40,
               seed=2, progress=False)
    assert list(zip(df["Forest"], df["Llanowar Elves"])) == [(13, 3), (13, 4), (14, 3), (14, 4)]
    assert list(df["fill_count"]) == [10, 9, 9, 8] and (df["fill"] == "Swamp").all()
    assert df["best"].sum() == 1 and (df["games"] == 40).all()
    from experiments.plots import plot_sweep
    plot_sweep(df, tmp_path / "heat.svg")
    assert (tmp_path / "heat.svg").read_text().startswith("<?xml")


@pytest.mark.parametrize("args,line", [
    (["--vary", "Forrest=12..14"], "--vary: unknown card 'Forrest' (closest: Forest"),
    (["--vary", "Forest=14..12"], "--vary: Forest=14..12: the range is reversed"),
    (["--vary", "Forest="], "--vary: Forest=: an empty range"),
    (["--vary", "Forest=-1..2"], "--vary: Forest=-1..2: a deck holds at least 0 copies"),
    (["--vary", "Forest=20..24"],
     "--vary: the variant Forest 23 would need -1 copies of Swamp (--fill) to keep the "
     "deck's 60 cards: a count cannot be negative"),
    (["--vary", "Forest=12..14", "--fill", "Forest"], "--fill: Forest is varied"),
    (["--vary", "Forest=12..14", "--fill", "Swap"], "--fill: unknown card 'Swap' (closest: "
                                                    "Swamp"),
    (["--vary", "Forest=12..14", "--vary", "forest=1..2"], "--vary: Forest is varied twice"),
    (["--vary", "Forest=12..14", "--vary", "Swamp=8..9"],
     f"--fill: the deck {ELVES} has no basic land that is not varied"),
    ([], "--vary: give at least one card"),
    (["--vary", "Forest=1..2", "--vary", "Swamp=1..2", "--vary", "Murder=1..2", "--fill",
      "Island", "--plot", "x.png"], "--plot draws a sweep of one or two cards"),
])
def test_bad_input_is_one_line_and_plays_nothing(args, line, capsys):
    code, out, err = run_main(["sweep", ELVES, "--vs", GOBLINS] + args, capsys)
    assert code == 2 and out == ""
    assert err.startswith("playtest: error: " + line) and err.count("\n") == 1, err
