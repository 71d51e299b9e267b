"""Keywords and abilities the built-in cards do not use (indestructible, hexproof, flash,
menace, enters tapped, first strike and double strike): their rules scenarios with test cards (tests/custom/keywords/), run
as tests/test_scenarios.py runs the built-in ones (the state-based and options audits on),
and games that hold the players to them: flash offered at instant speed, menace never
blocked by one creature. Each scenario names its rule."""
from pathlib import Path

import numpy as np
import pytest

from agents import RandomAgent
from simcore import consts as K
from simcore import layout as L
from simcore.cards.compile import make_pool
from simcore.cards.load import load_pool
from simcore.cards.text import card_text
from simcore.game import GameBatch

from support import custom_folder, run_audited, scenario_id

CARDS, ITEMS, SCEN_POOL = custom_folder("keywords")
POOL = make_pool([CARDS])
CT = POOL.compile()


@pytest.mark.parametrize("item", ITEMS, ids=[scenario_id(i) for i in ITEMS])
def test_keyword_scenario(item):
    run_audited(SCEN_POOL, item)


def test_every_keyword_has_scenarios():
    files = {Path(f).stem for f, _ in ITEMS}
    assert {"indestructible", "hexproof", "flash", "menace", "enters_tapped",
            "first_strike"} <= files


def test_keywords_compile_to_their_bits_and_enters_tapped_to_its_kind():
    for name, kw in (("Unbreakable Sentry", K.KW_INDESTRUCTIBLE), ("Veiled Stalker",
                     K.KW_HEXPROOF), ("Ambush Leopard", K.KW_FLASH),
                     ("Snarling Brute", K.KW_MENACE), ("Duelist Recruit", K.KW_FIRST_STRIKE),
                     ("Twinblade Adept", K.KW_DOUBLE_STRIKE)):
        assert CT.card[POOL.card_id[name], L.C_KW] == kw, name
    c = POOL.card_id["Sleepy Grove"]
    a0, n = CT.card[c, L.C_ABIL0], CT.card[c, L.C_NABIL]
    assert list(CT.abil[a0:a0 + n, L.AB_KIND]) == [K.AK_ENTERS_TAPPED, K.AK_MANA]


def test_cards_show_prints_them_as_oracle_text_does():
    defs = load_pool([CARDS])
    assert card_text(defs["Sleepy Grove"], defs).splitlines()[2:4] == \
        ["Sleepy Grove enters tapped.", "{T}: Add {G}.  [ability 0]"]
    assert card_text(defs["Ambush Leopard"], defs).splitlines()[2] == "Flash"
    assert card_text(defs["Unbreakable Sentry"], defs).splitlines()[2] == "Indestructible"
    assert card_text(defs["Trampling Twinhorn"], defs).splitlines()[2] == \
        "Double strike, trample"


def deck(*parts):
    return np.array([POOL.card_id[name] for n, name in parts for _ in range(n)], np.int64)


def test_flash_is_offered_at_instant_speed_in_games():
    """702.8a: random players cast the flash creature on the opponent's turn (the
    priority options offer it there), and the options and state-based audits agree."""
    d0 = deck((24, "Forest"), (36, "Ambush Leopard"))
    d1 = deck((24, "Forest"), (36, "Grizzly Bears"))
    b = GameBatch(POOL, d0, d1, n_games=40, seed=4, start="play", max_turns=12)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    b.play([RandomAgent(), RandomAgent()], np.random.default_rng(2))
    rec = b.records()
    leopard = (rec["card"] == POOL.card_id["Ambush Leopard"]) & (rec["owner"] == 0)
    bears = (rec["card"] == POOL.card_id["Grizzly Bears"]) & (rec["owner"] == 1)
    # start="play": player 0 is active on odd turns
    assert (leopard & (rec["cast"] > 0) & (rec["cast"] % 2 == 0)).sum() > 0
    assert not (bears & (rec["cast"] > 0) & (rec["cast"] % 2 == 1)).any()   # 307.1
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0


