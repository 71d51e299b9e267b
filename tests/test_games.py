"""Whole games through GameBatch: the agent contract, goldfish and two-player games,
determinism across batch sizes, and `playtest simulate`."""
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from agents import AGENTS, GreedyAgent
from experiments.cli import main
from experiments.simulate import simulate, wilson
from simcore import consts as K
from simcore import layout as L
from simcore.compile import make_pool
from simcore.decks import load_deck
from simcore.game import GameBatch, deck_ids

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "examples" / "decks"
POOL = make_pool()


def ids(name):
    return deck_ids(POOL, load_deck(DECKS / f"{name}.txt", POOL))


@pytest.mark.parametrize("agent_name", sorted(AGENTS))
def test_agent_contract(agent_name):
    """At every decision point: a live game has a legal action, nothing is negative, no
    permanent holds both +1/+1 and -1/-1 counters outside a transaction (704.5q), and
    finished games do not change."""
    agent = AGENTS[agent_name]()
    b = GameBatch(POOL, ids("elves_morcant"), ids("counters_ozolith"), n_games=12, seed=5,
                  start="random", max_turns=12)
    rng = np.random.default_rng(1)
    for _ in range(3000):
        if b.done():
            break
        mask = b.legal_mask()
        view = b.view()
        live = view["decision"] != K.D_OVER
        assert mask[live].any(axis=1).all(), "a live game has no legal action"
        assert not mask[~live].any(), "a finished game offers actions"
        over = ~live
        frozen = [a[over].copy() for a in b.st]
        acts = agent.act(view, mask, rng)
        assert mask[np.arange(len(acts))[live], acts[live]].all(), "agent chose an illegal action"
        b.step(acts)
        for a, before in zip(b.st, frozen):
            assert np.array_equal(a[over], before), "a finished game changed"
        st = b.st
        assert (st.o_counters >= 0).all() and (st.p_counters >= 0).all()
        assert (st.p_pool >= 0).all()
        settled = b.fw.fl[:, L.F_TXN] == 0
        bf = st.obj[:, L.O_ZONE] == K.Z_BATTLEFIELD
        both = bf & (st.o_counters[:, K.CK_PLUS] > 0) & (st.o_counters[:, K.CK_MINUS] > 0)
        assert not both[settled].any()
    assert b.done()


def test_goldfish_greedy_mono_green_kills():
    b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=40, seed=3, max_turns=20)
    b.play([GreedyAgent()], np.random.default_rng(0))
    r = b.results()
    assert (r["end"] == K.END_WIN).mean() > 0.9
    assert (r["winner"][r["end"] == K.END_WIN] == 0).all()
    kills = r["kill_turn"][r["end"] == K.END_WIN]
    assert 4 <= np.median(kills) <= 10
    assert (r["life1"][r["end"] == K.END_WIN] <= 0).all()


def test_goldfish_until_card():
    b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=20, seed=4, max_turns=20,
                  target_card="Craw Wurm")
    b.play([GreedyAgent()], np.random.default_rng(0))
    r = b.results()
    hit = r["end"] == K.END_TARGET_CARD
    assert hit.any()
    assert (r["kill_turn"][hit] >= 4).all()     # six mana: turn 4 at the earliest with Elves


def test_same_seed_same_results_whatever_the_batch_size():
    deck = DECKS / "mono_green_curve.txt"
    vs = DECKS / "goblins_burn_blight.txt"
    a = simulate(deck, vs=vs, games=12, seed=9, batch_size=12, start="random", progress=False,
                 agent="random", max_turns=15)
    b = simulate(deck, vs=vs, games=12, seed=9, batch_size=5, start="random", progress=False,
                 agent="random", max_turns=15)
    assert a.equals(b)
    c = simulate(deck, vs=vs, games=12, seed=10, batch_size=12, start="random", progress=False,
                 agent="random", max_turns=15)
    assert not a.equals(c)


def test_greedy_beats_random():
    df = simulate(DECKS / "mono_green_curve.txt", vs=DECKS / "mono_green_curve.txt", games=60,
                  seed=1, agent="greedy", opponent_agent="random", start="random",
                  progress=False)
    assert (df["winner"] == 0).mean() >= 0.85


def test_simulate_cli_writes_parquet_and_csv(tmp_path, capsys):
    out = tmp_path / "games.parquet"
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--goldfish", "--games", "6",
              "--seed", "2", "--batch-size", "4", "--out", str(out)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert "6 games (seed 2" in text and "wins" in text and "end reasons" in text
    df = pd.read_parquet(out)
    assert len(df) == 6 and list(df["game"]) == list(range(6))
    assert {"seed", "version", "winner", "turns", "end_reason", "mulligans0", "life1",
            "kill_turn", "on_the_play", "deck", "opponent", "agent"} <= set(df.columns)
    csv = tmp_path / "games.csv"
    with pytest.raises(SystemExit):
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--games", "3", "--out", str(csv)])
    assert len(pd.read_csv(csv)) == 3


@pytest.mark.parametrize("argv,needle", [
    (["--games", "0"], "positive integer"),
    (["--bogus"], "usage: playtest"),
    (["--out", "x.txt"], "--out must end in"),
    (["--agent", "nobody"], "unknown agent 'nobody'"),
])
def test_simulate_bad_input(argv, needle, capsys):
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt")] + argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_unknown_card_in_deck_is_one_line(tmp_path, capsys):
    deck = tmp_path / "d.txt"
    deck.write_text("20 Forest\n40 Grizzly Baers\n")
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(deck), "--games", "1"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "d.txt:2" in err and "Grizzly Bears" in err


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert abs(wilson(0, 10)[0]) < 1e-12 and wilson(10, 10)[1] > 0.999


def test_results_stream_to_disk_and_survive_interrupt(tmp_path, monkeypatch):
    """Each finished batch is appended to the output at once; Ctrl-C keeps them."""
    import experiments.simulate as sim
    out = tmp_path / "run.parquet"
    real = sim.play_chunk
    calls = []

    def flaky(*args, **kw):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(sim, "play_chunk", flaky)
    df = sim.simulate(DECKS / "mono_green_curve.txt", games=10, seed=3, batch_size=3,
                      out=out, progress=False)
    assert len(df) == 6
    on_disk = pd.read_parquet(out)
    assert list(on_disk["game"]) == list(range(6)) and (on_disk["seed"] == 3).all()
    csv = tmp_path / "run.csv"
    monkeypatch.setattr(sim, "play_chunk", real)
    sim.simulate(DECKS / "mono_green_curve.txt", games=5, seed=3, batch_size=2, out=csv,
                 progress=False)
    assert list(pd.read_csv(csv)["game"]) == list(range(5))
