"""Spell and ability effects of issue 25 item 6 (tap and untap, return to hand, until end of
turn for one or many, counter target spell, Food and Clue, "it deals"): their rules scenarios
with real cards written as printed (tests/custom/fx/: text only, the Oracle grammar reads
them), run as tests/test_scenarios.py runs the built-in ones (the state-based and options
audits on), and games that hold the players to them. Each scenario names its rule."""
from pathlib import Path

import numpy as np
import pytest

from agents import GreedyAgent, RandomAgent
from simcore import consts as K
from simcore import encoding as E
from simcore import layout as L
from simcore.cards.compile import make_pool
from simcore.cards.load import load_pool
from simcore.game import GameBatch

from support import custom_folder, run_audited, scenario_id

CARDS, ITEMS, SCEN_POOL = custom_folder("fx")
POOL = make_pool([CARDS])


@pytest.mark.parametrize("item", ITEMS, ids=[scenario_id(i) for i in ITEMS])
def test_fx_scenario(item):
    run_audited(SCEN_POOL, item)


def test_every_unit_has_scenarios():
    assert {"tap_untap", "return_to_hand", "until_end_of_turn", "counter", "food_clue", "it_deals"} <= {Path(f).stem for f, _ in ITEMS}


def test_every_card_is_read_whole():
    for name, card in load_pool([CARDS]).items():
        if card.get("token"):
            continue
        assert not card.get("_unread"), (name, card.get("_unread"))


def deck(*parts):
    return np.array([POOL.card_id[name] for n, name in parts for _ in range(n)], np.int64)


def audited_games(d0, d1, agents, n=40, seed=3, turns=14):
    b = GameBatch(POOL, d0, d1, n_games=n, seed=seed, start="random", max_turns=turns)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    b.play(agents, np.random.default_rng(seed))
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0
    return b


def test_tap_and_untap_cards_in_audited_random_games():
    """Random players play every tap and untap card legally (the options audit passes)."""
    d0 = deck((12, "Plains"), (12, "Forest"), (8, "Pressure Point"), (8, "Gideon's Lawkeeper"),
              (8, "Voyaging Satyr"), (6, "Burst of Energy"), (6, "Refocus"))
    d1 = deck((12, "Plains"), (12, "Island"), (12, "Grizzly Bears"), (12, "Refocus"),
              (12, "Gideon's Lawkeeper"))
    b = audited_games(d0, d1, [RandomAgent(), RandomAgent()])
    rec = b.records()
    for name in ("Pressure Point", "Gideon's Lawkeeper", "Refocus", "Burst of Energy"):
        assert (rec["cast"][rec["card"] == POOL.card_id[name]] > 0).any(), name


def aims(d0, d1, n=24, seed=5, turns=14):
    """Greedy players' answers to target questions in games stepped from Python: a list of
    (why, whose the chosen permanent is: "own"/"theirs"/"player", whether an own permanent
    and one of theirs were both options)."""
    b = GameBatch(POOL, d0, d1, n_games=n, seed=seed, start="random", max_turns=turns)
    agent = GreedyAgent()
    rng = np.random.default_rng(seed)
    out = []
    obj = b.st.obj
    while not b.done():
        view = b.view()
        mask = b.legal_mask()
        act = agent.act(view, mask, rng)
        for g in np.flatnonzero(view["decision"] == K.D_QUESTION):
            why = int(b.st.gm[g, L.G_ASK_WHY])
            if why not in (K.W_TARGET, K.W_TARGET_HELP) or act[g] == 0:
                continue
            me = int(b.fw.fl[g, L.F_DPLAYER])
            opts = [int(b.fw.opts[g, E.option_of(a)]) for a in np.flatnonzero(mask[g]) if a != 0]
            ctrls = {int(obj[g, L.O_CTRL, v]) for v in opts if v >= 0}
            v = int(b.fw.opts[g, E.option_of(int(act[g]))])
            whose = "player" if v < 0 else ("own" if obj[g, L.O_CTRL, v] == me else "theirs")
            out.append((why, whose, ctrls == {0, 1}))
        b.step(act)
    return out


def test_greedy_untaps_its_own_and_taps_theirs():
    """The greedy player aims an untap (Refocus) at its own creature and a tap (Pressure
    Point) at the opponent's, whenever both are targets it could choose."""
    d = deck((9, "Plains"), (8, "Forest"), (7, "Island"), (14, "Grizzly Bears"), (11, "Refocus"),
             (11, "Pressure Point"))
    got = [(why, whose) for why, whose, both in aims(d, d) if both]
    assert (K.W_TARGET_HELP, "own") in got and (K.W_TARGET, "theirs") in got, got
    assert (K.W_TARGET_HELP, "theirs") not in got and (K.W_TARGET, "own") not in got, got


