"""Versions of a deck and of a card, made in memory from what the user typed: swaps
(`--swap "Old=New"`), counts (`--vary "Forest=14..18"`, balanced by `--fill`), and a card
rebuilt at another cost, power or toughness (`--vary power=2..5`). No file is written: a
card variant is a validated card dict in a Pool of its own (simcore.cards.compile.Pool).

Every bad value is one PlaytestError line naming the flag; an unknown card comes with the
closest names, as deck lists give them (simcore.decks.match_card_name).
"""
import math
import re
from collections import Counter

from simcore.cards.compile import Pool
from simcore.cards.dbpool import Refused
from simcore.cards.manastr import ManaCost, format_mana, mana_value, parse_mana
from simcore.cards.validate import check_card
from simcore.decks import MAX_DECK_CARDS, basic_lands, match_card_name
from simcore.errors import PlaytestError

CARD_PROPERTIES = ("cost", "power", "toughness")
# versions of a deck in one balance or sweep grid. Each plays every seed against every
# opponent on the play and on the draw: at the default 2,000 games a version and opponent,
# 100 versions are 200,000 games an opponent, some 4 minutes on two busy cores (a balance of
# 11 versions, 22,000 Elves-Goblins games, took 24 s), hours at the precision that tells
# one point apart; and the best of many more is picked by noise more than by the cards
# (each comparison is a 95% interval). 100 holds every power 0..99 a card may have and a
# 10 x 10 grid of two counts; `--vary power=0..1000` (1001 versions) was accepted.
MAX_VARIANTS = 100
# a power or toughness as --vary sets it, and the generic part of a cost: the card format's
# largest generic mana symbol, {99}, and the largest printed creature, 99/99; far inside the
# engine's 32-bit card columns (power 5,000,000,000 failed in the card table's compile)
MAX_CARD_VALUE = 99
_RANGE = re.compile(r"^\s*(-?\d+)\s*(?:\.\.\s*(-?\d+)\s*)?$")


def _hint(close, where="closest"):
    return f" ({where}: {', '.join(close)})" if close else ""


def pool_card(name, pool, flag):
    """The card of the pool `name` means (exactly, then ignoring case and apostrophes, then
    in the pool's card database), or one line naming `flag` and the closest card names."""
    cards = [n for n, d in pool.defs.items() if not d.get("token")]
    found, close = match_card_name(name, cards)
    if found is None:
        tokens = [n for n, d in pool.defs.items() if d.get("token")]
        token, _ = match_card_name(name, tokens)
        if token is not None:
            raise PlaytestError(f"{flag}: '{token}' is a token, not a card: a deck cannot "
                                f"hold it")
        try:                        # a card of the card database, taken into the pool
            found = pool.find_more(name) if hasattr(pool, "find_more") else None
        except Refused as e:
            raise PlaytestError(f"{flag}: {e}") from None
        if found is None:
            raise PlaytestError(f"{flag}: unknown card '{name}'{_hint(close)}")
    return found


def deck_card(name, deck, pool, flag):
    """The card of `deck` that `name` means, or one line naming `flag` and the deck's
    closest cards (a known card the deck does not hold is said so)."""
    found, close = match_card_name(name, [n for n, _ in deck.main])
    if found is not None:
        return found
    hint = _hint(close, "closest in the deck")
    known, _ = match_card_name(name, list(pool.card_id))
    if known is not None:
        raise PlaytestError(f"{flag}: '{known}' is not in the deck {deck.file}{hint}")
    raise PlaytestError(f"{flag}: unknown card '{name}'{hint}")


def split_assignment(text, flag, what, is_range=False):
    """"LEFT=RIGHT" -> (LEFT, RIGHT), both stripped and not empty (`is_range`: RIGHT is a
    range, and an empty one is said so)."""
    left, eq, right = str(text).partition("=")
    if is_range and eq and left.strip() and not right.strip():
        parse_range(right, flag, text)
    if not eq or not left.strip() or not right.strip():
        raise PlaytestError(f"{flag}: expected {what}, got {text!r}")
    return left.strip(), right.strip()


def parse_range(text, flag, what):
    """"2..5" -> range(2, 6) (inclusive: 2, 3, 4, 5), "3" -> range(3, 4); an empty or
    reversed range is one line naming `flag` (`what` says which value it was, e.g.
    "Forest=18..14"). A range, not a list: how many values it has is checked before they
    are made (`check_grid`)."""
    m = _RANGE.match(text)
    if not text.strip():
        raise PlaytestError(f"{flag}: {what}: an empty range (expected FROM..TO, e.g. 2..5)")
    if not m:
        raise PlaytestError(f"{flag}: {what}: expected a range FROM..TO of whole numbers "
                            f"(e.g. 2..5), got {text!r}")
    lo = int(m.group(1))
    hi = lo if m.group(2) is None else int(m.group(2))
    if hi < lo:
        raise PlaytestError(f"{flag}: {what}: the range is reversed ({lo} down to {hi}): "
                            f"write {hi}..{lo}")
    return range(lo, hi + 1)


