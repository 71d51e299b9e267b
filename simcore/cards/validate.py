"""Validating a card dict (from a card file or compiled from Oracle text) against the
vocabulary in `simcore.cards.vocab`.

A card file is data: it is parsed with tomllib and checked key by key; nothing in it is ever
executed. Every problem is reported as a PlaytestError with one line of the form

    <file>: card '<name>': key '<dotted.path>': <what is wrong>

The validated dict is returned as written (keys are not renamed, defaults are not filled in),
with the key `_file` (the path it came from) added.
"""

from __future__ import annotations

import difflib
import re

from ..errors import PlaytestError
from . import vocab
from .manastr import parse_activation_cost, parse_mana

# Ability kinds that scenarios (and agents) activate, numbered 0.. in printed order.
ACTIVATABLE_KINDS = ("mana", "activated", "equip")

AMOUNT_WORDS = ("X", "half_X", "kicks")
_COUNTER_WORD = re.compile(r"[a-z][a-z_]*")

# Smallest value allowed for some integer keys: (schema name, key) -> minimum.
_MIN_INT = {
    ("tap_creatures", "count"): 1,
    ("remove_counters", "n"): 1,
    ("ability.activated", "blight"): 1,
    ("ability.mana_replacement", "multiply"): 1,
    ("ability.cast_from_exile", "remove_counters_among_creatures"): 1,
    ("cost_option", "blight"): 1,
    ("filter", "mv_max"): 0,
    ("amount", "if_paid"): 0,
    ("amount", "else"): 0,
    ("enters_unless", "lands_at_most"): 0,
    ("enters_unless", "lands_at_least"): 1,
    ("enters_unless", "pay_life"): 1,
    ("ability.activated", "pay_life"): 1,
    ("ability.mana", "pay_life"): 1,
    ("ability.mana", "damage_to_you"): 1,
    ("effect", "unless_pays"): 1,
    ("ability.activated", "discard"): 1,
    ("ability.flashback", "pay_life"): 1,
}

# Keys an effect cannot do without (besides `do`).
_EFFECT_REQUIRED = {
    "create_token": ("token",),
    "put_counters": ("counter",),
    "look_at_top": ("n",),
    "delayed": ("at", "effects"),
    "pump_all": ("filter",),
}

_COULD_PRODUCE_ADDS = {
    "any_type_could_produce": "lands_you_control",
    "any_color_could_produce": "lands_opponents_control",
    "color_of_permanent": "permanents_you_control",
}


class CardContext:
    """Where we are: the file and the card, for error messages."""

    def __init__(self, file: str, card: str = "?"):
        self.file = file
        self.card = card

    def fail(self, path: str, msg: str):
        raise PlaytestError(f"{self.where(path)}: {msg}")

    def where(self, path: str) -> str:
        return f"{self.file}: card '{self.card}': key '{path}'"


# --------------------------------------------------------------------------- messages

def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _show(v) -> str:
    """A value the way the card file wrote it (short)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return _q(v if len(v) <= 60 else v[:57] + "...")
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "a table"
    return f"a {type(v).__name__} ({v})"


def _describe(spec) -> str:
    k = spec[0]
    if k == "str":
        return "a string"
    if k == "int":
        return "an int"
    if k == "bool":
        return "true or false"
    if k == "enum":
        vals = sorted(spec[1])
        if len(vals) == 1:
            return _q(vals[0])
        return "one of " + ", ".join(_q(x) for x in vals)
    if k == "list":
        return "a list"
    if k == "table":
        return "a table"
    if k == "mana":
        return 'a mana string (e.g. "{1}{G}")'
    if k == "cost":
        return 'an activation cost (e.g. "{1}, {T}")'
    if k == "amount":
        return 'an amount (int >= 0, "X", "half_X", "kicks" or a table)'
    if k == "target":
        return '"any" or a filter table'
    if k == "counter":
        return 'a counter kind ("+1/+1", "-1/-1" or a lower-case word)'
    if k == "oneof":
        return " or ".join(_describe(s) for s in spec[1:])
    raise AssertionError(f"unknown spec {spec!r}")  # a bug in vocab.py, not in a card file


def _expected(spec, v) -> str:
    msg = f"expected {_describe(spec)}, got {_show(v)}"
    if spec[0] == "enum" and isinstance(v, str):
        close = difflib.get_close_matches(v, sorted(spec[1]), n=1)
        if close:
            msg += f" (did you mean {_q(close[0])}?)"
    return msg


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# --------------------------------------------------------------------------- checking

def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _takes_type(spec, v) -> bool:
    """Whether spec is about values of v's Python type (to pick the best error for oneof)."""
    k = spec[0]
    if k in ("str", "enum", "mana", "cost", "counter"):
        return isinstance(v, str)
    if k == "int":
        return _is_int(v)
    if k == "bool":
        return isinstance(v, bool)
    if k == "list":
        return isinstance(v, list)
    if k == "table":
        return isinstance(v, dict)
    if k == "target":
        return isinstance(v, (str, dict))
    if k == "amount":
        return _is_int(v) or isinstance(v, (str, dict))
    if k == "oneof":
        return any(_takes_type(s, v) for s in spec[1:])
    return False


