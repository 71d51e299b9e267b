"""Warnings where the pilot (the agent) may be the weak link: results measure the deck as
that agent plays it, and these say when the agent, or the turn limit, had a hand in them.

Counted chunk by chunk (`Watch`) from what games record (GameBatch.records()):

- truncated games: games that ended without a loser at the turn limit or out of room
  (`capacity`); said when they are over `TRUNCATED_SHARE` (1%) of the games. Win rates count
  them as not won, so a deck that wins slowly looks worse than it is. (`playtest combo`
  ends its games at the deck's turn T by design: there only `capacity` is a truncation.)
- cards held: a copy the player held and could have cast but never cast. From the
  records: a copy of a nonland card that was in the player's hand at the game's end and was
  never cast, drawn (or in the opening hand) in game turn d, such that on one of the
  player's own turns after d
  - the mana left unspent was at least the card's mana value, X counted as 1 (an X
    creature cast for 0 dies): the mana their untapped sources could make as the
    precombat main phase began, plus the lands played that turn (one mana each), less the
    mana values of the spells first cast that turn (none left in a turn with an X spell,
    whose X is not recorded), and
  - their lands could make the card's colours beside the coloured pips of the spells
    first cast that turn: for each colour, the lands that could make it (those that
    entered the battlefield by that turn and are on it at the game's end; a land counts
    for each colour it can make; mana creatures and rocks not counted), less those pips,
    at least the card's pips of that colour, and one more of either colour of each hybrid
    symbol.
  A land: in hand at the end, never played, and an own turn after d in which the player
  played no land. Named, per deck, when it happened in at least `HELD_SHARE` (5%) of the
  deck's games.

Limits of the held-card test: targets are not checked (Murder with no creature to target
looks castable), nor additional costs (blight needs a creature), the legend rule, mana spent
on activated abilities or on spells cast a second time (only first casts are recorded), or
lands of two colours counted for both at once; each of these can make it
name a card the agent was right to hold. It says less than it might where a copy was drawn
that turn (it counts from the player's next turn), where a copy left the hand without being
cast (discarded, shuffled away: not counted even if held first), and where the colour came
from a creature or an artifact.
"""
import numpy as np

from experiments.shares import share
from simcore import consts as K
from simcore import encoding as E
from simcore import layout as L

TRUNCATED_SHARE = 0.01
HELD_SHARE = 0.05


def own_turns(rec, p, goldfish):
    """bool [game, game turn]: turn t was player p's own and its precombat main phase began
    (the mana it had then was recorded). Goldfish: player 0 takes every turn."""
    mana = rec["turns"][:, p, L.R_MANA, :]
    t = np.arange(mana.shape[1])[None, :]
    if goldfish:
        own = np.broadcast_to((t >= 1) & (p == 0), mana.shape)
    else:       # the first player takes the odd game turns
        own = (t >= 1) & ((t % 2 == 1) == (np.asarray(rec["first"])[:, None] == p))
    return own & (mana >= 0)


def cast_threshold(ct, cards):
    """Mana a card needs for the held-card test: its mana value, each X counted as 1."""
    c = np.maximum(cards, 0)
    return ct.card[c, L.C_MV] + ct.mcost[ct.card[c, L.C_COST], L.MC_X]


def is_land(ct, cards):
    return (ct.card[np.maximum(cards, 0), L.C_TYPES] & K.T_LAND) != 0


def unused_mana(rec, ct, p):
    """[game, game turn]: mana player p had and did not spend on spells in turn t, at most:
    what their sources could make as the precombat main phase began, plus the lands played
    that turn, less the costs of the spells first cast that turn (X as 1); none left in a
    turn they cast an X spell (what X was is not recorded)."""
    turns = rec["turns"]
    mana = turns[:, p, L.R_MANA, :].astype(np.int64) + np.maximum(
        turns[:, p, L.R_DROPS, :], 0)
    card, cast = rec["card"], rec["cast"]
    spell = (card >= 0) & (rec["owner"] == p) & (cast >= 0) & ~is_land(ct, card)
    g, s = np.nonzero(spell & (cast < mana.shape[1]))
    t = cast[g, s]
    spent = np.zeros(mana.shape, np.int64)
    np.add.at(spent, (g, t), cast_threshold(ct, card[g, s]))
    x = ct.mcost[ct.card[card[g, s], L.C_COST], L.MC_X] > 0
    spent[g[x], t[x]] = 1 << 20
    return mana - spent


