"""The land-window mulligan rule (simcore/mulligan.py, players/mulligan_rule.py): each branch
on hand-built hands, what lands make, the agent wrapper through check_agent and in games,
and a run's mulligan rate against the exact hypergeometric probability."""
import math

import numpy as np
import pytest

from agents import GreedyAgent, RandomAgent
from agents.mulligan import RuleMulligans
from experiments.cli import main
from experiments.simulate import simulate
from simcore import consts as K
from simcore import layout as L
from simcore.errors import PlaytestError
from simcore.game import GameBatch
from simcore.lands import card_facts, deck_weights
from simcore.mulligan import KARSTEN, MulliganRule
from simcore.testing import check_agent

from support import DECKS, POOL, ids

CT = POOL.compile()
ID = POOL.card_id


def hand(*names):
    """Card ids of the named cards, "3 Forest" for three of them."""
    out = []
    for n in names:
        k, _, name = n.partition(" ")
        if k.isdigit():
            out += [ID[name]] * int(k)
        else:
            out.append(ID[n])
    return out


ELVES = KARSTEN.for_deck(CT, ids("elves_morcant"))           # B and G (G asked for most)
# a black-red deck: Swamps, Mountains, Graven Cairns (B/R), Mutavault (colourless)
BR = np.array(hand("8 Swamp", "8 Mountain", "4 Graven Cairns", "4 Mutavault", "12 Murder",
                   "12 Lightning Bolt", "12 Shock"), np.int64)
BR_RULE = KARSTEN.for_deck(CT, BR)


def decide(rule, cards, mulligans):
    keep, kept = rule.decide_hands(CT, [cards], mulligans)
    return bool(keep[0]), sorted(POOL.names[c] for c in kept[0] if c >= 0)


def bottomed(rule, cards, mulligans):
    """The cards the rule puts on the bottom (it must keep the hand)."""
    keep, kept = decide(rule, cards, mulligans)
    assert keep
    left = sorted(POOL.names[c] for c in cards)
    for c in kept:
        left.remove(c)
    return left


def test_what_lands_make_is_read_from_their_mana_abilities():
    f = card_facts(CT)
    W, U, B, R, G, C = (1 << t for t in range(6))
    assert f.makes[ID["Forest"]] == G and f.is_land[ID["Forest"]]
    assert f.makes[ID["Graven Cairns"]] == B | R | C        # {C}, or {B/R}: BB, BR, RR
    assert f.makes[ID["Mutavault"]] == C
    assert f.makes[ID["Dryad Arbor"]] == G and f.is_land[ID["Dryad Arbor"]]
    assert f.makes[ID["Reflecting Pool"]] == 0 and f.is_land[ID["Reflecting Pool"]]
    # a mana creature is no land (Karsten counts lands only)
    assert not f.is_land[ID["Llanowar Elves"]] and f.makes[ID["Llanowar Elves"]] == 0
    assert f.mv[ID["Walking Ballista"]] == 0 and f.mv[ID["Lava Axe"]] == 5
    assert deck_weights(CT, hand("4 Forest", "2 Lightning Bolt", "3 Elvish Archdruid")) == \
        (0, 0, 0, 2, 6, 0)


def test_parse_and_name():
    assert MulliganRule.parse("2-5") == KARSTEN and KARSTEN.name == "keep 2-5"
    assert MulliganRule.parse(" 0 - 7 ").name == "keep 0-7"
    assert MulliganRule.parse("never").name == "never"
    for bad, why in (("5-2", "5 is more than 2"), ("2-8", "at most 7 lands"),
                     ("x", "got 'x'"), ("-1-5", "got '-1-5'"), ("2", "got '2'")):
        with pytest.raises(PlaytestError, match=why):
            MulliganRule.parse(bad)
    with pytest.raises(PlaytestError, match="not bound to a deck"):
        KARSTEN.decide_hands(CT, [hand("7 Forest")], 0)


@pytest.mark.parametrize("lands,keep", [(0, False), (1, False), (2, True), (5, True),
                                        (6, False), (7, False)])
def test_seven_cards_keep_with_the_window(lands, keep):
    cards = hand(f"{lands} Forest", f"{7 - lands} Llanowar Elves")
    got, kept = decide(ELVES, cards, 0)
    assert got == keep
    assert kept == (sorted(POOL.names[c] for c in cards) if keep else [])


def test_the_window_is_the_users():
    three = hand("3 Forest", "4 Llanowar Elves")
    assert decide(MulliganRule(3, 3).for_deck(CT, ids("elves_morcant")), three, 0)[0]
    assert not decide(MulliganRule(4, 6).for_deck(CT, ids("elves_morcant")), three, 0)[0]
    never = MulliganRule(never=True).for_deck(CT, ids("elves_morcant"))
    assert decide(never, hand("7 Forest"), 0)[0] and decide(never, hand("7 Murder"), 0)[0]


