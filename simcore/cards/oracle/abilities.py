"""One line of rules text classified (rule 113.3: spell, activated, triggered, static) and
read into card-file abilities by the phrase families: mana abilities (605), activated (602),
triggered (603), statics (604) and a spell's effects (608)."""
from __future__ import annotations

import re

from .amounts import read_for_each, split_for_each
from .costs import read_cost
from .effects import Targets, read_effects
from .grants import read_grant
from .targets import read_filter
from .words import NUMBER, number

ACTIVATED = re.compile(r"^(?P<cost>[^:\"]+?): (?P<effect>.+)$")
_MANA_SYM = r"\{[WUBRGC]\}"
_ADD = re.compile(rf"^Add (?P<mana>(?:{_MANA_SYM})+(?: or (?:{_MANA_SYM})+| ?,? ?(?:or )?"
                  rf"(?:{_MANA_SYM})+)*)\.$")
_ANY = re.compile(r"^Add one mana of any color\.$")
_ANY_LAND = re.compile(r"^Add one mana of any (?P<what>color|type) that (?P<whose>a land you "
                       r"control|a land an opponent controls|a permanent you control) could "
                       r"produce\.$")
_LAND_FROM = {"a land you control": "lands_you_control",
              "a land an opponent controls": "lands_opponents_control",
              "a permanent you control": "permanents_you_control"}
SORCERY = " Activate only as a sorcery."
# a painland's coloured ability: the damage is part of the mana ability's effect (605.3b)
_SELF_DAMAGE = re.compile(rf"^(?P<add>Add .+\.) ~ deals (?P<n>{NUMBER}) damage to you\.$")
# The creature's own static combat restrictions and requirement (509.1b, 508.1d)
RESTRICTIONS = {"~ can't block.": "cant_block", "~ can't be blocked.": "cant_be_blocked",
                "~ attacks each combat if able.": "attacks_each_combat",
                "~ can block only creatures with flying.": "blocks_only_flying"}
ONCE = " Activate only once each turn."      # 602.5b


class Unreadable(Exception):
    """A line (or the part of it named) the grammar cannot read."""


def mana_effect(cost: dict, effect: str) -> dict | None:
    if _ANY.match(effect):
        return {"kind": "mana", **cost, "add": "any_color"}
    m = _ANY_LAND.match(effect)
    if m:
        return {"kind": "mana", **cost, "add": f"any_{m['what']}_could_produce",
                "from": _LAND_FROM[m["whose"]]}
    head, each = split_for_each(effect[:-1]) if effect.endswith(".") else (effect, None)
    m = _ADD.match(head + "." if each is not None else effect)
    if not m:
        return None
    choices = re.split(r",? or |, ", m["mana"])
    if each is not None:
        if len(choices) != 1:
            return None
        return {"kind": "mana", **cost, "add": choices[0], "times": each}
    add = choices[0] if len(choices) == 1 else choices
    return {"kind": "mana", **cost, "add": add}


def _activated(m, made: dict) -> dict:
    cost = read_cost(m["cost"])
    if cost is None:
        raise Unreadable(f"cost {m['cost']!r}")
    effect = m["effect"]
    hurt = _SELF_DAMAGE.match(effect)
    mana = mana_effect(cost, hurt["add"] if hurt else effect)
    if mana is not None and hurt:
        n = number(hurt["n"])
        if n == "X":
            raise Unreadable(effect)
        mana["damage_to_you"] = n
    if mana is not None:
        if "{T}" not in cost.get("cost", "") and "tap_creatures" not in cost:
            raise Unreadable("a mana ability without {T}")
        return mana
    timing = once = None
    if effect.endswith(ONCE):
        once, effect = True, effect[:-len(ONCE)]
    if effect.endswith(SORCERY):
        timing, effect = "sorcery", effect[:-len(SORCERY)]
    tg = Targets(made)
    effects, unread = read_effects(effect, tg)
    if unread or not effects:
        raise Unreadable(" ".join(unread) or effect)
    ab = {"kind": "activated", **cost}
    if timing:
        ab["timing"] = timing
    if once:
        ab["once_per_turn"] = True
    if tg.specs:
        ab["targets"] = tg.specs
    ab["effects"] = effects
    return ab


TRIGGER = re.compile(r"^(?P<head>(?:When|Whenever|At) [^,]+), (?P<effect>.+)$")
STEPS = {"At the beginning of your upkeep": ("upkeep", None),
          "At the beginning of each upkeep": ("upkeep", "each"),
          "At the beginning of your end step": ("end_step", None),
          "At the beginning of each end step": ("end_step", "each"),
          "At the beginning of combat on your turn": ("beginning_of_combat", None),
          "At the beginning of each combat": ("beginning_of_combat", "each")}
