"""`playtest balance DECK --card NAME --vary cost|power|toughness=RANGE --vs DECK...`: the
fair cost or size of a card.

The card is rebuilt in memory at each value (experiments/variants.py: a validated card
dict in a Pool of its own; no file is written), and each variant of the deck is compared in
pairs, on the same seeds as compare does (experiments/pairing.py), with a baseline: the
deck with another card in the places the tested card takes in the variants. A card the deck
does not hold (a designer's new card, built in or from `--cards DIR`) is tried in the place
of the card it would replace, `--like CARD`: the baseline is the deck with CARD, and each
variant puts the tested card in place of every copy. A card the deck holds keeps its
places, and the baseline puts `--like CARD` there, or `--baseline CARD` (the same), by
default the deck's most common basic land. `--cut`/`--add` "N Card" change the deck first
(experiments/deckedit.py). A value's effect is the difference of win rates, variant minus
baseline; the value whose effect is closest to the target (`--target`, default 0: as good
as the baseline) is the card's fair value.
"""
import math

import pandas as pd

import simcore
from experiments.deckedit import edit_deck, known_card
from experiments.opponents import load_field
from experiments.pairing import PairedRun, Version, card_list, games_option
from experiments.players import load_agent
from experiments.seedsums import pair_row
from experiments.shares import points, points_ci, rate_words
from experiments.signals import STOPS
from experiments.variants import (
    CARD_PROPERTIES,
    card_variant,
    check_grid,
    deck_card,
    describe_variant,
    most_common_basic,
    parse_range,
    pool_card,
    pool_with,
    split_assignment,
    swapped,
)
from simcore.cards.compile import make_pool
from simcore.decks import match_card_name
from simcore.errors import PlaytestError


def parse_vary(text):
    """--vary "power=2..5" -> ("power", [2, 3, 4, 5])."""
    prop, rng = split_assignment(text, "--vary", "cost|power|toughness=RANGE (e.g. power=2..5)",
                                 is_range=True)
    if prop.casefold() not in CARD_PROPERTIES:
        raise PlaytestError(f"--vary: expected cost, power or toughness before '=', got "
                            f"{prop!r}")
    values = parse_range(rng, "--vary", text)
    check_grid([len(values)], "--vary", text)
    return prop.casefold(), values


def balance(deck, card, vary, vs=(), baseline=None, target=None, like=None, games=2000,
            seed=0, agent="greedy", opponent_agent=None, max_turns=30, batch_size=None,
            card_dirs=(), card_db=None, progress=True, warn=None, plan=None, add=(), cut=()):
    """The win-rate effect of `card` at each value of `vary` ("power=2..5"), each variant
    compared in pairs with a baseline; returns a DataFrame, one row per value (README.md:
    "The fair cost or size of a card"). `like`: the card of the deck that `card` replaces
    (every copy; the baseline is the deck with it), or, when `deck` holds `card`, the card
    put in its place for the baseline, as `baseline` (default: the deck's most common
    basic land). `add`, `cut`: "N Card" specs that change the deck first. `target`: the
    effect sought (default 0). `games`: games per version and opponent (even)."""
    if baseline is not None and like is not None:
        raise PlaytestError("--baseline and --like: give one (--like CARD: the baseline is "
                            "the deck with CARD, in the places the tested card takes)")
    seeds = games_option(games)
    pool = make_pool(card_dirs, card_db=card_db)
    (d,), field = load_field(vs, pool, warn, decks=[deck])
    if add or cut:
        d = edit_deck(d, pool, add, cut, "the deck with --add/--cut")
    name, base, new_card = _cards(d, pool, card, baseline, like)
    prop, values = parse_vary(vary)
    variants = [card_variant(pool.defs[name], prop, v) for v in values]
    cards = card_list(d)
    if new_card:        # the tested card in the --like card's places; the deck the baseline
        base_cards, tested = cards, swapped(cards, base, name)
    else:               # the tested card in its own places; the baseline card there instead
        base_cards, tested = swapped(cards, name, base), cards
    place = f" for {base}" if new_card else ""
    versions = [Version(base if new_card else f"{base} for {name}", pool, base_cards)]
    first = len(versions)
    versions += [Version(f"{name} {prop} {v}{place}", pool_with(pool, c), tested)
                 for v, c in zip(values, variants)]
    agents = [load_agent(agent), load_agent(opponent_agent or agent)]
    for w in d.warnings if (add or cut) and warn is not None else ():
        warn(w)         # the edit's (the list's own were said as it loaded)
    run = PairedRun(versions, field, agents, dict(agent=agent, opponent_agent=opponent_agent),
                    seed=seed, max_turns=max_turns, batch_size=batch_size, progress=progress,
                    plan=plan, command="balance")
    meta = dict(seed=seed, version=simcore.__version__, deck=d.name, card=name, vary=prop,
                baseline=base, like=base if like is not None else "", new_card=new_card,
                opponents=", ".join(o for o, _ in field), agent=agent,
                opponent_agent=opponent_agent or agent, max_turns=max_turns,
                copies=tested.count(name))
    try:
        run.run(seeds)
    except STOPS as e:
        raise e.keeping(_table(run, values, variants, first, target, meta)) from None
    return _table(run, values, variants, first, target, meta)


