"""`playtest balance DECK --card NAME --vary cost|power|toughness=RANGE --vs DECK...`: the
fair cost or size of a card.

The card is rebuilt in memory at each value (experiments/variants.py: a validated card
dict in a Pool of its own; no file is written), and each variant of the deck is compared in
pairs, on the same seeds as compare does (experiments/pairing.py), with the deck where a
baseline card (`--baseline`, default the deck's most common basic land) takes the card's
place. A value's effect is the difference of win rates, variant minus baseline. The value
whose effect is closest to the target (`--target`, default 0: as good as the baseline; or
the effect of a reference card in the card's place, `--like NAME`, compared in pairs too)
is the card's fair value.
"""
import math

import pandas as pd

import simcore
from experiments.opponents import load_field
from experiments.pairing import PairedRun, Version, card_list, games_option
from experiments.players import load_agent
from experiments.seedsums import pair_row
from experiments.shares import points, rate_words
from experiments.signals import Stopped
from experiments.variants import (
    CARD_PROPERTIES,
    card_variant,
    deck_card,
    describe_variant,
    most_common_basic,
    parse_range,
    pool_card,
    pool_with,
    split_assignment,
    swapped,
)
from simcore.compile import make_pool
from simcore.decks import load_deck
from simcore.errors import PlaytestError


def parse_vary(text):
    """--vary "power=2..5" -> ("power", [2, 3, 4, 5])."""
    prop, rng = split_assignment(text, "--vary", "cost|power|toughness=RANGE (e.g. power=2..5)",
                                 is_range=True)
    if prop.casefold() not in CARD_PROPERTIES:
        raise PlaytestError(f"--vary: expected cost, power or toughness before '=', got "
                            f"{prop!r}")
    return prop.casefold(), parse_range(rng, "--vary", text)


def balance(deck, card, vary, vs=(), baseline=None, target=None, like=None, games=2000,
            seed=0, agent="greedy", opponent_agent=None, max_turns=30, batch_size=None,
            card_dirs=(), progress=True, warn=None, plan=None):
    """The win-rate effect of `card` of `deck` at each value of `vary` ("power=2..5"),
    each compared in pairs with the deck where `baseline` takes its place; returns a
    DataFrame, one row per value (README.md: "The fair cost or size of a card"). `target`:
    the effect sought (default 0), or `like`: a card whose effect in the card's place is
    the target. `games`: games per version and opponent (even)."""
    if target is not None and like is not None:
        raise PlaytestError("--target and --like: give one (--like makes the target the "
                            "effect of that card)")
    seeds = games_option(games)
    pool = make_pool(card_dirs)
    d = load_deck(deck, pool, warn=warn)
    name = deck_card(card, d, pool, "--card")
    prop, values = parse_vary(vary)
    if baseline is None:
        base = most_common_basic(d, pool, exclude=(name,))
        if base is None:
            raise PlaytestError(f"--baseline: the deck {d.file} has no basic land to put "
                                f"in {name}'s place: name a card (--baseline NAME)")
    else:
        base = pool_card(baseline, pool, "--baseline")
    if base == name:
        raise PlaytestError(f"--baseline: {base} is the card varied (--card): the baseline "
                            f"takes its place")
    ref = pool_card(like, pool, "--like") if like is not None else None
    if ref == name:
        raise PlaytestError(f"--like: {ref} is the card varied (--card)")
    variants = [card_variant(pool.defs[name], prop, v) for v in values]
    cards = card_list(d)
    versions = [Version(f"{base} for {name}", pool, swapped(cards, name, base))]
    if ref is not None:
        versions.append(Version(f"{ref} for {name}", pool, swapped(cards, name, ref)))
    first = len(versions)
    versions += [Version(f"{name} {prop} {v}", pool_with(pool, c), cards)
                 for v, c in zip(values, variants)]
    field = load_field(vs, pool, warn)
    agents = [load_agent(agent), load_agent(opponent_agent or agent)]
    run = PairedRun(versions, field, agents, dict(agent=agent, opponent_agent=opponent_agent),
                    seed=seed, max_turns=max_turns, batch_size=batch_size, progress=progress,
                    plan=plan, command="balance")
    meta = dict(seed=seed, version=simcore.__version__, deck=d.name, card=name, vary=prop,
                baseline=base, like=ref or "", opponents=", ".join(o for o, _ in field),
                agent=agent, opponent_agent=opponent_agent or agent, max_turns=max_turns,
                copies=cards.count(name))
    try:
        run.run(seeds)
    except Stopped as e:
        raise Stopped(e.signum, _table(run, values, variants, first, target, meta)) from None
    return _table(run, values, variants, first, target, meta)


