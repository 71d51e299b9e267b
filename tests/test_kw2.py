"""Keywords and static abilities of creatures read from real cards written as printed
(tests/custom/kw2/: protection, ...): their rules scenarios, run as tests/test_scenarios.py
runs the built-in ones (the state-based and options audits on), what they compile to, and
games that hold the players to them. Each scenario names its rule."""
from pathlib import Path

import numpy as np
import pytest

from agents import GreedyAgent, RandomAgent
from simcore import consts as K
from simcore import layout as L
from simcore.cards import vocab
from simcore.cards.compile import make_pool
from simcore.cards.load import load_pool
from simcore.cards.text import card_text
from simcore.game import GameBatch

from support import custom_folder, run_audited, scenario_id

CARDS, ITEMS, SCEN_POOL = custom_folder("kw2")
POOL = make_pool([CARDS])
CT = POOL.compile()


@pytest.mark.parametrize("item", ITEMS, ids=[scenario_id(i) for i in ITEMS])
def test_kw2_scenario(item):
    run_audited(SCEN_POOL, item)


def test_every_unit_has_scenarios():
    files = {Path(f).stem for f, _ in ITEMS}
    assert {"protection", "prowess", "landwalk", "changeling_devoid", "restrictions",
            "infect_wither"} <= files


def card(name):
    return CT.card[POOL.card_id[name]]


def test_protection_compiles_to_its_qualities():
    assert card("White Knight")[L.C_PROT] == K.COLOR_BITS["black"]
    assert card("White Knight")[L.C_KW] == K.KW_FIRST_STRIKE
    assert card("Paladin en-Vec")[L.C_PROT] == K.COLOR_BITS["black"] | K.COLOR_BITS["red"]
    assert card("Beloved Chaplain")[L.C_PROT] == K.PROT_CREATURES
    assert card("Grizzly Bears")[L.C_PROT] == 0


def test_prowess_compiles_to_a_trigger_that_pumps_itself():
    c = POOL.card_id["Monastery Swiftspear"]
    assert CT.card[c, L.C_KW] == K.KW_HASTE | K.KW_PROWESS
    a0, n = CT.card[c, L.C_ABIL0], CT.card[c, L.C_NABIL]
    (a,) = [a for a in range(a0, a0 + n) if CT.abil[a, L.AB_EVENT] == K.EV_PROWESS]
    assert CT.abil[a, L.AB_KIND] == K.AK_TRIGGER and CT.abil[a, L.AB_NOP] == 1
    assert list(CT.ops[CT.abil[a, L.AB_OP0], :5]) == [K.OP_PUMP, 0, K.SEL_SELF, 1, 1]


def test_landwalk_compiles_to_the_land_types_it_walks():
    swamp = 1 << list(vocab.BASIC_LAND_MANA).index("Swamp")
    assert card("Bog Raiders")[L.C_WALK] == swamp and card("Bog Raiders")[L.C_KW] == 0
    assert card("Swamp")[L.C_LAND_TYPES] == swamp
    assert card("Forest")[L.C_LAND_TYPES] == 1 << list(vocab.BASIC_LAND_MANA).index("Forest")
    assert card("Grizzly Bears")[L.C_LAND_TYPES] == 0 and card("Grizzly Bears")[L.C_WALK] == 0


def test_devoid_is_colourless_and_changeling_a_keyword_bit():
    assert card("Vestige of Emrakul")[L.C_COLORS] == 0
    assert card("Vestige of Emrakul")[L.C_KW] == K.KW_DEVOID | K.KW_TRAMPLE
    assert card("Avian Changeling")[L.C_KW] == K.KW_CHANGELING | K.KW_FLYING


def test_restrictions_compile_to_their_bits_and_no_ability_row():
    for name, bit in (("Goblin Raider", K.KW_CANT_BLOCK),
                      ("Phantom Warrior", K.KW_CANT_BE_BLOCKED),
                      ("Bloodrock Cyclops", K.KW_ATTACKS_EACH_COMBAT),
                      ("Cloud Sprite", K.KW_FLYING | K.KW_BLOCKS_ONLY_FLYING),
                      ("Wall of Denial", K.KW_DEFENDER | K.KW_FLYING | K.KW_SHROUD)):
        assert card(name)[L.C_KW] == bit, name
        assert card(name)[L.C_NABIL] == 0, name


