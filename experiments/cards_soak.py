"""`playtest cards soak`: every supported card of the card database played in generated decks,
by the random and the greedy players, with the engine's audits on (the options audit: every
shortcut of the priority check also runs the full check; the state-based audit: every skipped
state-based check runs anyway). It counts crashes, audit disagreements and stuck games (past
the decision limit, or out of room), and lists the cards never cast in their games, with the
copies the players held although they could cast them (experiments/pilot.py's test): a mana
or rules gap in a compiled card shows up so.

Decks: the supported nonland cards grouped by their exact colours, nine to a deck, four
copies each (a smaller last group more copies: 36 spells a deck), and 24 lands: the supported
nonbasic lands of those colours (four copies each, at most two kinds), the rest basic lands
split by the coloured symbols of the cards' costs. Deck k plays deck k+1 (the last plays the
first), `games` games a pilot, random start."""
import time

import numpy as np
import pandas as pd

from agents import GreedyAgent, RandomAgent
from experiments.pilot import held_copies
from experiments.progress import ProgressLine
from simcore import consts as K
from simcore import layout as L
from simcore.cards import vocab
from simcore.cards.compile import Pool
from simcore.cards.coverage import card_coverage
from simcore.cards.db import FETCH_HINT, CardDB
from simcore.cards.load import load_pool
from simcore.cards.manastr import COLOR_LETTERS, parse_mana
from simcore.cards.oracle.tokens import builtin_tokens
from simcore.cards.printed import FORMATS
from simcore.errors import PlaytestError
from simcore.game import GameBatch

PER_DECK = 9
LANDS = 24
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
MAX_TURNS = 30
PILOTS = (("random", RandomAgent()), ("greedy", GreedyAgent()))


def _pips(card: dict) -> dict[str, int]:
    """Coloured symbols of the card's cost by colour ({G/W} counts for both)."""
    mc = parse_mana(card.get("cost", ""), card["name"])
    out = {c: mc.pips[k] for k, c in enumerate(COLOR_LETTERS)}
    for a, b in mc.hybrid:
        for t in (a, b):
            out[COLOR_LETTERS[t]] += 1
    return out


def _colours(card: dict) -> str:
    """The card's colours as WUBRG letters (its `colors`, or its cost's)."""
    if card.get("colors"):
        return "".join(vocab.COLOR_LETTER[c] for c in card["colors"])
    return "".join(c for c, n in _pips(card).items() if n)


def supported_cards(db, fmt=None, limit=None):
    """(card dicts, token dicts) of the database's supported cards (read whole and rendered
    back as printed), basic lands left out (the decks take the built-in ones)."""
    tokens = {t["name"]: t for t in builtin_tokens()}
    cards, made = [], {}
    for stored in db.each():
        c = stored.compiled
        if c.status != "full" or (fmt and not stored.printed.legal_in(fmt)):
            continue
        if "Basic" in (c.card.get("supertypes") or ()):
            continue
        if not card_coverage(stored.printed, c, tokens).supported:
            continue
        cards.append(dict(c.card))
        for t in c.tokens:
            made.setdefault(t["name"], t)
        if limit is not None and len(cards) >= limit:
            break
    return cards, made


