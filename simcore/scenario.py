"""The rules-scenario runner (../shared/SCENARIOS.md): set up a position, take actions through
the same kernels the batch engine uses, answer the engine's questions from `choose` lists and
check expectations. `playtest scenario PATH...` calls run_paths."""
import sys
import tomllib
from pathlib import Path

import numpy as np

from . import compile_plan
from . import consts as K
from . import encoding as E
from . import layout as L
from .cards.compile import make_pool, pack_mana
from .cards.manastr import format_pool, parse_pool
from .errors import PlaytestError
from .flowstate import alloc_flow
from .jit.helper import entry_cached
from .kernels.actions import run_action_py
from .kernels.mana import could_produce_py
from .kernels.options import audit_options_nb
from .kernels.query import pt_nb
from .layout import (
    C_COST,
    C_MV,
    C_TYPES,
    G_ACTIVE,
    G_ASK_KIND,
    G_ASK_N,
    G_ASK_PLAYER,
    G_ASK_WHY,
    G_ERR,
    G_FIRST,
    G_NEXT_OID,
    G_NEXT_TS,
    G_SBA_AUDIT,
    G_STACK_N,
    G_STEP,
    G_TAPE_N,
    G_TURN,
    G_WINNER,
    MC_X,
    O_ATTACHED,
    O_CARD,
    O_CTRL,
    O_DAMAGE,
    O_EOT_TYPES,
    O_EX_KIND,
    O_EX_PLAYER,
    O_EX_TURN,
    O_KICKS,
    O_OID,
    O_OWNER,
    O_RANK,
    O_SICK,
    O_TAPPED,
    O_TOKEN,
    O_TS,
    O_X,
    O_ZONE,
    PL_LANDS,
    PL_LIB_N,
    PL_LIFE,
    SI_CARD,
    TP_LEN,
    TP_LIST,
    TP_OFF,
)
from .state import alloc_state, caps_of, copy_state, grow, rebuild_zone_bits, restore
from .textfile import read_text

SCEN_KEYS = {"name", "rule", "turn", "active", "start_step", "player", "permanent", "step",
             "description"}
PLAYER_KEYS = {"life", "counters", "hand", "graveyard", "library", "exile", "exile_playable",
               "mana", "lands_played"}
PERM_KEYS = {"ref", "card", "controller", "tapped", "sick", "counters", "damage", "token",
             "attached_to", "kicks"}
STEP_COMMON = {"do", "expect", "expect_error", "order", "choose"}
DO_KEYS = {
    "activate": {"ref", "ability", "card", "from"},
    "cast": {"card", "from", "ref", "x", "cost", "kicks"},
    "play_land": {"card", "from", "ref"},
    "resolve": set(),
    "advance": {"to", "turn"},
    "attack": {"refs"},
    "block": {"blocks"},
    "put_counters": {"ref", "player", "kind", "n"},
    "proliferate": {"player"},
    "blight": {"player", "n"},
    "damage": {"ref", "player", "n"},
    "destroy": {"ref"},
    "enter": {"cards", "refs", "controller"},
}
ZONE_BY_NAME = {"hand": K.Z_HAND, "exile": K.Z_EXILE, "graveyard": K.Z_GRAVEYARD,
                "library": K.Z_LIBRARY}


class Malformed(Exception):
    """The scenario file is wrong (not the engine): reported as one line, exit code 2."""


class Failed(Exception):
    """The scenario failed: the engine's behaviour differs from what is expected."""


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


