"""`playtest balance`: a card rebuilt in memory at each cost, power or toughness, each
variant compared in pairs with the deck where a baseline card takes its place. A planted
effect is found (more power wins more, the interval above zero); --like tries a card the
deck does not hold (one's own, from --cards) in the place of one it holds, the deck with
that card the baseline, which is compare --cut/--add game for game; --cut/--add change the
deck first; every bad value is one line, exit 2, nothing played."""
import pandas as pd
import pytest

from experiments.balance import balance
from experiments.cli import main
from experiments.compare import compare
from experiments.variants import card_variant
from simcore.cards.compile import make_pool

from support import DECKS, POOL, ROOT, nothing_played  # noqa: F401 (a fixture)

ELVES = str(DECKS / "elves_morcant.txt")
GREEN = str(DECKS / "mono_green_curve.txt")
GOBLINS = str(DECKS / "goblins_burn_blight.txt")
DESIGNER = str(ROOT / "tests" / "custom" / "designer")     # Thornwood Elf, a card of one's own


def run_main(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_more_power_wins_more_and_the_closest_value_is_marked(tmp_path, capsys):
    """Elvish Warrior at power 0, 3 and 6 against goblins: the 6-power Warrior's effect over
    a Forest in its place has its interval above zero and is above the 0-power one's; the
    value closest to the target 0 is marked. No card file changes."""
    out = tmp_path / "balance.parquet"
    code, text, err = run_main(["balance", ELVES, "--card", "elvish warrior", "--vary",
                                "power=0..6", "--vs", GOBLINS, "--games", "400", "--seed", "1",
                                "--out", str(out), "--plot", str(tmp_path / "b.png")], capsys)
    assert code == 0, err
    df = pd.read_parquet(out)
    assert list(df["value"]) == list(range(7)) and (df["seeds"] == 200).all()
    top, bottom = df.iloc[-1], df.iloc[0]
    assert top["effect_lo"] > 0 and top["effect"] > bottom["effect"]
    assert top["variant"] == "{G}{G} 6/3" and (df["baseline"] == "Forest").all()
    closest = df.loc[df["closest"]].iloc[0]
    assert closest["value"] == (df["effect"].abs()).idxmin()
    for col in ("seed", "version", "deck", "opponents", "agent", "games"):
        assert col in df.columns
    assert "power 6 ({G}{G} 6/3): win rate" in text and "<- closest to the target" in text
    assert (tmp_path / "b.png").stat().st_size > 0
    assert make_pool().defs["Elvish Warrior"]["power"] == 2


def test_like_tries_a_new_card_in_the_place_of_a_card_of_the_deck(tmp_path, capsys):
    """A card of one's own (--cards) that the deck does not hold, --like the card it would
    replace: the baseline is the deck as listed, each variant the deck with the new card in
    place of every copy. At the card's own size that is compare --cut/--add, game for
    game: the effect is minus compare's difference A - B, interval and all."""
    out = tmp_path / "b.csv"
    code, text, err = run_main(["balance", ELVES, "--card", "Thornwood Elf", "--like",
                                "elvish warrior", "--vary", "power=1..3", "--target", "0.01",
                                "--cards", DESIGNER, "--vs", GOBLINS, "--games", "200",
                                "--seed", "4", "--out", str(out)], capsys)
    assert code == 0, err
    df = pd.read_csv(out)
    assert (df["baseline"] == "Elvish Warrior").all() and (df["like"] == "Elvish Warrior").all()
    assert df["new_card"].all() and (df["copies"] == 4).all() and (df["target"] == 0.01).all()
    assert list(df["variant"]) == ["{1}{G} 1/2", "{1}{G} 2/2", "{1}{G} 3/2"]
    gap = (df["effect"] - 0.01).abs()
    assert df.loc[df["closest"], "value"].iloc[0] == df.loc[gap.idxmin(), "value"]
    lines = text.splitlines()
    assert lines[0].startswith("elves_morcant: Thornwood Elf at power 1..3 in the place of "
                               "Elvish Warrior, each variant compared in pairs with the deck "
                               "holding Elvish Warrior, against goblins_burn_blight")
    assert lines[1].startswith("baseline: the deck with Elvish Warrior (4 copies); each "
                               "variant replaces them with Thornwood Elf: win rate ")
    assert lines[-2].startswith("closest to the target +1.0 points over the deck with "
                                "Elvish Warrior: power ")
    c = compare(ELVES, cut=["4 Elvish Warrior"], add=["4 Thornwood Elf"], vs=[GOBLINS],
                games=200, seed=4, card_dirs=[DESIGNER], progress=False).iloc[0]
    own = df[df["value"] == 2].iloc[0]
    assert own["baseline_win_rate"] == c["win_rate_a"] and own["win_rate"] == c["win_rate_b"]
    assert (own["effect"], own["effect_lo"], own["effect_hi"]) == pytest.approx(
        (-c["diff"], -c["diff_hi"], -c["diff_lo"]))


def test_like_for_a_card_the_deck_holds_is_its_baseline():
    """Centaur Courser is in the deck: --like Grizzly Bears puts the Bears in its places for
    the baseline, as --baseline does."""
    kw = dict(vs=[GOBLINS], games=100, seed=2, progress=False)
    like = balance(GREEN, "Centaur Courser", "cost=3..4", like="Grizzly Bears", **kw)
    base = balance(GREEN, "Centaur Courser", "cost=3..4", baseline="Grizzly Bears", **kw)
    assert list(like["variant"]) == ["{2}{G} 3/3", "{3}{G} 3/3"]
    assert (like["like"] == "Grizzly Bears").all() and not like["new_card"].any()
    pd.testing.assert_frame_equal(like.drop(columns="like"), base.drop(columns="like"))


def test_cut_and_add_change_the_deck_the_versions_are_built_on(capsys):
    """Two Elvish Warriors cut, two Thornwood Elves added, the Elves varied --like Elvish
    Warrior: the baseline puts the Warriors back in their two places, which is the deck as
    listed, game for game; each variant holds two Warriors and two Elves (at the Elf's own
power: compare's version B). A deck changing size is said."""
    kw = dict(vs=[GOBLINS], games=100, seed=3, card_dirs=[DESIGNER], progress=False)
    df = balance(ELVES, "Thornwood Elf", "power=2..2", like="Elvish Warrior",
                 cut=["2 Elvish Warrior"], add=["2 Thornwood Elf"], **kw)
    r = df.iloc[0]
    assert r["deck"] == "elves_morcant with -2 Elvish Warrior, +2 Thornwood Elf"
    assert r["copies"] == 2 and not r["new_card"] and r["baseline"] == "Elvish Warrior"
    plain = balance(ELVES, "Thornwood Elf", "power=2..2", like="Elvish Warrior", **kw)
    assert r["baseline_win_rate"] == plain["baseline_win_rate"].iloc[0]
    c = compare(ELVES, cut=["2 Elvish Warrior"], add=["2 Thornwood Elf"], **kw).iloc[0]
    assert (r["baseline_win_rate"], r["win_rate"]) == (c["win_rate_a"], c["win_rate_b"])
    code, text, err = run_main(["balance", ELVES, "--card", "Elvish Warrior", "--vary",
                                "power=2..2", "--cut", "1 Forest", "--vs", GOBLINS, "--games",
                                "20"], capsys)
    assert code == 0, err
    assert f"playtest: warning: the deck with --add/--cut has 59 cards, the deck as listed " \
           f"60 ({ELVES})" in err
    assert text.startswith("elves_morcant with -1 Forest: Elvish Warrior (4 copies)")


def test_a_cost_is_a_mana_value_that_keeps_the_coloured_symbols():
    wurm = POOL.defs["Craw Wurm"]
    assert card_variant(wurm, "cost", 2)["cost"] == "{G}{G}"
    assert card_variant(wurm, "cost", 8)["cost"] == "{6}{G}{G}"
    assert card_variant(wurm, "toughness", 0)["toughness"] == 0


@pytest.mark.parametrize("args,line", [
    (["--card", "Elvish Warior", "--vary", "power=1..2"],
     "--card: unknown card 'Elvish Warior' (closest in the deck: Elvish Warrior"),
    (["--card", "Lightning Bolt", "--vary", "power=1..2"],
     "--card: 'Lightning Bolt' is not in the deck"),
    (["--card", "Elvish Warrior", "--vary", "speed=1..2"],
     "--vary: expected cost, power or toughness before '=', got 'speed'"),
    (["--card", "Elvish Warrior", "--vary", "power="],
     "--vary: power=: an empty range (expected FROM..TO, e.g. 2..5)"),
    (["--card", "Elvish Warrior", "--vary", "power=5..2"],
     "--vary: power=5..2: the range is reversed (5 down to 2): write 2..5"),
    (["--card", "Elvish Warrior", "--vary", "power=a..b"],
     "--vary: power=a..b: expected a range FROM..TO"),
    (["--card", "Elvish Warrior", "--vary", "toughness=-1..2"],
     "--vary: toughness=-1: a toughness below 0 makes no card"),
    (["--card", "Elvish Warrior", "--vary", "cost=1..3"],
     "--vary: cost=1: Elvish Warrior's symbols other than generic mana, {G}{G}, have mana "
     "value 2: a mana value of 1 makes no card"),
    (["--card", "Forest", "--vary", "cost=1..3"],
     "--vary: Forest has no mana cost to vary (a land is played, not cast)"),
    (["--card", "Murder", "--vary", "power=1..3"],
     "--vary: Murder is not a creature: only creatures have power"),
    (["--card", "Elvish Warrior", "--vary", "power=1..2", "--baseline", "Forrest"],
     "--baseline: unknown card 'Forrest' (closest: Forest"),
    (["--card", "Elvish Warrior", "--vary", "power=1..2", "--baseline", "Elvish Warrior"],
     "--baseline: Elvish Warrior is the card varied"),
    (["--card", "Elvish Warrior", "--vary", "power=1..2", "--like", "Grizly Bears"],
     "--like: unknown card 'Grizly Bears' (closest: Grizzly Bears"),
    (["--card", "Elvish Warrior", "--vary", "power=1..2", "--games", "3"],
     "--games: expected an even number"),
    (["--card", "Grizzly Bears", "--vary", "power=1..2"],
     f"--card: 'Grizzly Bears' is not in the deck {ELVES}: a card the deck does not hold is "
     f"tried in the place of one it holds, --like CARD"),
    (["--card", "Thornwood Elf", "--like", "Elvish Warrior", "--vary", "power=1..2"],
     "--card: unknown card 'Thornwood Elf'; cards of your own folders need --cards DIR"),
    (["--card", "Grizzly Bears", "--like", "Lightning Bolt", "--vary", "power=1..2"],
     f"--like: 'Lightning Bolt' is not in the deck {ELVES}: --like names the card of the "
     f"deck that Grizzly Bears (not in the deck) would replace"),
    (["--card", "Grizzly Bears", "--like", "Elvish Warior", "--vary", "power=1..2"],
     "--like: unknown card 'Elvish Warior' (closest in the deck: Elvish Warrior)"),
    (["--card", "Elvish Warrior", "--like", "Elvish Warrior", "--vary", "power=1..2"],
     "--like: Elvish Warrior is the card varied (--card): name the card it would replace"),
    (["--card", "Grizzly Bears", "--like", "Elvish Warrior", "--baseline", "Forest", "--vary",
      "power=1..2"], "--baseline and --like: give one"),
    (["--card", "Elvish Warrior", "--vary", "power=1..2", "--cut", "5 Elvish Warrior"],
     f"--cut: 5 Elvish Warrior: the deck {ELVES} holds 4"),
    (["--card", "Elvish Warrior", "--vary", "power=1..2", "--cut", "4 Elvish Warrior"],
     f"--card: 'Elvish Warrior' is not in the deck {ELVES} with -4 Elvish Warrior"),
    (["--card", "Elvish Warrior", "--vary", "power=1..2", "--add", "x Forest"],
     "--add: expected \"N Card\""),
    (["--card", "Elvish Warrior", "--vary", "power=1..2", "--add", "1 Forrest"],
     "--add: unknown card 'Forrest' (closest: Forest); cards of your own folders need "
     "--cards DIR"),
])
def test_bad_input_is_one_line_and_plays_nothing(args, line, capsys):
    code, out, err = run_main(["balance", ELVES, "--vs", GOBLINS] + args, capsys)
    assert code == 2 and out == ""
    assert err.startswith("playtest: error: " + line) and err.count("\n") == 1, err


@pytest.mark.parametrize("vary,line", [
    ("power=0..1000", "--vary: power=0..1000: 1,001 variants, more than the 100 a run may "
                      "compare (each plays every seed: split it into runs of at most 100)"),
    ("power=0..100000000000", "--vary: power=0..100000000000: 100,000,000,001 variants, more "
                              "than the 100"),
    ("power=5000000000", "--vary: power=5000000000: at most 99 (the largest printed creature "
                         "is 99/99)"),
    ("toughness=90..100", "--vary: toughness=100: at most 99"),
    ("cost=50..102", "--vary: cost=102: at most 101 (Elvish Warrior's symbols other than "
                     "generic mana have mana value 2, and generic mana goes up to {99})"),
])
@pytest.mark.usefixtures("nothing_played")
def test_a_grid_past_the_limit_is_refused_before_playing(vary, line, capsys):
    """`--vary power=0..1000` was accepted: 1001 variants of 2,000 games each."""
    code, out, err = run_main(["balance", ELVES, "--vs", GOBLINS, "--card", "Elvish Warrior",
                               "--vary", vary], capsys)
    assert code == 2 and out == ""
    assert err.startswith("playtest: error: " + line) and err.count("\n") == 1, err
