"""A run's results as a Parquet dataset: a folder with one file per finished chunk and a
manifest (`--dataset DIR`), which `--resume DIR` continues.

Layout: `DIR/chunk-000000.parquet`, ... (the chunk's rows as the command's `to_rows` made
them, and in the file's metadata under "playtest" what the rows carried beside them, the
DataFrame's attrs, as JSON), and `DIR/_manifest.json`: the command line, the run's identity
(command, seed, playtest version, engine, a hash of the Python sources, games, chunk size,
chunk order, and per series the hash of each deck's card list, of every card definition it
uses, its agents, options and labels), the number of chunks and the chunks finished. Chunk i
is worked out from the chunk size, the games, the series and the order (runner.Chunks):
nothing lists them, so a manifest does not grow with a run's games (format 1 listed every
chunk). pandas.read_parquet(DIR) reads every chunk's rows (files named _ or . are skipped).

A chunk is written to a temporary file and renamed, then the manifest is rewritten the same
way: a run killed at any moment leaves the finished chunks and a manifest that lists only
whole files; a write that fails (a disk full) is `OutputFailed`, one line naming the flag,
the chunks finished before it kept. A resumed run must be the same run: what differs is
refused in one line.
"""
import datetime
import functools
import hashlib
import json
import os
import shlex
import sys
from pathlib import Path

import numpy as np

import simcore
from experiments.paths import OutputFailed, check_output_folder, writing
from simcore.errors import PlaytestError

MANIFEST = "_manifest.json"
FORMAT = 2
ORDERS = {False: "series after series", True: "rounds (a chunk of every series in turn)"}


def _sha(data):
    return hashlib.sha1(data if isinstance(data, bytes) else data.encode()).hexdigest()[:16]


def engine():
    """The name of the engine's machine code (a hash of its sources)."""
    from simcore.game import GameBatch
    return GameBatch.engine()


@functools.lru_cache(maxsize=None)
def code():
    """A hash of playtest's Python sources (simcore, agents, experiments): other code may
    play other games or make other rows at the same version and engine (an agent's edit in
    a clone, say), so a resume or a worker on it is refused."""
    import agents
    import experiments
    h = hashlib.sha1()
    for pkg in (simcore, agents, experiments):
        root = Path(pkg.__file__).parent
        for f in sorted(root.rglob("*.py")):
            h.update(f.relative_to(root.parent).as_posix().encode() + b"\0")
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


_OPAQUE = ("numba", "numpy", "pandas", "pyarrow", "llvmlite", "builtins", "threading",
           "distributed", "dask")


