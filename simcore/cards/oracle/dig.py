"""Looking at the top of a library and taking some of the cards (the effect look_at_top):
"Look at the top four cards of your library. You may reveal a creature or land card from
among them and put it into your hand. Put the rest on the bottom of your library in a
random order." The phrase spans two or three sentences, so it is read before the
sentence-by-sentence effects (effects.read_effects)."""
from __future__ import annotations

import re

from .targets import read_filter
from .words import NUMBER, number

_LOOK = re.compile(rf"^Look at the top (?:card|(?P<n>{NUMBER}) cards) of your library$")
_TO = r"(?P<to>into your hand|onto the battlefield)"
_REST = (r"(?P<rest>into your graveyard|on the bottom of your library(?: in (?:any|a random) "
         r"order)?)")
_EXACT = re.compile(rf"^Put (?P<k>{NUMBER}) of them {_TO} and (?P<other>the rest|the other) "
                    rf"{_REST}$")
_MV = r"(?: with mana value (?P<mv>\d+) or less)?"
_ONE = re.compile(rf"^You may (?P<reveal>reveal|put) an? (?P<what>[^.]+?) card{_MV} from among "
                  rf"them (?:and put it )?{_TO}$")
_UP_TO = re.compile(rf"^Put up to (?P<k>{NUMBER}) (?P<what>[^.]+?) cards{_MV} from among them "
                    rf"{_TO}$")
_PUT_REST = re.compile(rf"^Put the rest {_REST}$")
_RESTS = {"into your graveyard": "graveyard", "on the bottom of your library": "bottom",
          "on the bottom of your library in any order": "bottom",
          "on the bottom of your library in a random order": "bottom_random"}


def _find(what: str, mv) -> list | None:
    f = read_filter(what)
    if f is None or set(f) - {"types", "subtype"}:
        return None
    if mv is not None:
        f["mv_max"] = int(mv)
    return [f]


def read_look(sents: list[str], i: int) -> tuple[dict, int] | None:
    """The look_at_top effect starting at sentence i of `sents` (without final periods) and
    how many sentences it takes, or None."""
    m = _LOOK.match(sents[i])
    if not m:
        return None
    n = 1 if m["n"] is None else number(m["n"])
    if not isinstance(n, int) or i + 1 >= len(sents):
        return None
    e = {"do": "look_at_top", "n": n}
    put = sents[i + 1]
    x = _EXACT.match(put)
    if x:
        k = number(x["k"])
        if not isinstance(k, int) or k >= n or (x["other"] == "the other") != (n - k == 1):
            return None
        rest = x["rest"]
        if rest == "on the bottom of your library" and n - k != 1:
            return None     # "the rest ... in any order" is how more than one is printed
        if k != 1:
            e["take"] = k
        used = 2
    else:
        one, many = _ONE.match(put), _UP_TO.match(put)
        y = one or many
        if y is None or i + 2 >= len(sents):
            return None
        r = _PUT_REST.match(sents[i + 2])
        if r is None or r["rest"] == "on the bottom of your library":
            return None
        rest = r["rest"]
        what = y["what"]
        if one:
            reveal = one["reveal"] == "reveal"
            if reveal != ("and put it" in put):     # "reveal ... and put it", "put ... into"
                return None
            if reveal:
                e["reveal"] = True
        else:
            k = number(many["k"])
            if not isinstance(k, int) or k < 2 or k > n:
                return None
            e["take"] = k
        find = _find(what, y["mv"])
        if find is None:
            return None
        e["up_to"] = True
        e["find"] = find
        if y["to"] == "onto the battlefield":
            e["put"] = "battlefield"
        used = 3
    if x and x["to"] == "onto the battlefield":
        e["put"] = "battlefield"
    r_ = _RESTS[rest]
    if r_ != "bottom":
        e["rest"] = r_
    return e, used
