"""Costs and ways to cast (issue 25 item 6): cycling and typecycling (702.29), abilities
activated from a hand or a graveyard (602.2), sacrifice and discard costs chosen as they are
paid (601.2h, 602.2b), "Activate only once each turn." (602.5b), flashback (702.34), modal spells (700.2), a sacrifice as a spell's additional cost (601.2h). Their rules scenarios with real cards written as printed
(tests/custom/costs/), run as tests/test_scenarios.py runs the built-in ones (the state-based
and options audits on), and games that hold the players to them. Each scenario names its
rule."""

import numpy as np
import pytest

from agents import GreedyAgent, RandomAgent
from simcore import consts as K
from simcore import layout as L
from simcore.cards.compile import make_pool
from simcore.cards.load import load_pool
from simcore.cards.oracle import FULL, compile_printed
from simcore.cards.oracle.render_check import render_agrees
from simcore.cards.printed import Face, Printed
from simcore.cards.text import card_text
from simcore.game import GameBatch

from support import custom_folder, run_audited, scenario_id

CARDS, ITEMS, SCEN_POOL = custom_folder("costs")
POOL = make_pool([CARDS])
CT = POOL.compile()


@pytest.mark.parametrize("item", ITEMS, ids=[scenario_id(i) for i in ITEMS])
def test_costs_scenario(item):
    run_audited(SCEN_POOL, item)


def one(name, type_line, text, cost="", **kw) -> Printed:
    return Printed(name, "normal", (Face(name, type_line, cost, text, **kw),))


def test_cycling_lines_compile_and_render_as_printed():
    cases = [("Lonely Sandbar", "Land", "Lonely Sandbar enters the battlefield tapped.\n{T}: "
              "Add {U}.\nCycling {U} ({U}, Discard this card: Draw a card.)", "",
              {"kind": "cycling", "cost": "{U}"}),
             ("Ash Barrens", "Land", "{T}: Add {C}.\nBasic landcycling {1} ({1}, Discard this "
              "card: Search your library for a basic land card, reveal it, put it into your "
              "hand, then shuffle.)", "",
              {"kind": "cycling", "cost": "{1}", "find": [{"types": ["Land"], "basic": True}]}),
             ("Shoreline Ranger", "Creature \u2014 Bird Soldier Ranger", "Flying\nIslandcycling "
              "{2}", "{5}{U}", {"kind": "cycling", "cost": "{2}", "find": [{"subtype": "Island"}]})]
    for name, tl, text, cost, ab in cases:
        kw = {"power": "3", "toughness": "4"} if "Creature" in tl else {}
        r = compile_printed(one(name, tl, text, cost, **kw))
        assert r.status == FULL, name
        assert r.card["abilities"][-1] == ab
        assert render_agrees(text, name, False, r.card)
    # a cost that is not mana stays unread (Street Wraith's "Cycling—Pay 2 life")
    r = compile_printed(one("Test Wraith", "Creature \u2014 Wraith", "Cycling\u2014Pay 2 life.",
                            "{3}{B}{B}", power="3", toughness="4"))
    assert r.status != FULL


def test_cycling_compiles_to_an_ability_of_the_hand():
    c = POOL.card_id["Lonely Sandbar"]
    a0, n = CT.card[c, L.C_ABIL0], CT.card[c, L.C_NABIL]
    (a,) = [a for a in range(a0, a0 + n) if CT.abil[a, L.AB_KIND] == K.AK_ACTIVATED]
    assert CT.abil[a, L.AB_ZONE] == K.Z_HAND and CT.abil[a, L.AB_DISCARD_SELF] == 1
    assert CT.card[c, L.C_HAND_NEED] == 1 and CT.card[c, L.C_HAND_NEED_I] == 1
    assert CT.card[c, L.C_ACT_NEED] == K.NO_CANDIDATE    # none of a permanent
    forest = POOL.card_id["Forest"]
    assert CT.card[forest, L.C_HAND_NEED] == K.NO_CANDIDATE


def test_cards_show_prints_cycling_as_printed():
    defs = load_pool([CARDS])
    assert card_text(defs["Lonely Sandbar"], defs).splitlines()[2:5] == [
        "Lonely Sandbar enters tapped.", "{T}: Add {U}.  [ability 0]",
        "Cycling {U}  [ability 1]"]
    assert card_text(defs["Ash Barrens"], defs).splitlines()[3] == \
        "Basic landcycling {1}  [ability 1]"


def deck(*parts):
    return np.array([POOL.card_id[name] for n, name in parts for _ in range(n)], np.int64)


