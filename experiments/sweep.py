"""`playtest sweep DECK --vary "Forest=14..18" [--vary "Llanowar Elves=2..4"] --vs DECK...`:
a grid of deck variants by card counts.

Each variant sets the varied cards' counts and balances the deck's size with `--fill` (default
the deck's most common basic land that is not varied). All variants play the same seeds,
on the play and on the draw against each opponent (experiments/pairing.py), so they are
paired with each other as in compare: the best variant (the highest win rate) is marked,
and every other is compared with it in pairs.

Per variant: the win rate with its interval, the mean kill turn of its wins, and the share of
games with mana screw and with flood (experiments/records.py defines them; among the games
that reached the turn that decides them).
"""
import itertools

import numpy as np
import pandas as pd

import simcore
from experiments.opponents import load_field
from experiments.pairing import EXTRA_COLUMNS, PairedRun, Version, align, card_list, games_option
from experiments.players import load_agent
from experiments.shares import points_ci, rate_words, wilson
from experiments.signals import STOPS
from experiments.variants import (
    cards_of,
    check_grid,
    count_variant,
    most_common_basic,
    parse_range,
    pool_card,
    split_assignment,
    varied_cards,
)
from simcore.cards.compile import make_pool
from simcore.decks import MAX_DECK_CARDS, deck_counts
from simcore.errors import PlaytestError


def parse_counts(texts, pool):
    """--vary "Card=FROM..TO" (repeatable) -> [(card, [counts])]."""
    out = []
    for text in texts:
        name, rng = split_assignment(text, "--vary", '"Card Name=FROM..TO" (e.g. "Forest=14..18")',
                                      is_range=True)
        card = pool_card(name, pool, "--vary")
        counts = parse_range(rng, "--vary", text)
        if counts[0] < 0:
            raise PlaytestError(f"--vary: {text}: a deck holds at least 0 copies of a card, "
                                f"not {counts[0]}")
        if counts[-1] > MAX_DECK_CARDS:
            raise PlaytestError(f"--vary: {text}: {counts[-1]:,} copies of {card}, more than "
                                f"the {MAX_DECK_CARDS:,} cards a game can hold")
        if card in [c for c, _ in out]:
            raise PlaytestError(f"--vary: {card} is varied twice")
        out.append((card, counts))
    if not out:
        raise PlaytestError('--vary: give at least one card and its counts ("Forest=14..18")')
    check_grid([len(c) for _, c in out], "--vary", " and ".join(texts))
    return out


def _variants(deck, pool, varied, fill):
    """[(label, {card: count}, card list)] of the grid, each the deck's size."""
    base = deck_counts(deck)
    order = [n for n, _ in deck.main]
    out = []
    for combo in itertools.product(*[counts for _, counts in varied]):
        changes = {card: n for (card, _), n in zip(varied, combo)}
        label = ", ".join(f"{c} {n}" for c, n in changes.items())
        counts = count_variant(base, changes, fill)
        if counts is None:
            need = base.get(fill, 0) - sum(n - base.get(c, 0) for c, n in changes.items())
            raise PlaytestError(f"--vary: the variant {label} would need {need} copies of "
                                f"{fill} (--fill) to keep the deck's {deck.size} cards: a "
                                f"count cannot be negative")
        if not counts:
            raise PlaytestError(f"--vary: the variant {label} has no cards")
        out.append((label, changes, counts, cards_of(counts, order)))
    return out


