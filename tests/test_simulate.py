"""`playtest simulate` and experiments/simulate.py: summaries, Parquet/CSV output streamed per
batch, plots, the cold-start message, and bad input as one line with exit 2."""

import math
import signal

import numpy as np
import pandas as pd
import pytest

from experiments.cli import main
from experiments.gamerows import COLUMNS
from experiments.plots import curves
from experiments.shares import pct, share, wilson
from experiments.signals import Stopped
from experiments.simulate import simulate, summary
from experiments.tally import by_turn, end_words
from simcore import consts as K

from support import DECKS


def test_simulate_cli_names_an_agent_that_chose_an_illegal_action(tmp_path, monkeypatch,
                                                                 capsys):
    """Bad input from a user's agent: one line and exit 2, never a traceback."""
    (tmp_path / "pass_agents.py").write_text(
        "import numpy as np\n"
        "class AlwaysPass:\n"
        "    def act(self, view, mask, rng):\n"
        "        return np.zeros(mask.shape[0], np.int64)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--goldfish", "--games", "4",
              "--seed", "1", "--agent", "pass_agents:AlwaysPass", "--max-turns", "10"])
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "agent pass_agents:AlwaysPass (player 0): game " in err and "is not legal" in err



def test_a_cold_start_is_announced_and_not_counted_as_games(monkeypatch, capsys):
    """From an empty compile cache, `simulate` says it is compiling and compiles on one
    throw-away game before the clock of the progress line starts (a first run showed
    "200/200 games  6 games/s"). The throw-away game changes no result."""
    from simcore.game import GameBatch
    kw = dict(vs=DECKS / "goblins_burn_blight.txt", games=6, seed=4, start="random",
              batch_size=4)
    warm = simulate(DECKS / "mono_green_curve.txt", progress=True, **kw)
    assert "compiling" not in capsys.readouterr().err
    monkeypatch.setattr(GameBatch, "is_compiled", staticmethod(lambda: False))
    cold = simulate(DECKS / "mono_green_curve.txt", progress=True, **kw)
    err = capsys.readouterr().err
    assert err.startswith("compiling the game engine (first run only") and "6/6 games" in err
    pd.testing.assert_frame_equal(warm, cold)



def test_simulate_cli_writes_parquet_and_csv(tmp_path, capsys):
    out = tmp_path / "games.parquet"
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--goldfish", "--games", "6",
              "--seed", "2", "--batch-size", "4", "--out", str(out)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert "6 games (seed 2" in text and "opponent killed by turn" in text and "end: " in text
    df = pd.read_parquet(out)
    assert len(df) == 6 and list(df["game"]) == list(range(6))
    assert list(df.columns) == list(COLUMNS)
    assert df["on_the_play"].dtype == bool and str(df["kill_turn"].dtype) == "Int64"
    csv = tmp_path / "games.csv"
    with pytest.raises(SystemExit):
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--games", "3", "--out", str(csv)])
    assert len(pd.read_csv(csv)) == 3



def test_a_deck_that_decks_itself_lost_704_5b(tmp_path, capsys):
    """704.5b: `3 Forest` cannot draw its opening hand and loses on turn 1: the summary says
    "deck decked", never a win, and no kill turn for the opponent (it said "end reasons: win
    10", kill_turn 1)."""
    deck = tmp_path / "forests.txt"
    deck.write_text("3 Forest\n")
    out = tmp_path / "games.parquet"
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(deck), "--goldfish", "--games", "10", "--out", str(out)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert "end: deck decked 10" in text and "win" not in text
    assert "opponent killed: in none of the 10 games: 0.0% (95% CI 0.0-27.8%)" in text
    df = pd.read_parquet(out)
    assert (df["end_reason"] == "decked").all() and (df["lost0"] == "decked").all()
    assert (df["lost1"] == "").all() and (df["winner"] == 1).all()
    assert (df["kill_turn"] == 1).all() and (df["turns"] == 1).all()



