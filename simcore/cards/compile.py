"""Compile validated card files into a CardTable: numeric arrays the kernels read.

Abilities become rows of an ability table; effects become bytecode rows (simcore.consts OP_*)
run by one interpreter (kernels/effects.py). Kernels never see strings.
"""
from collections import namedtuple
from types import SimpleNamespace

import numpy as np

from .. import consts as K
from .. import layout as L
from ..encoding import pack_mana, unpack_mana  # noqa: F401  (compile.unpack_mana: API)
from ..errors import PlaytestError
from . import vocab
from .manastr import parse_activation_cost, parse_mana
from .oracle.tokens import same_token

# Per-ability/card/filter fields (simcore/layout.py) are columns of one int32 array each.
CT_FIELDS = [(f, np.int32) for f in L.CARD_FIELDS + L.MC_FIELDS + L.FILT_FIELDS] + \
    [(f, np.int32) for f in L.ABIL_FIELDS if not f[-1].isdigit()] + \
    [(f, np.int32) for f in L.ABIL_VECTORS]
CardTable = namedtuple("CardTable", ["card", "c_sub", "mcost", "abil", "filt", "ops",
                                     "sub_creature", "meta"])


def ct_views(ct):
    """Named columns of the card table (ct.card[:, C_MV] as v.c_mv, ...) for Python code."""
    ns = {}
    for grp in ("card", "mcost", "abil", "filt"):
        arr = getattr(ct, grp)
        for i, f in enumerate(L.GROUPS[grp]):
            ns[f] = arr[:, i]
    for name, n in L.ABIL_VECTORS.items():
        i0 = L.ABIL_FIELDS.index(name + "0")
        ns[name] = ct.abil[:, i0:i0 + n]
    ns["mc_pips"] = ct.mcost[:, L.MC_PIPS:L.MC_PIPS + 6]
    ns["mc_hyb"] = ct.mcost[:, L.MC_HYB:L.MC_HYB + 4]
    for name in ("c_sub", "ops", "sub_creature", "meta"):
        ns[name] = getattr(ct, name)
    return SimpleNamespace(**ns)


META_NKINDS = 0
META_WARP_ABIL = 1
META_NCARDS = 2
META_GRANTS = 3


def mana_str_pack(s, where):
    mc = parse_mana(s, where)
    if mc.x or mc.hybrid or mc.generic:
        counts = list(mc.pips)
        counts[K.M_C] += mc.generic
        if mc.x or mc.hybrid:
            raise PlaytestError(f"{where}: mana to add must be plain symbols, got {s!r}")
        return pack_mana(counts)
    return pack_mana(mc.pips)


def sel(effect, key):
    """The effect's selector `key` (on, to, what, from, who), or its default (vocab)."""
    return effect.get(key, vocab.SELECTOR_DEFAULTS[effect["do"]][key])


class Pool:
    """The card pool: validated card dicts, name -> id, counter kinds, subtypes, the table."""

    def __init__(self, defs, extra_kinds=()):
        self.defs = defs                       # name -> validated dict
        self.names = sorted(defs, key=lambda n: (bool(defs[n].get("token")), n))
        self.card_id = {n: i for i, n in enumerate(self.names)}
        self.kinds = list(K.BUILTIN_COUNTERS)
        self.kind_id = {k: i for i, k in enumerate(self.kinds)}
        subs = set()
        for d in defs.values():
            subs.update(d.get("subtypes", []))
            for ab in d.get("abilities", []):
                self._collect(ab, subs)
        self.subtypes = sorted(subs)
        self.sub_id = {s: i for i, s in enumerate(self.subtypes)}
        for d in defs.values():
            self._collect_kinds(d)
        for k in extra_kinds:
            self.kind(k)
        self.table = None
        self.db_cards = None                   # dbpool.DbCards: where unknown names are sought

    def _collect(self, obj, subs):
        if isinstance(obj, dict):
            for key, v in obj.items():
                if key == "subtype" and isinstance(v, str):
                    subs.add(v)
                else:
                    self._collect(v, subs)
        elif isinstance(obj, list):
            for v in obj:
                self._collect(v, subs)

    def _collect_kinds(self, obj):
        if isinstance(obj, dict):
            for key, v in obj.items():
                if key in ("counter", "counters") and isinstance(v, str):
                    self.kind(v)
                else:
                    self._collect_kinds(v)
        elif isinstance(obj, list):
            for v in obj:
                self._collect_kinds(v)

    def kind(self, name):
        if name not in self.kind_id:
            self.kind_id[name] = len(self.kinds)
            self.kinds.append(name)
            self.table = None
        return self.kind_id[name]

    @property
    def n_kinds(self):
        return len(self.kinds)

    def compile(self):
        if self.table is None:
            self.table = _Compiler(self).build()
        return self.table

    def card_name(self, cid):
        return self.names[cid]

    def find_more(self, name, printing=None):
        """The pool name of the card of the card database that `name` (or the `printing`,
        (set code, collector number)) means, taken into the pool; None if none is; raises
        dbpool.Refused for a card the run cannot play. The ids of the pool's cards may
        change: take every card before reading ids."""
        if self.db_cards is None:
            return None
        stored = self.db_cards.find(name, printing)
        if stored is None:
            return None
        taken = [n for n, s in self.db_cards.taken.items() if s.name == stored.name]
        if taken and taken[0] in self.defs:
            return taken[0]
        card = self.db_cards.take(stored)
        if card["name"] not in self.defs:       # built-in and --cards names come first
            new = {card["name"]: card}
            for tok in stored.compiled.tokens:  # the tokens it makes come with it
                have = self.defs.get(tok["name"])
                if have is None:
                    new[tok["name"]] = tok
                elif not same_token(have, tok):
                    from .dbpool import Refused
                    raise Refused(f"'{stored.name}' makes a token '{tok['name']}' that is not "
                                  f"the card of that name in {have.get('_file')}")
            db_cards = self.db_cards
            self.__init__({**self.defs, **new}, self.kinds)
            self.db_cards = db_cards
        return card["name"]


