"""The action encoding (simcore/encoding.py): its helpers invert each other, the compiled
twins agree with the Python ones, and no other source writes its shifts or masks by hand."""
import re
import tokenize
from pathlib import Path

import numpy as np
import pytest
from numba import njit

from simcore import consts as K
from simcore import encoding as E

ROOT = Path(__file__).resolve().parents[1]


def test_priority_options_round_trip():
    for kind in (K.OPT_LAND, K.OPT_CAST, K.OPT_WARP, K.OPT_ACTIVATE):
        for slot in (0, 1, 151, 2 ** 15 - 1):
            for ability in (0, 5, 63):
                o = E.priority_option(kind, slot, ability)
                assert o > 0 and o < 2 ** 31       # an int32 option cell holds it
                assert (E.option_kind(o), E.option_slot(o), E.option_ability(o)) == \
                    (kind, slot, ability)


def test_block_options_and_player_values_round_trip():
    for b in (0, 7, 2 ** 15 - 1):
        for a in (0, 3, 2 ** 15 - 1):
            o = E.block_option(b, a)
            assert (E.block_blocker(o), E.block_attacker(o)) == (b, a)
    for p in (0, 1):
        v = E.player_value(p)
        assert E.is_player_value(v) and E.value_player(v) == p
    assert not E.is_player_value(0) and not E.is_player_value(-1)    # a slot, no target


def test_packed_mana_round_trips():
    counts = [0, 3, 1, 0, 31, 2]
    v = E.pack_mana(counts)
    assert E.unpack_mana(v) == counts
    assert [E.mana_count(E.one_mana(i), i) for i in range(6)] == [1] * 6


def test_actions_and_options():
    assert E.PASS == E.KEEP == 0 and E.MULLIGAN == 1
    assert [E.option_of(E.action_of(k)) for k in range(5)] == list(range(5))


@njit
def _compiled(kind, slot, ability, b, a, p):
    o = E.priority_option_nb(kind, slot, ability)
    q = E.block_option_nb(b, a)
    v = E.player_value_nb(p)
    return (o, E.option_kind_nb(o), E.option_slot_nb(o), E.option_ability_nb(o), q,
            E.block_blocker_nb(q), E.block_attacker_nb(q), v, E.value_player_nb(v),
            E.is_player_value_nb(v))


def test_compiled_twins_agree():
    got = _compiled(np.int32(K.OPT_ACTIVATE), np.int32(77), np.int32(3), 9, 12, 1)
    o = E.priority_option(K.OPT_ACTIVATE, 77, 3)
    q = E.block_option(9, 12)
    assert got == (o, K.OPT_ACTIVATE, 77, 3, q, 9, 12, -3, 1, True)


# shifts and masks of the encoding, as they were written by hand before this module (read
# in code only: tokens with strings and comments left out, joined by spaces)
HAND_WRITTEN = [r"<< 24\b", r">> 24\b", r"\b0x3FFFF\b", r"<< 16\b", r">> 16\b",
                r"& 0xFFFF\b", r"- 2 - ", r"<= - 2\b"]


def code_lines(path):
    """(line number, the line's code tokens joined by spaces) of a Python source."""
    out = {}
    with open(path, "rb") as f:
        for tok in tokenize.tokenize(f.readline):
            if tok.type in (tokenize.STRING, tokenize.COMMENT, tokenize.ENCODING, tokenize.NL,
                            tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT) or \
                    tok.type >= tokenize.N_TOKENS or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                continue
            out.setdefault(tok.start[0], []).append(tok.string)
    return [(n, " ".join(t)) for n, t in sorted(out.items())]


# files whose masks are another encoding's: the zone bitmaps' 16-bit words
OTHER_ENCODINGS = {"encoding.py", "test_encoding.py", "zonebits.py"}


def sources():
    for pkg in ("simcore", "agents", "experiments", "tests"):
        for f in sorted((ROOT / pkg).rglob("*.py")):
            if f.name not in OTHER_ENCODINGS:
                yield f


@pytest.mark.parametrize("pattern", HAND_WRITTEN)
def test_no_hand_written_encoding_outside_its_module(pattern):
    bad = []
    for f in sources():
        for n, code in code_lines(f):
            if re.search(pattern, code):
                bad.append(f"{f.relative_to(ROOT)}:{n}: {code}")
    assert not bad, bad


def test_the_search_finds_hand_written_encoding(tmp_path):
    """The search above can fail: it finds the old packing in code, not in a docstring."""
    f = tmp_path / "old.py"
    f.write_text('"""o = kind << 24 | slot"""\no = (OPT_CAST << 24) | (slot << 6)\n'
                 'p = -2 - v  # a player\n')
    found = [(n, p) for n, code in code_lines(f) for p in HAND_WRITTEN if re.search(p, code)]
    assert found == [(2, r"<< 24\b"), (3, r"- 2 - ")]
