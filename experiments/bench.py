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
- goldfish games (greedy, one deck) and greedy-vs-greedy games per second at the given batch
  size, with numba's threads, each game played to its end in one kernel call (GameBatch.play
  with built-in agents); the same games on the Python-round path (the agents asked from
  Python at each decision, as a user's agent is: ratio = what compiling the agents in
  gains), and on one thread (the serial baseline: ratio = parallel speed-up);
- the same games not recording (GameBatch.records()) and goldfish games watching a
  condition that never holds (`playtest combo`), each checked to be the same games;
- the plain-Python reference engine (experiments/reference) on the first games of the same
  seed, checked to give the same results: ratio = batch engine / reference;
- the agents' share of the Python-round path's time, and the state's bytes per game;
- the search agent (its default settings) playing mono-green against greedy's goblins: games,
  searched decisions and rollouts per second, and its games per second over
  greedy-vs-greedy's (the same decks, the same run);
- castability (no game played: hands and draws, simcore/castability.py) on the same deck:
  the kernel's games per second, and the plain-Python count of
  experiments/reference/castability.py on the first games of the same seed, which must give
  the same counts: ratio = kernel / plain Python;
- kernels on mid-game positions (simcore/microbench.py): a state-based-action pass and
  could-produce, in ns per permanent on the battlefield;
- memory: the peak RSS growth per game of a large batch against one a tenth of its size, in
  a process of its own (experiments/benchproc.py), and the cold and warm start of `playtest
  simulate` (an empty compile cache, then a warm one);
- with `--dask SPEC`, the same goldfish games through the runner on Dask against local
  threads (experiments/benchproc.py: `dask_workload`).
