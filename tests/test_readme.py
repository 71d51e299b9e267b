"""The README's example outputs are real: every line shown under a `$ playtest ...` line is a
line the command prints (stdout), in order, and wherever lines are left out (at the start,
between, at the end, or the rest of a cut line) the block says `...`.

The suite re-runs the quick examples (a few seconds); `python tests/test_readme.py` re-runs
every one (several minutes) and names each block that no longer matches.
"""
import contextlib
import io
import shlex
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# examples cheap enough for the suite: goldfish and combo runs of 2,000 games, 200 games of
# the `first` agent
QUICK = ("playtest simulate examples/decks/elves_morcant.txt --goldfish --games 2000 --seed 1",
         "playtest simulate examples/decks/mono_green_curve.txt --games 200 --seed 1 --agent "
         "first --max-turns 12",
         'playtest combo examples/decks/elves_morcant.txt --when "battlefield: High Perfect '
         'Morcant, 3 Elves" --by-turn 5 --games 2000 --seed 1')


def examples(text=None):
    """[(command, the lines shown under it)] of every `$ playtest` line of the README."""
    lines = (README.read_text() if text is None else text).splitlines()
    out, i = [], 0
    while i < len(lines):
        if not lines[i].startswith("$ playtest "):
            i += 1
            continue
        command = lines[i][2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith(("```", "$ ")):
            shown.append(lines[i])
            i += 1
        out.append((" ".join(command.split()), shown))
    return out


def mismatches(shown, printed):
    """What is wrong with `shown` as an excerpt of `printed` (lines): [] when every shown line
    is printed, in order, and every gap is marked `...` (a line of its own, or ", ..." at
    the end of a cut line)."""
    wrong, at, marked = [], -1, False
    for line in shown:
        if line == "...":
            marked = True
            continue
        cut = line.endswith(", ...")
        found = [k for k, p in enumerate(printed) if k > at and
                 (p.startswith(line[:-len("...")]) if cut else p == line)]
        if not found:
            wrong.append(f"not printed: {line[:100]}")
            continue
        if found[0] != at + 1 and not marked:
            wrong.append(f"lines left out before it without '...': {line[:100]}")
        at, marked = found[0], cut
    if at != len(printed) - 1 and not marked:
        wrong.append("lines left out at the end without '...'")
    return wrong


def stdout_of(command):
    from experiments.cli import run
    argv = shlex.split(command)[1:]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        run(argv)
    return buf.getvalue().rstrip("\n").splitlines()


def test_the_excerpt_rules_are_checked():
    printed = ["head", "a", "b", "c", "tail"]
    assert mismatches(["head", "a", "b", "c", "tail"], printed) == []
    assert mismatches(["...", "b", "..."], printed) == []
    assert mismatches(["head", "a, ...", "tail"], ["head", "a, b, c", "tail"]) == []
    assert mismatches(["head", "b", "..."], printed) == [
        "lines left out before it without '...': b"]
    assert mismatches(["...", "b"], printed) == ["lines left out at the end without '...'"]
    assert mismatches(["head", "x", "..."], printed) == ["not printed: x"]


def test_the_quick_examples_are_in_the_readme():
    commands = [c for c, _ in examples()]
    assert all(q in commands for q in QUICK)
    assert len(commands) >= 19


@pytest.mark.parametrize("command", QUICK)
def test_a_quick_example_prints_what_the_readme_shows(command, monkeypatch):
    monkeypatch.chdir(ROOT)
    for c, shown in examples():
        if c == command:
            assert mismatches(shown, stdout_of(c)) == [], c


if __name__ == "__main__":         # every example: several minutes
    import os
    os.chdir(ROOT)
    bad = 0
    for command, shown in examples():
        if "--plot" in command:
            continue                # it would write a file here
        wrong = mismatches(shown, stdout_of(command))
        bad += bool(wrong)
        print(("ok   " if not wrong else "FAIL ") + command[:110], flush=True)
        for w in wrong:
            print("     " + w)
    sys.exit(1 if bad else 0)