_EVENTS = {"enters": "enters", "dies": "dies", "leaves the battlefield": "leaves",
           "attacks": "attacks", "deals combat damage to a player": "combat_damage_to_player"}
_EV = r"(?P<ev>enters|dies|leaves the battlefield|attacks|deals combat damage to a player)"
WHEN_SELF = re.compile(rf"^When(?:ever)? ~ {_EV}$")
WHEN_OTHER = re.compile(rf"^Whenever (?P<who>another|an?) (?P<what>.+?) {_EV}$")
WHEN_SELF_OR = re.compile(rf"^Whenever ~ or another (?P<what>.+?) {_EV}$")


def trigger_head_read(head: str) -> bool:
    """Whether the grammar reads a trigger's head ("When ~ enters", "At the beginning ...")."""
    if head in STEPS or head == "When you cast this spell" or WHEN_SELF.match(head):
        return True
    w = WHEN_OTHER.match(head) or WHEN_SELF_OR.match(head)
    return bool(w and read_filter(w["what"]) is not None)


def _trigger(m, made: dict) -> dict:
    head = m["head"]
    ab = {"kind": "trigger"}
    if head in STEPS:
        ab["event"], whose = STEPS[head]
        if whose:
            ab["whose"] = whose
    elif head == "When you cast this spell":
        ab["event"] = "cast"
    elif (w := WHEN_SELF.match(head)):
        ab["event"] = _EVENTS[w["ev"]]
    elif (w := WHEN_OTHER.match(head)) or (w := WHEN_SELF_OR.match(head)):
        f = read_filter(w["what"])
        if f is None:
            raise Unreadable(f"trigger {head!r}")
        ab["event"] = _EVENTS[w["ev"]]
        ab["subject"] = ("self_or_another" if "who" not in w.groupdict() else
                         "another" if w["who"] == "another" else "any")
        if ab["event"] == "dies" and f.get("types") == ["Creature"] and len(f) == 1:
            f = {}
        if f:
            ab["filter"] = f
    else:
        raise Unreadable(f"trigger {head!r}")
    tg = Targets(made)
    effects, unread = read_effects(m["effect"][:1].upper() + m["effect"][1:], tg)
    if unread or not effects:
        raise Unreadable(" ".join(unread) or m["effect"])
    if ab["event"] in ("dies", "leaves") and "subject" not in ab:
        for e in effects:       # "counters on ~" as it left: its last known state (608.2h)
            n = e.get("n")
            if isinstance(n, dict) and "counters" in n:
                n["of"] = "subject"
            if e["do"] == "return_to_hand" and e.get("what") == "self":
                e["what"] = "subject"     # ~ is the card it became (the trigger's subject)
    if tg.specs:
        ab["targets"] = tg.specs
    ab["effects"] = effects
    return ab


_ANTHEM = re.compile(r"^(?P<what>.+?) gets? (?P<p>[+-]\d+)/(?P<t>[+-]\d+)\.$")


def _static(line: str) -> dict | None:
    grant = read_grant(line)
    if grant is not None:
        return grant
    m = _ANTHEM.match(line)
    if m:
        what = m["what"]
        phrase = what[:1].lower() + what[1:]
        f = read_filter(phrase, plural=True)
        if f is not None and f.get("controller") and not f.get("zone"):
            ab = {"kind": "static", "effect": "anthem", "filter": f}
            if int(m["p"]):
                ab["power"] = int(m["p"])
            if int(m["t"]):
                ab["toughness"] = int(m["t"])
            return ab
    return None


_ENTERS_WITH = re.compile(rf"^~ enters with (?P<n>{NUMBER}) (?P<kind>\S+) counters? on it"
                         r"(?: for each (?P<each>.+))?\.$")
_KICKER = re.compile(r"^(?P<multi>Multi)?[Kk]icker (?P<cost>(?:\{[^{}]+\})+)$")
# 702.29a cycling, 702.29e typecycling ("Swampcycling {2}", "Basic landcycling {1}{B}")
CYCLING = re.compile(r"^(?:(?P<basic>Basic l|L)and|(?P<sub>[A-Z][a-z]+))?[Cc]ycling "
                     r"(?P<cost>(?:\{[^{}]+\})+)$")


# 702.34a flashback: "Flashback {2}{U}", "Flashback\u2014{1}{U}, Pay 3 life."
FLASHBACK = re.compile(rf"^Flashback(?: (?P<cost>(?:\{{[^{{}}]+\}})+)|\u2014(?P<cost2>(?:\{{[^{{}}]+\}})+), "
                       rf"Pay (?P<life>{NUMBER}) life\.)$")


