"""Starting games (103): shuffled libraries and opening hands from each game's own random
stream; the same seed gives the same games whatever the batch size or chunking; the London
mulligan (103.5)."""
import re
from collections import Counter

import numpy as np
import pytest

from simcore import consts as K
from simcore.cards.compile import make_pool
from simcore.game import GameBatch
from simcore.layout import G_ACTIVE, G_FIRST, G_TURN

POOL = make_pool()
FOREST = POOL.card_id["Forest"]
BEARS = POOL.card_id["Grizzly Bears"]
ELVES = POOL.card_id["Llanowar Elves"]
BOLT = POOL.card_id["Lightning Bolt"]
DECK0 = [FOREST] * 24 + [BEARS] * 20 + [ELVES] * 16
DECK1 = [POOL.card_id["Mountain"]] * 24 + [BOLT] * 36


def game_cards(b, g):
    return tuple(tuple(b.zone_cards(g, p, z)) for p in (0, 1) for z in (K.Z_HAND, K.Z_LIBRARY))


def test_opening_hands_and_libraries_are_the_decks():
    b = GameBatch(POOL, DECK0, DECK1, n_games=5, seed=1)
    for g in range(5):
        for p, deck in ((0, DECK0), (1, DECK1)):
            hand = b.zone_cards(g, p, K.Z_HAND)
            lib = b.zone_cards(g, p, K.Z_LIBRARY)
            assert len(hand) == 7 and len(lib) == 53          # 103.5: seven cards
            assert Counter(hand) + Counter(lib) == Counter(deck)


def test_games_are_shuffled_differently():
    b = GameBatch(POOL, DECK0, DECK1, n_games=20, seed=7)
    orders = {tuple(b.zone_cards(g, 0, K.Z_LIBRARY)) for g in range(20)}
    assert len(orders) == 20                                   # 103.3: each game shuffles


def test_same_seed_same_games_whatever_the_batch_split():
    whole = GameBatch(POOL, DECK0, DECK1, n_games=12, seed=42, start="random")
    a = GameBatch(POOL, DECK0, DECK1, n_games=5, seed=42, start="random", game0=0)
    b = GameBatch(POOL, DECK0, DECK1, n_games=7, seed=42, start="random", game0=5)
    for g in range(12):
        part, k = (a, g) if g < 5 else (b, g - 5)
        assert game_cards(whole, g) == game_cards(part, k)
        assert whole.st.gm[g, G_FIRST] == part.st.gm[k, G_FIRST]
    other = GameBatch(POOL, DECK0, DECK1, n_games=12, seed=43, start="random")
    assert any(game_cards(whole, g) != game_cards(other, g) for g in range(12))


def test_starting_player():
    assert (GameBatch(POOL, DECK0, DECK1, n_games=4, start="play").st.gm[:, G_ACTIVE] == 0).all()
    assert (GameBatch(POOL, DECK0, DECK1, n_games=4, start="draw").st.gm[:, G_ACTIVE] == 1).all()
    firsts = GameBatch(POOL, DECK0, DECK1, n_games=200, seed=3, start="random").st.gm[:, G_FIRST]
    assert 60 < firsts.sum() < 140                              # both players start sometimes
    assert (GameBatch(POOL, DECK0, DECK1, n_games=2).st.gm[:, G_TURN] == 1).all()


def test_goldfish_has_no_opponent_library():
    b = GameBatch(POOL, DECK0, None, n_games=3, seed=5)
    assert b.goldfish
    for g in range(3):
        assert b.zone_cards(g, 1, K.Z_LIBRARY) == [] and b.zone_cards(g, 1, K.Z_HAND) == []
        assert len(b.zone_cards(g, 0, K.Z_HAND)) == 7


def test_london_mulligan_draws_seven_then_bottoms():
    b = GameBatch(POOL, DECK0, DECK1, n_games=1, seed=9)
    before = b.zone_cards(0, 0, K.Z_HAND)
    b.mulligan(0, 0)
    assert b.mulligans(0, 0) == 1
    hand = b.hand_slots(0, 0)
    assert len(hand) == 7
    b.bottom(0, hand[0])                       # N = 1 card goes to the bottom
    card = int(b.st.obj[0, 0, hand[0]])
    assert len(b.zone_cards(0, 0, K.Z_HAND)) == 6
    assert b.zone_cards(0, 0, K.Z_LIBRARY)[-1] == card
    assert Counter(b.zone_cards(0, 0, K.Z_HAND)) + Counter(b.zone_cards(0, 0, K.Z_LIBRARY)) \
        == Counter(DECK0)
    with pytest.raises(Exception):
        b.bottom(0, hand[0])                   # no longer in hand
    assert before is not None


def test_bad_start_option():
    with pytest.raises(Exception, match="start must be one of"):
        GameBatch(POOL, DECK0, DECK1, start="sideways")


def test_opening_hand_land_count_matches_hypergeometric():
    """Monte Carlo opening hands against the exact hypergeometric mean (24 lands of 60)."""
    n = 4000
    b = GameBatch(POOL, DECK0, DECK1, n_games=n, seed=11)
    lands = np.array([b.zone_cards(g, 0, K.Z_HAND).count(FOREST) for g in range(n)])
    mean, sd = 7 * 24 / 60, np.sqrt(7 * 24 / 60 * 36 / 60 * 53 / 59)
    assert abs(lands.mean() - mean) < 4 * sd / np.sqrt(n)


def test_what_the_engine_cannot_hold_is_refused_in_one_line():
    """A batch's own checks, whatever built it: a deck past MAX_DECK_CARDS (int16 slots and
    object ids), game numbers past MAX_GAMES, turns past MAX_TURNS; each gives the limit.
    GameBatch.batch_bytes says what a batch would take without making it."""
    from simcore.errors import PlaytestError
    for kw, words in ((dict(deck0=[FOREST] * 10_001), "deck0 has 10,001 cards, more than the "
                                                        "10,000 a game can hold"),
                      (dict(game0=2**63 - 1, n_games=1), "game0 + n_games: at most "
                                                         "9,223,372,036,854,775,807 games"),
                      (dict(max_turns=30_001), "max_turns: at most 30,000 turns")):
        args = dict(dict(deck0=DECK0, deck1=DECK1, n_games=2), **kw)
        with pytest.raises(PlaytestError, match=re.escape(words)):
            GameBatch(POOL, args.pop("deck0"), args.pop("deck1"), **args)
    one = GameBatch.batch_bytes(POOL, DECK0, DECK1, 1)
    assert GameBatch.batch_bytes(POOL, DECK0, DECK1, 1000) == 1000 * one
    # a turn's records: 2 players x 5 planes x 2 bytes a game
    assert GameBatch.batch_bytes(POOL, DECK0, DECK1, 1, max_turns=130) == one + 2000
    b = GameBatch(POOL, DECK0, DECK1, n_games=10)
    assert 2 * 10 * one > sum(a.nbytes for a in (*b.st, *b.snap, *b.fw)) > 10 * one
