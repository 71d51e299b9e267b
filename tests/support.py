"""What several test files share: the built-in card pool, the example decks, two decks that
hold every built-in card, and a subprocess on a terminal whose progress line is read."""
import os
import re
import select
import subprocess
import threading
import time
import tty
from pathlib import Path

import numpy as np
import pytest

from agents import GreedyAgent
from simcore import consts as K
from simcore import layout as L
from simcore.cards.compile import make_pool
from simcore.decks import load_deck
from simcore.game import deck_ids

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "examples" / "decks"
POOL = make_pool()


def ids(name):
    """Card ids of example deck `name` (examples/decks/NAME.txt)."""
    return deck_ids(POOL, load_deck(DECKS / f"{name}.txt", POOL))


def every_card_decks(pool=POOL):
    """Two 60-card decks that hold every built-in nonland card between them (the rest
    doubled), with 24 lands each: random play then meets every card's rules."""
    names = [n for n in pool.names if not pool.defs[n].get("token")]
    lands = [n for n in names if "land" in [t.lower() for t in pool.defs[n]["types"]]]
    spells = [n for n in names if n not in lands]
    basics = ["Forest", "Island", "Mountain", "Plains", "Swamp"] * 4
    other = [n for n in lands if n not in basics]
    decks = []
    for k in range(2):
        mine = spells[k::2]
        main = (mine + mine)[:36] + basics + (other[2 * k:] + other)[:4]
        decks.append(np.array([pool.card_id[n] for n in main], np.int64))
    assert {pool.names[c] for d in decks for c in d} >= set(spells)
    return decks


def play_greedy_watching(b, watch):
    """Play b's games to their end with greedy agents; watch(g, options, action, code) sees
    every priority decision: the descriptions of the legal actions and of the one chosen,
    and the chosen option's code (simcore/encoding.py priority_option; 0 for pass)."""
    agents, rng = [GreedyAgent(), GreedyAgent()], np.random.default_rng(0)
    b.start()
    while not b.done():
        mask = b.legal_mask()
        acts = b.ask_agents(agents[:1] if b.goldfish else agents, b.view(), mask, rng)
        for g in np.nonzero(b.fw.fl[:, L.F_DKIND] == K.D_PRIORITY)[0]:
            code = b.fw.opts[g, acts[g] - 1] if acts[g] > 0 else 0
            watch(g, [b.describe_action(g, k) for k in np.nonzero(mask[g])[0]],
                  b.describe_action(g, acts[g]), code)
        b.step(acts)


def spawn_on_terminal(args, **kw):
    """Popen(args) with stdout piped and stderr on a pseudo-terminal, as at a person's
    terminal, where the progress line is rewritten after every chunk (into a pipe it comes
    every 10 s: experiments/progress.py); `proc.stderr` reads the terminal. End it with
    `finish`."""
    master, slave = os.openpty()
    tty.setraw(slave)                   # no "\n" -> "\r\n": the bytes as written
    try:
        proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=slave, **kw)
    finally:
        os.close(slave)
    proc.stderr = os.fdopen(master, "rb", buffering=0)
    return proc


def finish(proc, timeout=120):
    """Wait for a process of `spawn_on_terminal`: (its stdout, the rest of its stderr)."""
    term, proc.stderr, err = proc.stderr, None, []

    def drain():
        while True:
            try:
                chunk = os.read(term.fileno(), 4096)
            except OSError:             # EIO: the process and its terminal are gone
                return
            if not chunk:
                return
            err.append(chunk)
    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        stdout, _ = proc.communicate(timeout=timeout)
    finally:
        reader.join(10)
        term.close()
    return stdout, b"".join(err)


def progress(proc, at_least, timeout=300):
    """Read the run's stderr until its progress line counts `at_least` finished games."""
    seen, end = b"", time.time() + timeout
    while time.time() < end:
        ready, _, _ = select.select([proc.stderr], [], [], 1.0)
        if ready:
            chunk = os.read(proc.stderr.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
            done = re.findall(rb"(\d+)/\d+ games", seen)
            if done and int(done[-1]) >= at_least:
                return seen
    raise AssertionError(f"no progress to {at_least} games: {seen.decode()[-500:]}")


def assert_same_states(a, b, games=None):
    """States a and b hold the same games (all, or those listed), array by array; the
    potential mana kept for checks (layout.GM_CACHE_FIELDS, kernels/manamark.py) only
    where both kept it, since which checks asked for it may differ."""
    from simcore import layout as L
    from simcore.state import game_arrays
    games = np.arange(a.gm.shape[0]) if games is None else np.asarray(games)
    keep = [L.GM_FIELDS.index(f) for f in L.GM_FIELDS if f not in L.GM_CACHE_FIELDS]
    for (name, x), (_, y) in zip(game_arrays(a), game_arrays(b)):
        x, y = x[games], y[games]
        if name == "gm":
            both = x[:, L.G_POT_KNOWN] & y[:, L.G_POT_KNOWN]
            for p in range(2):
                kept = (both >> p) & 1 == 1
                assert np.array_equal(x[kept, L.G_POT0 + p], y[kept, L.G_POT0 + p]), \
                    ("kept potential mana", p)
            x, y = x[:, keep], y[:, keep]
        assert np.array_equal(x, y), name


@pytest.fixture
def nothing_played(monkeypatch):
    """A run that starts fails the test: whatever is checked must be checked first."""
    from experiments import runner

    def played(*a, **k):
        raise AssertionError("a game was played")
    monkeypatch.setattr(runner, "run_chunks", played)


def custom_folder(area):
    """A folder of test cards and their rules scenarios, tests/custom/AREA/{cards,scenarios}:
    (its cards folder, its scenario items, the pool they need)."""
    from simcore.scenario import load_scenarios, make_pool_for
    here = ROOT / "tests" / "custom" / area
    items = load_scenarios([here / "scenarios"])
    return here / "cards", items, make_pool_for(items, [here / "cards"])


def scenario_id(item):
    f, s = item
    return f"{Path(f).stem}: {s.get('name', '?') if isinstance(s, dict) else 'malformed'}"


def run_audited(pool, item):
    """One rules scenario as tests/test_scenarios.py runs the built-in ones: it names its
    rule, plays with the options audit on, and no state-based or option shortcut missed."""
    from simcore.scenario import Failed, Malformed, Runner
    from simcore.state import zone_bits_ok
    f, s = item
    assert not isinstance(s, Malformed), str(s)
    assert s.get("rule"), "a rules scenario names its rule"
    r = Runner(pool, f, s, audit_options=True)
    try:
        r.run()
    except Failed as e:
        pytest.fail(f"{r.name}: {e}")
    assert r.st.gm[0, L.G_SBA_MISSED] == 0, "a write to an input of 704.5 did not mark the game"
    assert zone_bits_ok(r.st)
    assert r.options_missed == 0, "a priority-option shortcut disagreed with the dry run"
