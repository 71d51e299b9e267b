"""`playtest cardstats`: per card of a deck, 17lands' per-copy win rates, what became of the
copies, and (with `loo`) the card's causal effect.

The deck plays each opponent on `games` seeds, each on the play and on the draw; what the
games recorded (GameBatch.records()) is counted per copy of each card, chunk by chunk,
into per-card sums (memory flat). Definitions (a copy is one card of the deck's list; "won"
is the deck winning the game: a draw or a game no one lost is not won):

- GIH (games in hand): copies in the kept opening hand or drawn later (records' `drawn`,
  the first draw); OH: in the opening hand; GD: drawn after it (OH + GD = GIH); GNS (not
  seen): neither, and never cast nor on the battlefield. 17lands' GNS leaves out tutored
  copies too: here `other` counts copies used without being drawn (cast from exile off the
  library's top, put onto the battlefield), so that GIH + GNS + other = every copy of every
  game. A copy bottomed by a mulligan and never drawn again is not seen.
- X WR: the share of X copies whose game the deck won, over copies (a game with two copies
  in hand counts twice, as 17lands counts). Interval: Wilson at Kish's effective number of
  games, (sum of copies)^2 / sum of copies^2 over the games, since copies of one game share
  its result: the plain Wilson interval over games when each game holds one copy.
- IWD = GIH WR - GNS WR, with a normal interval from the sandwich (linearised) variance
  over games, which takes in that one game can hold copies of both kinds.
- cast: of the copies in hand (GIH), the share cast (or, for a land, played; first casts
  only), Wilson at Kish's effective number; mean turn cast: the deck's own turn (its n-th
  turn; for a spell cast in the opponent's turn, the turns it had taken by then), the mean
  over cast copies with a normal interval from the sandwich variance over games.
- stuck in hand: the share of the games with a copy in hand in which a copy was still in
  hand at the game's end, never cast, after at least `STUCK_TURNS` (3) of the deck's own
  turns that began after it was drawn (Wilson over games).
- held: the share of all games in which a copy was held although castable
  (experiments/pilot.py has the definition and its limits).
- leave-one-out (`loo`): the deck with every copy of the card replaced by the fill card
  (default: the deck's most common basic land), at the same places of the list, played on
  the same seeds, on the play and on the draw: the shuffles of the shared cards and the
  opponent's draws are the same. Effect = the deck's win rate minus the variant's; the
  unit is the seed (its four games), the interval the paired mean's, with its standard
  error over seeds (../shared/STATISTICS.md, "Paired comparisons").

Why GIH WR and leave-one-out disagree: GIH WR compares games, not decks. Longer games see
more cards, so cards seen mostly in long games (slow, controlling cards) look better or
worse with the game length rather than their effect; a card drawn while ahead shares the
win it did not make; and GNS WR, the baseline of IWD, is the deck with the card still in
it, unseen. Leave-one-out removes the card and compares the same shuffles, so it measures
what the card adds to the deck as the agent plays it, and nothing else; it costs a run per
card, hence a flag.
"""
import os

import numpy as np
import pandas as pd

import simcore
from experiments import runner
from experiments.opponents import opponent_names
from experiments.paired import Paired, both_ways, kish, mean_ci, pair_share, wilson_eff
from experiments.pilot import held_copies, own_turns
from experiments.players import load_agent
from experiments.runner import Series
from experiments.shares import figures, points_ci, wilson
from simcore import consts as K
from simcore.cards.compile import make_pool
from simcore.decks import basic_lands, load_decks, match_card_name
from simcore.errors import PlaytestError
from simcore.game import deck_ids

STUCK_TURNS = 3
KINDS = ("oh", "gd", "gih", "gns")
Z = 1.96
TABLE = (
    ("seed", "deck", "opponent", "agent", "opponent_agent", "seeds", "games", "card",
     "copies")
    + tuple(f"{k}_{c}" for k in KINDS for c in ("copies", "games", "wr", "lo", "hi"))
    + ("other_copies", "iwd", "iwd_lo", "iwd_hi", "cast_copies", "cast_share", "cast_lo",
       "cast_hi", "cast_turn", "cast_turn_lo", "cast_turn_hi", "stuck_games", "stuck_share",
       "stuck_lo", "stuck_hi", "held_games", "held_share", "held_lo", "held_hi", "loo_fill",
       "loo_seeds", "loo_effect", "loo_lo", "loo_hi", "loo_wr", "deck_wr", "deck_wr_lo",
       "deck_wr_hi", "max_turns", "version"))