def land_colours(ct):
    """[card id]: W U B R G bit mask of the colours the card's mana abilities can make, for
    lands (0 for other cards: mana creatures and rocks are left out, which can only make
    the held-card test say less). Choices and reflections count every colour they may
    give."""
    n = ct.card.shape[0]
    out = np.zeros(n, np.int64)
    for c in np.nonzero((ct.card[:, L.C_TYPES] & K.T_LAND) != 0)[0]:
        a0 = ct.card[c, L.C_ABIL0]
        for a in range(a0, a0 + ct.card[c, L.C_NABIL]):
            if ct.abil[a, L.AB_KIND] != K.AK_MANA:
                continue
            kind, val = ct.abil[a, L.AB_PROD], int(ct.abil[a, L.AB_PROD_VAL])
            if kind == K.PK_FIXED:
                vals = [val]
            elif kind == K.PK_CHOICE:
                vals = [int(v) for v in ct.abil[a, L.AB_PROD_OPTS:L.AB_PROD_OPTS + 4]]
            elif kind == K.PK_REFLECT:
                out[c] |= val & K.COLOR_MASK
                continue
            else:                                   # any colour, a permanent's colour
                out[c] |= K.COLOR_MASK
                continue
            for v in vals:
                out[c] |= sum(1 << i for i in range(5) if E.mana_count(v, i))
    return out


def pips(ct, cards):
    """[n, 5] coloured pips (W U B R G) of the cards' costs, and [n, 4] their hybrid
    symbols' two-colour masks."""
    cost = ct.card[np.maximum(cards, 0), L.C_COST]
    return (ct.mcost[cost, L.MC_PIPS:L.MC_PIPS + 5].astype(np.int64),
            ct.mcost[cost, L.MC_HYB:L.MC_HYB + 4] & K.COLOR_MASK)


def colours_left(rec, ct, p):
    """[game, game turn, colour]: player p's lands that could make each colour in turn t
    (lands that entered the battlefield by then and are on it at the game's end; a land
    counts for each colour it can make), less the pips of that colour of the spells first
    cast that turn."""
    card, entered, cast = rec["card"], rec["entered"], rec["cast"]
    T = rec["turns"].shape[3]
    mine = (card >= 0) & (rec["owner"] == p)
    land = mine & (entered >= 0) & (entered < T) & (rec["zone"] == K.Z_BATTLEFIELD) & \
        is_land(ct, card)
    g, s = np.nonzero(land)
    makes = (land_colours(ct)[card[g, s]][:, None] >> np.arange(5)) & 1
    out = np.zeros((card.shape[0], T, 5), np.int64)
    np.add.at(out, (g, entered[g, s]), makes)
    out = np.cumsum(out, axis=1)
    g, s = np.nonzero(mine & (cast >= 0) & (cast < T) & ~is_land(ct, card))
    np.subtract.at(out, (g, cast[g, s]), pips(ct, card[g, s])[0])
    return out


def held_copies(rec, ct, p, goldfish):
    """bool [game, slot]: player p's copies held with the means to cast (or play) them and
    never cast (the module's docstring has the definition)."""
    card, drawn = rec["card"], rec["drawn"]
    held = ((card >= 0) & (rec["owner"] == p) & (rec["token"] == 0) & (drawn >= 0)
            & (rec["cast"] < 0) & (rec["zone"] == K.Z_HAND))
    out = np.zeros(card.shape, bool)
    g, s = np.nonzero(held)
    if len(g) == 0:
        return out
    own = own_turns(rec, p, goldfish)
    T = own.shape[1]
    c, d = card[g, s], drawn[g, s]
    later = own[g] & (np.arange(T)[None, :] > d[:, None])        # [copy, turn]
    land = is_land(ct, c)
    no_drop = rec["turns"][g, p, L.R_DROPS, :] == 0
    mana = unused_mana(rec, ct, p)[g] >= cast_threshold(ct, c)[:, None]
    left = colours_left(rec, ct, p)[g]                           # [copy, turn, colour]
    need, hyb = pips(ct, c)
    colour = (left >= need[:, None, :]).all(axis=2)
    for h in range(hyb.shape[1]):
        either = ((left > need[:, None, :]) & ((hyb[:, h, None] >> np.arange(5)) & 1)
                  [:, None, :].astype(bool)).any(axis=2)
        colour &= (hyb[:, h, None] == 0) | either
    could = np.where(land[:, None], no_drop, mana & colour) & later
    out[g, s] = could.any(axis=1)
    return out