@pytest.mark.parametrize("lands,mulligans,keep", [
    # six cards (one to the bottom): 2-4 lands kept
    (1, 1, False),      # 1 land, 6 spells: a spell goes, 1 land left
    (2, 1, True),       # a spell goes: 2 lands
    (4, 1, True),       # 3 spells: a land goes (toward three): 3 lands
    (5, 1, True),       # a land goes: 4 lands
    (6, 1, False),      # a land goes: 5 lands
    # five cards (two to the bottom, toward three lands and two spells)
    (1, 2, False), (2, 2, True), (5, 2, True), (6, 2, True), (7, 2, False),
    # four cards: always kept
    (0, 3, True), (7, 3, True),
])
def test_after_a_mulligan_bottom_toward_three_lands_and_keep_two_to_four(lands, mulligans,
                                                                        keep):
    cards = hand(f"{lands} Forest", f"{7 - lands} Llanowar Elves")
    got, kept = decide(ELVES, cards, mulligans)
    assert got == keep
    if keep:
        size = 7 - mulligans
        left = sum(k == "Forest" for k in kept)
        assert len(kept) == size
        # Karsten's bottoming: toward three lands, the rest spells
        spells = 7 - lands
        assert left == lands - max(0, mulligans - max(0, spells - (size - 3)))


def test_which_spell_goes_the_costliest():
    # three spells over three: a spell goes, the highest mana value first
    assert bottomed(ELVES, hand("2 Forest", "Llanowar Elves", "Elvish Archdruid",
                                "Priest of Titania", "Elvish Visionary", "Elvish Promenade"),
                    1) == ["Elvish Promenade"]
    assert bottomed(ELVES, hand("2 Forest", "Llanowar Elves", "Elvish Archdruid",
                                "Priest of Titania", "Elvish Visionary", "Elvish Promenade"),
                    2) == ["Elvish Archdruid", "Elvish Promenade"]


def test_which_land_goes_one_that_makes_none_of_the_decks_colours_first():
    # four lands and three spells at six: a land goes; Mutavault makes only {C}
    assert bottomed(BR_RULE, hand("Swamp", "Mountain", "Graven Cairns", "Mutavault",
                                  "3 Murder"), 1) == ["Mutavault"]
    # an Island makes none of the black-green deck's colours
    assert bottomed(ELVES, hand("Forest", "Swamp", "Island", "Forest", "3 Murder"), 1) == \
        ["Island"]


def test_which_land_goes_a_colour_the_other_lands_make_too():
    # three Forests and a Swamp: a Forest goes, not the only black source
    assert bottomed(ELVES, hand("3 Forest", "Swamp", "3 Murder"), 1) == ["Forest"]
    # two Swamps, a Mountain and Graven Cairns (B/R): black is made three times, red twice
    assert bottomed(BR_RULE, hand("2 Swamp", "Mountain", "Graven Cairns", "3 Murder"), 1) \
        == ["Swamp"]
    # a basic before a dual whose colours are made as often; black and red are asked for
    # equally, so the lower mana type goes (WUBRG order)
    assert BR_RULE.weights[K.M_B] == BR_RULE.weights[K.M_R]
    assert bottomed(BR_RULE, hand("Swamp", "Mountain", "2 Graven Cairns", "3 Murder"), 1) \
        == ["Swamp"]


def test_which_land_goes_a_colour_the_deck_asks_for_less():
    # two Forests, two Swamps: the elves' costs ask for green 39 times, black 12
    assert ELVES.weights[K.M_G] > ELVES.weights[K.M_B]
    assert bottomed(ELVES, hand("2 Forest", "2 Swamp", "3 Murder"), 1) == ["Swamp"]
    assert bottomed(ELVES, hand("3 Forest", "3 Swamp", "Murder"), 2) == ["Forest", "Swamp"]


def test_the_order_of_a_hand_does_not_matter():
    """The choice depends on the cards held only (the exact count relies on it)."""
    rng = np.random.default_rng(3)
    deck = ids("elves_morcant")
    for _ in range(200):
        cards = rng.choice(deck, 7, replace=False)
        m = int(rng.integers(0, 4))
        a = ELVES.decide_hands(CT, [cards], m)
        b = ELVES.decide_hands(CT, [rng.permutation(cards)], m)
        assert a[0][0] == b[0][0]
        assert sorted(a[1][0]) == sorted(b[1][0])


