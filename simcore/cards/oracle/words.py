"""Small shared pieces of the Oracle grammar: number words, articles, plurals."""
from __future__ import annotations

from .. import vocab

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
                "twelve": 12, "thirteen": 13, "fifteen": 15, "twenty": 20}
NUMBER = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+|X)"


def number(word: str):
    """An amount as the card file writes it: an int, or "X"."""
    w = word.lower()
    if w == "x":
        return "X"
    if w.isdigit():
        return int(w)
    return NUMBER_WORDS[w]


def singular(noun: str) -> str:
    """Elves -> Elf, sorceries -> sorcery, creatures -> creature (the last word)."""
    if noun in vocab.SAME_PLURAL:
        return noun
    if noun.endswith("ves") and noun[:-3].lower() in ("el", "dwar", "wol", "sel"):
        return noun[:-3] + "f"
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if noun.endswith(("sses", "xes", "ches", "shes")):
        return noun[:-2]
    if noun.endswith("s") and not noun.endswith("ss"):
        return noun[:-1]
    return noun