class Runner:
    def __init__(self, pool, file, scen, audit_options=False):
        """`audit_options`: before every step and after the last, both players' priority
        options are audited (audit_options): `options_missed` counts the shortcuts that
        disagreed with the full check, `options_audit` their F_OPT_AUDIT bits (tests)."""
        self.pool = pool
        self.ct = pool.compile()
        self.file = file
        self.scen = scen
        self.name = scen.get("name", "?")
        self.refs = {}
        self.audit = audit_options
        self.fw = self.dry = None
        self.options_missed = self.options_audit = 0

    def audit_options(self):
        """Both players' priority options in the state as it is, every shortcut
        (kernels/options.py: castability and activations decided in place, instant-speed
        scans skipped) also run as a full check on a copy (options.audit_options_nb)."""
        if self.fw is None:
            self.fw = alloc_flow(1, 30)
        caps = caps_of(self.st)
        if self.dry is None or caps_of(self.dry) != caps:
            self.dry = alloc_state(1, caps.pop("K"), lanes=1, **caps)
        self.options_missed = int(audit_options_nb(self.st, self.dry, self.ct, self.fw, 0))
        self.options_audit = int(self.fw.fl[0, L.F_OPT_AUDIT])

    # ---------------------------------------------------------------- errors
    def bad(self, key, why):
        raise Malformed(f"{self.file}: scenario '{self.name}': key '{key}': {why}")

    def card_id(self, name, key):
        if not isinstance(name, str) or name not in self.pool.card_id:
            import difflib
            close = difflib.get_close_matches(str(name), self.pool.names, 3)
            hint = f" (closest: {', '.join(close)})" if close else ""
            self.bad(key, f"unknown card {name!r}{hint}")
        return self.pool.card_id[name]

    def check_keys(self, table, allowed, where):
        if not isinstance(table, dict):
            self.bad(where, "expected a table")
        for k in table:
            if k not in allowed:
                self.bad(f"{where}.{k}" if where else k,
                         f"unknown key (allowed: {', '.join(sorted(allowed))})")

    def want(self, table, key, kind, where, default=None):
        if key not in table:
            return default
        v = table[key]
        ok = {"int": _is_int(v), "bool": isinstance(v, bool), "str": isinstance(v, str),
              "list": isinstance(v, list), "table": isinstance(v, dict)}[kind]
        if not ok:
            self.bad(f"{where}.{key}" if where else key, f"expected {kind}, got {v!r}")
        return v

    # ---------------------------------------------------------------- set-up
    def new_object(self, card, owner, zone, token=False):
        st = self.st
        free = np.nonzero(st.obj[0, O_CARD] < 0)[0]
        if len(free) == 0:
            self.st = st = grow(st)
            free = np.nonzero(st.obj[0, O_CARD] < 0)[0]
        i = int(free[0])
        st.obj[0, O_CARD, i] = card
        st.obj[0, O_OWNER, i] = owner
        st.obj[0, O_CTRL, i] = owner
        st.obj[0, O_ZONE, i] = zone
        st.obj[0, O_TOKEN, i] = int(token)
        st.obj[0, O_OID, i] = st.gm[0, G_NEXT_OID]
        st.gm[0, G_NEXT_OID] += 1
        st.obj[0, O_TS, i] = st.obj[0, O_RANK, i] = st.gm[0, G_NEXT_TS]
        st.gm[0, G_NEXT_TS] += 1
        rebuild_zone_bits(st)
        return i

    def setup(self):
        s = self.scen
        self.check_keys(s, SCEN_KEYS, "")
        if not isinstance(s.get("name"), str):
            self.bad("name", "every scenario needs a name")
        turn = self.want(s, "turn", "int", "", 1)
        if turn < 1:
            self.bad("turn", "turn must be at least 1")
        active = self.want(s, "active", "int", "", (turn - 1) % 2)
        if active not in (0, 1):
            self.bad("active", "active must be 0 or 1")
        step = self.want(s, "start_step", "str", "", "main1")
        if step not in K.STEP_NAMES:
            self.bad("start_step", f"unknown step {step!r}")
        players = self.want(s, "player", "list", "", [])
        perms = self.want(s, "permanent", "list", "", [])
        if len(players) > 2:
            self.bad("player", "at most two players")
        n_obj = sum(len(p.get(z, [])) for p in players if isinstance(p, dict)
                    for z in ("hand", "graveyard", "library", "exile", "exile_playable"))
        self.st = alloc_state(1, self.pool.n_kinds, M=max(32, 2 * (n_obj + len(perms)) + 16))
        st = self.st
        st.gm[0, G_TURN] = turn
        st.gm[0, G_ACTIVE] = active
        st.gm[0, G_STEP] = K.STEP_NAMES.index(step)
        # scenarios run every skipped state-based check anyway and count those that found
        # something (kernels/sbamark.py): the tests require none
        st.gm[0, G_SBA_AUDIT] = 1
        # turns alternate from the first player's turn 1 (103.8a reads who played first)
        st.gm[0, G_FIRST] = active if turn % 2 == 1 else 1 - active
        for p, pl in enumerate(players):
            where = f"player[{p}]"
            self.check_keys(pl, PLAYER_KEYS, where)
            st.pl[0, PL_LIFE, p] = self.want(pl, "life", "int", where, 20)
            for k, n in self.want(pl, "counters", "table", where, {}).items():
                if not _is_int(n):
                    self.bad(f"{where}.counters.{k}", "expected int")
                st.p_counters[0, p, self.pool.kind_id[k]] = n
            for zname, zone in (("hand", K.Z_HAND), ("graveyard", K.Z_GRAVEYARD),
                                ("exile", K.Z_EXILE), ("exile_playable", K.Z_EXILE)):
                for j, name in enumerate(self.want(pl, zname, "list", where, [])):
                    i = self.new_object(self.card_id(name, f"{where}.{zname}[{j}]"), p, zone)
                    if zname == "exile_playable":
                        st = self.st
                        st.obj[0, O_EX_KIND, i] = K.EXP_PLAY
                        st.obj[0, O_EX_TURN, i] = turn
                        st.obj[0, O_EX_PLAYER, i] = p
            lib = self.want(pl, "library", "list", where, [])
            for j, name in enumerate(reversed(lib)):   # top card first in the file
                i = self.new_object(self.card_id(name, f"{where}.library[{len(lib) - 1 - j}]"),
                                    p, K.Z_LIBRARY)
                st = self.st
                st.lib[0, p, st.pl[0, PL_LIB_N, p]] = i
                st.pl[0, PL_LIB_N, p] += 1
            mana = self.want(pl, "mana", "str", where, "")
            try:
                pool = parse_pool(mana, f"{self.file}: scenario '{self.name}': key '{where}.mana'")
            except PlaytestError as e:
                raise Malformed(str(e)) from None
            self.st.p_pool[0, p, :] = pool
            self.st.pl[0, PL_LANDS, p] = self.want(pl, "lands_played", "int", where, 0)
        attach = []
        for j, pm in enumerate(perms):
            where = f"permanent[{j}]"
            self.check_keys(pm, PERM_KEYS, where)
            ref = self.want(pm, "ref", "str", where)
            if ref is None:
                self.bad(f"{where}.ref", "required")
            if ref in self.refs or ref in ("p0", "p1"):
                self.bad(f"{where}.ref", f"ref {ref!r} is used twice")
            if "card" not in pm:
                self.bad(f"{where}.card", "required")
            ctrl = self.want(pm, "controller", "int", where, 0)
            if ctrl not in (0, 1):
                self.bad(f"{where}.controller", "must be 0 or 1")
            token = self.want(pm, "token", "bool", where, False)
            i = self.new_object(self.card_id(pm["card"], f"{where}.card"), ctrl,
                                K.Z_BATTLEFIELD, token)
            st = self.st
            st.obj[0, O_TAPPED, i] = int(self.want(pm, "tapped", "bool", where, False))
            st.obj[0, O_SICK, i] = int(self.want(pm, "sick", "bool", where, False))
            st.obj[0, O_DAMAGE, i] = self.want(pm, "damage", "int", where, 0)
            st.obj[0, O_KICKS, i] = self.want(pm, "kicks", "int", where, 0)
            for k, n in self.want(pm, "counters", "table", where, {}).items():
                if not _is_int(n) or n < 0:
                    self.bad(f"{where}.counters.{k}", "expected an int >= 0")
                st.o_counters[0, self.pool.kind_id[k], i] = n
            if "attached_to" in pm:
                attach.append((i, self.want(pm, "attached_to", "str", where), where))
            self.refs[ref] = i
        for i, r, where in attach:
            if r not in self.refs:
                self.bad(f"{where}.attached_to", f"unknown ref {r!r}")
            self.st.obj[0, O_ATTACHED, i] = self.refs[r]

    # ---------------------------------------------------------------- choices
    def decode_value(self, v, used):
        """A choose value as the engine's option encoding, or None if it names nothing."""
        st = self.st
        ask, opts = self.ask[0], self.ask[3]
        if ask == K.ASK_YESNO:
            return {"yes": 1, "no": 0}.get(v) if isinstance(v, str) else None
        if ask == K.ASK_INT:
            return v if _is_int(v) else None
        if ask == K.ASK_MANA:
            if not isinstance(v, str) or not v or any(ch not in K.MANA_LETTERS for ch in v):
                return None
            counts = [0] * 6
            for ch in v:
                counts[K.MANA_LETTERS.index(ch)] += 1
            return pack_mana(counts)
        if not isinstance(v, str):
            return None
        if v in ("p0", "p1"):
            return E.player_value(int(v[1]))
        if v in self.refs:
            i = self.refs[v]
            if i in opts:
                return i
            # cards of one name in one non-battlefield zone are one option
            if st.obj[0, O_ZONE, i] != K.Z_BATTLEFIELD:
                for o in opts:
                    if o >= 0 and st.obj[0, O_CARD, o] == st.obj[0, O_CARD, i] and \
                            st.obj[0, O_ZONE, o] == st.obj[0, O_ZONE, i] and \
                            st.obj[0, O_OWNER, o] == st.obj[0, O_OWNER, i] and o not in used:
                        return o
            return i
        cid = self.pool.card_id.get(v)
        if cid is None:
            return None
        for o in opts:
            if o >= 0 and st.obj[0, O_CARD, o] == cid and st.obj[0, O_ZONE, o] != K.Z_BATTLEFIELD and \
                    o not in used:
                return o
        return None

    def decode(self, entry):
        """(is_list, values) for a choose entry; values None where nothing matches."""
        if isinstance(entry, list):
            used = []
            vals = []
            for v in entry:
                x = self.decode_value(v, used)
                vals.append(x)
                if x is not None:
                    used.append(x)
            return True, vals
        return False, [self.decode_value(entry, [])]

    def describe_ask(self):
        kind, why, player, opts = self.ask
        why = K.WHY_NAMES.get(why, "a choice")
        names = [self.name_of(x) for x in opts]
        return f"{why} for p{player} (options: {', '.join(names)})"

    def name_of(self, v):
        kind = self.ask[0]
        if kind == K.ASK_YESNO:
            return "yes" if v else "no"
        if kind == K.ASK_INT:
            return str(v)
        if kind == K.ASK_MANA:
            return "".join(K.MANA_LETTERS[t] * E.mana_count(v, t) for t in range(6))
        if E.is_player_value(v):
            return f"p{E.value_player(v)}"
        for r, i in self.refs.items():
            if i == v:
                return r
        return self.pool.names[int(self.st.obj[0, O_CARD, v])]

    # ---------------------------------------------------------------- actions
    def write_tape(self, answers):
        st = self.st
        nv = sum(len(v) for _, v in answers)
        while len(answers) > st.tp.shape[2] or nv > st.tape_val.shape[1]:
            self.st = st = grow(st)
        off = 0
        for k, (is_list, vals) in enumerate(answers):
            st.tp[0, TP_OFF, k] = off
            st.tp[0, TP_LEN, k] = len(vals)
            st.tp[0, TP_LIST, k] = int(is_list)
            for v in vals:
                st.tape_val[0, off] = v
                off += 1
        st.gm[0, G_TAPE_N] = len(answers)

    def act(self, act, choose, where, answer_fn=None):
        """Run an action as a transaction, answering the engine's questions from `choose`
        (scenario values) or, if given, `answer_fn(state) -> (is_list, values)`. Returns None
        when done, or the reason it was refused; a refused action leaves the state exactly
        as it was."""
        answers = []
        while True:
            snap = copy_state(self.st)
            self.write_tape(answers)
            arr = np.asarray(act, dtype=np.int64)
            status = run_action_py(self.st, self.ct, 0, arr)
            if status == K.ST_OK:
                if answer_fn is None and len(answers) < len(choose):
                    raise Failed(f"{where}: choose has {len(choose) - len(answers)} entries "
                                 f"left over (the engine asked for {len(answers)})")
                return None
            if status == K.ST_CAPACITY:
                restore(self.st, snap)
                self.st = grow(self.st)
                continue
            if status == K.ST_NEED:
                st = self.st
                self.ask = (int(st.gm[0, G_ASK_KIND]), int(st.gm[0, G_ASK_WHY]),
                            int(st.gm[0, G_ASK_PLAYER]),
                            [int(x) for x in st.ask_opts[0, :st.gm[0, G_ASK_N]]])
                if answer_fn is not None:
                    ans = answer_fn(st)
                    restore(self.st, snap)
                    answers.append(ans)
                    continue
                question = self.describe_ask()
                restore(self.st, snap)
                i = len(answers)
                if i >= len(choose):
                    raise Failed(f"{where}: the engine asks for {question}, but choose has no "
                                 f"entry left")
                is_list, vals = self.decode(choose[i])
                if any(v is None for v in vals):
                    return f"choose[{i}] = {choose[i]!r} is not a legal choice of {question}"
                answers.append((is_list, vals))
                continue
            err = int(self.st.gm[0, G_ERR])
            restore(self.st, snap)
            return K.ERROR_TEXT.get(err, f"illegal action (error {err})")

    def ref_slot(self, ref, key):
        if not isinstance(ref, str) or ref not in self.refs:
            self.bad(key, f"unknown ref {ref!r}")
        return self.refs[ref]

    def target_of(self, step, where):
        if "ref" in step:
            return self.ref_slot(step["ref"], f"{where}.ref")
        p = self.want(step, "player", "int", where, 0)
        if p not in (0, 1):
            self.bad(f"{where}.player", "must be 0 or 1")
        return E.player_value(p)

    def find_card(self, name, zone_name, where):
        cid = self.card_id(name, f"{where}.card")
        if zone_name not in ZONE_BY_NAME:
            self.bad(f"{where}.from", f"unknown zone {zone_name!r}")
        zone = ZONE_BY_NAME[zone_name]
        st = self.st
        act = int(st.gm[0, G_ACTIVE])
        for p in (act, 1 - act):
            for i in range(st.obj.shape[2]):
                if st.obj[0, O_CARD, i] == cid and st.obj[0, O_ZONE, i] == zone and st.obj[0, O_OWNER, i] == p:
                    return i
        return None

    def build_action(self, step, where):
        do = step["do"]
        allowed = STEP_COMMON | DO_KEYS[do]
        self.check_keys(step, allowed, where)
        if do == "activate" and "card" in step:   # a card's ability from hand (cycling)
            frm = self.want(step, "from", "str", where, "hand")
            i = self.find_card(step["card"], frm, where)
            if i is None:
                return f"no {step['card']} in a {frm} to activate"
            if "ref" in step:
                self.refs[self.want(step, "ref", "str", where)] = i
            return [K.A_ACTIVATE, i, self.want(step, "ability", "int", where, 0)]
        if do == "activate":
            return [K.A_ACTIVATE, self.ref_slot(step.get("ref"), f"{where}.ref"),
                    self.want(step, "ability", "int", where, 0)]
        if do in ("cast", "play_land"):
            if "card" not in step:
                self.bad(f"{where}.card", "required")
            frm = self.want(step, "from", "str", where, "hand")
            i = self.find_card(step["card"], frm, where)
            if i is None:
                return f"no {step['card']} in a {frm} to {do.replace('_', ' ')} from"
            if "ref" in step:
                ref = self.want(step, "ref", "str", where)
                self.refs[ref] = i
            if do == "play_land":
                return [K.A_PLAY_LAND, i]
            cost = self.want(step, "cost", "str", where, None)
            if cost not in (None, "warp"):
                self.bad(f"{where}.cost", f"unknown alternative cost {cost!r}")
            return [K.A_CAST, i, self.want(step, "x", "int", where, 0), int(cost == "warp"),
                    self.want(step, "kicks", "int", where, 0)]
        if do == "resolve":
            return [K.A_RESOLVE]
        if do == "advance":
            to = self.want(step, "to", "str", where)
            if to not in K.STEP_NAMES:
                self.bad(f"{where}.to", f"unknown step {to!r}")
            return [K.A_ADVANCE, K.STEP_NAMES.index(to), self.want(step, "turn", "int", where, -1)]
        if do == "attack":
            refs = self.want(step, "refs", "list", where, [])
            return [K.A_ATTACK, len(refs)] + [self.ref_slot(r, f"{where}.refs") for r in refs]
        if do == "block":
            blocks = self.want(step, "blocks", "table", where, {})
            out = [K.A_BLOCK, len(blocks)]
            for b, a in blocks.items():
                out += [self.ref_slot(b, f"{where}.blocks"), self.ref_slot(a, f"{where}.blocks.{b}")]
            return out
        if do == "put_counters":
            kind = self.want(step, "kind", "str", where)
            if kind is None:
                self.bad(f"{where}.kind", "required")
            return [K.A_PUT_COUNTERS, self.target_of(step, where), self.pool.kind_id[kind],
                    self.want(step, "n", "int", where, 1)]
        if do == "proliferate":
            return [K.A_PROLIFERATE, self.want(step, "player", "int", where, 0)]
        if do == "blight":
            return [K.A_BLIGHT, self.want(step, "player", "int", where, 0),
                    self.want(step, "n", "int", where, 1)]
        if do == "damage":
            return [K.A_DAMAGE, self.target_of(step, where), self.want(step, "n", "int", where, 1)]
        if do == "destroy":
            return [K.A_DESTROY, self.ref_slot(step.get("ref"), f"{where}.ref")]
        if do == "enter":
            cards = self.want(step, "cards", "list", where, [])
            refs = self.want(step, "refs", "list", where, [])
            if len(refs) != len(cards):
                self.bad(f"{where}.refs", "needs one ref per card")
            ctrl = self.want(step, "controller", "int", where, 0)
            slots = []
            for j, (name, ref) in enumerate(zip(cards, refs)):
                cid = self.card_id(name, f"{where}.cards[{j}]")
                i = self.new_object(cid, ctrl, K.Z_NONE)
                self.refs[ref] = i
                slots.append(i)
            return [K.A_ENTER, ctrl, len(slots)] + slots
        self.bad(f"{where}.do", f"unknown action {do!r}")

    # ---------------------------------------------------------------- expectations
    def value_of(self, path, where):
        st = self.st
        parts = path.split(".")
        head = parts[0]
        if path == "stack":
            return int(st.gm[0, G_STACK_N])
        if path == "stack.top":
            n = int(st.gm[0, G_STACK_N])
            return self.pool.names[int(st.stk[0, SI_CARD, n - 1])] if n else None
        if path == "step":
            return K.STEP_NAMES[int(st.gm[0, G_STEP])]
        if path == "turn":
            return int(st.gm[0, G_TURN])
        if path == "active":
            return int(st.gm[0, G_ACTIVE])
        if path == "winner":
            w = int(st.gm[0, G_WINNER])
            return "none" if w < 0 else ("draw" if w == 2 else f"p{w}")
        if head in ("p0", "p1") and len(parts) >= 2:
            p = int(head[1])
            key = parts[1]
            if key == "life":
                return int(st.pl[0, PL_LIFE, p])
            if key == "counters" and len(parts) == 3:
                k = self.pool.kind_id.get(parts[2])
                return 0 if k is None else int(st.p_counters[0, p, k])
            if key == "mana":
                return format_pool([int(x) for x in st.p_pool[0, p]])
            if key in ("hand", "graveyard", "exile"):
                z = {"hand": K.Z_HAND, "graveyard": K.Z_GRAVEYARD, "exile": K.Z_EXILE}[key]
                return int(np.sum((st.obj[0, O_ZONE] == z) & (st.obj[0, O_OWNER] == p) & (st.obj[0, O_CARD] >= 0)))
            if key == "library":
                return int(st.pl[0, PL_LIB_N, p])
            if key in ("creatures", "permanents"):
                n = 0
                for i in range(st.obj.shape[2]):
                    if st.obj[0, O_CARD, i] >= 0 and st.obj[0, O_ZONE, i] == K.Z_BATTLEFIELD and \
                            st.obj[0, O_CTRL, i] == p:
                        if key == "permanents" or (self.types(i) & K.T_CREATURE):
                            n += 1
                return n
            if key == "lands_played":
                return int(st.pl[0, PL_LANDS, p])
        if head in self.refs and len(parts) >= 2:
            i = self.refs[head]
            key = parts[1]
            if key == "zone":
                return K.ZONE_NAMES[int(st.obj[0, O_ZONE, i])]
            if key == "counters" and len(parts) >= 3:
                k = self.pool.kind_id.get(".".join(parts[2:]))
                return 0 if k is None else int(st.o_counters[0, k, i])
            if key in ("power", "toughness"):
                pw, tg = pt_nb(st, self.ct, 0, i)
                return int(pw if key == "power" else tg)
            if key == "tapped":
                return bool(st.obj[0, O_TAPPED, i])
            if key == "damage":
                return int(st.obj[0, O_DAMAGE, i])
            if key == "mana_value":
                c = int(st.obj[0, O_CARD, i])
                mv = int(self.ct.card[c, C_MV])
                if st.obj[0, O_ZONE, i] == K.Z_STACK:   # 107.3: X counts on the stack only
                    cost = int(self.ct.card[c, C_COST])
                    mv += int(st.obj[0, O_X, i]) * int(self.ct.mcost[cost, MC_X])
                return mv
            if key == "could_produce":
                cp = np.zeros(st.obj.shape[2], np.int32)
                could_produce_py(st, self.ct, 0, cp)
                return "".join(K.MANA_LETTERS[t] for t in range(6) if cp[i] & (1 << t))
        self.bad(where, f"unknown expectation path {path!r}")

    def types(self, i):
        return int(self.ct.card[int(self.st.obj[0, O_CARD, i]), C_TYPES]) | int(self.st.obj[0, O_EOT_TYPES, i])

    def check(self, expect, where):
        if not isinstance(expect, dict):
            self.bad(where, "expect must be a table")
        wrong = []
        for path, want in expect.items():
            got = self.value_of(path, f"{where}.{path}")
            if isinstance(want, bool) != isinstance(got, bool) or got != want:
                wrong.append(f"{path} = {got!r}, expected {want!r}")
        if wrong:
            raise Failed(f"{where}: " + "; ".join(wrong))

    # ---------------------------------------------------------------- one scenario
    def run(self):
        self.setup()
        steps = self.want(self.scen, "step", "list", "", [])
        for n, step in enumerate(steps):
            where = f"step[{n}]"
            if self.audit:
                self.audit_options()
            if not isinstance(step, dict):
                self.bad(where, "expected a table")
            if ("do" in step) == ("expect" in step):
                self.bad(where, "a step has either do or expect")
            if "expect" in step:
                self.check_keys(step, {"expect"}, where)
                self.check(step["expect"], where)
                continue
            if step["do"] not in DO_KEYS:
                self.bad(f"{where}.do", f"unknown action {step['do']!r}")
            choose = self.want(step, "choose", "list", where, [])
            order = self.want(step, "order", "list", where, [])
            expect_error = self.want(step, "expect_error", "bool", where, False)
            act = self.build_action(step, where)
            ranked = []
            for k, r in enumerate(order):
                i = self.ref_slot(r, f"{where}.order[{k}]")
                self.st.obj[0, O_RANK, i] = -32_000 + k    # before any timestamp (int16 plane)
                ranked.append(i)
            refused = act if isinstance(act, str) else self.act(act, choose, where)
            for i in ranked:
                self.st.obj[0, O_RANK, i] = self.st.obj[0, O_TS, i]
            if expect_error and refused is None:
                raise Failed(f"{where}: {step['do']} should have been refused but was taken")
            if not expect_error and refused is not None:
                raise Failed(f"{where}: {step['do']} was refused: {refused}")
        if self.audit:
            self.audit_options()


