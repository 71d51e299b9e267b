"""Lands of two colours in games: a land with two basic land types has the mana ability of
each (305.6), a land may print two {T}: Add abilities (605.1a), and every such ability is
open to autopay, to the potential mana the priority check's candidates are measured by, and
to the options audit. Games and `castability` (which counts every colour a land makes) give
the same answer on a deck where they must. Fixture cards: tests/custom/duals/."""
import numpy as np
import pytest

from agents import GreedyAgent, RandomAgent
from agents.mulligan import RuleMulligans
from experiments.castability import castability
from simcore import consts as K
from simcore import layout as L
from simcore.cards.compile import make_pool
from simcore.decks import load_deck
from simcore.game import GameBatch, deck_ids
from simcore.mulligan import MulliganRule

from support import ROOT, ids

DUALS = ROOT / "tests" / "custom" / "duals"
POOL = make_pool([DUALS])
CT = POOL.compile()
W, R = 1 << 0, 1 << 3
SE = 4      # an estimate must be within this many standard errors of the exact value


def deck(tmp_path, name, lines):
    path = tmp_path / f"{name}.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, deck_ids(POOL, load_deck(path, POOL))


def test_each_land_type_and_each_printed_ability_is_a_source_autopay_may_use():
    """305.6: Plains and Mountain give "{T}: Add {W}" and "{T}: Add {R}"; both, like a
    second printed {T}: Add ability, are marked for autopay (a_simple), first to last."""
    for name in ("Test Foundry", "Test Grove"):
        c = POOL.card_id[name]
        a0, n = CT.card[c, L.C_ABIL0], CT.card[c, L.C_NABIL]
        rows = CT.abil[a0:a0 + n]
        mana = np.flatnonzero(rows[:, L.AB_KIND] == K.AK_MANA) + a0
        assert len(mana) == 2, name
        assert (CT.abil[mana, L.AB_SIMPLE] == 1).all(), name
        assert (CT.card[c, L.C_SIMPLE_MANA], CT.card[c, L.C_SIMPLE_LAST]) == \
            (mana[0], mana[1]), name
    # Graven Cairns' second ability has mana in its cost: not autopay's
    c = POOL.card_id["Graven Cairns"]
    assert CT.card[c, L.C_SIMPLE_MANA] == CT.card[c, L.C_SIMPLE_LAST]


def cast_shares(b, names):
    """Per card name: the share of b's games in which a copy of it was cast."""
    rec = b.records()
    out = {}
    for name in names:
        mine = (rec["card"] == POOL.card_id[name]) & (rec["owner"] == 0)
        out[name] = float(((rec["cast"] >= 0) & mine).any(axis=1).mean())
    return out


@pytest.mark.parametrize("land", ["Test Foundry", "Test Grove"])
def test_a_two_colour_land_pays_each_colour_in_games(tmp_path, land):
    """With only dual lands, a red spell and a white one are both cast (before the fix a
    land tapped for its first ability only: 0 of 300 goldfish games with Lightning Bolt
    killed), and burn kills the goldfish in every game."""
    _, d = deck(tmp_path, "boros", [f"24 {land}", "18 Lightning Bolt", "18 Savannah Lions"])
    b = GameBatch(POOL, d, None, n_games=200, seed=3, start="random", max_turns=30)
    b.play([GreedyAgent()], np.random.default_rng(1))
    shares = cast_shares(b, ["Lightning Bolt", "Savannah Lions"])
    assert shares["Lightning Bolt"] > 0.95 and shares["Savannah Lions"] > 0.95, shares
    _, d = deck(tmp_path, "burn", [f"24 {land}", "36 Lightning Bolt"])
    b = GameBatch(POOL, d, None, n_games=200, seed=3, start="random", max_turns=30)
    b.play([GreedyAgent()], np.random.default_rng(1))
    assert (b.results()["winner"] == 0).all()


