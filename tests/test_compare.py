"""`playtest compare`: two versions of a deck on the same seeds. A swap that changes nothing
plays identical games (the pairing removes all the variance, and says so); a reordered list
is a true null with variance (the difference within 3 standard errors of 0); the SPRT
accepts H1 on a planted large effect and H0 on none; --precision stops at its half-width;
--cut/--add "N Card" make B from the deck (a card of one's own too), the list --swap
gives when every copy is replaced; every bad input is one line, exit 2, nothing played."""
import re
import signal
import sys

import pandas as pd
import pytest

from agents import GreedyAgent
from experiments.cli import main
from experiments.compare import compare
from experiments.pairing import PairedRun, Version, align, card_list
from simcore.decks import load_deck

from support import DECKS, POOL, ROOT, finish, progress, spawn_on_terminal

GREEN = str(DECKS / "mono_green_curve.txt")
GOBLINS = str(DECKS / "goblins_burn_blight.txt")
ELVES = str(DECKS / "elves_morcant.txt")
BEAR_COPY = """name = "Grizzly Bears Copy"
cost = "{1}{G}"
types = ["Creature"]
subtypes = ["Bear"]
power = 2
toughness = 2
"""


def run_main(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_align_puts_shared_cards_where_the_first_list_has_them():
    assert align(list("aabbc"), list("abxbc")) == list("axbbc")
    assert align(list("aabbc"), list("cbbaay")) == list("aabbcy")


def test_a_swap_that_changes_nothing_plays_identical_games(tmp_path, capsys):
    """--swap "Forest=Forest": the same deck, the same seeds, the same games: every paired
    difference is 0, so the interval is [0, 0] (it holds 0 and is narrower than the unpaired
    one, which is reported), p = 1."""
    out = tmp_path / "cmp.csv"
    code, text, err = run_main(["compare", GREEN, "--swap", "Forest=Forest", "--vs", GOBLINS,
                                "--games", "300", "--seed", "2", "--out", str(out)], capsys)
    assert code == 0, err
    df = pd.read_csv(out)
    r = df.iloc[0]
    assert r["diff"] == r["diff_lo"] == r["diff_hi"] == 0 and r["p_value"] == 1.0
    assert r["half_width_unpaired"] > 0.02 and r["variance_saved"] == 1.0
    assert r["seeds"] == 150 and r["games"] == 300 and r["stopped_by"] == "games"
    for col in ("seed", "version", "deck_a", "deck_b", "agent", "opponent_agent", "games"):
        assert col in df.columns
    assert "difference A - B: +0.0 points (95% CI +0.0 to +0.0), p = 1" in text
    assert "identical games" in text and "unpaired 95% CI half-width" in text
    assert "stopped: after the 150 seeds, 300 games per version and opponent" in text


def test_an_identical_card_under_another_name_changes_nothing(tmp_path, capsys):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "copy.toml").write_text(BEAR_COPY)
    deck_b = tmp_path / "mixed.txt"
    deck_b.write_text(open(GREEN).read().replace("4 Grizzly Bears",
                                                 "2 Grizzly Bears\n2 Grizzly Bears Copy"))
    df = compare(GREEN, str(deck_b), vs=[GOBLINS], games=200, seed=3,
                 card_dirs=[str(tmp_path / "cards")], progress=False)
    r = df.iloc[0]
    assert r["diff_lo"] <= 0 <= r["diff_hi"]
    assert r["half_width"] < r["half_width_unpaired"]


def test_a_reordered_list_is_a_true_null_and_alignment_is_what_pairs():
    """The same cards in another order are the same deck (a uniform shuffle of any order is
    uniform), but unaligned their games differ: the difference is within 3 standard errors
    of 0, and the pairing saves far less than aligned lists (whose games are identical)."""
    deck = load_deck(GREEN, POOL)
    cards = card_list(deck)
    opp = load_deck(GOBLINS, POOL)
    run = PairedRun([Version("A", POOL, cards), Version("A reversed", POOL, cards[::-1])],
                    [("goblins", opp)], [GreedyAgent(), GreedyAgent()], dict(agent="greedy"),
                    seed=4, max_turns=30, batch_size=500, progress=False).run(500)
    r = run.sums().paired(0, 1)
    assert abs(r["diff"]) <= 3 * r["se"] and 0 < r["factor"] < 3 and r["se"] > 0


