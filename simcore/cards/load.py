"""Loading and validating card files (TOML) against the vocabulary in `simcore.cards.vocab`.

A card file is data: it is parsed with tomllib and checked key by key; nothing in it is ever
executed. Every problem is reported as a PlaytestError with one line of the form

    <file>: card '<name>': key '<dotted.path>': <what is wrong>

The validated dict is returned as written (keys are not renamed, defaults are not filled in),
with the key `_file` (the path it came from) added.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path

from ..errors import PlaytestError, PlaytestErrors
from ..textfile import read_text
from . import vocab
from .manastr import parse_activation_cost, parse_mana

DATA_DIR = Path(__file__).resolve().parent / "data"
BUILTIN_DIRS = (DATA_DIR / "cards", DATA_DIR / "tokens")

# Ability kinds that scenarios (and agents) activate, numbered 0.. in printed order.
ACTIVATABLE_KINDS = ("mana", "activated")

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
}

# Keys an effect cannot do without (besides `do`).
_EFFECT_REQUIRED = {
    "create_token": ("token",),
    "put_counters": ("counter",),
}

_COULD_PRODUCE_ADDS = {
    "any_type_could_produce": "lands_you_control",
    "any_color_could_produce": "lands_opponents_control",
    "color_of_permanent": "permanents_you_control",
}


class _Ctx:
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


def _check(v, spec, path: str, ctx: _Ctx, owner: str = "") -> None:
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


def _check_table(v: dict, name: str, path: str, ctx: _Ctx, schema: dict | None = None) -> None:
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


def _check_amount(v, path: str, ctx: _Ctx) -> None:
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


def _check_ability(v, path: str, ctx: _Ctx) -> None:
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
            if "blight" not in opt and "mana" not in opt:
                ctx.fail(p, "a cost option needs 'blight' or 'mana'")
            if "x_max" in opt and opt.get("blight") != "X":
                ctx.fail(_join(p, "x_max"), 'only used with blight = "X"')


def _check_target_selectors(ab: dict, path: str, ctx: _Ctx) -> None:
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


def _check_effect(v, path: str, ctx: _Ctx) -> None:
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


def _check_card(data: dict, ctx: _Ctx) -> None:
    _check_table(data, "card", "", ctx)
    if not data["types"]:
        ctx.fail("types", "needs at least one card type")
    creature = "Creature" in data["types"]
    if creature:
        for key in ("power", "toughness"):
            if key not in data:
                ctx.fail(key, "missing: a creature needs power and toughness")
    else:
        for key in ("power", "toughness"):
            if key in data:
                ctx.fail(key, 'only creatures have power and toughness (types has no "Creature")')


# --------------------------------------------------------------------------- files and pools

_TOML_POS = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def toml_error_message(file: str, text: str, e: tomllib.TOMLDecodeError) -> str:
    """`<file>: line N, column M: TOML syntax error: <what>` for a tomllib error."""
    msg = str(e)
    m = _TOML_POS.search(msg)
    if m:
        where = f"line {m.group(1)}, column {m.group(2)}"
        msg = msg[:m.start()]
    elif msg.endswith("(at end of document)"):
        where = f"line {max(1, len(text.splitlines()))} (end of file)"
        msg = msg[:-len("(at end of document)")].rstrip()
    else:
        where = "somewhere"
    return f"{file}: {where}: TOML syntax error: {msg}"


def load_card_file(path) -> dict:
    """Read, parse and validate one card file. Returns its dict plus `_file`."""
    file = str(path)
    text = read_text(path, "card file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PlaytestError(toml_error_message(file, text, e)) from None
    if "_file" in data:
        name = data.get("name")
        _Ctx(file, name if isinstance(name, str) and name else "?").fail("_file", "unknown key")
    return check_card(data, file)


def check_card(data: dict, file: str) -> dict:
    """Validate a card dict as a card file is validated (`file` names it in messages, and
    becomes its `_file`); returns it. For cards made in memory, e.g. a variant of a card
    with another cost (playtest balance), which no file holds."""
    data = {k: v for k, v in data.items() if k != "_file"}
    name = data.get("name")
    ctx = _Ctx(file, name if isinstance(name, str) and name else "?")
    _check_card(data, ctx)
    if not data["name"].strip() or data["name"] != data["name"].strip():
        ctx.fail("name", "a card name must not be empty or start or end with spaces")
    data["_file"] = file
    return data


def _files_in(d, builtin: bool) -> list[Path]:
    p = Path(d)
    if p.is_file() and p.suffix == ".toml" and not builtin:
        return [p]
    if not p.is_dir():
        if builtin:
            return []
        if p.exists():      # (it said "no such card directory" of an existing file)
            raise PlaytestError(f"{d}: not a folder of card files nor a card file (*.toml)")
        raise PlaytestError(f"{d}: no such card directory")
    files = sorted(f for f in p.rglob("*.toml") if f.is_file())
    if not files and not builtin:
        raise PlaytestError(f"{d}: no card files (*.toml) in this directory")
    return files


class CardErrors(PlaytestErrors):
    """Card files with errors (`check_dir`): `errors` holds one line for each, `summary`
    counts them ("2 of 5 card files have errors"); the lines are both, the message both on
    one line."""

    def __init__(self, errors: list[str], n_bad: int, n_files: int):
        files = "card file" if n_files == 1 else "card files"
        self.summary = (f"{n_bad} of {n_files} {files} {'has' if n_bad == 1 else 'have'} "
                        f"errors")
        self.errors = errors
        super().__init__(errors + [self.summary], f"{self.summary}: " + "; ".join(errors))


def _load(extra_dirs=(), errors: list | None = None
          ) -> tuple[dict[str, dict], list[list[str]], int]:
    """(pool, names per extra dir, number of files in the extra dirs). The first wrong card
    raises its PlaytestError; with an `errors` list, each wrong file adds its (file, line)
    there instead and the rest are still checked."""
    pool: dict[str, dict] = {}
    seen: dict[Path, str] = {}
    per_dir: list[list[str]] = []
    n_files = 0
    sources = [(d, True) for d in BUILTIN_DIRS] + [(d, False) for d in extra_dirs]

    def fail(file, e: PlaytestError):
        if errors is None:
            raise e
        errors.append((str(file), str(e)))

    for d, builtin in sources:
        names = []
        for f in _files_in(d, builtin):
            key = f.resolve()
            if key in seen:  # the same file reached twice (e.g. --cards simcore/cards/data/cards)
                if seen[key] is not None:       # (None: it had an error, reported once)
                    names.append(seen[key])
                continue
            seen[key] = None
            n_files += not builtin
            try:
                card = load_card_file(f)
            except PlaytestError as e:
                fail(f, e)
                continue
            name = card["name"]
            if name in pool:
                fail(f, PlaytestError(
                    f"{card['_file']}: card '{name}': key 'name': duplicate card name, "
                    f"already defined in {pool[name]['_file']}"))
                continue
            pool[name] = card
            seen[key] = name
            names.append(name)
        if not builtin:
            per_dir.append(names)
    for name, card in pool.items():
        try:
            _cross_check(name, card, pool)
        except PlaytestError as e:
            fail(card["_file"], e)
    return pool, per_dir, n_files


def _effects_of(card: dict):
    """(path, effect) for every effect of a card."""
    for i, ab in enumerate(card.get("abilities", ())):
        for j, eff in enumerate(ab.get("effects", ())):
            yield f"abilities[{i}].effects[{j}]", eff


def _cross_check(name: str, card: dict, pool: dict[str, dict]) -> None:
    """What one card says about others: the tokens it creates are token definitions."""
    ctx = _Ctx(card["_file"], name)
    for path, eff in _effects_of(card):
        if eff.get("do") == "create_token":
            tok = eff["token"]
            if tok not in pool:
                close = closest_names(tok, {norm_name(n): n for n in sorted(pool)
                                            if pool[n].get("token")})
                hint = f" (closest: {', '.join(close)})" if close else ""
                ctx.fail(f"{path}.token", f"unknown token '{tok}'{hint}")
            if not pool[tok].get("token"):
                ctx.fail(f"{path}.token", f"'{tok}' is not a token (its file "
                                          f"{pool[tok]['_file']} has no token = true)")


def load_pool(extra_dirs=()) -> dict[str, dict]:
    """All built-in cards and tokens, plus the card files under each extra directory."""
    return _load(tuple(extra_dirs))[0]


def check_dir(path, extra_dirs=()) -> list[str]:
    """Validate every card file under path together with the built-ins (and extra_dirs).
    Returns the names of the cards found under path; if any file is wrong, raises
    CardErrors with one line for each wrong file (all of them, not just the first)."""
    errors: list[tuple[str, str]] = []
    _, per_dir, n_files = _load(tuple(extra_dirs) + (path,), errors)
    if errors:
        errors.sort(key=lambda e: e[0])     # by file (tokens are checked after the rest)
        raise CardErrors([line for _, line in errors], len({f for f, _ in errors}), n_files)
    return per_dir[-1]


# difflib's ratio a known name must reach to be offered as the closest to an unknown one:
# every one-letter slip in a name of five letters or more reaches it (Shcok: Shock, 0.8), and
# no built-in name came as near to any unknown card of 20 tournament lists (the nearest:
# Breeding Pool and Reflecting Pool, 0.79), where 0.5 offered Island for Distant Melody
CLOSE_ENOUGH = 0.8
# where an unknown card's file may be: the last words of its error
OWN_CARDS = "cards of your own folders need --cards DIR (see docs/card-format.md)"


def norm_name(name: str) -> str:
    """A card name as names are matched: any case, curly apostrophes straight."""
    return name.replace("\u2019", "'").replace("\u2018", "'").casefold().strip()


def closest_names(name: str, by_norm: dict[str, str]) -> list[str]:
    """Up to three names of `by_norm` (norm_name(name) -> name) close to `name` (at
    CLOSE_ENOUGH or nearer), nearest first."""
    close = difflib.get_close_matches(norm_name(name), list(by_norm), n=3, cutoff=CLOSE_ENOUGH)
    return [by_norm[c] for c in close]


def find_card(pool: dict[str, dict], name: str, dirs=None) -> dict:
    """The card called name: exact match, else case-insensitive, else an error with the
    closest names; given `dirs` (the folders of extra cards in `pool`, --cards), the error
    also says where the card was looked for and how to add a folder."""
    if name in pool:
        return pool[name]
    by_norm = {norm_name(n): n for n in sorted(pool)}
    if norm_name(name) in by_norm:
        return pool[by_norm[norm_name(name)]]
    close = closest_names(name, by_norm)
    hint = f" (closest: {', '.join(close)})" if close else ""
    where = ""
    if dirs is not None:
        where = (f": neither a built-in card nor in --cards {', '.join(map(str, dirs))}"
                 if dirs else ": not a built-in card") + f"; {OWN_CARDS}"
    raise PlaytestError(f"unknown card '{name}'{hint}{where}")


def activatable_abilities(card: dict) -> list[tuple[int, dict]]:
    """(index in `abilities`, ability) of the card's mana and activated abilities in printed
    order: a scenario's `ability = N` is position N in this list."""
    return [(i, ab) for i, ab in enumerate(card.get("abilities", ()))
            if ab.get("kind") in ACTIVATABLE_KINDS]