def test_end_words_name_who_lost_and_why():
    """The summary's end line: what happened and who won (two decks); goldfish games do not
    claim a winner; truncations say so; both players losing at once is a draw."""
    df = pd.DataFrame({
        "end": [K.END_LIFE, K.END_LIFE, K.END_DECKED, K.END_POISON, K.END_DECKED,
                K.END_TURN_LIMIT, K.END_CAPACITY, K.END_LIFE],
        "winner": [0, 1, 1, 0, 2, -1, -1, 2],
        "lost0": ["", "life", "decked", "", "decked", "", "", "life"],
        "lost1": ["life", "", "", "poison", "decked", "", "", "life+poison"],
        "until_card": "", "opponent": "goblins"})
    assert list(end_words(df)) == [
        "opponent's life 0 (deck won)", "deck's life 0 (opponent won)",
        "deck decked (opponent won)", "opponent poisoned (deck won)",
        "deck decked and opponent decked (both lost)", "turn limit (truncated)",
        "capacity (truncated)",
        "deck's life 0 and opponent's life 0 and opponent poisoned (both lost)"]
    gold = df.assign(opponent="goldfish").iloc[:3]
    assert list(end_words(gold)) == ["opponent's life 0", "deck's life 0", "deck decked"]
    cond = pd.DataFrame({"end": [K.END_CONDITION], "winner": [-1], "lost0": [""],
                         "lost1": [""], "until_card": "Craw Wurm", "opponent": "goldfish"})
    assert list(end_words(cond)) == ["Craw Wurm on the battlefield"]



def test_goldfish_summary_gives_the_kill_turn_distribution():
    """Goldfish games measure how soon the deck kills, not how often it "wins" (every game
    that is not cut short does): the share of games with the opponent dead by each turn,
    with intervals, and the median kill turn."""
    df = simulate(DECKS / "mono_green_curve.txt", games=200, seed=1, progress=False)
    text = summary(df)
    assert "win" not in text
    kills = df["kill_turn"].dropna().astype(int)
    first, last = int(kills.min()), int(kills.max())
    steps = ", ".join(f"{t}: {share(int((kills <= t).sum()), 200, brief=True)}"
                      for t in range(first, last + 1))
    assert f"opponent killed by turn {steps} (of all 200 games, 95% CI)" in text
    assert f"median kill turn: {kills.median():g} (of the {len(kills)} games" in text
    curve = by_turn(kills, 200)
    assert curve.loc[4, "games"] == (kills <= 4).sum()
    assert curve["share"].iloc[-1] == len(kills) / 200
    assert (curve["lo"] <= curve["share"]).all() and (curve["share"] <= curve["hi"]).all()



def test_won_by_turn_counts_wins_over_all_games():
    """The plot's left panel: the share of all games (truncated ones too) each side has won
    by the end of each turn; goldfish games: the opponent killed."""
    df = pd.DataFrame({"winner": [0, 0, 1, 2, -1], "turns": [3, 5, 4, 6, 7],
                       "kill_turn": pd.array([3, 5, 4, 6, None], dtype="Int64"),
                       "end": [K.END_LIFE] * 4 + [K.END_TURN_LIMIT],
                       "lost0": ["", "", "life", "life", ""],
                       "lost1": ["life", "life", "", "life", ""],
                       "deck": "a", "opponent": "b", "until_card": ""})
    curve = curves(df)
    assert list(curve) == ["a won", "b won"]
    assert list(curve["a won"].index) == [1, 2, 3, 4, 5, 6, 7]
    assert np.allclose(curve["a won"]["share"], [0, 0, .2, .2, .4, .4, .4])
    assert np.allclose(curve["b won"]["share"], [0, 0, 0, .2, .2, .2, .2])
    gold = curves(df.assign(opponent="goldfish"))
    assert list(gold) == ["opponent killed"]
    assert np.allclose(gold["opponent killed"]["share"], [0, 0, .2, .2, .4, .6, .6])



def test_simulate_cli_plots(tmp_path, capsys):
    """--plot FILE.png draws the kill-turn curve and the game lengths of the run."""
    png = tmp_path / "games.png"
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--vs",
              str(DECKS / "goblins_burn_blight.txt"), "--games", "6", "--seed", "2",
              "--plot", str(png)])
    assert e.value.code == 0
    assert f"wrote the plot to {png}" in capsys.readouterr().out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000



