"""The package's import graph, read from the sources: no cycle anywhere, and layers import
downward only (kernels know no agents, pandas or CLI; the compile machinery knows no rules;
agents and experiments use the Python API, not kernel modules); the rules ask a compiled
player at one point only. Experiments' floor plan: a
command's module is imported by the CLI (and the report) alone, no private name is imported
from another module, and nothing imports the test tree."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("simcore", "agents", "experiments")


def module_files():
    """module name -> file, for every module of the three packages."""
    out = {}
    for pkg in PACKAGES:
        for f in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


def imports_of(name, path, modules):
    """First-party modules `name` imports anywhere in its source (inside functions too: a
    cycle through a late import is still a cycle), and every third-party top-level name."""
    tree = ast.parse(path.read_text())
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            found.add(mod)
            for a in node.names:            # `from . import x`: x may be a module
                if f"{mod}.{a.name}" in modules:
                    found.add(f"{mod}.{a.name}")
    first, third = set(), set()
    for mod in found:
        top = mod.split(".")[0]
        if top in PACKAGES:
            parts = mod.split(".")
            while parts and ".".join(parts) not in modules:
                parts.pop()                 # `from simcore.x import name`: the module x
            # importing a.b.c runs a/__init__ and a/b/__init__ first
            for k in range(1, len(parts) + 1):
                target = ".".join(parts[:k])
                if target != name and not name.startswith(target + "."):
                    first.add(target)
        else:
            third.add(top)
    return first, third


MODULES = module_files()
GRAPH = {m: imports_of(m, f, MODULES) for m, f in MODULES.items()}


def test_the_graph_is_read():
    assert "simcore.game" in GRAPH and "simcore.kernels.flow" in GRAPH["simcore.game"][0]
    assert "numba" in GRAPH["simcore.jit.decorators"][1]
    assert "simcore.jit" in GRAPH["simcore.kernels.flow"][0]


def test_no_import_cycle():
    """Tarjan's strongly connected components over first-party imports: each module must be
    its own component."""
    index, low, stack, on, cycles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v][0]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert not cycles, f"import cycles: {cycles}"


def test_a_cycle_is_found():
    """The check above can fail: a graph with a cycle has a component of two."""
    global GRAPH
    saved = GRAPH
    GRAPH = dict(saved, **{"simcore.seeds": ({"simcore.game"}, set())})
    try:
        with pytest.raises(AssertionError, match="simcore.game"):
            test_no_import_cycle()
    finally:
        GRAPH = saved


LAYERS = {
    # module prefix: (first-party prefixes it may import, third-party packages it may import)
    "simcore.jit": (("simcore.jit",), {"numba", "llvmlite", "numpy", "atexit", "copy",
                                       "hashlib", "importlib", "os", "pathlib", "pickle",
                                       "subprocess", "sys", "tempfile", "threading", "time"}),
    # the rules; simcore.players only at the one asking point (the test below)
    "simcore.kernels": (("simcore.kernels", "simcore.players", "simcore.jit", "simcore.layout",
                         "simcore.consts", "simcore.encoding", "simcore"),
                        {"numpy", "numba"}),
    "simcore.players": (("simcore.players", "simcore.kernels", "simcore.jit", "simcore.layout",
                         "simcore.consts", "simcore.encoding", "simcore"),
                        {"numpy", "numba"}),
    "simcore.layout": ((), set()),
    "simcore.consts": ((), set()),
    "simcore.encoding": (("simcore.consts", "simcore"), {"numba"}),
}


@pytest.mark.parametrize("prefix", sorted(LAYERS))
def test_layers_import_downward_only(prefix):
    allowed_first, allowed_third = LAYERS[prefix]
    bad = []
    for m, (first, third) in GRAPH.items():
        if m != prefix and not m.startswith(prefix + "."):
            continue
        bad += [f"{m} imports {t}" for t in first
                if not any(t == a or t.startswith(a + ".") for a in allowed_first)
                and not (t == "simcore" and "simcore" in allowed_first)]
        bad += [f"{m} imports {t}" for t in third - allowed_third - {"__future__"}]
    assert not bad, bad


def test_the_engine_knows_no_statistics_agents_or_cli():
    bad = [f"{m} imports {t}" for m, (first, third) in GRAPH.items() if m.startswith("simcore")
           for t in sorted(first | third)
           if t.split(".")[0] in ("agents", "experiments", "pandas", "scipy", "matplotlib")]
    assert not bad, bad


@pytest.mark.parametrize("pkg", ["agents", "experiments"])
def test_agents_and_experiments_use_the_python_api(pkg):
    """Not kernel modules nor the compile machinery: GameBatch and its small public surface
    (is_compiled, warm, register_agent, in_ranges), the card pool, decks, consts, layout and
    the action encoding."""
    bad = [f"{m} imports {t}" for m, (first, _) in GRAPH.items() if m.startswith(pkg)
           for t in sorted(first)
           if t.startswith(("simcore.kernels", "simcore.players", "simcore.jit",
                            "simcore.compile_plan"))]
    assert not bad, bad


# ---- the compiled players: the rules ask them at one point

ASKING = "simcore.players.asking"
# the castability count deals hands and mulligans them by the rule, playing no game
RULE_USERS = {"simcore.kernels.castability": {"simcore.players.mulligan_rule"}}


def player_dispatch(path):
    """{function called: dispatching function} for every call made in a branch that tests
    a compiled policy (`if policy == P_GREEDY:` ..., any consts P_* but P_PYTHON, which
    names no player): the players, and where a player is chosen."""
    out = {}
    for fn in ast.walk(ast.parse(path.read_text())):
        if not isinstance(fn, ast.FunctionDef):
            continue
        for node in ast.walk(fn):
            if not isinstance(node, ast.If):
                continue
            names = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
            if not any(n.startswith("P_") and n != "P_PYTHON" for n in names):
                continue
            for stmt in node.body:
                for call in ast.walk(stmt):
                    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
                        out[call.func.id] = fn.name
    return out


def defined_in(name):
    """The modules of simcore that define a function `name`."""
    return sorted(m for m, f in MODULES.items() if m.startswith("simcore") and any(
        isinstance(n, ast.FunctionDef) and n.name == name for n in ast.walk(ast.parse(
            f.read_text()))))


def asking_imports(graph):
    """Rules kernels' imports of a player module other than the asking point."""
    return [f"{m} imports {t}" for m, (first, _) in sorted(graph.items())
            if m.startswith("simcore.kernels.") for t in sorted(first)
            if t.startswith("simcore.players.") and t != ASKING
            and t not in RULE_USERS.get(m, ())]


