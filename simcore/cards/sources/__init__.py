"""Readers of card databases: Scryfall's bulk files (oracle-cards, default-cards) and MTGJSON's
AtomicCards.json, plain or gzipped, streamed (Scryfall's file is ~160 MB). Each yields
`Card(printed, printing)`: a card as printed (simcore.cards.printed) and, where the source
gives it, the printing's (set code, collector number). Non-game objects (tokens, emblems, art
cards, ...) are skipped; every face of a card of several faces is kept. A file that is not one
of these, or is cut short, is one PlaytestError naming it."""
from __future__ import annotations

from .jsonfile import Card
from .read import read_cards

__all__ = ["Card", "read_cards"]