def sweep(deck, vary, vs=(), fill=None, games=2000, seed=0, agent="greedy",
          opponent_agent=None, max_turns=30, batch_size=None, card_dirs=(), card_db=None, progress=True,
          warn=None, plan=None):
    """Play every variant of the grid `vary` (["Forest=14..18", ...]) on the same seeds
    against each deck of `vs`; returns a DataFrame, one row per variant (README.md:
    "Sweeping card counts"). `games`: games per variant and opponent (even)."""
    seeds = games_option(games)
    pool = make_pool(card_dirs, card_db=card_db)
    (d,), field = load_field(vs, pool, warn, decks=[deck])
    varied = parse_counts(vary, pool)
    names = [c for c, _ in varied]
    if fill is None:
        fill = most_common_basic(d, pool, exclude=names)
        if fill is None:
            raise PlaytestError(f"--fill: the deck {d.file} has no basic land that is not "
                                f"varied to keep its size: name a card (--fill CARD)")
    else:
        fill = pool_card(fill, pool, "--fill")
    if fill in names:
        raise PlaytestError(f"--fill: {fill} is varied (--vary): the fill card makes up the "
                            f"other counts")
    grid = _variants(d, pool, varied, fill)
    base = card_list(d)
    versions = [Version(label, pool, align(base, cards)) for label, _, _, cards in grid]
    agents = [load_agent(agent), load_agent(opponent_agent or agent)]
    run = PairedRun(versions, field, agents, dict(agent=agent, opponent_agent=opponent_agent),
                    seed=seed, max_turns=max_turns, batch_size=batch_size, progress=progress,
                    plan=plan, command="sweep")
    meta = dict(seed=seed, version=simcore.__version__, deck=d.name, size=d.size, fill=fill,
                opponents=", ".join(o for o, _ in field), agent=agent,
                opponent_agent=opponent_agent or agent, max_turns=max_turns)
    try:
        run.run(seeds)
    except STOPS as e:
        raise e.keeping(_table(run, grid, names, meta)) from None
    return _table(run, grid, names, meta)


def _table(run, grid, names, meta):
    n = run.seeds
    s = run.sums(n)
    ss = run.seed_sums
    rows = []
    for v, (label, changes, counts, _) in enumerate(grid):
        rate = s.rate(v)
        wins = int(ss.wins[v])
        row = dict(meta, variant=label, **{c: changes[c] for c in names},
                   fill_count=counts.get(meta["fill"], 0), seeds=n,
                   games=n * s.games_per_seed, win_rate=rate[0], win_rate_lo=rate[1],
                   win_rate_hi=rate[2], wins=wins,
                   mean_kill_turn=int(ss.win_turns[v]) / wins if wins else np.nan)
        for c in EXTRA_COLUMNS:
            if c in run.extra_seen:     # the share among games where it is known, with its CI
                k, m = (int(x) for x in ss.extra[c][:, v])
                row[c] = k / m if m else np.nan
                row[f"{c}_lo"], row[f"{c}_hi"] = wilson(k, m)
                row[f"{c}_games"] = m
        rows.append(row)
    df = pd.DataFrame(rows)
    best = int(df["win_rate"].to_numpy().argmax()) if n else 0
    df["best"] = False
    df.loc[best, "best"] = True
    for col in ("vs_best", "vs_best_lo", "vs_best_hi", "vs_best_p"):
        df[col] = np.nan
    for v in range(len(df)):
        if v != best:
            st = s.paired(v, best)
            df.loc[v, ["vs_best", "vs_best_lo", "vs_best_hi", "vs_best_p"]] = (
                st["diff"], st["lo"], st["hi"], st["p_value"])
    return df


def summary(df):
    """Each variant's win rate, kill turn and its gap to the best, the best marked."""
    r0 = df.iloc[0]
    names = varied_cards(df)
    lines = [f"{r0['deck']} ({r0['size']} cards; {r0['fill']} fills the counts): "
             f"{len(df)} variants of {', '.join(names)}, all on the same seeds, against "
             f"{r0['opponents']}: {r0['seeds']} seeds on the play and on the draw, "
             f"{r0['games']} games per variant (seed {r0['seed']}, playtest {r0['version']}, "
             f"{r0['agent']} vs {r0['opponent_agent']}, at most {r0['max_turns']} turns)"]
    extra = [c for c in EXTRA_COLUMNS if c in df.columns]
    for _, r in df.iterrows():
        kill = ("no wins" if r["mean_kill_turn"] != r["mean_kill_turn"] else
                f"mean kill turn {r['mean_kill_turn']:.2f} (of its {r['wins']} wins)")
        more = "".join(f", {c} {rate_words(r[c], r[f'{c}_lo'], r[f'{c}_hi'])}" for c in extra)
        gap = ("  <- best" if r["best"] else
               f", minus the best "
               f"{points_ci(r['vs_best'], r['vs_best_lo'], r['vs_best_hi'], '95% CI ', ' points')}")
        lines.append(f"{r['variant']} ({r['fill']} {r['fill_count']}): win rate "
                     f"{rate_words(r['win_rate'], r['win_rate_lo'], r['win_rate_hi'])}, "
                     f"{kill}{more}{gap}")
    return "\n".join(lines)
