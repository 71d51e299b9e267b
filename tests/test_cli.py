import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from experiments.cli import _Once, build_parser, main
from simcore.cards.db import FETCH_HINT

# the end of the unknown-card error where no card database was imported (tests/conftest.py)
NO_DB = f"no card database yet: {FETCH_HINT}; "

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
    assert out == "ok: 1 card\n"
    assert err == ""


def test_cards_check_builtin_dir(capsys):
    code, out, err = run_main(["cards", "check", str(ROOT / "simcore" / "cards" / "data" / "cards")],
                              capsys)
    assert code == 0 and out.startswith("ok: ") and err == ""


def test_cards_check_malformed_in_process(tmp_path, capsys):
    p = tmp_path / "foo.toml"
    p.write_text(BAD_CARD)
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 2
    assert out == ""
    assert err == (f'playtest: error: {p}: card \'Foo\': key \'power\': expected an int, '
                   f'got "two"\nplaytest: error: 1 of 1 card file has errors\n')
    assert "Traceback" not in err


def test_cards_check_malformed_subprocess(tmp_path):
    p = tmp_path / "foo.toml"
    p.write_text(BAD_CARD)
    r = subprocess.run([sys.executable, "-m", "experiments", "cards", "check", str(tmp_path)],
                       capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"playtest: error: {p}: card 'Foo': key 'power': ")
    assert lines[1] == "playtest: error: 1 of 1 card file has errors"
    assert r.stdout == ""


def test_cards_check_toml_syntax_error(tmp_path, capsys):
    (tmp_path / "foo.toml").write_text('name = "Foo"\ntypes = [\n')
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 2
    first, summary = err.splitlines()
    assert "TOML syntax error" in first and "line" in first
    assert summary == "playtest: error: 1 of 1 card file has errors"


def test_cards_check_reports_every_bad_file(tmp_path, capsys):
    """Every file is checked and every wrong one named, one line each (the check stopped at
    the first, and said "ok: 1 cards" when one was right)."""
    good = BAD_CARD.replace('"two"', "2")
    (tmp_path / "a_good.toml").write_text(good)
    (tmp_path / "b_bad.toml").write_text(BAD_CARD.replace('"Foo"', '"Bar"'))
    (tmp_path / "c_copy.toml").write_text(good)
    (tmp_path / "d_bytes.toml").write_bytes(b"\xff\xfe\x00\x01")
    (tmp_path / "e_token.toml").write_text(
        'name = "Maker"\ncost = "{1}"\ntypes = ["Sorcery"]\n[[abilities]]\nkind = "spell"\n'
        'effects = [{ do = "create_token", token = "Gobblin" }]\n')
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"playtest: error: {tmp_path / 'b_bad.toml'}: card 'Bar': key 'power': expected an "
        f'int, got "two"',
        f"playtest: error: {tmp_path / 'c_copy.toml'}: card 'Foo': key 'name': duplicate card "
        f"name, already defined in {tmp_path / 'a_good.toml'}",
        f"playtest: error: {tmp_path / 'd_bytes.toml'}: line 1: not UTF-8 text (a card file "
        f"must be a UTF-8 text file)",
        f"playtest: error: {tmp_path / 'e_token.toml'}: card 'Maker': key "
        f"'abilities[0].effects[0].token': unknown token 'Gobblin' (closest: Goblin)",
        "playtest: error: 4 of 5 card files have errors",
    ]


def test_cards_check_counts_agree_in_number(tmp_path, capsys):
    for name in ("Foo", "Bar"):
        (tmp_path / f"{name}.toml").write_text(BAD_CARD.replace('"two"', "2").replace(
            '"Foo"', f'"{name}"'))
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 0 and out == "ok: 2 cards\n"
    (tmp_path / "Baz.toml").write_text(BAD_CARD.replace('"Foo"', '"Baz"'))
    code, out, err = run_main(["cards", "check", str(tmp_path)], capsys)
    assert code == 2 and err.splitlines()[-1] == "playtest: error: 1 of 3 card files has errors"


def test_cards_check_missing_dir(tmp_path, capsys):
    code, out, err = run_main(["cards", "check", str(tmp_path / "nope")], capsys)
    assert code == 2
    assert err.startswith("playtest: error: ") and "nope" in err