def _collect(paths):
    files = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            # a folder named like a file (x.toml/) is not a scenario file
            found = sorted(f for f in path.rglob("*.toml") if not f.is_dir())
            if not found:
                raise PlaytestError(f"{p}: no scenario files (*.toml) found")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise PlaytestError(f"{p}: no such file or folder")
    return files


def _kinds_in(obj, out):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "counters" and isinstance(v, dict):
                out.update(x for x in v if isinstance(x, str))
            elif k == "kind" and isinstance(v, str):
                out.add(v)
            elif k == "expect" and isinstance(v, dict):
                for path in v:
                    parts = str(path).split(".")
                    if len(parts) >= 3 and parts[1] == "counters":
                        out.add(".".join(parts[2:]))
            else:
                _kinds_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _kinds_in(v, out)


def load_scenarios(paths):
    """[(file, scenario dict or Malformed)]"""
    out = []
    for f in _collect(paths):
        try:
            data = tomllib.loads(read_text(f, "scenario file"))
        except PlaytestError as e:      # unreadable or not UTF-8: this file is malformed
            out.append((str(f), Malformed(str(e))))
            continue
        except tomllib.TOMLDecodeError as e:
            out.append((str(f), Malformed(f"{f}: TOML syntax error: {e}")))
            continue
        extra = [k for k in data if k != "scenario"]
        if extra:
            out.append((str(f), Malformed(f"{f}: key '{extra[0]}': unknown top-level key "
                                          f"(a file holds [[scenario]] entries)")))
            continue
        scens = data.get("scenario", [])
        if not isinstance(scens, list) or not scens:
            out.append((str(f), Malformed(f"{f}: key 'scenario': no [[scenario]] entries")))
            continue
        names = set()
        for s in scens:
            name = s.get("name") if isinstance(s, dict) else None
            if name in names:
                out.append((str(f), Malformed(f"{f}: scenario '{name}': key 'name': "
                                              f"the name is used twice in the file")))
                continue
            names.add(name)
            out.append((str(f), s))
    return out


