"""Kernels shared between processes as IR: the cold compile on both cores.

numba caches machine code for entries only, and a cold compile types and lowers every kernel
below `step_games_nb` in one process, one kernel after the other (~55 of ~80 s). Here every
kernel a process compiles is also written to disk as its own optimised IR (LLVM bitcode) with
what callers need to call it (function descriptor, signature) and the records of the kernels
it calls. A process about to compile a kernel first looks for a record of it and, if one is
there, loads it instead: no typing, no lowering; its callees come from their records, under
the names the writing process gave them (numba numbers functions per process, so a record
links to the callees it was compiled against). The entry still links and optimises the whole
tree once (lazylink.py).

`helper.py` uses this to split a cold compile: a helper process compiles the
parts of the tree the main process reaches last while the main process works through the
rest. A record holds the code of one kernel and is keyed by its source hash (the cache folder,
cachedir.py), numba and llvmlite versions, name and argument types: a record
written by an older source is never read. The records also serve a later process whose entry
is cold while its kernels are not (the scenario runner's entry after a `playtest simulate`).
"""
import copy
import hashlib
import os
import pickle
import sys
import tempfile

import llvmlite
import llvmlite.binding as ll
import numba
from numba.core.caching import NullCache
from numba.core.compiler import CompileResult

from .lazylink import is_lazy

_LOADED = {}        # record file name -> CompileResult, loaded or written by this process
_NAME_OF = {}       # id(code library) -> record file name
STATS = {"loaded": 0, "saved": 0}


_DIR = []


def ir_dir():
    """Where the records live: beside the entries' numba cache (same source hash), per
    Python, numba and llvmlite version and target machine (IR carries the host CPU's
    attributes, as numba's own cache index does)."""
    if not _DIR:
        from numba.core.registry import cpu_target
        magic = repr(cpu_target.target_context.codegen().magic_tuple()).encode()
        _DIR.append(os.path.join(
            numba.config.CACHE_DIR,
            f"kernels-ir-py{sys.version_info[0]}{sys.version_info[1]}-{numba.__version__}-"
            f"{llvmlite.__version__}-{hashlib.sha1(magic).hexdigest()[:8]}"))
    return _DIR[0]


def _prefix(dispatcher, sig):
    f = dispatcher.py_func
    h = hashlib.sha1(repr(tuple(str(t) for t in sig)).encode()).hexdigest()[:16]
    return f"{f.__module__}.{f.__qualname__}-{h}-"


class KernelIRCache(NullCache):
    """numba's cache interface for one kernel's dispatcher (`Dispatcher._cache`)."""

    def __init__(self, dispatcher):
        self._dispatcher = dispatcher

    def load_overload(self, sig, target_context):
        prefix = _prefix(self._dispatcher, sig)
        mine = [n for n in _LOADED if n.startswith(prefix)]
        if mine:            # loaded as another record's callee: the same library, once
            return _LOADED[mine[0]]
        try:
            names = sorted(n for n in os.listdir(ir_dir())
                           if n.startswith(prefix) and n.endswith(".pkl"))
        except OSError:
            return None
        for name in names:
            try:
                cres = _load(name, target_context)
            except Exception:   # noqa: BLE001 (a record this numba cannot use:
                cres = None     # compile the kernel instead)
            if cres is not None and tuple(cres.signature.args) == tuple(sig):
                return cres
        return None

    def save_overload(self, sig, cres):
        lib = cres.library
        if not is_lazy(lib):
            return
        callees = []
        for c in lib._playtest_callees:
            if is_lazy(c):
                if id(c) not in _NAME_OF:
                    return      # a callee without a record: callers compile it themselves
                callees.append(_NAME_OF[id(c)])
        fndesc = copy.copy(cres.fndesc)
        fndesc.typemap = fndesc.calltypes = None        # as numba's own cache: not needed
        name = _prefix(self._dispatcher, sig) + \
            hashlib.sha1(fndesc.mangled_name.encode()).hexdigest()[:12] + ".pkl"
        try:
            data = pickle.dumps(dict(
                bitcode=lib._final_module.as_bitcode(), fndesc=fndesc,
                environment=cres.environment, signature=cres.signature,
                reload_init=cres.reload_init, callees=callees, name=lib.name),
                protocol=pickle.HIGHEST_PROTOCOL)
            os.makedirs(ir_dir(), exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=ir_dir(), suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, os.path.join(ir_dir(), name))     # readers never see half a file
        except Exception:       # noqa: BLE001 (a read-only cache, an unpicklable
            return              # environment: records are an optimisation only)
        _LOADED[name] = cres
        _NAME_OF[id(lib)] = name
        STATS["saved"] += 1


def _load(name, target_context):
    """The CompileResult of record `name` and, first, of every record it links to."""
    if name in _LOADED:
        return _LOADED[name]
    try:
        with open(os.path.join(ir_dir(), name), "rb") as f:
            rec = pickle.load(f)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError):
        return None
    callees = []
    for c in rec["callees"]:
        cres = _load(c, target_context)
        if cres is None:
            return None
        callees.append(cres.library)
    for fn in rec["reload_init"]:
        fn()
    lib = target_context.codegen().create_library(rec["name"])
    lib._final_module = ll.parse_bitcode(rec["bitcode"])
    lib._playtest_lazy = True
    lib._playtest_callees = callees
    lib._finalize_dynamic_globals()
    lib._finalized = True               # as lazylink finalizes a kernel: no machine code
    fndesc, env = rec["fndesc"], rec["environment"]
    cres = CompileResult(
        typing_context=target_context.typing_context, target_context=target_context,
        entry_point=target_context.get_executable(lib, fndesc, env), typing_error=None,
        type_annotation="(loaded from a kernel record)", signature=rec["signature"],
        objectmode=False, lifted=(), fndesc=fndesc, library=lib, call_helper=None,
        environment=env, metadata=None, reload_init=rec["reload_init"], referenced_envs=())
    _LOADED[name] = cres
    _NAME_OF[id(lib)] = name
    STATS["loaded"] += 1
    return cres
