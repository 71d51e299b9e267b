"""Warnings where the pilot is the weak link (experiments/pilot.py): the held-card definition
on hand-built records, and the warnings on runs built to fire them (truncated games, agents
that never cast) and on a normal greedy run, which must say nothing."""
import numpy as np
import pytest

from agents import Agent
from experiments.combo import combo
from experiments.pilot import HELD_SHARE, TRUNCATED_SHARE, Watch, held_copies
from experiments.simulate import simulate
from simcore import consts as K
from simcore import encoding as E
from simcore import layout as L

from support import DECKS, POOL

CT = POOL.compile()
MONO, GOBLINS = DECKS / "mono_green_curve.txt", DECKS / "goblins_burn_blight.txt"


def records(slots, mana, drops, T=8):
    """One goldfish game's records: `slots` (card, drawn, cast, entered, zone) of player 0;
    player 0's mana and land drops in game turns 1, 2, ... (not recorded after)."""
    turns = np.full((1, 2, L.N_REC, T), -1, np.int16)
    turns[0, 0, L.R_MANA, 1:len(mana) + 1] = mana
    turns[0, 0, L.R_DROPS, 1:len(drops) + 1] = drops
    rec = {"turns": turns, "first": np.array([0]), "final_turn": np.array([len(mana)])}
    cols = ("card", "drawn", "cast", "entered", "zone")
    for k, name in enumerate(cols):
        v = [POOL.card_id[s[0]] if name == "card" else s[k] for s in slots]
        rec[name] = np.array([v], np.int64)
    rec["owner"] = np.zeros_like(rec["card"])
    rec["token"] = np.zeros_like(rec["card"])
    return rec


BF, HAND, LIB = K.Z_BATTLEFIELD, K.Z_HAND, K.Z_LIBRARY


def held(slots, mana, drops):
    return list(held_copies(records(slots, mana, drops), CT, 0, goldfish=True)[0])


def test_a_spell_is_held_with_unspent_mana_and_its_colour_on_a_later_turn():
    """Grizzly Bears ({1}{G}) kept in hand: on turn 2 one mana was there as the main phase
    began and a land was played, two unspent, and two Forests make green: held."""
    lands = [("Forest", 1, 1, 1, BF), ("Forest", 2, 2, 2, BF)]
    bears = ("Grizzly Bears", 0, -1, -1, HAND)
    assert held(lands + [bears], [0, 1], [1, 1]) == [False, False, True]
    # Swamps make no green: not castable, not held
    swamps = [("Swamp", 1, 1, 1, BF), ("Swamp", 2, 2, 2, BF)]
    assert held(swamps + [bears], [0, 1], [1, 1]) == [False, False, False]
    # the mana went to another spell that turn (Bears cast on turn 2): none left
    other = ("Grizzly Bears", 0, 2, 2, BF)
    assert held(lands + [bears, other], [0, 1], [1, 1])[2] is np.False_
    # cast, or no longer in hand at the end (discarded), or drawn in the last turn: not held
    assert not any(held(lands + [("Grizzly Bears", 0, 2, 2, BF)], [0, 1], [1, 1]))
    assert not any(held(lands + [("Grizzly Bears", 0, -1, -1, K.Z_GRAVEYARD)], [0, 1],
                        [1, 1]))
    assert not any(held(lands + [("Grizzly Bears", 2, -1, -1, HAND)], [0, 1], [1, 1]))


def test_x_counts_as_one_and_hybrid_takes_either_colour():
    """Walking Ballista ({X}{X}, mana value 0) needs 2 mana to be worth casting; Kitchen
    Finks ({1}{G/W}{G/W}) three mana with green or white."""
    forest = [("Forest", 1, 1, 1, BF)]
    assert held(forest + [("Walking Ballista", 0, -1, -1, HAND)], [0, 1], [1, 0]) == \
        [False, False]
    assert held(forest + [("Walking Ballista", 0, -1, -1, HAND)], [0, 1], [1, 1]) == \
        [False, True]
    three = [("Plains", 1, 1, 1, BF), ("Plains", 2, 2, 2, BF), ("Plains", 3, 3, 3, BF)]
    assert held(three + [("Kitchen Finks", 0, -1, -1, HAND)], [0, 1, 2], [1, 1, 1])[3]
    swamps = [("Swamp", t, t, t, BF) for t in (1, 2, 3)]
    assert not held(swamps + [("Kitchen Finks", 0, -1, -1, HAND)], [0, 1, 2], [1, 1, 1])[3]


def test_a_land_is_held_when_a_later_turn_played_none():
    forest = ("Forest", 0, -1, -1, HAND)
    assert held([("Forest", 1, 1, 1, BF), forest], [0, 1], [1, 0]) == [False, True]
    assert held([("Forest", 1, 1, 1, BF), ("Forest", 1, 2, 2, BF), forest], [0, 1],
                [1, 1]) == [False, False, False]


