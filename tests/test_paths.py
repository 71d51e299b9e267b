"""experiments/paths.py: output paths are checked before a run, in one line naming the flag."""
import pytest

from experiments.cli import main

from support import DECKS


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
