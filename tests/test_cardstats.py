"""`playtest cardstats` (experiments/cardstats.py): per-copy counts that add up per game,
GIH WR as the win rate of the games a one-copy card was seen in, the signs of IWD and of
the leave-one-out effect on a planted strong card, the leave-one-out decks' alignment (the
same shuffles), and bad input as one line with exit 2."""
import numpy as np
import pandas as pd
import pytest

from agents import GreedyAgent
from experiments.cardstats import STUCK_TURNS, cardstats, copy_counts, summary
from experiments.cli import main
from experiments.runner import Series
from experiments.shares import wilson
from experiments.simulate import simulate
from simcore import layout as L
from simcore.decks import load_deck
from simcore.game import GameBatch, deck_ids

from support import DECKS, POOL, ids

MONO, GOBLINS = DECKS / "mono_green_curve.txt", DECKS / "goblins_burn_blight.txt"
# one strong card among weak ones: the Wurm is the deck's only way to win against hasty
# Goblins; the Elves ramp it and block
WURM = "1 Craw Wurm\n5 Llanowar Elves\n14 Forest\n"
RAID = "8 Raging Goblin\n12 Mountain\n"


@pytest.fixture
def planted(tmp_path):
    (tmp_path / "wurm.txt").write_text(WURM)
    (tmp_path / "raid.txt").write_text(RAID)
    return tmp_path / "wurm.txt", tmp_path / "raid.txt"


def base_games(deck, opp, games, seed, max_turns):
    """The games cardstats plays for the deck: each seed on the play, then on the draw."""
    d0, d1 = (deck_ids(POOL, load_deck(p, POOL)) for p in (deck, opp))
    ag = [GreedyAgent(), GreedyAgent()]
    return [Series(POOL, d0, d1, ag, batch=dict(start=s, max_turns=max_turns)).play(
        seed, 0, games) for s in ("play", "draw")]


@pytest.mark.parametrize("deck", ["mono_green_curve", "goblins_burn_blight"])
def test_copies_add_up_in_every_game(deck):
    """Per game and card: OH + GD = GIH, and GIH + GNS + other = the copies in the deck
    (other: used without being drawn, e.g. cast from exile off the top with Burning
    Curiosity; none in a deck without such cards). Cast and stuck copies are copies in
    hand."""
    d = load_deck(DECKS / f"{deck}.txt", POOL)
    cards = [POOL.card_id[n] for n, _ in d.main]
    copies = np.array([c for _, c in d.main])
    for res in base_games(DECKS / f"{deck}.txt", MONO if deck != "mono_green_curve" else
                          GOBLINS, 60, 4, 30):
        c = copy_counts(res["records"], 0, cards)
        assert (c["oh"] + c["gd"] == c["gih"]).all()
        assert (c["gih"] + c["gns"] + c["other"] == copies[None, :]).all()
        assert (c["cast"] <= c["gih"]).all() and (c["stuck"] <= c["gih"] - c["cast"]).all()
        if deck == "mono_green_curve":
            assert (c["other"] == 0).all()
        assert c["gih"].sum() > 0 and c["gns"].sum() > 0


def test_the_table_adds_up(planted):
    deck, opp = planted
    df = cardstats(deck, [opp], games=50, seed=1, max_turns=24, progress=False)
    assert list(df["card"]) == ["Craw Wurm", "Llanowar Elves", "Forest"]
    assert (df["oh_copies"] + df["gd_copies"] == df["gih_copies"]).all()
    assert (df["gih_copies"] + df["gns_copies"] + df["other_copies"] ==
            df["copies"] * df["games"]).all()
    assert (df["games"] == 100).all() and (df["seeds"] == 50).all()
    assert {"seed", "version", "deck", "opponent", "agent", "opponent_agent"} <= set(df)
    assert df["loo_effect"].isna().all() and (df["loo_seeds"] == 0).all()


