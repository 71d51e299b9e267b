"""The search agent (agents/search.py, simcore/players/search.py): it plays inside the game
loop, the same games whatever the batch, threads or chunking, never reads a hidden card,
beats greedy, compiles nothing into runs without it, and refuses bad settings in one line."""
import subprocess
import sys

import numba
import numpy as np
import pandas as pd
import pytest

from agents import LOOP_AGENTS, GreedyAgent, SearchAgent
from agents.mulligan import RuleMulligans
from experiments.players import load_agent
from simcore import consts as K
from simcore import layout as L
from simcore.errors import PlaytestError
from simcore.game import GameBatch
from simcore.mulligan import MulliganRule

from fingerprint import planes
from support import POOL, ROOT, ids

FAST = dict(rollouts=4, horizon=1, width=3)      # settings that keep the tests short


def batch(deck, vs, n, seed=7, game0=0, start="random", max_turns=20):
    return GameBatch(POOL, ids(deck), ids(vs) if vs else None, n_games=n, seed=seed,
                     start=start, game0=game0, max_turns=max_turns)


def played(deck, vs, agents, n, seed=7, batch_size=None, **kw):
    """n games played in batches of batch_size: results, records, final planes and the
    search counts, per game in order."""
    batch_size = batch_size or n
    out = []
    for g0 in range(0, n, batch_size):
        b = batch(deck, vs, min(batch_size, n - g0), seed, g0, **kw)
        b.play(agents(), np.random.default_rng(0))
        out.append((pd.DataFrame(b.results()), b.records(), planes(b.st),
                    pd.DataFrame(b.search_counts())))
    res = pd.concat([o[0] for o in out], ignore_index=True)
    rec = {k: np.concatenate([o[1][k] for o in out]) for k in out[0][1]}
    pl = {k: np.concatenate([o[2][k] for o in out]) for k in out[0][2]}
    counts = pd.concat([o[3] for o in out], ignore_index=True)
    return res, rec, pl, counts


def assert_same(a, b):
    pd.testing.assert_frame_equal(a[0], b[0])
    for k in a[1]:
        assert np.array_equal(a[1][k], b[1][k]), k
    assert set(a[2]) == set(b[2])
    for k in a[2]:
        assert np.array_equal(a[2][k], b[2][k]), k
    pd.testing.assert_frame_equal(a[3], b[3])


@pytest.mark.parametrize("deck, vs", [("goblins_burn_blight", "mono_green_curve"),
                                      ("elves_morcant", None)])
def test_the_same_games_whatever_the_batch_threads_or_chunks(deck, vs):
    """Its numbers come from the seed, the game's number and its decision count, its
    rollouts run on the thread's own rows: one batch of 12 on two threads, batches of 5
    and on one thread give the same games, searched the same."""
    def agents():
        return [SearchAgent(**FAST), GreedyAgent()][:2 if vs else 1]

    whole = played(deck, vs, agents, 12)
    assert whole[3]["searched"].sum() > 12 * 5
    assert_same(whole, played(deck, vs, agents, 12, batch_size=5))
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        assert_same(whole, played(deck, vs, agents, 12, batch_size=7))
    finally:
        numba.set_num_threads(threads)


def test_against_a_players_agent_asked_from_python_the_same_games():
    """A user's agent (asked a round at a time, each game with its own snapshot) against
    search: the same games as against the compiled greedy player it copies."""
    class MyGreedy(GreedyAgent):
        def act(self, view, legal_mask, rng):
            return super().act(view, legal_mask, rng)

    assert MyGreedy().policy() is None
    compiled = played("mono_green_curve", "goblins_burn_blight",
                      lambda: [SearchAgent(**FAST), GreedyAgent()], 10)
    asked = played("mono_green_curve", "goblins_burn_blight",
                   lambda: [SearchAgent(**FAST), MyGreedy()], 10)
    assert_same(compiled, asked)


def test_a_batch_stopped_at_its_decision_limit_plays_on_the_same_games():
    """GameBatch.play(max_decisions=k) stops every game at its decision k; a second call
    plays on from there inside the game loop: the same games as in one call."""
    def agents():
        return [SearchAgent(**FAST), GreedyAgent()]

    one = batch("counters_ozolith", "goblins_burn_blight", 10)
    one.play(agents(), np.random.default_rng(0))
    two = batch("counters_ozolith", "goblins_burn_blight", 10)
    with pytest.raises(PlaytestError, match="decision limit"):
        two.play(agents(), np.random.default_rng(0), max_decisions=25)
    assert np.all(two.fw.fl[:, L.F_DECISIONS] <= 25)
    two.play(agents(), np.random.default_rng(0))
    pd.testing.assert_frame_equal(pd.DataFrame(one.results()), pd.DataFrame(two.results()))
    for k, v in planes(one.st).items():
        assert np.array_equal(v, planes(two.st)[k]), k


