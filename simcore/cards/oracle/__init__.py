"""The Oracle-text compiler: a printed card (simcore.cards.printed) in, the card dicts a card
file gives out, with every sentence it could not read named (result.py). One file per phrase
family: normalise (canonical wording), typeline, keywords, costs, targets (object phrases),
effects (effect sentences), abilities (line classes: mana, activated, triggered, static,
spell), compiler (a card's faces put together)."""
from .compiler import compile_printed
from .result import FULL, NONE, PARTIAL, Compiled
from .version import COMPILER_VERSION

__all__ = ["COMPILER_VERSION", "FULL", "NONE", "PARTIAL", "Compiled", "compile_printed"]
