"""The edition and rule data against the guide (shared/seeds/000_fe1744ded917b034.txt) and the
decisions file (shared/spec/mtaani-decisions.md): the board, the sets, every printed price, the
decks, and the house values marked in the data files.

The tables below are typed from the guide's "Property Guide" and the decisions file's board,
not read from the data files.
"""

from pathlib import Path

import pytest

import engine
from engine.mtaani.data import load_edition, load_rules, rulebook

DATA = Path(__file__).resolve().parents[2] / "layers/engine/engine/mtaani/data"

# Decisions file, "Board": index -> tile name.
BOARD = [
    "Payday", "Eastleigh", "Mtaani", "Kibra", "PAYE", "Citi Hoppa", "Kinoo", "Mathree",
    "Umoja", "Ngara", "Sonford", "NCWSC", "Jail", "Githurai", "Faiba", "Buruburu", "Imara",
    "Mash East Africa", "Donholm", "Fortune", "South B", "Jamhuri", "Pizza Inn", "Mtaani",
    "ATM", "Parklands", "Mathree", "Embakasi", "Westlands", "SGR", "Langata", "Galitos", "KPLC",
    "Hurlingham", "Kileleshwa", "Lavington", "Fortune", "Kitisuru", "Mountain View", "PAYE",
    "Loresho", "Muthaiga", "Kenya Airways", "KFC", "Karen", "Safaricom", "Runda", "Municipal",
]

# Guide, "Property Guide": name -> (base fee, mortgage, unit cost), SFR.
PRICES = {
    "Eastleigh": (1_000, 12_500, 22_500), "Kibra": (1_300, 16_250, 29_250),
    "Kinoo": (3_000, 30_000, 50_000), "Umoja": (3_600, 36_000, 60_000),
    "Ngara": (3_900, 45_500, 71_500), "Githurai": (6_000, 52_500, 82_500),
    "Buruburu": (7_200, 62_999, 99_000), "Imara": (7_600, 66_500, 104_500),
    "Donholm": (8_400, 73_500, 115_500), "South B": (9_200, 92_000, 138_000),
    "Jamhuri": (9_600, 96_000, 144_000), "Parklands": (13_500, 108_000, 162_000),
    "Embakasi": (14_000, 112_000, 168_000), "Westlands": (15_500, 139_500, 201_500),
    "Langata": (16_000, 144_000, 208_000), "Hurlingham": (20_400, 153_000, 221_000),
    "Kileleshwa": (21_600, 162_000, 234_000), "Lavington": (22_200, 166_500, 240_500),
    "Kitisuru": (24_000, 180_000, 260_000), "Mountain View": (25_800, 193_500, 279_500),
    "Loresho": (30_800, 220_000, 308_000), "Muthaiga": (32_200, 230_000, 322_000),
    "Karen": (40_000, 250_000, 350_000), "Runda": (40_800, 255_000, 357_000),
    "Sonford": (5_600, 56_000, 49_000), "Pizza Inn": (12_600, 84_000, 84_000),
    "Galitos": (15_000, 100_000, 112_500), "KFC": (21_000, 120_000, 165_000),
    "Citi Hoppa": (2_500, 100_000, 75_000), "Mash East Africa": (11_100, 148_000, 129_499),
    "SGR": (25_000, 200_000, 250_000), "Kenya Airways": (56_000, 320_000, 520_000),
    "NCWSC": (4_000, 160_000, 140_000), "KPLC": (8_000, 160_000, 180_000),
    "Faiba": (3_900, 156_000, 136_500), "Safaricom": (5_000, 200_000, 225_000),
}

# Decisions file, "Sets".
SETS = [
    {"Eastleigh", "Kibra"}, {"Kinoo", "Umoja", "Ngara"}, {"Githurai", "Buruburu", "Imara"},
    {"Donholm", "South B", "Jamhuri"}, {"Parklands", "Embakasi", "Westlands", "Langata"},
    {"Hurlingham", "Kileleshwa", "Lavington"},
    {"Kitisuru", "Mountain View", "Loresho", "Muthaiga"}, {"Karen", "Runda"},
    {"Sonford", "Pizza Inn", "Galitos", "KFC"},
    {"Citi Hoppa", "Mash East Africa", "SGR", "Kenya Airways"}, {"NCWSC", "KPLC"},
    {"Faiba", "Safaricom"},
]