def test_the_compiled_players_live_in_their_package():
    """Every kernel that a compiled policy (P_*) names, and every function choosing among
    them, is defined in simcore/players/, not among the rules."""
    dispatch = {}
    for m, f in MODULES.items():
        if m.startswith("simcore"):
            dispatch.update({(m, k): v for k, v in player_dispatch(f).items()})
    players = {k for _, k in dispatch}
    assert {"greedy_action_nb", "random_action_nb", "first_action_nb",
            "search_action_nb"} <= players, players
    bad = [f"{m}: {chooser} chooses a player" for (m, _), chooser in sorted(dispatch.items())
           if not m.startswith("simcore.players.")]
    bad += [f"{name} (a player) is defined in {m}" for name in sorted(players)
            for m in defined_in(name) if not m.startswith("simcore.players.")]
    assert not bad, sorted(set(bad))


def test_rules_kernels_ask_a_player_only_at_the_asking_point():
    """A rules kernel calls a player only through simcore/players/asking.py (the loop's
    decisions, engine questions where they arise): no rules module imports another player
    module, so what a player does never leaks into the rules' code."""
    assert ASKING in GRAPH["simcore.kernels.choice"][0]
    assert ASKING in GRAPH["simcore.kernels.flow"][0]
    bad = asking_imports(GRAPH)
    assert not bad, bad


def test_a_player_reached_past_the_asking_point_is_found():
    """The check above can fail: the game loop importing greedy directly."""
    graph = dict(GRAPH, **{"simcore.kernels.flow": (
        GRAPH["simcore.kernels.flow"][0] | {"simcore.players.greedy"}, set())})
    assert asking_imports(graph) == ["simcore.kernels.flow imports simcore.players.greedy"]


