"""experiments/dataset.py: a run kept as a Parquet dataset (a file per finished chunk, a
manifest) and resumed: cut at a chunk boundary, cut in the middle of a chunk, or killed
outright, the resumed run gives the rows and summary of an uninterrupted one; a resume that
is not the same run is refused in one line naming what differs."""
import json
import os
import signal
import subprocess
import sys

import pandas as pd
import pytest

import simcore
from agents import GreedyAgent
from experiments import dataset
from experiments.cli import main
from experiments.combo import combo
from experiments.dataset import MANIFEST
from experiments.pilot import Watch
from experiments.runner import Plan
from experiments.signals import Stopped
from experiments.simulate import simulate, summary
from simcore.errors import PlaytestError

from support import DECKS, ROOT, finish, progress, spawn_on_terminal

GREEN, GOBLINS = DECKS / "mono_green_curve.txt", DECKS / "goblins_burn_blight.txt"
RUN = dict(vs=[GOBLINS], games=240, seed=5, max_turns=12, batch_size=40, progress=False)


def manifest(folder):
    return json.loads((folder / MANIFEST).read_text())


@pytest.fixture(scope="module")
def whole():
    """The uninterrupted run, its rows and its dataset."""
    return simulate(GREEN, **RUN)


class StopAfter(Watch):
    """A pilot whose add (part of consuming a chunk) is interrupted at the n-th chunk: a
    stop between chunks, the n-th written to the dataset but not consumed."""

    def __init__(self, n):
        super().__init__()
        self.left = n

    def add(self, counts):
        self.left -= 1
        if self.left == 0:
            raise KeyboardInterrupt
        super().add(counts)


def test_a_run_cut_at_a_chunk_boundary_resumes_to_the_same_rows(tmp_path, whole):
    folder = tmp_path / "run"
    with pytest.raises(Stopped) as e:
        simulate(GREEN, plan=Plan(dataset=str(folder)), pilot=StopAfter(3), **RUN)
    assert len(e.value.results) == 80                   # two chunks consumed
    m = manifest(folder)
    assert m["finished"] == [0, 1, 2] and not m["complete"]
    assert sorted(p.name for p in folder.iterdir()) == [
        MANIFEST, "chunk-000000.parquet", "chunk-000001.parquet", "chunk-000002.parquet"]
    resumed = simulate(GREEN, plan=Plan(dataset=str(folder), resume=True), **RUN)
    pd.testing.assert_frame_equal(resumed, whole)
    assert summary(resumed) == summary(whole)
    assert manifest(folder)["complete"] and manifest(folder)["finished"] == list(range(6))
    # the dataset is the run's rows: pandas reads the folder in chunk order
    pd.testing.assert_frame_equal(pd.read_parquet(folder), whole, check_dtype=False)


class StopInAct(GreedyAgent):
    """Greedy, interrupted (Ctrl-C) in the middle of a chunk: at its `at`-th decision."""
    calls = 0
    at = None

    def act(self, view, legal_mask, rng):
        StopInAct.calls += 1
        if StopInAct.calls == StopInAct.at:
            raise KeyboardInterrupt
        return super().act(view, legal_mask, rng)


def test_a_run_cut_in_the_middle_of_a_chunk_resumes_to_the_same_table(tmp_path, monkeypatch):
    """combo, stopped while its third chunk plays: the two finished chunks are kept, the
    resumed run plays the rest, and the table is the uninterrupted run's."""
    monkeypatch.setitem(sys.modules, "stop_in_act", sys.modules[__name__])
    kw = dict(when="battlefield: Craw Wurm", by_turn=6, games=150, seed=2, batch_size=30,
              agent=f"{__name__}:StopInAct", progress=False)
    folder = tmp_path / "combo"
    whole = combo(GREEN, **kw)
    per_chunk = StopInAct.calls // 10                   # 10 chunks: 5 on the play, 5 draw
    StopInAct.calls, StopInAct.at = 0, 2 * per_chunk + per_chunk // 2
    with pytest.raises(Stopped):
        combo(GREEN, plan=Plan(dataset=str(folder)), **kw)
    assert manifest(folder)["finished"] == [0, 1]
    StopInAct.at = None
    resumed = combo(GREEN, plan=Plan(dataset=str(folder), resume=True), **kw)
    pd.testing.assert_frame_equal(resumed, whole)
    # the dataset's rows stand on their own: each game of each start once, and the share by
    # each turn they give is the table's
    rows = pd.read_parquet(folder)
    assert len(rows) == 300 and (rows["seed"] == 2).all()
    for play, part in rows.groupby("on_the_play"):
        assert sorted(part["game"]) == list(range(150))
        got = whole[(whole["on_the_play"] == play) & (whole["turn"] == 6)]["share"].item()
        assert got == pytest.approx(((part["own"] > 0) & (part["own"] <= 6)).mean())


