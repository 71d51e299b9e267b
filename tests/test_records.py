"""What games record for the statistics (kernels/record.py, kernels/turnrecord.py,
GameBatch.records()) and the per-game facts derived from it (experiments/records.py)."""
import numpy as np
import pandas as pd
import pytest

from agents import AGENTS, GreedyAgent
from experiments import records as R
from simcore import consts as K
from simcore import layout as L
from simcore.game import GameBatch
from simcore.state import game_arrays

from support import POOL, every_card_decks, ids

RECORD_PLANES = {L.O_DRAWN, L.O_CAST, L.O_ENTERED}


def play(deck0, deck1, record, agent="greedy", n=60, seed=3, max_turns=20):
    d0, d1 = every_card_decks() if deck0 == "every card" else \
        (ids(deck0), ids(deck1) if deck1 else None)
    b = GameBatch(POOL, d0, d1, n_games=n, seed=seed, start="random", max_turns=max_turns,
                  record=record)
    ag = GreedyAgent() if agent == "greedy" else AGENTS[agent]()
    b.play([ag, ag] if d1 is not None else [ag], np.random.default_rng(1))
    return b


@pytest.mark.parametrize("deck0,deck1,agent", [("mono_green_curve", "goblins_burn_blight",
                                                "greedy"),
                                               ("elves_morcant", None, "greedy"),
                                               ("every card", "", "random")])
def test_recording_changes_no_game(deck0, deck1, agent):
    """The same games with and without recording: every result, and every array of the
    final states but the record planes themselves."""
    on, off = play(deck0, deck1, True, agent), play(deck0, deck1, False, agent)
    for k, v in on.results().items():
        np.testing.assert_array_equal(v, off.results()[k], err_msg=k)
    for (name, a), (_, b) in zip(game_arrays(on.st), game_arrays(off.st)):
        if name == "obj":
            keep = [i for i in range(L.N_OBJ) if i not in RECORD_PLANES]
            a, b = a[:, keep], b[:, keep]
        elif name == "gm":
            # (the potential mana kept for checks: recording counts it at each main phase)
            keep = [i for i, f in enumerate(L.GM_FIELDS)
                    if i != L.G_RECORD and f not in L.GM_CACHE_FIELDS]
            a, b = a[:, keep], b[:, keep]
        np.testing.assert_array_equal(a, b, err_msg=name)
    assert (off.records()["drawn"] == -1).all() and (off.records()["turns"] == -1).all()
    assert (on.records()["drawn"] >= 0).any() and (on.records()["turns"] >= 0).any()


def test_card_records_follow_the_cards():
    """Watched at every decision: a card's first move from library to hand is recorded as
    drawn in a turn between the two observations (the opening hand kept: turn 0), its first
    move to the stack or to the battlefield from hand as cast or played, its first arrival on
    the battlefield as entered; a record, once set, never changes."""
    b = GameBatch(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=40,
                  seed=7, start="random")
    agents = [GreedyAgent(), GreedyAgent()]
    rng = np.random.default_rng(0)
    b.start()
    prev = None
    checked = {"drawn": 0, "cast": 0, "entered": 0}
    while not b.done():
        zone = b.st.obj[:, L.O_ZONE].copy()
        turn = b.st.gm[:, L.G_TURN].copy()
        rec = b.records()
        playing = b.fw.fl[:, L.F_PHASE] >= K.PH_PLAY
        if prev is not None:
            pzone, pturn, prec, pplaying = prev
            for name, plane_ok in (("drawn", (pzone == K.Z_LIBRARY) & (zone == K.Z_HAND)),
                                   ("cast", (pzone == K.Z_HAND) & ((zone == K.Z_STACK) |
                                                                   (zone == K.Z_BATTLEFIELD))),
                                   ("entered", (pzone != K.Z_BATTLEFIELD) &
                                    (zone == K.Z_BATTLEFIELD))):
                first = plane_ok & (prec[name] < 0) & pplaying[:, None]
                g, i = np.nonzero(first)
                got = rec[name][g, i]
                assert ((got >= pturn[g]) & (got <= turn[g])).all(), name
                checked[name] += len(g)
            was = prec["drawn"] >= 0
            assert (rec["drawn"][was] == prec["drawn"][was]).all()
            for name in ("cast", "entered"):
                was = prec[name] >= 0
                assert (rec[name][was] == prec[name][was]).all(), name
        if playing.any() and prev is not None and not prev[3].all():
            new = playing & ~prev[3]          # the first turn just began: the kept hands
            hand = (zone == K.Z_HAND) & (b.st.obj[:, L.O_CARD] >= 0)
            assert (rec["drawn"][new][hand[new]] == 0).all()
            assert (rec["drawn"][new][~hand[new]] == -1).all()
        prev = (zone, turn, rec, playing)
        b.step(b.ask_agents(agents, b.view(agents), b.legal_mask(), rng))
    assert min(checked.values()) > 100, checked


