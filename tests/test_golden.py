"""The golden games (tests/golden.py): whole games recorded as hashes of their results,
records and final states, played again on every run of the suite. A change meant to keep
the games (issue 18's fast paths) must leave every hash as recorded."""
import json

from golden import FILE, differences, play, record

from support import POOL


def test_the_golden_games_are_played_again():
    lines = differences(json.loads(FILE.read_text()), record(POOL))
    assert not lines, "games differ from tests/golden/games.json:\n" + "\n".join(lines)


def test_a_change_of_the_games_is_named_by_set_blocks_and_fields():
    """The check can fail: the same set on another seed differs in its blocks, and the
    failure names the games and the fields."""
    spec = ("elves goldfish", "elves_morcant", None, "g", 1200, 7, 30, None)
    a, b = play(POOL, spec), play(POOL, spec[:5] + (8,) + spec[6:])
    assert differences({"s": a}, {"s": play(POOL, spec)}) == []
    [line] = differences({"s": a}, {"s": b})
    assert line.startswith("s: games 0-499, 500-999, 1000-1499 differ, in ")
    assert "; results " in line and "; state " in line
    assert differences({"s": a}, {}) == ["s: only in the recorded set"]
