"""simcore/cards/text.py and `playtest cards show`: a card as a player reads it (cost, type
line, abilities in words), the engine's internals only with --internals."""
from pathlib import Path

import pytest

from experiments.cli import main
from simcore.cards import vocab
from simcore.cards.load import load_pool
from simcore.cards.text import ability_text, card_text

ROOT = Path(__file__).resolve().parents[1]
POOL = load_pool()


def text_of(name):
    """The card's text without its last line (the file, which depends on the checkout)."""
    lines = card_text(POOL[name], POOL).splitlines()
    assert lines[-1] == f"file: {POOL[name]['_file']}"
    return "\n".join(lines[:-1])


@pytest.mark.parametrize("name", sorted(POOL))
def test_every_built_in_card_renders_with_its_cost(name):
    card = POOL[name]
    text = text_of(name)
    head = text.splitlines()[0]
    assert head == f"{name}  {card['cost']}" if card.get("cost") else \
        head == f"{name}  (no mana cost)"
    assert text.splitlines()[1].endswith(card["types"][-1]) or "\u2014" in text.splitlines()[1]
    assert "=" not in text and "OP_" not in text        # no internals


EXACT = {
    "Llanowar Elves": """Llanowar Elves  {G}
Creature \u2014 Elf Druid
{T}: Add {G}.  [ability 0]
1/1""",
    "Elvish Visionary": """Elvish Visionary  {1}{G}
Creature \u2014 Elf Shaman
When Elvish Visionary enters, draw a card.
1/1""",
    "High Perfect Morcant": """High Perfect Morcant  {2}{B}{G}
Legendary Creature \u2014 Elf Noble
Whenever High Perfect Morcant or another Elf you control enters, each opponent blights 1.
Tap three untapped Elves you control: Proliferate. Activate only as a sorcery.  [ability 0]
4/4""",
    "Lightning Bolt": """Lightning Bolt  {R}
Instant
Lightning Bolt deals 3 damage to any target.""",
    "Sourbread Auntie": """Sourbread Auntie  {2}{R}{R}
Creature \u2014 Goblin Warrior
When Sourbread Auntie enters, you may blight 2. If you do, create two 1/1 black and red \
Goblin creature tokens.
4/3""",
    "Walking Ballista": """Walking Ballista  {X}{X}
Artifact Creature \u2014 Construct
Walking Ballista enters with X +1/+1 counters on it.
{4}: Put a +1/+1 counter on Walking Ballista.  [ability 0]
Remove a +1/+1 counter from Walking Ballista: Walking Ballista deals 1 damage to any \
target.  [ability 1]
0/0""",
    "Elvish Archdruid": """Elvish Archdruid  {1}{G}{G}
Creature \u2014 Elf Druid
Other Elf creatures you control get +1/+1.
{T}: Add {G} for each Elf creature you control.  [ability 0]
2/2""",
    "The Ozolith": """The Ozolith  {1}
Legendary Artifact
Whenever a creature you control leaves the battlefield, if it had counters on it, put the \
counters it had on The Ozolith.
At the beginning of combat on your turn, if The Ozolith has counters on it, you may move all \
counters from The Ozolith onto target creature.""",
    "Dryad Arbor": """Dryad Arbor  (no mana cost)
Land Creature \u2014 Forest Dryad
Color: green
({T}: Add {G}.)  [ability 0]
1/1""",
    "Kitchen Finks": """Kitchen Finks  {1}{G/W}{G/W}
Creature \u2014 Ouphe
Persist
When Kitchen Finks enters, you gain 2 life.
3/2""",
    "Order of Whiteclay": """Order of Whiteclay  {1}{W}{W}
Creature \u2014 Kithkin Cleric
{1}{W}{W}, {Q}: Return target creature card with mana value 3 or less from your graveyard \
to the battlefield.  [ability 0]
1/4""",
}


@pytest.mark.parametrize("name", sorted(EXACT))
def test_exact_text(name):
    assert text_of(name) == EXACT[name]


def test_every_effect_and_ability_kind_has_words():
    """A card file may use any `do` and any ability kind: each has words (cards/text.py raises
    on one it does not know, so a new vocab entry fails here until it gets them)."""
    card = {"name": "Probe", "types": ["Artifact"], "_file": "probe.toml"}
    needs = {"create_token": {"token": "Goblin"}, "put_counters": {"counter": "+1/+1"},
             "look_at_top": {"n": 3},
             "delayed": {"at": "next_turns_upkeep", "effects": [{"do": "draw", "n": 1}]},
             "pump_all": {"filter": {"types": ["Creature"]}}}
    for do in vocab.EFFECTS:
        ab = {"kind": "spell", "targets": ["any", "any"],
              "effects": [{"do": do, **needs.get(do, {})}]}
        text = ability_text(card, ab, POOL)
        assert text[0].isupper() and text.endswith("."), (do, text)
    # the built-in cards, and the test cards of the kinds none of them uses (enters_tapped,
    # restriction, equip; cycling, flashback, mode)
    pool = load_pool([ROOT / "tests" / "custom" / d / "cards"
                      for d in ("keywords", "kw2", "attach", "costs")])
    seen = {ab["kind"] for c in pool.values() for ab in c.get("abilities", [])}
    assert seen == vocab.ABILITY_KINDS
    for c in pool.values():
        for ab in c.get("abilities", []):
            assert ability_text(c, ab, pool)


def test_targets_and_player_selectors_in_words():
    card = {"name": "Probe", "types": ["Sorcery"], "_file": "probe.toml"}
    ab = {"kind": "spell", "targets": [{"players": True}, {"types": ["Creature"]}],
          "effects": [{"do": "lose_life", "who": "target", "n": 2},
                      {"do": "pump", "what": "target2", "power": 2, "toughness": -1},
                      {"do": "damage", "to": "each_creature", "n": "X", "optional": True}]}
    assert ability_text(card, ab) == (
        "Target player or permanent loses 2 life. Target creature gets +2/-1 until end of "
        "turn. You may have Probe deal X damage to each creature.")


def run(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_cards_show_prints_the_players_view(capsys):
    """`cards show` printed engine internals (event=1 subject=1, op OP_DRAW args=[...],
    prod_val=1048576) and no mana cost; now the card as printed, internals on request."""
    code, out, err = run(["cards", "show", "elvish visionary"], capsys)
    assert code == 0 and err == ""
    assert out == EXACT["Elvish Visionary"] + f"\nfile: {POOL['Elvish Visionary']['_file']}\n"
    code, out, err = run(["cards", "show", "Elvish Visionary", "--internals"], capsys)
    assert code == 0
    view, internals = out.split("\n\n", 1)
    assert view.startswith(EXACT["Elvish Visionary"])
    assert "event=" in internals and "op OP_DRAW" in internals