def test_the_sprt_accepts_h1_on_a_planted_large_effect(capsys):
    """Forests replaced by Wastes (colourless) cannot cast a green spell: A is far better."""
    code, text, err = run_main(["compare", GREEN, "--swap", "Forest=Wastes", "--vs", GOBLINS,
                                "--sprt", "0,10", "--batch-size", "100", "--seed", "1"],
                               capsys)
    assert code == 0, err
    m = re.search(r"LLR ([-\d.]+), bounds -2.94 and 2.94: the LLR crossed the upper bound "
                  r"after (\d+) seeds, \d+ games per version and opponent: H1 accepted", text)
    assert m and float(m[1]) >= 2.94 and int(m[2]) <= 200, text


def test_the_sprt_accepts_h0_on_no_effect(capsys):
    code, text, err = run_main(["compare", GREEN, "--swap", "Forest=Forest", "--vs", GOBLINS,
                                "--sprt", "0,10", "--alpha", "0.1", "--batch-size", "200"],
                               capsys)
    assert code == 0, err
    assert "alpha 0.1, beta 0.05" in text and "crossed the lower bound" in text
    assert "H0 accepted" in text and "bounds -2.89 and 2.25" in text


def test_precision_stops_at_its_half_width():
    df = compare(GREEN, vs=[GOBLINS], swap=["Grizzly Bears=Young Wolf"], games=20000,
                 precision=0.03, batch_size=100, seed=5, progress=False)
    r = df.iloc[0]
    assert r["stopped_by"] == "precision" and r["half_width"] <= 0.03
    assert r["games_played"] == r["games"] < 20000 and r["games"] % 200 == 0


def test_several_opponents_and_decks_of_different_sizes(tmp_path, capsys):
    big = tmp_path / "green61.txt"
    big.write_text(open(GREEN).read() + "1 Craw Wurm\n")
    code, text, err = run_main(["compare", GREEN, str(big), "--vs", GOBLINS, "--vs", ELVES,
                                "--games", "100"], capsys)
    assert code == 0, err
    assert "note: the versions' sizes differ (A 60, B 61 cards)" in text
    assert "against all opponents:" in text and "against elves_morcant:" in text
    assert text.count("paired t-test on 50 per-seed differences") == 3


@pytest.mark.parametrize("args,line", [
    (["--swap", "Grizly Bears=Forest"],
     "--swap: unknown card 'Grizly Bears' (closest in the deck: Grizzly Bears"),
    (["--swap", "Grizzly Bears=Forrest"], "--swap: unknown card 'Forrest' (closest: Forest"),
    (["--swap", "Lightning Bolt=Forest"],
     "--swap: 'Lightning Bolt' is not in the deck"),
    (["--swap", "Grizzly Bears"], "--swap: expected \"Old Card=New Card\", got 'Grizzly Bears'"),
    ([], "compare needs DECK_B, or --swap \"Old Card=New Card\" or --cut/--add \"N Card\""),
    ([GREEN, "--swap", "Forest=Forest"],
     "--swap makes DECK_B from DECK_A: give DECK_B or --swap, not both"),
    (["--swap", "Forest=Forest", "--precision", "0"], "--precision: expected a half-width "
                                                      "between 0 and 1"),
    (["--swap", "Forest=Forest", "--precision", "1.5"], "--precision: expected a half-width"),
    (["--swap", "Forest=Forest", "--sprt", "5"], "--sprt: expected two numbers ELO0,ELO1"),
    (["--swap", "Forest=Forest", "--sprt", "a,b"], "--sprt: expected two numbers ELO0,ELO1"),
    (["--swap", "Forest=Forest", "--sprt", "10,5"], "--sprt: ELO0 must be below ELO1"),
    (["--swap", "Forest=Forest", "--sprt", "5,5"], "--sprt: ELO0 must be below ELO1"),
    (["--swap", "Forest=Forest", "--sprt", "0,5", "--precision", "0.01"],
     "--precision and --sprt: give one"),
    (["--swap", "Forest=Forest", "--alpha", "0.1"], "--alpha is for the SPRT"),
    (["--swap", "Forest=Forest", "--sprt", "0,5", "--beta", "0.7"],
     "--beta: expected an error rate between 0 and 0.5"),
    (["--swap", "Forest=Forest", "--games", "301"], "--games: expected an even number"),
])
def test_bad_input_is_one_line_and_plays_nothing(args, line, capsys):
    vs = ["--vs", GOBLINS] if args else []
    code, out, err = run_main(["compare", GREEN] + args + vs, capsys)
    assert code == 2 and out == ""
    assert err.startswith("playtest: error: " + line) and err.count("\n") == 1, err
    assert "games/s" not in err


