"""Auras that give P/T and abilities (303.4, 702.5, 613.4c, 613.1f) and Equipment with equip
(301.5, 702.6): their rules scenarios with real cards written as printed
(tests/custom/attach/), run as tests/test_scenarios.py runs the built-in ones (the state-based
and options audits on), the card table they compile to, and games that hold the players to
them: random players only legal choices, greedy ones a boon on their own creature and a
burden on the opponent's."""
from pathlib import Path

import numpy as np
import pytest

from agents import GreedyAgent, RandomAgent
from simcore import consts as K
from simcore import layout as L
from simcore.cards.compile import make_pool
from simcore.cards.load import load_pool
from simcore.cards.text import card_text
from simcore.game import GameBatch

from support import custom_folder, run_audited, scenario_id

CARDS, ITEMS, SCEN_POOL = custom_folder("attach")
POOL = make_pool([CARDS])
CT = POOL.compile()


@pytest.mark.parametrize("item", ITEMS, ids=[scenario_id(i) for i in ITEMS])
def test_attach_scenario(item):
    run_audited(SCEN_POOL, item)


def test_both_kinds_have_scenarios():
    assert {Path(f).stem for f, _ in ITEMS} == {"auras", "equipment", "attached_effects"}


def test_grants_compile_to_the_card_columns_and_equip_to_a_sorcery_speed_ability():
    def col(name, f):
        return int(CT.card[POOL.card_id[name], f])
    assert (col("Holy Strength", L.C_ATT_PW), col("Holy Strength", L.C_ATT_TG)) == (1, 2)
    assert col("Dead Weight", L.C_ATT_PW) == -2
    assert col("Pacifism", L.C_ATT_KW) == K.KW_CANT_ATTACK | K.KW_CANT_BLOCK
    assert col("Dehydration", L.C_ATT_NOUNTAP) == 1
    assert col("Basilisk Collar", L.C_ATT_KW) == K.KW_DEATHTOUCH | K.KW_LIFELINK
    assert col("Bonesplitter", L.C_EQUIPMENT) == 1 and col("Holy Strength", L.C_EQUIPMENT) == 0
    assert col("Grizzly Bears", L.C_ATT) == 0 and CT.meta[3] == 1
    c = POOL.card_id["Bonesplitter"]
    a = next(a for a in range(CT.card[c, L.C_ABIL0], CT.card[c, L.C_ABIL0] +
                              CT.card[c, L.C_NABIL]) if CT.abil[a, L.AB_KIND] == K.AK_ACTIVATED)
    assert CT.abil[a, L.AB_SORCERY] == 1 and CT.abil[a, L.AB_NTGT] == 1
    assert CT.ops[CT.abil[a, L.AB_OP0], 0] == K.OP_ATTACH
    # a pool without such cards never walks the battlefield for attachments (meta[3])
    assert make_pool().compile().meta[3] == 0


def test_cards_show_prints_them_as_printed():
    defs = load_pool([CARDS])
    assert card_text(defs["Inferno Fist"], defs).splitlines()[2:4] == \
        ["Enchant creature you control", "Enchanted creature gets +2/+0."]
    assert card_text(defs["Basilisk Collar"], defs).splitlines()[2:4] == \
        ["Equipped creature has deathtouch and lifelink.", "Equip {2}  [ability 0]"]
    assert card_text(defs["Dehydration"], defs).splitlines()[3] == \
        "Enchanted creature doesn't untap during its controller's untap step."


def deck(*parts):
    return np.array([POOL.card_id[name] for n, name in parts for _ in range(n)], np.int64)


def _batch(seed, n_games=40):
    d0 = deck((10, "Plains"), (8, "Forest"), (6, "Mountain"), (8, "Grizzly Bears"),
              (4, "Hill Giant"), (4, "Holy Strength"), (4, "Pacifism"), (4, "Bonesplitter"),
              (4, "Short Sword"), (4, "Swiftfoot Boots"), (4, "Firebreathing"))
    d1 = deck((12, "Swamp"), (12, "Island"), (8, "Grizzly Bears"), (4, "Gray Ogre"),
              (4, "Dead Weight"), (4, "Flight"), (4, "Dehydration"), (4, "Basilisk Collar"),
              (4, "Mark of the Vampire"), (4, "Cliffhaven Kitesail"))
    b = GameBatch(POOL, d0, d1, n_games=n_games, seed=seed, start="random", max_turns=20)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    return b


def test_random_players_play_auras_and_equipment_legally():
    """Random games with every test card: each is cast, the state-based and options audits
    find nothing skipped, and no action a player took was refused."""
    b = _batch(31)
    b.play([RandomAgent(), RandomAgent()], np.random.default_rng(3))
    rec = b.records()
    for name in ("Holy Strength", "Pacifism", "Bonesplitter", "Dead Weight", "Dehydration",
                 "Basilisk Collar", "Firebreathing", "Cliffhaven Kitesail"):
        assert (rec["cast"][rec["card"] == POOL.card_id[name]] > 0).any(), name
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_greedy_puts_boons_on_its_own_creatures_and_burdens_on_the_opponents():
    """At the end of greedy games, every Aura and Equipment attached to something: a boon
    (Holy Strength, Flight, Mark of the Vampire, Equipment) on a creature of its own
    controller, a burden (Pacifism, Dead Weight, Dehydration) on the opponent's; Equipment
    was equipped."""
    b = _batch(7, n_games=48)
    b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(1))
    obj = b.st.obj
    boons = {POOL.card_id[n] for n in ("Holy Strength", "Flight", "Mark of the Vampire",
                                       "Bonesplitter", "Short Sword", "Swiftfoot Boots",
                                       "Basilisk Collar", "Firebreathing",
                                       "Cliffhaven Kitesail")}
    burdens = {POOL.card_id[n] for n in ("Pacifism", "Dead Weight", "Dehydration")}
    seen = {"boon": 0, "burden": 0, "equipped": 0}
    for g in range(b.n_games):
        for i in np.flatnonzero(obj[g, L.O_ZONE] == K.Z_BATTLEFIELD):
            c, host = int(obj[g, L.O_CARD, i]), int(obj[g, L.O_ATTACHED, i])
            if host < 0:
                continue
            same = obj[g, L.O_CTRL, host] == obj[g, L.O_CTRL, i]
            if c in boons:
                assert same, POOL.card_name(c)
                seen["boon"] += 1
                seen["equipped"] += CT.card[c, L.C_EQUIPMENT]
            elif c in burdens:
                assert not same, POOL.card_name(c)
                seen["burden"] += 1
    assert min(seen.values()) > 0, seen
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_haste_from_an_equipment_lets_a_mana_creature_tap_and_the_count_knows():
    """Swiftfoot Boots on a summoning-sick Llanowar Elves gives it haste (702.10): the
    potential mana the priority check keeps (manamark.py) must change when an Equipment is
    attached or unattached, or the options audit finds the kept count wrong (the soak found
    it with Haunted Cloak and Hedron Crawler)."""
    d = deck((14, "Forest"), (16, "Llanowar Elves"), (10, "Swiftfoot Boots"))
    b = GameBatch(POOL, d, d, n_games=60, seed=5, start="random", max_turns=12)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    b.play([RandomAgent(), RandomAgent()], np.random.default_rng(7))
    assert (b.fw.fl[:, L.F_OPT_AUDIT] & 64).any()       # the kept count was checked
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
