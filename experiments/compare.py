"""`playtest compare DECK_A DECK_B --vs DECK...`: two versions of a deck on the same seeds.

DECK_B's list is aligned to DECK_A's (experiments/pairing.py), or made from DECK_A with
`--swap "Old=New"` or with `--cut "N Card"` and `--add "N Card"` (experiments/deckedit.py):
A is then the deck as listed, B the deck changed. Both versions play every seed on the play and on the draw against each
opponent; the difference of their win rates is estimated from the per-seed differences
(experiments/pairstats.py, docs/statistics.md). The run is of a fixed size (`--games`), or
goes on in rounds until the difference's interval is narrow enough (`--precision`), or until
Fishtest's generalised SPRT accepts a hypothesis (`--sprt ELO0,ELO1`), `--games` then being a
cap.
"""
import math

import numpy as np
import pandas as pd

import simcore
from experiments import pairstats as ps
from experiments.deckedit import edit_deck
from experiments.opponents import load_field
from experiments.pairing import PairedRun, Version, align, card_list, games_option
from experiments.players import load_agent
from experiments.seedsums import pair_row
from experiments.shares import points, points_ci, rate_words
from experiments.signals import STOPS, Stopped
from experiments.variants import parse_swap, swapped
from simcore.cards.compile import make_pool
from simcore.errors import PlaytestError

MAX_ELO = 1000


def parse_sprt(text):
    """--sprt "ELO0,ELO1" -> (elo0, elo1) with elo0 < elo1, both within +-1000."""
    parts = str(text).split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        elo0, elo1 = (float(p) for p in parts)
    except ValueError:
        raise PlaytestError(f"--sprt: expected two numbers ELO0,ELO1 (e.g. 0,5), got "
                            f"{text!r}") from None
    if not all(math.isfinite(e) and abs(e) <= MAX_ELO for e in (elo0, elo1)):
        raise PlaytestError(f"--sprt: Elo values are between -{MAX_ELO} and {MAX_ELO}, got "
                            f"{text!r}")
    if elo0 >= elo1:
        raise PlaytestError(f"--sprt: ELO0 must be below ELO1 (H0: A is ELO0 over B, H1: "
                            f"ELO1), got {text!r}")
    return elo0, elo1


def check_stopping(precision=None, sprt=None, alpha=None, beta=None):
    """The stopping options, checked: (precision, (elo0, elo1) or None, alpha, beta)."""
    if precision is not None and sprt is not None:
        raise PlaytestError("--precision and --sprt: give one (a run stops on one rule)")
    if precision is not None and not 0 < precision < 1:
        raise PlaytestError(f"--precision: expected a half-width between 0 and 1 (a share "
                            f"of games, e.g. 0.01 for 1 point), got {precision:g}")
    for flag, v in (("--alpha", alpha), ("--beta", beta)):
        if v is not None and sprt is None:
            raise PlaytestError(f"{flag} is for the SPRT (--sprt ELO0,ELO1)")
        if v is not None and not 0 < v < 0.5:
            raise PlaytestError(f"{flag}: expected an error rate between 0 and 0.5, got {v:g}")
    elos = parse_sprt(sprt) if sprt is not None else None
    return precision, elos, 0.05 if alpha is None else alpha, 0.05 if beta is None else beta


class Stopping:
    """When a paired run has seen enough: never (a fixed size), at a precision, or when the
    SPRT crosses a bound. Called after each round with the run; `seeds` is then the number
    of seeds the result counts (an SPRT stops at a seed within a round)."""

    def __init__(self, a=0, b=1, precision=None, elos=None, alpha=0.05, beta=0.05):
        self.a, self.b = a, b
        self.precision, self.elos, self.alpha, self.beta = precision, elos, alpha, beta
        self.bounds = ps.sprt_bounds(alpha, beta) if elos else None
        self.seeds, self.llr, self.decision, self.reached = 0, math.nan, None, False
        self.counts = None

    @property
    def sequential(self):
        return self.precision is not None or self.elos is not None

    def __call__(self, run):
        n = run.seeds
        if self.elos is not None:
            # a seed's score of A over B, 1/2 + (sA - sB) / 2, in cells k / (2 scale):
            # k = scale + points A - points B (experiments/seedsums.py)
            scale = int(run.seed_sums.scales[0])
            if self.counts is None:
                self.counts = np.zeros(2 * scale + 1)
            p = run.seed_sums.points(self.seeds, n)
            k = scale + p[self.a] - p[self.b]
            added, self.llr, self.decision = ps.sprt_scan(k, self.counts, *self.elos,
                                                          self.bounds)
            self.seeds += added
            return self.decision is not None
        self.seeds = n
        if self.precision is not None and n >= 2:
            hw = run.sums(n).paired(self.a, self.b)["half_width"]
            self.reached = hw <= self.precision
            return self.reached
        return False