def test_the_board_has_48_tiles_in_the_decisions_file_order():
    book = rulebook("current")
    assert [book.name(i) for i in range(book.size)] == BOARD
    assert book.size == 48
    # Corners: 0 Payday, 12 Jail, 24 ATM, 36 Fortune.
    assert [book.tiles[i].kind for i in (0, 12, 24, 36)] == ["payday", "jail", "atm", "fortune"]
    assert book.jail == 12


def test_every_printed_price_matches_the_guide_and_purchase_cost_is_twice_the_mortgage():
    book = rulebook("current")
    seen = {}
    for tile in book.properties:
        name = book.name(tile)
        seen[name] = (book.base_fee[tile], book.mortgage[tile], book.unit_cost[tile])
        assert book.purchase[tile] == 2 * PRICES[name][1]
    assert seen == PRICES
    # The guide's odd figures are kept exactly (decisions file, "Prices").
    assert seen["Buruburu"][1] == 62_999 and seen["Mash East Africa"][2] == 129_499


def test_sets_group_the_properties_as_the_decisions_file_says():
    book = rulebook("current")
    groups = [{book.name(i) for i in tiles} for tiles in book.set_tiles.values()]
    assert sorted(map(sorted, groups)) == sorted(map(sorted, SETS))
    estates = [s for s, info in book.sets.items() if info.kind == "estate"]
    assert len(estates) == 8


def test_the_seedy_and_rich_sides_and_their_complete_hoods():
    book = rulebook("current")
    assert [i for i in range(48) if book.side_of[i] == "seedy"] == list(range(1, 12))
    assert [i for i in range(48) if book.side_of[i] == "rich"] == list(range(37, 48))
    hood_names = {side: sorted(sorted(book.name(i) for i in book.set_tiles[s]) for s in sets)
                  for side, sets in book.hoods_on.items()}
    assert hood_names["seedy"] == [["Eastleigh", "Kibra"], ["Kinoo", "Ngara", "Umoja"]]
    assert hood_names["rich"] == [["Karen", "Runda"],
                                  ["Kitisuru", "Loresho", "Mountain View", "Muthaiga"]]


def test_the_current_rules_print_the_guides_figures():
    rules = load_rules("current")
    assert (rules.deal.min_players, rules.deal.max_players) == (2, 4)
    assert rules.deal.starting_cash == 2_000_000 and rules.deal.pool == 6_000_000
    assert (rules.dice.count, rules.dice.sides) == (2, 6)
    assert rules.payday.salary == 400_000 and rules.payday.salary * rules.payday.landing_multiplier == 800_000
    assert rules.atm.amount == 750_000 and rules.paye.percent == 35
    assert (rules.jail.bail, rules.jail.bribe_cost, rules.jail.bribe_fine) == (20_000, 50_000, 100_000)
    assert rules.jail.bribe_fail_sentence == 4
    assert (rules.jail.arrest_min_turns, rules.jail.arrest_max_turns) == (2, 5)
    assert (rules.jail.bribe_odds_min_percent, rules.jail.bribe_odds_max_percent) == (20, 80)
    assert rules.cards.face_value_limit == 1_200_000 and rules.cards.opening_percent == 45
    assert rules.cards.opening_revolutions == {"2": 8, "3": 6, "4": 4}
    assert rules.locals.trespass_percent == 10 and rules.locals.mugging_percent == 10
    assert (rules.locals.mugging_min_percent, rules.locals.mugging_max_percent) == (5, 15)
    assert rules.locals.mugging_rounding == 1_000 and rules.locals.mugging_min_cash == 100_000
    assert rules.property.max_units == 5 and rules.property.unit_refund_percent == 50
    assert rules.property.unmortgage_interest_percent == 10
    assert rules.idle.live_timeout_seconds == 5 * 60


def test_the_decks_hold_the_guides_examples_and_named_cards():
    edition = load_edition("nairobi")
    mtaani = {c.text: c for c in edition.mtaani_cards}
    assert mtaani["Your MansaX deposit gets doubled."].amount == 1_100_000
    assert mtaani["Your MansaX deposit gets doubled."].effect == "gain"
    assert mtaani["Amazing year for your maize farm - collect from NCPB."].amount == 2_000_000
    mathree = {c.text: c for c in edition.mathree_cards}
    lavington = mathree["Your presenter friend throws a bash. Take a mat to Lavington."]
    assert (lavington.effect, lavington.tile) == ("move_to", BOARD.index("Lavington"))
    jail_cards = [c for c in edition.mathree_cards if c.effect == "go_to_jail"]
    assert len(jail_cards) == 2  # "either of the two Mathree cards that send you to Jail"
    assert "Case of mistaken identity near the police station. Go to Jail." in {c.text for c in jail_cards}
    friend = [c for c in edition.mathree_cards if "bail out your friend" in c.text]
    assert len(friend) == 1 and friend[0].effect == "move_to" and friend[0].tile == 12
    assert friend[0].visit
    # Every Mathree destination is a real tile; every Mtaani amount is positive.
    assert all(0 <= c.tile < 48 for c in edition.mathree_cards if c.effect == "move_to")
    assert all(c.amount > 0 for c in edition.mtaani_cards)