class _Compiler:
    def __init__(self, pool):
        self.pool = pool
        self.costs = [(0, [0] * 6, [0] * 4, 0)]  # cost 0 = empty cost
        self.abils = []
        self.filters = []
        self.ops = []
        self.delayed = []     # (ops row of an OP_DELAY, its effects, where), patched later
        self.filter_ids = {}
        self.attach_words = False     # an effect attaches, or acts on what is attached to

    # ---- helpers ----
    def cost_id(self, mc):
        hyb = [0] * 4
        if len(mc.hybrid) > 4:
            raise PlaytestError("at most four hybrid symbols in one cost")
        for i, (a, b) in enumerate(mc.hybrid):
            hyb[i] = (1 << a) | (1 << b)
        row = (mc.generic, list(mc.pips), hyb, mc.x)
        if row in self.costs:
            return self.costs.index(row)
        self.costs.append(row)
        return len(self.costs) - 1

    def filter_id(self, spec, where):
        if spec == "any":
            spec = {"types": ["Creature", "Planeswalker"], "players": True}
        key = repr(sorted(spec.items()))
        if key in self.filter_ids:
            return self.filter_ids[key]
        types = 0
        for t in spec.get("types", []):
            types |= K.TYPE_BITS[t]
        sub = -1
        if "subtype" in spec:
            sub = self.pool.sub_id[spec["subtype"]]
        rel = {"any": K.FC_ANY, "you": K.FC_YOU, "opponent": K.FC_OPP}
        row = dict(f_types=types, f_sub=sub, f_ctrl=rel[spec.get("controller", "any")],
                   f_owner=rel[spec.get("owner", "any")],
                   f_zone=K.FZ_GRAVEYARD if spec.get("zone") == "graveyard" else K.FZ_BATTLEFIELD,
                   f_mv_max=spec.get("mv_max", -1), f_other=int(spec.get("other", False)),
                   f_players=int(spec.get("players", False)),
                   f_basic=int(spec.get("basic", False)),
                   f_not_types=sum(K.TYPE_BITS[t] for t in spec.get("not_types", [])))
        if spec.get("zone") == "library":
            row["f_zone"] = K.FZ_LIBRARY
        if spec.get("zone") == "stack":
            row["f_zone"] = K.FZ_STACK
        self.filters.append(row)
        self.filter_ids[key] = len(self.filters) - 1
        return len(self.filters) - 1

    def amount(self, v, where):
        if v is None:
            return K.AM_CONST, 1
        if isinstance(v, int):
            return K.AM_CONST, v
        if v == "X":
            return K.AM_X, 0
        if v == "half_X":
            return K.AM_HALF_X, 0
        if v == "kicks":
            return K.AM_KICKS, 0
        if isinstance(v, dict):
            if "count" in v:
                return K.AM_COUNT, self.filter_id(v["count"], where)
            if "counters" in v:
                kind = self.pool.kind(v["counters"])
                return (K.AM_COUNTERS_SUBJ if v.get("of") == "subject" else K.AM_COUNTERS_SELF,
                        kind)
            if "if_paid" in v:
                return K.AM_IF_PAID, int(v.get("else", 0)) | (int(v["if_paid"]) << 8)
        raise PlaytestError(f"{where}: cannot understand amount {v!r}")

    def new_abil(self, kind, card):
        row = {f: 0 for f, _ in CT_FIELDS if f.startswith("a_")}
        row.update(a_kind=kind, a_card=card, a_actidx=-1, a_cost=-1, a_tapn_sub=-1,
                   a_rmc_kind=-1, a_filter=-1, a_ctr_kind=-1,
                   a_prod_opts=[0] * 4, a_tgt=[-1, -1], a_aco_kind=[0, 0], a_aco_n=[0, 0],
                   a_aco_cost=[-1, -1], a_etu_f=[-1, -1], a_op0=len(self.ops), a_sac_f=-1,
                   # an ability made without cost_fields (equip, a basic land type's mana)
                   # works where abilities of permanents do (602.2)
                   a_zone=K.Z_BATTLEFIELD if kind in (K.AK_ACTIVATED, K.AK_MANA) else 0)
        self.abils.append(row)
        return row

    def compile_effects(self, effects, where):
        start = len(self.ops)
        for i, e in enumerate(effects):
            w = f"{where}.effects[{i}]"
            do = e["do"]
            flags = (K.OPF_OPTIONAL if e.get("optional") else 0) | \
                    (K.OPF_IF_DONE if e.get("if") == "done" else 0)
            am_k, am_a = self.amount(e.get("n"), w)
            a = [0] * 6
            if do == "put_counters":
                a[:4] = [K.SEL_IDS[sel(e, "on")], self.pool.kind(e["counter"]), am_k, am_a]
                op = K.OP_PUT_COUNTERS
            elif do == "put_counters_of_subject":
                a[0] = K.SEL_IDS[sel(e, "on")]
                op = K.OP_PUT_SUBJ_COUNTERS
            elif do == "move_counters":
                a[:2] = [K.SEL_IDS[sel(e, "from")], K.SEL_IDS[sel(e, "to")]]
                op = K.OP_MOVE_COUNTERS
            elif do == "proliferate":
                op = K.OP_PROLIFERATE
            elif do == "blight":
                a[:3] = [K.SEL_IDS[sel(e, "who")], am_k, am_a]
                op = K.OP_BLIGHT
            elif do == "damage":
                a[:3] = [K.SEL_IDS[sel(e, "to")], am_k, am_a]
                op = K.OP_DAMAGE
            elif do in ("draw", "gain_life", "discard", "surveil", "scry", "mill"):
                a[:2] = [am_k, am_a]
                op = {"draw": K.OP_DRAW, "gain_life": K.OP_GAIN_LIFE, "discard": K.OP_DISCARD,
                      "surveil": K.OP_SURVEIL, "scry": K.OP_SCRY, "mill": K.OP_MILL}[do]
            elif do == "lose_life":
                a[:3] = [K.SEL_IDS[sel(e, "who")], am_k, am_a]
                op = K.OP_LOSE_LIFE
            elif do == "create_token":
                tok = e["token"]
                if tok not in self.pool.card_id:
                    raise PlaytestError(f"{w}.token: unknown token {tok!r}")
                a[:3] = [self.pool.card_id[tok], am_k, am_a]
                op = K.OP_CREATE_TOKEN
            elif do == "exile":
                a[:2] = [K.SEL_IDS[sel(e, "what")], int(e.get("link", False))]
                op = K.OP_EXILE
            elif do == "exile_top":
                a[:3] = [am_k, am_a, K.DUR_THIS_TURN if e.get("playable") == "this_turn"
                         else K.DUR_NEXT_TURN]
                op = K.OP_EXILE_TOP
            elif do == "return_to_battlefield":
                a[:2] = [K.SEL_IDS[sel(e, "what")],
                         self.pool.kind(e["counter"]) if "counter" in e else -1]
                op = K.OP_RETURN_TO_BF
            elif do == "shuffle_into_library":
                a[0] = K.SEL_IDS[sel(e, "what")]
                op = K.OP_SHUFFLE_INTO_LIB
            elif do == "become_creature":
                a[:3] = [e.get("power", 0), e.get("toughness", 0),
                         int(e.get("all_creature_types", False))]
                op = K.OP_BECOME_CREATURE
            elif do == "sacrifice_unless":
                a[0] = self.filter_id(e.get("sacrifice", {"types": ["Creature"]}), w)
                op = K.OP_SAC_UNLESS
            elif do == "destroy":
                a[0] = K.SEL_IDS[sel(e, "what")]
                op = K.OP_DESTROY
            elif do == "pump":
                a[:3] = [K.SEL_IDS[sel(e, "what")], e.get("power", 0),
                         e.get("toughness", 0)]
                a[3] = sum(K.KW_BITS[k] for k in e.get("keywords", []))
                op = K.OP_PUMP
            elif do == "search_library":
                find = e.get("find", []) or [{}]
                fids = [self.filter_id({**f, "zone": "library"}, f"{w}.find[{k}]")
                        for k, f in enumerate(find)]
                a[:4] = [fids[0], fids[1] if len(fids) > 1 else -1,
                         K.SEARCH_TO_BATTLEFIELD if e.get("put") == "battlefield" else
                         K.SEARCH_TO_HAND, int(e.get("tapped", False))]
                op = K.OP_SEARCH
            elif do == "look_at_top":
                fids = [self.filter_id({**f, "zone": "library"}, f"{w}.find[{k}]")
                        for k, f in enumerate(e.get("find", []))] + [-1, -1]
                rest = e.get("rest", "bottom")
                a[:4] = [e["n"], fids[0], fids[1],
                         e.get("take", 1) | (K.DIG_UP_TO if e.get("up_to") else 0)
                         | (K.DIG_TO_BATTLEFIELD if e.get("put") == "battlefield" else 0)
                         | (K.DIG_REST_BOTTOM if rest != "graveyard" else 0)
                         | (K.DIG_REST_RANDOM if rest == "bottom_random" else 0)]
                op = K.OP_LOOK_TOP
            elif do == "delayed":       # its ability row is made after the cards: patched
                self.delayed.append((len(self.ops), e["effects"], w + ".effects"))
                a[:2] = [-1, K.EV_UPKEEP]
                op = K.OP_DELAY
            elif do in ("tap", "untap"):
                a[0] = K.SEL_IDS[sel(e, "what")]
                op = K.OP_TAP if do == "tap" else K.OP_UNTAP
            elif do == "pump_all":
                a[:4] = [self.filter_id(e["filter"], w + ".filter"), e.get("power", 0),
                         e.get("toughness", 0), sum(K.KW_BITS[k] for k in e.get("keywords", []))]
                op = K.OP_PUMP_ALL
            elif do == "cant_block":        # a pump of nothing that "can't block" (509.1b)
                a[:4] = [K.SEL_IDS[sel(e, "what")], 0, 0, K.KW_CANT_BLOCK]
                op = K.OP_PUMP
            elif do == "investigate":       # 701.36a: create a Clue token, n times
                if "Clue" not in self.pool.card_id:
                    raise PlaytestError(f"{w}: investigate needs the Clue token (a card "
                                        f"written as printed brings it)")
                a[:3] = [self.pool.card_id["Clue"], am_k, am_a]
                op = K.OP_CREATE_TOKEN
            elif do == "counter":
                a[:2] = [K.SEL_IDS[sel(e, "what")], e.get("unless_pays", 0)]
                op = K.OP_COUNTER
            elif do == "return_to_hand":
                a[0] = K.SEL_IDS[sel(e, "what")]
                op = K.OP_RETURN_TO_HAND
            elif do == "attach":
                a[0] = K.SEL_IDS[sel(e, "to")]
                op = K.OP_ATTACH
            else:  # pragma: no cover - the validator rejects unknown effects
                raise PlaytestError(f"{w}.do: unknown effect {do!r}")
            self.ops.append([op, flags] + a)
            if do == "attach" or e.get("what") in ("enchanted", "equipped"):
                self.attach_words = True
        return start, len(self.ops) - start

    def targets(self, row, specs, where):
        if len(specs) > 2:
            raise PlaytestError(f"{where}.targets: at most two targets")
        row["a_ntgt"] = len(specs)
        for i, t in enumerate(specs):
            row["a_tgt"][i] = self.filter_id(t, f"{where}.targets[{i}]")

    def cost_fields(self, row, ab, where):
        mc, tap, untap = parse_activation_cost(ab.get("cost", ""), where + ".cost")
        row["a_cost"] = self.cost_id(mc)
        row["a_tap"], row["a_untap"] = int(tap), int(untap)
        tc = ab.get("tap_creatures")
        if tc is not None:
            row["a_tapn"] = tc.get("count", 1)
            row["a_tapn_sub"] = self.pool.sub_id[tc["subtype"]] if "subtype" in tc else -1
        row["a_blight"] = ab.get("blight", 0)
        rc = ab.get("remove_counters")
        if rc is not None:
            row["a_rmc_kind"] = self.pool.kind(rc["counter"])
            row["a_rmc_n"] = rc.get("n", 1)
        row["a_sac_self"] = int(ab.get("sacrifice_self", False))
        row["a_pay_life"] = ab.get("pay_life", 0)
        row["a_sorcery"] = int(ab.get("timing") == "sorcery")
        row["a_zone"] = {"hand": K.Z_HAND, "graveyard": K.Z_GRAVEYARD}.get(ab.get("zone"),
                                                                           K.Z_BATTLEFIELD)
        row["a_discard_self"] = int(ab.get("discard_self", False))
        row["a_sac_f"] = (self.filter_id({**ab["sacrifice"], "controller": "you"},
                                         where + ".sacrifice") if "sacrifice" in ab else -1)
        row["a_discard_n"] = ab.get("discard", 0)
        row["a_exile_self"] = int(ab.get("exile_self", False))
        row["a_once"] = int(ab.get("once_per_turn", False))

    # ---- one card ----
    def card(self, cid, d):
        name = d["name"]
        where = f"{d.get('_file', '?')}: card '{name}': key 'abilities"
        rows = []
        subtypes = d.get("subtypes", [])
        # 305.6: a land with a basic land type has that type's mana ability.
        for s in subtypes:
            if s in vocab.BASIC_LAND_MANA and "Land" in d["types"]:
                r = self.new_abil(K.AK_MANA, cid)
                r["a_cost"] = self.cost_id(parse_mana("", where))
                r["a_tap"] = 1
                r["a_prod"] = K.PK_FIXED
                r["a_prod_val"] = mana_str_pack(vocab.BASIC_LAND_MANA[s], where)
                r["a_am_k"], r["a_am_a"] = K.AM_CONST, 1
                rows.append(r)
        for i, ab in enumerate(d.get("abilities", [])):
            w = f"{where}[{i}]"
            kind = ab["kind"]
            try:
                rows.extend(self.ability(cid, ab, kind, w))
            except KeyError as e:
                raise PlaytestError(f"{w}': missing or unknown {e}") from None
        if "enchant" in d:   # an Aura spell targets what it can enchant (303.4a)
            r = self.new_abil(K.AK_SPELL, cid)
            self.targets(r, [d["enchant"]], f"{where}.enchant")
            r["a_nop"] = 0
            rows.append(r)
        kw = d.get("keywords", [])
        for k, cond, ck in (("undying", K.COND_SUBJ_NO_PLUS, K.CK_PLUS),
                            ("persist", K.COND_SUBJ_NO_MINUS, K.CK_MINUS)):
            if k in kw:   # 702.93 / 702.79: a dies trigger returning it with a counter
                r = self.new_abil(K.AK_TRIGGER, cid)
                r["a_event"], r["a_subject"], r["a_cond"] = K.EV_DIES, K.SUBJ_SELF, cond
                self.ops.append([K.OP_RETURN_TO_BF, 0, K.SEL_SUBJECT, ck, 0, 0, 0, 0])
                r["a_op0"], r["a_nop"] = len(self.ops) - 1, 1
                rows.append(r)
        if "prowess" in kw:   # 702.108a: a noncreature spell cast gives it +1/+1 this turn
            r = self.new_abil(K.AK_TRIGGER, cid)
            r["a_event"], r["a_subject"] = K.EV_PROWESS, K.SUBJ_SELF
            self.ops.append([K.OP_PUMP, 0, K.SEL_SELF, 1, 1, 0, 0, 0])
            r["a_op0"], r["a_nop"] = len(self.ops) - 1, 1
            rows.append(r)
        act = 0
        for r in rows:
            if r["a_kind"] in (K.AK_MANA, K.AK_ACTIVATED):
                r["a_actidx"] = act
                act += 1
        return rows

    def ability(self, cid, ab, kind, w):
        if kind == "mana":
            r = self.new_abil(K.AK_MANA, cid)
            self.cost_fields(r, ab, w)
            add = ab["add"]
            if isinstance(add, list):
                r["a_prod"] = K.PK_CHOICE
                if len(add) > 4:
                    raise PlaytestError(f"{w}.add': at most four choices")
                r["a_nopts"] = len(add)
                for j, s in enumerate(add):
                    r["a_prod_opts"][j] = mana_str_pack(s, w + ".add'")
            elif add == "any_color":
                r["a_prod"] = K.PK_ANY_COLOR
            elif add in ("any_type_could_produce", "any_color_could_produce"):
                r["a_prod"] = K.PK_REFLECT
                r["a_prod_val"] = K.ALL_TYPES_MASK if add.startswith("any_type") else K.COLOR_MASK
                frm = ab.get("from", "lands_you_control")
                r["a_prod_from"] = {"lands_you_control": K.FROM_LANDS_YOU,
                                    "lands_opponents_control": K.FROM_LANDS_OPP,
                                    "permanents_you_control": K.FROM_PERMS_YOU}[frm]
            elif add == "color_of_permanent":
                r["a_prod"] = K.PK_COLOR_OF_PERM
                r["a_prod_from"] = K.FROM_PERMS_YOU
            else:
                r["a_prod"] = K.PK_FIXED
                r["a_prod_val"] = mana_str_pack(add, w + ".add'")
            r["a_am_k"], r["a_am_a"] = self.amount(ab.get("times"), w + ".times'")
            r["a_self_dmg"] = ab.get("damage_to_you", 0)
            return [r]
        if kind == "activated":
            r = self.new_abil(K.AK_ACTIVATED, cid)
            self.cost_fields(r, ab, w)
            self.targets(r, ab.get("targets", []), w)
            r["a_op0"], r["a_nop"] = self.compile_effects(ab["effects"], w)
            return [r]
        if kind == "cycling":   # 702.29a: an activated ability that works from the hand
            effect = ({"do": "search_library", "find": ab["find"]} if "find" in ab else
                      {"do": "draw"})
            return self.ability(cid, {"kind": "activated", "cost": ab["cost"], "zone": "hand",
                                      "discard_self": True, "effects": [effect]},
                                "activated", w)
        if kind == "trigger":
            r = self.new_abil(K.AK_TRIGGER, cid)
            r["a_event"] = K.EVENT_IDS[ab["event"]]
            r["a_subject"] = K.SUBJECT_IDS[ab.get("subject", "self")]
            if "filter" in ab:
                r["a_filter"] = self.filter_id(ab["filter"], w + ".filter")
            r["a_whose"] = int(ab.get("whose", "yours") == "each")
            r["a_cond"] = K.COND_IDS.get(ab.get("condition"), K.COND_NONE)
            self.targets(r, ab.get("targets", []), w)
            r["a_op0"], r["a_nop"] = self.compile_effects(ab["effects"], w)
            return [r]
        if kind == "mana_trigger":
            r = self.new_abil(K.AK_MANA_TRIGGER, cid)
            r["a_mt_src"] = K.MT_ENCHANTED_LAND if ab["source"] == "enchanted_land" else K.MT_ANY_LAND
            if ab["add"] == "one_of_produced":
                r["a_mt_add"] = K.MT_ADD_ONE_PRODUCED
            else:
                r["a_mt_add"] = K.MT_ADD_FIXED
                r["a_mt_val"] = mana_str_pack(ab["add"], w + ".add'")
            return [r]
        if kind == "mana_replacement":
            r = self.new_abil(K.AK_MANA_REPLACE, cid)
            r["a_mr_to"] = K.MR_YOU_TAP if ab["applies_to"] == "permanents_you_tap" else K.MR_LANDS
            r["a_mr_mult"] = ab.get("multiply", 1)
            if "replace_with" in ab:
                r["a_mr_with"] = mana_str_pack(ab["replace_with"], w + ".replace_with'")
            return [r]
        if kind == "enters_with_counters":
            r = self.new_abil(K.AK_ETB_COUNTERS, cid)
            r["a_ctr_kind"] = self.pool.kind(ab["counter"])
            r["a_am_k"], r["a_am_a"] = self.amount(ab["n"], w + ".n'")
            return [r]
        if kind == "enters_tapped":
            r = self.new_abil(K.AK_ENTERS_TAPPED, cid)
            u = ab.get("unless", {})
            if "lands_at_most" in u:
                r["a_etu"], r["a_etu_n"] = K.ETU_LANDS_AT_MOST, u["lands_at_most"]
            elif "lands_at_least" in u:
                r["a_etu"], r["a_etu_n"] = K.ETU_LANDS_AT_LEAST, u["lands_at_least"]
            elif "control" in u:
                r["a_etu"] = K.ETU_CONTROL
                for k, f in enumerate(u["control"]):
                    r["a_etu_f"][k] = self.filter_id(f, f"{w}.unless.control[{k}]")
            elif "pay_life" in u:
                r["a_etu"], r["a_etu_n"] = K.ETU_PAY_LIFE, u["pay_life"]
            return [r]
        if kind == "equip":      # 702.6a: an activated ability, as a sorcery
            r = self.new_abil(K.AK_ACTIVATED, cid)
            r["a_cost"] = self.cost_id(parse_mana(ab["cost"], w + ".cost'"))
            r["a_sorcery"] = 1
            self.targets(r, [{"types": ["Creature"], "controller": "you", "other": True}], w)
            self.ops.append([K.OP_ATTACH, 0, K.SEL_TARGET0, 0, 0, 0, 0, 0])
            r["a_op0"], r["a_nop"] = len(self.ops) - 1, 1
            return [r]
        if kind == "static" and ab["effect"] == "grant":
            r = self.new_abil(K.AK_GRANT, cid)     # to the object it is attached to
            r["a_pw"], r["a_tg"] = ab.get("power", 0), ab.get("toughness", 0)
            kw = 0
            for x in ab.get("keywords", []):
                kw |= K.KW_BITS[x]
            cant = ab.get("cant", [])
            kw |= (K.KW_CANT_ATTACK if "attack" in cant else 0) | \
                (K.KW_CANT_BLOCK if "block" in cant else 0)
            r["a_gkw"], r["a_gnountap"] = kw, int("untap" in cant)
            return [r]
        if kind == "static":
            r = self.new_abil(K.AK_STATIC, cid)
            r["a_filter"] = self.filter_id(ab["filter"], w + ".filter")
            r["a_pw"], r["a_tg"] = ab.get("power", 0), ab.get("toughness", 0)
            return [r]
        if kind == "spell":
            r = self.new_abil(K.AK_SPELL, cid)
            self.targets(r, ab.get("targets", []), w)
            r["a_op0"], r["a_nop"] = self.compile_effects(ab["effects"], w)
            return [r]
        if kind == "additional_cost":
            r = self.new_abil(K.AK_ADD_COST, cid)
            r["a_optional"] = int(ab.get("optional", False))
            opts = ab["options"]
            if not 1 <= len(opts) <= 2:
                raise PlaytestError(f"{w}.options': one or two options")
            r["a_naco"] = len(opts)
            for j, o in enumerate(opts):
                if "blight" in o:
                    if o["blight"] == "X":
                        r["a_aco_kind"][j] = K.ACO_BLIGHT_X
                    else:
                        r["a_aco_kind"][j] = K.ACO_BLIGHT
                        r["a_aco_n"][j] = o["blight"]
                elif "mana" in o:
                    r["a_aco_kind"][j] = K.ACO_MANA
                    r["a_aco_cost"][j] = self.cost_id(parse_mana(o["mana"], w))
                elif "sacrifice" in o:     # 601.2h: chosen as the cost is paid
                    r["a_aco_kind"][j] = K.ACO_SACRIFICE
                    r["a_aco_n"][j] = self.filter_id({**o["sacrifice"], "controller": "you"},
                                                     f"{w}.options[{j}].sacrifice")
                else:
                    raise PlaytestError(f"{w}.options[{j}]': needs blight, mana or sacrifice")
            return [r]
        if kind == "alternative_cost":
            r = self.new_abil(K.AK_ALT_COST, cid)
            r["a_cost"] = self.cost_id(parse_mana(ab["cost"], w + ".cost'"))
            return [r]
        if kind == "mode":     # 700.2: one mode of a modal spell
            r = self.new_abil(K.AK_MODE, cid)
            self.targets(r, ab.get("targets", []), w)
            r["a_op0"], r["a_nop"] = self.compile_effects(ab["effects"], w)
            return [r]
        if kind == "flashback":    # 702.34a
            r = self.new_abil(K.AK_FLASHBACK, cid)
            r["a_cost"] = self.cost_id(parse_mana(ab["cost"], w + ".cost'"))
            r["a_pay_life"] = ab.get("pay_life", 0)
            return [r]
        if kind == "kicker":
            r = self.new_abil(K.AK_KICKER, cid)
            r["a_cost"] = self.cost_id(parse_mana(ab["cost"], w + ".cost'"))
            r["a_multi"] = int(ab.get("multi", False))
            return [r]
        if kind == "restriction":
            return []
        if kind == "cast_from_exile":
            r = self.new_abil(K.AK_CAST_EXILE, cid)
            t = 0
            for x in ab.get("card_types", []):
                t |= K.TYPE_BITS[x]
            r["a_ce_types"] = t
            r["a_ce_yourturn"] = int(ab.get("during", "your_turn") == "your_turn")
            r["a_ce_rmc"] = ab.get("remove_counters_among_creatures", 0)
            return [r]
        raise PlaytestError(f"{w}.kind': unknown ability kind {kind!r}")

    def build(self):
        pool = self.pool
        nc = len(pool.names)
        sw = max(1, (len(pool.subtypes) + 63) // 64)
        cards = {f: np.zeros(nc, np.int32) for f, _ in CT_FIELDS if f.startswith("c_")}
        cards["c_sub"] = np.zeros((nc, sw), np.uint64)
        for cid, name in enumerate(pool.names):
            d = pool.defs[name]
            where = f"{d.get('_file', '?')}: card '{name}'"
            t = 0
            for x in d["types"]:
                t |= K.TYPE_BITS[x]
            sup = 0
            for x in d.get("supertypes", []):
                sup |= K.SUPER_BITS[x]
            mc = parse_mana(d.get("cost", ""), where + ": key 'cost'")
            colors = 0
            if "colors" in d:
                for x in d["colors"]:
                    colors |= K.COLOR_BITS[x]
            else:
                for i in range(5):
                    if mc.pips[i]:
                        colors |= 1 << i
                for a, b in mc.hybrid:
                    colors |= (1 << a) | (1 << b)
            kw = 0
            for x in d.get("keywords", []):
                kw |= K.KW_BITS.get(x, 0)
            for ab in d.get("abilities", []):
                if ab["kind"] == "restriction":     # c_kw bits, no ability row
                    kw |= K.RESTRICTION_BITS[ab["rule"]]
            cards["c_prot"][cid] = sum(K.PROT_BITS.get(x, 0) for x in set(d.get("keywords", [])))
            cards["c_dmg_mode"][cid] = sum(K.DAMAGE_MODE_BITS.get(x, 0)
                                           for x in set(d.get("keywords", []))) & 3
            basics = list(vocab.BASIC_LAND_MANA)       # W U B R G order (c_walk)
            cards["c_walk"][cid] = sum(1 << basics.index(vocab.LANDWALK[x])
                                       for x in set(d.get("keywords", [])) if x in vocab.LANDWALK)
            if "Land" in d["types"]:
                cards["c_land_types"][cid] = sum(1 << basics.index(s) for s in
                                                 set(d.get("subtypes", [])) if s in basics)
            cards["c_types"][cid] = t
            cards["c_super"][cid] = sup
            cards["c_colors"][cid] = 0 if "devoid" in d.get("keywords", []) else colors
            cards["c_power"][cid] = d.get("power", 0)
            cards["c_toughness"][cid] = d.get("toughness", 0)
            cards["c_kw"][cid] = kw
            cards["c_token"][cid] = int(d.get("token", False))
            cards["c_cost"][cid] = self.cost_id(mc)
            cards["c_mv"][cid] = mc.generic + sum(mc.pips) + len(mc.hybrid)
            for s in d.get("subtypes", []):
                sid = pool.sub_id[s]
                cards["c_sub"][cid, sid >> 6] |= np.uint64(1) << np.uint64(sid & 63)
            cards["c_abil0"][cid] = len(self.abils)
            rows = self.card(cid, d)
            cards["c_nabil"][cid] = len(rows)
            cards["c_spell"][cid] = -1
            for j, r in enumerate(rows):
                if r["a_kind"] == K.AK_SPELL:
                    cards["c_spell"][cid] = cards["c_abil0"][cid] + j
                if r["a_kind"] == K.AK_STATIC:
                    cards["c_static"][cid] = 1
                if r["a_kind"] == K.AK_GRANT:
                    cards["c_att"][cid] = 1
                    cards["c_att_pw"][cid] += r["a_pw"]
                    cards["c_att_tg"][cid] += r["a_tg"]
                    cards["c_att_kw"][cid] |= r["a_gkw"]
                    cards["c_att_nountap"][cid] |= r["a_gnountap"]
            cards["c_equipment"][cid] = int("Equipment" in d.get("subtypes", []))
        # warp's delayed trigger: exile the warped permanent at the next end step (702.185a)
        warp = self.new_abil(K.AK_DELAYED, -1)
        self.ops.append([K.OP_EXILE_WARPED, 0, K.SEL_SUBJECT, 0, 0, 0, 0, 0])
        warp["a_op0"], warp["a_nop"] = len(self.ops) - 1, 1
        warp_id = len(self.abils) - 1
        # delayed effects (603.7): an ability row each, which their OP_DELAY names
        for o, inner, w in self.delayed:
            r = self.new_abil(K.AK_DELAYED, -1)
            r["a_op0"], r["a_nop"] = self.compile_effects(inner, w)
            self.ops[o][2] = len(self.abils) - 1

        nm = len(self.costs)
        mcost = np.zeros((nm, L.N_MCOST), np.int32)
        for m, (gen, pips, hyb, x) in enumerate(self.costs):
            mcost[m, L.MC_GENERIC] = gen
            mcost[m, L.MC_X] = x
            mcost[m, L.MC_PIPS:L.MC_PIPS + 6] = pips
            mcost[m, L.MC_HYB:L.MC_HYB + 4] = hyb
        abil = np.zeros((len(self.abils), L.N_ABIL), np.int32)
        for a, r in enumerate(self.abils):
            for f, v in r.items():
                if f in L.ABIL_VECTORS:
                    i0 = L.ABIL_FIELDS.index(f + "0")
                    abil[a, i0:i0 + len(v)] = v
                else:
                    abil[a, L.ABIL_FIELDS.index(f)] = v
        derived(cards, abil, mcost)
        card = np.zeros((nc, L.N_CARD), np.int32)
        for i, f in enumerate(L.CARD_FIELDS):
            card[:, i] = cards[f]
        if not self.filters:
            self.filter_id({}, "")
        filt = np.zeros((len(self.filters), L.N_FILT), np.int32)
        for fi, r in enumerate(self.filters):
            for f, v in r.items():
                filt[fi, L.FILT_FIELDS.index(f)] = v
        ops = np.array(self.ops if self.ops else [[0] * 8], np.int32).reshape(-1, 8)
        subc = np.zeros(sw, np.uint64)
        for s, sid in pool.sub_id.items():
            if s not in vocab.NON_CREATURE_SUBTYPES:
                subc[sid >> 6] |= np.uint64(1) << np.uint64(sid & 63)
        meta = np.array([pool.n_kinds, warp_id, nc,
                         int(cards["c_att"].any() or self.attach_words)], np.int32)
        return CardTable(card=card, c_sub=cards["c_sub"], mcost=mcost, abil=abil, filt=filt,
                         ops=ops, sub_creature=subc, meta=meta)


def derived(cards, abil, mcost):
    """Card columns read from the card's abilities, so that hot kernels need not loop over
    them (layout.CARD_PLANES): what the priority check's candidates need (c_cast_need,
    c_act_need, c_act_need_i: kernels/options.py candidates_nb) and the mana facts of
    kernels/mana.py (a_simple, c_simple_mana, c_simple_last, c_mana_mult, c_mana_trig, c_mana_mods)."""
    least = (mcost[:, L.MC_GENERIC] + mcost[:, L.MC_PIPS:L.MC_PIPS + 6].sum(axis=1)
             + (mcost[:, L.MC_HYB:L.MC_HYB + 4] != 0).sum(axis=1))    # mana.min_mana_nb
    empty = (mcost[:, L.MC_GENERIC] == 0) & (mcost[:, L.MC_X] == 0) & \
        ~np.any(mcost[:, L.MC_PIPS:L.MC_PIPS + 6] != 0, axis=1) & \
        ~np.any(mcost[:, L.MC_HYB:L.MC_HYB + 4] != 0, axis=1)
    for cid in range(len(cards["c_mv"])):
        a0 = cards["c_abil0"][cid]
        rows = abil[a0:a0 + cards["c_nabil"][cid]]
        kind = rows[:, L.AB_KIND]
        simple = np.flatnonzero((kind == K.AK_MANA) & (rows[:, L.AB_TAP] != 0) &
                                (rows[:, L.AB_UNTAP] == 0) & (rows[:, L.AB_TAPN] == 0) &
                                empty[rows[:, L.AB_COST]])
        abil[a0 + simple, L.AB_SIMPLE] = 1
        cards["c_simple_mana"][cid] = a0 + simple[0] if simple.size else -1
        cards["c_simple_last"][cid] = a0 + simple[-1] if simple.size else -1
        mults = rows[(kind == K.AK_MANA_REPLACE) & (rows[:, L.AB_MR_MULT] > 1), L.AB_MR_MULT]
        cards["c_mana_mult"][cid] = int(np.prod(mults)) if mults.size else 1
        cards["c_mana_trig"][cid] = int(np.sum(kind == K.AK_MANA_TRIGGER))
        cards["c_mana_mods"][cid] = int(np.sum((kind == K.AK_MANA_REPLACE) |
                                               (kind == K.AK_MANA_TRIGGER)))
        act = rows[(kind == K.AK_ACTIVATED) & (rows[:, L.AB_ZONE] == K.Z_BATTLEFIELD)]
        costs = np.where(act[:, L.AB_COST] < 0, 0, least[act[:, L.AB_COST]])
        inst = costs[act[:, L.AB_SORCERY] == 0]
        hand = rows[(kind == K.AK_ACTIVATED) & (rows[:, L.AB_ZONE] == K.Z_HAND)]
        hcosts = np.where(hand[:, L.AB_COST] < 0, 0, least[hand[:, L.AB_COST]])
        hinst = hcosts[hand[:, L.AB_SORCERY] == 0]
        cards["c_hand_need"][cid] = hcosts.min() if hcosts.size else K.NO_CANDIDATE
        cards["c_hand_need_i"][cid] = hinst.min() if hinst.size else K.NO_CANDIDATE
        gy = rows[((kind == K.AK_ACTIVATED) & (rows[:, L.AB_ZONE] == K.Z_GRAVEYARD)) |
                  (kind == K.AK_FLASHBACK)]
        gcosts = np.where(gy[:, L.AB_COST] < 0, 0, least[gy[:, L.AB_COST]])
        fast = (cards["c_types"][cid] & K.T_INSTANT) != 0 or \
            (cards["c_kw"][cid] & K.KW_FLASH) != 0        # a flashback spell's timing
        ginst = gcosts[np.where(gy[:, L.AB_KIND] == K.AK_FLASHBACK, fast,
                                gy[:, L.AB_SORCERY] == 0)]
        cards["c_gy_need"][cid] = gcosts.min() if gcosts.size else K.NO_CANDIDATE
        cards["c_gy_need_i"][cid] = ginst.min() if ginst.size else K.NO_CANDIDATE
        cards["c_cast_need"][cid] = 0 if np.any(kind == K.AK_ALT_COST) else cards["c_mv"][cid]
        cards["c_act_need"][cid] = costs.min() if costs.size else K.NO_CANDIDATE
        cards["c_act_need_i"][cid] = inst.min() if inst.size else K.NO_CANDIDATE


def make_pool(card_dirs=(), extra_kinds=(), card_db=None):
    """The built-in cards and those of `card_dirs`; names unknown there are sought in the card
    database `card_db` (a dbpool.DbCards, or None: the default database, opened only when
    a name is not found elsewhere, taking no partly supported card)."""
    from .dbpool import DbCards
    from .load import load_pool
    pool = Pool(load_pool(tuple(card_dirs)), extra_kinds)
    pool.db_cards = card_db if card_db is not None else DbCards()
    return pool


def describe_card(name, card_dirs=()):
    """How a card was understood: its compiled fields and abilities, in words and numbers."""
    from .load import find_card
    pool = make_pool(card_dirs)
    return describe_table(pool, find_card(pool.defs, name)["name"])


def describe_table(pool, name):
    """`describe_card` for the card `name` of `pool`."""
    d = pool.defs[name]
    ct = ct_views(pool.compile())
    cid = pool.card_id[d["name"]]
    inv_types = {v: k for k, v in K.TYPE_BITS.items()}
    types = [inv_types[b] for b in sorted(inv_types) if ct.c_types[cid] & b]
    lines = [f"{d['name']}  (card id {cid}, file {d.get('_file')})",
             f"  types: {' '.join(types)}   subtypes: {' '.join(d.get('subtypes', [])) or '-'}",
             f"  mana value: {ct.c_mv[cid]}   colors mask: {ct.c_colors[cid]:05b} (GRBUW)"]
    if ct.c_types[cid] & K.T_CREATURE:
        lines.append(f"  power/toughness: {ct.c_power[cid]}/{ct.c_toughness[cid]}")
    kws = [k for k, b in K.KW_BITS.items() if ct.c_kw[cid] & b]
    if kws:
        lines.append(f"  keywords: {', '.join(kws)}")
    kind_names = {v: k[3:].lower() for k, v in vars(K).items() if k.startswith("AK_")}
    for j in range(ct.c_nabil[cid]):
        a = ct.c_abil0[cid] + j
        kind = kind_names[int(ct.a_kind[a])]
        head = f"  ability {j}: {kind}"
        if ct.a_actidx[a] >= 0:
            head += f" (activated ability number {ct.a_actidx[a]})"
        lines.append(head)
        fields = []
        for f, _ in CT_FIELDS:
            if f.startswith("a_") and f not in ("a_kind", "a_card", "a_actidx", "a_op0", "a_nop"):
                v = getattr(ct, f)[a]
                if np.ndim(v) == 0 and v not in (0, -1):
                    fields.append(f"{f[2:]}={int(v)}")
                elif np.ndim(v) and any(int(x) not in (0, -1) for x in v):
                    fields.append(f"{f[2:]}={[int(x) for x in v]}")
        if fields:
            lines.append("    " + " ".join(fields))
        for o in range(ct.a_op0[a], ct.a_op0[a] + ct.a_nop[a]):
            row = [int(x) for x in ct.ops[o]]
            lines.append(f"    op {K.OPCODE_NAMES.get(row[0], row[0])} flags={row[1]} args={row[2:]}")
    return "\n".join(lines)
