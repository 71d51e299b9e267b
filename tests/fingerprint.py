"""Fingerprints of whole games, to check that a change plays the same games.

    python tests/fingerprint.py write FILE     # before the change
    python tests/fingerprint.py check FILE     # after it: lists every game that differs

For each configuration below (example decks, decks holding every built-in card, greedy and
random agents, goldfish and two-player games), every game is played through the public API
and summarised as a hash of its decisions (kind, decider, options, the action taken, in
order) and a hash of each plane of its final state. A change that plays the same games
keeps every decision hash; planes that exist on one side only are reported, not compared.
"""
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from agents import GreedyAgent, RandomAgent  # noqa: E402
from simcore import layout as L  # noqa: E402
from simcore.cards.compile import make_pool  # noqa: E402
from simcore.decks import load_deck  # noqa: E402
from simcore.game import GameBatch, deck_ids  # noqa: E402
from simcore.state import State  # noqa: E402

from support import every_card_decks  # noqa: E402

DECKS = ROOT / "examples" / "decks"
CONFIGS = [  # (name, deck, opponent or None, agents, games, seed, max turns)
    ("mono_green vs goblins, greedy", "mono_green_curve", "goblins_burn_blight", "gg", 200, 11, 30),
    ("elves vs goblins, greedy vs random", "elves_morcant", "goblins_burn_blight", "gr", 120, 12, 30),
    ("ozolith vs mono_green, greedy", "counters_ozolith", "mono_green_curve", "gg", 120, 13, 30),
    ("mono_green goldfish", "mono_green_curve", None, "g", 200, 14, 30),
    ("elves goldfish", "elves_morcant", None, "g", 150, 15, 30),
    ("every card, random", "every card", "every card", "rr", 120, 16, 20),
    ("every card, greedy", "every card", "every card", "gg", 120, 17, 20),
]


def planes(st):
    """name -> [G, ...] array for every plane of the State (packed planes by name)."""
    out = {}
    groups = {"obj": "obj", "pl": "pl", "gm": "gm", "stk": "stk", "pq": "pq", "dl": "dl",
              "tp": "tp"}
    for name, arr in zip(State._fields, st):
        if name == "scr":
            continue
        if name in groups:
            for i, f in enumerate(L.GROUPS[name]):
                if f in ("o_zone_bits", "scratch") + L.GM_CACHE_FIELDS:
                    # derived from the zones; the lane of the thread that ran it; counts
                    # kept for the checks that asked for them (kernels/manamark.py)
                    continue
                out[f] = arr[:, i]
        else:
            out[name] = arr
    return out


def play(pool, cfg):
    name, d0, d1, who, n, seed, max_turns = cfg
    if d0 == "every card":
        ids0, ids1 = every_card_decks(pool)
    else:
        ids0 = deck_ids(pool, load_deck(DECKS / f"{d0}.txt", pool))
        ids1 = deck_ids(pool, load_deck(DECKS / f"{d1}.txt", pool)) if d1 else None
    agents = [GreedyAgent() if c == "g" else RandomAgent() for c in who]
    b = GameBatch(pool, ids0, ids1, n_games=n, seed=seed, start="random", max_turns=max_turns)
    rng = np.random.default_rng([seed, 1])
    trace = [hashlib.sha1() for _ in range(n)]
    b.start()
    while not b.done():
        mask = b.legal_mask()
        view = b.view(agents)
        acts = b.ask_agents(agents, view, mask, rng)
        kind, player, nopt = view["decision"], view["player"], view["n_options"]
        for g in np.flatnonzero(kind != 7):
            k = int(nopt[g])
            trace[g].update(np.array([kind[g], player[g], k, acts[g]], np.int64).tobytes())
            trace[g].update(np.asarray(b.fw.opts[g, :k], np.int64).tobytes())
        b.step(acts)
    res = b.results()
    games = []
    pl = planes(b.st)
    for g in range(n):
        games.append({"trace": trace[g].hexdigest()[:16],
                      "planes": {f: hashlib.sha1(np.ascontiguousarray(a[g]).tobytes())
                                 .hexdigest()[:12] for f, a in pl.items()},
                      "results": {k: np.asarray(v[g]).item() for k, v in res.items()
                                  if np.ndim(v) == 1}})
    return games


def fingerprint():
    pool = make_pool()
    return {cfg[0]: play(pool, cfg) for cfg in CONFIGS}


def compare(old, new):
    """Lines naming what differs (empty: the same games)."""
    out = []
    for name, games in old.items():
        if name not in new:
            out.append(f"{name}: missing")
            continue
        for g, (a, b) in enumerate(zip(games, new[name])):
            if a["trace"] != b["trace"]:
                out.append(f"{name}: game {g}: decisions differ")
                continue
            diff = [f for f in a["planes"] if f in b["planes"] and a["planes"][f] != b["planes"][f]]
            if diff:
                out.append(f"{name}: game {g}: final state differs in {', '.join(diff)}")
            res = [k for k in a["results"] if k in b["results"] and
                   a["results"][k] != b["results"][k]]
            if res:
                out.append(f"{name}: game {g}: results differ in {', '.join(res)}")
        only = sorted(set(games[0]["planes"]) ^ set(new[name][0]["planes"]))
        if only:
            out.append(f"{name}: planes on one side only (not compared): {', '.join(only)}")
    return out


def main(argv):
    if len(argv) != 2 or argv[0] not in ("write", "check"):
        print(__doc__)
        return 2
    fp = fingerprint()
    if argv[0] == "write":
        Path(argv[1]).write_text(json.dumps(fp))
        print(f"wrote {sum(len(v) for v in fp.values())} games to {argv[1]}")
        return 0
    lines = compare(json.loads(Path(argv[1]).read_text()), fp)
    real = [x for x in lines if "one side only" not in x]
    print("\n".join(lines) or "same games")
    print(f"{sum(len(v) for v in fp.values())} games compared: "
          f"{'SAME' if not real else f'{len(real)} differences'}")
    return 1 if real else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