def test_return_to_hand_cards_in_audited_games():
    """Random and greedy players cast every return-to-hand card legally (the state-based
    and options audits pass, no action refused)."""
    d0 = deck((12, "Island"), (6, "Swamp"), (6, "Mountain"), (8, "Unsummon"), (6, "Disperse"),
              (6, "Boomerang"), (6, "Disentomb"), (10, "Grizzly Bears"))
    d1 = deck((12, "Forest"), (6, "Mountain"), (6, "Island"), (14, "Grizzly Bears"),
              (8, "Shivan Phoenix"), (8, "Unsummon"), (6, "Fellwar Stone"))
    for agents in ([RandomAgent(), RandomAgent()], [GreedyAgent(), GreedyAgent()]):
        b = audited_games(d0, d1, agents)
        rec = b.records()
        for name in ("Unsummon", "Disperse", "Boomerang", "Disentomb"):
            assert (rec["cast"][rec["card"] == POOL.card_id[name]] > 0).any(), name


def test_until_end_of_turn_cards_in_audited_games():
    """Random and greedy players cast every pump, grant and "can't block" card legally (the
    audits pass, no action refused); greedy aims a pump or a haste grant at its own
    creature, "can't block" (Stun) at the opponent's."""
    d0 = deck((9, "Plains"), (8, "Mountain"), (7, "Forest"), (8, "Banners Raised"),
              (6, "Aerial Maneuver"), (6, "Adamant Will"), (6, "Akki Drillmaster"),
              (10, "Grizzly Bears"))
    d1 = deck((12, "Mountain"), (12, "Forest"), (14, "Grizzly Bears"), (8, "Stun"),
              (8, "Crossbow Ambush"), (6, "Serra Angel"))
    for agents in ([RandomAgent(), RandomAgent()], [GreedyAgent(), GreedyAgent()]):
        b = audited_games(d0, d1, agents)
        rec = b.records()
        for name in ("Banners Raised", "Aerial Maneuver", "Adamant Will", "Stun",
                     "Crossbow Ambush"):
            assert (rec["cast"][rec["card"] == POOL.card_id[name]] > 0).any(), name
    # a pump spell is not cast without a creature of ours to aim it at
    got = [(why, whose) for why, whose, _ in aims(d0, d1)]
    assert (K.W_TARGET_HELP, "own") in got and (K.W_TARGET, "theirs") in got, got
    assert (K.W_TARGET_HELP, "theirs") not in got and (K.W_TARGET, "own") not in got, got


def test_counterspells_in_audited_games():
    """Random and greedy players cast every counterspell legally, Mana Leak's "unless its
    controller pays" asked in games too (the audits pass, no action refused); greedy counters
    only the opponent's spells."""
    d0 = deck((24, "Island"), (8, "Counterspell"), (8, "Mana Leak"), (6, "Negate"),
              (6, "Essence Scatter"), (8, "Grizzly Bears"))
    d1 = deck((12, "Mountain"), (12, "Forest"), (16, "Grizzly Bears"), (12, "Lightning Bolt"),
              (8, "Mana Leak"))
    for agents in ([RandomAgent(), RandomAgent()], [GreedyAgent(), GreedyAgent()]):
        b = audited_games(d0, d1, agents)
        rec = b.records()
        for name in ("Counterspell", "Mana Leak", "Negate", "Essence Scatter"):
            assert (rec["cast"][rec["card"] == POOL.card_id[name]] > 0).any(), name
    got = [whose for why, whose, _ in aims(d0, d1) if why == K.W_TARGET]
    assert "theirs" in got and "own" not in got, got


def test_food_and_clue_in_audited_games():
    """Random and greedy players make Food and Clues and sacrifice them legally (the audits
    pass, no action refused); greedy cracks its Clues and Food when it has the mana."""
    d0 = deck((12, "Plains"), (12, "Swamp"), (12, "Thraben Inspector"), (12, "Mintstrosity"),
              (12, "Savor"))
    d1 = deck((12, "Forest"), (12, "Mountain"), (18, "Grizzly Bears"), (18, "Lightning Bolt"))
    clue, food = POOL.card_id["Clue"], POOL.card_id["Food"]
    for agents in ([RandomAgent(), RandomAgent()], [GreedyAgent(), GreedyAgent()]):
        b = audited_games(d0, d1, agents)
        obj = b.st.obj
        made = np.isin(obj[:, L.O_CARD], [clue, food])
        assert (made & (obj[:, L.O_ZONE] == K.Z_GONE)).any()       # sacrificed (704.5d)


def test_it_deals_cards_in_audited_games():
    """Random and greedy players play the "it deals" cards legally (the audits pass)."""
    d0 = deck((24, "Mountain"), (18, "Blisterstick Shaman"), (18, "Barbarian Lunatic"))
    d1 = deck((24, "Forest"), (36, "Grizzly Bears"))
    for agents in ([RandomAgent(), RandomAgent()], [GreedyAgent(), GreedyAgent()]):
        b = audited_games(d0, d1, agents)
        rec = b.records()
        assert (rec["cast"][rec["card"] == POOL.card_id["Blisterstick Shaman"]] > 0).any()
