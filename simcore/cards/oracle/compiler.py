"""A printed card compiled into card dicts: the face's type line, cost and stats, then each
line of its normalised rules text read by the phrase families (keywords.py, abilities.py and
what they use). The dict is checked by the card-file validator, so a compiled card and a
hand-written one are one thing. What is not read stays listed, line by line."""
from __future__ import annotations

import re

from ...errors import PlaytestError
from .. import vocab
from ..manastr import parse_mana
from ..printed import Face, Printed
from ..validate import check_card
from .abilities import Unreadable, read_line
from .effects import Targets, read_effects
from .grants import read_enchant, read_equip
from .keywords import expand_keywords, read_keyword, split_keywords
from .normalise import normalise
from .result import FULL, NONE, PARTIAL, Compiled, CompiledFace, Unread, worst
from .tokens import builtin_tokens, settle_names
from .typeline import split_type_line

# Layouts the engine plays as one card with one face (the other faces of these play no part
# until a rule the engine lacks brings them in: transforming, casting the other half).
ONE_FACE_LAYOUTS = {"normal", "leveler", "saga", "class", "case", "mutate", "prototype"}
_KEYWORD_ABILITY = re.compile(r"^(?:Multi)?[Kk]icker \{|^(?:Basic l|l|L)?(?:and)?\w*[Cc]ycling \{"
                              r"|^Flashback[ \u2014]\{")
_COLOR_NAMES = {v: k for k, v in vocab.COLOR_LETTER.items()}


def _int_stat(v):
    if v is None:
        return None
    try:
        return int(v)
    except ValueError:
        return v


def compile_face(face: Face) -> CompiledFace:
    unread: list[Unread] = []
    types, supers, subtypes, unknown = split_type_line(face.type_line)
    for w in unknown:
        unread.append(Unread(0, w, "a type the engine lacks"))
    card: dict = {"name": face.name, "types": types}
    if face.mana_cost:
        try:
            mc = parse_mana(face.mana_cost, f"{face.name}: mana cost")
            card["cost"] = face.mana_cost
        except PlaytestError:
            unread.append(Unread(0, face.mana_cost, "mana symbols the engine lacks"))
            mc = None
    else:
        mc = None
    if supers:
        card["supertypes"] = supers
    if subtypes:
        card["subtypes"] = subtypes
    if "Creature" in types:
        for key in ("power", "toughness"):
            v = _int_stat(getattr(face, key))
            if isinstance(v, int) and 0 <= v <= 99:
                card[key] = v
            else:
                unread.append(Unread(0, f"{key} {getattr(face, key)}", "not a fixed number"))
                card[key] = 0
    if "Planeswalker" in types:
        unread.append(Unread(0, f"loyalty {face.loyalty}", "planeswalkers are not played yet"))
    cost_colors = set()
    if mc is not None:
        cost_colors = {c for c, n in zip("WUBRG", mc.pips) if n}
        for a, b in mc.hybrid:
            cost_colors |= {"WUBRGC"[a], "WUBRGC"[b]}
    if face.colors is not None and set(face.colors) != cost_colors:
        card["colors"] = [_COLOR_NAMES[c] for c in "WUBRG" if c in face.colors]

    text = normalise(face.oracle_text, face.name, "Legendary" in supers)
    lines = text.split("\n") if text else []
    keywords, abilities, ab_line_nos = [], [], []
    made: dict[str, dict] = {}          # tokens the face makes: name -> definition
    spell_tg, spell_effects, spell_lines = Targets(made), [], []
    is_spell = "Instant" in types or "Sorcery" in types
    read_any = False
    skip = set()
    for i, line in enumerate(lines, 1):
        if i in skip:
            continue
        if is_spell and line == MODAL:      # 700.2: "Choose one —" and its bullets
            got, bullets = _modes(lines, i, made)
            skip.update(bullets)
            if got is None:
                unread.extend(Unread(j, lines[j - 1]) for j in [i] + bullets)
            else:
                abilities.extend(got)
                ab_line_nos.extend(bullets)
                read_any = True
            continue
        kws = split_keywords(line)
        if kws is not None and len(kws) == 1 and _KEYWORD_ABILITY.match(line):
            kws = None                      # a keyword the grammar reads as an ability
        if kws is not None:
            for k in expand_keywords(kws):
                kw = read_keyword(k)
                ench = read_enchant(k) if kw is None and "Aura" in subtypes else None
                if ench is not None and "enchant" not in card:    # 702.5a, 303.4a
                    card["enchant"] = ench
                    read_any = True
                    continue
                equip = read_equip(k) if kw is None and "Equipment" in subtypes else None
                if equip is not None:                                  # 702.6a
                    abilities.append(equip)
                    ab_line_nos.append(i)
                    read_any = True
                    continue
                if kw is None:
                    unread.append(Unread(i, k, "a keyword the engine lacks"))
                elif kw not in keywords:
                    keywords.append(kw)
                    read_any = True
            continue
        if is_spell and not line.startswith(("When", "Whenever", "At ", "As an additional")) and \
                not _KEYWORD_ABILITY.match(line):
            effects, bad = read_effects(line, spell_tg)
            if bad or not effects:
                unread.append(Unread(i, line))
            else:
                spell_effects.extend(effects)
                spell_lines.append(i)
                read_any = True
            continue
        try:
            got = read_line(line, False, made)
            abilities.extend(got)
            ab_line_nos.extend([i] * len(got))
            read_any = True
        except Unreadable as e:
            why = str(e)
            unread.append(Unread(i, line, "" if why == line else why))
    if spell_effects:
        spell = {"kind": "spell"}
        if spell_tg.specs:
            spell["targets"] = spell_tg.specs
        spell["effects"] = spell_effects
        abilities.insert(0, spell)
        ab_line_nos.insert(0, spell_lines[0])
    if keywords:
        card["keywords"] = keywords
    ab_lines = [spell_lines[0] if ab.get("kind") == "spell" and spell_lines else ln
                for ab, ln in zip(abilities, ab_line_nos)] if abilities else []
    if abilities:
        card["abilities"] = abilities
    if face.oracle_text:
        card["text"] = face.oracle_text
    if not types:
        return CompiledFace(face.name, None, tuple(unread) + (Unread(0, face.type_line,
                                                                     "no card type"),), NONE)
    tokens = _tokens(card, made)
    card, read_any = _validated(card, ab_lines, unread, read_any)
    if card is None:
        return CompiledFace(face.name, None, tuple(unread), NONE)
    if not unread:
        status = FULL
    elif read_any or not any(u.line for u in unread):
        status = PARTIAL
    else:
        status = NONE
    if any(u.line == 0 and u.reason in ("a type the engine lacks",) for u in unread):
        status = NONE
    used = {e["token"] if e.get("do") == "create_token" else "Clue"   # investigate (701.36a)
            for ab in card.get("abilities", ()) for e in ab.get("effects", ())
            if e.get("do") in ("create_token", "investigate")}
    return CompiledFace(face.name, card, tuple(unread), status,
                        tuple(t for t in tokens if t["name"] in used))


