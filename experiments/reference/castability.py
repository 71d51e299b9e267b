"""Plain-Python castability count: the workload of the castability kernel
(simcore/kernels/castability.py) one game at a time with lists and dicts, reading the card
files itself; the baseline `playtest bench` measures the kernel against, and an oracle that
must give the very same counts for the same seed.

The same shuffles (splitmix64 per game, seeded as the engine seeds games; Fisher-Yates from
the top as far as cards are drawn), the same mulligan rule written again from its statement
in simcore/players/mulligan_rule.py (keep LO..HI lands at seven; bottom toward three lands,
a spell of highest mana value or a land by the deck's colours; keep 2-4 at six and five, any
four), and the same counts. The pips are paid by an explicit bipartite matching (augmenting
paths), not by the kernel's Hall table: the two must agree.
"""
from pathlib import Path

from .cards import COLORS, ManaCost, card_index
from .engine import base_seed, game_seed, splitmix64

BASIC_MANA = {"Plains": 0, "Island": 1, "Swamp": 2, "Mountain": 3, "Forest": 4}
COLOUR_MASK = 0b011111


class CastCard:
    """What the count needs of a card: land, the mana types it makes, mana value, pips."""

    def __init__(self, d):
        self.name = d["name"]
        self.is_land = "Land" in d.get("types", [])
        cost = ManaCost(d.get("cost", ""))
        self.mv = cost.mana_value
        self.pips = tuple(cost.pips)
        self.hybrid = tuple(sorted((1 << a) | (1 << b) for a, b in cost.hybrid))
        self.has_cost = bool(d.get("cost", ""))
        makes = 0
        if self.is_land:
            for sub in d.get("subtypes", []):
                if sub in BASIC_MANA:
                    makes |= 1 << BASIC_MANA[sub]
            for ab in d.get("abilities", []):
                if ab["kind"] != "mana":
                    continue
                adds = ab["add"] if isinstance(ab["add"], list) else [ab["add"]]
                for add in adds:
                    if add == "any_color":
                        makes |= COLOUR_MASK
                    elif add.startswith("{"):
                        for sym in add.strip("{}").split("}{"):
                            makes |= 1 << COLORS.index(sym)
        self.makes = makes


def parse_deck(path):
    """Main-deck card names in list order ("N Name" lines; comments, a "Deck" header; the
    sideboard is left out)."""
    names = []
    for line in Path(path).read_text(encoding="utf-8-sig").splitlines():
        line = line.strip()
        if not line or line.startswith(("//", "#")) or line.lower() == "deck":
            continue
        if line.lower().startswith("sideboard"):
            break
        k, _, name = line.partition(" ")
        names.extend([name.strip()] * int(k.rstrip("x")))
    return names


def cards_of(names):
    index = card_index()
    return {n: CastCard(index[n][0]) for n in set(names)}


def requirements(names, cards):
    """The deck's spells' (turn, pips, hybrid), the kernel's requirements, sorted."""
    out = set()
    for n in names:
        c = cards[n]
        if not c.is_land and c.has_cost and c.mv > 0:
            out.add((c.mv, c.pips, c.hybrid))
    return sorted(out)


def weights(names, cards):
    w = [0] * 6
    for n in names:
        c = cards[n]
        if c.is_land:
            continue
        for t in range(6):
            w[t] += c.pips[t]
        for h in c.hybrid:
            for t in range(6):
                if h >> t & 1:
                    w[t] += 1
    return w


def popcount(m):
    return bin(m).count("1")


def bottom_spell(spells, lands, keep):
    return lands == 0 or (spells > keep - 3 and spells > 0)


def keep_hand(lands, cards, m, lo, hi, never):
    if never:
        return True
    if m == 0:
        return lo <= lands <= hi
    keep = cards - m
    if keep <= 4:
        return True
    spells = cards - lands
    for _ in range(m):
        if bottom_spell(spells, lands, keep):
            spells -= 1
        else:
            lands -= 1
    return 2 <= lands <= 4