def _check(v, spec, path: str, ctx: CardContext, owner: str = "") -> None:
    """Check value v against spec; `owner` is the schema name the key belongs to."""
    k = spec[0]
    if k == "str":
        if not isinstance(v, str):
            ctx.fail(path, _expected(spec, v))
    elif k == "int":
        if not _is_int(v):
            ctx.fail(path, _expected(spec, v))
        key = path.rsplit(".", 1)[-1]
        lo = _MIN_INT.get((owner, key))
        if lo is not None and v < lo:
            ctx.fail(path, f"expected an int >= {lo}, got {v}")
    elif k == "bool":
        if not isinstance(v, bool):
            ctx.fail(path, _expected(spec, v))
    elif k == "enum":
        if not isinstance(v, str) or v not in spec[1]:
            ctx.fail(path, _expected(spec, v))
    elif k == "list":
        if not isinstance(v, list):
            ctx.fail(path, f"expected a list, got {_show(v)}")
        for i, item in enumerate(v):
            _check(item, spec[1], f"{path}[{i}]", ctx, owner)
    elif k == "table":
        name = spec[1]
        if name == "ability":
            _check_ability(v, path, ctx)
        elif name == "effect":
            _check_effect(v, path, ctx)
        else:
            if not isinstance(v, dict):
                ctx.fail(path, f"expected a table, got {_show(v)}")
            _check_table(v, name, path, ctx)
    elif k == "mana":
        if not isinstance(v, str):
            ctx.fail(path, _expected(spec, v))
        parse_mana(v, ctx.where(path))
    elif k == "cost":
        if not isinstance(v, str):
            ctx.fail(path, _expected(spec, v))
        parse_activation_cost(v, ctx.where(path))
    elif k == "amount":
        _check_amount(v, path, ctx)
    elif k == "target":
        if isinstance(v, dict):
            _check_table(v, "filter", path, ctx)
        elif v != "any":
            ctx.fail(path, _expected(spec, v))
    elif k == "counter":
        if not isinstance(v, str) or not (v in ("+1/+1", "-1/-1") or _COUNTER_WORD.fullmatch(v)):
            ctx.fail(path, _expected(spec, v))
    elif k == "oneof":
        _check_oneof(v, spec, path, ctx, owner)
    else:
        raise AssertionError(f"unknown spec {spec!r} in simcore/cards/vocab.py")


def _check_oneof(v, spec, path, ctx, owner) -> None:
    errors = []
    for sub in spec[1:]:
        try:
            _check(v, sub, path, ctx, owner)
            return
        except PlaytestError as e:
            errors.append((sub, e))
    fitting = [(s, e) for s, e in errors if _takes_type(s, v)]
    if len(fitting) == 1 and fitting[0][0][0] not in ("str", "bool", "enum"):
        raise fitting[0][1]  # from inside a list, table or mana string, or an int out of range
    if isinstance(v, str) and ("{" in v or v == ""):
        for s, e in fitting:
            if s[0] in ("mana", "cost"):
                raise e
    ctx.fail(path, _expected(spec, v))