def build_decks(cards):
    """[(deck name, {card name: copies})] covering every card (module docstring): the
    nonland cards grouped by their exact colours, nine to a deck (a smaller last group gets
    more copies, 36 spells a deck), the lands of those colours, basics by coloured pips."""
    spells = sorted((c for c in cards if "Land" not in c["types"]),
                    key=lambda c: (len(_colours(c)), _colours(c), c["name"]))
    lands = sorted((c for c in cards if "Land" in c["types"]),
                   key=lambda c: (_colours(c), c["name"]))
    by_colour: dict[str, list] = {}
    for c in spells:
        by_colour.setdefault(_colours(c), []).append(c)
    groups = [g[i:i + PER_DECK] for g in by_colour.values() for i in range(0, len(g), PER_DECK)]
    if not groups:
        groups = [[]]
    by_group = [[] for _ in groups]
    for k, land in enumerate(lands):     # each land to a deck sharing a colour, else in turn
        want = set(_colours(land))
        fits = [i for i, g in enumerate(groups)
                if len(by_group[i]) < 2 and (not want or want & set("".join(map(_colours, g))))]
        i = fits[0] if fits else k % len(groups)
        by_group[i].append(land)
    decks = []
    for i, (g, ls) in enumerate(zip(groups, by_group)):
        copies = max(4, (4 * PER_DECK) // max(len(g), 1))
        deck = {c["name"]: copies for c in g}
        deck.update({c["name"]: 4 for c in ls})
        weights = {c: sum(_pips(x)[c] for x in g) for c in "WUBRG"}
        weights = {c: w for c, w in weights.items() if w} or {"G": 1}
        basics = LANDS - 4 * len(ls)
        total = sum(weights.values())
        left = basics
        for j, (c, w) in enumerate(sorted(weights.items(), key=lambda cw: -cw[1])):
            n = left if j == len(weights) - 1 else max(1, round(basics * w / total))
            n = min(n, left)
            if n:
                deck[BASICS[c]] = deck.get(BASICS[c], 0) + n
            left -= n
        decks.append((f"soak{i + 1:03d}", deck))
    return decks


def _ids(pool, deck):
    return np.array([pool.card_id[n] for n, k in deck.items() for _ in range(k)], np.int64)


def _play(pool, d0, d1, games, seed, agent):
    b = GameBatch(pool, d0, d1, n_games=games, seed=seed, start="random", max_turns=MAX_TURNS)
    b.fw.fl[:, L.F_OPT_AUDIT] = 1
    b.st.gm[:, L.G_SBA_AUDIT] = 1
    b.play([agent, agent], np.random.default_rng(seed))
    return b


def soak(cards, made, games=20, seed=1, stream=None):
    """(per-card table, counts) of the soak over `cards` (card dicts) and the tokens they
    make."""
    base = load_pool()
    builtin = {n: d for n, d in base.items() if d.get("token") or
               "Basic" in (d.get("supertypes") or ())}
    defs = {**builtin, **made, **{c["name"]: c for c in cards}}
    decks = build_decks(cards)
    pool = Pool(defs)
    pool.compile()
    counts = {"decks": len(decks), "games": 0, "crashes": [],
              "options_audit": 0, "sba_audit": 0, "stuck": [], "capacity": 0, "turn_limit": 0}
    rows = {c["name"]: {"card": c["name"], "deck": "", "games": 0, "cast": 0, "drawn": 0,
                        "held_castable": 0} for c in cards}
    for name, deck in decks:
        for n in deck:
            if n in rows:
                rows[n]["deck"] = name
    line = ProgressLine(stream)
    t0 = time.monotonic()
    try:
        for k, (name, deck) in enumerate(decks):
            other_name, other = decks[(k + 1) % len(decks)]
            d0, d1 = _ids(pool, deck), _ids(pool, other)
            for j, (who, agent) in enumerate(PILOTS):
                s = seed + 2 * k + j
                try:
                    b = _play(pool, d0, d1, games, s, agent)
                except PlaytestError as e:
                    # past the decision limit: a game that does not end (an optional loop
                    # the pilot never stops, CR 732.1b); the batch's games are not counted
                    where = f"{name} vs {other_name} ({who}, seed {s}): {e}"
                    counts["stuck" if "decision" in str(e) else "crashes"].append(where)
                    continue
                except Exception as e:      # a crash is what the soak is for: named, not raised
                    counts["crashes"].append(f"{name} vs {other_name} ({who}): "
                                             f"{type(e).__name__}: {e}")
                    continue
                _count(b, pool, deck, other, rows, counts, games)
            line.show(f"{k + 1}/{len(decks)} decks soaked  "
                      f"{counts['games'] / max(time.monotonic() - t0, 1e-9):,.0f} games/s")
    finally:
        line.end()
    return pd.DataFrame(list(rows.values())), counts


def _count(b, pool, deck, other, rows, counts, games):
    res, rec = b.results(), b.records()
    counts["games"] += games
    counts["options_audit"] += int(b.fw.fl[:, L.F_OPT_MISSED].sum())
    counts["sba_audit"] += int(b.st.gm[:, L.G_SBA_MISSED].sum())
    counts["capacity"] += int((res["end"] == K.END_CAPACITY).sum())
    counts["turn_limit"] += int((res["end"] == K.END_TURN_LIMIT).sum())
    ct = pool.compile()
    for p, d in ((0, deck), (1, other)):
        mine = rec["owner"] == p
        held = held_copies(rec, ct, p, False)
        for n in d:
            if n not in rows:
                continue
            c = rec["card"] == pool.card_id[n]
            r = rows[n]
            r["games"] += games
            r["cast"] += int(((rec["cast"] >= 0) & c & mine).sum())
            r["drawn"] += int(((rec["drawn"] >= 0) & c & mine).sum())
            r["held_castable"] += int((held & c).any(axis=1).sum())


def cards_soak(card_db=None, fmt=None, games=20, seed=1, limit=None, out=None, stream=None):
    """The soak's report in words; `out` (.csv or .parquet) keeps the per-card table."""
    if fmt is not None and fmt not in FORMATS:
        raise PlaytestError(f"--format: one of {', '.join(FORMATS)}, got '{fmt}'")
    db = CardDB.open(card_db, "--card-db" if card_db else None)
    if db is None:
        raise PlaytestError(f"no card database yet: {FETCH_HINT}")
    try:
        cards, made = supported_cards(db, fmt, limit)
    finally:
        db.close()
    if not cards:
        raise PlaytestError("no supported card to soak" + (f" legal in {fmt}" if fmt else ""))
    df, c = soak(cards, made, games, seed, stream)
    if out is not None:
        (df.to_parquet if str(out).endswith(".parquet") else df.to_csv)(out, index=False)
    never = df[(df["cast"] == 0) & (df["drawn"] > 0)].sort_values("card")
    held = df[df["held_castable"] > 0].sort_values("held_castable", ascending=False)
    lines = [f"soak: {len(df):,} supported cards in {c['decks']} decks, each deck against the "
             f"next, {games} games a pilot (random, greedy), audits on: {c['games']:,} games "
             f"(seed {seed})",
             f"crashes {len(c['crashes'])}, options-audit disagreements {c['options_audit']}, "
             f"state-based-audit misses {c['sba_audit']}, batches stuck past the decision "
             f"limit {len(c['stuck'])}, games out of room {c['capacity']} (ended at the "
             f"{MAX_TURNS}-turn limit: {c['turn_limit']})"]
    lines += [f"  crash: {x}" for x in c["crashes"][:20]]
    lines += [f"  stuck: {x}" for x in c["stuck"][:20]]
    lines.append(f"never cast although drawn: {len(never)} cards" +
                 (": " + ", ".join(never["card"][:30]) + (", ..." if len(never) > 30 else "")
                  if len(never) else ""))
    lines.append(f"held although castable in some game: {len(held)} cards" +
                 (": " + ", ".join(f"{r.card} ({r.held_castable})"
                                   for r in held.head(20).itertuples())
                  if len(held) else ""))
    return "\n".join(lines), df, c