def test_turn_records_match_the_final_state():
    """The last turn's record (written as the game ends) is the final state: each player's
    life and lands on the battlefield, each card's zone; land drops are at most one a turn, made only by the
    turn's active player, and add up to the lands played (their cast records)."""
    b = play("mono_green_curve", "goblins_burn_blight", True, n=80)
    rec = b.records()
    st = b.st
    g = np.arange(b.n_games)
    t = rec["final_turn"]
    for p in (0, 1):
        assert (rec["turns"][g, p, L.R_LIFE, t] == st.pl[:, L.PL_LIFE, p]).all()
        bf = (st.obj[:, L.O_ZONE] == K.Z_BATTLEFIELD) & (st.obj[:, L.O_CTRL] == p)
        land = (POOL.compile().card[np.maximum(st.obj[:, L.O_CARD], 0), L.C_TYPES]
                & K.T_LAND) != 0
        assert (rec["turns"][g, p, L.R_LANDS, t] == (bf & land).sum(axis=1)).all()
        drops = rec["turns"][:, p, L.R_DROPS, :]
        assert drops.max() <= 1
        played = ((rec["cast"] > 0) & land & (rec["owner"] == p)).sum(axis=1)
        assert (np.where(drops > 0, drops, 0).sum(axis=1) == played).all()
        turns = np.arange(drops.shape[1])
        active = np.where((turns[None, :] % 2 == 1) == (rec["first"][:, None] == 0), 0, 1)
        assert (drops[(active != p) & (drops >= 0)] == 0).all()
    assert (rec["zone"] == st.obj[:, L.O_ZONE]).all()       # where each card ended
    mana = rec["turns"][:, :, L.R_MANA, 1:]
    assert (mana[mana >= 0] <= 40).all() and (mana >= 1).any()


def facts_of(drops, lands, hand, final, first=0, goldfish=True):
    """turn_facts of one hand-built game: per game turn 1.. drops, lands, lands in hand."""
    T = len(drops) + 2
    turns = np.full((1, 2, L.N_REC, T), -1, np.int16)
    turns[0, 0, L.R_DROPS, 1:len(drops) + 1] = drops
    turns[0, 0, L.R_LANDS, 1:len(lands) + 1] = lands
    turns[0, 0, L.R_HAND_LANDS, 1:len(hand) + 1] = hand
    rec = {"turns": turns, "first": np.array([first]), "final_turn": np.array([final])}
    return {k: v[0] for k, v in R.turn_facts(rec, goldfish).items()}


def test_screw_flood_and_missed_drops_as_defined():
    """experiments/records.py's definitions on hand-built records (goldfish: every turn the
    deck's)."""
    f = facts_of([1, 1, 0, 0, 1, 1, 1], [1, 2, 2, 2, 3, 4, 5], [0, 0, 0, 0, 0, 0, 0], final=8)
    assert (f["land_drops_missed0"], bool(f["screw0"]), bool(f["flood0"])) == (2, True, False)
    f = facts_of([1, 1, 1, 1, 1, 1], [1, 2, 3, 4, 5, 6], [3, 3, 3, 3, 3, 2], final=7)
    assert (f["land_drops_missed0"], bool(f["screw0"]), bool(f["flood0"])) == (0, False, True)
    f = facts_of([1, 1, 1], [1, 2, 3], [0, 0, 0], final=3)     # killed in turn 3
    assert f["land_drops_missed0"] == 0 and pd.isna(f["screw0"]) and pd.isna(f["flood0"])
    assert pd.isna(f["screw1"]) and pd.isna(f["land_drops_missed1"])


def test_own_turns_of_each_player():
    """In two-player games the first player takes the odd game turns."""
    first = np.array([0, 1])
    assert list(R.own_turn(first, 0, 3, False)) == [5, 6]
    assert list(R.own_turn(first, 1, 3, False)) == [6, 5]
    assert list(R.own_turn(first, 0, 3, True)) == [3, 3]


def test_simulate_rows_carry_the_facts():
    from experiments.simulate import simulate

    from support import DECKS
    df = simulate(DECKS / "mono_green_curve.txt", vs=DECKS / "goblins_burn_blight.txt",
                  games=40, seed=2, start="random", progress=False)
    for p in (0, 1):
        assert df[f"screw{p}"].dtype == "boolean" and df[f"flood{p}"].dtype == "boolean"
        assert df[f"land_drops_missed{p}"].between(0, 6).all()
    assert df["screw0"].notna().mean() > 0.9          # most games reach the 4th turn
