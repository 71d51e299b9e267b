"""Conditions (simcore/condition.py, kernels/condition.py) and `playtest combo`
(experiments/combo.py): the language, what the kernel finds true on set positions, and the
estimates against the exact hypergeometric values."""
import math

import numpy as np
import pandas as pd
import pytest

from experiments.cli import main
from experiments.combo import combo, exact_seen, summary
from simcore.condition import compile_condition
from simcore.errors import PlaytestError
from simcore.flowstate import alloc_flow
from simcore.kernels.condition import condition_holds_py
from simcore.scenario import Runner

from support import DECKS, POOL


def holds(when, position, ors=()):
    """Does the condition hold for player 0 in a scenario position?"""
    position = dict(position)
    position["permanent"] = [dict({"ref": f"r{k}"}, **p)
                             for k, p in enumerate(position.get("permanent", []))]
    r = Runner(POOL, "<test>", dict({"name": "condition"}, **position))
    r.setup()
    fw = alloc_flow(1, 30, compile_condition([when] + list(ors), POOL))
    return bool(condition_holds_py(r.st, POOL.compile(), fw, 0))


ELVES = [{"card": "High Perfect Morcant"}, {"card": "Llanowar Elves"},
         {"card": "Elvish Mystic"}]


def test_zone_items_take_distinct_cards():
    """"High Perfect Morcant, 3 Elf": Morcant and three other Elves (Morcant is an Elf too,
    but not one of the three)."""
    three = {"permanent": ELVES}
    four = {"permanent": ELVES + [{"card": "Elvish Visionary"}]}
    assert not holds("battlefield: High Perfect Morcant, 3 Elf", three)
    assert holds("battlefield: High Perfect Morcant, 2 Elves", three)
    assert holds("battlefield: High Perfect Morcant, 3 Elf", four)
    assert holds("battlefield: 4 Elves", four) and not holds("battlefield: 5 Elves", four)


def test_items_are_matched_whatever_their_order():
    """A card that fits two items goes where it is needed: "1 Creature, 1 Elf" with an Elf
    and a Bear holds although the Elf comes first and fits both (an augmenting path)."""
    pos = {"permanent": [{"card": "Llanowar Elves"}, {"card": "Grizzly Bears"}]}
    assert holds("battlefield: Creature, Elf", pos)
    assert holds("battlefield: Elf, Creature", pos)
    assert not holds("battlefield: 2 Elf", pos)
    assert not holds("battlefield: Elf, Creature, Creature", pos)


def test_zones_and_players():
    pos = {"player": [{"hand": ["Craw Wurm"], "graveyard": ["Giant Spider"],
                       "exile": ["Lightning Bolt"]},
                      {"hand": ["Murder"]}],
           "permanent": [{"card": "Forest"}, {"card": "Forest", "controller": 1}]}
    assert holds("hand: Craw Wurm", pos) and not holds("hand: Murder", pos)
    assert holds("graveyard: Giant Spider; exile: Lightning Bolt", pos)
    assert holds("battlefield: Land", pos) and not holds("battlefield: 2 Lands", pos)
    assert not holds("graveyard: Craw Wurm", pos)


def test_mana_and_life():
    """mana: what the player's untapped sources could make (106.7); life totals."""
    pos = {"player": [{"life": 12}, {"life": 9}],
           "permanent": [{"card": "Forest"}, {"card": "Forest"}, {"card": "Llanowar Elves"},
                         {"card": "Forest", "tapped": True}]}
    assert holds("mana >= 3", pos) and not holds("mana >= 4", pos)
    assert holds("mana = 3", pos) and holds("mana > 2", pos) and holds("mana < 4", pos)
    assert holds("opponent life <= 9", pos) and not holds("opponent life < 9", pos)
    assert holds("life >= 12; opponent's life <= 10", pos)


def test_or_and_and():
    pos = {"player": [{"hand": ["Craw Wurm"]}, {}]}
    assert not holds("hand: Giant Spider", pos)
    assert holds("hand: Giant Spider", pos, ors=["hand: Craw Wurm"])
    assert not holds("hand: Craw Wurm and hand: Giant Spider", pos)
    assert holds("hand: Craw Wurm and mana <= 0", pos)


@pytest.mark.parametrize("when,needle", [
    ("", "--when: the condition is empty"),
    ("batlefield: Craw Wurm", "at position 1: unknown zone 'batlefield' (zones: hand, "
                              "battlefield, graveyard, exile, seen)"),
    ("battlefield: Craw Wurn", "at position 14: unknown card, card type or subtype 'Craw Wurn' "
                               "(closest cards: Craw Wurm"),
    ("hand: Forest; ; mana >= 2", "at position 14: an empty term"),
    ("hand: Forest,", "at position 14: a card, card type or subtype is missing"),
    ("mana 4", "at position 1: expected 'ZONE: cards', 'mana >= N' or 'opponent life <= N'"),
    ("hand: 0 Forest", "at position 7: a count must be at least 1"),
])
def test_bad_conditions_are_one_line_naming_the_position(when, needle):
    with pytest.raises(PlaytestError) as e:
        compile_condition(when, POOL)
    assert needle in str(e.value) and "\n" not in str(e.value)


