"""experiments/progress.py: the progress line rewrites itself in place (`\\r`) on a terminal
only; a log file or a pipe gets a plain line every ten seconds and one at the end (a run's
log was one line of thousands of `\\r` updates). The runner's line goes through it."""
import os
import sys

import pandas as pd
import pytest

from agents import GreedyAgent
from experiments import runner
from experiments.progress import ProgressLine, is_terminal, say_compiling
from experiments.runner import Series

from support import POOL, ids


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def read_all(fd):
    os.set_blocking(fd, False)
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except (BlockingIOError, OSError):
            return out.decode()
        if not chunk:
            return out.decode()
        out += chunk


@pytest.fixture
def terminal():
    """A pseudo-terminal: (a text stream writing to it, a function reading what it got)."""
    master, slave = os.openpty()
    stream = os.fdopen(slave, "w")
    yield stream, lambda: read_all(master)
    stream.close()
    os.close(master)


def test_a_terminal_gets_one_line_rewritten_in_place(terminal):
    stream, read = terminal
    assert is_terminal(stream)
    line = ProgressLine(stream)
    line.show("10/30 games  1,000 games/s")
    line.show("20/30 games  900 games/s")
    line.show("30/30 games  950 games/s")
    line.end()
    got = read()
    # the shorter text blanks the end of the longer one; the line ends once
    assert got.replace("\r\n", "\n") == ("\r10/30 games  1,000 games/s"
                                         "\r20/30 games  900 games/s  "
                                         "\r30/30 games  950 games/s\n")


def test_a_file_gets_a_plain_line_every_ten_seconds_and_the_last(tmp_path):
    clock = Clock()
    path = tmp_path / "log"
    with open(path, "w") as f:
        assert not is_terminal(f)
        line = ProgressLine(f, clock=clock)
        for t, text in [(1, "a"), (5, "b"), (10.5, "c"), (12, "d"), (20.5, "e"), (22, "f")]:
            clock.t = t
            line.show(text)
        line.end()
    assert path.read_text() == "c\ne\nf\n"


def test_a_short_run_in_a_log_gets_its_last_line_only(tmp_path):
    with open(tmp_path / "log", "w") as f:
        line = ProgressLine(f, clock=Clock())
        line.show("1/2 games")
        line.show("2/2 games")
        line.end()
        line.end()                          # a second end writes nothing more
    assert (tmp_path / "log").read_text() == "2/2 games\n"


def test_a_pipe_is_not_a_terminal():
    r, w = os.pipe()
    with os.fdopen(r) as rs, os.fdopen(w, "w") as ws:
        assert not is_terminal(ws) and not is_terminal(rs)
    assert not is_terminal(object())        # no isatty at all
    assert not is_terminal(ws)              # closed: isatty raises ValueError


def test_the_compile_notice(capsys):
    say_compiling("the rules engine", "about a minute")
    assert capsys.readouterr().err == "compiling the rules engine (first run only: about a " \
                                      "minute)\n"


def _run(progress=True):
    s = Series(POOL, ids("mono_green_curve"), None, [GreedyAgent()],
               batch=dict(max_turns=6))
    runner.warm_up(s, progress=False)       # a cold cache compiles here, unannounced
    runner.run([s], 6, 1, lambda s, res: pd.DataFrame({"turns": res["turns"]}),
               lambda k, rows: None, chunk=2, progress=progress)


def test_the_runner_writes_no_carriage_return_to_a_log(capsys):
    """stderr captured (not a terminal): one plain line at the end of a short run."""
    _run()
    err = capsys.readouterr().err
    assert "\r" not in err
    assert err.startswith("6/6 games  ") and err.endswith(" games/s\n")
    assert err.count("\n") == 1


def test_the_runner_rewrites_its_line_on_a_terminal(terminal, monkeypatch):
    stream, read = terminal
    monkeypatch.setattr(sys, "stderr", stream)
    _run()
    got = read().replace("\r\n", "\n")
    assert got.startswith("\r2/6 games  ") and "\r4/6 games  " in got
    assert "\r6/6 games  " in got and got.endswith("\n") and got.count("\n") == 1


def test_an_error_after_a_chunk_starts_a_line_of_its_own(terminal, monkeypatch):
    """A run that fails mid-way (a chunk's error, an output that cannot be written) ends
    the line in place first: the error's own line is not glued to "2/6 games"."""
    stream, read = terminal
    monkeypatch.setattr(sys, "stderr", stream)
    s = Series(POOL, ids("mono_green_curve"), None, [GreedyAgent()],
               batch=dict(max_turns=6))
    seen = []

    def consume(k, rows):
        seen.append(k)
        if len(seen) == 2:
            raise RuntimeError("disk full")
    with pytest.raises(RuntimeError):
        runner.run([s], 6, 1, lambda s, res: pd.DataFrame({"turns": res["turns"]}), consume,
                   chunk=2)
    got = read().replace("\r\n", "\n")
    assert got.startswith("\r2/6 games  ") and got.endswith("\n") and got.count("\n") == 1


def test_no_progress_no_line(capsys):
    _run(progress=False)
    assert capsys.readouterr().err == ""
