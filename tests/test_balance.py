"""`playtest balance`: a card rebuilt in memory at each cost, power or toughness, each
variant compared in pairs with the deck where a baseline card takes its place. A planted
effect is found (more power wins more, the interval above zero); --like makes another
card's effect the target; every bad value is one line, exit 2, nothing played."""
import pandas as pd
import pytest

from experiments.balance import balance
from experiments.cli import main
from experiments.variants import card_variant
from simcore.compile import make_pool

from support import DECKS, POOL

ELVES = str(DECKS / "elves_morcant.txt")
GREEN = str(DECKS / "mono_green_curve.txt")
GOBLINS = str(DECKS / "goblins_burn_blight.txt")


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


def test_like_makes_a_reference_cards_effect_the_target():
    df = balance(GREEN, "Centaur Courser", "cost=3..4", vs=[GOBLINS], like="Grizzly Bears",
                 games=200, seed=2, progress=False)
    assert list(df["variant"]) == ["{2}{G} 3/3", "{3}{G} 3/3"]
    assert (df["like"] == "Grizzly Bears").all() and df["target"].nunique() == 1
    gap = (df["effect"] - df["target"]).abs()
    assert df.loc[df["closest"], "value"].iloc[0] == df.loc[gap.idxmin(), "value"]
    # the difference from the reference is paired too: effect - target per seed
    assert df["vs_like"].to_numpy() == pytest.approx((df["effect"] - df["target"]).to_numpy())


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
])
def test_bad_input_is_one_line_and_plays_nothing(args, line, capsys):
    code, out, err = run_main(["balance", ELVES, "--vs", GOBLINS] + args, capsys)
    assert code == 2 and out == ""
    assert err.startswith("playtest: error: " + line) and err.count("\n") == 1, err


def test_target_and_like_exclude_each_other(capsys):
    code, out, err = run_main(["balance", ELVES, "--card", "Elvish Warrior", "--vary",
                               "power=1..2", "--target", "0.1", "--like", "Grizzly Bears"],
                              capsys)
    assert code == 2 and "argument --like: not allowed with argument --target" in err