def test_no_opponent_is_one_line(capsys):
    code, out, err = run_main(["compare", GREEN, "--swap", "Forest=Forest"], capsys)
    assert code == 2 and err == ("playtest: error: --vs: a paired comparison needs at least "
                                 "one opponent's deck\n")


DESIGNER = str(ROOT / "tests" / "custom" / "designer")     # Thornwood Elf, a card of one's own


def test_cut_and_add_make_version_b_from_the_deck(tmp_path, capsys):
    """--cut "4 Elvish Warrior" --add "4 Thornwood Elf" (a card of a --cards folder): A is
    the deck as listed, B the deck edited, of the same size, so the new card sits where the
    cut one was and the pairing saves variance; no warning."""
    out = tmp_path / "cmp.csv"
    code, text, err = run_main(["compare", ELVES, "--cut", "4 Elvish Warrior", "--add",
                                "4x thornwood elf", "--cards", DESIGNER, "--vs", GOBLINS,
                                "--games", "200", "--seed", "4", "--out", str(out)], capsys)
    assert code == 0, err
    assert "warning" not in err and "note:" not in text
    r = pd.read_csv(out).iloc[0]
    assert r["deck_a"] == "elves_morcant" and r["size_a"] == r["size_b"] == 60
    assert r["deck_b"] == "elves_morcant with -4 Elvish Warrior, +4 Thornwood Elf"
    assert r["variance_factor"] > 1.5
    assert text.startswith("A: elves_morcant (60 cards); B: elves_morcant with -4 Elvish "
                           "Warrior, +4 Thornwood Elf (60 cards)")


def test_cutting_every_copy_and_adding_another_card_is_the_swap():
    """The same list as --swap "Grizzly Bears=Young Wolf", so the same games and numbers."""
    kw = dict(vs=[GOBLINS], games=100, seed=5, progress=False)
    a = compare(GREEN, swap=["Grizzly Bears=Young Wolf"], **kw)
    b = compare(GREEN, cut=["4 Grizzly Bears"], add=["4 Young Wolf"], **kw)
    assert b["deck_b"].iloc[0] == "mono_green_curve with -4 Grizzly Bears, +4 Young Wolf"
    pd.testing.assert_frame_equal(a.drop(columns="deck_b"), b.drop(columns="deck_b"))


def test_cutting_and_adding_the_same_copies_plays_identical_games():
    df = compare(GREEN, cut=["2 Forest", "1 Craw Wurm"], add=["1 Craw Wurm", "2 Forest"],
                 vs=[GOBLINS], games=60, seed=1, progress=False)
    r = df.iloc[0]
    assert r["diff"] == r["diff_lo"] == r["diff_hi"] == 0 and r["p_value"] == 1.0


def test_a_deck_changing_size_or_past_four_copies_is_said(capsys):
    """Two cards more: a warning names both sizes, and the summary says the pairing saves
    little; a fifth copy of a card that is not a basic land is said too."""
    code, text, err = run_main(["compare", GREEN, "--add", "2 Young Wolf", "--add", "1 Forest",
                                "--cut", "1 Grizzly Bears", "--vs", GOBLINS, "--games", "20"],
                               capsys)
    assert code == 0, err
    assert (f"playtest: warning: version B has 62 cards, the deck as listed 60 ({GREEN})\n"
            in err)
    assert ("playtest: warning: version B holds 6 copies of 'Young Wolf', more than 4 of a "
            "card that is not a basic land\n") in err
    assert "'Forest'" not in err         # a basic land: any number of copies
    assert "note: the versions' sizes differ (A 60, B 62 cards)" in text


