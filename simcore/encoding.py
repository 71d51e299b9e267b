"""The action encoding of GameBatch's decisions, and the values their options carry.

One module owns it: the kernels that build and take options (kernels/flow.py), GameBatch's
decoder, the agents, the reference engine and the tests all encode and decode through these
helpers, so no shift or mask of it is written anywhere else (tests/test_encoding.py checks).

An action is one int per game at the game's open decision (consts D_*):

    PASS (0)             pass priority / keep the hand / done (attackers, blockers, a list)
    action_of(k) = 1 + k option k of the decision: fw.opts[g, k], view["options"][g, k]

What option k holds, by decision kind:

    D_MULLIGAN  no options array: action MULLIGAN (1) takes a mulligan (103.5)
    D_BOTTOM    the slot of a hand card to put on the bottom
    D_PRIORITY  priority_option(kind, slot, ability) = kind << 24 | slot << 6 | ability:
                kind OPT_LAND / OPT_CAST / OPT_WARP / OPT_ACTIVATE, the card's object slot,
                and for OPT_ACTIVATE the ability's number (printed order, mana abilities
                included: ct.abil[a, AB_ACTIDX])
    D_ATTACK    the slot of a creature to add to the attackers
    D_BLOCK     block_option(blocker, attacker) = blocker << 16 | attacker (slots)
    D_QUESTION  an answer value: an object slot (>= 0), a player (player_value(p) = -2 - p),
                a number, yes = 1 / no = 0, or packed mana (pack_mana: 5 bits per type,
                WUBRGC); lists are picked one value at a time, PASS ends them

Widths: slots under 2^16 (the object planes are int16), abilities under 64 per card.

Each helper is a plain function (Python callers) with a compiled twin named `*_nb` that
numba inlines into the kernels and agents that call it.
"""
from numba import njit

from .consts import PACK_BITS

PASS = 0            # pass / keep / done
KEEP = 0            # D_MULLIGAN
MULLIGAN = 1        # D_MULLIGAN: take a mulligan

_KIND_SHIFT = 24
_SLOT_SHIFT = 6
_SLOT_MASK = 0x3FFFF
_ABILITY_MASK = 63
_BLOCKER_SHIFT = 16
_ATTACKER_MASK = 0xFFFF
_PACK_MASK = (1 << PACK_BITS) - 1


def action_of(k):
    """The action that takes option k of a decision."""
    return 1 + k


def option_of(action):
    """The option an action > 0 takes (its index in the decision's options)."""
    return action - 1


def priority_option(kind, slot, ability):
    """A priority option: play a land, cast (OPT_CAST / OPT_WARP) or activate ability
    number `ability` (OPT_ACTIVATE; 0 otherwise) of the object in `slot`."""
    return (kind << _KIND_SHIFT) | (slot << _SLOT_SHIFT) | ability


def option_kind(option):
    """OPT_* of a priority option."""
    return option >> _KIND_SHIFT


def option_slot(option):
    """The object slot of a priority option."""
    return (option >> _SLOT_SHIFT) & _SLOT_MASK


def option_ability(option):
    """The ability number of an OPT_ACTIVATE priority option."""
    return option & _ABILITY_MASK


def block_option(blocker, attacker):
    """A block option: `blocker` blocks `attacker` (slots)."""
    return (blocker << _BLOCKER_SHIFT) | attacker


def block_blocker(option):
    return option >> _BLOCKER_SHIFT


def block_attacker(option):
    return option & _ATTACKER_MASK


def player_value(p):
    """Player p as a choice or target value (objects are slots >= 0; -1 is none)."""
    return -2 - p


def is_player_value(v):
    return v <= -2


def value_player(v):
    """The player a value <= -2 names."""
    return -2 - v


def pack_mana(counts):
    """Packed mana: count of type i (WUBRGC) in bits PACK_BITS * i and up."""
    v = 0
    for i, c in enumerate(counts):
        v |= int(c) << (PACK_BITS * i)
    return v


def mana_count(v, i):
    """How much mana of type i (0-5: WUBRGC) packed mana `v` holds."""
    return (v >> (PACK_BITS * i)) & _PACK_MASK


def unpack_mana(v):
    return [mana_count(v, i) for i in range(6)]


def one_mana(i):
    """Packed mana: one mana of type i."""
    return 1 << (PACK_BITS * i)


_inline = njit(inline="always")
action_of_nb = _inline(action_of)
option_of_nb = _inline(option_of)
priority_option_nb = _inline(priority_option)
option_kind_nb = _inline(option_kind)
option_slot_nb = _inline(option_slot)
option_ability_nb = _inline(option_ability)
block_option_nb = _inline(block_option)
block_blocker_nb = _inline(block_blocker)
block_attacker_nb = _inline(block_attacker)
player_value_nb = _inline(player_value)
is_player_value_nb = _inline(is_player_value)
value_player_nb = _inline(value_player)
mana_count_nb = _inline(mana_count)
one_mana_nb = _inline(one_mana)
