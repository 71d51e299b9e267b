"""Per-game facts derived from what games record (GameBatch.records()): land drops missed,
mana screw and flood, for each player, by their own turns.

Definitions (a player's own turn n is the n-th turn they take; a turn counts once it is
complete: the game went on past it):
- land drops missed: own turns among the first `DROP_TURNS` (6) in which the player played
  no land;
- mana screw: at the end of the player's 4th own turn (`SCREW_TURN`) they controlled at
  most 2 lands (`SCREW_LANDS`), i.e. they missed two of their first four land drops;
- mana flood: at the end of their 6th own turn (`FLOOD_TURN`) they held at least 8 lands
  (`FLOOD_LANDS`) on the battlefield and in hand together: two more than six drops needed.
Screw and flood are unknown (NA) for a player whose game ended before that turn was
complete, so that short games are neither screwed nor unscrewed; the summaries give the
share among the games where they are known. Karsten's castability counts lands only, and so
do these.
"""
import numpy as np
import pandas as pd

from simcore import layout as L

DROP_TURNS = 6
SCREW_TURN, SCREW_LANDS = 4, 2
FLOOD_TURN, FLOOD_LANDS = 6, 8


def own_turn(first, p, n, goldfish):
    """The game turn of player p's n-th own turn (n from 1), per game; in goldfish games
    player 0 takes every turn and player 1 none (-1)."""
    first = np.asarray(first)
    if goldfish:
        return np.full(first.shape, n if p == 0 else -1, np.int64)
    return np.where(first == p, 2 * n - 1, 2 * n).astype(np.int64)


def turn_facts(rec, goldfish):
    """{land_drops_missed0/1: int (NA for the absent goldfish opponent), screw0/1,
    flood0/1: nullable booleans} from GameBatch.records() `rec`."""
    turns, first, final = rec["turns"], rec["first"], rec["final_turn"]
    g = np.arange(turns.shape[0])
    out = {}
    for p in (0, 1):
        if goldfish and p == 1:
            na = pd.array([pd.NA] * len(g), dtype="boolean")
            out["land_drops_missed1"] = pd.array([pd.NA] * len(g), dtype="Int64")
            out["screw1"], out["flood1"] = na, na.copy()
            continue

        def at(n, plane):
            t = own_turn(first, p, n, goldfish)
            done = (t >= 1) & (t < final) & (t < turns.shape[3])
            v = turns[g, p, plane, np.clip(t, 0, turns.shape[3] - 1)].astype(np.int64)
            return v, done

        missed = np.zeros(len(g), np.int64)
        for n in range(1, DROP_TURNS + 1):
            drops, done = at(n, L.R_DROPS)
            missed += done & (drops == 0)
        out[f"land_drops_missed{p}"] = pd.array(missed, dtype="Int64")
        lands, done = at(SCREW_TURN, L.R_LANDS)
        out[f"screw{p}"] = pd.array(np.where(done, lands <= SCREW_LANDS, False),
                                    dtype="boolean")
        out[f"screw{p}"][~done] = pd.NA
        lands, done = at(FLOOD_TURN, L.R_LANDS)
        hand, _ = at(FLOOD_TURN, L.R_HAND_LANDS)
        out[f"flood{p}"] = pd.array(np.where(done, lands + hand >= FLOOD_LANDS, False),
                                    dtype="boolean")
        out[f"flood{p}"][~done] = pd.NA
    return out