def test_players_never_block_menace_with_one_creature():
    """702.111b: at every block decision of random games, an attacker with menace is
    offered only to a defender with two creatures that could block it; a declaration that
    ends with one blocker on it withdraws that blocker, so no declaration is refused (two
    or more blockers on it are declared as picked), and no menace attacker is ever seen
    blocked by one creature."""
    d0 = deck((24, "Mountain"), (36, "Snarling Brute"))
    # flash creatures let the defender act after blocks: the blocks are seen in the state
    d1 = deck((24, "Forest"), (24, "Grizzly Bears"), (12, "Ambush Leopard"))
    b = GameBatch(POOL, d0, d1, n_games=48, seed=9, start="play", max_turns=16)
    agent = RandomAgent()
    rng = np.random.default_rng(5)
    brute = POOL.card_id["Snarling Brute"]
    creatures = [POOL.card_id["Grizzly Bears"], POOL.card_id["Ambush Leopard"]]
    obj = b.st.obj
    offered = lone = double = 0
    picks = {g: [] for g in range(b.n_games)}     # the open declaration's attackers
    while not b.done():
        view = b.view()
        mask = b.legal_mask()
        for g in range(b.n_games):
            if view["decision"][g] != K.D_BLOCK and picks[g]:
                on = [picks[g].count(a) for a in set(picks[g]) if a[0] == "Snarling Brute"]
                lone += on.count(1)
                double += sum(n >= 2 for n in on)
                picks[g] = []
            for a in np.flatnonzero((obj[g, L.O_CARD] == brute) & (obj[g, L.O_ATTACKING] != 0)):
                assert int((obj[g, L.O_BLOCKING] == a).sum()) != 1
        for g in np.flatnonzero(view["decision"] == K.D_BLOCK):
            d = 1 - b.st.gm[g, L.G_ACTIVE]
            able = ((obj[g, L.O_ZONE] == K.Z_BATTLEFIELD) & (obj[g, L.O_CTRL] == d) &
                    (obj[g, L.O_TAPPED] == 0) & np.isin(obj[g, L.O_CARD], creatures)).sum()
            for a in np.flatnonzero(mask[g])[1:]:
                if b.decode_action(g, a)["attacker"] == "Snarling Brute":
                    offered += 1
                    assert able >= 2
        act = agent.act(view, mask, rng)
        for g in np.flatnonzero((view["decision"] == K.D_BLOCK) & (act > 0)):
            x = b.decode_action(g, act[g])
            picks[g].append((x["attacker"], x["attacker_slot"]))
        b.step(act)
    assert offered > 20 and lone > 0 and double > 0, (offered, lone, double)
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0


def test_every_keyword_in_audited_random_games():
    """Random games with every test card: the state-based and options audits find no
    skipped check that would have found something, and no action a player took was refused."""
    d0 = deck((12, "Plains"), (12, "Forest"), (6, "Duelist Recruit"), (6, "Twinblade Adept"),
              (6, "Trampling Twinhorn"), (6, "Unbreakable Sentry"), (6, "Veiled Stalker"),
              (6, "Ambush Leopard"))
    d1 = deck((12, "Swamp"), (12, "Mountain"), (8, "Snarling Brute"), (8, "Murder"),
              (8, "Lightning Bolt"), (6, "Drowsy Ox"), (6, "Sleepy Grove"))
    b = GameBatch(POOL, d0, d1, n_games=60, seed=21, start="random", max_turns=20)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    b.play([RandomAgent(), RandomAgent()], np.random.default_rng(8))
    rec = b.records()
    for name in ("Twinblade Adept", "Snarling Brute", "Drowsy Ox", "Sleepy Grove"):
        assert (rec["cast"][rec["card"] == POOL.card_id[name]] > 0).any(), name
    assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
    assert b.st.gm[:, L.G_SBA_MISSED].sum() == 0
    assert b.fw.fl[:, L.F_REFUSED].sum() == 0
