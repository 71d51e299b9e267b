"""Malformed scenario files and failing scenarios: one clear line naming the file, the
scenario and the key, exit code 2 (malformed) or 1 (failed), never a traceback."""
import subprocess
import sys
from pathlib import Path

import pytest

from experiments.cli import main

ROOT = Path(__file__).resolve().parents[1]

GOOD = '''
[[scenario]]
name = "bolt"
[[scenario.player]]
mana = "{R}"
hand = ["Lightning Bolt"]
[[scenario.player]]
[[scenario.step]]
do = "cast"
card = "Lightning Bolt"
choose = ["p1"]
[[scenario.step]]
do = "resolve"
[[scenario.step]]
expect = { "p1.life" = 17 }
'''


def run(tmp_path, text, capsys):
    f = tmp_path / "s.toml"
    f.write_text(text)
    with pytest.raises(SystemExit) as e:
        main(["scenario", str(f)])
    out, err = capsys.readouterr()
    return e.value.code, out, err, f


def test_good_scenario_passes(tmp_path, capsys):
    code, out, err, _ = run(tmp_path, GOOD, capsys)
    assert code == 0, out
    assert out.splitlines() == ["PASS bolt", "1 passed, 0 failed"]


@pytest.mark.parametrize("old,new,key", [
    ('do = "resolve"', 'do = "resolve"\nbogus = 1', "step[1].bogus"),
    ('hand = ["Lightning Bolt"]', 'hand = ["Lightning Blot"]', "player[0].hand[0]"),
    ('mana = "{R}"', 'mana = "{R"', "player[0].mana"),
    ('mana = "{R}"', 'mana = 3', "player[0].mana"),
    ('do = "resolve"', 'do = "resolvee"', "step[1].do"),
    ('expect = { "p1.life" = 17 }', 'expect = { "p1.lief" = 17 }', "step[2].p1.lief"),
])
def test_malformed_scenario_names_file_scenario_and_key(tmp_path, capsys, old, new, key):
    code, out, err, f = run(tmp_path, GOOD.replace(old, new), capsys)
    assert code == 2
    errors = [line for line in out.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1, out
    assert str(f) in errors[0] and "scenario 'bolt'" in errors[0] and f"key '{key}'" in errors[0]
    assert "Traceback" not in out + err


def test_toml_syntax_error_is_one_line(tmp_path, capsys):
    code, out, err, f = run(tmp_path, GOOD + "\n[[scenario\n", capsys)
    assert code == 2
    assert sum(1 for line in out.splitlines() if line.startswith("ERROR")) == 1
    assert "Traceback" not in out + err


def test_failing_expectation_reports_values(tmp_path, capsys):
    code, out, err, _ = run(tmp_path, GOOD.replace("= 17", "= 16"), capsys)
    assert code == 1
    assert "FAIL bolt" in out and "p1.life = 17, expected 16" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


def test_missing_choice_names_the_question(tmp_path, capsys):
    code, out, err, _ = run(tmp_path, GOOD.replace('choose = ["p1"]', ""), capsys)
    assert code == 1
    assert "target" in out and "no entry left" in out


def test_leftover_choice_fails(tmp_path, capsys):
    code, out, err, _ = run(tmp_path, GOOD.replace('choose = ["p1"]', 'choose = ["p1", "p0"]'),
                            capsys)
    assert code == 1 and "left over" in out


def test_illegal_choice_refuses_the_action(tmp_path, capsys):
    text = GOOD.replace('choose = ["p1"]', 'choose = ["nobody"]')
    code, out, err, _ = run(tmp_path, text, capsys)
    assert code == 1 and "refused" in out and "not a legal choice" in out
    text = text.replace('choose = ["nobody"]', 'choose = ["nobody"]\nexpect_error = true')
    text = text.replace('do = "resolve"', 'do = "advance"\nto = "end"')
    text = text.replace('expect = { "p1.life" = 17 }', 'expect = { "p1.life" = 20, "p0.mana" = "", "stack" = 0 }')
    code, out, err, _ = run(tmp_path, text, capsys)
    assert code == 0, out


def test_cli_subprocess_malformed_exit_2(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text(GOOD.replace('hand = ["Lightning Bolt"]', 'hand = ["Lightning Blot"]'))
    r = subprocess.run([sys.executable, "-m", "experiments", "scenario", str(f)],
                       capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert "Traceback" not in r.stdout + r.stderr
    assert "unknown card 'Lightning Blot'" in r.stdout