def test_the_plot_legends_hide_no_curve(tmp_path):
    """A legend inside a panel covered the curves of four measures (two opponents); now
    each panel's legend sits under it, outside every panel's data area, and turns are
    whole numbers on the axes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from experiments.plots import plot_games
    df = simulate(DECKS / "mono_green_curve.txt", vs=[DECKS / "goblins_burn_blight.txt",
                                                     DECKS / "elves_morcant.txt"],
                  games=6, seed=2, progress=False)
    fig = plot_games(df, tmp_path / "games.png")
    r = FigureCanvasAgg(fig).get_renderer()
    panels = [ax for ax in fig.axes if ax.axison]
    legends = [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    assert len(panels) == 2 and len(legends) == 2
    assert [t.get_text() for t in legends[0].get_texts()] == [
        "mono_green_curve won vs goblins_burn_blight", "goblins_burn_blight won",
        "mono_green_curve won vs elves_morcant", "elves_morcant won"]
    for legend in legends:
        box = legend.get_window_extent(r)
        assert not any(box.overlaps(ax.get_window_extent(r)) for ax in panels)
        assert box.y1 < min(ax.get_window_extent(r).y0 for ax in panels)    # under them
    for ax in panels:
        ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
        assert all(float(t).is_integer() for t in ticks)


@pytest.mark.parametrize("argv,needle", [
    (["--games", "0"], "positive integer"),
    (["--bogus"], "playtest simulate: error: unrecognized arguments: --bogus"),
    (["--out", "x.txt"], "--out must end in"),
    (["--plot", "x.jpg"], "--plot must end in .png, .svg, .pdf"),
    (["--agent", "nobody"], "unknown agent 'nobody'"),
    (["--seed", "-1"], "--seed: expected a non-negative integer, got '-1'"),
    (["--opponent-agent", "random"], "--opponent-agent needs an opponent's deck (--vs DECK)"),
    (["--out", "/no/such/folder/games.csv"], "--out: no folder '/no/such/folder'"),
    (["--plot", "/no/such/folder/kills.png"], "--plot: no folder '/no/such/folder'"),
])
def test_simulate_bad_input(argv, needle, capsys):
    """Bad flags: one line and exit 2, before any game is played (a missing output folder
    and a negative seed were tracebacks, the folder only after the whole run)."""
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt")] + argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err



def test_unknown_card_in_deck_is_one_line(tmp_path, capsys):
    deck = tmp_path / "d.txt"
    deck.write_text("20 Forest\n40 Grizzly Baers\n")
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(deck), "--games", "1"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "d.txt:2" in err and "Grizzly Bears" in err



def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert abs(wilson(0, 10)[0]) < 1e-12 and wilson(10, 10)[1] > 0.999



@pytest.mark.parametrize("n", [5, 10, 20, 37, 1000])
def test_no_negative_zero_in_percentages(n):
    """Rounding put Wilson's lower bound of 0 of n a hair below zero (n = 5, 10, 20: printed
    "(95% CI -0.0% - 27.8%)") and the upper bound of n of n above one (n = 5): the interval
    is clamped to [0, 1] and percentages are formatted so that -0.0 cannot appear."""
    for k in (0, n):
        lo, hi = wilson(k, n)
        assert 0.0 <= lo <= k / n <= hi <= 1.0
        assert math.copysign(1, lo) == 1
    assert share(0, n).startswith("0.0% (95% CI 0.0-") and "-0.0" not in share(0, n)
    assert share(n, n).endswith("-100.0%)") and "-0.0" not in share(n, n)
    assert pct(-0.0) == "0.0%" and pct(-1e-17) == "0.0%" and pct(1 + 1e-16) == "100.0%"



def test_results_stream_to_disk_and_survive_interrupt(tmp_path, monkeypatch):
    """Each finished batch is appended to the output at once; Ctrl-C keeps them, and the
    run says it was stopped (`Stopped`, with the finished games): it used to return them
    as if the run were complete. tests/test_stop.py signals real processes."""
    import experiments.simulate as sim
    from experiments.runner import Series
    out = tmp_path / "run.parquet"
    real = Series.play
    calls = []

    def flaky(self, *args, **kw):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(self, *args, **kw)

    monkeypatch.setattr(Series, "play", flaky)
    with pytest.raises(Stopped) as e:
        sim.simulate(DECKS / "mono_green_curve.txt", games=10, seed=3, batch_size=3,
                     out=out, progress=False)
    assert e.value.signum == signal.SIGINT and e.value.status == 130
    df = e.value.results
    assert len(df) == 6 and list(df["game"]) == list(range(6))
    on_disk = pd.read_parquet(out)
    assert list(on_disk["game"]) == list(range(6)) and (on_disk["seed"] == 3).all()
    csv = tmp_path / "run.csv"
    monkeypatch.setattr(Series, "play", real)
    sim.simulate(DECKS / "mono_green_curve.txt", games=5, seed=3, batch_size=2, out=csv,
                 progress=False)
    assert list(pd.read_csv(csv)["game"]) == list(range(5))


def test_deck_warnings_are_printed_and_the_games_played(tmp_path, capsys):
    """A 53-card deck, or five copies of a card, is allowed (custom formats) but said: one
    `playtest: warning: <file>: ...` line each on stderr (they played without a word)."""
    deck = tmp_path / "d.txt"
    deck.write_text("44 Forest\n5 Llanowar Elves\n4 Grizzly Bears\n")
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(deck), "--vs", str(DECKS / "goblins_burn_blight.txt"),
              "--games", "2", "--max-turns", "3"])
    out, err = capsys.readouterr()
    assert e.value.code == 0 and "2 games" in out
    warnings = [line for line in err.splitlines() if line.startswith("playtest: warning")]
    assert warnings == [
        f"playtest: warning: {deck}: the main deck has 53 cards, fewer than the 60 a "
        f"constructed deck needs",
        f"playtest: warning: {deck}: 5 copies of 'Llanowar Elves', more than 4 of a card that "
        f"is not a basic land"]


def test_until_card_measures_the_card_by_turn(tmp_path, capsys):
    """--until-card: the run measures when the card reaches the battlefield, so the summary
    says so, turn by turn with intervals (it called those games "wins"), and the plot draws
    that curve (it was left out: the games had no winner)."""
    png = tmp_path / "wurm.png"
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--games", "60", "--seed",
              "4", "--until-card", "craw wurm", "--plot", str(png)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    df = simulate(DECKS / "mono_green_curve.txt", games=60, seed=4, target="Craw Wurm",
                  progress=False)
    hit = df.loc[df["end_reason"] == "condition", "turns"]
    assert len(hit) and (df["until_card"] == "Craw Wurm").all() and df["kill_turn"].loc[
        hit.index].isna().all()
    steps = ", ".join(f"{t}: {share(int((hit <= t).sum()), 60, brief=True)}"
                      for t in range(int(hit.min()), int(hit.max()) + 1))
    assert f"Craw Wurm on the battlefield by turn {steps} (of all 60 games, 95% CI)" in text
    assert f"Craw Wurm on the battlefield {len(hit)}" in text and "win" not in text
    curve = curves(df)["Craw Wurm on the battlefield"]
    assert curve["games"].iloc[-1] == len(hit) > 0
    assert png.stat().st_size > 10_000


@pytest.mark.parametrize("name,needle", [
    ("Craw Wurn", "--until-card: unknown card 'Craw Wurn' (closest in the deck: Craw Wurm)"),
    ("Lightning Bolt", "--until-card: 'Lightning Bolt' is not in the deck "),
    ("giant spidr", "unknown card 'giant spidr' (closest in the deck: Giant Spider)"),
])
def test_until_card_must_name_a_card_of_the_deck(name, needle, capsys):
    """A card the deck does not hold never reaches the battlefield: the run measured
    nothing, silently. Refused in one line with the deck's closest names, as deck lists
    refuse a misspelt card."""
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--games", "2",
              "--until-card", name])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_until_card_given_twice_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--games", "2",
              "--until-card", "Craw Wurm", "--until-card", "Giant Spider"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err == ("playtest simulate: error: argument --until-card: given twice (Craw Wurm, "
                   "then Giant Spider): it takes one value\n")


def test_several_opponents(tmp_path, capsys):
    """--vs A --vs B plays the deck against each (the same seed each: the games against A
    are those of a run against A alone), one DataFrame with an opponent column, one summary
    per opponent. A repeated --vs used to keep only the last."""
    goblins, elves = DECKS / "goblins_burn_blight.txt", DECKS / "elves_morcant.txt"
    out = tmp_path / "both.parquet"
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--vs", str(goblins), "--vs",
              str(elves), "--games", "8", "--seed", "5", "--batch-size", "5", "--max-turns",
              "12", "--out", str(out)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    both = pd.read_parquet(out)
    assert list(both["opponent"].unique()) == ["goblins_burn_blight", "elves_morcant"]
    for name, vs in (("goblins_burn_blight", goblins), ("elves_morcant", elves)):
        alone = simulate(DECKS / "mono_green_curve.txt", vs=vs, games=8, seed=5,
                         max_turns=12, progress=False)
        mine = both[both["opponent"] == name].reset_index(drop=True)
        pd.testing.assert_frame_equal(mine, alone, check_dtype=False)
        assert f"mono_green_curve vs {name}: 8 games (seed 5" in text
    assert text.count("deck won ") == 2
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--vs", str(goblins), "--vs",
              str(goblins), "--games", "2"])
    assert e.value.code == 2 and "is given twice" in capsys.readouterr().err


@pytest.mark.parametrize("flag,expect", [("--on-the-play", True), ("--on-the-draw", False)])
def test_on_the_play_says_whether_the_deck_went_first(flag, expect):
    """on_the_play is True when the deck took the game's first turn (it held the first
    player's number: 0 when the deck was on the play)."""
    from experiments.cli import build_parser
    args = build_parser().parse_args(["simulate", "x.txt", flag])
    for vs in (None, DECKS / "goblins_burn_blight.txt"):
        df = simulate(DECKS / "mono_green_curve.txt", vs=vs, games=4, seed=1,
                      start=args.start, max_turns=6, progress=False)
        assert df["on_the_play"].dtype == bool and (df["on_the_play"] == expect).all()
    mixed = simulate(DECKS / "mono_green_curve.txt", games=40, seed=1, start="random",
                     max_turns=6, progress=False)
    assert 0 < mixed["on_the_play"].sum() < 40