def _check_table(v: dict, name: str, path: str, ctx: CardContext, schema: dict | None = None) -> None:
    if not isinstance(v, dict):
        ctx.fail(path, f"expected a table, got {_show(v)}")
    schema = vocab.SCHEMAS[name] if schema is None else schema
    for key in v:
        if key not in schema:
            ctx.fail(_join(path, key), _unknown(key, schema))
    for key, (spec, required) in schema.items():
        if required and key not in v:
            ctx.fail(_join(path, key), "missing required key")
    for key, val in v.items():
        _check(val, schema[key][0], _join(path, key), ctx, name)


def _unknown(key: str, allowed) -> str:
    close = difflib.get_close_matches(key, sorted(allowed), n=1)
    if close:
        return f"unknown key (did you mean '{close[0]}'?)"
    return "unknown key (allowed here: " + ", ".join(sorted(allowed)) + ")"


def _check_amount(v, path: str, ctx: CardContext) -> None:
    spec = ("amount",)
    if _is_int(v):
        if v < 0:
            ctx.fail(path, _expected(spec, v))
        return
    if isinstance(v, str):
        if v not in AMOUNT_WORDS:
            ctx.fail(path, _expected(spec, v))
        return
    if not isinstance(v, dict):
        ctx.fail(path, _expected(spec, v))
    _check_table(v, "amount", path, ctx)
    forms = [k for k in ("count", "counters", "if_paid") if k in v]
    if not forms:
        ctx.fail(path, "an amount table needs one of 'count' (a filter), 'counters' (with "
                       "'of') or 'if_paid' (with 'else')")
    if len(forms) > 1:
        ctx.fail(_join(path, forms[1]), f"an amount table takes only one of 'count', "
                                        f"'counters', 'if_paid' (it already has '{forms[0]}')")
    if "of" in v and "counters" not in v:
        ctx.fail(_join(path, "of"), "'of' goes with 'counters'")
    if "else" in v and "if_paid" not in v:
        ctx.fail(_join(path, "else"), "'else' goes with 'if_paid'")