def drop_caches(b):
    """What the State keeps about hands (counted anew), and the log from the snapshot (the
    state changes outside a transaction)."""
    b.st.gm[:, L.G_CANDS_OID] = -1
    b.st.gm[:, L.G_POT_KNOWN] = 0
    b.fw.fl[:, L.F_LOG_N] = -1


def rehide(b, me, rng):
    """Deal the cards player `me` cannot see differently: the opponent's hand and library
    cards among themselves, its own library's, and each library's order (games with an
    open transaction are left as they are: their snapshot would bring the old cards back).
    Returns the games changed."""
    st, fl = b.st, b.fw.fl
    drop_caches(b)
    changed = np.zeros(b.n_games, bool)
    for g in range(b.n_games):
        if fl[g, L.F_TXN] != 0 or fl[g, L.F_DKIND] == K.D_OVER:
            continue
        for q in range(2):
            zone, card = st.obj[g, L.O_ZONE], st.obj[g, L.O_CARD]
            hidden = np.flatnonzero((card >= 0) & (st.obj[g, L.O_OWNER] == q) & (
                (zone == K.Z_LIBRARY) | ((zone == K.Z_HAND) & (q != me))))
            before = card[hidden].copy()
            card[hidden] = rng.permutation(before)
            n = st.pl[g, L.PL_LIB_N, q]
            st.lib[g, q, :n] = rng.permutation(st.lib[g, q, :n])
            changed[g] |= not np.array_equal(card[hidden], before)
    return changed


@pytest.mark.parametrize("deck", ["goblins_burn_blight", "elves_morcant"])
@pytest.mark.parametrize("seat", [0, 1])
def test_it_never_reads_a_hidden_card(deck, seat):
    """Two copies of each game, stopped at decision k, one with the hidden cards dealt
    differently (the opponent's hand, both libraries' order): at its next decision the
    search player takes the same action in both, at mulligans, priority, attacks and
    blocks alike; the games would then go differently (the change matters)."""
    def agents():
        a = [GreedyAgent(), GreedyAgent()]
        a[seat] = SearchAgent(**FAST)
        return a

    rng = np.random.default_rng(seat)
    checked, kinds, later = 0, set(), 0
    for k in (0, 1, 9, 24, 40, 60):
        pair = [batch(deck, deck, 16, seed=11) for _ in range(2)]
        for b in pair:
            if k == 0:
                b.start()                   # at the first mulligan
            else:
                with pytest.raises(PlaytestError, match="decision limit"):
                    b.play(agents(), np.random.default_rng(0), max_decisions=k)
        a, b = pair
        drop_caches(a)
        changed = rehide(b, seat, rng)
        fl = a.fw.fl
        mine = (fl[:, L.F_DPLAYER] == seat) & (fl[:, L.F_DKIND] != K.D_OVER) & changed
        searched = [x.fw.fl[:, L.F_SEARCHED].copy() for x in pair]
        for x in pair:
            try:
                x.play(agents(), np.random.default_rng(0), max_decisions=k + 1)
            except PlaytestError:
                pass
        now = [x.fw.fl[:, L.F_SEARCHED] - s for x, s in zip(pair, searched)]
        assert np.array_equal(now[0], now[1])
        asked = mine & (now[0] == 1)
        assert np.array_equal(a.fw.fl[asked, L.F_SEARCH_ACT], b.fw.fl[asked, L.F_SEARCH_ACT])
        checked += int(asked.sum())
        kinds |= set(fl[asked, L.F_DKIND].tolist())
        if k == 9:      # played on, the two copies part: the hidden cards matter
            for x in pair:
                x.play(agents(), np.random.default_rng(0))
            later = int(np.sum(a.results()["winner"] != b.results()["winner"]) +
                        np.sum(a.results()["turns"] != b.results()["turns"]))
    assert checked >= 20, checked
    assert {K.D_MULLIGAN, K.D_PRIORITY} <= kinds, kinds
    assert later > 0


def test_search_beats_greedy_in_a_mirror():
    """Mono-green mirror, 40 seeds, each played with search in either seat (random
    start): search scores more than half, by more than two standard errors."""
    n = 40
    score = np.zeros((2, n))
    for seat in range(2):
        b = batch("mono_green_curve", "mono_green_curve", n, seed=21, max_turns=30)
        a = [GreedyAgent(), GreedyAgent()]
        a[seat] = SearchAgent(**FAST)
        b.play(a, np.random.default_rng(0))
        w = b.results()["winner"]
        score[seat] = np.where(w == seat, 1.0, np.where(w == 1 - seat, 0.0, 0.5))
    pair = score.mean(axis=0)
    assert pair.mean() - 2 * pair.std(ddof=1) / np.sqrt(n) > 0.5, pair.mean()