def size_note(sizes):
    """A line on versions of different sizes, or "": their shuffles share nothing."""
    if len(set(sizes.values())) <= 1:
        return ""
    said = ", ".join(f"{k} {v}" for k, v in sizes.items())
    return (f"note: the versions' sizes differ ({said} cards): a game's shuffles depend on "
            f"the deck's size, so their games share no shuffles (nor their opponent's "
            f"draws) and the pairing saves little")


def compare(deck_a, deck_b=None, vs=(), swap=(), games=2000, seed=0, agent="greedy",
            opponent_agent=None, max_turns=30, batch_size=None, card_dirs=(), card_db=None, precision=None,
            sprt=None, alpha=None, beta=None, progress=True, warn=None, plan=None, add=(),
            cut=(), pilots=None):
    """Compare DECK_A with DECK_B (or DECK_A with `swap`s, "Old=New" each, or with the
    `cut`s and `add`s, "N Card" each) on the same seeds against each deck of `vs`; returns a DataFrame: one row per opponent, and one for all
    of them together when there are several (README.md: "Comparing two versions"). `games`:
    games per version and opponent (even: each seed on the play and on the draw), or the
    cap of a run that stops at a `precision` (the difference's 95% half-width, a share) or
    by the SPRT `sprt` = "ELO0,ELO1" (`alpha`, `beta`). A stop by a signal raises `Stopped`
    with the rows of the seeds finished as `results`. `pilots` (two agent names): each
    version played by each on the same seeds, the opponent by `opponent_agent` (default
    greedy), a run of a fixed size; the table is then experiments/pilots.py's."""
    precision, elos, alpha, beta = check_stopping(precision, sprt, alpha, beta)
    seeds_cap = games_option(games)
    pool = make_pool(card_dirs, card_db=card_db)
    swaps = list(swap or ())
    edits = bool(add or cut)
    if deck_b is not None and swaps:
        raise PlaytestError("--swap makes DECK_B from DECK_A: give DECK_B or --swap, not both")
    if deck_b is not None and edits:
        raise PlaytestError("--add/--cut make version B from DECK_A: give DECK_B or "
                            "--add/--cut, not both")
    if swaps and edits:
        raise PlaytestError('--swap and --add/--cut: give one (--swap "Old=New" is --cut '
                            '"N Old" --add "N New" for the N copies the deck holds)')
    if deck_b is None and not swaps and not edits:
        raise PlaytestError("compare needs DECK_B, or --swap \"Old Card=New Card\" or "
                            "--cut/--add \"N Card\" to make it from DECK_A")
    paths = [deck_a] if deck_b is None else [deck_a, deck_b]
    (da, *listed), field = load_field(vs, pool, warn, decks=paths)
    cards_a = card_list(da)
    if edits:
        db = edit_deck(da, pool, add, cut, "version B")
        cards_b, name_b = align(cards_a, card_list(db)), db.name
    elif swaps:
        cards_b, words = cards_a, []
        for text in swaps:
            old, new = parse_swap(text, da, pool)
            cards_b = swapped(cards_b, old, new)
            words.append(f"{old} -> {new}")
        name_b = f"{da.name} with " + ", ".join(words)
    else:
        cards_b = align(cards_a, card_list(listed[0]))
        name_b = listed[0].name if listed[0].name != da.name else str(deck_b)
    agents = [load_agent(agent), load_agent(opponent_agent or agent)]
    for w in db.warnings if edits and warn is not None else ():
        warn(w)
    versions = [Version(da.name, pool, cards_a), Version(name_b, pool, cards_b)]
    if pilots is not None:
        from experiments.pilots import compare_table
        if precision is not None or elos:
            raise PlaytestError("--pilots plays a run of a fixed size (--games): not with "
                                "--precision or --sprt")
        other = load_agent(opponent_agent or "greedy")
        versions = [Version(v.label, v.pool, v.cards, [load_agent(p), other])
                    for p in pilots for v in versions]
        run = PairedRun(versions, field, agents, dict(agent=",".join(pilots),
                                                      opponent_agent=opponent_agent),
                        seed=seed, max_turns=max_turns, batch_size=batch_size,
                        progress=progress, plan=plan, command="compare")
        run.run(seeds_cap)
        return compare_table(run, pilots, dict(
            seed=seed, version=simcore.__version__, deck_a=da.name, deck_b=name_b,
            opponent_agent=opponent_agent or "greedy", max_turns=max_turns,
            size_a=len(cards_a), size_b=len(cards_b)))
    labels = dict(agent=agent, opponent_agent=opponent_agent)
    run = PairedRun(versions, field, agents, labels, seed=seed, max_turns=max_turns,
                    batch_size=batch_size, progress=progress,
                    plan=plan, command="compare")
    stop = Stopping(0, 1, precision, elos, alpha, beta)
    meta = dict(seed=seed, version=simcore.__version__, deck_a=da.name, deck_b=name_b,
                agent=agent, opponent_agent=opponent_agent or agent, max_turns=max_turns,
                size_a=len(cards_a), size_b=len(cards_b))
    try:
        run.run(seeds_cap, stop if stop.sequential else None)
    except STOPS as e:
        stop.seeds = min(stop.seeds, run.seeds) if stop.elos else run.seeds
        how = "signal" if isinstance(e, Stopped) else "output"      # (OutputFailed)
        raise e.keeping(_table(run, stop, meta, how)) from None
    if not stop.elos:
        stop.seeds = run.seeds
    how = ("sprt" if stop.decision else "precision" if stop.reached else "games")
    return _table(run, stop, meta, how)