@pytest.mark.parametrize("argv,line", [
    (["--bogus"], "playtest: error: unrecognized arguments: --bogus"),
    (["cards", "check", "x", "--bogus"],
     "playtest cards check: error: unrecognized arguments: --bogus"),
    (["simulat"], "playtest: error: argument COMMAND: invalid choice: 'simulat' (choose from "
                  "'scenario', 'cards', 'simulate', 'castability', 'compare', ...)"),
    (["simulate", "d.txt", "--games", "0"],
     "playtest simulate: error: argument --games: expected a positive integer, got '0'"),
    (["simulate"], "playtest simulate: error: the following arguments are required: DECK"),
    (["simulate", "d.txt", "--vs", "e.txt", "--goldfish"],
     "playtest simulate: error: argument --goldfish: not allowed with argument --vs"),
    (["bench", "--seed", "x"],
     "playtest bench: error: argument --seed: expected a non-negative integer, got 'x'"),
])
def test_usage_errors_are_one_line(argv, line, capsys):
    """Argument errors: one line naming the flag and the subcommand, exit 2 (argparse printed
    its usage block first, which the README's one-line promise did not allow for)."""
    code, out, err = run_main(argv, capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    if line.endswith(", ...)"):     # the list of commands grows: its first ones, in order
        assert err.startswith(line[:-5])
    else:
        assert err == line + "\n"


def test_missing_subcommand_prints_help(capsys):
    code, out, err = run_main([], capsys)
    assert code == 2
    assert err.startswith("usage: playtest [-h]") and "simulate" in err and "bench" in err
    code, out, err = run_main(["cards"], capsys)
    assert code == 2
    assert err.startswith("usage: playtest cards") and "check" in err and "show" in err


def test_help_prints_help(capsys):
    code, out, err = run_main(["simulate", "--help"], capsys)
    assert code == 0 and err == ""
    assert out.startswith("usage: playtest simulate") and "--games N" in out


def test_bogus_subprocess():
    r = subprocess.run([sys.executable, "-m", "experiments", "--bogus"], capture_output=True,
                       text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert r.stderr == "playtest: error: unrecognized arguments: --bogus\n"


def all_parsers(parser=None):
    """The top parser and every (sub)command's parser."""
    parser = parser or build_parser()
    out = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for p in action.choices.values():
                out.extend(all_parsers(p))
    return out


def options_of(parser):
    return [a for a in parser._actions if a.option_strings and
            not isinstance(a, (argparse._HelpAction, argparse._VersionAction))]


def test_help_gives_every_option_and_its_default():
    """Every option has a help text, and --help says its default."""
    for parser in all_parsers():
        entries = parser.format_help().replace("\n  -", "\n\0-").split("\0")
        for a in options_of(parser):
            assert a.help, (parser.prog, a.option_strings)
            entry = next(e for e in entries      # "-o FILE, --out FILE" or "--games N"
                         if e.startswith(a.option_strings[0] + " ")
                         or e.startswith(a.option_strings[0] + ","))
            assert "default" in entry, (parser.prog, entry)
    text = next(p for p in all_parsers() if p.prog == "playtest simulate").format_help()
    assert "games to play (default: 1000)" in text
    assert "(default: greedy)" in text


SINGLE_VALUED = [(p.prog, a.option_strings[-1]) for p in all_parsers() for a in options_of(p)
                 if a.nargs is None and a.option_strings != ["--vs"]
                 and not isinstance(a, argparse._AppendAction)]


def test_every_single_valued_option_refuses_a_repeat():
    """The list below is every option that takes one value (but --vs, which the simulate
    work makes take several opponents); each one uses the one-value action."""
    assert len(SINGLE_VALUED) >= 50 and ("playtest simulate", "--seed") in SINGLE_VALUED
    for p in all_parsers():
        for a in options_of(p):
            if (p.prog, a.option_strings[-1]) in SINGLE_VALUED:
                assert isinstance(a, _Once), (p.prog, a.option_strings)


@pytest.mark.parametrize("prog,flag", SINGLE_VALUED)
def test_a_repeated_option_is_refused(prog, flag, capsys):
    """`--seed 1 --seed 2` kept the last value silently; now one line naming the flag."""
    words = prog.split()[1:]
    a, b = REPEAT_VALUES.get((words[0], flag), REPEAT_VALUES.get(flag, ("3", "4")))
    argv = words + (["d.txt"] if words[0] in ("simulate", "castability") else []) + \
        [flag, a, flag, b]
    code, out, err = run_main(argv, capsys)
    assert code == 2
    names = next("/".join(x.option_strings) for p in all_parsers() if p.prog == prog
                 for x in options_of(p) if x.option_strings[-1] == flag)   # -o/--out
    assert err == (f"{prog}: error: argument {names}: given twice ({a}, then {b}): it takes "
                   f"one value\n")


# options whose values are checked before the repeat is seen
REPEAT_VALUES = {"--mulligan": ("never", "agent"), "--keep": ("2-5", "3-4"),
                 ("castability", "--mulligan"): ("never", "never")}


def test_an_abbreviated_repeat_is_refused(capsys):
    code, out, err = run_main(["simulate", "d.txt", "--gam", "3", "--games", "4"], capsys)
    assert code == 2 and "argument --games: given twice (3, then 4)" in err


def test_cards_is_still_repeatable(tmp_path, capsys):
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / f"{name}.toml").write_text(
            BAD_CARD.replace('"two"', "2").replace('"Foo"', f'"{name.upper()}"'))
    code, out, err = run_main(["cards", "show", "A", "--cards", str(tmp_path / "a"),
                               "--cards", str(tmp_path / "b")], capsys)
    assert code == 0 and err == ""


def test_cards_show(capsys):
    code, out, err = run_main(["cards", "show", "broodguard elite"], capsys)
    assert code == 0, err
    assert "Broodguard Elite" in out


def test_cards_show_unknown(capsys):
    code, out, err = run_main(["cards", "show", "Brodguard Elit"], capsys)
    assert code == 2
    assert err == ("playtest: error: unknown card 'Brodguard Elit' (closest: Broodguard "
                   "Elite): not a built-in card; " + NO_DB + "cards of your own folders need "
                   "--cards DIR (see docs/card-format.md)\n")


def test_cards_show_a_card_of_a_folder_not_given(tmp_path, capsys):
    """`cards show NAME` for a card of the user's folder, the folder not given: the error
    said only "unknown card"; it says where it looked and that a folder needs --cards."""
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "foo.toml").write_text(BAD_CARD.replace('"two"', "2"))
    code, out, err = run_main(["cards", "show", "Foo"], capsys)
    assert code == 2 and out == ""
    assert err == ("playtest: error: unknown card 'Foo': not a built-in card; " + NO_DB +
                   "cards of your own folders need --cards DIR (see docs/card-format.md)\n")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "bar.toml").write_text(BAD_CARD.replace('"two"', "2").replace(
        '"Foo"', '"Bar"'))
    code, out, err = run_main(["cards", "show", "Foo", "--cards", str(tmp_path / "other")],
                              capsys)
    assert code == 2
    assert err == (f"playtest: error: unknown card 'Foo': neither a built-in card nor in "
                   f"--cards {tmp_path / 'other'}; " + NO_DB + "cards of your own folders need "
                   "--cards DIR (see docs/card-format.md)\n")
    code, out, err = run_main(["cards", "show", "Foo", "--cards", str(tmp_path / "mine")],
                              capsys)
    assert code == 0 and "Foo" in out


