"""Effect sentences (rule 609): "~ deals 3 damage to any target.", "Draw two cards.", "You gain
2 life.", "Destroy target creature." ... Each sentence gives card-file effects; a target phrase
adds to the ability's `targets` and the effect names it by position (`target`, `target2`).
A sentence with any part not understood gives None: the caller keeps it unread."""
from __future__ import annotations

import re

from .. import vocab
from .amounts import split_for_each
from .dig import read_look
from .targets import read_filter, read_target
from .tokens import predefined, token_def
from .words import NUMBER, number


class Targets:
    """The targets an ability declares, in the order its text names them."""

    def __init__(self, made: dict | None = None):
        self.specs: list = []
        self.made = {} if made is None else made     # token name -> definition (the face's)

    def add(self, spec) -> str | None:
        if len(self.specs) >= 2:
            return None
        self.specs.append(spec)
        return "target" if len(self.specs) == 1 else "target2"

    def last(self) -> str | None:
        return {1: "target", 2: "target2"}.get(len(self.specs))


def _object(phrase: str, tg: Targets, spells: bool = False) -> str | None:
    """An object an effect acts on: a target phrase, `~` (self) or "it" (the last target);
    a spell on the stack only where the effect says `spells` (a counterspell's)."""
    if phrase == "~":
        return "self"
    if phrase == "it" and tg.last():        # "that creature" may name another object
        return tg.last()
    m = _ATTACHED.match(phrase)       # what the Aura or Equipment is attached to
    if m:
        return m[1] or m[2]
    spec = read_target(phrase)
    if spec is None or (isinstance(spec, dict) and (spec.get("zone") == "stack") != spells):
        return None
    return tg.add(spec)


_ATTACHED = re.compile(r"^(enchanted) (?:creature|permanent|land|artifact|enchantment|"
                       r"planeswalker)$|^(equipped) creature$")


def _n(word: str):
    return number(word)


_DAMAGE_TO = {"each opponent": "each_opponent", "each creature": "each_creature",
              "each opponent and each creature they control":
                  "each_opponent_and_their_creatures"}
_WHO = {"you": "you", "each opponent": "each_opponent", "each player": "each_player"}


def _damage(m, tg):
    to = _DAMAGE_TO.get(m["to"]) or _object(m["to"], tg)
    if to is None or to == "self":
        return None
    e = {"do": "damage", "n": _n(m["n"])}
    if to != "target":
        e["to"] = to
    return [e]


def _draw(m, tg):
    return [{"do": "draw", "n": 1 if m["n"] is None else _n(m["n"])}]


def _discard(m, tg):
    return [{"do": "discard", "n": 1 if m["n"] is None else _n(m["n"])}]


def _gain(m, tg):
    return [{"do": "gain_life", "n": _n(m["n"])}]


def _lose(m, tg):
    who = _WHO.get(m["who"])
    if who is None:
        return None
    e = {"do": "lose_life", "n": _n(m["n"])}
    if who != "you":
        e["who"] = who
    return [e]


def _simple_object(do):
    def build(m, tg):
        what = _object(m["what"], tg)
        if what is None:
            return None
        e = {"do": do}
        if what != "target":
            e["what"] = what
        return [e]
    return build


def _surveil(m, tg):
    return [{"do": "surveil", "n": _n(m["n"])}]


def _counters(m, tg):
    on = _object(m["on"], tg)
    kind = m["kind"]
    if on is None or not re.fullmatch(r"[+-]1/[+-]1|[a-z]+", kind):
        return None
    e = {"do": "put_counters", "counter": kind, "n": _n(m["n"])}
    if on != "target":
        e["on"] = on
    return [e]


def _granted(m):
    """"flying", "first strike and trample", "flying, vigilance, and haste": keywords an
    effect may grant until end of turn (vocab.GRANTABLE_KEYWORDS), or None."""
    words = m.groupdict().get("kws")
    if not words:
        return []
    kws = [k for k in re.split(r",? and |, ", words) if k]
    if not kws or any(k not in vocab.GRANTABLE_KEYWORDS for k in kws):
        return None
    return kws


def _pump(m, tg):
    kws = _granted(m)
    if kws is None:
        return None
    what = _object(m["what"], tg)
    if what is None:
        return None
    e = {"do": "pump"}
    p, t = int(m.groupdict().get("p") or 0), int(m.groupdict().get("t") or 0)
    if m.groupdict().get("p") is not None:
        e.update(power=p, toughness=t)
    if kws:
        e["keywords"] = kws
    if what != "target":
        e["what"] = what
    return [e]


def _pump_all(m, tg):
    """"Creatures you control get +1/+1 until end of turn" (611.2c: those there then)."""
    kws = _granted(m)
    words = m["filt"]
    other = words.startswith("other ")
    f = read_filter(words[6:] if other else words, plural=True)
    if kws is None or f is None or f.get("zone") or words.startswith(("target", "~", "it ")):
        return None
    if other:
        f["other"] = True
    e = {"do": "pump_all", "filter": f}
    if m.groupdict().get("p") is not None:
        e.update(power=int(m["p"]), toughness=int(m["t"]))
    if kws:
        e["keywords"] = kws
    return [e]