def _cards(d, pool, card, baseline, like):
    """(the tested card, the baseline's card, whether the tested card is new to the deck
    and takes the --like card's places)."""
    held, _ = match_card_name(card, [n for n, _ in d.main])
    if held is None and like is not None:
        name = known_card(card, pool, "--card")
        try:
            ref = deck_card(like, d, pool, "--like")
        except PlaytestError as e:
            raise PlaytestError(f"{e}: --like names the card of the deck that {name} (not "
                                f"in the deck) would replace") from None
        return name, ref, True
    try:
        name = deck_card(card, d, pool, "--card")
    except PlaytestError as e:
        if " is not in the deck " not in str(e):
            raise
        raise PlaytestError(f"{e}: a card the deck does not hold is tried in the place of "
                            f"one it holds, --like CARD") from None
    if like is not None:
        base = pool_card(like, pool, "--like")
        if base == name:
            raise PlaytestError(f"--like: {base} is the card varied (--card): name the card "
                                f"it would replace")
        return name, base, False
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
    return name, base, False


def _table(run, values, variants, first, target, meta):
    s = run.sums()
    b = s.rate(0)
    target = 0.0 if target is None else float(target)
    rows = []
    for j, (v, c) in enumerate(zip(values, variants)):
        r = pair_row(s, first + j, 0)
        rows.append(dict(
            meta, value=v, variant=describe_variant(c), seeds=r["seeds"], games=r["games"],
            win_rate=r["win_rate_a"], win_rate_lo=r["win_rate_a_lo"],
            win_rate_hi=r["win_rate_a_hi"], effect=r["diff"], effect_lo=r["diff_lo"],
            effect_hi=r["diff_hi"], p_value=r["p_value"],
            variance_factor=r["variance_factor"], variance_saved=r["variance_saved"],
            baseline_win_rate=b[0], baseline_win_rate_lo=b[1], baseline_win_rate_hi=b[2],
            target=target, target_lo=target, target_hi=target))
    df = pd.DataFrame(rows)
    gap = (df["effect"] - df["target"]).abs()
    df["closest"] = False
    if len(df) and gap.notna().any():
        df.loc[gap.idxmin(), "closest"] = True
    return df


def summary(df):
    """The effect of each value with its interval, and the value closest to the target."""
    r0 = df.iloc[0]
    new_card = bool(r0.get("new_card", False))
    span = f"{r0['vary']} {df['value'].min()}..{df['value'].max()}"
    run = (f"against {r0['opponents']}: {r0['seeds']} seeds on the play and on the draw, "
           f"{r0['games']} games per version (seed {r0['seed']}, playtest {r0['version']}, "
           f"{r0['agent']} vs {r0['opponent_agent']}, at most {r0['max_turns']} turns)")
    base_rate = rate_words(r0['baseline_win_rate'], r0['baseline_win_rate_lo'],
                           r0['baseline_win_rate_hi'])
    if new_card:
        lines = [f"{r0['deck']}: {r0['card']} at {span} in the place of {r0['baseline']}, "
                 f"each variant compared in pairs with the deck holding {r0['baseline']}, "
                 f"{run}",
                 f"baseline: the deck with {r0['baseline']} ({r0['copies']} copies); each "
                 f"variant replaces them with {r0['card']}: win rate {base_rate}"]
    else:
        lines = [f"{r0['deck']}: {r0['card']} ({r0['copies']} copies) at {span}, each "
                 f"version compared in pairs with the deck where {r0['baseline']} takes its "
                 f"place, {run}",
                 f"baseline ({r0['baseline']} for {r0['card']}): win rate {base_rate}"]
    for _, r in df.iterrows():
        mark = "  <- closest to the target" if r["closest"] else ""
        saved = ("identical games" if r["variance_factor"] == math.inf else
                 f"pairing {r['variance_factor']:.1f}x" if r["variance_factor"] == r["variance_factor"]
                 else "no variance")
        lines.append(
            f"{r['vary']} {r['value']} ({r['variant']}): win rate "
            f"{rate_words(r['win_rate'], r['win_rate_lo'], r['win_rate_hi'])}, effect "
            f"{points_ci(r['effect'], r['effect_lo'], r['effect_hi'], '95% CI ', ' points')}, "
            f"p = {r['p_value']:.3g}, {saved}{mark}")
    best = df[df["closest"]]
    if len(best):
        b = best.iloc[0]
        inside = df[(df["effect_lo"] <= b["target"]) & (b["target"] <= df["effect_hi"])]
        within = ", ".join(str(v) for v in inside["value"]) or "none"
        over = f" over the deck with {r0['baseline']}" if new_card else ""
        lines.append(f"closest to the target {points(b['target'], True)} points{over}: "
                     f"{b['vary']} {b['value']} ({b['variant']}); values whose interval "
                     f"holds it: {within}")
    return "\n".join(lines)