@pytest.mark.parametrize("deck,agent", [("elves_morcant", GreedyAgent),
                                        ("goblins_burn_blight", RandomAgent)])
def test_the_wrapper_passes_check_agent(deck, agent):
    rule = MulliganRule(3, 4).for_deck(CT, ids(deck))
    wrapped = RuleMulligans(agent(), rule)
    report = check_agent(wrapped, [DECKS / f"{deck}.txt"] * 2, games=12, seed=2,
                         max_turns=8, pool=POOL)
    assert {"legal actions", "deterministic", "does not write the view",
            "batch independent", "reads_only_visible"} <= set(report["checks"])
    assert ("per_game" in report["checks"]) == agent.per_game
    assert wrapped.uses_random == agent.uses_random


def test_a_wrapper_needs_a_rule_bound_to_a_deck():
    with pytest.raises(PlaytestError, match="bound to the player's deck"):
        RuleMulligans(GreedyAgent(), MulliganRule(2, 5))


def test_games_keep_what_the_rule_keeps():
    """Played through the engine: each kept hand is what the rule allows (2-5 lands at
    seven, 2-4 at six and five), with 7 - m cards after m mulligans, never more than 3."""
    deck = ids("elves_morcant")
    rule = MulliganRule(3, 4).for_deck(CT, deck)
    agent = RuleMulligans(GreedyAgent(), rule)
    b = GameBatch(POOL, deck, None, n_games=400, seed=7, start="play")
    b.start()
    rng = np.random.default_rng(0)
    kept = {}           # game -> its hand when the mulligans were over (on the play: no draw)
    while len(kept) < b.n_games:
        for g in np.flatnonzero(~np.isin(b.fw.fl[:, L.F_DKIND], (K.D_MULLIGAN, K.D_BOTTOM))):
            kept.setdefault(int(g), (b.mulligans(g, 0), b.zone_cards(g, 0, K.Z_HAND)))
        b.step(b.ask_agents([agent], b.view([agent]), b.legal_mask(), rng))
    seen = set()
    for g, (m, cards) in kept.items():
        lands = sum(POOL.names[c] in ("Forest", "Swamp") for c in cards)
        assert len(cards) == 7 - m and m <= 3
        if m == 0:
            assert 3 <= lands <= 4
        elif m < 3:
            assert 2 <= lands <= 4
        seen.add(m)
    assert seen == {0, 1, 2, 3}


def p_lands_in_seven(lands, deck, lo, hi):
    return sum(math.comb(lands, k) * math.comb(deck - lands, 7 - k)
               for k in range(lo, hi + 1)) / math.comb(deck, 7)


def test_the_mulligan_rate_of_a_run_is_the_hypergeometric_one():
    """`--keep 2-5`: a game mulligans (at least once) when its first seven hold fewer than 2
    or more than 5 lands: mono-green has 23 lands in 60 cards. The share of games with a
    mulligan is within 3 standard errors of that exact probability."""
    n = 4000
    df = simulate(DECKS / "mono_green_curve.txt", games=n, seed=11, max_turns=1,
                  mulligan="2-5", progress=False)
    p = 1 - p_lands_in_seven(23, 60, 2, 5)
    got = (df["mulligans0"] > 0).mean()
    se = math.sqrt(p * (1 - p) / n)
    assert abs(got - p) <= 3 * se, (got, p, se)
    assert (df["mulligan"] == "keep 2-5").all()
    never = simulate(DECKS / "mono_green_curve.txt", games=200, seed=11, max_turns=1,
                     mulligan="never", progress=False)
    assert (never["mulligans0"] == 0).all() and (never["mulligan"] == "never").all()


def test_two_decks_each_bottom_by_their_own_colours():
    df = simulate(DECKS / "elves_morcant.txt", vs=DECKS / "goblins_burn_blight.txt", games=40,
                  seed=3, max_turns=2, mulligan="3-4", progress=False)
    assert (df["mulligans0"] > 0).any() and (df["mulligans1"] > 0).any()
    agent = simulate(DECKS / "elves_morcant.txt", games=40, seed=3, max_turns=2,
                     progress=False)
    assert (agent["mulligan"] == "agent").all()


@pytest.mark.parametrize("argv,needle", [
    (["--keep", "5-2"], "argument --keep: expected LO-HI"),
    (["--keep", "2-9"], "at most 7 lands"),
    (["--keep", "two-five"], "got 'two-five'"),
    (["--mulligan", "sometimes"], "argument --mulligan: expected agent or never"),
    (["--mulligan", "never", "--keep", "2-5"], "not allowed with argument --mulligan"),
])
def test_simulate_refuses_a_bad_mulligan_rule(argv, needle, capsys):
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt")] + argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and needle in err