def _check_ability(v, path: str, ctx: CardContext) -> None:
    if not isinstance(v, dict):
        ctx.fail(path, f"expected an ability table, got {_show(v)}")
    if "kind" not in v:
        ctx.fail(_join(path, "kind"), "missing required key")
    kind = v["kind"]
    if not isinstance(kind, str) or kind not in vocab.ABILITY_KINDS:
        ctx.fail(_join(path, "kind"), _expected(("enum", vocab.ABILITY_KINDS), kind))
    name = "ability." + kind
    schema = dict(vocab.SCHEMAS[name])
    schema["kind"] = (("enum", vocab.ABILITY_KINDS), True)
    _check_table(v, name, path, ctx, schema)

    effects = v.get("effects")
    if effects is not None:
        if not effects:
            ctx.fail(_join(path, "effects"), "needs at least one effect")
        if "if" in effects[0]:
            ctx.fail(_join(path, "effects[0].if"),
                     "'if' refers to the effect before it; the first effect has none")

    if effects is not None:
        _check_target_selectors(v, path, ctx)

    if kind == "activated" and v.get("discard_self") and v.get("zone") != "hand":
        ctx.fail(_join(path, "discard_self"), 'only with zone = "hand" (the card is in your '
                                              'hand to be discarded)')
    if kind == "activated" and v.get("zone", "battlefield") != "battlefield":
        for key in ("sacrifice_self", "remove_counters"):
            if key in v:
                ctx.fail(_join(path, key), "a cost of a permanent: not with zone = "
                                           f"{_q(v['zone'])}")
        if "{T}" in v.get("cost", "") or "{Q}" in v.get("cost", ""):
            ctx.fail(_join(path, "cost"), "{T} and {Q} are a permanent's: not with zone = "
                                          f"{_q(v['zone'])}")
    if kind == "activated" and v.get("exile_self") and v.get("zone") != "graveyard":
        ctx.fail(_join(path, "exile_self"), 'only with zone = "graveyard" ("Exile ~ from your '
                                            'graveyard")')
    if kind == "activated" and "sacrifice" in v:
        for key in ("zone", "controller", "owner", "players"):
            if key in v["sacrifice"]:
                ctx.fail(_join(path, f"sacrifice.{key}"), "a permanent you control: no zone, "
                                                          "controller, owner or players")
    if kind == "cycling":
        find = v.get("find", [])
        if len(find) != 1 and "find" in v:
            ctx.fail(_join(path, "find"), "one kind of card (Swampcycling: a Swamp card)")
        for k, f in enumerate(find):
            for key in ("zone", "controller", "owner", "other", "players"):
                if key in f:
                    ctx.fail(_join(path, f"find[{k}].{key}"), "a card in your library: no "
                                                              "zone, controller or owner")

    if kind == "enters_tapped" and "unless" in v:
        u = v["unless"]
        if len(u) != 1:
            ctx.fail(_join(path, "unless"), f"exactly one of lands_at_most, lands_at_least, "
                                            f"control, pay_life, got {len(u)}")
        if "control" in u and not 1 <= len(u["control"]) <= 2:
            ctx.fail(_join(path, "unless.control"), "one or two filters")

    if kind == "static":
        _check_static(v, path, ctx)

    if kind == "mana":
        add = v["add"]
        if isinstance(add, list) and not add:
            ctx.fail(_join(path, "add"), "needs at least one mana string to choose from")
        need_from = _COULD_PRODUCE_ADDS.get(add) if isinstance(add, str) else None
        if need_from and "from" not in v:
            ctx.fail(_join(path, "from"), f"missing required key (add = {_q(add)} needs "
                                          f"from = {_q(need_from)})")
        if "from" in v and not need_from:
            ctx.fail(_join(path, "from"), "only used with add = " +
                     ", ".join(_q(a) for a in sorted(_COULD_PRODUCE_ADDS)))
        if "cost" not in v and "tap_creatures" not in v:
            ctx.fail(_join(path, "cost"), 'missing: a mana ability needs a cost (e.g. "{T}") '
                                          'or tap_creatures')
    elif kind == "mana_replacement":
        if ("multiply" in v) == ("replace_with" in v):
            ctx.fail(_join(path, "multiply"), "a mana replacement needs exactly one of "
                                              "'multiply' and 'replace_with'")
    elif kind == "additional_cost":
        if not v["options"]:
            ctx.fail(_join(path, "options"), "needs at least one option")
        for i, opt in enumerate(v["options"]):
            p = f"{path}.options[{i}]"
            if "blight" not in opt and "mana" not in opt and "sacrifice" not in opt:
                ctx.fail(p, "a cost option needs 'blight', 'mana' or 'sacrifice'")
            if "sacrifice" in opt and len(opt) > 1:
                ctx.fail(_join(p, "sacrifice"), "a sacrifice is an option of its own")
            for key in ("zone", "controller", "owner", "players"):
                if key in opt.get("sacrifice", {}):
                    ctx.fail(_join(p, f"sacrifice.{key}"), "a permanent you control: no zone, "
                                                           "controller, owner or players")
            if "x_max" in opt and opt.get("blight") != "X":
                ctx.fail(_join(p, "x_max"), 'only used with blight = "X"')


def _check_static(v: dict, path: str, ctx: CardContext) -> None:
    """An anthem affects the objects of its filter; a grant the object its Aura or
    Equipment is attached to (`to`), with keywords the engine reads on a permanent."""
    if v["effect"] == "anthem":
        if "filter" not in v:
            ctx.fail(_join(path, "filter"), 'missing required key (effect = "anthem" needs it)')
        for key in ("to", "keywords", "cant"):
            if key in v:
                ctx.fail(_join(path, key), 'only used with effect = "grant"')
        return
    if "to" not in v:
        ctx.fail(_join(path, "to"), 'missing required key (effect = "grant" needs it: '
                                    '"enchanted" or "equipped")')
    if "filter" in v:
        ctx.fail(_join(path, "filter"), 'not used by effect = "grant" (it gives to the '
                                        'object its card is attached to)')
    for k, kw in enumerate(v.get("keywords", [])):
        if kw not in vocab.GRANT_KEYWORDS:
            ctx.fail(f"{path}.keywords[{k}]", f"{_q(kw)} is not played as a grant (keywords "
                                              f"a grant gives: "
                                              f"{', '.join(sorted(vocab.GRANT_KEYWORDS))})")
    if not any(v.get(key) for key in ("power", "toughness", "keywords", "cant")):
        ctx.fail(path, "a grant needs power, toughness, keywords or cant")