def _table(run, stop, meta, how):
    n = stop.seeds
    m = len(run.opponents)
    rows = []
    groups = [(name, i) for i, (name, _) in enumerate(run.opponents)]
    if m > 1:
        groups.insert(0, ("all", None))
    for name, i in groups:
        row = dict(meta, opponent=name, opponents=", ".join(o for o, _ in run.opponents))
        row.update(pair_row(run.sums(n, i), 0, 1))
        rows.append(row)
    df = pd.DataFrame(rows)
    df["games_played"] = 2 * run.seeds * np.where(df["opponent"] == "all", m, 1)
    df["stopped_by"] = how
    df["precision"] = stop.precision if stop.precision is not None else math.nan
    elo0, elo1 = stop.elos if stop.elos else (math.nan, math.nan)
    lower, upper = stop.bounds if stop.bounds else (math.nan, math.nan)
    df["sprt_elo0"], df["sprt_elo1"] = elo0, elo1
    df["alpha"] = stop.alpha if stop.elos else math.nan
    df["beta"] = stop.beta if stop.elos else math.nan
    df["llr"] = stop.llr if stop.elos else math.nan
    df["llr_lower"], df["llr_upper"] = lower, upper
    df["sprt"] = stop.decision or ""
    return df


# ---- words

def elo_words(e):
    return "n/a" if e != e else ("+inf" if e == math.inf else "-inf" if e == -math.inf
                                 else f"{e:+.1f}")


def saving_words(r):
    f, saved = r["variance_factor"], r["variance_saved"]
    if f != f:
        return "pairing: nothing varied at all (every game the same)"
    unpaired = f"unpaired 95% CI half-width {points(r['half_width_unpaired'])} points"
    if f == math.inf:
        return (f"pairing: every seed gave both versions the same score (identical games): "
                f"the paired difference has no variance, against {unpaired}")
    return (f"pairing: variance of the difference {f:.2f}x smaller than unpaired runs of "
            f"the same size ({saved * 100:.0f}% saved; {unpaired}, paired "
            f"{points(r['half_width'])})")


