"""`playtest gauntlet` (experiments/gauntlet.py): the same games as simulate's, every pairing
of a round robin once each way, the paired interval, the field folder, and bad input as one
line with exit 2."""
import math
import shutil

import pandas as pd
import pytest

from experiments.cli import main
from experiments.gauntlet import gauntlet, summary
from experiments.paired import pair_share
from experiments.shares import wilson
from experiments.simulate import simulate

from support import DECKS

MONO, GOBLINS, ELVES = (DECKS / f"{n}.txt" for n in ("mono_green_curve", "goblins_burn_blight",
                                                      "elves_morcant"))
KW = dict(games=40, seed=3, max_turns=16, progress=False)


def row(df, deck, opp, start):
    r = df[(df["deck"] == deck) & (df["opponent"] == opp) & (df["start"] == start)]
    assert len(r) == 1, (deck, opp, start)
    return r.iloc[0]


def test_gauntlet_plays_simulates_games():
    """DECK --vs A --vs B on the play and on the draw: the same games as `simulate DECK --vs A
    --on-the-play` and `--on-the-draw` with the same seed (wins, losses, draws, no one)."""
    df = gauntlet(MONO, vs=[GOBLINS, ELVES], **KW)
    assert len(df) == 2 * 3
    for opp in (GOBLINS, ELVES):
        for start in ("play", "draw"):
            sim = simulate(MONO, vs=opp, start=start, **KW)
            r = row(df, "mono_green_curve", opp.stem, start)
            assert r["games"] == len(sim) == 40
            assert r["won"] == (sim["winner"] == 0).sum()
            assert r["lost"] == (sim["winner"] == 1).sum()
            assert r["draws"] == (sim["winner"] == 2).sum()
            assert r["no_one_lost"] == (sim["winner"] == -1).sum()
            assert r["truncated"] == sim["end_reason"].isin(["turn_limit", "capacity"]).sum()
            assert (r["lo"], r["hi"]) == wilson(r["won"], 40)
        both = row(df, "mono_green_curve", opp.stem, "both")
        assert both["games"] == 80 and both["seeds"] == 40
        assert both["won"] == sum(row(df, "mono_green_curve", opp.stem, s)["won"]
                                  for s in ("play", "draw"))
    assert (df["won"] + df["lost"] + df["draws"] + df["no_one_lost"] == df["games"]).all()


def test_a_round_robin_plays_every_pairing_once_each_way():
    """Three decks: three pairings, each a series of seeds played with the first deck on
    the play and on the draw, given from both sides (six ordered rows per start); B's view
    of a pairing is A's with wins and losses swapped and the start turned round; A's side
    is `gauntlet A --vs B`."""
    df = gauntlet(field=None, vs=[MONO, GOBLINS, ELVES], round_robin=True, **KW)
    names = ["mono_green_curve", "goblins_burn_blight", "elves_morcant"]
    pairs = {(a, b) for a, b in zip(df["deck"], df["opponent"])}
    assert pairs == {(a, b) for a in names for b in names if a != b}
    assert len(df) == 6 * 3 and not df.duplicated(["deck", "opponent", "start"]).any()
    flip = {"play": "draw", "draw": "play", "both": "both"}
    for a, b in pairs:
        for start in ("play", "draw", "both"):
            r, m = row(df, a, b, start), row(df, b, a, flip[start])
            assert (r["won"], r["lost"], r["draws"], r["games"]) == \
                (m["lost"], m["won"], m["draws"], m["games"])
    one = gauntlet(MONO, vs=[GOBLINS], **KW)
    for start in ("play", "draw", "both"):
        assert row(one, names[0], names[1], start)["won"] == row(df, names[0], names[1],
                                                                 start)["won"]


def test_the_same_seed_gives_the_same_table_whatever_the_batch_size():
    a = gauntlet(MONO, vs=[GOBLINS], batch_size=7, **KW)
    b = gauntlet(MONO, vs=[GOBLINS], batch_size=1000, **KW)
    pd.testing.assert_frame_equal(a, b)


def test_pair_share_counts_a_seeds_two_games_as_one_when_they_agree():
    """Seeds whose two games always agree (0 or 2 wins) are worth one game each: the Wilson
    interval over the seeds (99 effective: the seeds' sample variance divides by n - 1);
    independent-looking pairs are worth two games at most."""
    p, lo, hi = pair_share(wins=2 * 30, pair_squares=30 * 4, seeds=100)
    assert p == 0.3 and (lo, hi) == pytest.approx(wilson(0.3 * 99, 99), abs=1e-12)
    # every seed won exactly one of its two games: no spread between seeds, two games each
    p, lo, hi = pair_share(wins=100, pair_squares=100, seeds=100)
    assert p == 0.5 and (lo, hi) == wilson(100, 200)