def test_the_cache_key_covers_every_source_the_kernels_import():
    """simcore/jit/cachedir.py names the compile cache after a hash of the sources that
    affect machine code: every first-party module a kernel or the compile machinery imports,
    however indirectly, must be among them (or an edit to it would load stale code)."""
    from simcore.jit.cachedir import machine_code_sources
    hashed = {str(p.relative_to(ROOT)) for p in machine_code_sources()}
    todo = [m for m in GRAPH if m.startswith(("simcore.kernels", "simcore.jit"))]
    seen = set()
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo.extend(GRAPH[m][0])
    files = {str(MODULES[m].relative_to(ROOT)) for m in seen if m != "simcore"}
    missing = sorted(files - hashed - {"simcore/__init__.py"})
    assert not missing, f"imported by kernels but not in the cache key: {missing}"
    assert {"simcore/layout.py", "simcore/consts.py", "simcore/encoding.py"} <= hashed


# ---- experiments' floor plan: a command module is imported by the dispatchers alone

CLI = ROOT / "experiments" / "cli.py"
# the modules that run a command of another module's choosing: the CLI by subcommand, the
# report by the kind of a saved table (each kind summarised and drawn by its own command)
DISPATCHERS = ("experiments.cli", "experiments.report")


def cli_commands():
    """{subcommand: {experiments module: names imported from it}} of every `cmd_<name>`
    function in experiments/cli.py."""
    out = {}
    for node in ast.parse(CLI.read_text()).body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("cmd_"):
            mods = out.setdefault(node.name[len("cmd_"):], {})
            for sub in ast.walk(node):
                if isinstance(sub, ast.ImportFrom) and (sub.module or "").startswith(
                        "experiments."):
                    mods.setdefault(sub.module, set()).update(a.name for a in sub.names)
    return out


def command_modules():
    """{subcommand: its module}: the module `cmd_<name>` imports the function `<name>` from
    (cmd_simulate: `from experiments.simulate import simulate`)."""
    return {name: mod for name, mods in cli_commands().items()
            for mod, names in mods.items() if name in names}


COMMANDS = command_modules()


def test_the_commands_are_read_from_the_cli():
    """Every subcommand that runs experiments code has its module, named after it."""
    assert {"simulate", "compare", "bench", "report"} <= set(COMMANDS)
    assert "experiments.plots" not in COMMANDS.values()
    missing = sorted(c for c, mods in cli_commands().items() if mods and c not in COMMANDS)
    assert not missing, f"cmd_<name> imports no function <name> from experiments: {missing}"
    assert all(m == f"experiments.{c}" for c, m in COMMANDS.items()), COMMANDS


def command_imports(graph):
    return [f"{m} imports {t}" for m, (first, _) in sorted(graph.items())
            if m.startswith("experiments") and m not in DISPATCHERS
            for t in sorted(first & set(COMMANDS.values()))]


def test_a_command_module_is_imported_by_the_dispatchers_alone():
    """What several commands share lives in modules named after what it does (shares,
    players, opponents, tally, gamerows, ...), not in one command's module."""
    bad = command_imports(GRAPH)
    assert not bad, bad


def test_a_command_import_is_found():
    """The check above can fail: paths importing simulate."""
    graph = dict(GRAPH, **{"experiments.paths": ({"experiments.simulate"}, set())})
    assert "experiments.paths imports experiments.simulate" in command_imports(graph)


def test_no_private_name_is_imported_from_another_module():
    """A name that several modules use is public: no `from experiments.x import _name`."""
    bad = []
    for m, f in MODULES.items():
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ImportFrom) and (
                    node.level or (node.module or "").split(".")[0] in PACKAGES):
                bad += [f"{m} imports {node.module}.{a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]
    assert not bad, bad


TEST_TREE = {"tests"} | {p.stem for p in (ROOT / "tests").iterdir()
                         if p.suffix == ".py" or (p / "__init__.py").is_file()}


def strings(path):
    """The string constants of a source, docstrings left out."""
    tree = ast.parse(path.read_text())
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs]


def test_the_packages_do_not_reach_into_the_tests():
    """An installed package has no tests/: no module imports from it, by name or through a
    path or module name in a string ("tests", "tests/...", "tests.x")."""
    bad = []
    for m, f in MODULES.items():
        bad += [f"{m} imports {t}" for t in sorted(GRAPH[m][1] & TEST_TREE)]
        bad += [f"{m} names {s!r}" for s in strings(f)
                if s == "tests" or s.startswith(("tests/", "tests."))]
    assert not bad, bad