def _investigate(m, tg):
    tg.made.setdefault("Clue", predefined("Clue"))
    return [{"do": "investigate", "n": 2 if m["n"] else 1}]


def _counter(m, tg):
    what = _object(m["what"], tg, spells=True)
    if what is None:
        return None
    e = {"do": "counter"}
    if what != "target":
        e["what"] = what
    if m["n"] is not None:
        if int(m["n"]) == 0:
            return None
        e["unless_pays"] = int(m["n"])
    return [e]


def _cant_block(m, tg):
    what = _object(m["what"], tg)
    if what is None:
        return None
    return [{"do": "cant_block"} if what == "target" else {"do": "cant_block", "what": what}]


def _return(m, tg):
    what = _object(m["what"], tg)
    if what is None or what == "self":
        return None
    e = {"do": "return_to_battlefield"}
    if what != "target":
        e["what"] = what
    return [e]


def _to_hand(m, tg):
    """"Return X to its owner's hand" (a permanent) or "... from your graveyard to your
    hand": the words follow where the object is, as the renderer writes them."""
    what = _object(m["what"], tg)
    if what is None:
        return None
    spec = tg.specs[vocab.TARGET_SELECTORS[what]] if what in vocab.TARGET_SELECTORS else None
    yours = isinstance(spec, dict) and spec.get("zone") == "graveyard" and \
        spec.get("owner") == "you"
    if (m["to"] == "your hand") != yours:
        return None
    e = {"do": "return_to_hand"}
    if what != "target":
        e["what"] = what
    return [e]


def _search(m, tg):
    what = m["what"].strip()
    find = []
    if what != "a":
        basic = what.startswith(("a basic ", "an basic "))
        words = re.sub(r"^an? (?:basic )?", "", what)
        alts = re.split(r",? or ", words)
        if basic and len(alts) > 1:
            return None         # "a basic land card or Gate card": basic is the first's only
        for alt in alts:
            if "permanent" in alt or alt.endswith(" card"):
                return None     # a permanent card: no filter says "not an instant or sorcery"
            f = read_filter(alt)
            if f is None or set(f) - {"types", "subtype"}:
                return None
            if basic:
                f["basic"] = True
            find.append(f)
        if len(find) > 2:
            return None
    e = {"do": "search_library"}
    if find:
        e["find"] = find
    if m["put"].startswith("onto"):
        e["put"] = "battlefield"
        if m["tapped"]:
            e["tapped"] = True
    if m["reveal"]:
        e["reveal"] = True
    return [e]


def _attach(m, tg):
    to = _object(m["what"], tg)
    if to != "target":
        return None
    return [{"do": "attach"}]


def _create(m, tg):
    tok = token_def(m["desc"], m["kws"])
    if tok is None:
        return None
    tg.made.setdefault(tok["name"], tok)
    return [{"do": "create_token", "token": tok["name"], "n": _n(m["n"])}]


_N = rf"(?P<n>{NUMBER})"
_OBJ = r"(?P<what>~|it|(?:another )?target [^.]+?|any target|enchanted \w+|equipped creature)"
_KWS = r"(?P<kws>[a-z][a-z ,]*?)"
PATTERNS = [
    (re.compile(rf"~ deals {_N} damage to (?P<to>[^.]+)"), _damage),
    (re.compile(rf"draw (?:(?P<n>{NUMBER}) cards|a card)"), _draw),
    (re.compile(rf"discard (?:(?P<n>{NUMBER}) cards|a card)"), _discard),
    (re.compile(rf"you gain {_N} life"), _gain),
    (re.compile(rf"(?P<who>you|each opponent|each player) loses? {_N} life"), _lose),
    (re.compile(rf"destroy {_OBJ}"), _simple_object("destroy")),
    (re.compile(rf"exile {_OBJ}"), _simple_object("exile")),
    (re.compile(rf"surveil {_N}"), _surveil),
    (re.compile(rf"scry {_N}"), lambda m, tg: [{"do": "scry", "n": _n(m["n"])}]),
    (re.compile(rf"mill (?:(?P<n>{NUMBER}) cards|a card)"),
     lambda m, tg: [{"do": "mill", "n": 1 if m["n"] is None else _n(m["n"])}]),
    (re.compile(r"proliferate"), lambda m, tg: [{"do": "proliferate"}]),
    (re.compile(rf"put (?P<n>{NUMBER}) (?P<kind>\S+) counters? on (?P<on>~|it|(?:another )?"
                r"target [^.]+)"), _counters),
    (re.compile(rf"{_OBJ} gets? (?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and gains? {_KWS})? until end "
                r"of turn"), _pump),
    (re.compile(rf"{_OBJ} gains? {_KWS} until end of turn"), _pump),
    (re.compile(rf"(?P<filt>[a-z][^.]*?) get (?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and gain {_KWS})? "
                r"until end of turn"), _pump_all),
    (re.compile(rf"(?P<filt>[a-z][^.]*?) gain {_KWS} until end of turn"), _pump_all),
    (re.compile(rf"{_OBJ} can't block this turn"), _cant_block),          # 509.1b
    (re.compile(r"investigate(?P<n> twice)?"), _investigate),                  # 701.36a
    (re.compile(r"counter (?P<what>target [^.]*?spell)(?: unless its controller pays "
                r"\{(?P<n>\d+)\})?"), _counter),                            # 701.5a
    (re.compile(r"return (?P<what>target [^.]+?) to the battlefield"), _return),
    (re.compile(r"search your library for (?P<what>an? [^,]*?) ?card, (?P<reveal>reveal it, )?"
                r"put it (?P<put>onto the battlefield(?P<tapped> tapped)?|into your hand), "
                r"then shuffle"), _search),
    (re.compile(rf"create {_N} (?P<desc>.+?) tokens?(?: with (?P<kws>[a-z ,]+))?"), _create),
    (re.compile(rf"tap {_OBJ}"), _simple_object("tap")),          # 701.21a
    (re.compile(rf"untap {_OBJ}"), _simple_object("untap")),      # 701.21b
    (re.compile(r"return (?P<what>~|it|(?:another )?target [^.]+?) to (?P<to>its owner's hand|"
                r"your hand)"), _to_hand),
    (re.compile(r"attach (?:it|~) to (?P<what>target [^.]+)"), _attach),
]
_MAY = re.compile(r"^you may (.+)$")
_NEXT_UPKEEP = " at the beginning of the next turn's upkeep"