def test_the_cli_refuses_a_bad_condition_before_playing(capsys):
    with pytest.raises(SystemExit) as e:
        main(["combo", str(DECKS / "elves_morcant.txt"), "--when", "battlefield: Morcnt",
              "--by-turn", "4"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "unknown card, card type or subtype 'Morcnt'" in err
    with pytest.raises(SystemExit) as e:
        main(["combo", str(DECKS / "elves_morcant.txt"), "--when", "hand: Forest",
              "--by-turn", "0"])
    assert e.value.code == 2 and "--by-turn" in capsys.readouterr().err


def test_exact_seen_is_the_hypergeometric():
    """One named card: 1 - C(N - c, n) / C(N, n); the enumeration agrees."""
    for c, n in ((2, 7), (4, 10), (1, 60)):
        p = 1 - math.comb(60 - c, n) / math.comb(60, n)
        assert abs(exact_seen([{"X": 1}], {"X": c}, 60, n) - p) < 1e-12
    both = exact_seen([{"X": 1, "Y": 2}], {"X": 4, "Y": 4}, 40, 9)
    either = exact_seen([{"X": 1}, {"Y": 2}], {"X": 4, "Y": 4}, 40, 9)
    x, y = exact_seen([{"X": 1}], {"X": 4, "Y": 4}, 40, 9), \
        exact_seen([{"Y": 2}], {"X": 4, "Y": 4}, 40, 9)
    assert abs(either - (x + y - both)) < 1e-12        # inclusion-exclusion


def test_combo_estimates_agree_with_the_exact_values(tmp_path):
    """Seen-only conditions in a deck with no card that draws or looks at cards, played by
    an agent that keeps every hand (and casts nothing): each turn's estimate is within 3
    standard errors of the exact multivariate hypergeometric value, on the play and on the
    draw, for a single card, a conjunction and an alternative."""
    deck = tmp_path / "plain.txt"
    deck.write_text("24 Forest\n4 Craw Wurm\n4 Grizzly Bears\n4 Giant Spider\n4 Centaur "
                    "Courser\n4 Kitchen Finks\n4 Trained Armodon\n4 Young Wolf\n4 Elvish "
                    "Warrior\n4 Llanowar Elves\n")
    for when, ors in (("seen: Craw Wurm", ()),
                      ("seen: 2 Grizzly Bears; seen: Craw Wurm", ["seen: 3 Giant Spider"])):
        df = combo(deck, when, ors, by_turn=5, games=3000, seed=7, agent="first",
                   progress=False, batch_size=1500)
        assert df["exact"].notna().all() and len(df) == 10
        se = np.sqrt(df["exact"] * (1 - df["exact"]) / df["games"])
        z = (df["share"] - df["exact"]) / se
        assert (z.abs() < 3).all(), df.assign(z=z)[["on_the_play", "turn", "share", "exact"]]
        assert "exact" in summary(df)


def test_exact_values_with_the_never_mulligan_rule(tmp_path):
    """--mulligan never: every seven is kept whatever the agent (here one that plays at
    random), so the exact values stand beside the estimates and agree within 3 standard
    errors (no card of this deck draws; random play kills no one by turn 4)."""
    deck = tmp_path / "plain.txt"
    deck.write_text("24 Forest\n4 Craw Wurm\n4 Grizzly Bears\n4 Giant Spider\n4 Centaur "
                    "Courser\n4 Kitchen Finks\n4 Trained Armodon\n4 Young Wolf\n4 Elvish "
                    "Warrior\n4 Llanowar Elves\n")
    df = combo(deck, "seen: Craw Wurm", by_turn=4, games=2000, seed=3, agent="random",
               mulligan="never", progress=False)
    assert df["exact"].notna().all() and (df["mulligan"] == "never").all()
    se = np.sqrt(df["exact"] * (1 - df["exact"]) / df["games"])
    assert ((df["share"] - df["exact"]).abs() < 3 * se).all()
    assert "mulligans: never" in summary(df)


def test_no_exact_value_where_the_deck_draws_cards():
    df = combo(DECKS / "mono_green_curve.txt", "seen: Craw Wurm", by_turn=2, games=200,
               seed=1, agent="first", progress=False)
    assert df["exact"].isna().all()             # Elvish Visionary draws a card


def test_combo_cli_table_plot_and_pieces(tmp_path, capsys):
    """The command prints per start the share by turn with its interval, writes the table
    and the plot; greedy is told the pieces and casts Morcant before other spells."""
    out, png = tmp_path / "combo.csv", tmp_path / "combo.png"
    with pytest.raises(SystemExit) as e:
        main(["combo", str(DECKS / "elves_morcant.txt"), "--when",
              "battlefield: High Perfect Morcant, 3 Elves", "--by-turn", "5", "--games",
              "300", "--seed", "2", "--out", str(out), "--plot", str(png)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert "on the play: 300 games" in text and "on the draw: 300 games" in text
    assert "by turn 5:" in text and "95% CI" in text and "never by turn 5" in text
    df = pd.read_csv(out)
    assert len(df) == 10 and {"seed", "version", "deck", "agent", "games"} <= set(df.columns)
    assert df.groupby("on_the_play")["share"].apply(lambda s: s.is_monotonic_increasing).all()
    assert png.stat().st_size > 10_000
