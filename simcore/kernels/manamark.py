"""What tells the potential-mana cache (mana.potential_mana_nb) to count again.

A priority check asks how much mana a player could make (options.py: most checks find
nothing castable, and the count was 5-8% of a game's time), usually for a board that has not
changed since the last count. The count is therefore kept in the State (`G_POT0 + p`, valid
while bit p of `G_POT_KNOWN` is set), so rollbacks, snapshots and dry-run copies carry it
with the board it was counted on. Every write to something the count reads clears the bits
(`mark_mana_nb`): zones and controllers (zones.set_zone_nb), tapped and summoning-sick
flags, mana pools, counters (mana abilities that count them), until-end-of-turn types and
creature types (is it a creature, a land, an Elf). Both players' counts are cleared at once:
a write is rarely for one player only (counted filters see both sides).
tests/test_manamark.py fails on a kernel that writes one of these without marking.

A new State starts unmarked (0: nothing known), so positions set up in Python (scenarios)
are counted at their first check; Python code that edits a State afterwards must clear
`G_POT_KNOWN` itself. Audit (options.priority_options_nb with F_OPT_AUDIT): a known count is
counted again and must agree.
"""
from ..jit import kernel
from ..layout import G_POT_KNOWN


@kernel
def mark_mana_nb(st, g):
    st.gm[g, G_POT_KNOWN] = 0