def test_both_colours_of_one_spell_from_two_duals():
    """A spell costing {R}{W} on turn 2 with two duals on the battlefield: autopay taps one
    for each colour (a missing colour first; the source's types are all its abilities')."""
    d = np.array([POOL.card_id["Test Foundry"]] * 4 + [POOL.card_id["Test Grove"]] * 4
                 + [POOL.card_id["Test Strike"]] * 52, np.int64)
    b = GameBatch(POOL, d, None, n_games=300, seed=5, start="play", max_turns=4)
    rule = MulliganRule.parse("never").for_deck(CT, d)
    b.play([RuleMulligans(GreedyAgent(), rule)], np.random.default_rng(2))
    rec = b.records()
    strike = rec["card"] == POOL.card_id["Test Strike"]
    lands = np.isin(rec["card"], [POOL.card_id["Test Foundry"], POOL.card_id["Test Grove"]])
    played2 = ((rec["cast"] >= 1) & (rec["cast"] <= 2) & lands).sum(axis=1) >= 2
    cast2 = ((rec["cast"] >= 1) & (rec["cast"] <= 2) & strike).any(axis=1)
    assert played2.sum() > 50
    np.testing.assert_array_equal(cast2, played2)


def test_games_and_castability_agree_on_a_deck_of_duals(tmp_path):
    """Lands only, every land a dual, one spell ({R}{W}) cast on curve whenever castable:
    a game casts it by its own turn 2 exactly when castability (Karsten's count, every
    colour a land makes) says two lands paying both colours were drawn by turn 2 (a player
    who has drawn T lands by turn T has played one each turn). Both starts, no mulligans;
    the games' share is within 4 standard errors of castability's exact value."""
    path, d = deck(tmp_path, "duals", ["12 Test Foundry", "12 Test Grove", "36 Test Strike"])
    exact = castability(path, games=20_000, seed=1, mulligan="never", card_dirs=[DUALS],
                        progress=False)
    exact = exact[exact["spell"] == "Test Strike"].set_index("start")["exact_all"]
    rule = MulliganRule.parse("never").for_deck(CT, d)
    n = 3000
    for start in ("play", "draw"):
        b = GameBatch(POOL, d, None, n_games=n, seed=7, start=start, max_turns=3)
        b.play([RuleMulligans(GreedyAgent(), rule)], np.random.default_rng(3))
        rec = b.records()
        strike = rec["card"] == POOL.card_id["Test Strike"]
        p = ((rec["cast"] >= 1) & (rec["cast"] <= 2) & strike).any(axis=1).mean()
        q = float(exact[start])
        se = np.sqrt(q * (1 - q) / n)
        assert abs(p - q) < SE * se, (start, p, q)


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_options_audit_agrees_with_dual_lands(tmp_path, agent):
    """The options audit (F_OPT_AUDIT: every shortcut of the priority check also runs the
    full check, and a kept potential mana is counted again) finds no disagreement in games
    whose lands have two abilities, and audited games are the games played without it."""
    _, d0 = deck(tmp_path, "a", ["10 Test Foundry", "10 Test Grove", "4 Mountain",
                                 "12 Test Strike", "12 Lightning Bolt", "12 Savannah Lions"])
    d1 = ids("goblins_burn_blight")
    runs, ways = [], 0
    for audit in (0, 1):
        b = GameBatch(POOL, d0, d1, n_games=120, seed=12, start="random", max_turns=20)
        b.fw.fl[:, L.F_OPT_AUDIT] = audit
        ag = RandomAgent() if agent == "random" else GreedyAgent()
        b.play([ag, ag], np.random.default_rng(6))
        assert b.fw.fl[:, L.F_OPT_MISSED].sum() == 0
        ways |= np.bitwise_or.reduce(b.fw.fl[:, L.F_OPT_AUDIT])
        runs.append(b.results())
    for k in runs[0]:
        np.testing.assert_array_equal(runs[0][k], runs[1][k], err_msg=k)
    assert ways & 64, "no kept potential mana was counted again"