class Watch:
    """Counts of truncated games and held cards, added chunk by chunk (memory flat): an
    experiment calls `count` on each chunk's results and `add`s the counts when it consumes
    the chunk; `warnings()` says what the counts call for."""

    def __init__(self):
        self.games = 0
        self.truncated = {}             # end name -> games
        self.deck_games = {}            # deck -> games it played
        self.held = {}                  # (deck, card name) -> games with a held copy

    @staticmethod
    def count(res, pool, decks, goldfish=False, truncations=K.END_TRUNCATED):
        """The counts of one chunk: `res` a Series.play result (results and "records"),
        `decks` {player: deck name} for the players whose held cards to count (none for
        a run that does not record); `truncations` the END_* codes that are truncations
        here."""
        end = np.asarray(res["end"])
        out = {"games": len(end), "truncated": {}, "deck_games": {}, "held": {}}
        for e in truncations:
            n = int((end == e).sum())
            if n:
                out["truncated"][K.END_NAMES[e]] = n
        rec = res.get("records")
        if rec is None:
            return out
        ct = pool.compile()
        for p, deck in decks.items():
            out["deck_games"][deck] = out["deck_games"].get(deck, 0) + len(end)
            held = held_copies(rec, ct, p, goldfish)
            g, s = np.nonzero(held)
            pairs = np.unique(np.stack([g, rec["card"][g, s]]), axis=1)
            for c, n in zip(*np.unique(pairs[1], return_counts=True)):
                key = (deck, pool.names[int(c)])
                out["held"][key] = out["held"].get(key, 0) + int(n)
        return out

    def add(self, counts):
        self.games += counts["games"]
        for name in ("truncated", "deck_games", "held"):
            mine = getattr(self, name)
            for k, v in counts[name].items():
                mine[k] = mine.get(k, 0) + v

    def held_table(self):
        """[(deck, card, games with a held copy, the deck's games)], most held first."""
        rows = [(d, c, n, self.deck_games[d]) for (d, c), n in self.held.items()]
        return sorted(rows, key=lambda r: (-r[2] / r[3], r[0], r[1]))

    def warnings(self, agent=None):
        """Lines ("warning: ...") for what is over its threshold; none otherwise."""
        lines = []
        n = self.games
        cut = sum(self.truncated.values())
        if n and cut / n > TRUNCATED_SHARE:
            why = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in
                            sorted(self.truncated.items()))
            lines.append(f"warning: {share(cut, n)} of the {n} games were truncated ({why}): "
                         f"no one lost them, and they count as not won (goldfish: the "
                         f"opponent not killed); over {TRUNCATED_SHARE:.0%}, the turn limit "
                         f"(or the agent's slow play) shapes the results")
        by_deck = {}
        for deck, card, k, games in self.held_table():
            if k / games >= HELD_SHARE:
                by_deck.setdefault(deck, []).append(f"{card} {share(k, games, brief=True)} "
                                                    f"of {games} games")
        who = f" ({agent})" if agent else ""
        for deck, cards in by_deck.items():
            lines.append(f"warning: {deck}: the agent{who} held cards it could have cast and "
                         f"never cast them (a spell: unspent mana and the colours for it on "
                         f"a later turn of its own; a land: a later turn with no land "
                         f"played; targets not checked), in at least {HELD_SHARE:.0%} of the "
                         f"deck's games (95% CI): " + ", ".join(cards))
        return lines