def check_grid(sizes, flag, what):
    """One line giving the limit if a grid of ranges of `sizes` values has more than
    MAX_VARIANTS variants (`what`: the values as given)."""
    n = math.prod(sizes)
    if n > MAX_VARIANTS:
        raise PlaytestError(f"{flag}: {what}: {n:,} variants, more than the {MAX_VARIANTS} a "
                            f"run may compare (each plays every seed: split it into runs of "
                            f"at most {MAX_VARIANTS})")


def check_deck_size(n, what):
    """One line giving the limit if a deck made from flags (`what`: which, and the flag) has
    more cards than a game can hold (simcore.decks.MAX_DECK_CARDS, as for a list's lines)."""
    if n > MAX_DECK_CARDS:
        raise PlaytestError(f"{what} has {n:,} cards, more than the {MAX_DECK_CARDS:,} a game "
                            f"can hold")


# ---- decks

def swapped(cards, old, new):
    """The card list with every `old` replaced by `new`, position by position."""
    return [new if c == old else c for c in cards]


def parse_swap(text, deck, pool):
    """--swap "Old Card=New Card": (old, new), old a card of the deck, new a known card."""
    old, new = split_assignment(text, "--swap", '"Old Card=New Card"')
    return deck_card(old, deck, pool, "--swap"), pool_card(new, pool, "--swap")


def most_common_basic(deck, pool, exclude=()):
    """The deck's most common basic land (the first listed among equals), or None."""
    basics = basic_lands(pool)
    counts = Counter()
    for name, n in deck.main:
        if name in basics and name not in exclude:
            counts[name] += n
    return counts.most_common(1)[0][0] if counts else None


def count_variant(counts, changes, fill):
    """Counts (name -> copies) with `changes` (name -> copies) set and `fill`'s copies
    making up the difference, so that the size stays the same; None when fill would need
    fewer than 0 copies."""
    out = dict(counts)
    out.setdefault(fill, 0)
    for name, n in changes.items():
        out[fill] -= n - out.get(name, 0)
        out[name] = n
    if out[fill] < 0:
        return None
    return {name: n for name, n in out.items() if n > 0}


def cards_of(counts, order):
    """A card list from counts, cards in the order of `order` (a deck's names), the rest
    after."""
    names = list(dict.fromkeys(list(order) + list(counts)))
    return [name for name in names for _ in range(counts.get(name, 0))]


# ---- cards

def card_variant(card, prop, value, flag="--vary"):
    """A copy of the card dict `card` with its cost (mana value), power or toughness set to
    `value`, validated as a card file would be; one line naming `flag` where the value makes
    no card. A cost is a mana value: the coloured, hybrid and X symbols stay and the generic
    part is what makes up the rest."""
    name = card["name"]
    d = {k: v for k, v in card.items() if k != "_file"}
    if prop == "cost":
        if not d.get("cost"):
            raise PlaytestError(f"{flag}: {name} has no mana cost to vary" +
                                (" (a land is played, not cast)" if "Land" in d["types"]
                                 else ""))
        mc = parse_mana(d["cost"], f"{card.get('_file', '?')}: card '{name}': key 'cost'")
        fixed = mana_value(mc) - mc.generic
        if value < fixed:
            rest = format_mana(ManaCost(0, mc.pips, mc.hybrid, mc.x))
            raise PlaytestError(f"{flag}: cost={value}: {name}'s symbols other than generic "
                                f"mana, {rest}, have mana value {fixed}: a mana value of "
                                f"{value} makes no card")
        if value - fixed > MAX_CARD_VALUE:
            raise PlaytestError(f"{flag}: cost={value}: at most {fixed + MAX_CARD_VALUE} "
                                f"({name}'s symbols other than generic mana have mana value "
                                f"{fixed}, and generic mana goes up to {{{MAX_CARD_VALUE}}})")
        d["cost"] = format_mana(ManaCost(value - fixed, mc.pips, mc.hybrid, mc.x))
    elif prop in ("power", "toughness"):
        if "Creature" not in d["types"]:
            raise PlaytestError(f"{flag}: {name} is not a creature: only creatures have "
                                f"{prop}")
        if value < 0:
            raise PlaytestError(f"{flag}: {prop}={value}: a {prop} below 0 makes no card")
        if value > MAX_CARD_VALUE:
            raise PlaytestError(f"{flag}: {prop}={value}: at most {MAX_CARD_VALUE} (the largest "
                                f"printed creature is 99/99)")
        d[prop] = value
    else:
        raise PlaytestError(f"{flag}: expected cost, power or toughness, got {prop!r}")
    return check_card(d, f"{name} with {prop} {value} (in memory)")


def pool_with(pool, card):
    """A Pool with the card dict `card` in place of the card of its name."""
    defs = dict(pool.defs)
    defs[card["name"]] = card
    return Pool(defs, extra_kinds=pool.kinds)


def describe_variant(card):
    """A card's cost and size in a few characters: "{2}{G} 3/3"."""
    size = f" {card['power']}/{card['toughness']}" if "Creature" in card["types"] else ""
    return (card.get("cost") or "no cost") + size


def varied_cards(df):
    """The varied cards' columns of a sweep table, in --vary order."""
    start = list(df.columns).index("variant") + 1
    return list(df.columns[start:list(df.columns).index("fill_count")])