def test_a_mirror_match_is_even_over_both_starts():
    """The same deck in two files (.txt and .dck): over both starts each side wins half of
    the games it does not draw, by symmetry; the estimate is within 3 standard errors of
    that (the standard error read off the 95% interval)."""
    df = gauntlet(MONO, vs=[DECKS / "mono_green_curve.dck"], games=300, seed=11,
                  max_turns=30, progress=False)
    r = row(df, "mono_green_curve.txt", "mono_green_curve.dck", "both")
    truth = (1 - r["draw_share"] - r["no_one_lost_share"]) / 2
    se = (r["hi"] - r["lo"]) / (2 * 1.96)
    assert abs(r["win_rate"] - truth) < 3 * se, (r["win_rate"], truth, se)
    # each seed played once on the play and once on the draw: both starts' rate is their mean
    play = row(df, "mono_green_curve.txt", "mono_green_curve.dck", "play")["win_rate"]
    draw = row(df, "mono_green_curve.txt", "mono_green_curve.dck", "draw")["win_rate"]
    assert r["win_rate"] == pytest.approx((play + draw) / 2, abs=1e-12)


def test_the_field_is_every_deck_file_of_the_folder(tmp_path, capsys):
    """--field: .txt and .dck files (the deck's own file left out); names told apart by
    their file names where two decks share one; the summary, the table and the plot."""
    for f in ("mono_green_curve.txt", "mono_green_curve.dck", "goblins_burn_blight.txt"):
        shutil.copy(DECKS / f, tmp_path / f)
    (tmp_path / "notes.md").write_text("not a deck")
    out, plot = tmp_path / "g.csv", tmp_path / "g.png"
    with pytest.raises(SystemExit) as e:
        main(["gauntlet", str(tmp_path / "goblins_burn_blight.txt"), "--field", str(tmp_path),
              "--games", "10", "--seed", "2", "--max-turns", "12", "--out", str(out),
              "--plot", str(plot)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("gauntlet: 2 pairings, 10 seeds each, every seed on the play and "
                           "on the draw (20 games a pairing; seed 2")
    df = pd.read_csv(out)
    assert set(df["opponent"]) == {"mono_green_curve.txt", "mono_green_curve.dck"}
    assert set(df["deck"]) == {"goblins_burn_blight"} and plot.stat().st_size > 1000
    assert {"seed", "version", "agent", "opponent_agent", "games", "seeds"} <= set(df.columns)
    assert "won: games the deck won, of all its games" in summary(df)


@pytest.mark.parametrize("argv,message", [
    (["--field", "{empty}"], "--field {empty}: no deck files (.txt or .dck) in the folder"),
    (["--field", "{tmp}/nowhere"], "--field {tmp}/nowhere: no such folder"),
    (["--vs", "{tmp}/missing.txt"], "{tmp}/missing.txt: no such deck file"),
    (["--vs", "{tmp}/binary.txt"], "{tmp}/binary.txt: line 1: not UTF-8 text"),
    (["--round-robin", "--vs", "{mono}"], None),
    ([], "no opponents: give --vs DECK or --field DIR"),
])
def test_bad_input_is_one_line_and_nothing_is_played(argv, message, tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe4 Forest\n")
    fill = dict(empty=empty, tmp=tmp_path, mono=MONO)
    argv = [a.format(**fill) for a in argv]
    deck = [] if "--round-robin" in argv else [str(GOBLINS)]
    with pytest.raises(SystemExit) as e:
        main(["gauntlet"] + deck + argv + ["--games", "5"])
    err = capsys.readouterr()
    assert e.value.code == 2 and err.out == "" and err.err.count("\n") == 1
    assert err.err.startswith("playtest: error: ")
    if message is None:
        assert "--round-robin needs two decks at least, got 1" in err.err
    else:
        assert message.format(**fill) in err.err


def test_summary_says_what_was_counted():
    df = gauntlet(MONO, vs=[GOBLINS], **KW)
    text = summary(df)
    lines = text.splitlines()
    assert "draws and games no one lost are not wins" in lines[1]
    r = row(df, "mono_green_curve", "goblins_burn_blight", "both")
    assert f"{r['win_rate'] * 100:5.1f}% ({r['lo'] * 100:.1f}-{r['hi'] * 100:.1f}%)" in lines[3]
    assert not math.isnan(r["lo"])


def test_a_stopped_run_keeps_the_finished_chunks(monkeypatch, capsys, tmp_path):
    """Ctrl-C in the second chunk: the table of the first chunk's seeds, printed and written
    to --out, exit 130."""
    from experiments.paired import Paired
    play, calls = Paired.play, []

    def interrupted(self, seed, game0, n):
        calls.append(game0)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return play(self, seed, game0, n)

    monkeypatch.setattr(Paired, "play", interrupted)
    with pytest.raises(SystemExit) as e:
        main(["gauntlet", str(MONO), "--vs", str(GOBLINS), "--games", "30", "--batch-size",
              "10", "--max-turns", "12", "--out", str(tmp_path / "g.csv")])
    out = capsys.readouterr()
    assert e.value.code == 130 and "playtest: stopped by SIGINT" in out.err
    assert out.out.startswith("gauntlet: 1 pairing, 10 seeds each")
    kept = pd.read_csv(tmp_path / "g.csv")
    assert f"wrote {len(kept)} rows to {tmp_path / 'g.csv'}" in out.out
    assert set(kept["seeds"]) == {10}
