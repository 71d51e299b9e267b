"""`playtest bench`: how fast the batch engine plays, as ratios against baselines measured in
the same run (these machines are shared and noisy, so absolute figures alone mislead).

Measured after warm-up (not timed): a small batch of each kind, which loads or compiles every
kernel, then one goldfish batch of the full batch size and one two-deck batch set up (its
games have ~2.5 times the object slots), which take the process's memory from the OS. The
figures are thus those of a long run past its first chunk: on this machine's VM the first
touch of fresh memory made the first 10,000-game goldfish batch ~15-25% slower (measured:
0.4-0.5 s more set-up and first view for 10,000 games; later batches reuse the freed
memory), and the first two-deck batch after goldfish ones paid ~0.15 s more set-up plus
page faults in its first steps (perf: clear_page_erms 7.5% of such a batch on one thread,
3% over three batches).
- goldfish games (greedy, one deck) per second;
- greedy-vs-greedy games per second at the given batch size, with numba's threads;
- the same games on one thread (the serial baseline): ratio = parallel speed-up;
- the plain-Python reference engine (tests/reference, present in a source checkout) on the
  first games of the same seed, checked to give the same results: ratio = batch engine /
  reference;
- where the time goes (agents vs engine) and the state's bytes per game;
- castability (no game played: hands and draws, simcore/castability.py) on the same deck:
  the kernel's games per second, and the plain-Python count of tests/reference/castability.py
  on the first games of the same seed, which must give the same counts: ratio = kernel /
  plain Python.
"""
import importlib
import sys
import time
from pathlib import Path

import numba
import numpy as np
import pandas as pd

import simcore
from agents import GreedyAgent
from simcore import consts as K
from simcore.castability import Castability, deck_spells
from simcore.compile import make_pool
from simcore.condition import compile_condition
from simcore.decks import load_deck
from simcore.game import GameBatch, deck_ids
from simcore.mulligan import KARSTEN
from simcore.state import nbytes_per_game

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "examples" / "decks"
DECK = DECKS / "mono_green_curve.txt"
OPPONENT = DECKS / "goblins_burn_blight.txt"


def play_timed(pool, ids0, ids1, n, batch, seed, max_turns, record=True, condition=None):
    """Play n games in batches; returns (seconds, agent seconds, rows, bytes per game).
    `record`: the games record what the statistics read (GameBatch.records())."""
    agents = [GreedyAgent(), GreedyAgent()]
    t_agents = 0.0
    rows = []
    per_game = 0
    t0 = time.perf_counter()
    for game0 in range(0, n, batch):
        b = GameBatch(pool, ids0, ids1, n_games=min(batch, n - game0), seed=seed,
                      start="random", game0=game0, max_turns=max_turns, record=record,
                      condition=condition)
        per_game = nbytes_per_game(b.st)
        b.start()
        rng = np.random.default_rng([seed, game0])
        while not b.done():
            mask = b.legal_mask()
            deciders = agents if ids1 is not None else agents[:1]
            view = b.view(deciders)
            t = time.perf_counter()
            acts = b.ask_agents(deciders, view, mask, rng)
            t_agents += time.perf_counter() - t
            b.step(acts)
        rows.append(pd.DataFrame(b.results()))
    return time.perf_counter() - t0, t_agents, pd.concat(rows, ignore_index=True), per_game


def reference_record(res, g):
    """Game g of `GameBatch.results()` in the terms of the reference engine's `result()`
    (tests/reference/engine.py), which has its own: end 1 for any player's loss (END_WIN) and
    2 for the turn limit, the first player's number as on_the_play, the turn counter where
    the game stopped (a turn-limit game had begun the turn after the limit) and kill turn 0
    where no one lost."""
    end = int(res["end"][g])
    ref_end = {K.END_TURN_LIMIT: 2}.get(end, 1 if end in K.END_LOSS else end)
    out = {k: int(res[k][g]) for k in ("game", "winner", "mulligans0", "mulligans1", "life0",
                                       "life1", "decisions")}
    out.update(end=ref_end, on_the_play=0 if res["on_the_play"][g] else 1,
               turns=int(res["turns"][g]) + (end == K.END_TURN_LIMIT),
               kill_turn=max(int(res["kill_turn"][g]), 0))
    return out