def pick(hand, keep, cards, w, deck, order):
    """Index in `hand` (names) of the card to bottom next."""
    lands = sum(cards[n].is_land for n in hand)
    best, best_key = -1, None
    if bottom_spell(len(hand) - lands, lands, keep):
        for k, n in enumerate(hand):
            if cards[n].is_land:
                continue
            key = (cards[n].mv, -order[n])
            if best < 0 or key > best_key:
                best, best_key = k, key
        return best
    for k, n in enumerate(hand):
        if not cards[n].is_land:
            continue
        mk = cards[n].makes & deck
        if mk == 0:
            key = (1, 0, 0, 0, 0, -order[n])
        else:
            ts = [t for t in range(6) if mk >> t & 1]
            redundant = min(sum(1 for j, o in enumerate(hand) if j != k and cards[o].is_land
                                and (cards[o].makes & deck) >> t & 1) for t in ts)
            key = (0, redundant, -popcount(mk), -sum(w[t] for t in ts), -mk, -order[n])
        if best < 0 or key > best_key:
            best, best_key = k, key
    return best


def pays(pips, hybrid, land_masks):
    """Can each pip have a land of its own making its colour? (augmenting paths)"""
    items = [1 << t for t in range(6) for _ in range(pips[t])] + list(hybrid)
    owner = [-1] * len(land_masks)

    def place(i, seen):
        for j, m in enumerate(land_masks):
            if m & items[i] and j not in seen:
                seen.add(j)
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(items)))


def count(names, seed, games, lo=2, hi=5, never=False, game0=0):
    """The kernel's counts for games game0 .. game0 + games - 1 of `names` (a deck list,
    cards.parse_deck): {"games", "requirements", "lands": {req: [play, draw]},
    "castable": {req: [play, draw]}, "mulligans": [games kept after m mulligans]}."""
    cards = cards_of(names)
    order = {n: i for i, n in enumerate(sorted(cards))}     # the pool's card ids: by name
    reqs = requirements(names, cards)
    w = weights(names, cards)
    deck = sum(1 << t for t in range(6) if w[t] > 0)
    last = max(r[0] for r in reqs)
    lands_n = {r: [0, 0] for r in reqs}
    cast_n = {r: [0, 0] for r in reqs}
    mulls = [0] * 8
    base = base_seed(seed)
    n = len(names)
    size = min(7, n)
    for game in range(game0, game0 + games):
        s = game_seed(base, game)
        lib = list(names)
        m = 0
        while True:
            hand = []
            for k in range(size):
                i = n - 1 - k
                s, r = splitmix64(s)
                j = r % (i + 1)
                lib[i], lib[j] = lib[j], lib[i]
                hand.append(lib[i])
            lands = sum(cards[c].is_land for c in hand)
            if m >= 7 or keep_hand(lands, size, m, lo, hi, never):
                break
            m += 1
        mulls[m] += 1
        keep = max(size - m, 0)
        held = len(hand)
        while held > keep:
            k = pick(hand[:held], keep, cards, w, deck, order)
            hand[k], hand[held - 1] = hand[held - 1], hand[k]
            held -= 1
        seen = [c for c in hand[:held] if cards[c].is_land]
        top, below = n - 1 - size, size - 1
        for d in range(last + 1):
            if d > 0:
                c = None
                if top >= 0:
                    s, r = splitmix64(s)
                    j = r % (top + 1)
                    lib[top], lib[j] = lib[j], lib[top]
                    c = lib[top]
                    top -= 1
                elif below >= held:
                    c = hand[below]
                    below -= 1
                if c is not None and cards[c].is_land:
                    seen.append(c)
            for req in reqs:
                turn, pips, hybrid = req
                for side, draws in ((0, turn - 1), (1, turn)):
                    if d != draws or len(seen) < turn:
                        continue
                    lands_n[req][side] += 1
                    if pays(pips, hybrid, [cards[c].makes & deck for c in seen]):
                        cast_n[req][side] += 1
    return {"games": games, "requirements": reqs, "lands": lands_n, "castable": cast_n,
            "mulligans": mulls}