class LandsOnly(Agent):
    """The lowest legal action (keep, pass, attack and block with nothing), but a land to
    play when there is one: it never casts a spell."""
    uses_random = False
    reads_only_visible = True
    per_game = True

    def act(self, view, legal_mask, rng):
        out = np.argmax(legal_mask, axis=1)
        for g in np.nonzero(view["decision"] == K.D_PRIORITY)[0]:
            for a in np.nonzero(legal_mask[g, 1:])[0] + 1:
                if E.option_kind(int(view["options"][g, E.option_of(a)])) == K.OPT_LAND:
                    out[g] = a
                    break
        return out


def warnings_of(**kw):
    pilot = Watch()
    df = simulate(MONO, progress=False, pilot=pilot, seed=5, **kw)
    return df, pilot.warnings()


def test_a_truncating_run_is_warned_of():
    """max_turns 3: every game ends at the turn limit."""
    df, lines = warnings_of(vs=GOBLINS, games=60, max_turns=3)
    assert (df["end_reason"] == "turn_limit").all()
    assert len(lines) == 1
    assert lines[0].startswith("warning: 100.0% (95% CI 94.0-100.0%) of the 60 games were "
                               "truncated (turn limit 60)")


def test_an_agent_that_never_casts_is_warned_of():
    """`first` passes priority (action 0) whenever it may: it never plays a land, and every
    land it holds is named; an agent that plays lands but no spell gets its spells named."""
    _, lines = warnings_of(games=60, agent="first", max_turns=12)
    assert any("truncated" in x for x in lines)
    held_line = [x for x in lines if "held cards" in x]
    assert len(held_line) == 1
    assert held_line[0].startswith("warning: mono_green_curve: the agent held cards it could "
                                   "have cast and never cast them")
    assert ": Forest " in held_line[0]
    pilot = Watch()
    simulate(MONO, games=60, seed=5, max_turns=12, agent="test_pilot:LandsOnly",
             progress=False, pilot=pilot)
    named = {c for d, c, k, n in pilot.held_table() if k / n >= HELD_SHARE}
    assert {"Grizzly Bears", "Llanowar Elves", "Centaur Courser"} <= named
    assert "Forest" not in named


def test_a_normal_greedy_run_is_not_warned_of():
    """Greedy against greedy, 30 turns: fewer than 1% truncated, no card held in 5% of the
    games (the counts are there: held cards are counted, below the threshold)."""
    pilot = Watch()
    df = simulate(MONO, vs=GOBLINS, games=400, seed=5, progress=False, pilot=pilot,
                  start="random")
    assert pilot.games == 400 and pilot.deck_games == {"mono_green_curve": 400,
                                                       "goblins_burn_blight": 400}
    assert (df["end"].isin(K.END_TRUNCATED)).mean() <= TRUNCATED_SHARE
    assert pilot.warnings() == []


def test_combo_games_ending_at_the_horizon_are_not_truncations():
    """combo ends a game after the deck's turn T by design: not a truncation."""
    pilot = Watch()
    combo(MONO, "battlefield: Craw Wurm", by_turn=3, games=40, seed=1, progress=False,
          pilot=pilot)
    assert pilot.games == 80 and pilot.truncated == {}
    assert pilot.warnings() == []


@pytest.mark.parametrize("cut,n", [(1, 100), (2, 100)])
def test_the_truncation_threshold(cut, n):
    w = Watch()
    w.add({"games": n, "truncated": {"turn_limit": cut}, "deck_games": {}, "held": {}})
    assert bool(w.warnings()) == (cut / n > TRUNCATED_SHARE)


@pytest.mark.parametrize("command,argv,warned", [
    ("gauntlet", ["--vs", str(GOBLINS), "--max-turns", "3"], "games were truncated"),
    ("cardstats", ["--vs", str(GOBLINS), "--agent", "first", "--max-turns", "12"],
     "warning: mono_green_curve: the agent (first) held cards"),
    ("combo", ["--when", "battlefield: Craw Wurm", "--by-turn", "4", "--agent", "first"],
     "warning: mono_green_curve: the agent (first) held cards"),
    ("simulate", ["--max-turns", "3"], "games were truncated"),
])
def test_every_command_prints_the_warnings_after_its_table(command, argv, warned, capsys):
    from experiments.cli import main
    with pytest.raises(SystemExit) as e:
        main([command, str(MONO), "--games", "20", "--seed", "1"] + argv)
    out = capsys.readouterr().out
    assert e.value.code == 0
    lines = out.splitlines()
    first = next(k for k, x in enumerate(lines) if x.startswith("warning: "))
    assert all(x.startswith("warning: ") for x in lines[first:]), out
    assert warned in out