def load_reference(*modules):
    """Modules of the plain-Python reference of a source checkout (tests/reference;
    default: the engine's greedy and cards), or None."""
    modules = modules or ("greedy", "cards")
    if not all((ROOT / "tests" / "reference" / f"{m}.py").is_file() for m in modules):
        return None
    if str(ROOT / "tests") not in sys.path:
        sys.path.insert(0, str(ROOT / "tests"))
    try:
        return tuple(importlib.import_module(f"reference.{m}") for m in modules)
    except ImportError:
        return None


def same_counts(got, ref, requirements):
    """Do the kernel's counts (Castability.count) equal the plain-Python ones?"""
    return ref["requirements"] == requirements and list(got["mulligans"]) == \
        ref["mulligans"] and all(
            list(got["lands"][i]) == ref["lands"][r] and
            list(got["castable"][i]) == ref["castable"][r] for i, r in enumerate(requirements))


def bench(games=2000, batch_size=1000, seed=1, serial_games=None, reference_games=100,
          max_turns=30, out=None, progress=print, castability_games=1_000_000,
          castability_reference_games=2000):
    pool = make_pool()
    ids0 = deck_ids(pool, load_deck(DECK, pool))
    ids1 = deck_ids(pool, load_deck(OPPONENT, pool))
    threads = numba.get_num_threads()
    # warm-up: load (or compile) every kernel before timing
    play_timed(pool, ids0, ids1, 4, 4, seed, max_turns)
    play_timed(pool, ids0, None, 4, 4, seed, max_turns)
    # memory of the size the measures use (see the module's docstring): a goldfish batch
    # played, then a two-deck batch (more object slots per game) set up and started
    play_timed(pool, ids0, None, min(games, batch_size), batch_size, seed + 1, max_turns)
    GameBatch(pool, ids0, ids1, n_games=min(games, batch_size), seed=seed + 1,
              start="random", max_turns=max_turns).start()
    rows = []

    def record(name, n, secs, ratio=None, note=""):
        rate = n / secs
        rows.append({"measure": name, "games": n, "seconds": round(secs, 3),
                     "games_per_s": round(rate, 1),
                     "ratio": round(ratio, 2) if ratio else np.nan, "note": note})
        progress(f"  {name:<34} {n:>7} games {secs:8.2f} s {rate:10.1f} games/s"
                 + (f"   x{ratio:.2f} ({note})" if ratio else ""))
        return rate

    progress(f"playtest {simcore.__version__} bench: seed {seed}, batch {batch_size}, "
             f"{threads} thread(s)")
    secs, _, gold, _ = play_timed(pool, ids0, None, games, batch_size, seed, max_turns)
    gold_rate = record("goldfish greedy (mono-green)", games, secs)
    secs, t_ag, df, per_game = play_timed(pool, ids0, ids1, games, batch_size, seed, max_turns)
    par = record("greedy vs greedy", games, secs)
    progress(f"    agents {t_ag / secs:.0%} of the time; state {per_game} bytes per game")
    # what recording (GameBatch.records()) costs: the same games without it
    for name, deck1, rate, with_rec in (("goldfish, not recording", None, gold_rate, gold),
                                        ("greedy vs greedy, not recording", ids1, par, df)):
        secs, _, plain, _ = play_timed(pool, ids0, deck1, games, batch_size, seed, max_turns,
                                       record=False)
        same = plain.equals(with_rec)
        record(name, games, secs, rate * secs / games,
               f"recording / not recording; same games: {'yes' if same else 'NO'}")
    # what watching a combo's condition costs (`playtest combo`): one checked after every
    # action that never holds (two copies of Craw Wurm), so the games are the same
    never = compile_condition("battlefield: 3 Craw Wurm, Forest; mana >= 30", pool)
    secs, _, watched, _ = play_timed(pool, ids0, None, games, batch_size, seed, max_turns,
                                     condition=never)
    same = watched.drop(columns="condition_turn").equals(gold.drop(columns="condition_turn"))
    record("goldfish, watching a condition", games, secs, games / secs / gold_rate,
           f"combo / simulate goldfish; same games: {'yes' if same else 'NO'}")
    n_serial = serial_games or max(1, min(games, batch_size) // 4)
    numba.set_num_threads(1)
    try:
        secs, _, _, _ = play_timed(pool, ids0, ids1, n_serial, min(batch_size, n_serial),
                                   seed, max_turns)
    finally:
        numba.set_num_threads(threads)
    record("greedy vs greedy, 1 thread", n_serial, secs, par * secs / n_serial,
           f"{threads} threads / 1 thread")
    reference_games = min(reference_games, games)
    ref = load_reference() if reference_games > 0 else None
    if ref is not None:
        greedy, cards = ref
        n0, n1 = cards.parse_deck(DECK), cards.parse_deck(OPPONENT)
        t0 = time.perf_counter()
        ref_res = greedy.play_games(seed, range(reference_games), n0, n1, start="random",
                                    max_turns=max_turns)
        secs = time.perf_counter() - t0
        same = all(reference_record(df, g)[k] == r[k] for g, r in enumerate(ref_res)
                   for k in ("winner", "turns", "end", "life0", "life1"))
        record("reference engine (plain Python)", reference_games, secs,
               par * secs / reference_games,
               f"batch engine / reference; same results: {'yes' if same else 'NO'}")
    elif reference_games <= 0:
        progress("  reference engine: skipped (--reference-games 0)")
    else:
        progress("  reference engine: not available (tests/reference is in a source checkout)")
    bench_castability(pool, ids0, seed, castability_games, castability_reference_games,
                      record, progress)
    res = pd.DataFrame(rows)
    res.insert(0, "seed", seed)
    res["batch_size"] = batch_size
    res["threads"] = threads
    res["state_bytes_per_game"] = per_game
    res["version"] = simcore.__version__
    if out:
        if str(out).endswith(".parquet"):
            res.to_parquet(out, index=False)
        else:
            res.to_csv(out, index=False)
        progress(f"wrote {out}")
    return res


def bench_castability(pool, ids, seed, games, reference_games, record, progress):
    """The castability count of the deck (Karsten's mulligan rule) in the kernel, then the
    plain-Python count on the first games of the same seed (same counts required)."""
    ct = pool.compile()
    count = Castability(ct, ids, KARSTEN, deck_spells(pool, ids)[0])
    count.count(seed, 0, 1000)          # loads (or compiles) the kernel: not timed
    t0 = time.perf_counter()
    count.count(seed, 0, games)
    secs = time.perf_counter() - t0
    rate = record("castability kernel (mono-green)", games, secs)
    ref = load_reference("castability") if reference_games > 0 else None
    if ref is None:
        progress("  castability plain Python: " + ("skipped (--castability-reference-games "
                                                   "0)" if reference_games <= 0 else
                                                   "not available (a source checkout's "
                                                   "tests/reference)"))
        return
    cast, = ref
    t0 = time.perf_counter()
    got = cast.count(cast.parse_deck(DECK), seed, reference_games, lo=KARSTEN.lo,
                     hi=KARSTEN.hi)
    secs = time.perf_counter() - t0
    same = same_counts(count.count(seed, 0, reference_games), got, count.requirements)
    record("castability plain Python", reference_games, secs, rate * secs / reference_games,
           f"kernel / plain Python; same counts: {'yes' if same else 'NO'}")