def _cycled(b, player):
    """Cycling cards of `player` in a graveyard, over the batch's games (in these decks only
    cycling puts one there: nothing is destroyed, countered or discarded to hand size before
    turn 12 with these hands)."""
    obj = b.st.obj
    cyc = np.isin(obj[:, L.O_CARD], [POOL.card_id[n] for n in ("Lonely Sandbar",
                                                               "Shoreline Ranger")])
    return int((cyc & (obj[:, L.O_ZONE] == K.Z_GRAVEYARD) & (obj[:, L.O_OWNER] == player)).sum())


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_players_cycle_with_the_audits_on(agent):
    """702.29a in games: random and greedy players cycle cards from their hands, the options
    audit finds no shortcut that disagreed with a dry run, no action was refused."""
    d = deck((14, "Lonely Sandbar"), (10, "Island"), (12, "Shoreline Ranger"),
             (24, "Grizzly Bears"))
    b = GameBatch(POOL, d, d, n_games=24, seed=7, start="play", max_turns=12)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    ag = RandomAgent() if agent == "random" else GreedyAgent()
    b.play([ag, ag], np.random.default_rng(3))
    assert _cycled(b, 0) > 0 and _cycled(b, 1) > 0
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_activation_costs_compile():
    c = POOL.card_id["Cutthroat Centurion"]
    a = CT.card[c, L.C_ABIL0]
    f = CT.abil[a, L.AB_SAC_F]
    assert f >= 0 and CT.abil[a, L.AB_ONCE] == 1
    assert CT.filt[f, L.FI_OTHER] == 1 and \
        CT.filt[f, L.FI_TYPES] == K.T_ARTIFACT | K.T_CREATURE
    w = POOL.card_id["Bramble Wurm"]
    (a,) = [a for a in range(CT.card[w, L.C_ABIL0], CT.card[w, L.C_ABIL0] +
                             CT.card[w, L.C_NABIL]) if CT.abil[a, L.AB_KIND] == K.AK_ACTIVATED]
    assert CT.abil[a, L.AB_ZONE] == K.Z_GRAVEYARD and CT.abil[a, L.AB_EXILE_SELF] == 1
    assert CT.card[w, L.C_GY_NEED] == 3 and CT.card[w, L.C_ACT_NEED] == K.NO_CANDIDATE
    assert CT.abil[CT.card[POOL.card_id["Mad Prophet"], L.C_ABIL0], L.AB_DISCARD_N] == 1


def test_players_pay_activation_costs_with_the_audits_on():
    """601.2h / 602.2b / 602.5b in games: random players sacrifice, discard and exile from
    the graveyard as costs; the options audit finds no disagreement and nothing is
    refused."""
    d0 = deck((12, "Mountain"), (12, "Forest"), (8, "Bloodthrone Vampire"),
              (8, "Cutthroat Centurion"), (6, "Akki Avalanchers"), (8, "Mad Prophet"),
              (6, "Darkthicket Wolf"))
    d1 = deck((12, "Swamp"), (12, "Forest"), (12, "Bramble Wurm"), (12, "Murder"),
              (12, "Grizzly Bears"))
    b = GameBatch(POOL, d0, d1, n_games=40, seed=11, start="random", max_turns=16)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    b.play([RandomAgent(), RandomAgent()], np.random.default_rng(4))
    obj = b.st.obj
    wurm_exiled = (obj[:, L.O_CARD] == POOL.card_id["Bramble Wurm"]) & \
        (obj[:, L.O_ZONE] == K.Z_EXILE)
    assert wurm_exiled.sum() > 0        # only its own cost exiles it
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_players_cast_flashback_spells_with_the_audits_on():
    """702.34a in games: random and greedy players cast Think Twice and Firebolt from their
    graveyards (exiled after: only flashback exiles them in these decks); the options audit
    finds no disagreement and nothing is refused."""
    d = deck((24, "Island"), (12, "Mountain"), (12, "Think Twice"), (12, "Firebolt"))
    for ag in (RandomAgent(), GreedyAgent()):
        b = GameBatch(POOL, d, d, n_games=24, seed=5, start="play", max_turns=12)
        b.fw.fl[:, L.F_OPT_AUDIT] = 1
        b.st.gm[:, L.G_SBA_AUDIT] = 1
        b.play([ag, ag], np.random.default_rng(6))
        obj = b.st.obj
        fb = np.isin(obj[:, L.O_CARD], [POOL.card_id["Think Twice"], POOL.card_id["Firebolt"]])
        assert (fb & (obj[:, L.O_ZONE] == K.Z_EXILE)).sum() > 0, type(ag).__name__
        assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
        assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
        assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_players_cast_modal_spells_with_the_audits_on():
    """700.2a in games: random players cast Abrade in either mode (a creature dealt 3 or
    an artifact destroyed), only where a mode has a legal target; the options audit finds no
    disagreement and nothing is refused."""
    d0 = deck((24, "Mountain"), (36, "Abrade"))
    d1 = deck((24, "Swamp"), (18, "Cutthroat Centurion"), (18, "Grizzly Bears"))
    for ag in (RandomAgent(), GreedyAgent()):
        b = GameBatch(POOL, d0, d1, n_games=24, seed=8, start="play", max_turns=12)
        b.fw.fl[:, L.F_OPT_AUDIT] = 1
        b.st.gm[:, L.G_SBA_AUDIT] = 1
        b.play([ag, ag], np.random.default_rng(9))
        rec = b.records()
        assert (rec["cast"][rec["card"] == POOL.card_id["Abrade"]] > 0).any()
        assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
        assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
        assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_players_sacrifice_for_a_spell_with_the_audits_on():
    """601.2h in games: random and greedy players cast Bone Splinters and Village Rites,
    sacrificing a creature as they pay; the options audit finds no disagreement and nothing
    is refused."""
    d = deck((24, "Swamp"), (12, "Bone Splinters"), (12, "Village Rites"),
             (12, "Bloodthrone Vampire"))
    for ag in (RandomAgent(), GreedyAgent()):
        b = GameBatch(POOL, d, d, n_games=24, seed=12, start="play", max_turns=12)
        b.fw.fl[:, L.F_OPT_AUDIT] = 1
        b.st.gm[:, L.G_SBA_AUDIT] = 1
        b.play([ag, ag], np.random.default_rng(13))
        rec = b.records()
        for name in ("Bone Splinters", "Village Rites"):
            assert (rec["cast"][rec["card"] == POOL.card_id[name]] > 0).any(), name
        assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
        assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
        assert b.fw.fl[:, L.F_REFUSED].sum() == 0