def test_a_killed_run_resumes_to_the_same_rows(tmp_path, whole):
    """SIGKILL while the chunks play (no handler runs, a chunk may be half written): the
    manifest lists whole files only, and --resume finishes the run."""
    folder = tmp_path / "killed"
    args = [sys.executable, "-m", "experiments", "simulate", str(GREEN), "--vs", str(GOBLINS),
            "--games", "240", "--seed", "5", "--max-turns", "12", "--batch-size", "40"]
    proc = spawn_on_terminal(args + ["--dataset", str(folder)], cwd=ROOT)
    try:
        progress(proc, 80)
        proc.send_signal(signal.SIGKILL)
        finish(proc, timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    m = manifest(folder)
    assert not m["complete"] and 2 <= len(m["finished"]) < 6
    assert all((folder / f"chunk-{i:06d}.parquet").exists() for i in m["finished"])
    done = subprocess.run(args + ["--resume", str(folder)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    pd.testing.assert_frame_equal(pd.read_parquet(folder), whole, check_dtype=False)
    assert summary(whole) in done.stdout
    assert not [p for p in os.listdir(folder) if p.startswith(".")]


@pytest.fixture(scope="module")
def kept(tmp_path_factory, whole):
    folder = tmp_path_factory.mktemp("kept") / "run"
    simulate(GREEN, plan=Plan(dataset=str(folder)), **RUN)
    return folder


def test_a_resume_of_another_run_is_refused(kept, tmp_path, monkeypatch):
    deck = tmp_path / "mono_green_curve.txt"
    text = GREEN.read_text()
    deck.write_text(text.replace("Grizzly Bears", "Young Wolf", 1))
    assert deck.read_text() != text
    again = dict(RUN, plan=Plan(dataset=str(kept), resume=True))
    cases = [
        (dict(deck=deck), "series 0 (deck mono_green_curve, opponent goblins_burn_blight): "
                          "the deck's card list differs from the run's"),
        (dict(seed=6), "the seed (--seed) differs: 5 in the run, 6 here"),
        (dict(games=280), "the games a series (--games) differs: 240 in the run, 280 here"),
        (dict(max_turns=13), "the options differ (max_turns: 12 in the run, 13 here)"),
        (dict(agent="random"), "the agents differ"),
        (dict(batch_size=60), "the chunk size (--batch-size) differs: 40 in the run, 60"),
    ]
    for change, words in cases:
        kw = dict(again, **change)
        with pytest.raises(PlaytestError) as e:
            simulate(kw.pop("deck", GREEN), **kw)
        assert str(e.value).startswith(f"--resume {kept}: not the same run: "), e.value
        assert words in str(e.value) and "\n" not in str(e.value), e.value
    monkeypatch.setattr(dataset, "code", lambda: "0123456789abcdef")   # an edited clone
    with pytest.raises(PlaytestError, match="playtest's Python code .a hash of its sources. "
                                            "differs: [0-9a-f]{16} in the run, "
                                            "0123456789abcdef here"):
        simulate(GREEN, **again)
    monkeypatch.setattr(simcore, "__version__", "0.0.9")
    with pytest.raises(PlaytestError, match="the playtest version differs: 0.1.0 in the run, "
                                            "0.0.9 here"):
        simulate(GREEN, **again)


def test_a_finished_run_resumes_from_its_files_alone(kept, whole, monkeypatch):
    """Every chunk is read back, none played: the statistics come from the files."""
    from experiments.runner import Series
    monkeypatch.setattr(Series, "play", lambda *a: pytest.fail("a chunk was played"))
    back = simulate(GREEN, plan=Plan(dataset=str(kept), resume=True), **RUN)
    pd.testing.assert_frame_equal(back, whole)
    m = manifest(kept)
    assert m["identity"]["command"] == "simulate" and m["identity"]["seed"] == 5
    assert m["chunks"] == 6 and m["chunk"] == 40        # 240 games in chunks of 40
    assert set(m["identity"]["series"][0]) == {"deck", "opponent", "cards", "agents",
                                               "options", "labels"}


def test_the_cli_checks_the_folders_first(kept, tmp_path, capsys):
    for flags, words in (
            (["--dataset", str(kept)], f"--dataset {kept}: holds a run already (continue it "
                                       f"with --resume {kept}"),
            (["--resume", str(tmp_path / "none")], f"--resume {tmp_path / 'none'}: no such "
                                                    f"folder"),
            (["--dataset", str(kept), "--resume", str(kept)], "not allowed with argument")):
        with pytest.raises(SystemExit) as e:
            main(["simulate", str(GREEN), "--games", "4"] + flags)
        err = capsys.readouterr().err
        assert e.value.code == 2 and err.count("\n") == 1 and words in err, err


def test_a_chunk_error_keeps_the_finished_chunks(tmp_path, capsys):
    """A custom agent that fails in the third chunk (the short one: 10 games in fours): one
    line naming the chunk, exit 2, the two chunks before it in the dataset."""
    (tmp_path / "late_agents.py").write_text(
        "from agents import GreedyAgent\n"
        "class Late(GreedyAgent):\n"
        "    def act(self, view, mask, rng):\n"
        "        if len(view['decision']) == 2:\n"
        "            raise RuntimeError('lost the plot')\n"
        "        return super().act(view, mask, rng)\n")
    sys.path.insert(0, str(tmp_path))
    try:
        folder = tmp_path / "run"
        with pytest.raises(SystemExit) as e:
            main(["simulate", str(GREEN), "--games", "10", "--batch-size", "4", "--seed", "1",
                  "--agent", "late_agents:Late", "--dataset", str(folder)])
    finally:
        sys.path.remove(str(tmp_path))
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert err.endswith("playtest: error: chunk 2 (games 8-9 of series 0): RuntimeError: lost "
                        "the plot\n"), err
    assert manifest(folder)["finished"] == [0, 1]


def test_the_manifest_of_a_huge_run_lists_no_chunks_and_resumes(tmp_path):
    """10^14 games in chunks of 10^8 (the unit plays no game, it says where it is): the
    manifest says how many chunks there are (10^6) instead of listing them (a list of every
    chunk took 5.3 GB at 10^11 games in chunks of 1,000), and a resume goes on after the
    chunks finished, chunk i being worked out from the chunk size, games and order."""
    from types import SimpleNamespace

    from experiments import runner

    from support import POOL, ids
    unit = SimpleNamespace(pool=POOL, ids0=ids("mono_green_curve"))
    played, consumed = [], []

    def play(unit, seed, game0, n):
        played.append(game0)
        return pd.DataFrame({"game": [game0], "n": [n]})

    def consume(k, rows):
        consumed.append(int(rows["game"].iloc[0]))
        if len(consumed) in (2, 6):
            raise KeyboardInterrupt
    folder = tmp_path / "run"
    for resume in (False, True):
        with pytest.raises(Stopped):
            runner.run_chunks([unit], 10**14, 7, play, consume, chunk=10**8, progress=False,
                              plan=Plan(dataset=str(folder), resume=resume), command="huge")
    m = manifest(folder)
    assert m["format"] == 2 and m["chunks"] == 10**6 and m["chunk"] == 10**8
    assert m["finished"] == [0, 1, 2, 3] and (folder / MANIFEST).stat().st_size < 8000
    # the first run plays and keeps chunks 0 and 1; the resumed one reads them back and
    # plays chunks 2 and 3
    g = 10**8
    assert played == [0, g, 2 * g, 3 * g] and consumed == [0, g, 0, g, 2 * g, 3 * g]


def test_a_manifest_of_the_old_format_is_refused_in_one_line(kept, tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    m = manifest(kept)
    m.update(format=1, chunks=[[0, 0, 40]])
    (old / MANIFEST).write_text(json.dumps(m))
    with pytest.raises(PlaytestError, match=f"--resume {old}: a run of an older playtest "
                                            f".its manifest is of format 1, this one's of 2.: "
                                            f"resume it with the playtest that started it"):
        simulate(GREEN, plan=Plan(dataset=str(old), resume=True), **RUN)
