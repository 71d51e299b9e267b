"""experiments/paths.py: output paths are checked before a run, in one line naming the flag;
a write that fails later is one line too, the finished results kept."""
import json
import os

import pytest

from experiments.cli import main

from support import DECKS, nothing_played  # noqa: F401 (a fixture)


@pytest.mark.parametrize("flag,name", [("--out", "games.csv"), ("--out", "games.parquet"),
                                       ("--plot", "kills.png")])
def test_an_output_path_that_is_a_folder_is_refused(tmp_path, capsys, flag, name):
    """A folder where the output file should go was a traceback after the whole run."""
    (tmp_path / name).mkdir()
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--games", "2",
              flag, str(tmp_path / name)])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert f"{flag}: '{tmp_path / name}' is a folder, not a file" in err


def test_bench_refuses_a_negative_reference_game_count(capsys):
    with pytest.raises(SystemExit) as e:
        main(["bench", "--reference-games", "-1"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "--reference-games" in err and "non-negative" in err


# ---- every output flag of every command: checked before any game (issue 24 item 3)

GREEN, GOBLINS = str(DECKS / "mono_green_curve.txt"), str(DECKS / "goblins_burn_blight.txt")
VS = ["--vs", GOBLINS, "--games", "2"]
RUNS = {
    "simulate": ["simulate", GREEN, "--games", "2"],
    "castability": ["castability", GREEN, "--games", "10"],
    "combo": ["combo", GREEN, "--when", "battlefield: Forest", "--by-turn", "2", "--games", "2"],
    "compare": ["compare", GREEN, "--swap", "Grizzly Bears=Young Wolf"] + VS,
    "balance": ["balance", GREEN, "--card", "Grizzly Bears", "--vary", "power=1..2"] + VS,
    "sweep": ["sweep", GREEN, "--vary", "Forest=20..21", "--fill", "Grizzly Bears"] + VS,
    "gauntlet": ["gauntlet", GREEN] + VS,
    "cardstats": ["cardstats", GREEN] + VS,
}
# as root (CI's containers) permission bits are not checked: /proc takes no new file or
# folder for anyone, and a path under a file cannot be made
UNWRITABLE = [("--out", "/proc/playtest-x.csv", "cannot create the file"),
              ("--plot", "/proc/playtest-x.png", "cannot create the file"),
              ("--dataset", "/proc/playtest-run", "cannot create the folder")]



def _one_error_line(argv, capsys):
    """Run `argv`: exit status 2, and stderr's last line its one `playtest:` line (after the
    progress line, if the run started), which is returned with stdout."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    assert e.value.code == 2 and err.count("playtest:") == 1 and "Traceback" not in err, err
    line = "playtest:" + err.split("playtest:")[1]
    assert line.endswith("\n") and line.count("\n") == 1, err
    return out, line


@pytest.mark.parametrize("command", list(RUNS))
@pytest.mark.parametrize("flag,path,why", UNWRITABLE)
@pytest.mark.usefixtures("nothing_played")
def test_an_output_that_cannot_be_made_is_refused_before_the_run(command, flag, path, why, capsys):
    """--out /proc/x.parquet was a traceback after the run (--plot after the whole run);
    --dataset /proc/x a traceback after the compile."""
    _, err = _one_error_line(RUNS[command] + [flag, path], capsys)
    assert err.startswith(f"playtest: error: {flag} {path}: {why}: "), err


@pytest.mark.parametrize("argv,flag,path", [
    (["bench", "--out", "/proc/playtest-b.csv"], "--out", "/proc/playtest-b.csv"),
    (["bench", "--json", "/proc/playtest-b.json"], "--json", "/proc/playtest-b.json"),
    (["report", "results.csv", "-o", "/proc/playtest-r.html"], "-o/--out",
     "/proc/playtest-r.html")])
def test_bench_and_report_outputs_are_checked_first(argv, flag, path, monkeypatch, capsys):
    from experiments import bench, report

    def ran(*a, **k):
        raise AssertionError("the command ran before its output was checked")
    monkeypatch.setattr(bench, "bench", ran)
    monkeypatch.setattr(report, "read_results", ran)
    _, err = _one_error_line(argv, capsys)
    assert err.startswith(f"playtest: error: {flag} {path}: cannot create the file: "), err


@pytest.mark.usefixtures("nothing_played")
def test_a_dataset_under_a_file_is_refused(tmp_path, capsys):
    (tmp_path / "file.txt").write_text("x")
    run = tmp_path / "file.txt" / "run"
    _, err = _one_error_line(RUNS["simulate"] + ["--dataset", str(run)], capsys)
    assert err == f"playtest: error: --dataset {run}: cannot create the folder: Not a " \
                  f"directory\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
@pytest.mark.parametrize("flag,name,why", [("--out", "x.csv", "cannot create the file"),
                                           ("--plot", "x.png", "cannot create the file"),
                                           ("--dataset", "run", "cannot create the folder")])
@pytest.mark.usefixtures("nothing_played")
def test_a_read_only_folder_is_refused(tmp_path, flag, name, why, capsys):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        _, err = _one_error_line(RUNS["simulate"] + [flag, str(ro / name)], capsys)
    finally:
        ro.chmod(0o700)
    assert err == f"playtest: error: {flag} {ro / name}: {why}: Permission denied\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
@pytest.mark.usefixtures("nothing_played")
def test_resuming_in_a_read_only_folder_is_refused(tmp_path, capsys):
    from experiments.dataset import FORMAT, MANIFEST
    ro = tmp_path / "run"
    ro.mkdir()
    (ro / MANIFEST).write_text(json.dumps({"format": FORMAT, "identity": {}, "chunk": 1,
                                           "chunks": 1, "finished": []}))
    ro.chmod(0o500)
    try:
        _, err = _one_error_line(RUNS["simulate"] + ["--resume", str(ro)], capsys)
    finally:
        ro.chmod(0o700)
    assert err == f"playtest: error: --resume {ro}: cannot write in the folder: Permission " \
                  f"denied\n"


def test_the_check_leaves_an_existing_file_as_it_was(tmp_path, capsys):
    """The probe opens an existing file for appending: a run refused later (here a deck
    with an unknown card) leaves the file of an earlier run whole, and no probe behind."""
    out = tmp_path / "games.csv"
    out.write_text("an earlier run's rows\n")
    deck = tmp_path / "deck.txt"
    deck.write_text("60 Forst\n")
    _one_error_line(["simulate", str(deck), "--out", str(out), "--plot",
                     str(tmp_path / "p.png"), "--dataset", str(tmp_path / "run")], capsys)
    assert out.read_text() == "an earlier run's rows\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.txt", "games.csv"]


# ---- a write that fails during or after the run: one line, the finished results kept

def disk_full(fn, ok=1):
    """`fn` (a writing function or method), whose calls after the first `ok` write a few
    bytes (to a CSV) and raise OSError 28, as a full disk does."""
    calls = []

    def write(*args, **kwargs):
        calls.append(1)
        if len(calls) > ok:
            path = kwargs.get("path_or_buf") or (args[1] if len(args) > 1 else None)
            if isinstance(path, str) and path.endswith(".csv"):
                with open(path, "a") as f:
                    f.write("1,2,")
            raise OSError(28, "No space left on device")
        return fn(*args, **kwargs)
    return write


def test_a_csv_that_fills_the_disk_keeps_the_chunks_written(tmp_path, monkeypatch, capsys):
    """The second chunk's write fails: one line naming --out, the summary of the first
    chunk's games, the file cut back to them; exit 2 (was a traceback, exit 1)."""
    import pandas as pd
    out = tmp_path / "games.csv"
    monkeypatch.setattr(pd.DataFrame, "to_csv", disk_full(pd.DataFrame.to_csv))
    stdout, err = _one_error_line(["simulate", GREEN, "--games", "12", "--batch-size", "4",
                                   "--seed", "1", "--out", str(out)], capsys)
    assert err == f"playtest: error: --out {out}: cannot write: No space left on device: " \
                  f"kept 4 finished games\n"
    assert "mono_green_curve vs goldfish: 4 games (seed 1" in stdout
    assert list(pd.read_csv(out)["game"]) == [0, 1, 2, 3]


def test_a_parquet_file_that_cannot_be_written_stops_the_run(tmp_path, monkeypatch, capsys):
    import pandas as pd
    import pyarrow.parquet as pq
    out = tmp_path / "games.parquet"
    monkeypatch.setattr(pq.ParquetWriter, "write_table",
                        disk_full(pq.ParquetWriter.write_table))
    stdout, err = _one_error_line(["simulate", GREEN, "--games", "12", "--batch-size", "4",
                                   "--out", str(out)], capsys)
    assert err == f"playtest: error: --out {out}: cannot write: No space left on device: " \
                  f"kept 4 finished games\n"
    assert "4 games" in stdout
    assert len(pd.read_parquet(out)) == 4           # (the disk was not full: closed whole)


def test_a_dataset_that_cannot_be_written_keeps_its_chunks_to_resume(tmp_path, monkeypatch,
                                                                     capsys):
    """The second chunk's file fails: one line naming --dataset, the first chunk kept
    (its file, the manifest listing it, no temporary file left); --resume then plays the
    rest and prints what an uninterrupted run prints."""
    import pyarrow.parquet as pq
    run = tmp_path / "run"
    argv = ["simulate", GREEN, "--vs", GOBLINS, "--games", "12", "--batch-size", "4",
            "--seed", "2", "--max-turns", "10"]
    with pytest.raises(SystemExit):
        main(argv)
    whole = capsys.readouterr().out
    monkeypatch.setattr(pq, "write_table", disk_full(pq.write_table))
    stdout, err = _one_error_line(argv + ["--dataset", str(run)], capsys)
    assert err == f"playtest: error: --dataset {run}: cannot write: No space left on device: " \
                  f"kept 4 finished games; the chunks finished before are " \
                  f"in {run}, which --resume {run} continues once it can be written\n"
    assert "mono_green_curve vs goblins_burn_blight: 4 games" in stdout
    manifest = json.loads((run / "_manifest.json").read_text())
    assert manifest["finished"] == [0] and not manifest["complete"]
    assert sorted(p.name for p in run.iterdir()) == ["_manifest.json", "chunk-000000.parquet"]
    monkeypatch.undo()
    with pytest.raises(SystemExit) as e:
        main(argv + ["--resume", str(run)])
    assert e.value.code == 0 and capsys.readouterr().out == whole


def test_a_paired_run_stopped_by_its_dataset_still_writes_its_table(tmp_path, monkeypatch,
                                                                     capsys):
    """compare's second round cannot be written to its dataset: the seeds of the first are
    summed up, printed and written to --out, in the line's words; exit 2."""
    import pandas as pd
    import pyarrow.parquet as pq
    run, out = tmp_path / "run", tmp_path / "t.csv"
    monkeypatch.setattr(pq, "write_table", disk_full(pq.write_table, ok=4))   # a round: 4
    stdout, err = _one_error_line(RUNS["compare"][:-1] + ["8", "--batch-size", "2",
                                                          "--dataset", str(run), "--out",
                                                          str(out)], capsys)
    assert err.startswith(f"playtest: error: --dataset {run}: cannot write: No space left on "
                          f"device: kept 2 finished seeds; "), err
    assert "stopped by an output that could not be written after 2 seeds" in stdout
    assert f"wrote 1 rows to {out}" in stdout and list(pd.read_csv(out)["seeds"]) == [2]


@pytest.mark.parametrize("command,plot", [("simulate", "plot_games"),
                                          ("compare", "plot_compare")])
def test_a_plot_that_cannot_be_written_after_the_run(command, plot, tmp_path, monkeypatch,
                                                     capsys):
    """The summary stands, the table is written, the plot is one line: exit 2."""
    import pandas as pd

    from experiments import plots

    def full(df, path):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(plots, plot, full)
    out, png = tmp_path / "t.csv", tmp_path / "p.png"
    stdout, err = _one_error_line(RUNS[command] + ["--out", str(out), "--plot", str(png)],
                                  capsys)
    assert err == f"playtest: error: --plot {png}: cannot write: No space left on device\n"
    assert f"wrote {len(pd.read_csv(out))} rows to {out}" in stdout
    assert "wrote the plot" not in stdout


def test_a_report_page_that_cannot_be_written(tmp_path, monkeypatch, capsys):
    from experiments import report
    results = tmp_path / "games.csv"
    with pytest.raises(SystemExit):
        main(RUNS["simulate"] + ["--out", str(results)])
    capsys.readouterr()

    page = tmp_path / "r.html"

    def full(path, *a, **k):            # (the plot's image is read back with open too)
        if str(path) == str(page):
            raise OSError(28, "No space left on device")
        return open(path, *a, **k)
    monkeypatch.setattr(report, "open", full, raising=False)
    _, err = _one_error_line(["report", str(results), "-o", str(page)], capsys)
    assert err == f"playtest: error: -o/--out {page}: cannot write: No space left on device\n"
