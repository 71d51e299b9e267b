import pytest
from hypothesis import given
from hypothesis import strategies as st

from simcore.cards.manastr import (
    ManaCost,
    format_mana,
    format_pool,
    mana_value,
    parse_activation_cost,
    parse_mana,
    parse_pool,
)
from simcore.errors import PlaytestError

W, U, B, R, G, C = range(6)


def test_empty_cost():
    c = parse_mana("", "here")
    assert c == ManaCost(0, (0,) * 6, (), 0)
    assert mana_value(c) == 0
    assert c.is_empty


def test_generic_and_colored():
    c = parse_mana("{2}{G}{G}", "here")
    assert c.generic == 2
    assert c.pips == (0, 0, 0, 0, 2, 0)
    assert c.hybrid == () and c.x == 0
    assert mana_value(c) == 4


def test_every_color_and_colorless():
    c = parse_mana("{W}{U}{B}{R}{G}{C}{C}", "here")
    assert c.pips == (1, 1, 1, 1, 1, 2)
    assert mana_value(c) == 7


def test_x_counts_zero():
    c = parse_mana("{X}{X}", "here")
    assert c.x == 2 and mana_value(c) == 0
    c = parse_mana("{X}{G}{U}", "here")
    assert c.x == 1 and mana_value(c) == 2


def test_hybrid_counts_one():
    c = parse_mana("{1}{G/W}{G/W}", "here")
    assert c.hybrid == ((G, W), (G, W))
    assert c.generic == 1
    assert mana_value(c) == 3
    assert parse_mana("{B/R}", "x").hybrid == ((B, R),)


def test_zero_and_big_generic():
    assert parse_mana("{0}", "x").generic == 0
    assert mana_value(parse_mana("{0}", "x")) == 0
    assert parse_mana("{99}", "x").generic == 99
    assert parse_mana("{10}{R}", "x").generic == 10


@pytest.mark.parametrize("bad", ["{Q}", "{T}", "{G", "G}", "GG", "{Z}", "{G/G}", "{2/W}",
                                 "{100}", "{g}", "{G} {G}", "{}", "{W/P}", "{G/C}", "{-1}",
                                 "{1}x", "{01}"])
def test_bad_mana(bad):
    with pytest.raises(PlaytestError) as e:
        parse_mana(bad, "cards/foo.toml: key 'cost'")
    msg = str(e.value)
    assert msg.startswith("cards/foo.toml: key 'cost': ")
    assert "\n" not in msg


def test_bad_mana_names_symbol():
    with pytest.raises(PlaytestError, match=r'"\{Z\}"'):
        parse_mana("{1}{Z}", "where")


def test_format_mana_round_trip():
    for s in ["{X}{G}{G}", "{1}{G/W}{G/W}", "{2}", "{W}{U}{B}{R}{G}{C}", "{X}{X}", ""]:
        assert format_mana(parse_mana(s, "x")) == s


@pytest.mark.parametrize("s,mana,tap,untap", [
    ("{T}", "", True, False),
    ("{Q}", "", False, True),
    ("{2}, {Q}", "{2}", False, True),
    ("{B/R}, {T}", "{B/R}", True, False),
    ("{1}", "{1}", False, False),
    ("", "", False, False),
    ("{1}{W}{W}, {Q}", "{1}{W}{W}", False, True),
    ("{1},{T}", "{1}", True, False),
])
def test_activation_cost(s, mana, tap, untap):
    cost, t, q = parse_activation_cost(s, "x")
    assert format_mana(cost) == mana
    assert (t, q) == (tap, untap)


@pytest.mark.parametrize("bad", ["{T}{1}", "{T}, {T}", "{1}, ", ",", "{Z}", "T", "{T}, {Q}",
                                 "{1}, {2}", " "])
def test_bad_activation_cost(bad):
    with pytest.raises(PlaytestError) as e:
        parse_activation_cost(bad, "f.toml: card 'A': key 'abilities[0].cost'")
    assert str(e.value).startswith("f.toml: card 'A': key 'abilities[0].cost': ")


def test_format_pool():
    assert format_pool([0, 0, 0, 0, 2, 1]) == "{G}{G}{C}"
    assert format_pool([0] * 6) == ""
    assert format_pool([1, 1, 1, 1, 1, 1]) == "{W}{U}{B}{R}{G}{C}"


def test_parse_pool():
    assert parse_pool("{G}{G}{C}", "x") == [0, 0, 0, 0, 2, 1]
    assert parse_pool("", "x") == [0] * 6
    assert parse_pool("{C}{G}", "x") == [0, 0, 0, 0, 1, 1]


@pytest.mark.parametrize("bad", ["{2}", "{X}", "{G/W}", "GG", "{G", "{Q}"])
def test_bad_pool(bad):
    with pytest.raises(PlaytestError, match="^scenario 'a': key 'mana': "):
        parse_pool(bad, "scenario 'a': key 'mana'")


@given(st.lists(st.integers(0, 20), min_size=6, max_size=6))
def test_pool_round_trip(counts):
    assert parse_pool(format_pool(counts), "x") == counts


@given(st.integers(0, 99), st.lists(st.integers(0, 4), min_size=6, max_size=6),
       st.integers(0, 3))
def test_cost_round_trip(generic, pips, x):
    c = ManaCost(generic, tuple(pips), (), x)
    assert parse_mana(format_mana(c), "x") == c