def test_readme_documents_every_column():
    """README.md's table of the per-game rows names every column, in order, with a type."""
    readme = (DECKS.parents[1] / "README.md").read_text()
    table = readme[readme.index("### Per-game results"):]
    table = table[:table.index("\n## ")]          # up to the next section
    rows = [line.split("|")[1:4] for line in table.splitlines()
            if line.startswith("| `")]
    names = [r[0].strip().strip("`") for r in rows]
    assert names == list(COLUMNS)
    assert all(r[1].strip() and r[2].strip() for r in rows)
    df = simulate(DECKS / "mono_green_curve.txt", games=2, seed=1, progress=False)
    assert list(df.columns) == list(COLUMNS)


def test_the_summary_and_plot_come_from_per_chunk_counts(tmp_path):
    """rows=False keeps no row: the Tally counted chunk by chunk gives the summary and the
    curves the rows give (two opponents, quantiles that fall between two games)."""
    from experiments.simulate import quantile
    from experiments.tally import Tally
    kw = dict(vs=[DECKS / "goblins_burn_blight.txt", DECKS / "elves_morcant.txt"], games=90,
              seed=6, start="random", max_turns=14, batch_size=25, progress=False)
    df = simulate(DECKS / "mono_green_curve.txt", **kw)
    tally = simulate(DECKS / "mono_green_curve.txt", rows=False, **kw)
    assert isinstance(tally, Tally) and len(tally) == len(df) == 180
    assert summary(tally) == summary(df)
    for label, curve in curves(df).items():
        pd.testing.assert_frame_equal(curves(tally)[label], curve)
    assert tally.counts["games"].sum() == 180 and len(tally.counts) < 180
    values = np.array([3, 5, 9, 4])
    weights = np.array([2, 1, 3, 4])
    for q in (0.1, 0.25, 0.5, 0.9):
        assert quantile(values, weights, q) == pd.Series(np.repeat(values, weights)).quantile(q)
    from experiments.plots import plot_games
    plot_games(tally, tmp_path / "t.png")
    assert (tmp_path / "t.png").stat().st_size > 10_000