def test_a_mulligan_rule_takes_its_mulligans():
    """With --keep (RuleMulligans) the rule decides its mulligans and bottoms, not the
    search: the same mulligans as the rule around greedy takes."""
    ct = POOL.compile()
    rule = MulliganRule.parse("2-5").for_deck(ct, ids("goblins_burn_blight"))
    b = batch("goblins_burn_blight", "goblins_burn_blight", 12)
    b.play([RuleMulligans(SearchAgent(**FAST), rule), GreedyAgent()],
           np.random.default_rng(0))
    ruled = batch("goblins_burn_blight", "goblins_burn_blight", 12)
    ruled.play([RuleMulligans(GreedyAgent(), rule), GreedyAgent()],
               np.random.default_rng(0))
    assert np.array_equal(b.results()["mulligans0"], ruled.results()["mulligans0"])
    assert b.search_counts()["searched"].sum() > 0


def test_it_plays_inside_the_game_loop_only():
    with pytest.raises(PlaytestError, match="inside the game loop"):
        batch("mono_green_curve", "goblins_burn_blight", 2).play(
            [SearchAgent(**FAST), GreedyAgent()], np.random.default_rng(0), compiled=False)


def test_settings_by_name():
    a = load_agent("search:rollouts=64, horizon=3")
    assert (a.rollouts, a.horizon, a.width) == (64, 3, SearchAgent().width)
    assert isinstance(load_agent("search"), SearchAgent)
    assert LOOP_AGENTS["search"] is SearchAgent
    assert a.policy() == ("search", (), None, (64, 3, SearchAgent().width))


@pytest.mark.parametrize("name, needle", [
    ("search:depth=3", "unknown setting 'depth'"),
    ("search:rollouts=0", "rollouts must be a whole number from 1 to 4096, got 0"),
    ("search:rollouts=100000", "from 1 to 4096, got 100000"),
    ("search:horizon=1000", "horizon must be a whole number from 1 to 50"),
    ("search:width=1", "width must be a whole number from 2 to 32, got 1"),
    ("search:rollouts=lots", "got 'lots'"),
    ("search:rollouts", "rollouts needs a value"),
    ("search:rollouts=8,rollouts=9", "rollouts given twice"),
])
def test_bad_settings_are_one_line_with_exit_status_2(name, needle):
    r = subprocess.run([sys.executable, "-m", "experiments", "simulate",
                        str(ROOT / "examples" / "decks" / "mono_green_curve.txt"),
                        "--games", "2", "--agent", name], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("playtest: error: search: "), lines
    assert needle in lines[0], lines


def test_runs_without_a_search_player_compile_none_of_it():
    """The search has an entry of its own (players/searchgames.py): greedy games compile
    (or load) none of its kernels."""
    script = """
import numpy as np
from agents import GreedyAgent
from simcore.game import GameBatch
from simcore.cards.compile import make_pool
from simcore.decks import load_deck
from simcore.game import deck_ids
from simcore.players import rollout, search, searchgames
pool = make_pool()
d = deck_ids(pool, load_deck("examples/decks/mono_green_curve.txt", pool))
b = GameBatch(pool, d, d, n_games=4, seed=1)
b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0))
n = sum(len(f.overloads) for m in (rollout, search, searchgames) for f in vars(m).values()
        if hasattr(f, "overloads"))
print("SEARCH_COMPILED", n)
"""
    r = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "SEARCH_COMPILED 0" in r.stdout, r.stdout


def test_its_rollouts_watch_the_runs_condition():
    """A combo run's question is its condition: the rollouts' Flow watches the same one (a
    rollout in which it comes together scores 1 for the deck: players/rollout.py), and a run
    without one gives them none."""
    from simcore.condition import compile_condition
    cond = compile_condition(["battlefield: High Perfect Morcant, 3 Elves"], POOL)
    b = GameBatch(POOL, ids("elves_morcant"), None, n_games=2, seed=1, condition=cond)
    _, rfw = b._rollouts()
    assert rfw.cclause.shape[0] > 0
    for name in ("cterm", "citem", "cclause"):
        assert np.array_equal(getattr(rfw, name), getattr(b.fw, name))
    _, plain = GameBatch(POOL, ids("elves_morcant"), None, n_games=2, seed=1)._rollouts()
    assert plain.cclause.shape[0] == 0