def _check_target_selectors(ab: dict, path: str, ctx: CardContext) -> None:
    """An effect acting on "target" or "target2" (written, or the default of its selector
    key) needs that many entries in the ability's `targets`: without them the card passed
    validation and the effect did nothing in play."""
    n = len(ab.get("targets", ()))
    for j, eff in enumerate(ab["effects"]):
        for key, default in vocab.SELECTOR_DEFAULTS.get(eff["do"], {}).items():
            sel = eff.get(key, default)
            if sel not in vocab.TARGET_SELECTORS:
                continue
            where = f"{path}.effects[{j}].{key}"
            said = _q(sel) if key in eff else f"{_q(sel)} (the default for do = {_q(eff['do'])})"
            need = vocab.TARGET_SELECTORS[sel] + 1
            if n == 0:
                ctx.fail(where, f"{said} needs a target, but the ability has no 'targets' "
                                f'(e.g. targets = ["any"])')
            if n < need:
                ctx.fail(where, f"{said} is the ability's second target, but its 'targets' "
                                f"has only {n}")


def _check_effect(v, path: str, ctx: CardContext) -> None:
    if not isinstance(v, dict):
        ctx.fail(path, f"expected an effect table, got {_show(v)}")
    schema = vocab.SCHEMAS["effect"]
    if "do" not in v:
        ctx.fail(_join(path, "do"), "missing required key")
    do = v["do"]
    _check(do, schema["do"][0], _join(path, "do"), ctx, "effect")
    allowed = {"do", "optional", "if"} | vocab.EFFECTS[do]
    for key in v:
        if key not in schema:
            ctx.fail(_join(path, key), _unknown(key, allowed))
        if key not in allowed:
            takes = ", ".join(sorted(vocab.EFFECTS[do])) or "no other keys"
            ctx.fail(_join(path, key), f"not used by do = {_q(do)} (it takes: {takes})")
    for key in _EFFECT_REQUIRED.get(do, ()):
        if key not in v:
            ctx.fail(_join(path, key), f"missing required key (do = {_q(do)} needs it)")
    for key, val in v.items():
        _check(val, schema[key][0], _join(path, key), ctx, "effect")
    if do == "search_library":
        find = v.get("find", [])
        if len(find) > 2:
            ctx.fail(_join(path, "find"), "at most two kinds of card (\"a Swamp or Forest "
                                          "card\"); none: any card")
        for k, f in enumerate(find):
            for key in ("zone", "controller", "owner", "other", "players"):
                if key in f:
                    ctx.fail(_join(path, f"find[{k}].{key}"), "a card in your library: no "
                                                              "zone, controller or owner")
        if v.get("tapped") and v.get("put", "hand") != "battlefield":
            ctx.fail(_join(path, "tapped"), 'only with put = "battlefield"')
    if do == "delayed":
        inner = v["effects"]
        if len(inner) != 1 or inner[0].get("do") == "delayed" or \
                any(k in inner[0] for k in ("optional", "if")):
            ctx.fail(_join(path, "effects"), "one effect (not delayed itself, not optional)")
        if any(inner[0].get(k) in vocab.TARGET_SELECTORS for k in ("on", "to", "what", "who")):
            ctx.fail(_join(path, "effects"), "a delayed effect names no target")
    if do == "look_at_top":
        n, take = v["n"], v.get("take", 1)
        if not isinstance(n, int) or n < 1 or n > 60:
            ctx.fail(_join(path, "n"), f"the cards looked at: a number 1..60, got {_show(n)}")
        if take < 1 or take > n:
            ctx.fail(_join(path, "take"), f"1..n ({n}), got {take}")
        find = v.get("find", [])
        if len(find) > 2:
            ctx.fail(_join(path, "find"), "at most two kinds of card; none: any card")
        for k, f in enumerate(find):
            for key in ("zone", "controller", "owner", "other", "players"):
                if key in f:
                    ctx.fail(_join(path, f"find[{k}].{key}"), "a card in your library: no "
                                                              "zone, controller or owner")
        if v.get("tapped"):
            ctx.fail(_join(path, "tapped"), "not used by look_at_top")
    if do == "attach" and v.get("to", "target") not in vocab.TARGET_SELECTORS:
        ctx.fail(_join(path, "to"), "an object it is attached to: a target")


