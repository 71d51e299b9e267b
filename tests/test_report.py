"""`playtest report`: one self-contained HTML page from saved results of any command."""
import html
import re

import pandas as pd
import pytest
from pandas.api.types import is_string_dtype

from experiments.cli import main
from experiments.combo import combo
from experiments.report import kind_of, read_results
from experiments.simulate import simulate

from support import DECKS


def test_report_of_simulate_combo_and_a_plain_table(tmp_path, capsys):
    sim = simulate(DECKS / "mono_green_curve.txt", vs=DECKS / "goblins_burn_blight.txt",
                   games=20, seed=3, max_turns=12, progress=False)
    sim.to_parquet(tmp_path / "sim.parquet", index=False)
    combo(DECKS / "elves_morcant.txt", "battlefield: High Perfect Morcant", by_turn=4,
          games=30, seed=3, progress=False, out=tmp_path / "combo.csv")
    pd.DataFrame({"x": [1, 2], "y": ["a", "b"]}).to_csv(tmp_path / "other.csv", index=False)
    page = tmp_path / "r.html"
    with pytest.raises(SystemExit) as e:
        main(["report", str(tmp_path / "sim.parquet"), str(tmp_path / "combo.csv"),
              str(tmp_path / "other.csv"), "-o", str(page)])
    assert e.value.code == 0
    assert "sim.parquet (simulate), combo.csv (combo), other.csv (table)" in \
        capsys.readouterr().out
    text = page.read_text()
    assert text.count("<section>") == 3 and text.count("data:image/png;base64,") == 2
    assert "mono_green_curve vs goblins_burn_blight: 20 games" in text     # the summary
    assert "High Perfect Morcant" in text and "seed: 3" in text
    assert not re.search(r"(src|href)=['\"]?(https?:|//)", text)        # nothing to fetch


def test_report_of_castability_and_compare_and_an_older_table(tmp_path):
    """The other commands' results are recognised and drawn; a table whose summary cannot be
    made (results of an older version lacking a column) is shown with a note, not a
    traceback."""
    from experiments.castability import castability
    from experiments.compare import compare
    from experiments.report import report
    castability(DECKS / "elves_morcant.txt", games=2000, seed=1, progress=False).to_csv(
        tmp_path / "cast.csv", index=False)
    compare(DECKS / "mono_green_curve.txt", swap=["Grizzly Bears=Young Wolf"],
            vs=[DECKS / "goblins_burn_blight.txt"], games=20, seed=1, max_turns=10,
            progress=False).to_parquet(tmp_path / "cmp.parquet", index=False)
    sim = simulate(DECKS / "mono_green_curve.txt", games=4, seed=1, max_turns=8,
                   progress=False).drop(columns="mulligan")
    sim.to_csv(tmp_path / "old.csv", index=False)
    done = report([tmp_path / "cast.csv", tmp_path / "cmp.parquet", tmp_path / "old.csv"],
                  tmp_path / "r.html")
    assert list(done["kind"]) == ["castability", "compare", "simulate"]
    assert done["plot"].tolist()[:2] == [True, True]
    assert "no summary: KeyError" in done["notes"].iloc[2]
    assert "no summary: KeyError" in (tmp_path / "r.html").read_text()


def test_kinds_are_told_by_their_columns():
    assert kind_of(pd.DataFrame(columns=["game", "winner", "end_reason", "turns",
                                         "own_turns"]))[0] == "simulate"
    assert kind_of(pd.DataFrame(columns=["measure", "games_per_s", "ratio"]))[0] == "bench"
    assert kind_of(pd.DataFrame(columns=["a"]))[0] == "table"


@pytest.mark.parametrize("name,content,needle", [
    ("missing.parquet", None, "no such results file"),
    ("notes.txt", "hello", "results are .parquet or .csv files"),
    ("broken.parquet", b"\x00\x01garbage", "cannot read these results"),
])
def test_bad_results_are_one_line(tmp_path, capsys, name, content, needle):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    with pytest.raises(SystemExit) as e:
        main(["report", str(path), "-o", str(tmp_path / "r.html")])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and needle in err
    assert not (tmp_path / "r.html").exists()


def test_the_page_must_be_html(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["report", str(DECKS / "x.csv"), "-o", str(tmp_path / "r.pdf")])
    assert e.value.code == 2 and "-o/--out must end in .html" in capsys.readouterr().err


def test_read_results_reads_both_formats(tmp_path):
    df = pd.DataFrame({"a": [1, 2]})
    df.to_csv(tmp_path / "a.csv", index=False)
    df.to_parquet(tmp_path / "a.parquet", index=False)
    assert read_results(tmp_path / "a.csv").equals(read_results(tmp_path / "a.parquet"))