def pair_lines(r, a="A", b="B"):
    """The lines that say one comparison row: rates, difference, p, Elo, pairing."""
    return [
        f"win rate {a} {rate_words(r['win_rate_a'], r['win_rate_a_lo'], r['win_rate_a_hi'])}, "
        f"{b} {rate_words(r['win_rate_b'], r['win_rate_b_lo'], r['win_rate_b_hi'])} "
        f"({r['games']} games each; draws and undecided games count half)",
        f"difference {a} - {b}: "
        f"{points_ci(r['diff'], r['diff_lo'], r['diff_hi'], '95% CI ', ' points')}, "
        f"p = {r['p_value']:.3g} (paired "
        f"t-test on {r['seeds']} per-seed differences)",
        f"Elo of {a} over {b}: {elo_words(r['elo'])} (95% CI {elo_words(r['elo_lo'])} to "
        f"{elo_words(r['elo_hi'])})",
        saving_words(r)]


STOPPED_BY = {"signal": "by a signal", "output": "by an output that could not be written"}


def stop_words(r):
    """How and when the run stopped."""
    per = f"{r['seeds']} seeds, {2 * r['seeds']} games per version and opponent"
    how = r["stopped_by"]
    if r["sprt_elo0"] == r["sprt_elo0"]:
        test = (f"SPRT of H0: Elo {r['sprt_elo0']:g} against H1: Elo {r['sprt_elo1']:g} for "
                f"A over B (win-rate differences {points(ps.diff_of_elo(r['sprt_elo0']), 1)} "
                f"and {points(ps.diff_of_elo(r['sprt_elo1']), 1)} points; alpha "
                f"{r['alpha']:g}, beta {r['beta']:g}): LLR {r['llr']:.2f}, bounds "
                f"{r['llr_lower']:.2f} and {r['llr_upper']:.2f}")
        if how == "sprt":
            bound = "upper" if r["sprt"] == "H1" else "lower"
            return (f"stopped: {test}: the LLR crossed the {bound} bound after {per}: "
                    f"{r['sprt']} accepted (the interval and p above are those of a run of "
                    f"this size fixed in advance: after a sequential stop they are "
                    f"approximate)")
        cap = "at the --games cap" if how == "games" else STOPPED_BY[how]
        return f"stopped {cap} after {per}, no hypothesis accepted: {test}"
    if r["precision"] == r["precision"]:
        target = f"--precision {r['precision']:g}"
        if how == "precision":
            return (f"stopped: the difference's 95% CI half-width {points(r['half_width'])} "
                    f"points is at most {points(r['precision'])} ({target}) after {per} "
                    f"(a precision target is not a test: for a decision with known error "
                    f"rates use --sprt)")
        cap = "at the --games cap" if how == "games" else STOPPED_BY[how]
        return (f"stopped {cap} after {per}: half-width {points(r['half_width'])} points, "
                f"{target} not reached")
    if how in STOPPED_BY:
        return f"stopped {STOPPED_BY[how]} after {per}"
    return f"stopped: after the {per} asked for (--games)"


def summary(df):
    """The comparison in words: what was compared, how it stopped, each version's win rate,
    the difference with its interval and p-value, Elo, and what the pairing saved."""
    r0 = df.iloc[0]
    opps = r0["opponents"]
    lines = [f"A: {r0['deck_a']} ({r0['size_a']} cards); B: {r0['deck_b']} ({r0['size_b']} "
             f"cards); against {opps}: each seed played on the play and on the draw by both "
             f"(seed {r0['seed']}, playtest {r0['version']}, {r0['agent']} vs "
             f"{r0['opponent_agent']}, at most {r0['max_turns']} turns)"]
    note = size_note({"A": r0["size_a"], "B": r0["size_b"]})
    if note:
        lines.append(note)
    for _, r in df.iterrows():
        if len(df) > 1:
            lines.append(f"against {'all opponents' if r['opponent'] == 'all' else r['opponent']}:")
        lines += [("  " if len(df) > 1 else "") + s for s in pair_lines(r)]
    lines.append(stop_words(r0))
    return "\n".join(lines)