def test_a_deck_with_several_unknown_cards_names_them_all(tmp_path, capsys):
    """Every wrong line of a deck in one run (a Burn list took 12 reruns): one
    `playtest: error:` line each, as `cards check` names every wrong file, then the pointer
    to --cards DIR; exit 2, no traceback. The sideboard is not checked: no command plays it."""
    deck = tmp_path / "burn.txt"
    deck.write_text("4 Lightning Bolt\n4 Lava Spike\n4 Rift Bolt\n20 Mountain\n4 Shok\n\n"
                    "Sideboard\n3 Smash to Smithereens\n")
    code, out, err = run_main(["simulate", str(deck), "--games", "1"], capsys)
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"playtest: error: {deck}:2: unknown card 'Lava Spike'",
        f"playtest: error: {deck}:3: unknown card 'Rift Bolt'",
        f"playtest: error: {deck}:5: unknown card 'Shok' (closest: Shock)",
        f"playtest: error: {deck}: 3 unknown cards: " + NO_DB + "cards of your own folders need --cards "
        "DIR (see docs/card-format.md)",
    ]


def test_a_deck_too_big_for_the_engine_is_one_line(tmp_path, capsys):
    deck = tmp_path / "big.txt"
    deck.write_text("100000000 Forest\n")
    code, out, err = run_main(["simulate", str(deck), "--games", "1"], capsys)
    assert code == 2 and out == ""
    assert err == (f"playtest: error: {deck}:1: the main deck reaches 100,000,000 cards here, "
                   f"more than the 10,000 a game can hold\n")