MODAL = "Choose one \u2014"


def _modes(lines: list[str], at: int, made: dict):
    """The modes of a modal spell (700.2) whose "Choose one —" is line `at` (1-based): its
    bullet lines, each read as a spell's text; (None, bullets) unless every one is read."""
    bullets = []
    for j in range(at + 1, len(lines) + 1):
        if not lines[j - 1].startswith("\u2022 "):
            break
        bullets.append(j)
    modes = []
    for j in bullets:
        tg = Targets(made)
        effects, bad = read_effects(lines[j - 1][2:], tg)
        if bad or not effects:
            return None, bullets
        mode = {"kind": "mode"}
        if tg.specs:
            mode["targets"] = tg.specs
        mode["effects"] = effects
        modes.append(mode)
    if not 2 <= len(modes) <= 5:
        return None, bullets
    return modes, bullets


def _tokens(card: dict, made: dict[str, dict]) -> list[dict]:
    """The face's tokens, checked, each named as a built-in token where it is the same one;
    the card's effects renamed to match."""
    names = settle_names(made)
    for ab in card.get("abilities", ()):
        for e in ab.get("effects", ()):
            if e.get("do") == "create_token":
                e["token"] = names[e["token"]]
    out = []
    for old, tok in made.items():
        if names[old] == old:
            out.append(check_card(tok, f"token made by {card['name']}"))
        else:
            out.append(next(b for b in builtin_tokens() if b["name"] == names[old]))
    return out


_ABILITY_AT = re.compile(r"key 'abilities\[(\d+)\]")


def _validated(card: dict, ab_lines: list[int], unread: list, read_any: bool):
    """The card checked by the card-file validator. An ability the grammar read but the
    vocabulary cannot hold (a value the engine has no code for) is moved to `unread` with
    the validator's words, and the card checked again."""
    while True:
        try:
            return check_card(card, f"oracle text of {card['name']}"), read_any
        except PlaytestError as e:
            m = _ABILITY_AT.search(str(e))
            if not m:
                unread.append(Unread(0, str(e), "invalid"))
                return None, read_any
            k = int(m.group(1))
            unread.append(Unread(ab_lines[k], str(e).split(": ", 2)[-1], "not in the vocabulary"))
            abilities = card["abilities"][:k] + card["abilities"][k + 1:]
            ab_lines = ab_lines[:k] + ab_lines[k + 1:]
            card = {key: v for key, v in card.items() if key != "abilities"}
            if abilities:
                card["abilities"] = abilities
            read_any = bool(abilities or card.get("keywords") or card.get("enchant"))


def compile_printed(p: Printed) -> Compiled:
    """Every face of `p` compiled; the card's status is the worst of its faces' and of what
    its layout needs beyond one face."""
    faces = tuple(compile_face(f) for f in p.faces)
    unread = []
    if len(faces) > 1 and p.layout not in ONE_FACE_LAYOUTS:
        unread.append(Unread(0, f"{p.layout} card", "only its front face is played"))
    status = worst([faces[0].status] + ([PARTIAL] if unread else []))
    if faces[0].card is None:
        status = NONE
    return Compiled(p.name, p.layout, faces, status, tuple(unread))
