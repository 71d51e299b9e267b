"""Parsing and formatting mana strings.

Mana costs ("{X}{G}{G}", "{1}{G/W}{G/W}"), activation costs ("{2}, {Q}", "{B/R}, {T}") and mana
pools ("{G}{G}{C}"). Colour indices follow WUBRGC order: W=0, U=1, B=2, R=3, G=4, C=5.
Every malformed string raises PlaytestError naming where it was found and the bad text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import PlaytestError

MANA_LETTERS = "WUBRGC"
COLOR_LETTERS = "WUBRG"
_SYMBOL = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class ManaCost:
    """A parsed mana cost.

    generic: the generic part ({3} -> 3); pips: counts of {W},{U},{B},{R},{G},{C} (WUBRGC);
    hybrid: one (colour index, colour index) pair per two-colour hybrid symbol, as written
    ({G/W} -> (4, 0)); x: the number of {X} symbols.
    """

    generic: int = 0
    pips: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    hybrid: tuple[tuple[int, int], ...] = ()
    x: int = 0

    @property
    def is_empty(self) -> bool:
        return self.generic == 0 and not any(self.pips) and not self.hybrid and self.x == 0

    def __str__(self) -> str:
        return format_mana(self)


EMPTY_COST = ManaCost()


def _q(s: str) -> str:
    """Quote a user string the way TOML writes it."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _symbols(s: str, where: str, what: str) -> list[str]:
    """Split s into the insides of its {...} symbols; anything between symbols is an error."""
    if not isinstance(s, str):
        raise PlaytestError(f"{where}: expected a {what} string, got {s!r}")
    out = []
    pos = 0
    for m in _SYMBOL.finditer(s):
        if m.start() != pos:
            bad = s[pos:m.start()]
            raise PlaytestError(
                f"{where}: bad {what} {_q(s)}: unexpected text {_q(bad)} (symbols are written in "
                f"braces, e.g. \"{{2}}{{G}}\")")
        out.append(m.group(1))
        pos = m.end()
    if pos != len(s):
        bad = s[pos:]
        raise PlaytestError(
            f"{where}: bad {what} {_q(s)}: unexpected text {_q(bad)} (symbols are written in "
            f"braces, e.g. \"{{2}}{{G}}\")")
    return out


def _mana_symbols(s: str, where: str, what: str) -> ManaCost:
    generic = 0
    pips = [0] * 6
    hybrid: list[tuple[int, int]] = []
    x = 0
    for sym in _symbols(s, where, what):
        if sym.isdigit() and sym.isascii() and len(sym) <= 2 and (sym == "0" or sym[0] != "0"):
            generic += int(sym)
        elif len(sym) == 1 and sym in MANA_LETTERS:
            pips[MANA_LETTERS.index(sym)] += 1
        elif sym == "X":
            x += 1
        elif (len(sym) == 3 and sym[1] == "/" and sym[0] in COLOR_LETTERS
              and sym[2] in COLOR_LETTERS and sym[0] != sym[2]):
            hybrid.append((COLOR_LETTERS.index(sym[0]), COLOR_LETTERS.index(sym[2])))
        else:
            raise PlaytestError(
                f"{where}: bad {what} {_q(s)}: unknown mana symbol {_q('{' + sym + '}')} "
                f"(allowed: {{0}}..{{99}}, {{W}} {{U}} {{B}} {{R}} {{G}} {{C}}, {{X}}, "
                f"two-colour hybrid such as {{G/W}})")
    return ManaCost(generic=generic, pips=tuple(pips), hybrid=tuple(hybrid), x=x)


def parse_mana(s: str, where: str) -> ManaCost:
    """Parse a mana cost such as "{X}{G}{G}" or "{1}{G/W}{G/W}"; "" is the empty cost."""
    return _mana_symbols(s, where, "mana cost")


def mana_value(cost: ManaCost) -> int:
    """Mana value (CR 202.3): X counts 0, a hybrid symbol counts 1."""
    return cost.generic + sum(cost.pips) + len(cost.hybrid)