def read_sentence(sentence: str, tg: Targets) -> list[dict] | None:
    """One sentence (no final period) as effects, or None."""
    s = sentence.strip()
    s = s[:1].lower() + s[1:] if not s.startswith("~") else s
    optional = False
    m = _MAY.match(s)
    if m:
        optional, s = True, m.group(1)
    if s.endswith(_NEXT_UPKEEP) and not optional:     # a delayed triggered ability (603.7)
        saved = list(tg.specs)
        inner = read_sentence(s[:-len(_NEXT_UPKEEP)], tg)
        if inner is None or len(inner) != 1 or inner[0].get("optional") or tg.specs != saved:
            tg.specs[:] = saved
            return None
        return [{"do": "delayed", "at": "next_turns_upkeep", "effects": inner}]
    s, each = split_for_each(s)
    for pat, build in PATTERNS:
        m = pat.fullmatch(s)
        if m:
            saved = list(tg.specs)
            out = build(m, tg)
            if out is not None and each is not None:
                # "for each" multiplies one: "a card", "1 damage", "a +1/+1 counter"
                if len(out) != 1 or out[0].get("n") != 1:
                    out = None
                else:
                    out[0]["n"] = each
            if out is None:
                tg.specs[:] = saved
                return None
            if optional:
                out[0]["optional"] = True
            return out
    return None


_SENTENCE = re.compile(r"(?<=\.)\s+(?=[A-Z~])")


def sentences(text: str) -> list[str]:
    """A line's sentences, each without its final period ("Draw a card. Then ..." -> 2)."""
    t = text.strip()
    if not t.endswith("."):
        return [t] if t else []
    return [s[:-1] if s.endswith(".") else s for s in _SENTENCE.split(t)]


_THEN = re.compile(r",? then ")
_IF_DONE = re.compile(r"^[Ii]f you do, (.+)$")


def _read_clauses(s: str, tg: Targets, effects: list) -> list[dict] | None:
    """A sentence of clauses in order ("X, then Y": 608.2c) and "If you do, X" after an
    optional one (the effect happens only if the optional one was done)."""
    m = _IF_DONE.match(s)
    if m:
        if not effects or not effects[-1].get("optional"):
            return None
        out = _read_clauses(m.group(1), tg, effects)
        if out is None:
            return None
        out[0] = {**out[0], "if": "done"}
        return out
    whole = read_sentence(s, tg)         # a sentence whose "then" is its own (search)
    if whole is not None:
        return whole
    parts = _THEN.split(s)
    got = []
    for part in parts:
        out = read_sentence(part, tg)
        if out is None:
            return None
        got.extend(out)
    return got


def read_effects(text: str, tg: Targets) -> tuple[list[dict], list[str]]:
    """All sentences of `text`: (effects of those read, sentences not read)."""
    effects, unread = [], []
    sents = sentences(text)
    i = 0
    while i < len(sents):
        look = read_look(sents, i)      # a phrase of two or three sentences
        if look is not None:
            effects.append(look[0])
            i += look[1]
            continue
        s = sents[i]
        i += 1
        out = _read_clauses(s, tg, effects)
        if out is None:
            unread.append(s + ".")
        else:
            effects.extend(out)
    return effects, unread