def copy_counts(rec, p, cards, goldfish=False):
    """Per game and card of `cards` (ids), player p's copies by kind: {"oh", "gd", "gih",
    "gns", "other", "cast" (copies in hand cast), "cast_turn" (the sum of their own turns
    cast), "stuck"}: int arrays [game, card] (the module's docstring defines them)."""
    card, drawn, cast = rec["card"], rec["drawn"], rec["cast"]
    n = card.shape[0]
    lut = np.full(max(int(card.max()), max(cards)) + 2, -1, np.int64)
    lut[np.asarray(cards)] = np.arange(len(cards))
    idx = lut[card]
    mine = (card >= 0) & (rec["owner"] == p) & (rec["token"] == 0) & (idx >= 0)
    used = (cast >= 0) | (rec["entered"] >= 0)
    gih = drawn >= 0
    own = own_turns(rec, p, goldfish)
    taken = np.cumsum(own, axis=1)                      # own turns begun by game turn t
    T = own.shape[1]
    g = np.arange(n)[:, None]
    after = taken[:, -1][:, None] - taken[g, np.clip(drawn, 0, T - 1)]
    first = np.asarray(rec["first"])[:, None]
    if goldfish:
        own_no = cast
    else:           # the deck's turns taken by game turn t: the odd ones if it went first
        own_no = np.where(first == p, (cast + 1) // 2, cast // 2)
    kinds = {"oh": drawn == 0, "gd": drawn > 0, "gih": gih, "gns": ~gih & ~used,
             "other": ~gih & used, "cast": gih & (cast >= 0),
             "stuck": gih & (cast < 0) & (rec["zone"] == K.Z_HAND) & (after >= STUCK_TURNS)}
    flat = (g * len(cards) + idx)[mine]
    out = {}
    for name, mask in kinds.items():
        out[name] = np.bincount(flat, weights=mask[mine], minlength=n * len(cards)) \
            .reshape(n, len(cards)).astype(np.int64)
    w = np.where(kinds["cast"], own_no, 0)[mine]
    out["cast_turn"] = np.bincount(flat, weights=w, minlength=n * len(cards)) \
        .reshape(n, len(cards)).astype(np.int64)
    return out


def _sums(counts, won, held):
    """The chunk's per-card sums (one column each, cards in order) that the table is made
    from: for each kind k, copies (K), copies in games won (W), squares (Q, Qw), games with
    one (G, Gw); the cross terms of GIH and GNS for IWD; the cast and stuck sums."""
    w = won.astype(np.int64)[:, None]
    out = {}
    for k in KINDS + ("other",):
        c = counts[k]
        out.update({f"{k}_K": c.sum(0), f"{k}_W": (c * w).sum(0), f"{k}_Q": (c * c).sum(0),
                    f"{k}_Qw": (c * c * w).sum(0), f"{k}_G": (c > 0).sum(0),
                    f"{k}_Gw": ((c > 0) * w).sum(0)})
    a, b = counts["gih"], counts["gns"]
    out.update({"x": (a * b).sum(0), "xw": (a * b * w).sum(0)})
    c, s = counts["cast"], counts["cast_turn"]
    out.update({"cast_K": c.sum(0), "cast_Q": (c * c).sum(0), "turn_S": s.sum(0),
                "turn_SS": (s * s).sum(0), "turn_SC": (s * c).sum(0),
                "stuck_G": (counts["stuck"] > 0).sum(0), "held_G": held.sum(0),
                "games": np.full(a.shape[1], a.shape[0])})
    return out


def fill_card(name, deck, pool):
    """The card that replaces each left-out card: `name` (any card of the pool, matched as
    deck lists match names), or the deck's most common basic land."""
    if name is not None:
        cards = [n for n in pool.names if not pool.defs[n].get("token")]
        found, close = match_card_name(name, cards)
        if found is None:
            hint = f" (closest: {', '.join(close)})" if close else ""
            raise PlaytestError(f"--fill: unknown card {name!r}{hint}")
        return found
    basics = basic_lands(pool)
    counts = [(n, c) for n, c in deck.main if n in basics]
    if not counts:
        raise PlaytestError(f"--fill: {deck.file} holds no basic land: name the card that "
                            f"replaces a left-out card with --fill CARD")
    return max(counts, key=lambda nc: nc[1])[0]


def cardstats(deck, vs, games=1000, seed=0, agent="greedy", opponent_agent=None,
              max_turns=30, loo=False, fill=None, batch_size=None, card_dirs=(), card_db=None,
              progress=True, out=None, warn=None, pilot=None, plan=None):
    """Per card of `deck` against each opponent of `vs`: the table of the module's
    docstring, one row per opponent and card (in the deck list's order). `games` seeds, each
    on the play and on the draw; with `loo`, each card's leave-one-out effect too (a run
    per card). `pilot`: an experiments.pilot.Watch to count truncations and held cards
    in."""
    vs = [] if vs is None else [vs] if isinstance(vs, (str, os.PathLike)) else list(vs)
    if not vs:
        raise PlaytestError("cardstats needs an opponent (--vs DECK): a card's win rate is "
                            "over games that can be lost")
    if fill is not None and not loo:
        raise PlaytestError("--fill: only with --loo (the card that replaces a left-out "
                            "card)")
    pool = make_pool(card_dirs, card_db=card_db)
    d0, *opponents = load_decks([deck] + vs, pool, warn=warn)
    names = opponent_names(vs, opponents)
    fill = fill_card(fill, d0, pool) if loo else None
    ids0 = deck_ids(pool, d0)
    cards = list(dict.fromkeys(n for n, _ in d0.main))
    card_ids = [pool.card_id[n] for n in cards]
    copies = dict(d0.main)
    left_out = [n for n in cards if n != fill] if loo else []
    agents = [load_agent(agent), load_agent(opponent_agent or agent)]
    batch = dict(max_turns=max_turns)
    series = []
    for d, name in zip(opponents, names):
        ids1 = deck_ids(pool, d)
        runs = both_ways(Series(pool, ids0, ids1, agents, batch=batch, labels=dict(
            opponent=name)))
        for c in left_out:          # the same list, every copy of c in its places: fill
            variant = np.where(ids0 == pool.card_id[c], pool.card_id[fill], ids0)
            runs += both_ways(Series(pool, variant, ids1, agents, batch=dict(
                batch, record=False), labels=dict(opponent=name, left_out=c)))
        series.append(Paired(runs))
    ct = pool.compile()
    totals = [None] * len(series)

    def to_rows(s, results):
        won = [np.asarray(r["winner"]) == 0 for r in results]
        parts = []
        for r, w in zip(results[:2], won[:2]):
            rec = r["records"]
            counts = copy_counts(rec, 0, card_ids)
            held = np.zeros((len(w), len(cards)), np.int64)
            h = held_copies(rec, ct, 0, goldfish=False)
            gg, ss = np.nonzero(h)
            for ci, c in enumerate(card_ids):
                held[np.unique(gg[rec["card"][gg, ss] == c]), ci] = 1
            parts.append(_sums(counts, w, held))
        sums = {k: parts[0][k] + parts[1][k] for k in parts[0]}
        base = won[0].astype(np.int64) + won[1]
        sums["deck_W"] = np.full(len(cards), base.sum())
        sums["deck_SQ"] = np.full(len(cards), (base * base).sum())
        loo_d, loo_dd, loo_w = (np.zeros(len(cards), np.int64) for _ in range(3))
        for j, c in enumerate(left_out):
            var = won[2 + 2 * j].astype(np.int64) + won[3 + 2 * j]
            d = base - var                    # twice the seed's difference of win rates
            ci = cards.index(c)
            loo_d[ci], loo_dd[ci], loo_w[ci] = d.sum(), (d * d).sum(), var.sum()
        sums.update(loo_D=loo_d, loo_DD=loo_dd, loo_W=loo_w,
                    seeds=np.full(len(cards), len(base)))
        rows = pd.DataFrame(sums, index=cards)
        if pilot is not None:       # consumed with the chunk (runner: whole or not at all)
            opp = s.series[0].labels["opponent"]
            rows.attrs["pilot"] = [pilot.count(r, pool, {0: d0.name, 1: opp} if k < 2 else {})
                                   for k, r in enumerate(results)]
        return rows

    def consume(k, rows):
        for counts in rows.attrs.pop("pilot", ()) if pilot is not None else ():
            pilot.add(counts)
        totals[k] = rows if totals[k] is None else totals[k] + rows

    def table():
        out_rows = []
        for k, name in enumerate(names):
            t = totals[k]
            if t is None:
                continue
            for card in cards:
                out_rows.append(_row(t.loc[card], card, copies[card], fill, card in left_out,
                                     dict(seed=seed, deck=d0.name, opponent=name,
                                          agent=agent, opponent_agent=opponent_agent or agent,
                                          max_turns=max_turns)))
        return pd.DataFrame(out_rows, columns=list(TABLE))

    return runner.run_table(series, games, seed, to_rows, consume, table, chunk=batch_size,
                            progress=progress, out=out, plan=plan, command="cardstats")


def _ratio_ci(s, ss, sc, cc, c):
    """(mean, lo, hi) of sum s / sum c over games, from the sums of s^2, s c and c^2: a
    normal interval from the sandwich variance sum (s - m c)^2 / (sum c)^2."""
    if c == 0:
        return (np.nan,) * 3
    m = s / c
    var = max(ss - 2 * m * sc + m * m * cc, 0.0) / (c * c)
    h = Z * np.sqrt(var)
    return (m, m - h, m + h)


def _row(t, card, copies, fill, left_out, labels):
    seeds = int(t["seeds"])
    games = int(t["games"])
    r = dict(labels, seeds=seeds, games=games, card=card, copies=copies,
             version=simcore.__version__, other_copies=int(t["other_K"]))
    wr = {}
    for k in KINDS:
        n, won = int(t[f"{k}_K"]), int(t[f"{k}_W"])
        p = won / n if n else np.nan
        lo, hi = wilson_eff(p, kish(n, t[f"{k}_Q"]))
        wr[k] = p
        r.update({f"{k}_copies": n, f"{k}_games": int(t[f"{k}_G"]), f"{k}_wr": p,
                  f"{k}_lo": lo, f"{k}_hi": hi})
    # IWD: each game's influence on GIH WR less its influence on GNS WR, squared and summed
    k1, k2 = t["gih_K"], t["gns_K"]
    if k1 and k2:
        p1, p2 = wr["gih"], wr["gns"]
        v1 = (t["gih_Qw"] * (1 - 2 * p1) + p1 * p1 * t["gih_Q"]) / (k1 * k1)
        v2 = (t["gns_Qw"] * (1 - 2 * p2) + p2 * p2 * t["gns_Q"]) / (k2 * k2)
        cov = (t["xw"] * (1 - p1 - p2) + p1 * p2 * t["x"]) / (k1 * k2)
        h = Z * np.sqrt(max(v1 + v2 - 2 * cov, 0.0))
        r.update(iwd=p1 - p2, iwd_lo=p1 - p2 - h, iwd_hi=p1 - p2 + h)
    else:
        r.update(iwd=np.nan, iwd_lo=np.nan, iwd_hi=np.nan)
    n, c = int(t["gih_K"]), int(t["cast_K"])
    p = c / n if n else np.nan
    lo, hi = wilson_eff(p, kish(n, t["gih_Q"]))
    m, mlo, mhi = _ratio_ci(t["turn_S"], t["turn_SS"], t["turn_SC"], t["cast_Q"], c)
    r.update(cast_copies=c, cast_share=p, cast_lo=lo, cast_hi=hi, cast_turn=m,
             cast_turn_lo=mlo, cast_turn_hi=mhi)
    g_in, stuck = int(t["gih_G"]), int(t["stuck_G"])
    lo, hi = wilson(stuck, g_in)
    r.update(stuck_games=stuck, stuck_share=stuck / g_in if g_in else np.nan, stuck_lo=lo,
             stuck_hi=hi)
    held = int(t["held_G"])
    lo, hi = wilson(held, games)
    r.update(held_games=held, held_share=held / games, held_lo=lo, held_hi=hi)
    dw, dlo, dhi = pair_share(int(t["deck_W"]), int(t["deck_SQ"]), seeds)
    r.update(deck_wr=dw, deck_wr_lo=dlo, deck_wr_hi=dhi)
    if left_out:
        # per seed, d / 4 = (base wins - variant wins over its two games) / 2
        m, lo, hi = mean_ci(t["loo_D"] / 2, t["loo_DD"] / 4, seeds)
        r.update(loo_fill=fill, loo_seeds=seeds, loo_effect=m, loo_lo=lo, loo_hi=hi,
                 loo_wr=t["loo_W"] / (2 * seeds))
    else:
        r.update(loo_fill=fill or "", loo_seeds=0, loo_effect=np.nan, loo_lo=np.nan,
                 loo_hi=np.nan, loo_wr=np.nan)
    return r


def _pct(p):
    return "-" if np.isnan(p) else f"{p * 100:.1f}%"


def _ci(p, lo, hi):
    if np.isnan(p):
        return "-"
    e, lo, hi = figures(p, lo, hi)
    return f"{e}% ({lo}-{hi})"


def _pts(p, lo, hi):
    """A difference of shares in percentage points, with its interval."""
    if np.isnan(p):
        return "-"
    return points_ci(p, lo, hi)


def _columns(header, rows):
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(header)]
    fmt = lambda cells: "  " + "  ".join(  # noqa: E731
        c.ljust(w) if k == 0 else c.rjust(w) for k, (c, w) in enumerate(zip(cells, widths)))
    return [fmt(header)] + [fmt(r) for r in rows]


