"""How games end, in goldfish and two-player games: who lost and why (704.5a life, 704.5b
decking, 704.5c poison: the LOSS_* bits of the p_lost plane, `results()`' lost0 / lost1),
the end reason (END_*), the kill turn, and the turns each game played. A goldfish deck that
decked itself used to be reported as a "win" on turn 1."""
import numpy as np
import pytest

from agents import GreedyAgent
from simcore import consts as K
from simcore.cards.compile import make_pool
from simcore.decks import parse_deck_text
from simcore.game import GameBatch, deck_ids

from support import POOL, ids

VENOM_DART = '''name = "Venom Dart"
cost = "{G}"
types = ["Sorcery"]
text = "Target opponent gets ten poison counters."

[[abilities]]
kind = "spell"
targets = [{ types = ["Planeswalker"], controller = "opponent", players = true }]
effects = [{ do = "put_counters", on = "target", counter = "poison", n = 10 }]
'''


def forests(n, pool=POOL):
    return np.full(n, pool.card_id["Forest"], dtype=np.int64)


def play(deck0, deck1=None, n=40, seed=1, start="random", max_turns=30, pool=POOL):
    b = GameBatch(pool, deck0, deck1, n_games=n, seed=seed, start=start, max_turns=max_turns)
    b.play([GreedyAgent()] * (1 if deck1 is None else 2), np.random.default_rng(0))
    return b.results()


def assert_one_loser(r, loser, why):
    """Every game: `loser` lost for `why` alone (LOSS_* bits), the other player won, on the
    game's last turn."""
    assert (r["lost0" if loser == 0 else "lost1"] == why).all()
    assert (r["lost1" if loser == 0 else "lost0"] == 0).all()
    assert (r["winner"] == 1 - loser).all()
    assert (r["kill_turn"] == r["turns"]).all() and (r["kill_turn"] >= 1).all()


def test_704_5a_life_0_goldfish():
    """704.5a: the goldfish opponent at 0 or less life has lost: END_LIFE, by the deck."""
    r = play(ids("mono_green_curve"))
    assert (r["end"] == K.END_LIFE).all() and (r["life1"] <= 0).all()
    assert_one_loser(r, 1, K.LOSS_LIFE)


def test_704_5a_life_0_two_player():
    """704.5a in two-player games: whoever reached 0 life lost, for that reason."""
    r = play(ids("mono_green_curve"), ids("goblins_burn_blight"), n=60)
    assert (r["end"] == K.END_LIFE).all()
    for p in (0, 1):
        lost = r["winner"] == 1 - p
        assert (r[f"life{p}"][lost] <= 0).all() and (r[f"lost{p}"][lost] == K.LOSS_LIFE).all()
        assert (r[f"lost{1 - p}"][lost] == 0).all()
    assert 0 < (r["winner"] == 1).sum() < 60


def test_704_5b_decking_goldfish():
    """704.5b: a goldfish deck that draws from its empty library has lost (END_DECKED, the
    absent opponent "wins"): ten Forests keep 7, so 3 draws remain (one more per mulligan,
    its card on the bottom): on the play (no draw on turn 1, 103.8a) the draw of turn 5
    fails, on the draw that of turn 4. Three Forests cannot even draw an opening hand: lost
    on turn 1."""
    r = play(forests(10), n=30)
    assert (r["end"] == K.END_DECKED).all()
    assert_one_loser(r, 0, K.LOSS_DECKED)
    assert r["on_the_play"].any() and not r["on_the_play"].all()
    assert (r["turns"] == np.where(r["on_the_play"], 5, 4) + r["mulligans0"]).all()
    assert (r["own_turns"] == r["turns"]).all()
    r = play(forests(3), n=10)
    assert (r["end"] == K.END_DECKED).all() and (r["kill_turn"] == 1).all()
    assert_one_loser(r, 0, K.LOSS_DECKED)


def test_704_5b_decking_two_player():
    """704.5b with an opponent (sixty Forests, who cannot win otherwise): ten Forests deck
    on the deck's own turn 5 on the play (game turn 9), 4 on the draw (game turn 8), one
    later per mulligan."""
    r = play(forests(10), forests(60), n=30)
    assert (r["end"] == K.END_DECKED).all()
    assert_one_loser(r, 0, K.LOSS_DECKED)
    play_first = r["on_the_play"]
    assert play_first.any() and not play_first.all()
    own = np.where(play_first, 5, 4) + r["mulligans0"]
    assert (r["own_turns"] == own).all()
    assert (r["turns"] == np.where(play_first, 2 * own - 1, 2 * own)).all()


def test_704_5b_both_decked_is_a_draw():
    """704.5b for both players at once (neither can draw an opening hand): both lost, the
    game is a draw (winner 2), each player's reason recorded."""
    r = play(forests(3), forests(3), n=6)
    assert (r["end"] == K.END_DECKED).all() and (r["winner"] == 2).all()
    assert (r["lost0"] == K.LOSS_DECKED).all() and (r["lost1"] == K.LOSS_DECKED).all()
    assert (r["kill_turn"] == 1).all()


@pytest.fixture(scope="module")
def venom_pool(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cards")
    (folder / "venom_dart.toml").write_text(VENOM_DART)
    pool = make_pool([str(folder)])
    venom = parse_deck_text("20 Forest\n40 Venom Dart\n", "venom.txt", pool)
    return pool, deck_ids(pool, venom)


def test_704_5c_poison_goldfish(venom_pool):
    """704.5c: ten poison counters lose the game: Venom Dart on turn 1, the goldfish
    opponent loses to poison (END_POISON) at 20 life."""
    pool, venom = venom_pool
    r = play(venom, n=20, pool=pool)
    assert (r["end"] == K.END_POISON).all() and (r["life1"] == 20).all()
    assert_one_loser(r, 1, K.LOSS_POISON)
    assert (r["kill_turn"] == 1).all()


def test_704_5c_poison_two_player(venom_pool):
    """704.5c with an opponent: Venom Dart on the deck's first turn (game turn 1 on the play,
    2 on the draw)."""
    pool, venom = venom_pool
    bears = deck_ids(pool, parse_deck_text("20 Forest\n40 Grizzly Bears\n", "b.txt", pool))
    r = play(venom, bears, n=20, pool=pool)
    assert (r["end"] == K.END_POISON).all()
    assert_one_loser(r, 1, K.LOSS_POISON)
    assert (r["kill_turn"] == np.where(r["on_the_play"], 1, 2)).all()


def test_turn_limit_games_played_the_limit_and_killed_no_one():
    """A game stopped at the turn limit played that many turns (the engine's turn counter had
    begun the next one), has no kill turn (-1: it used to be 0) and no loser; a two-player
    game's own_turns are the deck's turns among them."""
    r = play(forests(60), n=6, max_turns=5)
    assert (r["end"] == K.END_TURN_LIMIT).all() and (r["turns"] == 5).all()
    assert (r["own_turns"] == 5).all() and (r["kill_turn"] == -1).all()
    assert (r["winner"] == -1).all() and (r["lost0"] == 0).all() and (r["lost1"] == 0).all()
    r = play(forests(60), forests(60), n=6, max_turns=7)
    assert (r["end"] == K.END_TURN_LIMIT).all() and (r["turns"] == 7).all()
    assert (r["own_turns"] == np.where(r["on_the_play"], 4, 3)).all()
    assert (r["kill_turn"] == -1).all()