def test_wither_and_infect_compile_to_damage_modes():
    assert card("Glistener Elf")[L.C_DMG_MODE] == K.DM_MINUS_COUNTERS | K.DM_POISON
    assert card("Boggart Ram-Gang")[L.C_DMG_MODE] == K.DM_MINUS_COUNTERS
    assert card("Grizzly Bears")[L.C_DMG_MODE] == 0


def test_cards_show_prints_them_as_printed():
    defs = load_pool([CARDS])
    assert card_text(defs["Paladin en-Vec"], defs).splitlines()[2] == \
        "First strike, protection from black and from red"
    assert card_text(defs["Beloved Chaplain"], defs).splitlines()[2] == \
        "Protection from creatures"
    assert card_text(defs["Cloud Sprite"], defs).splitlines()[2:4] == \
        ["Flying", "Cloud Sprite can block only creatures with flying."]


def deck(*parts):
    return np.array([POOL.card_id[name] for n, name in parts for _ in range(n)], np.int64)


@pytest.mark.parametrize("agent", [RandomAgent, GreedyAgent])
def test_protection_in_audited_games(agent):
    """702.16: random and greedy players never have a black creature block White Knight
    nor a black spell target it (the options offer neither), and a Knight is never dealt
    damage by a black source."""
    d0 = deck((24, "Plains"), (18, "White Knight"), (18, "Beloved Chaplain"))
    d1 = deck((24, "Swamp"), (24, "Walking Corpse"), (12, "Murder"))
    b = GameBatch(POOL, d0, d1, n_games=40, seed=3, start="random", max_turns=16)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    obj = b.st.obj
    knight = POOL.card_id["White Knight"]
    chaplain = POOL.card_id["Beloved Chaplain"]
    rng = np.random.default_rng(7)
    agents = [agent(), agent()]
    while not b.done():
        view = b.view(agents)
        mask = b.legal_mask()
        for g in range(b.n_games):
            knights = (obj[g, L.O_CARD] == knight) & (obj[g, L.O_ZONE] == K.Z_BATTLEFIELD)
            assert not (obj[g, L.O_DAMAGE][knights] > 0).any()
            for a in np.flatnonzero(np.isin(obj[g, L.O_CARD], [knight, chaplain]) &
                                    (obj[g, L.O_ATTACKING] != 0)):
                assert not (obj[g, L.O_BLOCKING] == a).any()
        b.step(GameBatch.ask_agents(agents, view, mask, rng))
    rec = b.records()
    assert (rec["cast"][rec["card"] == POOL.card_id["Murder"]] > 0).any()
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_prowess_in_audited_games():
    """702.108a: greedy players casting burn with Monastery Swiftspear out: its trigger
    resolves (a Swiftspear is seen bigger than printed) and the audits find nothing."""
    d0 = deck((24, "Mountain"), (16, "Monastery Swiftspear"), (20, "Lightning Bolt"))
    d1 = deck((24, "Forest"), (36, "Grizzly Bears"))
    b = GameBatch(POOL, d0, d1, n_games=30, seed=5, start="random", max_turns=12)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    agents = [GreedyAgent(), RandomAgent()]
    rng = np.random.default_rng(1)
    monk = POOL.card_id["Monastery Swiftspear"]
    pumped = 0
    while not b.done():
        view = b.view(agents)
        b.step(GameBatch.ask_agents(agents, view, b.legal_mask(), rng))
        on = (b.st.obj[:, L.O_CARD] == monk) & (b.st.obj[:, L.O_ZONE] == K.Z_BATTLEFIELD)
        pumped += int((on & (b.st.obj[:, L.O_EOT_PP] > 0)).sum())
    assert pumped > 0
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


