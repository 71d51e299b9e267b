"""`playtest simulate` stopped by a signal, in a real process: SIGINT (Ctrl-C) and SIGTERM
keep every finished batch (the Parquet file closed with its footer, the CSV complete), say
on stderr how many games were kept and exit with 128 + the signal's number. Before, SIGINT
exited 0 and SIGTERM left a Parquet file without its footer: unreadable, every game lost."""
import re
import signal
import sys

import pandas as pd
import pytest

from support import DECKS, ROOT, finish, progress, spawn_on_terminal

BATCH = 25


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
@pytest.mark.parametrize("signum,status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signalled_run_keeps_its_finished_games(tmp_path, signum, status, suffix):
    out = tmp_path / f"games{suffix}"
    proc = spawn_on_terminal(
        [sys.executable, "-m", "experiments", "simulate", str(DECKS / "mono_green_curve.txt"),
         "--games", "10000000", "--batch-size", str(BATCH), "--seed", "3", "--out", str(out)],
        cwd=ROOT)
    try:
        seen = progress(proc, 2 * BATCH)         # at least one batch is on disk
        proc.send_signal(signum)
        stdout, stderr = finish(proc, timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = (seen + stderr).decode()
    assert proc.returncode == status, err
    kept = re.search(r"playtest: stopped by (SIG\w+): kept (\d+) finished games in (\S+)\n",
                     err)
    assert kept and kept[1] == signal.Signals(signum).name and kept[3] == str(out), err
    n = int(kept[2])
    assert n >= 2 * BATCH and n % BATCH == 0
    df = pd.read_parquet(out) if suffix == ".parquet" else pd.read_csv(out)
    assert list(df["game"]) == list(range(n)) and (df["seed"] == 3).all()
    assert f"mono_green_curve vs goldfish: {n} games (seed 3" in stdout.decode()


def test_a_run_of_10_14_games_starts_at_once(tmp_path):
    """`--games 100000000000000` listed every chunk before the first game and was killed for
    memory after 102 s; now it plays at once in the memory of any run, and a stop keeps its
    games."""
    out = tmp_path / "games.csv"
    proc = spawn_on_terminal(
        [sys.executable, "-m", "experiments", "simulate", str(DECKS / "mono_green_curve.txt"),
         "--games", "100000000000000", "--batch-size", str(BATCH), "--out", str(out)],
        cwd=ROOT)
    try:
        seen = progress(proc, 2 * BATCH, timeout=120)
        with open(f"/proc/{proc.pid}/status") as f:
            peak = next(int(x.split()[1]) for x in f if x.startswith("VmHWM:")) * 1024
        proc.send_signal(signal.SIGINT)
        stdout, stderr = finish(proc, timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = (seen + stderr).decode()
    assert proc.returncode == 130, err
    assert b"/100000000000000 games" in seen
    assert peak < 1 << 30, peak             # (a run of 1,000 games: ~300 MB)
    n = int(re.search(r"kept (\d+) finished games", err)[1])
    assert len(pd.read_csv(out)) == n >= 2 * BATCH
