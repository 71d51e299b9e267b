"""tests/profile_kernels.py keeps up with the kernels: its instrumentation applies to the
sources as they are (a renamed kernel or a changed call site stops it with a line naming
what to update), and the copy it makes is valid Python with every timer in place."""
import ast
import shutil

import profile_kernels as pk


def test_the_instrumentation_applies_to_the_current_kernels(tmp_path):
    shutil.copytree(pk.ROOT / "simcore", tmp_path / "simcore",
                    ignore=shutil.ignore_patterns("__pycache__"))
    pk.instrument(tmp_path)
    kernels = tmp_path / "simcore" / "kernels"
    for f in list(kernels.glob("*.py")) + list((kernels.parent / "players").glob("*.py")):
        ast.parse(f.read_text())
    flow = (kernels / "flow.py").read_text()
    assert flow.count("timed_txn_nb(st, snap, ct, fw, g, ") >= 2
    for mod, name, *_ in pk.WRAPPED:
        src = (kernels / f"{mod}.py").read_text()
        assert f"def {name}_raw(" in src and f"r = {name}_raw(" in src, name
