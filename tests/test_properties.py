"""Property tests (hypothesis) over random positions and random actions, answering the
engine's questions with random legal (and sometimes illegal) options:
- after state-based actions no permanent holds both +1/+1 and -1/-1 counters (704.5q);
- counters and mana are never negative;
- a refused action leaves the state byte-for-byte unchanged;
- every state-based check the engine skipped (kernels/sbamark.py) would have found nothing
  (scenario runs audit them: G_SBA_MISSED stays 0).
"""
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from simcore import consts as K
from simcore.cards.compile import make_pool
from simcore.kernels.counters import cancel_counters_py
from simcore.layout import (
    G_ASK_KIND,
    G_ASK_MAX,
    G_ASK_MIN,
    G_ASK_N,
    G_SBA_MISSED,
    O_CARD,
    O_ZONE,
)
from simcore.scenario import Runner
from simcore.state import copy_state, game_arrays, zone_bits_ok

POOL = make_pool()
CREATURES = ["Grizzly Bears", "Llanowar Elves", "Young Wolf", "Kitchen Finks",
             "Hangarback Walker", "Broodguard Elite", "Walking Ballista", "Gristle Glutton",
             "High Perfect Morcant", "Order of Whiteclay"]
OTHERS = ["The Ozolith", "Everflowing Chalice", "Forest", "Mana Reflection"]
HAND = ["Grim Affliction", "Lightning Bolt", "Contentious Plan", "Black Sun's Zenith",
        "Burning Curiosity", "Bogslither's Embrace", "Endless One"]

counters = hs.fixed_dictionaries({}, optional={"+1/+1": hs.integers(0, 3),
                                               "-1/-1": hs.integers(0, 3),
                                               "charge": hs.integers(0, 2)})
permanent = hs.fixed_dictionaries({
    "card": hs.sampled_from(CREATURES + OTHERS),
    "controller": hs.integers(0, 1),
    "tapped": hs.booleans(),
    "counters": counters,
})
player = hs.fixed_dictionaries({
    "life": hs.integers(1, 20),
    "counters": hs.fixed_dictionaries({}, optional={"poison": hs.integers(0, 9)}),
    "hand": hs.lists(hs.sampled_from(HAND), max_size=3),
    "library": hs.lists(hs.sampled_from(CREATURES + HAND), max_size=4),
    "mana": hs.sampled_from(["", "{B}{B}{C}", "{R}", "{U}{C}{C}", "{B}{B}{B}{C}{C}{C}",
                             "{R}{C}{C}"]),
})


@hs.composite
def positions(draw):
    perms = draw(hs.lists(permanent, min_size=1, max_size=6))
    for k, p in enumerate(perms):
        p["ref"] = f"o{k}"
    return {"name": "random position", "player": draw(hs.lists(player, min_size=2, max_size=2)),
            "permanent": perms}


def random_action(data, r):
    st = r.st
    slots = [i for i in range(st.obj.shape[2]) if st.obj[0, O_CARD, i] >= 0]
    kind = data.draw(hs.sampled_from(["put", "proliferate", "blight", "damage", "cast",
                                      "resolve", "activate", "destroy", "advance"]))
    slot = data.draw(hs.sampled_from(slots))
    if kind == "put":
        return [K.A_PUT_COUNTERS, slot, data.draw(hs.integers(0, 1)), data.draw(hs.integers(0, 3))]
    if kind == "proliferate":
        return [K.A_PROLIFERATE, data.draw(hs.integers(0, 1))]
    if kind == "blight":
        return [K.A_BLIGHT, data.draw(hs.integers(0, 1)), data.draw(hs.integers(1, 3))]
    if kind == "damage":
        return [K.A_DAMAGE, slot, data.draw(hs.integers(1, 4))]
    if kind == "cast":
        return [K.A_CAST, slot, data.draw(hs.integers(0, 2)), 0, 0]
    if kind == "resolve":
        return [K.A_RESOLVE]
    if kind == "activate":
        return [K.A_ACTIVATE, slot, data.draw(hs.integers(0, 2))]
    if kind == "destroy":
        return [K.A_DESTROY, slot]
    return [K.A_ADVANCE, data.draw(hs.integers(0, 11)), -1]


def answer(data, st):
    """A random answer to the open question: usually legal, sometimes not."""
    kind = int(st.gm[0, G_ASK_KIND])
    opts = [int(x) for x in st.ask_opts[0, :st.gm[0, G_ASK_N]]]
    if data.draw(hs.integers(0, 9)) == 0:
        return (False, [12345])           # an illegal value: the action must be refused
    if kind in (K.ASK_OBJECTS, K.ASK_CARDS, K.ASK_COUNTERS):
        lo, hi = int(st.gm[0, G_ASK_MIN]), int(st.gm[0, G_ASK_MAX])
        n = data.draw(hs.integers(lo, max(lo, min(hi, len(opts)))))
        if kind == K.ASK_COUNTERS:
            return (True, [data.draw(hs.sampled_from(opts)) for _ in range(n)])
        return (True, data.draw(hs.permutations(opts))[:n])
    return (False, [data.draw(hs.sampled_from(opts))])


def check_invariants(st):
    assert (st.o_counters >= 0).all(), "negative counters on an object"
    assert (st.p_counters >= 0).all(), "negative counters on a player"
    assert (st.p_pool >= 0).all(), "negative mana"


def check_no_both_kinds(st):
    bf = st.obj[0, O_ZONE] == K.Z_BATTLEFIELD
    both = bf & (st.o_counters[0, K.CK_PLUS] > 0) & (st.o_counters[0, K.CK_MINUS] > 0)
    assert not both.any(), "a permanent holds both +1/+1 and -1/-1 counters after SBAs"


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(positions(), hs.data())
def test_random_play_keeps_invariants(pos, data):
    r = Runner(POOL, "<hypothesis>", pos)
    r.setup()
    for _ in range(8):
        act = random_action(data, r)
        before = copy_state(r.st)
        refused = r.act(act, [], "property", answer_fn=lambda st: answer(data, st))
        check_invariants(r.st)
        if refused is None:
            check_no_both_kinds(r.st)
            assert r.st.gm[0, G_SBA_MISSED] == 0, "a skipped state-based check had work"
            assert zone_bits_ok(r.st), "o_zone_bits does not match the objects' zones"
        elif all(a.shape == b.shape for a, b in zip(r.st, before)):
            for (name, a), (_, b) in zip(game_arrays(r.st), game_arrays(before)):
                assert np.array_equal(a, b), f"{name} changed by a refused action: {refused}"


@given(hs.lists(hs.integers(0, 200), min_size=1, max_size=64), hs.data())
@settings(max_examples=100, deadline=None)
def test_cancel_counters_matches_reference(plus, data):
    """704.5q kernel against a plain-Python reference (122.3: remove N of each)."""
    minus = data.draw(hs.lists(hs.integers(0, 200), min_size=len(plus), max_size=len(plus)))
    p = np.array(plus, np.int16)
    m = np.array(minus, np.int16)
    changed = cancel_counters_py(p, m)
    for i in range(len(plus)):
        n = min(plus[i], minus[i])
        assert p[i] == plus[i] - n and m[i] == minus[i] - n
        assert p[i] == 0 or m[i] == 0
    assert changed == sum(1 for a, b in zip(plus, minus) if min(a, b) > 0)