def test_gih_wr_of_a_one_copy_card_is_the_win_rate_of_the_games_it_was_seen_in(planted):
    """One Craw Wurm: GIH WR is the share won of the games in which it was in the opening
    hand or drawn, with the Wilson interval over those games; GNS WR, the games it was not
    seen in."""
    deck, opp = planted
    df = cardstats(deck, [opp], games=120, seed=3, max_turns=24, progress=False)
    r = df[df["card"] == "Craw Wurm"].iloc[0]
    wurm = POOL.card_id["Craw Wurm"]
    seen = won = unseen = unseen_won = 0
    for res in base_games(deck, opp, 120, 3, 24):
        rec = res["records"]
        mine = (rec["card"] == wurm) & (rec["owner"] == 0)
        s = ((rec["drawn"] >= 0) & mine).any(axis=1)
        used = (((rec["cast"] >= 0) | (rec["entered"] >= 0)) & mine).any(axis=1)
        w = np.asarray(res["winner"]) == 0
        seen += s.sum()
        won += (s & w).sum()
        unseen += (~s & ~used).sum()
        unseen_won += (~s & ~used & w).sum()
    assert (r["gih_copies"], r["gih_games"]) == (seen, seen)
    assert r["gih_wr"] == won / seen and (r["gih_lo"], r["gih_hi"]) == wilson(won, seen)
    assert r["gns_copies"] == unseen and r["gns_wr"] == unseen_won / unseen
    assert r["iwd"] == pytest.approx(won / seen - unseen_won / unseen)


def test_a_planted_strong_card_has_positive_iwd_and_leave_one_out_effect(planted):
    """The Wurm wins the games it is seen in and almost none of the others: IWD and the
    leave-one-out effect (the Wurm replaced by a Forest, the same seeds) are both above zero,
    intervals included."""
    deck, opp = planted
    df = cardstats(deck, [opp], games=200, seed=5, max_turns=24, loo=True, progress=False)
    r = df[df["card"] == "Craw Wurm"].iloc[0]
    assert r["iwd_lo"] > 0 and r["loo_lo"] > 0 and r["loo_fill"] == "Forest"
    assert r["loo_seeds"] == 200
    assert r["loo_effect"] == pytest.approx(r["deck_wr"] - r["loo_wr"])
    forest = df[df["card"] == "Forest"].iloc[0]
    assert np.isnan(forest["loo_effect"])              # the fill card is not left out


def test_leave_one_out_plays_the_same_shuffles(tmp_path):
    """The variant deck (every Craw Wurm a Forest, in its places) is loaded into the same
    slots in the same library order as the deck, and the opponent's library is the same: only
    the left-out card's slots change. Its win rate is simulate's for that deck list."""
    base, var = ids("mono_green_curve"), ids("mono_green_curve").copy()
    var[var == POOL.card_id["Craw Wurm"]] = POOL.card_id["Forest"]
    a = GameBatch(POOL, base, ids("goblins_burn_blight"), n_games=30, seed=9)
    b = GameBatch(POOL, var, ids("goblins_burn_blight"), n_games=30, seed=9)
    ca, cb = a.st.obj[:, L.O_CARD], b.st.obj[:, L.O_CARD]
    changed = ca != cb
    assert (ca[changed] == POOL.card_id["Craw Wurm"]).all()
    assert (cb[changed] == POOL.card_id["Forest"]).all()
    assert changed.sum() == 30 * 2
    np.testing.assert_array_equal(a.st.lib, b.st.lib)
    text = MONO.read_text().replace("2 Craw Wurm", "2 Forest")
    (tmp_path / "no_wurm.txt").write_text(text)
    df = cardstats(MONO, [GOBLINS], games=40, seed=2, max_turns=20, loo=True, progress=False)
    won = sum((simulate(tmp_path / "no_wurm.txt", vs=GOBLINS, games=40, seed=2, start=s,
                        max_turns=20, progress=False)["winner"] == 0).sum()
              for s in ("play", "draw"))
    assert df.loc[df["card"] == "Craw Wurm", "loo_wr"].iloc[0] == won / 80


