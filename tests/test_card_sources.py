"""The card-file readers (simcore/cards/sources/): Scryfall's bulk JSON and MTGJSON's
AtomicCards, plain or gzipped, streamed; non-game objects skipped, every face kept; each bad
file one line naming it."""
import gzip
import json
from pathlib import Path

import pytest

from simcore.cards.sources import read_cards
from simcore.errors import PlaytestError

DATA = Path(__file__).parent / "carddata"
SCRYFALL = DATA / "scryfall-cards.json"
MTGJSON = DATA / "AtomicCards.json"


def names(path):
    return [c.printed.name for c in read_cards(path)]


def test_scryfall_skips_tokens_emblems_and_art_cards_and_keeps_printings():
    cards = list(read_cards(SCRYFALL))
    got = [c.printed.name for c in cards]
    assert "Goblin" not in got and not any("Emblem" in n for n in got)
    # two printings of Lightning Bolt, and no third from the art card
    assert [c.printing for c in cards if c.printed.name == "Lightning Bolt"] == \
        [("M10", "146"), ("LEA", "161")]
    fire = next(c.printed for c in cards if c.printed.name == "Fire // Ice")
    assert fire.layout == "split" and [f.name for f in fire.faces] == ["Fire", "Ice"]
    assert fire.faces[1].oracle_text == "Tap target permanent.\nDraw a card."
    delver = next(c.printed for c in cards if c.printed.name.startswith("Delver"))
    assert delver.faces[1].power == "3" and delver.faces[1].colors == ("U",)
    drake = next(c.printed for c in cards if c.printed.name == "Wind Drake")
    assert drake.front.mana_cost == "{2}{U}" and drake.legalities["pauper"] == "legal"


def test_gzip_is_told_by_its_bytes_not_its_name(tmp_path):
    gz = tmp_path / "oracle-cards.json"            # gzipped, without .gz
    gz.write_bytes(gzip.compress(SCRYFALL.read_bytes()))
    assert names(gz) == names(SCRYFALL)


def test_absent_scryfall_fields_are_fine(tmp_path):
    """The shared corpus lacks id, oracle_id, set ...: a card without them still reads."""
    f = tmp_path / "bare.json"
    f.write_text(json.dumps([{"name": "Wind Drake", "type_line": "Creature — Drake",
                              "power": "2", "toughness": "2"}]))
    (card,) = read_cards(f)
    assert card.printing is None and card.printed.layout == "normal"
    assert card.printed.front.mana_cost == "" and card.printed.legalities == {}


def test_mtgjson_faces_in_side_order_and_legalities_lower_case():
    cards = {c.printed.name: c.printed for c in read_cards(MTGJSON)}
    assert set(cards) == {"Wind Drake", "Fire // Ice",
                          "Delver of Secrets // Insectile Aberration", "Serra Angel"}
    delver = cards["Delver of Secrets // Insectile Aberration"]
    assert [f.name for f in delver.faces] == ["Delver of Secrets", "Insectile Aberration"]
    assert delver.front.mana_cost == "{U}"
    assert cards["Wind Drake"].legalities == {"modern": "legal", "pauper": "legal"}


BAD = {
    "cut.json": (SCRYFALL.read_bytes()[:3000], "the JSON is cut short"),
    "latin1.json": ('[{"name": "Lim-Dûl", "type_line": "Creature"}]'.encode("latin-1"),
                    "not UTF-8"),
    "object.json": (b'{"cards": [1, 2]}', "not a card list"),
    "cards.csv": (b"name,cost\nLightning Bolt,{R}\n", "not JSON, so not a card file"),
    "empty.json": (b"", "empty (0 bytes)"),
    "numbers.json": (b"[1, 2]", "card 1: expected a card object"),
    "noname.json": (b'[{"object": "card", "type_line": "Instant"}]', "card 1: key 'name' is "
                                                                      "missing"),
    "notype.json": (b'[{"object": "card", "name": "X"}]', "card 1 ('X'): key 'type_line'"),
    "corrupt.json.gz": (b"\x1f\x8b" + b"garbage" * 10, "gzip data is cut short or corrupt"),
    "cut.json.gz": (gzip.compress(SCRYFALL.read_bytes())[:500], "gzip data is cut short"),
    "mtgjson.json": (b'{"data": {"X": [{"name": "X"}]}}', "card 1 ('X'): face 1: key 'type'"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_file_is_one_line_naming_it(tmp_path, name):
    data, why = BAD[name]
    f = tmp_path / name
    f.write_bytes(data)
    with pytest.raises(PlaytestError) as e:
        list(read_cards(f))
    assert str(e.value).startswith(f"{f}: ") and why in str(e.value)
    assert "\n" not in str(e.value)


def test_a_missing_file_and_a_folder(tmp_path):
    with pytest.raises(PlaytestError, match="no such card file"):
        list(read_cards(tmp_path / "nope.json"))
    with pytest.raises(PlaytestError, match="is a folder"):
        list(read_cards(tmp_path))


SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "cards" / \
    "oracle-cards-sample.json.gz"


@pytest.mark.skipif(not SHARED.is_file(), reason="no ../shared/cards corpus here")
def test_the_shared_corpus_reads_whole():
    """Every card of the corpus (30,265, each a game card) is read, two-faced ones with
    both faces."""
    cards = list(read_cards(SHARED))
    assert len(cards) == 30265
    multi = [c for c in cards if c.printed.layout in ("transform", "modal_dfc", "split",
                                                       "adventure", "flip")]
    assert multi and all(len(c.printed.faces) >= 2 for c in multi)