def format_mana(cost: ManaCost) -> str:
    """Write a ManaCost back as a string in the usual order: X, generic, hybrid, coloured."""
    parts = ["{X}"] * cost.x
    if cost.generic:
        parts.append("{%d}" % cost.generic)
    for a, b in cost.hybrid:
        parts.append("{%s/%s}" % (COLOR_LETTERS[a], COLOR_LETTERS[b]))
    for i, n in enumerate(cost.pips):
        parts.extend(["{%s}" % MANA_LETTERS[i]] * n)
    return "".join(parts)


def parse_activation_cost(s: str, where: str) -> tuple[ManaCost, bool, bool]:
    """Parse an activation cost: comma-separated parts, each a run of mana symbols, "{T}" or
    "{Q}". Returns (mana cost, tap, untap). "" is a cost with nothing in it."""
    if not isinstance(s, str):
        raise PlaytestError(f"{where}: expected an activation cost string, got {s!r}")
    if s.strip() == "":
        if s != "":
            raise PlaytestError(f"{where}: bad activation cost {_q(s)}: blank")
        return EMPTY_COST, False, False
    tap = untap = False
    mana: ManaCost | None = None
    for raw in s.split(","):
        part = raw.strip()
        if part == "":
            raise PlaytestError(
                f"{where}: bad activation cost {_q(s)}: empty part between commas")
        if part == "{T}":
            if tap:
                raise PlaytestError(f"{where}: bad activation cost {_q(s)}: {{T}} given twice")
            tap = True
        elif part == "{Q}":
            if untap:
                raise PlaytestError(f"{where}: bad activation cost {_q(s)}: {{Q}} given twice")
            untap = True
        else:
            syms = _symbols(part, where, "activation cost")
            if "T" in syms or "Q" in syms:
                raise PlaytestError(
                    f"{where}: bad activation cost {_q(s)}: {{T}} and {{Q}} must be parts of "
                    f"their own, separated by commas (e.g. \"{{1}}, {{T}}\")")
            if mana is not None:
                raise PlaytestError(
                    f"{where}: bad activation cost {_q(s)}: write the mana part once "
                    f"(e.g. \"{{1}}{{G}}, {{T}}\")")
            mana = _mana_symbols(part, where, "activation cost")
    if tap and untap:
        raise PlaytestError(f"{where}: bad activation cost {_q(s)}: both {{T}} and {{Q}}")
    return (mana if mana is not None else EMPTY_COST), tap, untap


def format_activation_cost(cost: ManaCost, tap: bool, untap: bool) -> str:
    parts = []
    m = format_mana(cost)
    if m:
        parts.append(m)
    if tap:
        parts.append("{T}")
    if untap:
        parts.append("{Q}")
    return ", ".join(parts)


def format_pool(counts6) -> str:
    """Mana pool counts in WUBRGC order -> "{G}{G}{C}" ("" when empty)."""
    counts = [int(c) for c in counts6]
    if len(counts) != 6:
        raise ValueError(f"format_pool needs 6 counts (WUBRGC), got {len(counts)}")
    if any(c < 0 for c in counts):
        raise ValueError(f"format_pool got a negative count: {counts}")
    return "".join("{%s}" % MANA_LETTERS[i] * c for i, c in enumerate(counts))


def parse_pool(s: str, where: str) -> list[int]:
    """Parse mana in a pool, e.g. "{G}{G}{C}" -> [0, 0, 0, 0, 2, 1]. Only {W}{U}{B}{R}{G}{C}."""
    counts = [0] * 6
    for sym in _symbols(s, where, "mana pool"):
        if len(sym) == 1 and sym in MANA_LETTERS:
            counts[MANA_LETTERS.index(sym)] += 1
        else:
            raise PlaytestError(
                f"{where}: bad mana pool {_q(s)}: {_q('{' + sym + '}')} is not a mana type "
                f"(a pool holds only {{W}} {{U}} {{B}} {{R}} {{G}} {{C}})")
    return counts