def test_the_same_seed_gives_the_same_table_whatever_the_batch_size(planted):
    deck, opp = planted
    kw = dict(games=30, seed=8, max_turns=24, loo=True, progress=False)
    pd.testing.assert_frame_equal(cardstats(deck, [opp], batch_size=7, **kw),
                                  cardstats(deck, [opp], batch_size=1000, **kw))


def test_cli_prints_the_tables_and_writes_them(planted, tmp_path, capsys):
    deck, opp = planted
    out, plot = tmp_path / "c.parquet", tmp_path / "c.svg"
    with pytest.raises(SystemExit) as e:
        main(["cardstats", str(deck), "--vs", str(opp), "--games", "20", "--seed", "1",
              "--max-turns", "24", "--loo", "--out", str(out), "--plot", str(plot)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("cardstats: wurm vs raid: 40 games (20 seeds, each on the play "
                           "and on the draw; seed 1")
    assert "GIH WR" in text and "leave-one-out" in text and f"{STUCK_TURNS}+ own turns" in text
    df = pd.read_parquet(out)
    assert len(df) == 3 and plot.stat().st_size > 1000
    assert summary(df).splitlines()[0] == text.splitlines()[0]


@pytest.mark.parametrize("argv,message", [
    (["--vs", "{gob}", "--loo", "--fill", "Forrest"],
     "playtest: error: --fill: unknown card 'Forrest' (closest: Forest"),
    (["--vs", "{gob}", "--fill", "Forest"], "playtest: error: --fill: only with --loo"),
    (["--vs", "{tmp}/unreadable.txt"],
     "playtest: error: {tmp}/unreadable.txt: line 1: not UTF-8 text"),
    (["--vs", "{tmp}/missing.txt"], "playtest: error: {tmp}/missing.txt: no such deck file"),
    ([], "playtest cardstats: error: the following arguments are required: --vs"),
])
def test_bad_input_is_one_line_and_nothing_is_played(argv, message, tmp_path, capsys):
    (tmp_path / "unreadable.txt").write_bytes(b"\xff\xfe4 Forest\n")
    fill = dict(gob=GOBLINS, tmp=tmp_path)
    with pytest.raises(SystemExit) as e:
        main(["cardstats", str(MONO)] + [a.format(**fill) for a in argv] + ["--games", "5"])
    err = capsys.readouterr()
    assert e.value.code == 2 and err.out == "" and err.err.count("\n") == 1
    assert err.err.startswith(message.format(**fill)), err.err


def test_a_deck_without_a_basic_land_needs_fill(tmp_path, capsys):
    (tmp_path / "bears.txt").write_text("20 Grizzly Bears\n")
    with pytest.raises(SystemExit) as e:
        main(["cardstats", str(tmp_path / "bears.txt"), "--vs", str(GOBLINS), "--loo"])
    assert e.value.code == 2
    assert "holds no basic land: name the card that replaces" in capsys.readouterr().err


def test_a_stopped_run_keeps_the_finished_chunks(monkeypatch, planted):
    """Ctrl-C in the second chunk: Stopped carries the table of the first chunk's seeds."""
    from experiments.paired import Paired
    from experiments.signals import Stopped
    play, calls = Paired.play, []

    def interrupted(self, seed, game0, n):
        calls.append(game0)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return play(self, seed, game0, n)

    monkeypatch.setattr(Paired, "play", interrupted)
    deck, opp = planted
    with pytest.raises(Stopped) as e:
        cardstats(deck, [opp], games=30, batch_size=10, max_turns=24, loo=True,
                  progress=False)
    df = e.value.results
    assert len(df) == 3 and (df["seeds"] == 10).all() and (df["loo_seeds"][:2] == 10).all()
