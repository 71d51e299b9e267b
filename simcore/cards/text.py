"""A card as a player reads it, written from its validated card dict (simcore.cards.load).

`card_text` gives the name and mana cost, the type line, keywords, each ability in words
("{T}: Add {G}.", "When Elvish Visionary enters, draw a card.") and power/toughness, the way
`playtest cards show` prints it. The words come from the abilities the engine plays, not from
the card file's `text` (which is for people and may say something else), so that a card file
can be checked against the printed card. docs/card-format.md describes every key read here.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import vocab

_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten")
_TIMES = {2: "twice", 3: "three times"}


def _word(n) -> str:
    return _NUMBERS[n] if isinstance(n, int) and 0 <= n < len(_NUMBERS) else str(n)


def _a(phrase: str) -> str:
    """The phrase with "a" or "an" before it."""
    vowel = phrase[:1].lower() in "aeiou" or phrase.startswith(("8", "11/", "18/"))
    return ("an " if vowel else "a ") + phrase


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _pt(p: int, t: int) -> str:
    """A P/T change as printed: "+2/+2", "-2/-0", "+0/+3" (a zero takes the other's sign)."""
    sp = "-" if p < 0 or (p == 0 and t < 0) else "+"
    st = "-" if t < 0 or (t == 0 and p < 0) else "+"
    return f"{sp}{abs(p)}/{st}{abs(t)}"


def _plural(noun: str) -> str:
    """Elf -> Elves, sorcery -> sorceries, creature -> creatures (the last word only)."""
    head, _, last = noun.rpartition(" ")
    if last in vocab.SAME_PLURAL:
        pass
    elif last.endswith("f"):
        last = last[:-1] + "ves"
    elif last.endswith(("s", "x", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


def _or(words) -> str:
    words = list(words)
    if len(words) <= 2:
        return " or ".join(words)
    return ", ".join(words[:-1]) + ", or " + words[-1]


def _and(words) -> str:
    words = list(words)
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + ", and " + words[-1]


def _counted(q, singular: str, plural: str | None = None) -> str:
    """"a card", "two cards", "X cards"."""
    plural = plural or _plural(singular)
    if q == 1:
        return _a(singular)
    return f"{_word(q)} {plural}"


# --------------------------------------------------------------------------- filters

def _things(f: dict, plural: bool = False, zone_word: str = "in") -> str:
    """What a filter describes, without an article: "Elf creature you control", "creature
    card with mana value 3 or less from your graveyard", "player or planeswalker"."""
    types = [t.lower() for t in f.get("types", [])]
    graveyard = f.get("zone") == "graveyard"
    stack = f.get("zone") == "stack"
    sub = f.get("subtype")
    if types:
        heads = [f"{sub} {t}" if sub else t for t in types]
    else:
        heads = [sub or ("card" if graveyard else "spell" if stack else "permanent")]
    if graveyard and (types or sub):     # "instant or sorcery card", "Arcane card"
        heads[-1] += " card"
    if stack and (types or sub):         # "instant or sorcery spell"
        heads[-1] += " spell"
    if plural:
        heads = [_plural(h) for h in heads]
    if f.get("players"):
        heads = ["players" if plural else "player"] + heads
    text = _or(heads)
    if f.get("not_types"):
        text = "".join(f"non{t.lower()} " for t in f["not_types"]) + text
    if "mv_max" in f:
        text += f" with mana value {f['mv_max']} or less"
    if graveyard:
        owner = {"you": "your graveyard", "opponent": "an opponent's graveyard"}
        text += f" {zone_word} " + owner.get(f.get("owner", "any"), "a graveyard")
    else:
        ctrl = f.get("controller", "any")
        if ctrl == "you":
            text += " you control"
        elif ctrl == "opponent":
            text += " your opponents control" if plural else " an opponent controls"
    return text


def _counted_things(f: dict) -> str:
    """ "Elf you control", "creature on the battlefield": what "for each ..." counts."""
    text = _things(f)
    if f.get("zone") != "graveyard" and f.get("controller", "any") == "any":
        text += " on the battlefield"
    return ("other " if f.get("other") else "") + text


def _target(spec) -> str:
    if spec == "any":
        return "any target"
    return ("another " if spec.get("other") else "") + "target " + _things(spec,
                                                                          zone_word="from")


# --------------------------------------------------------------------------- effects

class _Card:
    """What the words of one ability need: the card's name and types, the ability's targets,
    the token definitions."""

    def __init__(self, card: dict, pool: Mapping[str, dict] | None, ability: dict):
        self.name = card["name"]
        self.card = card
        self.pool = pool or {}
        self.ability = ability
        self.targets = [_target(t) for t in ability.get("targets", [])]
        self.named = set()
        # in a trigger on its own leaving, the card is the subject (its last known state)
        self.self_subject = (ability.get("kind") == "trigger" and
                             ability.get("event") in ("dies", "leaves") and
                             ability.get("subject", "self") == "self")
        self.card_trigger = ability.get("kind") == "trigger" and \
            ability.get("subject", "self") == "self"
        if len(self.targets) == 2 and self.targets[0] == self.targets[1]:
            self.targets[1] = "another " + self.targets[1]

    def obj(self, sel: str) -> str:
        """An effect's selector (on, to, what, from) in words."""
        if sel in vocab.TARGET_SELECTORS:
            i = vocab.TARGET_SELECTORS[sel]
            if sel in self.named:           # a target named once is "it" afterwards
                return "it"
            self.named.add(sel)
            return self.targets[i] if i < len(self.targets) else sel   # (validation refuses)
        if sel in ("enchanted", "equipped"):
            return _attached_noun(self.card, sel)
        return {"self": self.name, "subject": self.name if self.self_subject else "it",
                "each_creature": "each creature",
                "each_opponent": "each opponent",
                "each_opponent_and_their_creatures":
                    "each opponent and each creature they control",
                "you": "you", "each_player": "each player"}[sel]

    def amount(self, n) -> tuple[object, str]:
        """(how many: an int or a word, what follows the noun: " for each ...")."""
        if n is None or isinstance(n, int):
            return (1 if n is None else n), ""
        if n == "X":
            return "X", ""
        if n == "half_X":
            return "half X", ", rounded down"
        if n == "kicks":
            return 1, " for each time it was kicked"
        if "count" in n:
            return 1, " for each " + _counted_things(n["count"])
        if "counters" in n:
            on = "it" if n.get("of") == "subject" and not self.self_subject else self.name
            return 1, f" for each {n['counters']} counter on {on}"
        paid, other = n["if_paid"], n.get("else", 0)
        return other, f" ({_word(paid)} instead if the additional cost was paid)"

    def token(self, name: str) -> tuple[str, str]:
        """(a token's description before "token", what follows "token(s)")."""
        tok = self.pool.get(name)
        if tok is None:
            return name, ""
        if name in vocab.PREDEFINED_TOKENS and tok.get("subtypes") == [name]:
            return name, ""             # "a Food token" (111.10)
        colors = _and(tok["colors"]) if tok.get("colors") else "colorless"
        words = [colors] + tok.get("subtypes", []) + [t.lower() for t in tok["types"]]
        if "power" in tok:
            words.insert(0, f"{tok['power']}/{tok['toughness']}")
        kws = tok.get("keywords", [])
        return " ".join(words), (" with " + _and(kws)) if kws else ""


def _clause(e: dict, c: _Card) -> tuple[str | None, str, str, str]:
    """(who does it, or None for "you" told what to do; the verb; the rest; a sentence that
    follows)."""
    do = e["do"]

    def sel(key):
        return c.obj(e.get(key, vocab.SELECTOR_DEFAULTS[do][key]))

    q, tail = c.amount(e.get("n"))
    if do == "put_counters":
        return None, "put", f"{_counted(q, e['counter'] + ' counter')} on {sel('on')}{tail}", ""
    if do == "put_counters_of_subject":
        return None, "put", f"the counters it had on {sel('on')}", ""
    if do == "move_counters":
        return None, "move", f"all counters from {sel('from')} onto {sel('to')}", ""
    if do == "proliferate":
        return None, "proliferate", "", ""
    if do == "blight":
        who = sel("who")
        return (None if who == "you" else who), "blight", f"{q}{tail}", ""
    if do == "damage":
        return c.name, "deal", f"{q} damage to {sel('to')}{tail}", ""
    if do == "draw":
        return None, "draw", _counted(q, "card") + tail, ""
    if do == "discard":
        return None, "discard", _counted(q, "card") + tail, ""
    if do in ("surveil", "scry"):
        return None, do, f"{q}{tail}", ""
    if do == "mill":
        return None, "mill", _counted(q, "card") + tail, ""
    if do == "gain_life":
        return "you", "gain", f"{q} life{tail}", ""
    if do == "lose_life":
        return sel("who"), "lose", f"{q} life{tail}", ""
    if do == "create_token":
        desc, after = c.token(e["token"])
        return None, "create", _counted(q, desc + " token", desc + " tokens") + after + tail, ""
    if do == "exile":
        return None, "exile", sel("what"), ""
    if do == "exile_top":
        top = "the top card" if q == 1 and not tail else f"the top {_word(q)} cards"
        then = ("You may play them this turn." if e.get("playable") == "this_turn" else
                "Until the end of your next turn, you may play those cards.")
        return None, "exile", f"{top} of your library{tail}", then
    if do == "return_to_battlefield":
        with_counter = f" with {_a(e['counter'] + ' counter')} on it" if "counter" in e else ""
        return None, "return", f"{sel('what')} to the battlefield{with_counter}", ""
    if do == "shuffle_into_library":
        return None, "shuffle", f"{sel('what')} into its owner's library", ""
    if do == "become_creature":
        types = " with all creature types" if e.get("all_creature_types") else ""
        still = "It's still a land." if "Land" in c.card["types"] else ""
        return (c.name, "become", f"a {e.get('power', 0)}/{e.get('toughness', 0)} creature"
                f"{types} until end of turn", still)
    if do == "sacrifice_unless":
        what = _things(e.get("sacrifice", {"types": ["Creature"]}))
        return None, "sacrifice", f"{c.name} unless you sacrifice {_a(what)}", ""
    if do == "destroy":
        return None, "destroy", sel("what"), ""
    if do == "search_library":
        kinds = [_things(f).replace("permanent", "").strip() for f in e.get("find", [])]
        kinds = [("basic " if f.get("basic") else "") + k for f, k in
                 zip(e.get("find", []), kinds)]
        what = _a(" or ".join(kinds) + " card" if kinds else "card")   # "a Swamp or Forest card"
        reveal = ", reveal it" if e.get("reveal") else ""
        put = ("put it onto the battlefield" + (" tapped" if e.get("tapped") else "")
               if e.get("put") == "battlefield" else "put it into your hand")
        return None, "search", f"your library for {what}{reveal}, {put}, then shuffle", ""
    if do == "attach":     # "When ~ enters, attach it to ...": the source, "it" in its trigger
        it = "it" if c.card_trigger else c.name
        return None, "attach", f"{it} to {sel('to')}", ""
    if do == "pump":
        kws = _and(e.get("keywords", []))
        p, t = e.get("power", 0), e.get("toughness", 0)
        if kws and p == 0 and t == 0:
            return sel("what"), "gain", f"{kws} until end of turn", ""
        gains = f" and gains {kws}" if kws else ""
        return sel("what"), "get", f"{_pt(p, t)}{gains} until end of turn", ""
    if do == "pump_all":
        f = e["filter"]
        what = ("other " if f.get("other") else "") + _things(f, plural=True)
        kws = _and(e.get("keywords", []))
        p, t = e.get("power", 0), e.get("toughness", 0)
        if kws and p == 0 and t == 0:
            return None, f"{what} gain", f"{kws} until end of turn", ""
        gains = f" and gain {kws}" if kws else ""
        return None, f"{what} get", f"{_pt(p, t)}{gains} until end of turn", ""
    if do == "investigate":
        return None, "investigate", {1: "", 2: "twice"}.get(q, f"{_word(q)} times") + tail, ""
    if do == "counter":
        n = e.get("unless_pays", 0)
        unless = f" unless its controller pays {{{n}}}" if n else ""
        return None, "counter", f"{sel('what')}{unless}", ""
    if do == "cant_block":
        return None, f"{sel('what')} can't block this turn", "", ""
    if do in ("tap", "untap"):
        return None, do, sel("what"), ""
    if do == "return_to_hand":
        what = e.get("what", "target")
        k = vocab.TARGET_SELECTORS.get(what)
        spec = c.ability.get("targets", [None] * 2)[k] if k is not None else None
        yours = isinstance(spec, dict) and spec.get("zone") == "graveyard" and \
            spec.get("owner") == "you"
        return None, "return", f"{sel('what')} to {'your' if yours else 'its owner' + chr(39) + 's'} hand", ""
    if do == "look_at_top":
        return None, "look", _top_of_library(e["n"]), _look_then(e)
    if do == "delayed":     # at: next_turns_upkeep, the one value
        who, verb, rest, then = _clause(e["effects"][0], c)
        return who, verb, f"{rest} at the beginning of the next turn's upkeep", then
    raise AssertionError(f"no words for do = {do!r}")   # vocab.EFFECTS grew: add them here


def _top_of_library(n: int) -> str:
    return "at the top card of your library" if n == 1 else \
        f"at the top {_word(n)} cards of your library"


def _look_then(e: dict) -> str:
    """What look_at_top does with the cards, as printed: "Put two of them into your hand and
    the rest into your graveyard." / "You may reveal a creature card from among them and put
    it into your hand. Put the rest on the bottom of your library in a random order."."""
    n, take = e["n"], e.get("take", 1)
    to = "onto the battlefield" if e.get("put") == "battlefield" else "into your hand"
    rest = {"graveyard": "into your graveyard",
            "bottom": "on the bottom of your library in any order",
            "bottom_random": "on the bottom of your library in a random order"}[
        e.get("rest", "bottom")]
    if not e.get("up_to"):
        other = "the other" if n - take == 1 else "the rest"
        if rest.endswith("in any order") and other == "the other":
            rest = "on the bottom of your library"
        return f"Put {_word(take)} of them {to} and {other} {rest}."
    kinds = [_things({k: v for k, v in f.items() if k != "mv_max"}) for f in e.get("find", [])]
    mv = [f["mv_max"] for f in e.get("find", []) if "mv_max" in f]
    plural = take > 1
    what = " or ".join(kinds) + (" cards" if plural else " card") if kinds else \
        ("cards" if plural else "card")
    what += f" with mana value {mv[0]} or less" if mv else ""
    if take == 1:
        what = _a(what)
        if e.get("reveal"):
            first = f"You may reveal {what} from among them and put it {to}."
        else:
            first = f"You may put {what} from among them {to}."
    else:
        first = f"Put up to {_word(take)} {what} from among them {to}."
    return f"{first} Put the rest {rest}."


def _verb_s(verb: str) -> str:
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")


def _effects(effects: list, c: _Card) -> list[str]:
    """The effects as sentences (the first one starting in lower case unless it starts with
    a name, to follow "When ..., ")."""
    out = []
    for e in effects:
        who, verb, rest, then = _clause(e, c)
        if e.get("optional"):
            text = f"you may {verb}" if who in (None, "you") else f"you may have {who} {verb}"
        elif who is None:
            text = verb
        else:
            text = f"{who} {verb if who == 'you' else _verb_s(verb)}"
        text += f" {rest}" if rest else ""
        if e.get("if") == "done":
            text = "if you do, " + text
        out.append(text + ".")
        if then:
            out.append(then)
    return out


def _sentences(effects: list, c: _Card, after: str = "") -> str:
    """Effects as text on their own ("Draw a card."), or after `after` ("When ..., ")."""
    parts = _effects(effects, c)
    first = after + parts[0] if after else _cap(parts[0])
    return " ".join([first] + [_cap(p) for p in parts[1:]])


# --------------------------------------------------------------------------- abilities

def _cost(ab: dict, c: _Card) -> str:
    parts = [ab["cost"]] if ab.get("cost") else []
    tc = ab.get("tap_creatures")
    if tc is not None:
        n, thing = tc.get("count", 1), tc.get("subtype", "creature")
        parts.append(f"Tap an untapped {thing} you control" if n == 1 else
                     f"Tap {_word(n)} untapped {_plural(thing)} you control")
    if "blight" in ab:
        parts.append(f"Blight {ab['blight']}")
    rc = ab.get("remove_counters")
    if rc is not None:
        parts.append(f"Remove {_counted(rc.get('n', 1), rc['counter'] + ' counter')} from "
                     f"{c.name}")
    if ab.get("pay_life"):
        parts.append(f"Pay {ab['pay_life']} life")
    if ab.get("discard"):       # Oracle's order: "Discard a card, Sacrifice a creature"
        parts.append(f"Discard {_counted(ab['discard'], 'card')}")
    if "sacrifice" in ab:
        f = ab["sacrifice"]
        parts.append("Sacrifice " + ("another " + _things(f) if f.get("other") else
                                     _a(_things(f))))
    if ab.get("sacrifice_self"):
        parts.append(f"Sacrifice {c.name}")
    if ab.get("discard_self"):
        parts.append(f"Discard {c.name}")
    if ab.get("exile_self"):
        parts.append(f"Exile {c.name} from your graveyard")
    return ", ".join(parts) or "{0}"


def _cycling(ab: dict) -> str:
    """"Cycling {2}"; typecycling (702.29e) names what it finds: "Swampcycling {2}", "Basic
    landcycling {1}{B}"."""
    find = ab.get("find")
    if not find:
        return f"Cycling {ab['cost']}"
    f = find[0]
    kind = f.get("subtype") or " ".join(t.lower() for t in f.get("types", []))
    return _cap(("basic " if f.get("basic") else "") + kind + "cycling " + ab["cost"])


def _mana(ab: dict, c: _Card) -> str:
    add = ab["add"]
    where = {"lands_you_control": "a land you control",
             "lands_opponents_control": "a land an opponent controls",
             "permanents_you_control": "a permanent you control"}.get(ab.get("from"), "")
    q, tail = c.amount(ab.get("times"))
    if isinstance(add, list):
        mana = _or(add)
    elif add == "any_color":
        mana = "one mana of any color"
    elif add == "any_type_could_produce":
        mana = f"one mana of any type that {where} could produce"
    elif add == "any_color_could_produce":
        mana = f"one mana of any color that {where} could produce"
    elif add == "color_of_permanent":
        return f"{_cost(ab, c)}: Choose a color of {where}. Add one mana of that color."
    elif isinstance(q, int):
        mana, q = add * q, 1
    else:
        mana = add
    times = f" {q} times" if q != 1 else ""
    hurt = (f" {c.name} deals {ab['damage_to_you']} damage to you."
            if ab.get("damage_to_you") else "")
    return f"{_cost(ab, c)}: Add {mana}{times}{tail}.{hurt}"


def _trigger(ab: dict, c: _Card) -> str:
    event, subject = ab["event"], ab.get("subject", "self")
    each = ab.get("whose") == "each"
    steps = {"upkeep": ("each upkeep", "your upkeep"),
             "beginning_of_combat": ("each combat", "combat on your turn"),
             "end_step": ("each end step", "your end step")}
    if event in steps:
        head = "At the beginning of " + steps[event][0 if each else 1]
    elif event == "cast":
        if subject == "self":
            head = "When you cast this spell"
        else:
            spell = _things(ab.get("filter", {})).replace("permanent", "").strip()
            spell = (spell + " spell").strip()
            other = "another " if subject == "another" else ""
            head = (f"Whenever a player casts {other or 'a '}{spell}" if each else
                    f"Whenever you cast {other + spell if other else _a(spell)}")
    else:
        verb = {"enters": "enters", "leaves": "leaves the battlefield", "dies": "dies",
                "attacks": "attacks",
                "combat_damage_to_player": "deals combat damage to a player"}[event]
        f = dict(ab.get("filter", {}))
        if event == "dies" and "types" not in f and "subtype" not in f:
            f["types"] = ["Creature"]       # only creatures die
        if subject == "self":       # it may attack again: "Whenever" (603.2)
            again = event in ("attacks", "combat_damage_to_player")
            head = f"{'Whenever' if again else 'When'} {c.name} {verb}"
        elif subject == "another":
            head = f"Whenever another {_things(f)} {verb}"
        elif subject == "self_or_another":
            head = f"Whenever {c.name} or another {_things(f)} {verb}"
        else:
            head = f"Whenever {_a(_things(f))} {verb}"
    cond = {"subject_had_counters": "if it had counters on it",
            "self_has_counters": f"if {c.name} has counters on it",
            "subject_had_no_plus_counters": "if it had no +1/+1 counters on it",
            "subject_had_no_minus_counters": "if it had no -1/-1 counters on it"}
    if "condition" in ab:
        head += ", " + cond[ab["condition"]]
    return _sentences(ab["effects"], c, head + ", ")


def _mana_trigger(ab: dict) -> str:
    if ab["source"] == "enchanted_land":
        head, who, extra = "Whenever enchanted land is tapped for mana", "its controller", True
    else:
        head, who, extra = "Whenever a player taps a land for mana", "that player", False
    if ab["add"] == "one_of_produced":
        mana = ("one additional mana" if extra else "one mana") + \
            " of any type that land produced"
    else:
        mana = "an additional " + ab["add"]
    return f"{head}, {who} adds {mana}."


def _mana_replacement(ab: dict) -> str:
    head = ("If you tap a permanent for mana" if ab["applies_to"] == "permanents_you_tap"
            else "If a land is tapped for mana")
    if "replace_with" in ab:
        return f"{head}, it produces {ab['replace_with']} instead of any other type and amount."
    m = ab["multiply"]
    return f"{head}, it produces {_TIMES.get(m, f'{_word(m)} times')} as much of that mana instead."


def _additional_cost(ab: dict) -> str:
    opts, limit = [], ""
    for o in ab["options"]:
        parts = []
        if "blight" in o:
            parts.append(f"blight {o['blight']}")
        if "mana" in o:
            parts.append(f"pay {o['mana']}")
        if "sacrifice" in o:
            parts.append(f"sacrifice {_a(_things(o['sacrifice']))}")
        opts.append(" and ".join(parts))
        if o.get("x_max") == "greatest_toughness_you_control":
            limit = " X can't be greater than the greatest toughness among creatures you control."
    may = "you may " if ab.get("optional") else ""
    return f"As an additional cost to cast this spell, {may}{_or(opts)}.{limit}"


def _cast_from_exile(ab: dict, c: _Card) -> str:
    types = [t.lower() for t in ab.get("card_types", [])]
    spells = _or(_plural(t + " spell") for t in types) if types else "spells"
    among = f"exiled with {c.name}" if ab.get("linked") else "in exile"
    text = f"you may cast {spells} from among cards you own {among}"
    n = ab.get("remove_counters_among_creatures")
    if n:
        text += (f" by removing {_word(n)} counters from among creatures you control in "
                 f"addition to paying their other costs")
    during = ab.get("during", "your_turn")
    return ("During your turn, " + text if during == "your_turn" else _cap(text)) + "."


def _attached_noun(card: dict, to: str) -> str:
    """"enchanted creature": the enchanted object named by what the Aura may enchant (one
    card type, else "permanent"); "equipped creature"."""
    if to == "equipped":
        return "equipped creature"
    ench = card.get("enchant", {})
    types = ench.get("types", [])
    return "enchanted " + (types[0].lower() if len(types) == 1 and "subtype" not in ench
                           else "permanent")


def _grant(ab: dict, card: dict) -> str:
    """"Enchanted creature gets +2/+0 and has trample."."""
    who = _cap(_attached_noun(card, ab["to"]))
    parts = []
    if ab.get("power", 0) or ab.get("toughness", 0):
        parts.append("gets " + _pt(ab.get("power", 0), ab.get("toughness", 0)))
    if ab.get("keywords"):
        parts.append("has " + _and(ab["keywords"]))
    cant = [c for c in ab.get("cant", []) if c != "untap"]
    if cant:
        parts.append("can't " + " or ".join(cant))
    if "untap" in ab.get("cant", []):
        parts.append("doesn't untap during its controller's untap step")
    return f"{who} {_and(parts)}."


def ability_text(card: dict, ab: dict, pool: Mapping[str, dict] | None = None) -> str:
    """One ability of a validated card dict in words. `pool` (name -> card dict) lets
    create_token describe the token ("a 1/1 black and red Goblin creature token")."""
    c = _Card(card, pool, ab)
    kind = ab["kind"]
    if kind == "mana":
        return _mana(ab, c)
    if kind == "activated":
        text = f"{_cost(ab, c)}: {_sentences(ab['effects'], c)}"
        text += " Activate only as a sorcery." if ab.get("timing") == "sorcery" else ""
        return text + (" Activate only once each turn." if ab.get("once_per_turn") else "")
    if kind == "trigger":
        return _trigger(ab, c)
    if kind == "spell":
        return _sentences(ab["effects"], c)
    if kind == "mana_trigger":
        return _mana_trigger(ab)
    if kind == "mana_replacement":
        return _mana_replacement(ab)
    if kind == "enters_with_counters":
        q, tail = c.amount(ab["n"])
        return f"{c.name} enters with {_counted(q, ab['counter'] + ' counter')} on it{tail}."
    if kind == "enters_tapped":
        u = ab.get("unless", {})
        if "pay_life" in u:
            return (f"As {c.name} enters, you may pay {u['pay_life']} life. If you don't, it "
                    f"enters tapped.")
        unless = ""
        if "lands_at_most" in u:
            unless = f" unless you control {_word(u['lands_at_most'])} or fewer other lands"
        elif "lands_at_least" in u:
            unless = f" unless you control {_word(u['lands_at_least'])} or more other lands"
        elif "control" in u:
            unless = " unless you control " + _or(_a(_things(f).replace(" you control", ""))
                                                   for f in u["control"])
        return f"{c.name} enters tapped{unless}."
    if kind == "static" and ab["effect"] == "grant":
        return _grant(ab, card)
    if kind == "equip":
        return f"Equip {ab['cost']}"
    if kind == "static":
        others = "other " if ab["filter"].get("other") else ""
        bonus = _pt(ab.get("power", 0), ab.get("toughness", 0))
        return _cap(f"{others}{_things(ab['filter'], plural=True)} get {bonus}.")
    if kind == "additional_cost":
        return _additional_cost(ab)
    if kind == "alternative_cost":
        return f"{_cap(ab['keyword'])} {ab['cost']}"
    if kind == "kicker":
        return f"{'Multikicker' if ab.get('multi') else 'Kicker'} {ab['cost']}"
    if kind == "cast_from_exile":
        return _cast_from_exile(ab, c)
    if kind == "restriction":
        return c.name + {"cant_block": " can't block.", "cant_be_blocked": " can't be blocked.",
                         "attacks_each_combat": " attacks each combat if able.",
                         "blocks_only_flying": " can block only creatures with flying."
                         }[ab["rule"]]
    if kind == "cycling":
        return _cycling(ab)
    if kind == "mode":          # 700.2: a bullet under "Choose one —"
        return "\u2022 " + _sentences(ab["effects"], c)
    if kind == "flashback":     # 702.34a; a cost with more than mana after an em dash
        if ab.get("pay_life"):
            return f"Flashback\u2014{ab['cost']}, Pay {ab['pay_life']} life."
        return f"Flashback {ab['cost']}"
    raise AssertionError(f"no words for kind = {kind!r}")  # vocab.ABILITY_KINDS grew


def type_line(card: dict) -> str:
    """"Legendary Creature — Elf Noble", "Token Artifact Creature — Thopter"."""
    line = " ".join((["Token"] if card.get("token") else []) + card.get("supertypes", []) +
                    card["types"])
    if card.get("subtypes"):
        line += " \u2014 " + " ".join(card["subtypes"])
    return line


def _keyword_words(kws: list[str]) -> list[str]:
    """Keywords as printed: two protections in a row read "protection from black and from
    red" (702.16g)."""
    out = []
    for k in kws:
        if k.startswith("protection from ") and out and out[-1].startswith("protection from ") \
                and " and " not in out[-1]:
            out[-1] += " and " + k[len("protection "):]
        else:
            out.append(k)
    return out


def _rules(card: dict, pool: Mapping[str, dict] | None):
    """(line, activatable) for each line of the card's rules text as the engine plays it."""
    if "enchant" in card:          # 702.5a
        yield "Enchant " + _things(card["enchant"]), False
    if card.get("keywords"):
        yield _cap(", ".join(_keyword_words(card["keywords"]))), False
    if "Land" in card["types"]:       # rule 305.6: a basic land type's mana ability
        for sub in card.get("subtypes", []):
            if sub in vocab.BASIC_LAND_MANA:
                yield f"({{T}}: Add {vocab.BASIC_LAND_MANA[sub]}.)", True
    modes = False
    for ab in card.get("abilities", []):
        if ab["kind"] == "mode" and not modes:
            modes = True
            yield "Choose one \u2014", False
        yield ability_text(card, ab, pool), ab["kind"] in ("mana", "activated", "cycling", "equip")


def rules_text(card: dict, pool: Mapping[str, dict] | None = None) -> str:
    """The card's rules text alone, a line an ability, as the engine plays it: what the
    Oracle compiler's render check compares with the printed text."""
    return "\n".join(line for line, _ in _rules(card, pool))


def card_text(card: dict, pool: Mapping[str, dict] | None = None) -> str:
    """The card as a player reads it: name and mana cost, type line, rules text (each
    ability in words; the ones scenarios activate numbered as `ability = N` counts them),
    power/toughness, and the file it came from."""
    cost = card.get("cost") or "(no mana cost)"
    lines = [f"{card['name']}  {cost}", type_line(card)]
    if card.get("colors"):
        lines.append("Color: " + _and(card["colors"]))
    n_act = 0
    for text, activated in _rules(card, pool):
        if activated:
            text += f"  [ability {n_act}]"
            n_act += 1
        lines.append(text)
    if "power" in card:
        lines.append(f"{card['power']}/{card['toughness']}")
    for line in card.get("_unread", ()):       # a card written as printed: what was not read
        lines.append(f"not read (the engine ignores it): {line}")
    lines.append(f"file: {card['_file']}")
    return "\n".join(lines)
