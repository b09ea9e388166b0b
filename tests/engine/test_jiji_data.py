"""Jiji's board and numbers (data/jiji.toml) against the rulebook and the decisions file, and the
deal. Figures are worked out by hand from the rulebook's text and the data file."""

import json

import pytest

import engine
from engine.jiji.data import book
from tests.engine.jiji_helpers import SPACE, game

B = book()


def test_the_track_has_40_spaces_with_22_districts_in_8_groups_where_a_classic_board_has_streets():
    assert len(B.kind) == 40
    assert B.kind[0] == "go" and B.kind[10] == "jail" and B.kind[20] == "free_parking"
    assert B.kind[30] == "go_to_jail"
    assert list(B.districts) == [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29,
                                 31, 32, 34, 37, 39]
    sizes = [len(g.spaces) for g in B.groups.values()]
    assert sizes == [2, 3, 3, 3, 3, 3, 3, 2]
    others = [i for i in range(40) if B.kind[i] not in ("district", "go", "jail", "free_parking",
                                                          "go_to_jail")]
    counts = {k: sum(1 for i in others if B.kind[i] == k) for k in ("chance", "permit", "tax",
                                                                    "auction")}
    # Decisions: Chance 3, Building Permit 6, Industrial Tax 2, Auction 2 and one more (Chance).
    assert counts == {"chance": 4, "permit": 6, "tax": 2, "auction": 2}
    assert len(others) == 14


def test_prices_run_from_600k_to_4m_along_the_track_and_industrial_blocks_cost_more():
    prices = [B.price[s] for s in B.districts]
    assert prices[0] == 600_000 and prices[-1] == 4_000_000
    assert prices == sorted(prices)
    for group in B.groups.values():
        assert group.residential_block < group.industrial_block
    assert B.groups["pink"].residential_block == 300_000
    assert B.groups["pink"].industrial_block == 600_000
    assert B.groups["pink"].skyscraper == 2_500_000


def test_every_district_has_a_rent_for_bare_land_and_1_to_8_blocks():
    assert all(len(rents) == 9 for rents in B.rents.values())
    # Industrial Area's row, read from the data: 4 blocks rent M3.5M (the rulebook's example).
    assert B.rents[SPACE["Industrial Area"]] == (140_000, 560_000, 1_260_000, 2_240_000,
                                                 3_500_000, 5_040_000, 7_000_000, 9_520_000,
                                                 12_600_000)


def test_25_chance_cards_and_the_construction_odds_sum_to_100():
    assert len(B.cards) == 25
    assert sum(p for _, p in B.odds) == 100
    effects = {c.effect for c in B.cards.values()}
    assert {"advance", "back", "jail", "get_out", "collect", "pay", "free_block"} <= effects


def test_the_rulebooks_figures():
    assert B.starting_cash == 37_700_000  # 30M + 6M + 1M + 400k + 200k + 50k + 50k
    assert (B.stadiums, B.stadium_price, B.stadium_go_bonus) == (2, 2_000_000, 1_000_000)
    assert B.tower_price == 7_000_000 and B.fine == 500_000
    assert B.removal_per_block == 500_000 and B.max_blocks == 8
    assert B.nuisances == {"landfill": 2, "power_station": 3, "wastewater_plant": 3, "prison": 4}
    assert B.minimum_bid == 10_000 and B.live_auction_seconds == 50


def test_a_deal_gives_everyone_37_7m_on_go_with_the_card_on_free_parking_and_a_shuffled_pile():
    state = engine.new_game("jiji", ["a", "b", "c"], 11, {})
    assert [p.cash for p in state.players] == [37_700_000] * 3
    assert [p.pos for p in state.players] == [0, 0, 0]
    assert state.exemption is None  # on Free Parking
    assert sorted(state.pile) == sorted(B.card_ids) and state.discard == []
    assert state.phase == "roll" and state.turn == 1
    other = engine.new_game("jiji", ["a", "b", "c"], 12, {})
    assert state.pile != other.pile


def test_the_highest_opening_roll_starts():
    starts = {engine.new_game("jiji", ["a", "b", "c", "d"], seed, {}).cur for seed in range(40)}
    assert starts == {0, 1, 2, 3}


@pytest.mark.parametrize("count", [1, 7])
def test_two_to_six_players(count):
    with pytest.raises(engine.InvalidAction):
        engine.new_game("jiji", [f"p{i}" for i in range(count)], 1, {})


def test_options_are_validated():
    with pytest.raises(engine.InvalidAction):
        engine.new_game("jiji", ["a", "b"], 1, {"end": "sometime"})
    with pytest.raises(engine.InvalidAction):
        engine.new_game("jiji", ["a", "b"], 1, {"scripted": {"dice": [[7, 1]]}})
    with pytest.raises(engine.InvalidAction):
        engine.new_game("jiji", ["a", "b"], 1, {"scripted": {"construction": ["blocks_4"]}})
    state = game(2, end="clock", clock_seconds=3600, auction_seconds=50)
    assert state.options.end == "clock" and state.options.auction_seconds == 50


def test_the_guide_is_generated_from_the_data():
    guide = engine.get_ruleset("jiji").guide()
    assert json.loads(json.dumps(guide)) == guide
    spaces = guide["spaces"]
    assert len(spaces) == 40
    area = spaces[SPACE["Industrial Area"]]
    assert area["name"] == "Industrial Area" and area["price"] == 1_400_000
    assert area["rents"][4] == 3_500_000 and area["skyscraper"] == 2_500_000
    assert guide["buildings"]["construction_odds"] == {"blocks_1": 35, "blocks_2": 30,
                                                       "blocks_3": 20, "station": 15}
    assert len(guide["chance"]) == 25
    assert "rules" not in guide   # the rules are the prose sections (test_jiji_guide.py)
    prose = " ".join(" ".join(s["text"] + s["items"]) for s in guide["prose"])
    assert "M2M" in prose and "M7M" in prose and "M500k" in prose and "M37.7M" in prose


def test_the_stored_state_is_small_and_round_trips():
    state = game(4)
    text = engine.dump_state(state)
    assert len(text) < 4000
    again = engine.load_state(text)
    assert engine.dump_state(again) == text
    with pytest.raises(engine.InvalidAction):
        engine.get_ruleset("jiji").load_state({"ruleset": "jiji"})


def test_house_values_are_marked_in_the_data():
    from importlib import resources

    text = resources.files("engine.jiji").joinpath("data/jiji.toml").read_text()
    keys = ("salary", "bank_cash", "minimum_step", "odds", "nuisance_supply", "bonus_supply",
            "max_open_per_player", "amount", "residential_block", "industrial_block",
            "skyscraper", "price", "rent")
    board = text.split("# The 25 Chance cards")[0]  # the cards are marked as a whole
    for line in board.splitlines():
        if line.split(" = ")[0] in keys and not line.startswith("#"):
            assert "# house value" in line, line
    assert text.count("\nprice = ") == 22 and text.count("\nrent = [") == 22
    assert "# The 25 Chance cards (house values)" in text