`--json FILE` writes every measure as one entry per workload (docs/performance.md, "How to
measure", gives the schema).
"""
import json
import math
import sys
import time
from pathlib import Path

import numba
import numpy as np
import pandas as pd

import simcore
from agents import GreedyAgent, SearchAgent
from experiments import benchproc
from experiments.paths import writing
from experiments.reference import cards as ref_cards
from experiments.reference import castability as ref_cast
from experiments.reference import greedy as ref_greedy
from experiments.runner import Series, check_batch
from simcore import consts as K
from simcore import layout as L
from simcore import microbench
from simcore.cards.compile import make_pool
from simcore.castability import Castability, deck_spells
from simcore.condition import compile_condition
from simcore.decks import load_deck
from simcore.game import GameBatch, deck_ids
from simcore.mulligan import KARSTEN
from simcore.state import nbytes_per_game

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "examples" / "decks"
DECK = DECKS / "mono_green_curve.txt"
OPPONENT = DECKS / "goblins_burn_blight.txt"
SCHEMA = 1                  # the JSON's layout (docs/performance.md, "How to measure")
# the kernels' positions: greedy-vs-greedy games stepped this many decisions, about half of
# a game's ~70 (docs/performance.md, "What a game costs")
MID_GAME_DECISIONS = 36
# sizes not given: full runs, and --quick (the whole bench under two minutes on two cores
# with a warm cache: measured 7-10 s, 42 s with --cold); serial_games None: a quarter batch
SIZES = {
    False: dict(games=2000, batch_size=1000, serial_games=None, reference_games=100,
                castability_games=1_000_000, castability_reference_games=2000,
                kernel_games=1000, kernel_seconds=0.5, memory_games=10_000, start_games=8,
                cold=True, search_games=200),
    True: dict(games=2000, batch_size=1000, serial_games=None, reference_games=20,
               castability_games=200_000, castability_reference_games=500,
               kernel_games=200, kernel_seconds=0.1, memory_games=5000, start_games=8,
               cold=False, search_games=40),
}


def sizes(quick=False, **given):
    """The run's sizes: those given (not None), else the defaults of a full or quick run."""
    out = dict(SIZES[bool(quick)])
    out.update({k: v for k, v in given.items() if v is not None})
    return out


def play_timed(pool, ids0, ids1, n, batch, seed, max_turns, record=True, condition=None,
               compiled=True):
    """Play n games in batches; returns (seconds, agent seconds, rows, bytes per game).
    `record`: the games record what the statistics read (GameBatch.records()). `compiled`:
    as GameBatch.play plays them, each game to its end in one kernel call (the agents' time
    is inside it: NaN); else the Python-round path, one round per decision, the greedy
    agents asked from Python and timed."""
    agents = [GreedyAgent(), GreedyAgent()]
    deciders = agents if ids1 is not None else agents[:1]
    t_agents = float("nan") if compiled else 0.0
    rows = []
    per_game = 0
    t0 = time.perf_counter()
    for game0 in range(0, n, batch):
        b = GameBatch(pool, ids0, ids1, n_games=min(batch, n - game0), seed=seed,
                      start="random", game0=game0, max_turns=max_turns, record=record,
                      condition=condition)
        per_game = nbytes_per_game(b.st)
        rng = np.random.default_rng([seed, game0])
        if compiled:
            b.play(deciders, rng)
        else:
            b.start()
            while not b.done():
                mask = b.legal_mask()
                view = b.view(deciders)
                t = time.perf_counter()
                acts = b.ask_agents(deciders, view, mask, rng)
                t_agents += time.perf_counter() - t
                b.step(acts)
        rows.append(pd.DataFrame(b.results()))
    return time.perf_counter() - t0, t_agents, pd.concat(rows, ignore_index=True), per_game


def reference_record(res, g):
    """Game g of `GameBatch.results()` in the terms of the reference engine's `result()`
    (experiments/reference/engine.py), which has its own: end 1 for any player's loss
    (END_WIN) and 2 for the turn limit, the first player's number as on_the_play, the turn
    counter where the game stopped (a turn-limit game had begun the turn after the limit)
    and kill turn 0 where no one lost."""
    end = int(res["end"][g])
    ref_end = {K.END_TURN_LIMIT: 2}.get(end, 1 if end in K.END_LOSS else end)
    out = {k: int(res[k][g]) for k in ("game", "winner", "mulligans0", "mulligans1", "life0",
                                       "life1", "decisions")}
    out.update(end=ref_end, on_the_play=0 if res["on_the_play"][g] else 1,
               turns=int(res["turns"][g]) + (end == K.END_TURN_LIMIT),
               kill_turn=max(int(res["kill_turn"][g]), 0))
    return out


def same_counts(got, ref, requirements):
    """Do the kernel's counts (Castability.count) equal the plain-Python ones?"""
    return ref["requirements"] == requirements and list(got["mulligans"]) == \
        ref["mulligans"] and all(
            list(got["lands"][i]) == ref["lands"][r] and
            list(got["castable"][i]) == ref["castable"][r] for i, r in enumerate(requirements))


def yes(flag):
    return "yes" if flag else "NO"


class Measures:
    """What the bench measured, kept once for its three outputs: the printed lines, the
    table's rows (--out) and the JSON's workloads (--json). A workload is one entry, named
    by its key; a same-run ratio against another workload is `x_<name>` on the measured
    workload (its speed over the baseline's, for the same kind of work), and the table
    shows it on the baseline's row with a note, as it always has."""

    def __init__(self, progress=print):
        self.progress = progress
        self.rows = []
        self.workloads = {}

    def games(self, key, label, n, secs, ratio=None, note="", **fields):
        """A workload of n games in secs; returns its games per second."""
        rate = n / secs
        self.workloads[key] = dict(status="ok", measure=label, games=int(n),
                                   seconds=round(secs, 4), games_per_s=round(rate, 2),
                                   **fields)
        self._row(key, label, secs, ratio, note, games=n, games_per_s=round(rate, 1))
        self.progress(f"  {label:<34} {n:>7} games {secs:8.2f} s {rate:10.1f} games/s"
                      + self._ratio(ratio, note))
        return rate

    def items(self, key, label, count, n, item, secs, ratio=None, note="", **fields):
        """A kernel's workload: n items (permanents, sims) in secs, `count` the key naming
        them ("items", "sims"); returns ns per item."""
        ns = secs * 1e9 / n
        self.workloads[key] = dict(status="ok", measure=label, **{count: int(n)},
                                   seconds=round(secs, 4), ns_per_item=round(ns, 3),
                                   item=item, **fields)
        self._row(key, label, secs, ratio, note, items=n, item=item, ns_per_item=round(ns, 2))
        self.progress(f"  {label:<34} {n:>9} {item}s {secs:8.2f} s {ns:10.1f} ns/{item}"
                      + self._ratio(ratio, note))
        return ns

    def ratio(self, key, baseline, value, name=None):
        """`x_<name>` on workload `key`: its speed over workload `baseline`'s (name: the
        baseline's key without `key`'s prefix, e.g. goldfish_one_thread -> x_one_thread)."""
        name = name or baseline.removeprefix(key + "_")
        entry = self.workloads[key]
        baselines = entry.pop("baselines", {})
        entry[f"x_{name}"] = round(value, 4)
        entry["baselines"] = dict(baselines, **{f"x_{name}": baseline})    # kept last

    def absent(self, key, label, status, note):
        """A workload not measured (status "skipped", "not available" or "failed")."""
        self.workloads[key] = dict(status=status, measure=label, note=note)
        self.progress(f"  {label}: {status} ({note})")

    def _row(self, key, label, secs, ratio, note, **cells):
        self.rows.append(dict(workload=key, measure=label, seconds=round(secs, 3),
                              ratio=round(ratio, 2) if ratio else np.nan, note=note, **cells))

    @staticmethod
    def _ratio(ratio, note):
        return f"   x{ratio:.2f} ({note})" if ratio else f"   ({note})" if note else ""

    def table(self, seed, batch_size, threads, state_bytes):
        """The rows as the --out table (one per measure; the run's settings on each)."""
        cols = ["measure", "games", "seconds", "games_per_s", "ratio", "note", "workload",
                "items", "item", "ns_per_item"]
        res = pd.DataFrame(self.rows).reindex(columns=cols)
        res[["games", "items"]] = res[["games", "items"]].astype("Int64")
        res.insert(0, "seed", seed)
        res["batch_size"] = batch_size
        res["threads"] = threads
        res["state_bytes_per_game"] = state_bytes
        res["version"] = simcore.__version__
        return res


def bench(games=None, batch_size=None, seed=1, serial_games=None, reference_games=None,
          max_turns=30, out=None, progress=print, castability_games=None,
          castability_reference_games=None, kernel_games=None, kernel_seconds=None,
          memory_games=None, start_games=None, cold=None, dask=None, json_out=None,
          quick=False, search_games=None):
    """Every measure (the module's docstring), printed; the table (a DataFrame, written to
    `out`, .parquet or .csv) is returned, the JSON document in its attrs["bench"] (written
    to `json_out`). Sizes not given take the defaults of a full run or of `quick` (SIZES);
    `dask`: a Dask cluster spec ("local:2") for the Dask workload, None to skip it."""
    t_start = time.perf_counter()
    z = sizes(quick, games=games, batch_size=batch_size, serial_games=serial_games,
              reference_games=reference_games, castability_games=castability_games,
              castability_reference_games=castability_reference_games,
              kernel_games=kernel_games, kernel_seconds=kernel_seconds,
              memory_games=memory_games, start_games=start_games, cold=cold,
              search_games=search_games)
    games, batch_size = z["games"], z["batch_size"]
    z["serial_games"] = z["serial_games"] or max(1, min(games, batch_size) // 4)
    pool = make_pool()
    ids0 = deck_ids(pool, load_deck(DECK, pool))
    ids1 = deck_ids(pool, load_deck(OPPONENT, pool))
    gvg = Series(pool, ids0, ids1, batch=dict(max_turns=max_turns))
    for flag, n in (("--batch-size", min(games, batch_size)),      # batches made at once
                    ("--kernel-games", z["kernel_games"]), ("--memory-games", z["memory_games"])):
        check_batch([gvg], n, flag)
    backend = benchproc.dask_backend(dask) if dask else None   # a bad spec: before the run
    threads = numba.get_num_threads()
    warm_up(pool, ids0, ids1, games, batch_size, seed, max_turns)
    m = Measures(progress)
    head = header(z, seed, max_turns, threads, quick, dask)
    progress(f"playtest {simcore.__version__} bench: seed {seed}, batch {batch_size}, "
             f"{threads} thread(s)" + (" (quick)" if quick else ""))
    gvg, per_game = bench_games(m, pool, ids0, ids1, z, seed, max_turns, threads)
    bench_reference(m, gvg, seed, max_turns, min(z["reference_games"], games))
    bench_search(m, pool, ids0, ids1, seed, max_turns, z["search_games"], batch_size)
    bench_castability(m, pool, ids0, seed, z["castability_games"],
                      z["castability_reference_games"])
    bench_kernels(m, pool, ids0, ids1, seed, max_turns, z["kernel_games"], z["kernel_seconds"])
    benchproc.bench_memory(m, DECK, OPPONENT, seed, max_turns, z["memory_games"], per_game)
    benchproc.bench_dask(m, pool, ids0, seed, max_turns, games, batch_size, dask, backend)
    benchproc.bench_starts(m, DECK, OPPONENT, seed, z["start_games"], z["cold"])
    head["wall_seconds"] = round(time.perf_counter() - t_start, 1)
    res = m.table(seed, batch_size, threads, per_game)
    res.attrs["bench"] = doc = {"schema": SCHEMA, "header": head, "workloads": m.workloads}
    if out:
        with writing("--out", out):     # (the measures are printed already)
            if str(out).endswith(".parquet"):
                res.to_parquet(out, index=False)
            else:
                res.to_csv(out, index=False)
        progress(f"wrote {out}")
    if json_out:
        with writing("--json", json_out):
            write_json(doc, json_out)
        progress(f"wrote {json_out}")
    progress(f"bench: {head['wall_seconds']:.0f} s in all")
    return res


def warm_up(pool, ids0, ids1, games, batch_size, seed, max_turns):
    """Load (or compile) every kernel before timing, then take the memory of the size the
    measures use (the module's docstring): a goldfish batch played, then a two-deck batch
    (more object slots per game) set up and started."""
    play_timed(pool, ids0, ids1, 4, 4, seed, max_turns)
    play_timed(pool, ids0, None, 4, 4, seed, max_turns)
    play_timed(pool, ids0, None, min(games, batch_size), batch_size, seed + 1, max_turns)
    GameBatch(pool, ids0, ids1, n_games=min(games, batch_size), seed=seed + 1,
              start="random", max_turns=max_turns).start()


def bench_games(m, pool, ids0, ids1, z, seed, max_turns, threads):
    """Goldfish and greedy-vs-greedy games: with numba's threads, not recording, watching a
    condition, on one thread. Returns the greedy-vs-greedy rows and the state's bytes per
    two-deck game."""
    games, batch = z["games"], z["batch_size"]
    secs, _, gold, gold_bytes = play_timed(pool, ids0, None, games, batch, seed, max_turns)
    gold_rate = m.games("goldfish", "goldfish greedy (mono-green)", games, secs,
                        threads=threads, state_bytes_per_game=gold_bytes)
    secs, _, gvg, per_game = play_timed(pool, ids0, ids1, games, batch, seed, max_turns)
    par = m.games("greedy_vs_greedy", "greedy vs greedy", games, secs, threads=threads,
                  state_bytes_per_game=per_game)
    # the same games on the Python-round path (an agent asked from Python at every
    # decision), and not recording (what GameBatch.records() costs)
    variants = (("round_path", "Python rounds", dict(compiled=False),
                 "one call / a round per decision"),
                ("not_recording", "not recording", dict(record=False),
                 "recording / not recording"))
    for suffix, what, kw, note in variants:
        for key, deck1, rate, rows in (("goldfish", None, gold_rate, gold),
                                       ("greedy_vs_greedy", ids1, par, gvg)):
            secs, t_ag, got, _ = play_timed(pool, ids0, deck1, games, batch, seed, max_turns,
                                            **kw)
            same = got.equals(rows)
            label = m.workloads[key]["measure"].replace(" greedy (mono-green)", "")
            timed = {} if math.isnan(t_ag) else dict(agents_share=round(t_ag / secs, 4))
            m.games(f"{key}_{suffix}", f"{label}, {what}", games, secs, rate * secs / games,
                    f"{note}; same games: {yes(same)}", same_games=same, **timed)
            m.ratio(key, f"{key}_{suffix}", rate * secs / games)
            if timed:
                m.progress(f"    agents {t_ag / secs:.0%} of the Python-round path's time")
    m.progress(f"    state {per_game} bytes per game")
    # what watching a combo's condition costs (`playtest combo`): one checked after every
    # action that never holds (two copies of Craw Wurm), so the games are the same
    never = compile_condition("battlefield: 3 Craw Wurm, Forest; mana >= 30", pool)
    secs, _, watched, _ = play_timed(pool, ids0, None, games, batch, seed, max_turns,
                                     condition=never)
    same = watched.drop(columns="condition_turn").equals(gold.drop(columns="condition_turn"))
    m.games("goldfish_watching_condition", "goldfish, watching a condition", games, secs,
            games / secs / gold_rate, f"combo / simulate goldfish; same games: {yes(same)}",
            same_games=same)
    m.ratio("goldfish_watching_condition", "goldfish", games / secs / gold_rate,
            name="goldfish")
    n_serial = z["serial_games"]
    for key, deck1, rate, n, rows in (("goldfish", None, gold_rate, games, gold),
                                      ("greedy_vs_greedy", ids1, par, n_serial, gvg)):
        secs, one = one_thread(pool, ids0, deck1, n, min(batch, n), seed, max_turns)
        same = one.equals(rows.head(n).reset_index(drop=True))
        label = m.workloads[key]["measure"].replace(" greedy (mono-green)", "")
        m.games(f"{key}_one_thread", f"{label}, 1 thread", n, secs, rate * secs / n,
                f"{threads} threads / 1 thread; same games: {yes(same)}", threads=1,
                same_games=same)
        m.ratio(key, f"{key}_one_thread", rate * secs / n)
    return gvg, per_game


def bench_search(m, pool, ids0, ids1, seed, max_turns, n, batch):
    """The search agent (default settings) with mono-green against greedy's goblins: games,
    searched decisions and rollouts per second, over greedy-vs-greedy's games per second."""
    key = "greedy_vs_search"
    if n <= 0:
        m.absent(key, "greedy vs search", "skipped", "--search-games 0")
        return
    agents = [SearchAgent(), GreedyAgent()]
    # its own entry: loaded (or compiled) before the clock starts
    GameBatch(pool, ids0, ids1, n_games=2, seed=seed, start="random",
              max_turns=max_turns).play(agents, np.random.default_rng(0))
    searched = rollouts = 0
    t0 = time.perf_counter()
    for game0 in range(0, n, batch):
        b = GameBatch(pool, ids0, ids1, n_games=min(batch, n - game0), seed=seed,
                      start="random", game0=game0, max_turns=max_turns)
        b.play(agents, np.random.default_rng(0))
        c = b.search_counts()
        searched += int(c["searched"].sum())
        rollouts += int(c["rollouts"].sum())
    secs = time.perf_counter() - t0
    gvg = m.workloads["greedy_vs_greedy"]["games_per_s"]
    rate = n / secs
    m.games(key, "greedy vs search", n, secs, rate / gvg,
            f"search / greedy vs greedy; {searched / secs:,.0f} decisions/s, "
            f"{rollouts / secs:,.0f} rollouts/s", agent=SearchAgent().describe(),
            searched_decisions=searched, rollouts=rollouts,
            decisions_per_s=round(searched / secs, 1), rollouts_per_s=round(rollouts / secs, 1))
    m.ratio(key, "greedy_vs_greedy", rate / gvg)


def one_thread(pool, ids0, ids1, n, batch, seed, max_turns):
    """The first n games on one numba thread: (seconds, rows)."""
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        secs, _, rows, _ = play_timed(pool, ids0, ids1, n, batch, seed, max_turns)
    finally:
        numba.set_num_threads(threads)
    return secs, rows


def bench_reference(m, gvg, seed, max_turns, n):
    """The plain-Python reference engine on the first n greedy-vs-greedy games, which must
    give the batch engine's results."""
    label = "reference engine (plain Python)"
    if n <= 0:
        m.absent("reference", label, "skipped", "--reference-games 0")
        return
    n0, n1 = ref_cards.parse_deck(DECK), ref_cards.parse_deck(OPPONENT)
    t0 = time.perf_counter()
    ref_res = ref_greedy.play_games(seed, range(n), n0, n1, start="random", max_turns=max_turns)
    secs = time.perf_counter() - t0
    same = all(reference_record(gvg, g)[k] == r[k] for g, r in enumerate(ref_res)
               for k in ("winner", "turns", "end", "life0", "life1"))
    par = m.workloads["greedy_vs_greedy"]["games_per_s"]
    m.games("reference", label, n, secs, par * secs / n,
            f"batch engine / reference; same results: {yes(same)}", same_results=same)
    m.ratio("greedy_vs_greedy", "reference", par * secs / n)


def bench_castability(m, pool, ids, seed, games, reference_games):
    """The castability count of the deck (Karsten's mulligan rule) in the kernel, then the
    plain-Python count on the first games of the same seed (same counts required)."""
    ct = pool.compile()
    count = Castability(ct, ids, KARSTEN, deck_spells(pool, ids)[0])
    count.count(seed, 0, 1000)          # loads (or compiles) the kernel: not timed
    t0 = time.perf_counter()
    count.count(seed, 0, games)
    secs = time.perf_counter() - t0
    ns = m.items("castability", "castability kernel (mono-green)", "sims", games, "sim", secs)
    label = "castability plain Python"
    if reference_games <= 0:
        m.absent("castability_plain_python", label, "skipped",
                 "--castability-reference-games 0")
        return
    t0 = time.perf_counter()
    got = ref_cast.count(ref_cast.parse_deck(DECK), seed, reference_games, lo=KARSTEN.lo,
                         hi=KARSTEN.hi)
    secs = time.perf_counter() - t0
    same = same_counts(count.count(seed, 0, reference_games), got, count.requirements)
    ref_ns = secs * 1e9 / reference_games
    m.items("castability_plain_python", label, "sims", reference_games, "sim", secs,
            ref_ns / ns, f"kernel / plain Python; same counts: {yes(same)}", same_counts=same)
    m.ratio("castability", "castability_plain_python", ref_ns / ns)


def mid_game_batch(pool, ids0, ids1, n, seed, max_turns, decisions=MID_GAME_DECISIONS):
    """n greedy-vs-greedy games stepped `decisions` decisions (fewer where they end)."""
    b = GameBatch(pool, ids0, ids1, n_games=n, seed=seed, start="random",
                  max_turns=max_turns)
    agents = [GreedyAgent(), GreedyAgent()]
    rng = np.random.default_rng([seed, 0])
    b.start()
    for _ in range(decisions):
        if b.done():
            break
        mask = b.legal_mask()
        b.step(b.ask_agents(agents, b.view(agents), mask, rng))
    return b


def time_repeats(run, seconds):
    """`run(repeats)` timed with repeats growing until a run lasts `seconds` (one repeat,
    untimed, first: it loads the entry): (seconds, repeats, what the last run returned)."""
    run(1)
    repeats = 1
    while True:
        t0 = time.perf_counter()
        out = run(repeats)
        secs = time.perf_counter() - t0
        if secs >= seconds:
            return secs, repeats, out
        repeats = math.ceil(repeats * min(10.0, 1.25 * seconds / max(secs, 1e-7)))


def bench_kernels(m, pool, ids0, ids1, seed, max_turns, n, seconds):
    """A state-based-action pass and could-produce on the positions of n greedy-vs-greedy
    games at mid-game (simcore/microbench.py), in ns per permanent on the battlefield."""
    labels = {"state_based_actions": "state-based actions pass",
              "could_produce": "could-produce"}
    b = mid_game_batch(pool, ids0, ids1, n, seed, max_turns) if n > 0 else None
    games = microbench.live_games(b) if b is not None else np.zeros(0, np.int64)
    perms = microbench.permanents(b, games) if games.size else np.zeros(0, np.int64)
    if perms.sum() == 0:
        for key, label in labels.items():
            m.absent(key, label, "skipped", "--kernel-games 0" if n <= 0 else
                     "no game of the batch is still on")
        return
    where = dict(positions=int(games.size),
                 permanents_per_position=round(float(perms.mean()), 2),
                 mean_turn=round(float(b.st.gm[games, L.G_TURN].mean()), 2))
    settled = microbench.sba_passes(b, games, 1)    # a position mid-resolution: done here
    obj = b.st.obj.copy()
    secs, reps, acted = time_repeats(lambda r: microbench.sba_passes(b, games, r), seconds)
    same = acted == 0 and np.array_equal(obj, b.st.obj)
    m.items("state_based_actions", labels["state_based_actions"], "items",
            reps * int(perms.sum()), "permanent", secs,
            note=f"{games.size} positions; unchanged: {yes(same)}", **where,
            calls=reps * int(games.size), ns_per_call=round(secs * 1e9 / reps / games.size, 1),
            settled_by_first_pass=int(settled), same_positions=same)
    secs, reps, _ = time_repeats(lambda r: microbench.could_produce_passes(b, games, r),
                                 seconds)
    m.items("could_produce", labels["could_produce"], "items", reps * int(perms.sum()),
            "permanent", secs, note=f"{games.size} positions", **where,
            calls=reps * int(games.size), ns_per_call=round(secs * 1e9 / reps / games.size, 1))


def header(z, seed, max_turns, threads, quick, dask):
    """The run's settings and the machine, for comparing figures across versions."""
    return dict(playtest=simcore.__version__, commit=benchproc.git_commit(ROOT),
                date=benchproc.utc_now(), seed=seed, games=z["games"],
                batch_size=z["batch_size"], serial_games=z["serial_games"],
                max_turns=max_turns, threads=threads, quick=bool(quick), dask=dask,
                python=sys.version.split()[0], numba=numba.__version__,
                numpy=np.__version__, machine=benchproc.machine())


def write_json(doc, path):
    """The document as JSON (numpy scalars as plain numbers, NaN as null)."""
    def plain(v):
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        if isinstance(v, np.generic):
            v = v.item()
        if isinstance(v, float) and not math.isfinite(v):
            return None
        return v
    with open(path, "w") as f:
        json.dump(plain(doc), f, indent=2)
        f.write("\n")


def rss_child(deck, opponent, small, large, seed, max_turns):
    """The memory measure's process (benchproc.bench_memory): after a small warm-up, a
    greedy-vs-greedy batch of `small` games, then one of `large`, each played to its end
    in one batch; prints "RSS {json}": the peak RSS after each, and the large batch's
    seconds."""
    pool = make_pool()
    ids0 = deck_ids(pool, load_deck(deck, pool))
    ids1 = deck_ids(pool, load_deck(opponent, pool))
    play_timed(pool, ids0, ids1, 4, 4, seed, max_turns)
    benchproc.reset_peak_rss()          # each batch's peak from the same start
    play_timed(pool, ids0, ids1, small, small, seed, max_turns)
    peak_small = benchproc.peak_rss_bytes()
    benchproc.reset_peak_rss()
    secs, _, _, _ = play_timed(pool, ids0, ids1, large, large, seed, max_turns)
    print("RSS " + json.dumps(dict(peak_small=peak_small,
                                   peak_large=benchproc.peak_rss_bytes(), seconds=secs)))
