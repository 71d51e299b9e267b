"""What tells the state-based-action check (sba.py) to look again.

The check runs after every action (704.3), but most actions (a step beginning, a spell cast,
mana paid) change nothing it reads: of ~270 passes in a greedy game about 7 found something.
Every write to something a state-based action reads therefore marks the game
(`G_SBA_DIRTY`), and the check skips an unmarked game. What 704.5 reads here: life, poison
and other counters, drawing from an empty library, zones (tokens, legends, Auras, anthems),
control, damage and deathtouch damage, until-end-of-turn type and P/T effects, attachments.
Marks are coarse where that is cheap and safe: every zone change to or from the battlefield
and of a token (set_zone_nb; a card moving between other zones changes nothing 704.5
reads: no P/T here counts cards in hand or graveyard), every resolving spell or ability
(run_ops_nb: whatever its effects write), every damage event, every counter put or
removed, end-of-turn effects ending. A new write to an input of 704.5
outside those must mark too.

A new State starts marked, so positions set up in Python (scenarios) are checked at the
first action; Python code that edits a State afterwards must set `G_SBA_DIRTY` itself.
Audit (`G_SBA_AUDIT`, on in every scenario run and in tests/test_games.py): a skipped check
runs anyway and `G_SBA_MISSED` counts those that found something; the tests require none.
"""
from ..jit import kernel
from ..layout import G_SBA_DIRTY


@kernel
def mark_sba_nb(st, g):
    st.gm[g, G_SBA_DIRTY] = 1
