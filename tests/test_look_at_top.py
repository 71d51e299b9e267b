"""look_at_top beyond what a scenario's expectations can see (the order of the library): the
cards not taken go to the bottom in the order they were ("in any order" is the owner's
choice, 401.4; the engine keeps the order), or in a random order when the text says so.
Runs tests/custom/scenarios/look_at_top.toml's scenarios and reads the state they end in."""
from pathlib import Path

from simcore import layout as L
from simcore.scenario import Runner, load_scenarios, make_pool_for

CUSTOM = Path(__file__).parent / "custom"
ITEMS = load_scenarios([CUSTOM / "scenarios" / "look_at_top.toml"])
POOL = make_pool_for(ITEMS, [CUSTOM / "cards"])


class SeededRunner(Runner):
    """A scenario whose game draws from another random stream (the format has no seed)."""
    seed = 0

    def setup(self):
        super().setup()
        self.st.rng[0] = self.seed


def end_state(name, seed=0):
    (scen,) = [s for _, s in ITEMS if s["name"] == name]
    r = SeededRunner(POOL, "look_at_top.toml", scen, audit_options=True)
    r.seed = seed
    r.run()
    assert r.options_missed == 0
    return r.st


def library(st, p=0):
    """Player p's library, top card first, by name."""
    n = st.pl[0, L.PL_LIB_N, p]
    return [POOL.names[st.obj[0, L.O_CARD, st.lib[0, p, k]]] for k in range(n - 1, -1, -1)]


def test_the_rest_go_to_the_bottom_in_the_order_they_were():
    st = end_state("Impulse: one of the top four into the hand, the rest on the bottom")
    assert library(st) == ["Mountain", "Island", "Forest", "Swamp"]


def test_a_random_order_is_random_and_keeps_the_cards():
    name = "Collected Company: two creatures with mana value 3 or less onto the battlefield"
    orders = set()
    for seed in range(1, 13):
        lib = library(end_state(name, seed))
        assert sorted(lib[1:]) == ["Forest", "Hill Giant", "Island", "Plains"]
        assert lib[0] == "Swamp"        # the seventh card was not looked at
        orders.add(tuple(lib))
    # 24 orders; 12 draws all equal has probability 24 ** -11
    assert len(orders) > 1