@pytest.mark.parametrize("agent", [RandomAgent, GreedyAgent])
def test_landwalk_in_audited_games(agent):
    """702.14c: against a player with Swamps, Bog Raiders is never blocked (the block
    options never offer it) and the audits find nothing; greedy attacks with it."""
    # Grizzly Bears attacking beside it open block decisions, where it is seen unblocked
    d0 = deck((12, "Swamp"), (12, "Forest"), (24, "Bog Raiders"), (12, "Grizzly Bears"))
    d1 = deck((12, "Swamp"), (12, "Forest"), (36, "Grizzly Bears"))
    b = GameBatch(POOL, d0, d1, n_games=30, seed=11, start="random", max_turns=14)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    agents = [agent(), agent()]
    rng = np.random.default_rng(2)
    raiders = POOL.card_id["Bog Raiders"]
    obj = b.st.obj
    attacked = 0
    while not b.done():
        view = b.view(agents)
        b.step(GameBatch.ask_agents(agents, view, b.legal_mask(), rng))
        for g in range(b.n_games):
            for a in np.flatnonzero((obj[g, L.O_CARD] == raiders) & (obj[g, L.O_ATTACKING] != 0)):
                attacked += 1
                assert not (obj[g, L.O_BLOCKING] == a).any()
    assert attacked > 0
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


@pytest.mark.parametrize("agent", [RandomAgent, GreedyAgent])
def test_restrictions_in_audited_games(agent):
    """509.1b, 508.1d: Goblin Raider never blocks, Phantom Warrior is never blocked, a
    Bloodrock Cyclops able to attack always attacks when its controller declares attackers
    (the flow adds it to a player's declaration), and no declaration is refused."""
    d0 = deck((24, "Mountain"), (12, "Island"), (8, "Bloodrock Cyclops"),
              (8, "Phantom Warrior"), (8, "Goblin Raider"))
    d1 = deck((12, "Forest"), (12, "Mountain"), (18, "Grizzly Bears"), (18, "Goblin Raider"))
    b = GameBatch(POOL, d0, d1, n_games=30, seed=13, start="random", max_turns=14)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    agents = [agent(), agent()]
    rng = np.random.default_rng(4)
    ids = {n: POOL.card_id[n] for n in ("Goblin Raider", "Phantom Warrior",
                                        "Bloodrock Cyclops")}
    obj = b.st.obj
    seen = 0
    while not b.done():
        view = b.view(agents)
        b.step(GameBatch.ask_agents(agents, view, b.legal_mask(), rng))
        for g in range(b.n_games):
            on = obj[g, L.O_ZONE] == K.Z_BATTLEFIELD
            assert not (on & (obj[g, L.O_CARD] == ids["Goblin Raider"]) &
                        (obj[g, L.O_BLOCKING] >= 0)).any()
            for a in np.flatnonzero(on & (obj[g, L.O_CARD] == ids["Phantom Warrior"]) &
                                    (obj[g, L.O_ATTACKING] != 0)):
                assert not (obj[g, L.O_BLOCKING] == a).any()
            if (on & (obj[g, L.O_ATTACKING] != 0)).any():
                seen += 1
                # every Cyclops of the attacker that was able is attacking (it was
                # untapped before the declaration: attacking tapped it)
                left = on & (obj[g, L.O_CARD] == ids["Bloodrock Cyclops"]) & \
                    (obj[g, L.O_ATTACKING] == 0) & (obj[g, L.O_TAPPED] == 0) & \
                    (obj[g, L.O_SICK] == 0) & (obj[g, L.O_CTRL] == b.st.gm[g, L.G_ACTIVE])
                assert not left.any()
    assert seen > 0
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_infect_in_audited_games():
    """702.90b, 704.5c: Glistener Elves attacking a defenceless player give poison
    counters, never lower life, and ten of them end games (the state-based audit agrees)."""
    d0 = deck((24, "Forest"), (36, "Glistener Elf"))
    d1 = deck((24, "Swamp"), (36, "Murder"))
    b = GameBatch(POOL, d0, d1, n_games=20, seed=17, start="random", max_turns=20)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(3))
    assert (b.st.p_counters[:, 1, K.CK_POISON] >= 10).sum() > 0
    assert (b.st.pl[:, L.PL_LIFE, 1] == 20).all()
    assert (b.fw.fl[:, L.F_END] == K.END_POISON).sum() > 0
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