@pytest.mark.parametrize("argv,line", [
    (["compare", "examples/decks/mono_green_curve.txt", "--cut", "2 Grizzly Bears", "--add",
      "2 Grizly Bears"], "playtest: error: --add: unknown card 'Grizly Bears' (closest: "
                         "Grizzly Bears); cards of your own folders need --cards DIR (see "
                         "docs/card-format.md)"),
    (["compare", "examples/decks/mono_green_curve.txt", "--add", "1 Forest", "--cut",
      "100000000000 Forest"], "playtest: error: --cut: 100000000000 Forest: the deck "
                              "examples/decks/mono_green_curve.txt holds 23"),
    (["balance", "examples/decks/elves_morcant.txt", "--card", "Elvish Warrior", "--vary",
      "power=1..2", "--add", "2 Elvish Warrior", "--cut", "two Forest"],
     "playtest: error: --cut: expected \"N Card\", a count and a card name (e.g. \"2 "
     "Grizzly Bears\"), got 'two Forest'"),
])
def test_a_bad_deck_edit_is_one_line_from_the_command(argv, line):
    """--add/--cut from a shell: one line, exit 2, no traceback and no warning before it (a
    deck edited past four copies warns only once every input is good)."""
    r = subprocess.run([sys.executable, "-m", "experiments"] + argv +
                       ["--vs", "examples/decks/goblins_burn_blight.txt"],
                       capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == line + "\n"


def test_cards_show_user_card(tmp_path, capsys):
    (tmp_path / "foo.toml").write_text(BAD_CARD.replace('"two"', "2"))
    code, out, err = run_main(["cards", "show", "Foo", "--cards", str(tmp_path)], capsys)
    assert code == 0, err
    assert "Foo" in out


def test_cards_show_numbers_what_scenarios_activate(capsys):
    code, out, err = run_main(["cards", "show", "Walking Ballista"], capsys)
    lines = out.splitlines()
    assert lines[2] == "Walking Ballista enters with X +1/+1 counters on it."
    assert lines[3].endswith("  [ability 0]") and lines[4].endswith("  [ability 1]")
    assert lines[-1].endswith("walking_ballista.toml")


def test_scenario_with_bad_cards_dir(tmp_path, capsys):
    """--cards is accepted by `scenario`; a bad folder is a one-line error (if the runner
    exists) and never a traceback."""
    code, out, err = run_main(["scenario", str(tmp_path), "--cards", str(tmp_path / "nope")],
                              capsys)
    assert code != 0
    assert "Traceback" not in err


# ---- sizes past what the engine can hold: one line giving the limit, before anything runs

EXAMPLES = ROOT / "examples" / "decks"
GREEN, GOBLINS = str(EXAMPLES / "mono_green_curve.txt"), str(EXAMPLES / "goblins_burn_blight.txt")
TOO_MANY = str(2**63)


@pytest.mark.parametrize("argv,line", [
    (["simulate", GREEN, "--games", TOO_MANY],
     f"--games: at most 9,223,372,036,854,775,807 games (2^63 - 1: a game's number is a 64-bit "
     f"integer of its seed and rows), got {2**63:,}"),
    (["castability", GREEN, "--games", TOO_MANY], "--games: at most 9,223,372,036,854,775,807"),
    (["compare", GREEN, "--swap", "Forest=Forest", "--vs", GOBLINS, "--games", TOO_MANY],
     "--games: at most 9,223,372,036,854,775,807"),
    (["simulate", GREEN, "--seed", TOO_MANY],
     f"--seed: at most 9,223,372,036,854,775,807 (2^63 - 1: the rows' seed column is a 64-bit "
     f"integer), got {2**63:,}"),
    (["simulate", GREEN, "--max-turns", "1000000000"],
     "--max-turns: at most 30,000 turns (a game has used up its 30,000 object ids by then: "
     "every turn but the first draws a card, which takes a new id), got 1,000,000,000"),
    (["gauntlet", GREEN, "--vs", GOBLINS, "--max-turns", "30001"], "--max-turns: at most 30,000"),
    (["combo", GREEN, "--when", "battlefield: Forest", "--by-turn", "20000"],
     "--by-turn: at most 15,000 (the deck's turns: against an opponent the game's are twice as "
     "many, and a game lasts at most 30,000 turns), got 20,000"),
    (["bench", "--memory-games", TOO_MANY], "--memory-games: at most 9,223,372,036,854,775,807"),
    (["simulate", GREEN, "--dask", "local:100000"], "--dask local:100000: at most "),
])
def test_a_size_past_what_the_engine_holds_is_one_line(argv, line, monkeypatch, capsys):
    """Each was a traceback, a MemoryError or a run killed for memory (--max-turns 10^9
    asked for 20 GB a game; the games list their numbers as int64)."""
    from experiments import runner

    def started(*a, **k):
        raise AssertionError("the run started")
    monkeypatch.setattr(runner, "run_chunks", started)
    monkeypatch.setattr("experiments.bench.bench", started)
    monkeypatch.setattr("distributed.LocalCluster", started)
    code, out, err = run_main(argv, capsys)
    assert code == 2 and out == "" and err.startswith(f"playtest: error: {line}"), err
    assert err.count("\n") == 1


def test_a_batch_no_memory_can_hold_is_one_line(capsys):
    """--batch-size 10^12 (with as many games) was a MemoryError traceback."""
    code, out, err = run_main(["simulate", GREEN, "--games", "1000000000000", "--batch-size",
                               "1000000000000"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("playtest: error: --batch-size 1,000,000,000,000: a batch of "
                          "1,000,000,000,000 games of these decks takes about "), err
    assert " of memory free here: at most " in err


# ---- every deck's wrong lines in one run, whichever command reads several decks

def _bad_decks(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("56 Forest\n4 Grizly Bears\n")
    b.write_text("56 Mountain\n2 Lava Spike\n2 Rift Bolt\n")
    return a, b


@pytest.mark.parametrize("command", ["simulate", "cardstats", "combo", "compare", "balance",
                                     "sweep", "gauntlet", "gauntlet --field"])
def test_the_wrong_lines_of_every_deck_in_one_run(command, tmp_path, capsys):
    """`simulate A --vs B` with unknown cards in both took two runs, one per deck."""
    a, b = _bad_decks(tmp_path)
    (tmp_path / "field").mkdir()
    c = tmp_path / "field" / "c.txt"
    c.write_text("60 Plains\n1 Swords to Plowshares\n")
    vs = ["--vs", str(b), "--vs", str(c)]
    argv = {
        "simulate": ["simulate", str(a)] + vs,
        "cardstats": ["cardstats", str(a)] + vs,
        "combo": ["combo", str(a), "--when", "battlefield: Forest", "--by-turn", "2"] + vs,
        "compare": ["compare", str(a), str(b), "--vs", str(c)],
        "balance": ["balance", str(a), "--card", "Forest", "--vary", "cost=1"] + vs,
        "sweep": ["sweep", str(a), "--vary", "Forest=20..21"] + vs,
        "gauntlet": ["gauntlet", str(a)] + vs,
        "gauntlet --field": ["gauntlet", str(a), "--field", str(tmp_path / "field")],
    }[command]
    if command == "gauntlet --field":
        c2 = tmp_path / "field" / "b.txt"
        c2.write_text(b.read_text())
    code, out, err = run_main(argv, capsys)
    lines = err.splitlines()
    assert code == 2 and out == "" and all(x.startswith("playtest: error: ") for x in lines)
    named = {x.split(": ")[2].rsplit(":", 1)[0] for x in lines[:-1]}
    assert named == ({str(a), str(b), str(c)} if command != "gauntlet --field" else
                     {str(a), str(tmp_path / "field" / "b.txt"), str(c)}), err
    assert lines[-1] == ("playtest: error: 3 deck lists: 4 unknown cards: " + NO_DB + "cards of your own "
                         "folders need --cards DIR (see docs/card-format.md)"), err
