"""Oracle text put in one canonical wording before it is parsed (and before the render check
compares it): reminder text dropped, the card's own name (and a legendary card's short name)
written `~`, older templates replaced by today's (the corpus mixes Oracle text of several
years: "enters the battlefield" became "enters", "converted mana cost" became "mana value")."""
from __future__ import annotations

import re

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SPACES = re.compile(r"[ \t]+")
# Old wording -> today's (each a rules-neutral Oracle update).
_UPDATES = (
    (re.compile(r"\benters the battlefield\b"), "enters"),
    (re.compile(r"\benter the battlefield\b"), "enter"),
    (re.compile(r"\bconverted mana cost\b"), "mana value"),
    (re.compile(r"\bis put into a graveyard from the battlefield\b"), "dies"),
    (re.compile(r"\bare put into a graveyard from the battlefield\b"), "die"),
    (re.compile(r"\bput into (\w+) graveyard from the battlefield\b"), r"put into \1 graveyard"),
    (re.compile(r"\b[Tt]ribal\b"), "Kindred"),
)
# "this creature" and its kin name the object itself (2024 templates): written `~` too.
_THIS = re.compile(r"\b[Tt]his (?:creature|land|artifact|enchantment|permanent|spell|card|"
                   r"Aura|Equipment|Vehicle|planeswalker|battle)\b")

# "it deals" naming the source (113.7: the object whose ability it is): in a triggered
# ability about ~ itself ("When ~ enters, it deals 2 damage to any target") and in an
# activated one ("{T}, Sacrifice ~: It deals 3 damage ..."); written `~` too
_IT_TRIGGER = re.compile(r"^((?:When|Whenever) ~ [^,.:\"]*, )it deals\b")
_IT_ACTIVATED = re.compile(r"^([^:\"]*: )It deals\b")


def short_name(name: str) -> str | None:
    """A legendary card's short name (rule 201.4b: "Atraxa" of "Atraxa, Praetors' Voice")."""
    head, sep, _ = name.partition(",")
    if sep and head.strip():
        return head.strip()
    m = re.match(r"^(.+?) (?:of|the) ", name)
    return m.group(1) if m and " " not in m.group(1) else None


def self_pattern(name: str, legendary: bool) -> re.Pattern:
    names = [re.escape(name)]
    if legendary:
        s = short_name(name)
        if s and s != name:
            names.append(re.escape(s))
    return re.compile(r"(?<![\w'])(?:" + "|".join(names) + r")(?![\w-])")


def normalise(text: str, name: str, legendary: bool = False) -> str:
    """The face's rules text in canonical form: one ability a line, `~` for itself."""
    text = text.replace("\u2212", "-").replace("\r", "")
    text = _REMINDER.sub("", text)
    for pat, new in _UPDATES:
        text = pat.sub(new, text)
    text = self_pattern(name, legendary).sub("~", text)
    text = _THIS.sub("~", text)
    lines = (_SPACES.sub(" ", ln).strip() for ln in text.split("\n"))
    lines = (_IT_ACTIVATED.sub(r"\1~ deals", _IT_TRIGGER.sub(r"\1~ deals", ln)) for ln in lines)
    return "\n".join(ln for ln in lines if ln)
