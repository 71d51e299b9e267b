"""Every reader of user files (card files, deck lists in text and Forge .dck form, scenario
files) meets random bytes, an empty file, a folder where a file should be and a file it may
not read, and answers with one line naming the file and exit status 2, never a traceback."""
import os
import pathlib

import pytest

from experiments.cli import main

RANDOM_BYTES = bytes(range(128, 256)) + b"\n\x00\xff\xfe garbage \xc3(\n"

# reader -> (file name, command line for the path: cards and scenarios get the folder holding
# the file, as `cards check DIR` and `scenario DIR` take it; decks get the file)
READERS = {
    "card": ("c.toml", lambda f: ["cards", "check", str(f.parent)]),
    "deck text": ("d.txt", lambda f: ["simulate", str(f), "--games", "1"]),
    "deck .dck": ("d.dck", lambda f: ["simulate", str(f), "--games", "1"]),
    "scenario": ("s.toml", lambda f: ["scenario", str(f.parent)]),
}

# (reader, case) -> the line ({f}: the bad file, {dir}: the folder holding it)
EXPECTED = {
    ("card", "random bytes"): "{f}: line 1: not UTF-8 text (a card file must be a UTF-8 text "
                              "file)",
    ("card", "empty"): "{f}: card '?': key 'name': missing required key",
    ("card", "folder"): "{dir}: no card files (*.toml) in this directory",
    ("card", "unreadable"): "{f}: cannot read the card file (Permission denied)",
    ("deck text", "random bytes"): "{f}: line 1: not UTF-8 text (a deck file must be a UTF-8 "
                                   "text file)",
    ("deck text", "empty"): "{f}: the main deck is empty",
    ("deck text", "folder"): "{f}: is a folder, not a deck file",
    ("deck text", "unreadable"): "{f}: cannot read the deck file (Permission denied)",
    ("scenario", "random bytes"): "ERROR {f}: line 1: not UTF-8 text (a scenario file must be "
                                  "a UTF-8 text file)",
    ("scenario", "empty"): "ERROR {f}: key 'scenario': no [[scenario]] entries",
    ("scenario", "folder"): "{dir}: no scenario files (*.toml) found",
    ("scenario", "unreadable"): "ERROR {f}: cannot read the scenario file (Permission denied)",
}
for case in ("random bytes", "empty", "folder", "unreadable"):
    EXPECTED["deck .dck", case] = EXPECTED["deck text", case]


def make_unreadable(path, monkeypatch):
    """chmod 000; as root, which may read anything, reading that file is refused the way
    the system would refuse it."""
    path.chmod(0)
    if os.geteuid() == 0:
        real = pathlib.Path.read_bytes

        def read_bytes(self):
            if self == path:
                raise PermissionError(13, "Permission denied", str(self))
            return real(self)
        monkeypatch.setattr(pathlib.Path, "read_bytes", read_bytes)


@pytest.mark.parametrize("case", ["random bytes", "empty", "folder", "unreadable"])
@pytest.mark.parametrize("reader", list(READERS))
def test_a_bad_file_is_one_line(tmp_path, monkeypatch, capsys, reader, case):
    name, argv = READERS[reader]
    folder = tmp_path / "in"
    folder.mkdir()
    f = folder / name
    if case == "folder":
        f.mkdir()
    else:
        f.write_bytes(RANDOM_BYTES if case == "random bytes" else b"")
    if case == "unreadable":
        f.write_text("4 Forest\n")
        make_unreadable(f, monkeypatch)
    with pytest.raises(SystemExit) as e:
        main(argv(f))
    out, err = capsys.readouterr()
    assert e.value.code == 2
    assert "Traceback" not in out + err
    line = EXPECTED[reader, case].format(f=f, dir=folder)
    if line.startswith("ERROR"):
        # the scenario runner reports a malformed file among its results and goes on
        assert out.splitlines() == [line, "0 passed, 1 failed"] and err == ""
    elif reader == "card" and case != "folder":
        # cards check names every wrong file, then counts them
        assert err.splitlines() == [f"playtest: error: {line}",
                                    "playtest: error: 1 of 1 card file has errors"]
    else:
        assert err.splitlines() == [f"playtest: error: {line}"]
