"""What the Oracle compiler gives for a card: per face, the card dict (the same dict a TOML
card file gives, checked by the same validator) and every sentence it could not read, with its
position. A face is `full` when every sentence was read, `partial` when some were, `none` when
none of its rules text could be played (or the face itself cannot be: a type the engine lacks)."""
from __future__ import annotations

from dataclasses import dataclass

FULL, PARTIAL, NONE = "full", "partial", "none"
STATUS_ORDER = {FULL: 0, PARTIAL: 1, NONE: 2}


@dataclass(frozen=True)
class Unread:
    """One sentence (or keyword, or face-level fact) the compiler could not turn into rules:
    `line` counts the face's rules-text lines from 1 (0: the face itself, e.g. its type)."""
    line: int
    text: str
    reason: str = ""

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "card"
        return f"{where}: {self.text!r}" + (f" ({self.reason})" if self.reason else "")

    def named(self, name: str) -> str:
        """As __str__, with the card's own name where the grammar wrote `~`."""
        return str(self).replace("~", name)


@dataclass(frozen=True)
class CompiledFace:
    name: str
    card: dict | None               # a card dict as a TOML file gives, or None if unplayable
    unread: tuple[Unread, ...]
    status: str
    tokens: tuple[dict, ...] = ()   # the tokens it makes, as token card dicts


@dataclass(frozen=True)
class Compiled:
    name: str
    layout: str
    faces: tuple[CompiledFace, ...]
    status: str                     # the worst of the faces' (and the layout's) statuses
    unread: tuple[Unread, ...]      # card-level gaps, e.g. a layout the engine cannot play

    @property
    def card(self) -> dict | None:
        """The dict the engine plays: the front face's (the face a library holds)."""
        return self.faces[0].card

    @property
    def tokens(self) -> tuple[dict, ...]:
        seen = {}
        for f in self.faces:
            for t in f.tokens:
                seen.setdefault(t["name"], t)
        return tuple(seen.values())

    def all_unread(self) -> list[tuple[str, Unread]]:
        out = [(self.name, u) for u in self.unread]
        for f in self.faces:
            out.extend((f.name, u) for u in f.unread)
        return out

    def to_dict(self) -> dict:
        return {"name": self.name, "layout": self.layout, "status": self.status,
                "unread": [vars(u) for u in self.unread],
                "faces": [{"name": f.name, "card": f.card, "status": f.status,
                           "unread": [vars(u) for u in f.unread], "tokens": list(f.tokens)}
                          for f in self.faces]}

    @staticmethod
    def from_dict(d: dict) -> Compiled:
        faces = tuple(CompiledFace(f["name"], f["card"], tuple(Unread(**u) for u in f["unread"]),
                                   f["status"], tuple(f.get("tokens", ()))) for f in d["faces"])
        return Compiled(d["name"], d["layout"], faces, d["status"],
                        tuple(Unread(**u) for u in d["unread"]))


def worst(statuses) -> str:
    return max(statuses, key=STATUS_ORDER.__getitem__, default=FULL)
