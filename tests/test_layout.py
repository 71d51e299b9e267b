"""Every plane of every packed array, and every array of the State, the Flow and the
CardTable, has its encoding documented in simcore/layout.py; no doc outlives its name."""
from simcore import layout as L
from simcore.cards.compile import CardTable
from simcore.flowstate import Flow
from simcore.state import State

ARRAY_DOCS = {"State": (State, L.STATE_ARRAY_DOCS), "Flow": (Flow, L.FLOW_ARRAY_DOCS),
              "CardTable": (CardTable, L.CARD_TABLE_ARRAY_DOCS)}


def undocumented(names, docs):
    return [n for n in names if not str(docs.get(n, "")).strip()]


def test_every_plane_has_a_doc():
    missing = [f"{g}: {n}" for g, fields in L.GROUPS.items()
               for n in undocumented(fields, L.FIELD_DOCS)]
    assert not missing, "planes without a doc in simcore/layout.py: " + ", ".join(missing)


def test_groups_are_their_pairs():
    """The planes (GROUPS, and so the indices) are exactly the documented (name, doc) pairs."""
    assert L.GROUP_PLANES.keys() == L.GROUPS.keys()
    for g, fields in L.GROUPS.items():
        assert tuple(n for n, _ in L.GROUP_PLANES[g]) == fields, g


def test_vector_planes_have_docs():
    """Each plane of a vector field (a_prod_opts0..3, ...) is a plane of its own, with a doc."""
    missing = [f"{name}{k}" for name, n in L.ABIL_VECTORS.items() for k in range(n)
               if f"{name}{k}" not in L.ABIL_FIELDS
               or not str(L.FIELD_DOCS.get(f"{name}{k}", "")).strip()]
    assert not missing, "vector planes without a doc: " + ", ".join(missing)


def test_every_array_has_a_doc():
    missing = [f"{what}.{n}" for what, (tup, docs) in ARRAY_DOCS.items()
               for n in undocumented(tup._fields, docs)]
    assert not missing, "arrays without a doc in simcore/layout.py: " + ", ".join(missing)


def test_no_stale_docs():
    stale = [f"{what}: {n}" for what, (tup, docs) in ARRAY_DOCS.items()
             for n in docs if n not in tup._fields]
    planes = {n for fields in L.GROUPS.values() for n in fields}
    arrays = {n for tup, _ in ARRAY_DOCS.values() for n in tup._fields}
    stale += [f"FIELD_DOCS: {n}" for n in L.FIELD_DOCS if n not in planes | arrays]
    assert not stale, "docs for names that no longer exist: " + ", ".join(stale)


def test_names_are_documented_once():
    """FIELD_DOCS holds planes and arrays in one dict: no name may stand for two things."""
    seen = {}
    for g, planes in L.GROUP_PLANES.items():
        for n, _ in planes:
            seen.setdefault(n, []).append(g)
    for what, (_, docs) in ARRAY_DOCS.items():
        for n in docs:
            seen.setdefault(n, []).append(what)
    twice = {n: where for n, where in seen.items() if len(where) > 1}
    assert not twice, f"names documented more than once: {twice}"
    assert len(L.FIELD_DOCS) == len(seen)
