"""A deck edited on the command line: `--cut "N Card"` and `--add "N Card"` (each
repeatable), so that a designer tries a card without copying the deck file. compare plays
the deck as listed (A) against the edited deck (B); balance builds its versions on the
edited deck.

The cuts come off the deck as listed, then the adds go on: a cut names a card of the deck
(no more copies than it holds), an add any card the pool knows (built in or from a `--cards
DIR` folder). The edited deck keeps the list's order, new cards after the first card cut, so
that cutting every copy of a card and adding as many of another gives the list `--swap`
gives (compare also aligns B to A, experiments/pairing.py: the added cards where the cut
ones were). A deck whose size changes, or that comes to hold more than four copies of a card
other than a basic land, plays with a warning; one left empty or past
simcore.decks.MAX_DECK_CARDS is refused. Every bad spec is one PlaytestError line naming
its flag.
"""
import re
from collections import Counter

from experiments.variants import deck_card, pool_card
from simcore.cards.load import OWN_CARDS
from simcore.decks import MAX_COPIES, MAX_DECK_CARDS, Deck, basic_lands, deck_counts
from simcore.errors import PlaytestError

_SPEC = re.compile(r"^\s*(\S+)\s+(\S.*?)\s*$")
_NUMBER = re.compile(r"^[-+]?[\d.,]+[xX]?$")
_COUNT = re.compile(r"^(\d+)[xX]?$")


def parse_spec(text, flag):
    """ "2 Grizzly Bears" (or "2x Grizzly Bears") -> (2, "Grizzly Bears"): a count of at
    least 1 and a name, else one line naming `flag`."""
    m = _SPEC.match(str(text))
    if not m or not _NUMBER.match(m.group(1)):
        raise PlaytestError(f'{flag}: expected "N Card", a count and a card name (e.g. '
                            f'"2 Grizzly Bears"), got {text!r}')
    count = _COUNT.match(m.group(1))
    if not count or int(count.group(1)) < 1:
        raise PlaytestError(f"{flag}: {text!r}: the count must be a whole number of at "
                            f"least 1, got {m.group(1)!r}")
    return int(count.group(1)), m.group(2)


def known_card(name, pool, flag):
    """The card of the pool `name` means (variants.pool_card); an unknown one says where
    cards of one's own go, as a deck list's unknown card does."""
    try:
        return pool_card(name, pool, flag)
    except PlaytestError as e:
        if str(e).startswith(f"{flag}: unknown card"):
            raise PlaytestError(f"{e}; {OWN_CARDS}") from None
        raise


def edit_deck(deck, pool, add=(), cut=(), what="the edited deck"):
    """`deck` (a simcore.decks.Deck) with the `cut` specs taken off and the `add` specs put
    on ("N Card" each): a Deck named "<deck> with -N Card, +N Card" whose main list keeps
    `deck`'s order, new cards after the first card cut. `what` names it in warnings (its size when it differs
    from the deck's, a fifth copy it comes to hold), which are its `warnings`: the caller
    says them once every input is checked, so that a bad one is the only line."""
    counts = Counter(deck_counts(deck))
    cuts, adds = Counter(), Counter()
    for text in cut or ():
        n, name = parse_spec(text, "--cut")
        cuts[deck_card(name, deck, pool, "--cut")] += n
    for text in add or ():
        n, name = parse_spec(text, "--add")
        adds[known_card(name, pool, "--add")] += n
    for name, n in cuts.items():
        if n > counts[name]:
            raise PlaytestError(f"--cut: {n} {name}: the deck {deck.file} holds "
                                f"{counts[name]}")
    edited = counts.copy()
    edited.subtract(cuts)
    edited.update(adds)
    size = sum(edited.values())
    if size == 0:
        raise PlaytestError(f"--cut: {what} would have no cards: the deck {deck.file} "
                            f"holds {deck.size}")
    if size > MAX_DECK_CARDS:
        raise PlaytestError(f"--add: {what} would have {size:,} cards, more than the "
                            f"{MAX_DECK_CARDS:,} a game can hold")
    words = [f"-{n} {name}" for name, n in cuts.items()] + \
            [f"+{n} {name}" for name, n in adds.items()]
    # the added cards' lines follow the first cut card's (or end the list): replacing
    # every copy gives the list `--swap` gives, the new card where the old one was
    order = list(counts)
    at = order.index(next(iter(cuts))) + 1 if cuts else len(order)
    order[at:at] = [name for name in adds if name not in counts]
    main = [(name, edited[name]) for name in order if edited[name] > 0]
    out = Deck(name=f"{deck.name} with {', '.join(words)}", file=f"{deck.file} with "
               f"{', '.join(words)}", main=main, sideboard=list(deck.sideboard))
    if size != deck.size:
        out.warnings.append(f"{what} has {size} cards, the deck as listed {deck.size} "
                            f"({deck.file})")
    side = deck_counts(deck, sideboard=True)
    basics = basic_lands(pool)
    for name in adds:
        total, before = edited[name] + side.get(name, 0), counts[name] + side.get(name, 0)
        if total > MAX_COPIES and name not in basics and before <= MAX_COPIES:
            out.warnings.append(f"{what} holds {total} copies of '{name}', more than "
                                f"{MAX_COPIES} of a card that is not a basic land")
    return out