def _flashback(m) -> dict:
    if m["cost"]:
        return {"kind": "flashback", "cost": m["cost"]}
    life = number(m["life"])
    if life == "X":
        raise Unreadable("flashback cost 'Pay X life'")
    return {"kind": "flashback", "cost": m["cost2"], "pay_life": life}


# 601.2b/h: "As an additional cost to cast this spell, sacrifice a creature."
ADDITIONAL_SAC = re.compile(r"^As an additional cost to cast ~, (?P<may>you may )?sacrifice "
                            r"(?P<art>an?) (?P<what>.+)\.$")


def _additional_sac(m) -> dict:
    f = read_filter(m["what"])
    if f is None or set(f) - {"types", "subtype"}:
        raise Unreadable(f"'sacrifice {m['art']} {m['what']}'")
    ab = {"kind": "additional_cost", "options": [{"sacrifice": f}]}
    if m["may"]:
        ab["optional"] = True
    return ab


def _cycling(m) -> dict:
    ab = {"kind": "cycling", "cost": m["cost"]}
    if m["sub"]:
        ab["find"] = [{"subtype": m["sub"]}]
    elif m["basic"] is not None:     # "Landcycling" (any land) or "Basic landcycling"
        ab["find"] = [{"types": ["Land"]} | ({"basic": True} if m["basic"] == "Basic l" else {})]
    return ab


def _enters_with(m) -> dict:
    n = number(m["n"])
    if m["each"]:
        each = read_for_each(m["each"])
        if each is None or n != 1:
            raise Unreadable(f"amount 'for each {m['each']}'")
        n = each
    return {"kind": "enters_with_counters", "counter": m["kind"], "n": n}


# 614.1c replacements that let it enter untapped after all
_ENTERS_UNLESS = re.compile(rf"^~ enters tapped unless you control (?:(?P<n>{NUMBER}) or "
                            r"(?P<dir>fewer|more) other lands|(?P<what>an? .+?))\.$")
_SHOCK = re.compile(rf"^As ~ enters, you may pay (?P<n>{NUMBER}) life\. If you don't, it "
                    r"enters tapped\.$")


def _enters_unless(m) -> dict:
    if m["n"]:
        key = "lands_at_most" if m["dir"] == "fewer" else "lands_at_least"
        return {"kind": "enters_tapped", "unless": {key: number(m["n"])}}
    filters = []
    for alt in re.split(r",? or ", m["what"]):
        f = read_filter(re.sub(r"^an? ", "", alt))
        if f is None or not re.match(r"^an? ", alt):
            raise Unreadable(f"'unless you control {m['what']}'")
        filters.append(f)
    if len(filters) > 2:
        raise Unreadable(f"'unless you control {m['what']}' (at most two kinds)")
    return {"kind": "enters_tapped", "unless": {"control": filters}}


def read_line(line: str, is_spell: bool, made: dict | None = None) -> list[dict]:
    """The abilities of one line of rules text; raises Unreadable. Tokens its effects make
    are added to `made` (name -> definition)."""
    made = {} if made is None else made
    m = _ENTERS_WITH.match(line)
    if m:
        return [_enters_with(m)]
    m = _KICKER.match(line)
    if m:
        return [{"kind": "kicker", "cost": m["cost"]} | ({"multi": True} if m["multi"] else {})]
    m = CYCLING.match(line)
    if m:
        return [_cycling(m)]
    m = FLASHBACK.match(line)
    if m:
        return [_flashback(m)]
    m = ADDITIONAL_SAC.match(line)
    if m:
        return [_additional_sac(m)]
    if line == "~ enters tapped.":
        return [{"kind": "enters_tapped"}]
    if line in RESTRICTIONS:
        return [{"kind": "restriction", "rule": RESTRICTIONS[line]}]
    m = _ENTERS_UNLESS.match(line)
    if m:
        return [_enters_unless(m)]
    m = _SHOCK.match(line)
    if m:
        return [{"kind": "enters_tapped", "unless": {"pay_life": number(m["n"])}}]
    m = TRIGGER.match(line)
    if m:
        return [_trigger(m, made)]
    if is_spell:
        tg = Targets(made)
        effects, unread = read_effects(line, tg)
        if unread or not effects:
            raise Unreadable(" ".join(unread) or line)
        ab = {"kind": "spell"}
        if tg.specs:
            ab["targets"] = tg.specs
        ab["effects"] = effects
        return [ab]
    m = ACTIVATED.match(line)
    if m and not line.startswith(("Choose", "As ")):
        return [_activated(m, made)]
    st = _static(line)
    if st is not None:
        return [st]
    raise Unreadable(line)