D = str(DECKS)
# every command with --out, small: (name, its command line without --out)
COMMANDS = [
    ("simulate", ["simulate", f"{D}/mono_green_curve.txt", "--vs",
                  f"{D}/goblins_burn_blight.txt", "--games", "20", "--seed", "1"]),
    # goldfish: opponent_agent, lost0 (the deck never loses) and until_card empty in every row
    ("goldfish", ["simulate", f"{D}/mono_green_curve.txt", "--goldfish", "--games", "10",
                  "--seed", "1"]),
    # --until-card: no one loses, so the kill turn is empty in every row
    ("until_card", ["simulate", f"{D}/mono_green_curve.txt", "--goldfish", "--games", "10",
                    "--seed", "1", "--until-card", "Craw Wurm", "--max-turns", "12"]),
    ("combo", ["combo", f"{D}/elves_morcant.txt", "--when",
               "battlefield: High Perfect Morcant", "--by-turn", "4", "--games", "10",
               "--seed", "1"]),
    ("castability", ["castability", f"{D}/elves_morcant.txt", "--games", "500",
                     "--seed", "1"]),
    ("compare", ["compare", f"{D}/mono_green_curve.txt", "--swap",
                 "Grizzly Bears=Young Wolf", "--vs", f"{D}/goblins_burn_blight.txt",
                 "--games", "10", "--seed", "1", "--max-turns", "12"]),
    ("balance", ["balance", f"{D}/mono_green_curve.txt", "--card", "Grizzly Bears",
                 "--vary", "power=1..2", "--vs", f"{D}/goblins_burn_blight.txt", "--games",
                 "10", "--seed", "1", "--max-turns", "12"]),
    ("sweep", ["sweep", f"{D}/mono_green_curve.txt", "--vary", "Forest=21..22", "--fill",
               "Grizzly Bears", "--vs", f"{D}/goblins_burn_blight.txt", "--games", "10",
               "--seed", "1", "--max-turns", "12"]),
    ("gauntlet", ["gauntlet", f"{D}/mono_green_curve.txt", "--vs",
                  f"{D}/goblins_burn_blight.txt", "--vs", f"{D}/elves_morcant.txt",
                  "--games", "10", "--seed", "1", "--max-turns", "12"]),
    ("cardstats", ["cardstats", f"{D}/mono_green_curve.txt", "--vs",
                   f"{D}/goblins_burn_blight.txt", "--games", "10", "--seed", "1",
                   "--max-turns", "12"]),
    ("bench", ["bench", "--games", "8", "--batch-size", "4", "--serial-games", "4",
               "--reference-games", "0", "--max-turns", "12", "--castability-games", "2000",
               "--castability-reference-games", "0", "--kernel-games", "0",
               "--memory-games", "0", "--start-games", "0"]),
]


@pytest.mark.parametrize("name,args", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_report_of_every_commands_csv_and_parquet(tmp_path, capsys, name, args):
    """`report` on what each command's --out wrote, CSV and Parquet: the command's summary
    (the same from both files) and its plot, no "no summary" or "no plot" note. A CSV keeps
    no types: an empty text cell, or a text column empty in every row, must come back as the
    empty string the command wrote, not NaN, whatever pandas' dtype for text."""
    from experiments.report import TEXT_COLUMNS, report
    files = [tmp_path / f"{name}.csv", tmp_path / f"{name}.parquet"]
    for f in files:
        with pytest.raises(SystemExit) as e:
            main(args + ["--out", str(f)])
        assert e.value.code == 0, capsys.readouterr().err
    page = tmp_path / "r.html"
    done = report(files, page)
    csv, parquet = (read_results(f) for f in files)
    kind = kind_of(parquet)[0]
    assert list(done["kind"]) == [kind, kind]
    text_columns = [c for c in parquet.columns if is_string_dtype(parquet[c])]
    assert set(text_columns) <= TEXT_COLUMNS        # (a CSV's empty text cells read as "")
    assert [csv[c].dtype for c in text_columns] == [parquet[c].dtype for c in text_columns]
    text = page.read_text()
    assert "no summary" not in text and "no plot" not in text, done["notes"].tolist()
    assert done["notes"].tolist() == ["", ""]
    summaries = [html.unescape(s) for s in re.findall(r"<pre>(.*?)</pre>", text, re.S)]
    assert len(summaries) == 2 and all(summaries)
    assert "nan" not in summaries[0].lower().split()
    if kind == "bench":         # two runs: the same measures, other timings
        summaries = [re.sub(r" *\d+(\.\d+)?", " #", s) for s in summaries]
    if kind != "castability":   # (its hands kept and mulligan rule live in Parquet's attrs)
        assert summaries[0] == summaries[1]
    plotted = kind != "bench"   # bench's results have no plot
    assert done["plot"].tolist() == [plotted, plotted]
    assert text.count("data:image/png;base64,") == (2 if plotted else 0)


def test_long_summaries_are_shown_whole_and_wrapped(tmp_path, monkeypatch):
    """A summary is shown whole: its long lines wrap (white-space: pre-wrap), no scroll box
    (overflow) or height cap hides any of it."""
    from experiments import report as rep
    monkeypatch.setattr(rep, "KINDS", list(rep.KINDS))
    summary = "a long line of " + "many words " * 60 + "ends here\nand a second line"
    rep.register("long", {"x"}, summary=lambda df: summary)
    pd.DataFrame({"x": [1]}).to_csv(tmp_path / "a.csv", index=False)
    rep.report([tmp_path / "a.csv"], tmp_path / "r.html")
    text = (tmp_path / "r.html").read_text()
    style = re.search(r"<style>(.*?)</style>", text, re.S).group(1)
    pre = re.search(r"(?:^|\})pre\{([^}]*)\}", style).group(1)
    assert "white-space:pre-wrap" in pre
    assert "overflow:" not in pre and "overflow-x" not in pre and "max-height" not in pre
    assert [html.unescape(s) for s in re.findall(r"<pre>(.*?)</pre>", text, re.S)] == [summary]
