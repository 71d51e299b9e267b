import subprocess
import sys
from pathlib import Path

import pytest

from experiments.cli import format_card, main
from simcore.cardload import load_pool

ROOT = Path(__file__).resolve().parents[1]

BAD_CARD = '''
name = "Foo"
cost = "{1}{G}"
types = ["Creature"]
power = "two"
toughness = 2
'''


def run_main(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_cards_check_ok(tmp_path, capsys):
    (tmp_path / "foo.toml").write_text(BAD_CARD.replace('"two"', "2"))
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 0
    assert out == "ok: 1 cards\n"
    assert err == ""


def test_cards_check_builtin_dir(capsys):
    code, out, err = run_main(["cards", "check", str(ROOT / "simcore" / "data" / "cards")],
                              capsys)
    assert code == 0 and out.startswith("ok: ") and err == ""


def test_cards_check_malformed_in_process(tmp_path, capsys):
    p = tmp_path / "foo.toml"
    p.write_text(BAD_CARD)
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 2
    assert out == ""
    assert err == f'playtest: error: {p}: card \'Foo\': key \'power\': expected an int, got "two"\n'
    assert "Traceback" not in err


def test_cards_check_malformed_subprocess(tmp_path):
    p = tmp_path / "foo.toml"
    p.write_text(BAD_CARD)
    r = subprocess.run([sys.executable, "-m", "experiments", "cards", "check", str(tmp_path)],
                       capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"playtest: error: {p}: card 'Foo': key 'power': ")
    assert r.stdout == ""


def test_cards_check_toml_syntax_error(tmp_path, capsys):
    (tmp_path / "foo.toml").write_text('name = "Foo"\ntypes = [\n')
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 2
    assert len(err.splitlines()) == 1 and "TOML syntax error" in err and "line" in err


def test_cards_check_missing_dir(tmp_path, capsys):
    code, out, err = run_main(["cards", "check", str(tmp_path / "nope")], capsys)
    assert code == 2
    assert err.startswith("playtest: error: ") and "nope" in err


def test_bad_flag_prints_usage(capsys):
    code, out, err = run_main(["--bogus"], capsys)
    assert code == 2
    assert "usage: playtest" in err


def test_bad_flag_on_subcommand(capsys):
    code, out, err = run_main(["cards", "check", "x", "--bogus"], capsys)
    assert code == 2
    assert "usage: playtest" in err


def test_missing_subcommand(capsys):
    code, out, err = run_main([], capsys)
    assert code == 2
    assert "usage: playtest" in err
    code, out, err = run_main(["cards"], capsys)
    assert code == 2
    assert "usage: playtest cards" in err


def test_bogus_subprocess():
    r = subprocess.run([sys.executable, "-m", "experiments", "--bogus"], capture_output=True,
                       text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert "usage: playtest" in r.stderr
    assert "Traceback" not in r.stderr


def test_cards_show(capsys):
    code, out, err = run_main(["cards", "show", "broodguard elite"], capsys)
    assert code == 0, err
    assert "Broodguard Elite" in out


def test_cards_show_unknown(capsys):
    code, out, err = run_main(["cards", "show", "Brodguard Elit"], capsys)
    assert code == 2
    assert err == ("playtest: error: unknown card 'Brodguard Elit' "
                   "(closest: Broodguard Elite)\n")


def test_cards_show_user_card(tmp_path, capsys):
    (tmp_path / "foo.toml").write_text(BAD_CARD.replace('"two"', "2"))
    code, out, err = run_main(["cards", "show", "Foo", "--cards", str(tmp_path)], capsys)
    assert code == 0, err
    assert "Foo" in out


def test_format_card_numbers_abilities():
    text = format_card(load_pool()["Walking Ballista"])
    assert "ability 0: enters_with_counters" in text
    assert "ability 1: activated (activate with ability = 0)" in text
    assert "ability 2: activated (activate with ability = 1)" in text
    assert "walking_ballista.toml" in text


def test_scenario_with_bad_cards_dir(tmp_path, capsys):
    """--cards is accepted by `scenario`; a bad folder is a one-line error (if the runner
    exists) and never a traceback."""
    code, out, err = run_main(["scenario", str(tmp_path), "--cards", str(tmp_path / "nope")],
                              capsys)
    assert code != 0
    assert "Traceback" not in err