@pytest.mark.parametrize("args,line", [
    (["--add", "2 Thornwood Elf"], "--add: unknown card 'Thornwood Elf'; cards of your own "
                                   "folders need --cards DIR (see docs/card-format.md)"),
    (["--add", "2 Grizly Bears"], "--add: unknown card 'Grizly Bears' (closest: Grizzly "
                                  "Bears); cards of your own folders need --cards DIR"),
    (["--cut", "2 Grizly Bears"],
     "--cut: unknown card 'Grizly Bears' (closest in the deck: Grizzly Bears)"),
    (["--cut", "1 Lightning Bolt"], f"--cut: 'Lightning Bolt' is not in the deck {GREEN}"),
    (["--cut", "5 Grizzly Bears"], f"--cut: 5 Grizzly Bears: the deck {GREEN} holds 4"),
    (["--cut", "3 Grizzly Bears", "--cut", "2 grizzly bears"],
     f"--cut: 5 Grizzly Bears: the deck {GREEN} holds 4"),
    (["--add", "0 Forest"],
     "--add: '0 Forest': the count must be a whole number of at least 1, got '0'"),
    (["--cut", "-1 Forest"],
     "--cut: '-1 Forest': the count must be a whole number of at least 1, got '-1'"),
    (["--add", "2.5 Forest"],
     "--add: '2.5 Forest': the count must be a whole number of at least 1, got '2.5'"),
    (["--add", "Forest"], "--add: expected \"N Card\", a count and a card name (e.g. \"2 "
                          "Grizzly Bears\"), got 'Forest'"),
    (["--cut", "two Forest"], "--cut: expected \"N Card\""),
    (["--add", ""], "--add: expected \"N Card\""),
    (["--add", "9941 Forest"], "--add: version B would have 10,001 cards, more than the "
                               "10,000 a game can hold"),
    ([GREEN, "--add", "1 Forest"], "--add/--cut make version B from DECK_A: give DECK_B or "
                                   "--add/--cut, not both"),
    (["--add", "1 Forest", "--swap", "Forest=Forest"], "--swap and --add/--cut: give one"),
])
def test_bad_add_or_cut_is_one_line_and_plays_nothing(args, line, capsys):
    code, out, err = run_main(["compare", GREEN] + args + ["--vs", GOBLINS], capsys)
    assert code == 2 and out == ""
    assert err.startswith("playtest: error: " + line) and err.count("\n") == 1, err


def test_cutting_the_whole_deck_is_one_line(tmp_path, capsys):
    deck = tmp_path / "forests.txt"
    deck.write_text("60 Forest\n")
    code, out, err = run_main(["compare", str(deck), "--cut", "60 Forest", "--add",
                               "0 Island", "--vs", GOBLINS], capsys)
    assert code == 2 and err.startswith("playtest: error: --add: '0 Island'")
    code, out, err = run_main(["compare", str(deck), "--cut", "60 Forest", "--vs", GOBLINS],
                              capsys)
    assert code == 2 and out == "" and err == (
        f"playtest: error: --cut: version B would have no cards: the deck {deck} holds 60\n")


def test_the_same_seed_gives_the_same_table_whatever_the_batch_size():
    kw = dict(vs=[GOBLINS], swap=["Grizzly Bears=Young Wolf"], games=120, seed=6,
              progress=False)
    a = compare(GREEN, batch_size=60, **kw)
    b = compare(GREEN, batch_size=25, **kw)
    pd.testing.assert_frame_equal(a, b)


def test_a_signal_keeps_the_finished_seeds(tmp_path):
    """SIGTERM in the middle of a long comparison: exit 143, the finished seeds kept and
    summarised (whole seeds only: every version and start played them)."""
    proc = spawn_on_terminal(
        [sys.executable, "-m", "experiments", "compare", GREEN, "--swap",
         "Grizzly Bears=Young Wolf", "--vs", GOBLINS, "--games", "10000000", "--batch-size",
         "20"], cwd=ROOT)
    try:
        progress(proc, 200)
        proc.send_signal(signal.SIGTERM)
        stdout, stderr = finish(proc, timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, stderr.decode()
    kept = re.search(r"playtest: stopped by SIGTERM: kept (\d+) finished seeds", stderr.decode())
    n = int(kept[1])
    assert n >= 40 and n % 20 == 0
    text = stdout.decode()
    assert f"paired t-test on {n} per-seed differences" in text
    assert f"stopped by a signal after {n} seeds" in text
