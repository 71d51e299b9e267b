"""Every rules scenario, public (../shared/scenarios) and the project's own (tests/scenarios),
through the same kernels the engine uses: one pytest case per scenario."""
from pathlib import Path

import pytest

from simcore.layout import G_SBA_MISSED
from simcore.scenario import Failed, Malformed, Runner, load_scenarios, make_pool_for
from simcore.state import zone_bits_ok

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "scenarios"
OWN = ROOT / "tests" / "scenarios"
PATHS = [p for p in (SHARED, OWN) if p.exists()]
ITEMS = load_scenarios(PATHS)
POOL = make_pool_for(ITEMS)


def _id(item):
    f, s = item
    name = s.get("name", "?") if isinstance(s, dict) else "malformed"
    return f"{Path(f).stem}: {name}"


@pytest.mark.parametrize("item", ITEMS, ids=[_id(i) for i in ITEMS])
def test_scenario(item):
    f, s = item
    assert not isinstance(s, Malformed), str(s)
    r = Runner(POOL, f, s, audit_options=True)
    try:
        r.run()
    except Failed as e:
        pytest.fail(f"{r.name}: {e}")
    except Malformed as e:
        pytest.fail(f"malformed: {e}")
    # every state-based check the engine skipped would have found nothing (kernels/sbamark.py)
    assert r.st.gm[0, G_SBA_MISSED] == 0, "a write to an input of 704.5 did not mark the game"
    assert zone_bits_ok(r.st), "o_zone_bits does not match the objects' zones (zonebits.py)"
    # at every step, both players' priority options decided by the shortcuts (castability
    # and activations from costs, targets and timing; skipped instant-speed scans) are those
    # of the full check, a dry run on a copy (issue 18 step 3: kernels/options.py)
    assert r.options_missed == 0, "a priority-option shortcut disagreed with the dry run"


def test_the_option_audit_sees_every_shortcut_in_the_scenarios():
    """The audit above has work to do: over all scenarios, options are decided by mana
    counts (2), by autopay run in place (4), activations decided in place (16), scans
    skipped for want of a candidate (8) or of mana for any (32), and kept potential mana
    counted again (64: kernels/manamark.py)."""
    ways = 0
    for f, s in ITEMS:
        r = Runner(POOL, f, s, audit_options=True)
        r.run()
        ways |= r.options_audit
    assert ways & 2 and ways & 4 and ways & 8 and ways & 16 and ways & 32 and ways & 64, ways


def test_public_scenarios_present():
    """The public suite must be found beside the checkout (CI copies ../shared)."""
    assert SHARED.exists(), f"{SHARED} is missing"
    assert sum(1 for f, _ in ITEMS if str(f).startswith(str(SHARED))) >= 72


def test_every_builtin_card_has_its_own_scenario_file():
    names = [n for n in POOL.names if not POOL.defs[n].get("token")]
    files = {p.stem for p in (OWN / "cards").glob("*.toml")}
    missing = [n for n in names if Path(POOL.defs[n]["_file"]).stem not in files]
    assert not missing, f"cards without a scenario file in tests/scenarios/cards: {missing}"


def test_user_cards_and_scenarios_with_cards_flag(capsys):
    """--cards DIR adds a user's card folder; scenarios can use those cards."""
    from simcore.scenario import run_scenarios
    custom = ROOT / "tests" / "custom"
    passed, failed, malformed = run_scenarios([custom / "scenarios"], [custom / "cards"])
    out = capsys.readouterr().out
    assert (passed, failed, malformed) == (40, 0, 0), out
