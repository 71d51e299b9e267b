"""A card file written as printed: `text` and no `abilities`. Its rules come from the text
through the Oracle grammar, so a designer writes a custom card the way it would be printed;
the file's other keys (name, cost, types, power...) are taken as written. What the grammar
cannot read is kept on the card (`_unread`, one line each) for `cards check` to name and for
game commands to refuse; the tokens its text makes ride along (`_tokens`) into the pool."""
from __future__ import annotations

from .. import vocab
from ..printed import Face
from ..text import type_line
from ..validate import check_card
from .compiler import compile_face


def face_of(card: dict) -> Face:
    """A card dict as a card database would print it: its name, type line, cost, text and
    stats (the colours only where the file gives them)."""
    colors = card.get("colors")
    return Face(card["name"], type_line(card), card.get("cost", ""), card.get("text", ""),
                str(card["power"]) if "power" in card else None,
                str(card["toughness"]) if "toughness" in card else None,
                colors=tuple(vocab.COLOR_LETTER[c] for c in colors) if colors else None)


def from_text(card: dict) -> dict:
    """The validated card dict `card` (from a file) with keywords and abilities read from its
    text; `_unread` lists what was not read (`line N: 'sentence'`)."""
    got = compile_face(face_of(card))
    out = {k: v for k, v in card.items() if k not in ("keywords", "_file")}
    compiled = got.card or {}
    keywords = list(card.get("keywords", []))
    keywords += [k for k in compiled.get("keywords", []) if k not in keywords]
    if keywords:
        out["keywords"] = keywords
    if compiled.get("abilities"):
        out["abilities"] = compiled["abilities"]
    if "enchant" in compiled and "enchant" not in out:     # an Aura's "Enchant ..." line
        out["enchant"] = compiled["enchant"]
    out = check_card(out, card["_file"])
    if got.tokens:
        out["_tokens"] = [dict(t, _file=card["_file"]) for t in got.tokens]
    unread = [u.named(card["name"]) for u in got.unread if u.line > 0]
    if unread:
        out["_unread"] = unread
    return out
