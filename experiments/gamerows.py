"""The per-game rows of simulate and the paired runs (README.md: "Per-game results"): one row
per game of a chunk's `GameBatch.results()`, with the run's labels."""
import pandas as pd

import simcore
from experiments.records import turn_facts
from simcore import consts as K

# the per-game rows, in this order (README.md: "Per-game results" describes each)
COLUMNS = ("seed", "game", "deck", "opponent", "agent", "opponent_agent", "mulligan",
           "on_the_play", "winner", "end", "end_reason", "lost0", "lost1", "turns", "own_turns",
           "kill_turn", "until_card", "mulligans0", "mulligans1", "land_drops_missed0",
           "land_drops_missed1", "screw0", "screw1", "flood0", "flood1", "life0", "life1",
           "decisions", "version")


def loss_names(bits):
    """LOSS_* bits in words, joined by "+" ("life", "decked+poison"; "" = did not lose)."""
    return "+".join(name for bit, name in K.LOSS_NAMES.items() if bits & bit)


def game_rows(res, seed, deck, opponent, agent, opponent_agent, target=None,
              mulligan="agent"):
    """The rows of a chunk's results `res` (GameBatch.results()), labelled with the run's
    seed, decks, agents, --until-card card and mulligan rule (a Series' labels)."""
    df = pd.DataFrame({k: v for k, v in res.items() if k != "records"})
    if "records" in res:
        for k, v in turn_facts(res["records"], opponent == "goldfish").items():
            df[k] = v
    kill = pd.array(df["kill_turn"], dtype="Int64")
    kill[df["kill_turn"].to_numpy() < 0] = pd.NA        # no one lost: no kill turn
    df["kill_turn"] = kill
    df["end_reason"] = [K.END_NAMES[e] for e in df["end"]]
    for p in (0, 1):
        df[f"lost{p}"] = [loss_names(int(b)) for b in df[f"lost{p}"]]
    df["seed"] = seed
    df["version"] = simcore.__version__
    df["deck"] = deck
    df["opponent"] = opponent
    df["agent"] = agent
    df["opponent_agent"] = (opponent_agent or agent) if opponent != "goldfish" else ""
    df["until_card"] = target or ""
    df["mulligan"] = mulligan
    return df[list(COLUMNS)]
