"""`--pilots A,B` (experiments/pilots.py): an answer asked of two pilots on the same seeds,
their paired difference, and bad values of the flag."""
import subprocess
import sys

import numpy as np
import pytest

from experiments.combo import combo_pilots
from experiments.compare import compare
from experiments.pilots import combo_summary, compare_summary, pilot_row

from support import DECKS, ROOT

PLAIN = ("24 Forest\n4 Craw Wurm\n4 Grizzly Bears\n4 Giant Spider\n4 Centaur Courser\n"
         "4 Kitchen Finks\n4 Trained Armodon\n4 Young Wolf\n4 Elvish Warrior\n"
         "4 Llanowar Elves\n")


def test_what_a_pilot_cannot_change_moves_by_exactly_0_and_meets_the_exact_value(tmp_path):
    """The cards seen by turn t are the top 7 + t - 1 of the shuffle, whoever pilots, in a
    deck with no card that draws and with every seven kept: two pilots as different as
    random and first legal see the same cards at every seed, so the paired difference is
    exactly 0 at every turn, and each pilot's share is within 3 standard errors of the
    exact hypergeometric value (combo's own `exact`)."""
    deck = tmp_path / "plain.txt"
    deck.write_text(PLAIN)
    df = combo_pilots(deck, "seen: Craw Wurm", ("random", "first"), by_turn=4, games=1500,
                      seed=5, mulligan="never", progress=False)
    assert len(df) == 4 and (df["seeds"] == 1500).all() and (df["games"] == 3000).all()
    assert (df["diff"] == 0).all() and (df["diff_lo"] == 0).all() and (df["diff_hi"] == 0).all()
    assert (df["share_a"] == df["share_b"]).all()
    from experiments.combo import exact_seen
    for r in df.itertuples():
        # both starts: on the play 7 + t - 1 cards seen, on the draw 7 + t
        exact = np.mean([exact_seen([{"Craw Wurm": 1}], {"Craw Wurm": 4}, 60, 7 + r.turn - k)
                         for k in (1, 0)])
        se = np.sqrt(exact * (1 - exact) / r.games)
        assert abs(r.share_a - exact) < 3 * se, (r.turn, r.share_a, exact)
    assert "first - random +0.0 points" in combo_summary(df)


def test_a_pilot_against_itself_moves_nothing():
    """greedy against greedy: the same games at every seed, so Elves' share and its
    difference are equal to the last digit, and the difference is exactly 0."""
    df = combo_pilots(DECKS / "elves_morcant.txt", "battlefield: High Perfect Morcant, 3 Elves",
                      ("greedy", "greedy"), by_turn=5, games=200, seed=3, progress=False)
    assert (df["diff"] == 0).all() and (df["share_a"] == df["share_b"]).all()
    assert df["share_a"].iloc[-1] > 0


def test_compare_with_one_pilot_twice_moves_by_exactly_0():
    df = compare(DECKS / "mono_green_curve.txt", swap=["Grizzly Bears=Young Wolf"],
                 vs=[DECKS / "goblins_burn_blight.txt"], games=200, seed=2,
                 pilots=("greedy", "greedy"), progress=False)
    r = df.iloc[0]
    assert r["move"] == 0 and r["move_lo"] == 0 and r["effect"] == 0
    assert r["diff_a"] == r["diff_b"] and r["seeds"] == 100
    assert "A - B moves by +0.0 points from greedy to greedy" in compare_summary(df)


def test_the_paired_difference_meets_the_true_one():
    """pilot_row on per-seed shares with a known difference: b holds wherever a does and
    in a further tenth of the rest, so b - a is 0.7 * 0.1 = 0.07 exactly in expectation;
    the estimate is within 3 of its standard errors (the half-width / 1.96) of it, and
    pairing saves variance (b's seeds go with a's)."""
    rng = np.random.default_rng(11)
    n = 20000
    a = (rng.random((n, 2)) < 0.3)
    b = a | (rng.random((n, 2)) < 0.1)
    r = pilot_row(a.mean(axis=1), b.mean(axis=1))
    se = r["half_width"] / 1.96
    assert abs(r["diff"] - 0.07) < 3 * se
    assert r["variance_factor"] > 1 and r["share_a_lo"] < 0.3 < r["share_a_hi"]


@pytest.mark.parametrize("args, needle", [
    (["--pilots", "greedy"], "--pilots: expected two agents joined by a comma"),
    (["--pilots", "greedy,"], "--pilots: expected two agents"),
    (["--pilots", "greedy,search,random"], "--pilots: expected two agents"),
    (["--pilots", "greedy,nobody"], "--pilots: unknown agent 'nobody'"),
    (["--pilots", "greedy,search:depth=3"], "--pilots: search: unknown setting 'depth'"),
    (["--pilots", "greedy,search:rollouts=0"], "rollouts must be a whole number from 1"),
    (["--pilots", "greedy,search", "--agent", "random"], "--agent does not go with it"),
    (["--pilots", "greedy,search", "--plot", "x.png"], "--plot does not go with it"),
])
@pytest.mark.parametrize("command", ["combo", "compare"])
def test_bad_pilots_are_one_line_with_exit_status_2(command, args, needle):
    deck = str(DECKS / "elves_morcant.txt")
    head = ["combo", deck, "--when", "battlefield: 3 Elves", "--by-turn", "3"] \
        if command == "combo" else \
        ["compare", deck, "--swap", "Murder=Grim Affliction", "--vs", deck]
    r = subprocess.run([sys.executable, "-m", "experiments", *head, "--games", "2", *args],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("playtest: error: "), lines
    assert needle in lines[0], lines