def summary(df):
    """Per opponent: the deck's win rate, then per card the 17lands win rates (95% CI, the
    copies behind each) and IWD; then what became of the copies, and the leave-one-out
    effect where it was run."""
    lines = []
    for opp, g in df.groupby("opponent", sort=False):
        f = g.iloc[0]
        lines.append(f"cardstats: {f['deck']} vs {opp}: {f['games']} games ({f['seeds']} seeds, "
                     f"each on the play and on the draw; seed {f['seed']}, playtest "
                     f"{f['version']}, {f['agent']} vs {f['opponent_agent']}, at most "
                     f"{f['max_turns']} turns)")
        lines.append(f"deck won {_ci(f['deck_wr'], f['deck_wr_lo'], f['deck_wr_hi'])} of its "
                     f"games (95% CI; draws and games no one lost are not wins)")
        lines.append("per copy, as 17lands counts: GIH = in the opening hand or drawn, OH = "
                     "in the opening hand, GD = drawn later, GNS = neither (not seen); WR = "
                     "the share of those copies whose game the deck won (95% CI), n = the "
                     "copies; IWD = GIH WR - GNS WR (percentage points)")
        rows = []
        for r in g.itertuples():
            cells = [r.card, str(r.copies)]
            for k in ("gih", "oh", "gd", "gns"):
                cells += [_ci(getattr(r, f"{k}_wr"), getattr(r, f"{k}_lo"),
                              getattr(r, f"{k}_hi")), str(getattr(r, f"{k}_copies"))]
            cells.append(_pts(r.iwd, r.iwd_lo, r.iwd_hi))
            rows.append(cells)
        lines += _columns(["card", "in deck", "GIH WR", "n", "OH WR", "n", "GD WR", "n",
                           "GNS WR", "n", "IWD"], rows)
        loo = g["loo_seeds"].max() > 0
        lines.append(f"what became of the copies: cast = of the copies in hand, the share "
                     f"cast or played (95% CI); turn = the deck's own turn it was cast "
                     f"(mean, 95% CI); stuck = of the games with a copy in hand, the share in "
                     f"which one was still in hand at the end, never cast, {STUCK_TURNS}+ "
                     f"own turns after it was drawn"
                     + (f"; leave-one-out = the deck's win rate minus that of the deck with "
                        f"every copy replaced by {f['loo_fill']}, on the same seeds "
                        f"(percentage points, 95% CI of the paired mean over "
                        f"{f['seeds']} seeds)" if loo else
                        "; leave-one-out: not run (--loo: one more run per card)"))
        rows = []
        for r in g.itertuples():
            turn = "-" if np.isnan(r.cast_turn) else \
                f"{r.cast_turn:.2f} ({r.cast_turn_lo:.2f}-{r.cast_turn_hi:.2f})"
            cells = [r.card, _ci(r.cast_share, r.cast_lo, r.cast_hi), str(r.cast_copies), turn,
                     _ci(r.stuck_share, r.stuck_lo, r.stuck_hi), f"{r.gih_games}"]
            if loo:
                cells.append(_pts(r.loo_effect, r.loo_lo, r.loo_hi))
            rows.append(cells)
        header = ["card", "cast", "n", "turn", "stuck", "games in hand"]
        lines += _columns(header + (["leave-one-out"] if loo else []), rows)
        other = int(g["other_copies"].sum())
        if other:
            lines.append(f"copies used without being drawn (not GIH, not GNS): {other}")
        lines.append("")
    return "\n".join(lines).rstrip()
