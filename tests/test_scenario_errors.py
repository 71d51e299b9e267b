"""Malformed scenario files and failing scenarios: one clear line naming the file, the
scenario and the key, exit code 2 (malformed) or 1 (failed), never a traceback. By default
on a terminal only those lines and the count are printed (`-v`: a PASS line for each that
passed too); to a file or pipe one line per scenario, the format of ../shared/SCENARIOS.md
(`-q`: failures only); a cold compile cache is announced before its silent wait."""
import os
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


def run(tmp_path, text, capsys, *flags):
    f = tmp_path / "s.toml"
    f.write_text(text)
    with pytest.raises(SystemExit) as e:
        main(["scenario", str(f), *flags])
    out, err = capsys.readouterr()
    return e.value.code, out, err, f


def on_terminal(monkeypatch):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)


def test_good_scenario_passes(tmp_path, capsys, monkeypatch):
    """On a terminal a passing scenario prints nothing but the count (483 PASS lines hid the
    failures of a whole run); `-v` names it."""
    on_terminal(monkeypatch)
    code, out, err, _ = run(tmp_path, GOOD, capsys)
    assert code == 0, out
    assert out.splitlines() == ["1 passed, 0 failed"]
    for flag in ("-v", "--verbose"):
        code, out, err, _ = run(tmp_path, GOOD, capsys, flag)
        assert code == 0 and out.splitlines() == ["PASS bolt", "1 passed, 0 failed"]


def test_only_the_failures_are_listed(tmp_path, capsys, monkeypatch):
    on_terminal(monkeypatch)
    wrong = GOOD.replace('"bolt"', '"wrong bolt"').replace("= 17", "= 16")
    code, out, err, _ = run(tmp_path, GOOD + wrong, capsys)
    assert code == 1
    assert out.splitlines() == ["FAIL wrong bolt: step[2]: p1.life = 17, expected 16",
                                "1 passed, 1 failed"]
    code, out, err, _ = run(tmp_path, GOOD + wrong, capsys, "-v")
    assert out.splitlines()[0] == "PASS bolt" and len(out.splitlines()) == 3


def test_a_file_or_pipe_gets_a_line_per_scenario(tmp_path, capsys):
    """SCENARIOS.md: "prints one line per scenario (PASS name / FAIL name: why), a closing
    line N passed, N failed": what a script or a log reads; `-q` leaves out the PASS lines."""
    wrong = GOOD.replace('"bolt"', '"wrong bolt"').replace("= 17", "= 16")
    code, out, err, _ = run(tmp_path, GOOD + wrong, capsys)
    assert code == 1
    assert out.splitlines() == ["PASS bolt", "FAIL wrong bolt: step[2]: p1.life = 17, "
                                "expected 16", "1 passed, 1 failed"]
    code, out, err, _ = run(tmp_path, GOOD + wrong, capsys, "-q")
    assert out.splitlines() == ["FAIL wrong bolt: step[2]: p1.life = 17, expected 16",
                                "1 passed, 1 failed"]


def test_a_cold_cache_is_announced_on_stderr(tmp_path, capsys, monkeypatch):
    """The first run compiles the rules engine for a minute or two: the CLI says so first
    (it was silent); a warm run says nothing; a run of files that do not read compiles
    nothing and says nothing."""
    import simcore.scenario
    code, out, err, _ = run(tmp_path, GOOD, capsys)
    assert code == 0 and err == ""
    monkeypatch.setattr(simcore.scenario, "is_compiled", lambda: False)
    code, out, err, _ = run(tmp_path, GOOD, capsys, "-q")
    assert code == 0 and out.splitlines() == ["1 passed, 0 failed"]
    assert err == "compiling the rules engine (first run only: a minute or two on two cores)\n"
    code, out, err, _ = run(tmp_path, GOOD + "\n[[scenario\n", capsys)
    assert code == 2 and err == ""


def test_the_runner_knows_whether_it_is_compiled(tmp_path):
    """Compiled in this process (the scenarios above ran); not in an empty compile cache."""
    from simcore.scenario import is_compiled, run_scenarios
    f = tmp_path / "s.toml"
    f.write_text(GOOD)
    assert run_scenarios([f]) == (1, 0, 0)
    assert is_compiled()
    r = subprocess.run([sys.executable, "-c", "from simcore.scenario import is_compiled; "
                        "print(is_compiled())"], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, PLAYTEST_CACHE_DIR=str(tmp_path / "cache")))
    assert r.stdout == "False\n", r.stderr


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
