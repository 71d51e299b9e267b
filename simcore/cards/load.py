"""Loading card files (TOML) and card pools: the built-in cards and tokens, your folders
(--cards). Each file is checked by `simcore.cards.validate`; a file that gives printed `text`
and no `abilities` has its rules compiled from the text (simcore.cards.oracle)."""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path

from ..errors import PlaytestError, PlaytestErrors
from ..textfile import read_text
from .oracle.cardfile import from_text
from .oracle.tokens import same_token
from .validate import ACTIVATABLE_KINDS, CardContext, check_card

DATA_DIR = Path(__file__).resolve().parent / "data"
BUILTIN_DIRS = (DATA_DIR / "cards", DATA_DIR / "tokens")


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
        CardContext(file, name if isinstance(name, str) and name else "?").fail("_file", "unknown key")
    card = check_card(data, file)
    if card.get("text") and "abilities" not in card and not card.get("token"):
        card = from_text(card)          # written as printed: the rules come from the text
    return card


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
    for card in list(pool.values()):         # tokens a card written as printed makes
        for tok in card.get("_tokens", ()):
            have = pool.get(tok["name"])
            if have is None:
                pool[tok["name"]] = tok
            elif not same_token(have, tok):
                fail(card["_file"], PlaytestError(
                    f"{card['_file']}: card '{card['name']}': its token '{tok['name']}' is "
                    f"not the card of that name in {have['_file']}"))
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
    ctx = CardContext(card["_file"], name)
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
