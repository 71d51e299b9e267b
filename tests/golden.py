"""The golden games: a recorded set of whole games that a change meant to keep the games must
play exactly again (tests/test_golden.py checks it on every run of the suite).

    python tests/golden.py check            # what differs from tests/golden/games.json
    python tests/golden.py write            # record it anew (only for a change of the games)

Each set below (every pairing of the example decks, mirrors too, and every deck goldfish,
10,000 games each with the greedy agent; fewer with the random and first-legal agents, the
combo-aware greedy agent watching a condition, and decks holding every built-in card) is
played through the public API (GameBatch.play) and kept as hashes: one per block of BLOCK
games over everything below, and one per field over all the set's games, so that a failure
names the games and the fields that differ. What is hashed: every per-game result
(GameBatch.results), the records (GameBatch.records) and every plane of the final State but
the scratch lane and the zone bitmaps (derived from the zones, written by whichever thread).
"""
import hashlib
import json
import sys
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from agents import FirstLegalAgent, GreedyAgent, RandomAgent  # noqa: E402
from simcore.cards.compile import make_pool  # noqa: E402
from simcore.condition import compile_condition  # noqa: E402
from simcore.decks import load_deck  # noqa: E402
from simcore.game import GameBatch, deck_ids  # noqa: E402

from fingerprint import planes  # noqa: E402
from support import every_card_decks  # noqa: E402

FILE = ROOT / "tests" / "golden" / "games.json"
DECKS = ROOT / "examples" / "decks"
EXAMPLES = ("counters_ozolith", "elves_morcant", "goblins_burn_blight", "mono_green_curve")
BLOCK = 500                 # games a block hash covers
BATCH = 2500                # games a batch (the games do not depend on it)
GAMES = 10_000
COMBO = "battlefield: High Perfect Morcant, 3 Elves"


def sets():
    """(name, deck, opponent or None, agents (g greedy, r random, f first legal, c greedy
    told the condition's pieces), games, seed, max turns, condition or None)."""
    out = []
    for k, (a, b) in enumerate(combinations_with_replacement(EXAMPLES, 2)):
        out.append((f"{a} vs {b}, greedy", a, b, "gg", GAMES, 100 + k, 30, None))
    for k, a in enumerate(EXAMPLES):
        out.append((f"{a} goldfish, greedy", a, None, "g", GAMES, 200 + k, 30, None))
    out += [
        ("elves_morcant goldfish, combo greedy watching", "elves_morcant", None, "c", GAMES,
         300, 30, COMBO),
        ("elves_morcant vs goblins_burn_blight, greedy vs random", "elves_morcant",
         "goblins_burn_blight", "gr", 2000, 301, 30, None),
        ("mono_green_curve vs counters_ozolith, random vs first legal", "mono_green_curve",
         "counters_ozolith", "rf", 1000, 302, 30, None),
        ("mono_green_curve goldfish, first legal", "mono_green_curve", None, "f", 1000, 303,
         30, None),
        ("every card, random", "every card", "every card", "rr", 2000, 304, 20, None),
        ("every card, greedy", "every card", "every card", "gg", 2000, 305, 20, None),
    ]
    return out


def _agent(c, pieces):
    return {"g": GreedyAgent, "r": RandomAgent, "f": FirstLegalAgent}[c]() if c != "c" \
        else GreedyAgent(pieces=pieces)


def _fields(b):
    """name -> [games, ...] array: results, records, final State planes."""
    out = {f"results.{k}": np.asarray(v) for k, v in b.results().items()}
    out.update({f"records.{k}": np.asarray(v) for k, v in b.records().items()})
    out.update({f"state.{k}": np.asarray(v) for k, v in planes(b.st).items()})
    return out


def _h(*arrays):
    h = hashlib.blake2b(digest_size=8)
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()


def play(pool, spec):
    """The hashes of one set: {"blocks": [hash per BLOCK games], "fields": {name: hash}}."""
    name, d0, d1, who, games, seed, max_turns, when = spec
    if d0 == "every card":
        ids0, ids1 = every_card_decks(pool)
    else:
        ids0 = deck_ids(pool, load_deck(DECKS / f"{d0}.txt", pool))
        ids1 = deck_ids(pool, load_deck(DECKS / f"{d1}.txt", pool)) if d1 else None
    cond = compile_condition([when], pool) if when else None
    pieces = [pool.card_id[n] for n in cond.cards()] if cond else ()
    blocks, fields = [], {}
    for game0 in range(0, games, BATCH):
        n = min(BATCH, games - game0)
        b = GameBatch(pool, ids0, ids1, n_games=n, seed=seed, start="random", game0=game0,
                      max_turns=max_turns, condition=cond)
        b.play([_agent(c, pieces) for c in who], np.random.default_rng([seed, game0]))
        f = _fields(b)
        for lo in range(0, n, BLOCK):
            blocks.append(_h(*(a[lo:lo + BLOCK] for _, a in sorted(f.items()))))
        for k, a in f.items():      # a field's hash chains its batches' in order
            fields[k] = _h(np.frombuffer(bytes.fromhex(fields.get(k, "")), np.uint8), a)
    return {"blocks": blocks, "fields": fields}


def record(pool=None):
    pool = pool or make_pool()
    return {spec[0]: play(pool, spec) for spec in sets()}


def differences(old, new):
    """Lines naming what differs (empty: the same games)."""
    out = []
    for name in sorted(set(old) | set(new)):
        if name not in new or name not in old:
            out.append(f"{name}: only in the {'recorded' if name in old else 'new'} set")
            continue
        a, b = old[name], new[name]
        bad = [k for k, (x, y) in enumerate(zip(a["blocks"], b["blocks"])) if x != y]
        if len(a["blocks"]) != len(b["blocks"]):
            out.append(f"{name}: {len(b['blocks'])} blocks, {len(a['blocks'])} recorded")
        if bad:
            games = ", ".join(f"{k * BLOCK}-{(k + 1) * BLOCK - 1}" for k in bad[:6])
            more = f" and {len(bad) - 6} more blocks" if len(bad) > 6 else ""
            groups = {}
            for k in sorted(set(a["fields"]) | set(b["fields"])):
                if a["fields"].get(k) != b["fields"].get(k):
                    part, _, field = k.partition(".")
                    groups.setdefault(part, []).append(field)
            out.append(f"{name}: games {games}{more} differ, in " + "; ".join(
                f"{part} {', '.join(fs[:6])}{' ...' if len(fs) > 6 else ''}"
                for part, fs in groups.items()))
    return out


def main(argv):
    if argv not in (["write"], ["check"]):
        print(__doc__)
        return 2
    new = record()
    if argv[0] == "write":
        FILE.parent.mkdir(exist_ok=True)
        FILE.write_text(json.dumps(new, indent=0, sort_keys=True) + "\n")
        print(f"wrote {len(new)} sets to {FILE}")
        return 0
    lines = differences(json.loads(FILE.read_text()), new)
    print("\n".join(lines) or f"the same games ({len(new)} sets)")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