def plain(obj, depth=0, seen=None):
    """A JSON value that says what `obj` is: settings of agents, conditions, rules (public
    attributes, recursively), arrays by a hash of their bytes."""
    seen = set() if seen is None else seen
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, os.PathLike):
        return os.fspath(obj)
    if isinstance(obj, np.ndarray):
        return f"array {obj.dtype} {list(obj.shape)} {_sha(np.ascontiguousarray(obj).tobytes())}"
    if depth > 8 or id(obj) in seen:
        return type(obj).__qualname__
    seen = seen | {id(obj)}
    if isinstance(obj, (list, tuple)):
        return [plain(v, depth + 1, seen) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(str(plain(v, depth + 1, seen)) for v in obj)
    if isinstance(obj, dict):
        return {str(k): plain(v, depth + 1, seen) for k, v in sorted(obj.items(), key=str)}
    t = type(obj)
    name = f"{t.__module__}.{t.__qualname__}"
    if t.__module__.split(".")[0] in _OPAQUE or not hasattr(obj, "__dict__"):
        return name
    out = {"type": name}
    out.update({k: plain(v, depth + 1, seen) for k, v in sorted(vars(obj).items())
                if not k.startswith("_")})
    return out


def _deck(pool, ids):
    if ids is None or len(ids) == 0:
        return None
    names = [pool.names[int(c)] for c in ids]
    return {"cards": _sha("\n".join(names)), "size": len(names)}


def _cards(pool, ids):
    """{card: hash of its definition} of every card the decks hold, and every token."""
    used = {pool.names[int(c)] for d in ids if d is not None for c in d}
    used |= {n for n in pool.names if pool.defs[n].get("token")}
    return {n: _sha(json.dumps(pool.defs[n], sort_keys=True, default=str))
            for n in sorted(used)}


def describe(unit):
    """What a unit of work (a Series, a Paired group of them, or any unit with a `pool` and
    decks `ids0`, `ids1`) plays, as JSON values: resuming checks every one."""
    if hasattr(unit, "series"):
        return {"paired": [describe(s) for s in unit.series]}
    ids1 = getattr(unit, "ids1", None)
    return {"deck": _deck(unit.pool, unit.ids0), "opponent": _deck(unit.pool, ids1),
            "cards": _cards(unit.pool, [unit.ids0, ids1]),
            "agents": plain(list(getattr(unit, "agents", []))),
            "options": plain(dict(getattr(unit, "batch", {}))),
            "labels": plain(dict(getattr(unit, "labels", {})))}


def identity(command, units, games, seed, side_by_side):
    """Everything of a run that changes its chunks' rows, and the chunk size aside."""
    return {"command": command, "playtest": simcore.__version__, "engine": engine(),
            "code": code(),
            "seed": int(seed), "games": int(games), "order": ORDERS[bool(side_by_side)],
            "series": [describe(u) for u in units]}


# ---- what differs, in words

def _short(v):
    s = json.dumps(v, sort_keys=True) if not isinstance(v, str) else v
    return s if len(s) <= 60 else s[:57] + "..."


def _first_difference(a, b, path=()):
    """The first path (keys) where JSON values a and b differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return path + (k,), a.get(k), b.get(k)
            d = _first_difference(a[k], b[k], path + (k,))
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for k, (x, y) in enumerate(zip(a, b)):
            d = _first_difference(x, y, path + (k,))
            if d:
                return d
        return None
    return None if a == b else (path, a, b)


def _series_name(s):
    if "paired" in s:
        s = s["paired"][0]
    lab = s.get("labels", {})
    deck, opp = lab.get("deck"), lab.get("opponent")
    return ", ".join(x for x in (f"deck {deck}" if deck else "",
                                 f"opponent {opp}" if opp else "") if x)


def difference(run, here):
    """One line on what differs between the run's identity and this one's, or None."""
    top = {"command": "the command", "playtest": "the playtest version",
           "engine": "the game engine's code (its compile cache name)",
           "code": "playtest's Python code (a hash of its sources)",
           "seed": "the seed (--seed)", "games": "the games a series (--games)",
           "order": "the order of the chunks"}
    for k, what in top.items():
        if run.get(k) != here.get(k):
            return f"{what} differs: {_short(run.get(k))} in the run, {_short(here.get(k))} here"
    rs, hs = run["series"], here["series"]
    if len(rs) != len(hs):
        return (f"the run has {len(rs)} series (decks, opponents, versions), this one "
                f"{len(hs)}")
    for k, (a, b) in enumerate(zip(rs, hs)):
        d = _first_difference(a, b)
        if d is None:
            continue
        path, x, y = d
        keys = [p for p in path if p != "paired" and not isinstance(p, int)]
        name = _series_name(a)
        where = f"series {k}" + (f" ({name})" if name else "")
        part = keys[0] if keys else "?"
        if part in ("deck", "opponent"):
            what = "the deck's card list" if part == "deck" else "the opponent's card list"
            return f"{where}: {what} differs from the run's"
        if part == "cards":
            card = keys[1] if len(keys) > 1 else "?"
            return (f"{where}: the card definition of {card} differs from the run's"
                    if x is not None and y is not None else
                    f"{where}: the card {card} is {'not ' if y is None else ''}used here"
                    f"{'' if y is None else ', not in the run'}")
        what = {"agents": "agents", "options": "options", "labels": "labels"}.get(part, part)
        detail = ".".join(str(p) for p in keys[1:]) or what
        return f"{where}: the {what} differ ({detail}: {_short(x)} in the run, {_short(y)} here)"
    return None


# ---- attrs as JSON (tuple keys, numpy values)

def _encode(v):
    if isinstance(v, dict):
        if all(isinstance(k, str) for k in v):
            return {k: _encode(x) for k, x in v.items()}
        return {"__items__": [[_encode(k), _encode(x)] for k, x in v.items()]}
    if isinstance(v, tuple):
        return {"__tuple__": [_encode(x) for x in v]}
    if isinstance(v, list):
        return [_encode(x) for x in v]
    if isinstance(v, np.ndarray):
        return {"__array__": v.tolist(), "dtype": str(v.dtype)}
    if isinstance(v, np.generic):
        return v.item()
    return v


def _decode(v):
    if isinstance(v, dict):
        if "__items__" in v:
            return {_decode(k): _decode(x) for k, x in v["__items__"]}
        if "__tuple__" in v:
            return tuple(_decode(x) for x in v["__tuple__"])
        if "__array__" in v:
            return np.asarray(v["__array__"], dtype=v["dtype"])
        return {k: _decode(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_decode(x) for x in v]
    return v


def _atomic_write(path, write):
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)     # (a signal too: no half file is left)
        raise


class Dataset:
    """A run's folder: `has(i)`, `read(i)` and `write(i, rows)` of chunk i (its index in the
    run's chunk list), the manifest rewritten after each write; `close(complete)`."""

    def __init__(self, path, manifest, flag="--dataset"):
        self.path = Path(path)
        self.manifest = manifest
        self.finished = set(manifest["finished"])
        self.flag = flag                # the flag that named the folder, for a failed write

    # -- before the run: the folder as the flags need it
    @staticmethod
    def check_new(path, flag="--dataset"):
        p = Path(path)
        if p.exists() and not p.is_dir():
            raise PlaytestError(f"{flag} {path}: is a file, not a folder")
        if (p / MANIFEST).exists():
            raise PlaytestError(f"{flag} {path}: holds a run already (continue it with "
                                f"--resume {path}, or choose another folder)")
        if p.is_dir() and any(p.iterdir()):
            raise PlaytestError(f"{flag} {path}: the folder is not empty (a dataset gets a "
                                f"folder of its own)")
        check_output_folder(path, flag, new=True)

    @staticmethod
    def read_manifest(path, flag="--resume"):
        p = Path(path) / MANIFEST
        if not p.exists():
            what = "no such folder" if not Path(path).exists() else \
                f"no run in it (no {MANIFEST})"
            raise PlaytestError(f"{flag} {path}: {what}")
        try:
            m = json.loads(p.read_text())
            if isinstance(m.get("format"), int) and m["format"] < FORMAT:
                raise PlaytestError(f"{flag} {path}: a run of an older playtest (its manifest "
                                    f"is of format {m['format']}, this one's of {FORMAT}): "
                                    f"resume it with the playtest that started it")
            if m.get("format") != FORMAT:
                raise ValueError(f"format {m.get('format')!r}, expected {FORMAT}")
            for k in ("identity", "chunk", "chunks", "finished"):
                m[k]
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise PlaytestError(f"{flag} {path}: unreadable manifest {MANIFEST}: "
                                f"{type(e).__name__}: {e}") from None
        check_output_folder(path, flag, new=False)
        return m

    @classmethod
    def create(cls, path, ident, chunk, chunks):
        """A new run's folder: `chunks` is how many chunks the run has."""
        cls.check_new(path)
        with writing("--dataset", path):
            Path(path).mkdir(parents=True, exist_ok=True)
        now = _now()
        ds = cls(path, {"format": FORMAT, "command_line": shlex.join(
            [os.path.basename(sys.argv[0]) or "playtest"] + sys.argv[1:]),
            "identity": ident, "chunk": int(chunk), "chunks": int(chunks),
            "finished": [], "complete": False, "started": now, "updated": now})
        ds._save()
        return ds

    @classmethod
    def resume(cls, path, ident, chunk=None):
        """The run in `path`, if `ident` (and `chunk`, if given) are its own; else one line
        saying what differs."""
        m = cls.read_manifest(path)
        diff = difference(m["identity"], ident)
        if diff is None and chunk is not None and int(chunk) != m["chunk"]:
            diff = (f"the chunk size (--batch-size) differs: {m['chunk']} in the run, {chunk} "
                    f"here (leave it out to resume)")
        if diff:
            raise PlaytestError(f"--resume {path}: not the same run: {diff}")
        ds = cls(path, m, flag="--resume")
        # a chunk is finished if the manifest says so and its file is there (a file the
        # manifest does not list yet is played again: the same games, the same rows)
        ds.finished = {i for i in ds.finished if ds.file(i).exists()}
        return ds

    @property
    def chunk(self):
        return self.manifest["chunk"]

    def file(self, i):
        return self.path / f"chunk-{i:06d}.parquet"

    def has(self, i):
        return i in self.finished

    def write(self, i, rows):
        import pyarrow as pa
        import pyarrow.parquet as pq
        bare = rows.copy(deep=False)
        bare.attrs = {}
        table = pa.Table.from_pandas(bare)
        meta = dict(table.schema.metadata or {})
        meta[b"playtest"] = json.dumps({"chunk": i, "attrs": _encode(dict(rows.attrs))}).encode()
        table = table.replace_schema_metadata(meta)
        with writing(self.flag, self.path):
            _atomic_write(self.file(i), lambda p: pq.write_table(table, p))
        self.finished.add(i)
        try:
            self._save()
        except OutputFailed:
            self.finished.discard(i)    # (the manifest on disk does not list it)
            raise

    def read(self, i):
        import pyarrow.parquet as pq
        table = pq.read_table(self.file(i))
        rows = table.to_pandas()
        extra = json.loads((table.schema.metadata or {}).get(b"playtest", b"{}"))
        rows.attrs = _decode(extra.get("attrs", {}))
        return rows

    def close(self, complete=False):
        self.manifest["complete"] = bool(complete) or self.manifest.get("complete", False)
        self._save()

    def _save(self):
        self.manifest["finished"] = sorted(self.finished)
        self.manifest["updated"] = _now()
        # one line per key; the finished chunks' list compact (a long run has thousands)
        text = "{\n" + ",\n".join(
            f" {json.dumps(k)}: " + (json.dumps(v, separators=(",", ":"))
                                     if k == "finished" else
                                     json.dumps(v, indent=1).replace("\n", "\n "))
            for k, v in self.manifest.items()) + "\n}\n"
        with writing(self.flag, self.path):
            _atomic_write(self.path / MANIFEST, lambda p: p.write_text(text))


def _now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