def _check_attached_words(data: dict, ab: dict, path: str, ctx: CardContext) -> None:
    """"attach" attaches its source, an Equipment (301.5); "enchanted" and "equipped" name
    what the source, an Aura or an Equipment, is attached to as the effect resolves, so the
    source must still be there (no sacrifice_self: what it was attached to is not kept)."""
    aura = "enchant" in data
    equipment = "Equipment" in data.get("subtypes", [])
    for j, e in enumerate(ab.get("effects", [])):
        where = f"{path}.effects[{j}]"
        what = e.get("what")
        if e.get("do") == "attach" and not equipment:
            ctx.fail(where + ".do", '"attach" attaches the source: an Equipment (301.5)')
        if what == "enchanted" and not aura:
            ctx.fail(where + ".what", '"enchanted" needs an Aura (the card\'s enchant key)')
        if what == "equipped" and not equipment:
            ctx.fail(where + ".what", '"equipped" needs an Equipment')
        if (e.get("do") == "attach" or what in ("enchanted", "equipped")) and \
                ab.get("sacrifice_self"):
            ctx.fail(where, "the source is sacrificed as a cost: nothing to attach, and what "
                            "it was attached to is not kept")


def _check_card(data: dict, ctx: CardContext) -> None:
    _check_table(data, "card", "", ctx)
    if not data["types"]:
        ctx.fail("types", "needs at least one card type")
    for k, ab in enumerate(data.get("abilities", [])):
        _check_attached_words(data, ab, f"abilities[{k}]", ctx)
        to = ab.get("to") if ab.get("kind") == "static" else None
        if to == "enchanted" and "enchant" not in data:
            ctx.fail(f"abilities[{k}].to", '"enchanted" needs an Aura: the card\'s '
                                           '`enchant` key (303.4a)')
        if (to == "equipped" or ab.get("kind") == "equip") and \
                "Equipment" not in data.get("subtypes", []):
            ctx.fail(f"abilities[{k}].to", '"equipped" needs an Equipment (subtypes has no '
                                           '"Equipment", 301.5)')
    creature = "Creature" in data["types"]
    if creature:
        for key in ("power", "toughness"):
            if key not in data:
                ctx.fail(key, "missing: a creature needs power and toughness")
    else:
        for key in ("power", "toughness"):
            if key in data:
                ctx.fail(key, 'only creatures have power and toughness (types has no "Creature")')
    for i, ab in enumerate(data.get("abilities", [])):
        if ab.get("kind") == "flashback" and not {"Instant", "Sorcery"} & set(data["types"]):
            ctx.fail(f"abilities[{i}].kind", "flashback is an instant's or a sorcery's (702.34a)")
    kinds = [ab.get("kind") for ab in data.get("abilities", [])]
    if "mode" in kinds:
        k = kinds.index("mode")
        if not {"Instant", "Sorcery"} & set(data["types"]) or "spell" in kinds:
            ctx.fail(f"abilities[{k}].kind", "modes are an instant's or a sorcery's, instead of "
                                             "a kind = \"spell\" ability (700.2)")
        if not 2 <= kinds.count("mode") <= 5:
            ctx.fail(f"abilities[{k}].kind", "a modal spell has two to five modes")


def check_card(data: dict, file: str) -> dict:
    """Validate a card dict as a card file is validated (`file` names it in messages, and
    becomes its `_file`); returns it. For cards made in memory, e.g. a variant of a card
    with another cost (playtest balance), which no file holds."""
    data = {k: v for k, v in data.items() if k != "_file"}
    name = data.get("name")
    ctx = CardContext(file, name if isinstance(name, str) and name else "?")
    _check_card(data, ctx)
    if not data["name"].strip() or data["name"] != data["name"].strip():
        ctx.fail("name", "a card name must not be empty or start or end with spaces")
    data["_file"] = file
    return data
