"""`playtest sweep`: a grid of deck variants by card counts, the size kept by a fill card,
every variant on the same seeds. A planted effect is found (more copies of a strong card
win more: the paired gap of fewer copies to the best below zero); one varied card draws a
line (beside each count's paired gap to the best), two a heatmap of the gaps on a scale
centred on 0, the cells whose interval holds 0 hatched, nothing cut; every bad grid is one
line, exit 2, nothing played."""
import numpy as np
import pandas as pd
import pytest

from experiments.cli import main
from experiments.sweep import sweep

from support import DECKS, nothing_played  # noqa: F401 (a fixture)

ELVES = str(DECKS / "elves_morcant.txt")
GREEN = str(DECKS / "mono_green_curve.txt")
GOBLINS = str(DECKS / "goblins_burn_blight.txt")
COLOSSUS = """name = "Test Colossus"
cost = "{R}"
types = ["Creature"]
subtypes = ["Giant"]
power = 8
toughness = 8
"""


def run_main(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_more_copies_of_a_strong_card_win_more(tmp_path, capsys):
    """An 8/8 for {R} in the goblins deck, 0 to 4 copies in place of Mountains: 4 copies is
    the best variant, and the paired gap of 0 and 1 copies to it is below zero."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "colossus.toml").write_text(COLOSSUS)
    out, plot = tmp_path / "sweep.csv", tmp_path / "line.png"
    code, text, err = run_main(["sweep", GOBLINS, "--vary", "Test Colossus=0..4", "--vs", GREEN,
                                "--games", "200", "--max-turns", "20", "--seed", "1",
                                "--cards", str(tmp_path / "cards"), "--out", str(out),
                                "--plot", str(plot)], capsys)
    assert code == 0, err
    df = pd.read_csv(out)
    assert list(df["Test Colossus"]) == [0, 1, 2, 3, 4]
    assert list(df["fill_count"]) == [21, 20, 19, 18, 17] and (df["fill"] == "Mountain").all()
    assert df.loc[df["best"], "Test Colossus"].tolist() == [4]
    assert (df.loc[:1, "vs_best_hi"] < 0).all()
    assert df["win_rate"].iloc[-1] > df["win_rate"].iloc[0]
    assert df["mean_kill_turn"].notna().all() and (df["seeds"] == 100).all()
    for col in ("seed", "version", "deck", "opponents", "agent", "games"):
        assert col in df.columns
    assert "Test Colossus 4 (Mountain 17): win rate" in text and "<- best" in text
    assert (df["screw"].between(0, 1) & (df["screw_lo"] <= df["screw"])).all()
    assert "screw " in text and "flood " in text        # with their intervals
    assert plot.stat().st_size > 0


def test_two_cards_make_a_grid_and_a_heatmap(tmp_path):
    df = sweep(ELVES, ["Forest=13..14", "Llanowar Elves=3..4"], vs=[GOBLINS], games=40,
               seed=2, progress=False)
    assert list(zip(df["Forest"], df["Llanowar Elves"])) == [(13, 3), (13, 4), (14, 3), (14, 4)]
    assert list(df["fill_count"]) == [10, 9, 9, 8] and (df["fill"] == "Swamp").all()
    assert df["best"].sum() == 1 and (df["games"] == 40).all()
    from experiments.plots import plot_sweep
    plot_sweep(df, tmp_path / "heat.svg")
    assert (tmp_path / "heat.svg").read_text().startswith("<?xml")


def grid_table(gaps):
    """A sweep table of two cards, 2 x 2 counts, whose gaps to the best are `gaps` (points:
    (gap, lo, hi), None for the best), in the table's row order."""
    rows = []
    for (a, b), gap in zip([(20, 3), (20, 4), (21, 3), (21, 4)], gaps):
        g, lo, hi = (np.nan,) * 3 if gap is None else (x / 100 for x in gap)
        rate = 0.9 + (g if g == g else 0)
        rows.append(dict(seed=1, version="0.1.0", deck="mono_green_curve_with_a_long_name",
                         size=60, fill="Craw Wurm",
                         opponents="goblins_burn_blight, elves_morcant, counters_ozolith",
                         agent="greedy", opponent_agent="greedy", max_turns=30,
                         variant=f"Forest {a}, Grizzly Bears {b}", Forest=a,
                         **{"Grizzly Bears": b}, fill_count=9 - b, seeds=500, games=1000,
                         win_rate=rate, win_rate_lo=rate - 0.03,
                         win_rate_hi=rate + 0.03, wins=900, mean_kill_turn=13.5,
                         best=gap is None, vs_best=g, vs_best_lo=lo, vs_best_hi=hi,
                         vs_best_p=0.5))
    return pd.DataFrame(rows)


def renderer(fig):
    """A renderer for a saved (closed) figure, laid out as it was saved."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    return FigureCanvasAgg(fig).get_renderer()


def inside(extent, box):
    return (extent.x0 >= box.x0 - 1 and extent.y0 >= box.y0 - 1 and extent.x1 <= box.x1 + 1
            and extent.y1 <= box.y1 + 1)


def test_the_heatmap_colours_gaps_to_the_best_centred_on_zero_and_hatches_the_noise(tmp_path):
    """A heatmap coloured by win rate on a scale from its lowest to its highest cell made a
    1.6-point spread inside the noise look like the whole range of colours, and its title
    and colour bar's label were cut. Now: each cell's gap to the best (paired), on a scale
    symmetric about 0 that spans the widest interval; the cells whose interval holds 0
    hatched; the best outlined; every text inside the saved figure."""
    from matplotlib.colors import Normalize

    from experiments.plots import SAME_AS_BEST, plot_sweep
    df = grid_table([(-0.3, -1.9, 1.3), (-4.0, -6.2, -1.8), None, (-0.5, -1.6, 0.6)])
    png = tmp_path / "heat.png"
    fig = plot_sweep(df, png)
    ax = fig.axes[0]
    im = ax.images[0]
    assert isinstance(im.norm, Normalize) and im.norm.vmin == -im.norm.vmax == -6.2
    assert im.cmap.name.startswith("RdBu")
    values = im.get_array()          # rows: Grizzly Bears 3, 4; columns: Forest 20, 21
    assert np.allclose(values, [[-0.3, 0.0], [-4.0, -0.5]])
    hatched = sorted((p.get_x() + 0.5, p.get_y() + 0.5) for p in ax.patches if p.get_hatch())
    assert hatched == [(0, 0), (1, 1)]          # not the -4.0 cell (its CI is below 0)
    outlined = [(p.get_x() + 0.5, p.get_y() + 0.5) for p in ax.patches
                if not p.get_hatch() and p.get_linewidth() > 2]
    assert outlined == [(1, 0)]                 # Forest 21, Grizzly Bears 3: the best
    texts = {t.get_text() for t in ax.texts}
    assert "90.0% (87.0-93.0%)\nbest" in texts and "86.0% (83.0-89.0%)\n-4.0 (-6.2 to -1.8)" \
        in texts
    legend = [lg for a in fig.axes for lg in [a.get_legend()] if lg is not None]
    assert any(SAME_AS_BEST in [t.get_text() for t in lg.get_texts()] for lg in legend)
    # nothing cut: the title and the colour bar's label lie inside the figure as laid out,
    # and the image holds the figure
    r = renderer(fig)
    box = fig.bbox
    bar = fig.axes[-1]
    assert bar.get_ylabel() == "win rate minus the best's (points)"
    assert inside(ax.title.get_window_extent(r), box)
    assert inside(bar.yaxis.label.get_window_extent(r), box)
    import matplotlib.image
    h, w = matplotlib.image.imread(png).shape[:2]
    assert w >= 0.95 * box.width and h >= 0.95 * box.height


def test_one_card_draws_the_gaps_to_the_best_beside_the_win_rates(tmp_path):
    """The win rates' own intervals overlap (each variant's games vary); the paired gaps
    to the best say which counts are worse: the second panel."""
    from experiments.plots import plot_sweep
    df = grid_table([(-0.3, -1.9, 1.3), (-4.0, -6.2, -1.8), None, (-0.5, -1.6, 0.6)])
    df = df.drop(columns="Grizzly Bears").assign(Forest=[19, 20, 21, 22])
    fig = plot_sweep(df, tmp_path / "line.png")
    left, right = fig.axes[0], fig.axes[1]
    assert left.get_ylabel() == "win rate (%)"
    assert right.get_ylabel() == "win rate minus the best's (points)"
    gaps = right.lines[0].get_ydata()
    assert np.allclose(gaps, [-0.3, -4.0, 0.0, -0.5])


@pytest.mark.parametrize("args,line", [
    (["--vary", "Forrest=12..14"], "--vary: unknown card 'Forrest' (closest: Forest"),
    (["--vary", "Forest=14..12"], "--vary: Forest=14..12: the range is reversed"),
    (["--vary", "Forest="], "--vary: Forest=: an empty range"),
    (["--vary", "Forest=-1..2"], "--vary: Forest=-1..2: a deck holds at least 0 copies"),
    (["--vary", "Forest=20..24"],
     "--vary: the variant Forest 23 would need -1 copies of Swamp (--fill) to keep the "
     "deck's 60 cards: a count cannot be negative"),
    (["--vary", "Forest=12..14", "--fill", "Forest"], "--fill: Forest is varied"),
    (["--vary", "Forest=12..14", "--fill", "Swap"], "--fill: unknown card 'Swap' (closest: "
                                                    "Swamp"),
    (["--vary", "Forest=12..14", "--vary", "forest=1..2"], "--vary: Forest is varied twice"),
    (["--vary", "Forest=12..14", "--vary", "Swamp=8..9"],
     f"--fill: the deck {ELVES} has no basic land that is not varied"),
    ([], "--vary: give at least one card"),
    (["--vary", "Forest=1..2", "--vary", "Swamp=1..2", "--vary", "Murder=1..2", "--fill",
      "Island", "--plot", "x.png"], "--plot draws a sweep of one or two cards"),
])
def test_bad_input_is_one_line_and_plays_nothing(args, line, capsys):
    code, out, err = run_main(["sweep", ELVES, "--vs", GOBLINS] + args, capsys)
    assert code == 2 and out == ""
    assert err.startswith("playtest: error: " + line) and err.count("\n") == 1, err



@pytest.mark.parametrize("vary,line", [
    (["Forest=20..100000000"], "--vary: Forest=20..100000000: 100,000,000 copies of Forest, more "
                               "than the 10,000 cards a game can hold"),
    (["Forest=10..20", "Llanowar Elves=0..9"],
     "--vary: Forest=10..20 and Llanowar Elves=0..9: 110 variants, more than the 100 a run "
     "may compare (each plays every seed: split it into runs of at most 100)"),
])
@pytest.mark.usefixtures("nothing_played")
def test_a_grid_past_the_limits_is_refused_at_once(vary, line, capsys):
    """`--vary "Forest=20..100000000"` made a list of 10^8 counts (28 s, 4 GB) before a line
    on its fill card."""
    argv = ["sweep", ELVES, "--vs", GOBLINS, "--fill", "Swamp"]
    for v in vary:
        argv += ["--vary", v]
    code, out, err = run_main(argv, capsys)
    assert code == 2 and out == ""
    assert err == f"playtest: error: {line}\n"


def test_a_version_too_big_for_a_game_is_refused():
    """A paired version made from flags is held to a deck list's limit (flags that add cards
    build bigger decks than their list)."""
    from experiments.pairing import PairedRun, Version
    from simcore.cards.compile import make_pool
    from simcore.errors import PlaytestError
    pool = make_pool()
    big = Version("Forest 10001", pool, ["Forest"] * 10_001)
    with pytest.raises(PlaytestError) as e:
        PairedRun([big], [], [None, None], {})
    assert str(e.value) == ("the version Forest 10001 has 10,001 cards, more than the 10,000 "
                            "a game can hold")
