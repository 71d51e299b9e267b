"""How much of a card pool the engine plays: each card's status (full, partial, none), whether
its compiled form renders back to its printed text (oracle/render_check.py), and the grammar
units that block it (oracle/blockers.py). A card is *supported* when it is full and its
rendering agrees. `playtest cards coverage` prints and saves these; the ranking of blocking
units, weighted by the deck slots real decks give each card, chooses what to build next."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .oracle import FULL, NONE, PARTIAL, Compiled
from .oracle.blockers import blocking_units
from .oracle.render_check import render_agrees
from .printed import Printed


@dataclass(frozen=True)
class CardCoverage:
    name: str
    status: str
    render_ok: bool            # full and rendered back as printed (False when not full)
    units: tuple[str, ...]     # what blocks it, each once
    legal: frozenset[str]      # formats it is legal in

    @property
    def supported(self) -> bool:
        return self.status == FULL and self.render_ok


def card_coverage(p: Printed, c: Compiled, tokens=None) -> CardCoverage:
    render_ok = False
    if c.status == FULL:
        f = p.front
        made = {**(tokens or {}), **{t["name"]: t for t in c.tokens}}
        render_ok = render_agrees(f.oracle_text, f.name,
                                  "Legendary" in (c.card.get("supertypes") or ()), c.card,
                                  made)
    units: list[str] = []
    for _, u in c.all_unread():
        got = [f"card: {u.reason}"] if u.line == 0 else blocking_units(u.text, u.reason)
        units.extend(x for x in got if x not in units)
    if c.status == FULL and not render_ok:
        units.append("render check: the reading says something else")
    legal = frozenset(k for k, v in p.legalities.items() if v in ("legal", "restricted"))
    return CardCoverage(c.name, c.status, render_ok, tuple(units), legal)


def summary(rows, fmt: str | None = None, slots: dict[str, int] | None = None,
            top: int = 30) -> dict:
    """Counts and shares over `rows` (CardCoverage), only those legal in `fmt` if given, and
    the blocking units ranked by the cards they block; with `slots` (card name -> copies
    over the decks), deck-slot shares and units ranked by the slots they block."""
    rows = [r for r in rows if fmt is None or fmt in r.legal]
    n = len(rows)
    st = Counter(r.status for r in rows)
    full = st[FULL]
    sup = sum(r.supported for r in rows)
    by_cards = Counter(u for r in rows for u in r.units)
    out = {"cards": n, "supported": sup, "full": full, "partial": st[PARTIAL], "none": st[NONE],
           "supported_share": sup / n if n else 0.0,
           "render_pass_share": sum(r.render_ok for r in rows) / full if full else 0.0,
           "format": fmt or "all",
           "blockers": [{"unit": u, "cards": k} for u, k in by_cards.most_common(top)]}
    if slots is not None:
        by_name = {r.name: r for r in rows}
        for r in rows:              # a two-faced card is also named by its front face
            by_name.setdefault(r.name.split(" // ")[0], r)
        total = sum(slots.values())
        known = {n_: k for n_, k in slots.items() if n_ in by_name}
        sup_slots = sum(k for n_, k in known.items() if by_name[n_].supported)
        blocked = Counter()
        for n_, k in known.items():
            for u in by_name[n_].units:
                blocked[u] += k
        out["deck_slots"] = total
        out["deck_slots_supported"] = sup_slots
        out["deck_slots_supported_share"] = sup_slots / total if total else 0.0
        out["deck_slots_unknown"] = total - sum(known.values())
        out["blockers_by_slots"] = [{"unit": u, "slots": k}
                                    for u, k in blocked.most_common(top)]
    return out
