"""Card definitions for the plain-Python reference engine, read from the card TOML files.

Only what the reference implements is understood (the cards of the example decks
mono_green_curve and goblins_burn_blight); anything else raises, so the reference never plays
a card it does not know. Plain Python objects, independent of simcore.cards.compile."""
import re
import tomllib
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "simcore" / "cards" / "data"

COLORS = "WUBRGC"          # mana types, in the packed order of the engine (W U B R G C)
W, U, B, R, G, C = range(6)

SUPPORTED_KEYWORDS = {"haste", "reach", "undying", "persist", "flying"}


class ManaCost:
    """A mana cost: generic amount, coloured pips (list of 6), hybrid symbols (list of
    (colour, colour)), X count."""

    def __init__(self, text=""):
        self.generic = 0
        self.pips = [0] * 6
        self.hybrid = []
        self.x = 0
        self.tap = False
        for sym in re.findall(r"\{([^}]*)\}", text or ""):
            if sym.isdigit():
                self.generic += int(sym)
            elif sym == "X":
                self.x += 1
            elif sym == "T":
                self.tap = True
            elif "/" in sym:
                a, b = sym.split("/")
                self.hybrid.append((COLORS.index(a), COLORS.index(b)))
            else:
                self.pips[COLORS.index(sym)] += 1

    @property
    def mana_value(self):
        return self.generic + sum(self.pips) + len(self.hybrid)


class Ability:
    def __init__(self, kind, d):
        self.kind = kind                  # mana, activated, trigger, spell, additional_cost
        self.d = d
        self.cost = ManaCost(d.get("cost", ""))
        self.tap = self.cost.tap
        self.blight = d.get("blight", 0)
        self.effects = d.get("effects", [])
        self.targets = d.get("targets", [])
        self.event = d.get("event")
        self.add = d.get("add")
        self.index = -1                   # activated-ability number (mana abilities included)
        self.cond = None                  # undying / persist intervening-if
        self.counter = None


class Card:
    def __init__(self, d, token=False):
        self.name = d["name"]
        self.token = token or bool(d.get("token", False))
        self.types = set(d.get("types", []))
        self.subtypes = set(d.get("subtypes", []))
        self.cost = ManaCost(d.get("cost", ""))
        self.mv = self.cost.mana_value
        self.power = d.get("power", 0)
        self.toughness = d.get("toughness", 0)
        self.keywords = set(d.get("keywords", []))
        unknown = self.keywords - SUPPORTED_KEYWORDS
        if unknown:
            raise ValueError(f"{self.name}: keywords {unknown} not in the reference")
        self.is_land = "Land" in self.types
        self.is_creature = "Creature" in self.types
        self.is_instant = "Instant" in self.types
        self.is_permanent = bool(self.types & {"Land", "Creature", "Artifact", "Enchantment",
                                               "Planeswalker", "Battle"})
        abilities = []
        # 305.6: a basic land type gives its mana ability (printed first)
        for sub, col in (("Forest", "{G}"), ("Mountain", "{R}"), ("Plains", "{W}"),
                         ("Island", "{U}"), ("Swamp", "{B}")):
            if sub in self.subtypes and self.is_land:
                abilities.append(Ability("mana", {"cost": "{T}", "add": col}))
        for ab in d.get("abilities", []):
            k = ab["kind"]
            if k not in ("mana", "activated", "trigger", "spell", "additional_cost"):
                raise ValueError(f"{self.name}: ability kind {k} not in the reference")
            abilities.append(Ability(k, ab))
        # 702.93 undying / 702.79 persist: dies triggers returning the card with a counter
        for kw, counter in (("undying", "plus"), ("persist", "minus")):
            if kw in self.keywords:
                a = Ability("trigger", {"event": "dies"})
                a.cond = kw
                a.counter = counter
                abilities.append(a)
        n = 0
        for a in abilities:
            if a.kind in ("mana", "activated"):
                a.index = n
                n += 1
        self.abilities = abilities
        self.spell = next((a for a in abilities if a.kind == "spell"), None)
        self.add_cost = next((a for a in abilities if a.kind == "additional_cost"), None)
        self.mana_abilities = [a for a in abilities if a.kind == "mana"]
        self.activated = [a for a in abilities if a.kind == "activated"]
        self.triggers = [a for a in abilities if a.kind == "trigger"]

    def __repr__(self):
        return f"Card({self.name})"


_CACHE = {}


def card_index():
    """{name: (card dict, whether it is a token)} of every card and token file, read once."""
    if not _CACHE:
        for sub, token in (("cards", False), ("tokens", True)):
            for f in sorted((DATA / sub).glob("*.toml")):
                d = tomllib.loads(f.read_text())
                _CACHE[d["name"]] = (d, token)
    return _CACHE


def card(name, _cards={}):
    if name not in _cards:
        d, token = card_index()[name]
        _cards[name] = Card(d, token)
    return _cards[name]


def parse_deck(path):
    """Main-deck card names in list order ("N Name" lines; // and # comments)."""
    names = []
    for line in Path(path).read_text(encoding="utf-8-sig").splitlines():
        line = line.strip()
        if not line or line.startswith("//") or line.startswith("#"):
            continue
        if line.lower().startswith("sideboard"):
            break
        m = re.match(r"(\d+)x?\s+(.+)$", line)
        if not m:
            raise ValueError(f"{path}: cannot read {line!r}")
        names.extend([m.group(2).strip()] * int(m.group(1)))
    return names