def _table(run, values, variants, first, target, meta):
    s = run.sums()
    b = s.rate(0)
    if first > 1:           # --like: the reference card's effect is the target
        t = s.paired(1, 0)
        target, t_lo, t_hi = t["diff"], t["lo"], t["hi"]
    else:
        target = 0.0 if target is None else float(target)
        t_lo = t_hi = target
    rows = []
    for j, (v, c) in enumerate(zip(values, variants)):
        k = first + j
        r = pair_row(s, k, 0)
        row = dict(meta, value=v, variant=describe_variant(c), seeds=r["seeds"],
                   games=r["games"], win_rate=r["win_rate_a"], win_rate_lo=r["win_rate_a_lo"],
                   win_rate_hi=r["win_rate_a_hi"], effect=r["diff"], effect_lo=r["diff_lo"],
                   effect_hi=r["diff_hi"], p_value=r["p_value"],
                   variance_factor=r["variance_factor"], variance_saved=r["variance_saved"],
                   baseline_win_rate=b[0], baseline_win_rate_lo=b[1],
                   baseline_win_rate_hi=b[2], target=target, target_lo=t_lo, target_hi=t_hi)
        if first > 1:
            vl = s.paired(k, 1)
            row.update(vs_like=vl["diff"], vs_like_lo=vl["lo"], vs_like_hi=vl["hi"])
        rows.append(row)
    df = pd.DataFrame(rows)
    gap = (df["effect"] - df["target"]).abs()
    df["closest"] = False
    if len(df) and gap.notna().any():
        df.loc[gap.idxmin(), "closest"] = True
    return df


def summary(df):
    """The effect of each value with its interval, and the value closest to the target."""
    r0 = df.iloc[0]
    head = (f"{r0['deck']}: {r0['card']} ({r0['copies']} copies) at {r0['vary']} "
            f"{df['value'].min()}..{df['value'].max()}, each version compared in pairs with "
            f"the deck where {r0['baseline']} takes its place, against {r0['opponents']}: "
            f"{r0['seeds']} seeds on the play and on the draw, {r0['games']} games per "
            f"version (seed {r0['seed']}, playtest {r0['version']}, {r0['agent']} vs "
            f"{r0['opponent_agent']}, at most {r0['max_turns']} turns)")
    lines = [head,
             f"baseline ({r0['baseline']} for {r0['card']}): win rate "
             f"{rate_words(r0['baseline_win_rate'], r0['baseline_win_rate_lo'], r0['baseline_win_rate_hi'])}"]
    like = isinstance(r0["like"], str) and r0["like"]
    if like:
        lines.append(f"target: the effect of {r0['like']} in {r0['card']}'s place, "
                     f"{points(r0['target'], True)} points (95% CI "
                     f"{points(r0['target_lo'], True)} to {points(r0['target_hi'], True)})")
    for _, r in df.iterrows():
        mark = "  <- closest to the target" if r["closest"] else ""
        saved = ("identical games" if r["variance_factor"] == math.inf else
                 f"pairing {r['variance_factor']:.1f}x" if r["variance_factor"] == r["variance_factor"]
                 else "no variance")
        extra = ""
        if like:
            extra = (f"; minus the target {points(r['vs_like'], True)} (95% CI "
                     f"{points(r['vs_like_lo'], True)} to {points(r['vs_like_hi'], True)})")
        lines.append(
            f"{r['vary']} {r['value']} ({r['variant']}): win rate "
            f"{rate_words(r['win_rate'], r['win_rate_lo'], r['win_rate_hi'])}, effect "
            f"{points(r['effect'], True)} points (95% CI {points(r['effect_lo'], True)} to "
            f"{points(r['effect_hi'], True)}), p = {r['p_value']:.3g}, {saved}{extra}{mark}")
    best = df[df["closest"]]
    if len(best):
        b = best.iloc[0]
        if like:
            inside = df[(df["vs_like_lo"] <= 0) & (0 <= df["vs_like_hi"])]
            what = f"{r0['like']}'s effect"
        else:
            inside = df[(df["effect_lo"] <= b["target"]) & (b["target"] <= df["effect_hi"])]
            what = f"the target {points(b['target'], True)} points"
        within = ", ".join(str(v) for v in inside["value"]) or "none"
        lines.append(f"closest to {what}: {b['vary']} {b['value']} ({b['variant']}); values "
                     f"whose interval holds it: {within}")
    return "\n".join(lines)

