"""Lazy linking: compile the engine's call tree once per entry instead of once per kernel.

numba compiles each jitted function into a code library, links the libraries of everything
it calls into it, runs the module optimiser over the result and emits machine code for it.
For a tree of ~200 kernels every kernel thus re-optimised and re-emitted all the kernels below
it: 188 of 352 s of the cold compile (profiled). Here a kernel's library keeps only its own
code as optimised IR and emits no machine code (nothing runs a kernel's own code: Python
never calls one), and an entry's library links the whole tree of kernels below it (so the
entry's cached object code is self-contained) and optimises it once, inlining across kernels
as before.

This reaches into numba's code-library internals (numba 0.63-0.68 share them; 0.62 and
earlier have no `_reload_init`, so pyproject.toml asks for 0.63). Where they are missing,
KERNEL_OPTIONS is empty and kernels compile the ordinary way.
"""
KERNEL_OPTIONS = {}
ACTIVE = False

try:
    import llvmlite.binding as _ll
    from numba.core import codegen as _cg
    from numba.core.compiler import CompilerBase, DefaultPassBuilder
    from numba.core.compiler_machinery import FunctionPass, register_pass
    from numba.core.typed_passes import NopythonTypeInference

    _LIB = _cg.CPUCodeLibrary
    for _name in ("finalize", "_finalize_dynamic_globals", "_raise_if_finalized",
                  "_ensure_finalized", "_get_module_for_linking", "_optimize_final_module"):
        getattr(_LIB, _name)
    _cg.JITCodeLibrary.get_pointer_to_function
    _cg.JITCPUCodegen.set_env
except (ImportError, AttributeError):       # another numba: compile the ordinary way
    _LIB = None


def is_lazy(lib):
    """A kernel's code library (its own code only; entries link the tree)."""
    return getattr(lib, "_playtest_lazy", False)


def _tree(libs):
    """The libraries below an entry: every lazy kernel reachable, and what they link."""
    out, seen, todo = [], set(), list(libs)
    while todo:
        lib = todo.pop()
        if id(lib) in seen:
            continue
        seen.add(id(lib))
        out.append(lib)
        if is_lazy(lib):
            todo.extend(lib._playtest_callees)
    return out


if _LIB is not None:
    @register_pass(mutates_CFG=False, analysis_only=True)
    class MarkLazyLibrary(FunctionPass):
        """Marks the kernel's code library (created here, before lowering) as lazy."""
        _name = "playtest_mark_lazy_library"

        def __init__(self):
            FunctionPass.__init__(self)

        def run_pass(self, state):
            if state.library is None:
                state.library = state.targetctx.codegen().create_library(
                    state.func_id.func_qualname)
            state.library._playtest_lazy = True
            return False

    class KernelCompiler(CompilerBase):
        """numba's nopython pipeline plus MarkLazyLibrary."""

        def define_pipelines(self):
            pm = DefaultPassBuilder.define_nopython_pipeline(self.state)
            pm.add_pass_after(MarkLazyLibrary, NopythonTypeInference)
            pm.finalize()
            return [pm]

    _numba_finalize = _LIB.finalize
    _numba_optimize = _LIB._optimize_final_module

    def _finalize(self):
        if not is_lazy(self):
            # an entry (or any other numba function): link the whole tree below it
            self._linking_libraries = _tree(self._linking_libraries)
            self._playtest_entry = any(is_lazy(lib) for lib in self._linking_libraries)
            return _numba_finalize(self)
        # a kernel: its own code plus numba's helpers, no module passes over callees
        self._raise_if_finalized()
        self._playtest_callees = list(self._linking_libraries)
        self._linking_libraries = [lib for lib in self._linking_libraries if not is_lazy(lib)]
        seen = set()
        for lib in self._linking_libraries:
            if lib not in seen:
                seen.add(lib)
                self._reload_init.update(lib._reload_init)
                self._final_module.link_in(lib._get_module_for_linking(), preserve=True)
        self._final_module.verify()
        # no machine code: nothing runs a kernel's own code (entries carry their copy), and
        # emitting it was most of what remained of the cold compile
        self._finalize_dynamic_globals()
        self._finalized = True

    def _optimize_final_module(self):
        if getattr(self, "_playtest_entry", False):
            # The kernels linked in are linkonce_odr; nothing outside the entry calls them
            # (Python calls the entry's own functions only), so make them internal: LLVM
            # may then drop the arguments a kernel never reads. numba passes the State,
            # card table and flow as ~300 flat values, and every call that was not inlined
            # copied all of them (perf: most of run_action_nb's own time was that copying).
            for fn in self._final_module.functions:
                if not fn.is_declaration and fn.linkage == _ll.Linkage.linkonce_odr:
                    fn.linkage = "internal"
        return _numba_optimize(self)

    _numba_pointer = _cg.JITCodeLibrary.get_pointer_to_function
    _numba_set_env = _cg.JITCPUCodegen.set_env

    def _get_pointer_to_function(self, name):
        if is_lazy(self):
            self._ensure_finalized()
            return 0            # a kernel has no machine code; Python never calls one
        return _numba_pointer(self, name)

    def _set_env(self, env_name, env):
        if self._engine.get_global_value_address(env_name):
            _numba_set_env(self, env_name, env)
        # else: a kernel's environment, never emitted (entries need none: no object mode)

    _LIB.finalize = _finalize
    _LIB._optimize_final_module = _optimize_final_module
    _cg.JITCodeLibrary.get_pointer_to_function = _get_pointer_to_function
    _cg.JITCPUCodegen.set_env = _set_env
    KERNEL_OPTIONS = dict(pipeline_class=KernelCompiler)
    ACTIVE = True
