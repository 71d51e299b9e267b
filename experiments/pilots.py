"""`--pilots A,B`: how much an answer moves between two pilots of the deck on the same seeds.

Every answer playtest gives is an answer for its pilot. With `--pilots greedy,search`, combo
plays its seeds once with each pilot and compare plays both versions with each; a seed's
games are the same shuffles whoever pilots (a game's randomness comes from the seed and its
number), so the pilots' answers are paired seed by seed and their difference is estimated
from the per-seed differences (experiments/pairstats.py), with what the pairing saved. The
opponent's agent stays the same for both pilots (--opponent-agent, default greedy).
"""
import numpy as np
import pandas as pd

from experiments import pairstats as ps
from experiments.players import load_agent
from simcore.errors import PlaytestError


def parse_pilots(text):
    """--pilots "A,B": two agent names (settings included, e.g. search:rollouts=16), each
    one that loads; a PlaytestError naming the flag otherwise."""
    names = [t.strip() for t in str(text).split(",")]
    if len(names) != 2 or not all(names):
        raise PlaytestError(f"--pilots: expected two agents joined by a comma, e.g. "
                            f"greedy,search, got {text!r}")
    for n in names:
        try:
            load_agent(n)
        except PlaytestError as e:
            raise PlaytestError(f"--pilots: {e}") from None
    return tuple(names)


def seed_shares(games, by_turn):
    """Per seed (a game number) and turn t, the share of its games (both starts) in which
    the condition had held by the deck's turn t: [seeds, by_turn], and the seeds' numbers.
    `games`: (game numbers, own turn it came together, 0 never) per start."""
    seeds = np.unique(np.concatenate([g for g, _ in games]))
    held = np.zeros((len(seeds), by_turn))
    for g, own in games:
        at = np.searchsorted(seeds, g)
        t = np.arange(1, by_turn + 1)
        held[at] += (own[:, None] >= 1) & (own[:, None] <= t[None, :])
    return seeds, held / len(games)


def pilot_row(a, b):
    """The columns of one paired comparison of per-seed shares `a` (first pilot) and `b`:
    each pilot's share (Wilson at the effective number of games), the difference b - a
    with its 95% interval and p, and what the pairing saved."""
    st = ps.paired(b, a)
    ra, rb = ps.rate_interval(a, 2), ps.rate_interval(b, 2)
    return dict(seeds=st["n"], share_a=ra[0], share_a_lo=ra[1], share_a_hi=ra[2],
                share_b=rb[0], share_b_lo=rb[1], share_b_hi=rb[2], diff=st["diff"],
                diff_lo=st["lo"], diff_hi=st["hi"], p_value=st["p_value"],
                half_width=st["half_width"], half_width_unpaired=st["half_width_unpaired"],
                variance_factor=st["factor"], variance_saved=st["saved"])


def _pct(x):
    return f"{x * 100:.1f}%"


def _pts(x):
    return f"{x * 100:+.1f}"


def saving(r):
    f = r["variance_factor"]
    if f != f:
        return "nothing varied"
    if f == np.inf:
        return "pairing: every seed gave both pilots the same share (no variance)"
    return (f"pairing: variance {f:.2f}x smaller than unpaired runs "
            f"({r['variance_saved'] * 100:.0f}% saved)")


def combo_summary(df):
    """Per opponent and turn: each pilot's share (95% CI), the difference with its paired
    95% CI and p, and what the pairing saved."""
    lines = []
    for opp, g in df.groupby("opponent", sort=False):
        r0 = g.iloc[0]
        a, b = r0["pilot_a"], r0["pilot_b"]
        lines.append(f"{r0['deck']} vs {opp}: pilots {a} and {b} on the same {r0['seeds']} "
                     f"seeds, each on the play and on the draw ({r0['games']} games a pilot; "
                     f"seed {r0['seed']}, playtest {r0['version']}"
                     + (f", opponent {r0['opponent_agent']}" if r0["opponent_agent"] else "")
                     + ")")
        lines.append(f"  {r0['condition']}")
        for r in g.itertuples():
            r = r._asdict()
            lines.append(
                f"  by turn {r['turn']}: {a} {_pct(r['share_a'])} "
                f"({_pct(r['share_a_lo'])}-{_pct(r['share_a_hi'])}), {b} "
                f"{_pct(r['share_b'])} ({_pct(r['share_b_lo'])}-{_pct(r['share_b_hi'])}), "
                f"{b} - {a} {_pts(r['diff'])} points (95% CI {_pts(r['diff_lo'])} to "
                f"{_pts(r['diff_hi'])}, p = {r['p_value']:.3g})")
        lines.append(f"  at turn {g.iloc[-1]['turn']}: {saving(g.iloc[-1])}")
        lines.append("")
    return "\n".join(lines).rstrip()