@pytest.mark.parametrize("name", ["rules-current.toml", "nairobi.toml"])
def test_house_values_are_marked_in_the_data(name):
    text = (DATA / name).read_text()
    assert "# house value" in text
    if name == "rules-current.toml":
        for key in ("bribe_drift_minutes", "card_sentence", "bribe_moods",
                    "bribe_mood_from_percent", "slow_timeout_seconds"):
            line = next(line for line in text.splitlines() if line.startswith(key))
            assert "# house value" in line, key


def test_the_documented_scripted_schema_is_what_both_rulesets_accept():
    """Every value the API document allows for ``scripted`` is accepted at the deal by the
    current and the classic rules; a stream it does not name is refused."""
    import itertools

    from engine.mtaani.data import rulebook
    from engine.mtaani.ruleset import GameOptions, check_scripted

    schema = GameOptions.model_json_schema()["properties"]["scripted"]
    assert schema["additionalProperties"] is False
    script = {}
    for name, prop in schema["properties"].items():
        item = prop["items"]
        if "enum" in item:
            script[name] = list(item["enum"])
        elif item["type"] == "boolean":
            script[name] = [True, False]
        elif item["type"] == "integer":
            script[name] = [item["minimum"], item["maximum"]]
        else:
            faces = range(item["items"]["minimum"], item["items"]["maximum"] + 1)
            script[name] = [list(p) for p in itertools.product(faces, repeat=item["minItems"])]
    assert set(script) >= {"dice", "mtaani", "mathree", "mugging", "arrest_turns"}
    for name in ("current", "classic"):
        check_scripted(rulebook(name), script)
    with pytest.raises(engine.InvalidAction, match="unknown scripted stream"):
        check_scripted(rulebook("current"), {"weather": [True]})


def test_mtaani_whole_board_names_are_at_most_seven_characters():
    """The whole-board view prints each tile's ``short`` name (nairobi.toml; the name itself
    when absent): 7 characters at most, so it fits a 21 px tile at 11 px (docs/web.md). Both
    rulesets' guides carry it: Hurlingham (33) is "Hurl.", Kenya Airways (42) "KQ", Payday (0)
    has no short name and prints "Payday"."""
    from pydantic import ValidationError

    from engine.mtaani.data import Tile

    book = rulebook("current")
    assert [t.name for t in book.tiles if len(t.short or t.name) > 7] == []
    for ruleset in ("mtaani", "mtaani-classic"):
        tiles = engine.get_ruleset(ruleset).guide()["tiles"]
        assert [(t["index"], t["name"], t["short"]) for t in tiles if t["index"] in (0, 33, 42)] == [
            (0, "Payday", "Payday"), (33, "Hurlingham", "Hurl."), (42, "Kenya Airways", "KQ")]
    with pytest.raises(ValidationError):
        Tile.model_validate({"index": 33, "name": "Hurlingham", "short": "Hurlingh", "kind": "property"})


def test_a_mathree_move_to_card_names_its_tile():
    """A ``move_to`` Mathree card moves the player to its ``tile`` (cards.mathree_card), so
    an edition whose card names none is refused when read, not on the draw; the cards of both
    rulesets name theirs."""
    from pydantic import ValidationError

    from engine.mtaani.data import MathreeCard

    with pytest.raises(ValidationError, match="needs its 'tile'"):
        MathreeCard.model_validate({"id": "m9", "text": "Go to Westlands", "effect": "move_to"})
    assert MathreeCard.model_validate(
        {"id": "m9", "text": "Go to Westlands", "effect": "move_to", "tile": 9}).tile == 9
    for name in ("current", "classic"):
        moves = [c for c in rulebook(name).mathree_cards.values() if c.effect == "move_to"]
        assert moves and all(c.tile is not None for c in moves)
