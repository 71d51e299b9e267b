"""search_library (701.23) beyond what a scenario's expectations can see: the card a search
puts onto the battlefield "tapped" is tapped, the one put there plainly is not (the scenario
format has no ref for a card found in a library). Runs tests/custom/scenarios/search_library.toml's
scenarios and reads the state they end in."""
from pathlib import Path

from simcore import consts as K
from simcore import layout as L
from simcore.scenario import Runner, load_scenarios, make_pool_for

CUSTOM = Path(__file__).parent / "custom"
ITEMS = load_scenarios([CUSTOM / "scenarios" / "search_library.toml"])
POOL = make_pool_for(ITEMS, [CUSTOM / "cards"])


def end_state(name):
    (scen,) = [s for _, s in ITEMS if s["name"] == name]
    r = Runner(POOL, "search_library.toml", scen, audit_options=True)
    r.run()
    assert r.options_missed == 0
    return r.st


def found_lands(st):
    """(card name, tapped) of player 0's lands on the battlefield."""
    obj = st.obj[0]
    return sorted((POOL.names[obj[L.O_CARD, i]], bool(obj[L.O_TAPPED, i]))
                  for i in range(obj.shape[1])
                  if obj[L.O_CARD, i] >= 0 and obj[L.O_ZONE, i] == K.Z_BATTLEFIELD and
                  obj[L.O_CTRL, i] == 0)


def test_put_onto_the_battlefield_tapped_or_not():
    assert found_lands(end_state("a basic land put onto the battlefield tapped")) == \
        [("Forest", True)]
    assert found_lands(end_state("fetch land: pay 1 life, sacrifice it, put a Forest onto "
                                 "the battlefield untapped")) == [("Forest", False)]
