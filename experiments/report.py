"""`playtest report RESULTS... -o report.html`: one self-contained HTML page from the saved
results (Parquet or CSV) of any command: for each file what it holds and how it was made
(seed, playtest version, decks, agents, games), the command's own summary, its plot embedded
as an image, and the table itself.

Each command's results are recognised by their columns (`KINDS`: the first kind whose
columns a table has), summarised and drawn by that command's own functions; a table of no
known kind is shown as a table. Nothing is fetched: the page has no links to load.
"""
import base64
import html
import os
import tempfile

import pandas as pd
from pandas.api.types import infer_dtype

from experiments.paths import writing
from simcore.errors import PlaytestError

MAX_ROWS = 200          # rows of a table shown in the page (the file has them all)


def _simulate_summary(df):
    from experiments.simulate import summary
    return summary(df)


def _simulate_plot(df, path):
    from experiments.plots import plot_games
    plot_games(df, path)


def _combo_summary(df):
    from experiments.combo import summary
    return summary(df)


def _combo_plot(df, path):
    from experiments.plots import plot_combo
    plot_combo(df, path)


def _bench_summary(df):
    lines = []
    for r in df.itertuples():
        if pd.isna(r.games):        # a kernel's measure: items (permanents, sims), not games
            what = f"{int(r.items):>9} {r.item}s {r.ns_per_item:10.1f} ns/{r.item}"
        else:
            what = f"{int(r.games):>7} games {r.games_per_s:10.1f} games/s"
        ratio = "" if pd.isna(r.ratio) else f"   x{r.ratio:.2f} ({r.note})"
        lines.append(f"{r.measure:<34} {what}{ratio}")
    return "\n".join(lines)


def _use(module, summary="summary", plot=None, plot_module="experiments.plots"):
    """A kind's summary and plot, imported when a report needs them."""
    import importlib

    def s(df):
        return getattr(importlib.import_module(module), summary)(df)

    def p(df, path):
        return getattr(importlib.import_module(plot_module), plot)(df, path)
    return s, (p if plot else None)


# (kind, columns that identify it, summary(df) -> text or None, plot(df, path) or None)
KINDS = [
    ("castability", {"spell", "p_given_lands", "p_all"},
     *_use("experiments.castability", plot="plot_castability",
           plot_module="experiments.castability")),
    ("compare", {"deck_a", "deck_b", "diff", "variance_factor"},
     *_use("experiments.compare", plot="plot_compare")),
    ("balance", {"card", "vary", "effect", "closest"},
     *_use("experiments.balance", plot="plot_balance")),
    ("sweep", {"variant", "fill", "vs_best", "best"},
     *_use("experiments.sweep", plot="plot_sweep")),
    ("gauntlet", {"start", "won", "lost", "no_one_lost", "win_rate"},
     *_use("experiments.gauntlet", plot="plot_matrix", plot_module="experiments.matrix_plot")),
    ("cardstats", {"card", "gih_wr", "gns_wr", "iwd"},
     *_use("experiments.cardstats", plot="plot_cards", plot_module="experiments.card_plot")),
    ("simulate", {"game", "winner", "end_reason", "turns", "own_turns"}, _simulate_summary,
     _simulate_plot),
    ("combo", {"condition", "turn", "held", "share", "exact"}, _combo_summary, _combo_plot),
    ("bench", {"measure", "games_per_s", "ratio"}, _bench_summary, None),
]


# The text columns of the commands' results. A CSV keeps no types: an empty cell comes back
# as missing, and a column empty in every row (goldfish games' opponent agent, --until-card
# unset) as numbers; these come back as the text the command wrote, "" when empty.
TEXT_COLUMNS = {
    "agent", "baseline", "card", "condition", "cost", "deck", "deck_a", "deck_b",
    "end_reason", "ended_early_why", "fill", "item", "like", "loo_fill", "lost0", "lost1",
    "measure", "mulligan", "note", "opponent", "opponent_agent", "opponents", "spell", "sprt",
    "start", "stopped_by", "until_card", "variant", "vary", "version", "workload"}


def register(kind, columns, summary=None, plot=None, text=()):
    """Another command's results: recognised by `columns`, summarised and drawn by its
    functions (a later registration of a kind replaces the earlier one); `text`: its text
    columns (TEXT_COLUMNS)."""
    KINDS[:] = [k for k in KINDS if k[0] != kind]
    KINDS.insert(0, (kind, set(columns), summary, plot))
    TEXT_COLUMNS.update(text)


def kind_of(df):
    for kind, columns, summary, plot in KINDS:
        if columns <= set(df.columns):
            return kind, summary, plot
    return "table", None, None


