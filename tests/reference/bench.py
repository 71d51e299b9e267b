"""Side-by-side speed of the batch engine and the plain-Python reference on the same games:
greedy against greedy, mono_green_curve against goblins_burn_blight, full rules.

    python -m tests.reference.bench [n_games] [seed]

Prints games per second of each and the ratio, and checks that both played the same games
(same results). The batch engine's compile cache should be warm (run it once before)."""
import sys
import time
from pathlib import Path

import numpy as np

from . import cards
from .greedy import play_games

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"


def side_by_side(n_games=200, seed=1, max_turns=30):
    from agents.basic import GreedyAgent
    from simcore.compile import make_pool
    from simcore.decks import load_deck
    from simcore.game import GameBatch, deck_ids

    pool = make_pool()
    g_path, r_path = DECKS / "mono_green_curve.txt", DECKS / "goblins_burn_blight.txt"
    d0, d1 = (deck_ids(pool, load_deck(p, pool)) for p in (g_path, r_path))
    # warm-up (compile cache load) outside the timing
    GameBatch(pool, d0, d1, n_games=1, seed=seed, start="random",
              max_turns=max_turns).play([GreedyAgent(), GreedyAgent()], None)
    t = time.perf_counter()
    b = GameBatch(pool, d0, d1, n_games=n_games, seed=seed, start="random", max_turns=max_turns)
    b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0))
    t_batch = time.perf_counter() - t
    res = b.results()
    n0, n1 = cards.parse_deck(g_path), cards.parse_deck(r_path)
    t = time.perf_counter()
    ref = play_games(seed, range(n_games), n0, n1, start="random", max_turns=max_turns)
    t_ref = time.perf_counter() - t
    same = all(int(res[k][g]) == r[k] for g, r in enumerate(ref)
               for k in ("winner", "turns", "end", "life0", "life1"))
    return {"games": n_games, "batch_s": t_batch, "reference_s": t_ref,
            "batch_games_per_s": n_games / t_batch, "reference_games_per_s": n_games / t_ref,
            "ratio": t_ref / t_batch, "same_results": same}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for k, v in side_by_side(n, seed).items():
        print(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}")