def compare_table(run, pilots, meta):
    """compare --pilots's table from its PairedRun of four versions (A and B with the first
    pilot, then with the second): per opponent (all together first when several), each
    pilot's A - B with its interval, how much A - B moves from the first pilot to the
    second (the per-seed difference of differences, paired), and how much A's own win rate
    moves."""
    from experiments.seedsums import pair_row
    rows = []
    groups = [(name, i) for i, (name, _) in enumerate(run.opponents)]
    if len(groups) > 1:
        groups.insert(0, ("all", None))
    for name, i in groups:
        sums = run.sums(None, i)
        row = dict(meta, opponent=name, pilot_a=pilots[0], pilot_b=pilots[1])
        for k, (va, vb) in (("a", (0, 1)), ("b", (2, 3))):
            r = pair_row(sums, va, vb)
            row.update({f"{c}_{k}": r[c] for c in (
                "win_rate_a", "win_rate_a_lo", "win_rate_a_hi", "win_rate_b",
                "win_rate_b_lo", "win_rate_b_hi", "diff", "diff_lo", "diff_hi", "p_value")})
            row["seeds"], row["games"] = r["seeds"], r["games"]
        # (A - B) with the second pilot minus with the first, seed by seed
        move = ps.paired_moments(sums.n, row["diff_b"], row["diff_a"],
                                 sums.var_of([0, 0, 1, -1]), sums.var_of([1, -1, 0, 0]),
                                 sums.var_of([-1, 1, 1, -1]))
        row.update(move=move["diff"], move_lo=move["lo"], move_hi=move["hi"],
                   move_p=move["p_value"], move_variance_factor=move["factor"],
                   move_variance_saved=move["saved"])
        eff = sums.paired(2, 0)        # A's win rate: the second pilot's minus the first's
        row.update(effect=eff["diff"], effect_lo=eff["lo"], effect_hi=eff["hi"],
                   effect_p=eff["p_value"], effect_variance_factor=eff["factor"],
                   effect_variance_saved=eff["saved"])
        rows.append(row)
    return pd.DataFrame(rows)


def _moved(what, a, b, r, k):
    f = r[f"{k}_variance_factor"]
    saved = "" if f != f else (
        "; every seed the same" if f == np.inf else
        f"; pairing: variance {f:.2f}x smaller than unpaired runs "
        f"({r[f'{k}_variance_saved'] * 100:.0f}% saved)")
    return (f"{what} moves by {_pts(r[k])} points from {a} to {b} (95% CI "
            f"{_pts(r[f'{k}_lo'])} to {_pts(r[f'{k}_hi'])}, p = {r[f'{k}_p']:.3g}, paired "
            f"over {r['seeds']} seeds{saved})")


def compare_summary(df):
    """compare --pilots in words: per pilot each version's win rate and A - B, then how much
    A - B and A's win rate move between the pilots, with their paired intervals."""
    r0 = df.iloc[0]
    a, b = r0["pilot_a"], r0["pilot_b"]
    lines = [f"A: {r0['deck_a']} ({r0['size_a']} cards); B: {r0['deck_b']} ({r0['size_b']} "
             f"cards); against {', '.join(df['opponent'][df['opponent'] != 'all'])}: each "
             f"seed played on the play and on the draw by both versions with each pilot, "
             f"{a} and {b} (seed {r0['seed']}, playtest {r0['version']}, opponent "
             f"{r0['opponent_agent']}, at most {r0['max_turns']} turns; {r0['games']} games "
             f"a version and pilot)"]
    for _, r in df.iterrows():
        pad = ""
        if len(df) > 1:
            lines.append(f"against {'all opponents' if r['opponent'] == 'all' else r['opponent']}:")
            pad = "  "
        for k, p in (("a", a), ("b", b)):
            lines.append(
                f"{pad}{p}: win rate A {_pct(r[f'win_rate_a_{k}'])} "
                f"({_pct(r[f'win_rate_a_lo_{k}'])}-{_pct(r[f'win_rate_a_hi_{k}'])}), B "
                f"{_pct(r[f'win_rate_b_{k}'])} ({_pct(r[f'win_rate_b_lo_{k}'])}-"
                f"{_pct(r[f'win_rate_b_hi_{k}'])}); A - B {_pts(r[f'diff_{k}'])} points (95% "
                f"CI {_pts(r[f'diff_lo_{k}'])} to {_pts(r[f'diff_hi_{k}'])})")
        lines.append(pad + _moved("A - B", a, b, r, "move"))
        lines.append(pad + _moved("A's win rate", a, b, r, "effect"))
    return "\n".join(lines)