def read_results(path):
    """A saved result as a DataFrame, or one line naming the file."""
    p = str(path)
    if not os.path.isfile(p):
        raise PlaytestError(f"{p}: no such results file")
    try:
        if p.endswith(".parquet"):
            return pd.read_parquet(p)
        if p.endswith(".csv"):
            return as_written(pd.read_csv(p))
    except Exception as e:      # a damaged or foreign file is the user's input: one line
        raise PlaytestError(f"{p}: cannot read these results ({type(e).__name__}: "
                            f"{str(e).splitlines()[0] if str(e) else 'unreadable'})") from None
    raise PlaytestError(f"{p}: results are .parquet or .csv files")


def as_written(df):
    """A table read from CSV with the types its command wrote, as far as they can be told:
    text columns (TEXT_COLUMNS, and any that pandas reads as text: `object` or, from pandas
    3, `str`) with "" for their empty cells, never NaN; true/false columns with empty cells
    (`object`) as pandas' nullable "boolean". Numbers stay as read (NaN where empty)."""
    for c in df.columns:
        col = df[c]
        held = infer_dtype(col, skipna=True)    # (pandas 2's is_string_dtype: not with NaN)
        if held == "string" or (c in TEXT_COLUMNS and col.isna().all()):
            df[c] = col.astype(object).fillna("").infer_objects()
        elif col.dtype == object and held == "boolean":
            df[c] = col.astype("boolean")
    return df


def _png(plot, df):
    fd, tmp = tempfile.mkstemp(suffix=".png")
    os.close(fd)
    try:
        plot(df, tmp)
        with open(tmp, "rb") as f:
            return base64.b64encode(f.read()).decode("ascii")
    finally:
        os.unlink(tmp)


def _provenance(df):
    """How the results were made, from the columns every command's rows carry."""
    parts = []
    for col, label in (("seed", "seed"), ("version", "playtest"), ("deck", "deck"),
                       ("opponent", "opponents"), ("agent", "agent"),
                       ("opponent_agent", "opponent agent")):
        if col in df.columns:
            vals = [str(v) for v in pd.unique(df[col]) if str(v) not in ("", "nan")]
            if vals:
                parts.append(f"{label}: {', '.join(vals[:8])}" +
                             (f" (+{len(vals) - 8} more)" if len(vals) > 8 else ""))
    if "games" in df.columns:
        parts.append(f"games per row: {', '.join(str(v) for v in pd.unique(df['games'])[:8])}")
    return "; ".join(parts)


def report(paths, out):
    """Write the page to `out`; returns a DataFrame, one row per results file (file, kind,
    rows, and whether a plot was drawn)."""
    from experiments.paths import check_output_path
    check_output_path(out, "-o/--out", (".html",))
    frames = [(str(p), read_results(p)) for p in paths]
    body, rows = [], []
    for path, df in frames:
        kind, summary, plot = kind_of(df)
        notes = []
        text = img = None
        try:        # results of another playtest version may lack what a summary reads
            text = summary(df) if summary is not None and len(df) else None
        except Exception as e:      # noqa: BLE001 (said in the page; the table is shown)
            notes.append(f"no summary: {type(e).__name__}: {e}")
        try:
            img = _png(plot, df) if plot is not None and len(df) else None
        except Exception as e:      # noqa: BLE001
            notes.append(f"no plot: {type(e).__name__}: {e}")
        body.append(f"<section><h2>{html.escape(os.path.basename(path))}</h2>")
        body.append(f"<p class='meta'>{html.escape(kind)} results, {len(df)} rows, from "
                    f"{html.escape(path)}<br>{html.escape(_provenance(df))}</p>")
        for note in notes:
            body.append(f"<p class='meta'>{html.escape(note)}</p>")
        if text:
            body.append(f"<pre>{html.escape(text)}</pre>")
        if img:
            body.append(f"<img alt='{html.escape(kind)} plot' "
                        f"src='data:image/png;base64,{img}'>")
        shown = df.head(MAX_ROWS)
        note = "" if len(df) <= MAX_ROWS else f" (the first {MAX_ROWS} of {len(df)})"
        body.append(f"<details><summary>the table{note}</summary>"
                    f"{shown.to_html(index=False, border=0, na_rep='')}</details></section>")
        rows.append({"file": path, "kind": kind, "rows": len(df), "plot": img is not None,
                     "notes": "; ".join(notes)})
    page = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>playtest report</title>"
            "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
            "pre{background:#f6f6f6;padding:1em;white-space:pre-wrap;overflow-wrap:anywhere}"
            "img{max-width:100%}"
            "table{border-collapse:collapse;font-size:12px}td,th{padding:2px 6px;"
            "border-bottom:1px solid #ddd}.meta{color:#555}</style></head><body>"
            f"<h1>playtest report</h1><p>{len(frames)} results files</p>"
            + "".join(body) + "</body></html>")
    with writing("-o/--out", out), open(out, "w", encoding="utf-8") as f:
        f.write(page)
    return pd.DataFrame(rows)