def make_pool_for(items, card_dirs=()):
    """The card pool with every counter kind the scenarios mention."""
    kinds = set()
    for _, s in items:
        if isinstance(s, dict):
            _kinds_in(s, kinds)
    return make_pool(card_dirs, sorted(kinds))


def is_compiled():
    """Is the scenario runner's engine (run_action_py: an action, then the state-based
    actions and triggers it settles, the rules engine's whole tree) in the compile cache?
    If not, the first scenario compiles it (a minute or two on two cores). The small entries
    some expectations use (P/T, could-produce) compile when first asked, in seconds."""
    return entry_cached(run_action_py)


def run_scenarios(paths, card_dirs=(), out=None, verbose=False, cold=None):
    """Run every scenario, printing a line for each that failed or is malformed (and with
    `verbose` for each that passed); returns (passed, failed, malformed). `cold()`, if
    given, is called before the first scenario when the engine is not compiled yet (the
    caller says so: a silent wait of a minute or two follows)."""
    out = out or sys.stdout
    items = load_scenarios(paths)
    pool = make_pool_for(items, card_dirs)
    if cold is not None and not is_compiled() and \
            any(not isinstance(s, Malformed) for _, s in items):
        cold()
    compile_plan.start_if_cold(run_action_py)     # a cold cache: compile on both cores
    passed = failed = malformed = 0
    for f, s in items:
        if isinstance(s, Malformed):
            print(f"ERROR {s}", file=out)
            malformed += 1
            continue
        r = Runner(pool, f, s)
        try:
            r.run()
        except Malformed as e:
            print(f"ERROR {e}", file=out)
            malformed += 1
        except Failed as e:
            print(f"FAIL {r.name}: {e}", file=out)
            failed += 1
        else:
            if verbose:
                print(f"PASS {r.name}", file=out)
            passed += 1
    return passed, failed, malformed


def run_paths(paths, card_dirs=(), verbose=False, cold=None):
    """`playtest scenario`: prints ERROR and FAIL lines (PASS lines too with `verbose`) and
    `N passed, N failed`; the exit code is 0 when all passed, 1 when some failed, 2 when a
    file was malformed. `cold`: as run_scenarios."""
    passed, failed, malformed = run_scenarios(paths, card_dirs, verbose=verbose, cold=cold)
    print(f"{passed} passed, {failed + malformed} failed")
    if malformed:
        return 2
    return 1 if failed else 0
