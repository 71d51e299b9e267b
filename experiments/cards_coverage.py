"""`playtest cards coverage`: how much of the card database the engine plays (supported: read
whole and rendered back as printed; partial; none), by format, by the deck slots of real lists,
and the grammar units that block the most cards or slots: what to build next
(simcore/cards/coverage.py)."""
import json
from pathlib import Path

from experiments.progress import ProgressLine
from simcore.cards.coverage import card_coverage, summary
from simcore.cards.db import FETCH_HINT, CardDB
from simcore.cards.oracle.tokens import builtin_tokens
from simcore.cards.printed import FORMATS
from simcore.decks import deck_as_written
from simcore.errors import PlaytestError


def _deck_files(folder) -> list[Path]:
    p = Path(folder)
    if not p.is_dir():
        raise PlaytestError(f"--decks {folder}: no such folder")
    files = sorted(f for f in p.iterdir() if f.suffix in (".txt", ".dck") and f.is_file())
    if not files:
        raise PlaytestError(f"--decks {folder}: no deck lists (*.txt, *.dck) in this folder")
    return files


def _share(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "-"


def cards_coverage(card_db=None, fmt=None, decks=None, json_path=None, top=25,
                   stream=None) -> str:
    """The coverage report in words; with `json_path`, its numbers as JSON there."""
    if fmt is not None and fmt not in FORMATS:
        raise PlaytestError(f"--format: one of {', '.join(FORMATS)}, got '{fmt}'")
    files = _deck_files(decks) if decks is not None else []
    db = CardDB.open(card_db, "--card-db" if card_db else None)
    if db is None:
        raise PlaytestError(f"no card database yet: {FETCH_HINT}")
    line = ProgressLine(stream)
    tokens = {t["name"]: t for t in builtin_tokens()}
    rows = []
    try:
        total = db.count
        for i, stored in enumerate(db.each(), 1):
            rows.append(card_coverage(stored.printed, stored.compiled, tokens))
            if i % 2000 == 0:
                line.show(f"{i:,}/{total:,} cards checked")
        slots, per_deck = None, []
        if files:
            slots = {}
            for f in files:
                d = deck_as_written(f)
                named = [(db.find(n) or n, k) for n, k in d.main]
                for n, k in named:
                    slots[n] = slots.get(n, 0) + k
                per_deck.append((d.name, named))
    finally:
        line.end()
        db.close()
    s = summary(rows, fmt, slots, top)
    where = f"legal in {fmt}" if fmt else "all formats"
    out = [f"card database {db.path}: {s['cards']:,} cards ({where})"]
    if not s["cards"]:
        out.append(f"no card of the database is marked legal in {fmt}")
    out.append(f"supported {s['supported']:,} ({_share(s['supported'], s['cards'])}): read whole "
               f"and rendered back as printed; partial {s['partial']:,}, none {s['none']:,}; "
               f"render check passed by {100 * s['render_pass_share']:.1f}% of the "
               f"{s['full']:,} read whole")
    if slots is not None:
        by = {r.name: r for r in rows}
        full_decks = [name for name, named in per_deck
                      if all(n in by and by[n].supported for n, _ in named)]
        s["decks"] = [{"deck": name, "slots": sum(k for _, k in named),
                       "supported_slots": sum(k for n, k in named if n in by and
                                              by[n].supported),
                       "fully_supported": name in full_decks} for name, named in per_deck]
        s["decks_fully_supported"] = len(full_decks)
        out.append(f"deck slots of {len(files)} lists in {decks}: {s['deck_slots']:,}, "
                   f"supported {s['deck_slots_supported']:,} "
                   f"({_share(s['deck_slots_supported'], s['deck_slots'])}), not in the "
                   f"database {s['deck_slots_unknown']:,}; lists fully supported: "
                   f"{len(full_decks)} of {len(files)}" +
                   (f" ({', '.join(full_decks)})" if full_decks else ""))
        out.append("what blocks the most deck slots:")
        out += [f"{b['slots']:>7,}  {b['unit']}" for b in s["blockers_by_slots"]]
    out.append("what blocks the most cards:")
    out += [f"{b['cards']:>7,}  {b['unit']}" for b in s["blockers"]]
    if json_path is not None:
        try:
            Path(json_path).write_text(json.dumps(s, indent=1) + "\n")
        except OSError as e:
            raise PlaytestError(f"--json {json_path}: cannot write: {e.strerror}") from None
    return "\n".join(out)
