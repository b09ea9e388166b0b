"""Building (rulebook "Building", "The Buildings", "Stations", "Stadiums, Skyscrapers and the
Monopoly Tower", "Building Permits", "Bonus and Nuisance Buildings"), by hand from the rulebook
and data/jiji.toml: brown blocks 200k / 400k, blue 600k / 1.2M, pink skyscraper 2.5M,
stadium 2M, tower 7M, removal 500k a block (prison 4 blocks, landfill 2)."""

import pytest

import engine
from engine.jiji.rent import rent_value
from tests.engine.jiji_helpers import (
    SPACE,
    B,
    act,
    at,
    events_of,
    game,
    legal_types,
    own,
    script,
    set_cash,
    total_money,
    turn_phase,
)

MUKURU, KOROGOCHO, ROSSLYN, NYARI = (SPACE[n] for n in ("Mukuru", "Korogocho", "Rosslyn", "Nyari"))
AREA = SPACE["Industrial Area"]


def builder(grant="blocks_3"):
    """Seat 0 after a roll, owning Mukuru and Rosslyn; the unit will answer ``grant``."""
    state = game(2)
    own(state, 0, "Mukuru", "Rosslyn")
    turn_phase(state, 0, "turn")
    script(state, construction=[grant])
    return state


def test_construction_is_pressed_after_a_roll_once_a_turn():
    state = builder()
    state.phase = "roll"
    assert "construction" not in legal_types(state, 0)
    with pytest.raises(engine.IllegalAction):
        act(state, "construction")
    state.phase = "turn"
    state, events = act(state, "construction")
    assert events_of(events, "ConstructionPressed")[0]["grant"] == "blocks_3"
    assert state.phase == "place" and state.grant == 3 and state.pressed
    state, _ = act(state, "decline_build")
    assert "construction" not in legal_types(state, 0)
    with pytest.raises(engine.IllegalAction):
        act(state, "construction")


def test_construction_needs_a_district_to_build_on():
    state = game(2)
    turn_phase(state, 0, "turn")
    assert "construction" not in legal_types(state, 0)


def test_the_grant_is_placed_at_once_on_several_districts_residential_and_industrial():
    state = builder()
    state, _ = act(state, "construction")
    before = total_money(state)
    state, events = act(state, "place_blocks", residential=[MUKURU, MUKURU], industrial=[ROSSLYN])
    assert (state.districts[MUKURU].res, state.districts[ROSSLYN].ind) == (2, 1)
    assert state.players[0].cash == 37_700_000 - (2 * 200_000 + 1_200_000)
    assert total_money(state) == before and state.phase == "turn"
    assert {e["district"] for e in events_of(events, "BlocksBuilt")} == {MUKURU, ROSSLYN}


def test_no_more_blocks_than_the_grant_and_at_least_one():
    state = builder("blocks_1")
    state, _ = act(state, "construction")
    with pytest.raises(engine.IllegalAction):
        act(state, "place_blocks", residential=[MUKURU, MUKURU])
    with pytest.raises(engine.IllegalAction):
        act(state, "place_blocks")


def test_at_most_8_blocks_a_district():
    state = builder("blocks_2")
    own(state, 0, "Mukuru", res=4, ind=3)
    state, _ = act(state, "construction")
    with pytest.raises(engine.IllegalAction):
        act(state, "place_blocks", residential=[MUKURU, MUKURU])
    state, _ = act(state, "place_blocks", industrial=[MUKURU])
    assert state.districts[MUKURU].res + state.districts[MUKURU].ind == 8


def test_no_building_on_a_mortgaged_district_nor_beyond_ones_cash():
    state = builder("blocks_2")
    state.districts[MUKURU].mortgage = 60_000
    state, _ = act(state, "construction")
    with pytest.raises(engine.IllegalAction):
        act(state, "place_blocks", residential=[MUKURU])
    set_cash(state, 0, 1_000_000)
    with pytest.raises(engine.IllegalAction):
        act(state, "place_blocks", industrial=[ROSSLYN])  # 1.2M


def test_a_station_is_free_and_goes_on_a_district_of_yours():
    state = builder("station")
    state, _ = act(state, "construction")
    assert state.grant == 0
    with pytest.raises(engine.IllegalAction):
        act(state, "place_blocks", residential=[MUKURU])
    with pytest.raises(engine.IllegalAction):
        act(state, "place_station", district=SPACE["Kasarani"])
    state, events = act(state, "place_station", district=ROSSLYN)
    assert state.districts[ROSSLYN].station and state.players[0].cash == 37_700_000
    assert events_of(events, "StationBuilt")


def stations(dice):
    state = game(2, dice=dice)
    own(state, 1, "Kasarani")
    own(state, 0, "Mukuru")
    state.districts[SPACE["Kasarani"]].station = True
    state.districts[MUKURU].station = True
    state.districts[ROSSLYN].station = True  # unowned, for the test
    return state


def test_landing_on_a_station_district_lets_the_player_jump_after_paying_its_rent():
    state = stations([[1, 2]])
    at(state, 0, 18)
    state, _ = act(state, "roll")  # Kasarani: rent 200k to seat 1
    assert state.players[0].cash == 37_500_000
    jumps = {a.district for a in engine.legal_actions(state, 0) if a.type == "jump"}
    assert jumps == {MUKURU, ROSSLYN}
    state, events = act(state, "jump", district=MUKURU)  # forward past GO: salary
    assert state.players[0].pos == MUKURU and state.players[0].cash == 39_500_000
    assert events_of(events, "Moved")[0]["via"] == "jump"
    assert "jump" not in legal_types(state, 0)  # one jump per landing


def test_a_jump_to_an_unowned_district_offers_it_for_sale():
    state = stations([[1, 2]])
    at(state, 0, 18)
    state, _ = act(state, "roll")
    state, _ = act(state, "jump", district=ROSSLYN)
    assert state.phase == "buy" and state.players[0].pos == ROSSLYN


def test_starting_a_turn_on_a_station_district_gives_no_jump():
    state = stations([[1, 2]])
    at(state, 0, "Kasarani")
    state, _ = act(state, "roll")
    assert "jump" not in legal_types(state, 0)


def landmarks():
    state = game(3)
    turn_phase(state, 0, "turn")
    return state


def test_a_stadium_needs_two_districts_of_the_group_and_costs_2m():
    state = landmarks()
    own(state, 0, "Kasarani")
    with pytest.raises(engine.IllegalAction):
        act(state, "build_stadium", district=SPACE["Kasarani"])
    own(state, 0, "Roysambu")
    state, _ = act(state, "build_stadium", district=SPACE["Kasarani"])
    assert state.districts[SPACE["Kasarani"]].stadium
    assert state.players[0].cash == 35_700_000
    assert rent_value(B, state, SPACE["Kasarani"]) == 200_000  # a stadium raises no rent
    with pytest.raises(engine.IllegalAction):
        act(state, "build_stadium", district=SPACE["Roysambu"])  # one per group


def test_only_two_stadiums_exist():
    state = landmarks()
    own(state, 0, "Mukuru", "Korogocho", "Kasarani", "Roysambu", "Nyari", "Rosslyn")
    state, _ = act(state, "build_stadium", district=MUKURU)
    state, _ = act(state, "build_stadium", district=SPACE["Kasarani"])
    assert "build_stadium" not in legal_types(state, 0)
    with pytest.raises(engine.IllegalAction):
        act(state, "build_stadium", district=ROSSLYN)


def test_stadiums_and_skyscrapers_are_bought_after_a_roll_not_before():
    state = landmarks()
    own(state, 0, "Kasarani", "Roysambu", "Zimmerman")
    state.phase = "roll"
    with pytest.raises(engine.IllegalAction):
        act(state, "build_stadium", district=SPACE["Kasarani"])
    with pytest.raises(engine.IllegalAction):
        act(state, "build_skyscraper", district=SPACE["Kasarani"])


def test_a_skyscraper_needs_the_whole_group_costs_the_groups_price_and_doubles_its_rents():
    state = landmarks()
    own(state, 0, "Makadara", "Railways")
    with pytest.raises(engine.IllegalAction):
        act(state, "build_skyscraper", district=SPACE["Makadara"])
    own(state, 0, "Industrial Area", ind=4)
    state, _ = act(state, "build_skyscraper", district=SPACE["Makadara"])
    assert state.players[0].cash == 37_700_000 - 2_500_000
    assert rent_value(B, state, AREA) == 7_000_000
    with pytest.raises(engine.IllegalAction):
        act(state, "build_skyscraper", district=SPACE["Railways"])  # one per group


def test_the_tower_needs_two_whole_groups_costs_7m_and_only_one_exists():
    state = landmarks()
    own(state, 0, "Mukuru", "Korogocho")
    with pytest.raises(engine.IllegalAction):
        act(state, "build_tower", district=MUKURU)
    own(state, 0, "Nyari", "Rosslyn")
    own(state, 0, "Kasarani")
    with pytest.raises(engine.IllegalAction):
        act(state, "build_tower", district=SPACE["Kasarani"])  # not in a whole group
    state, _ = act(state, "build_tower", district=ROSSLYN)
    assert state.players[0].cash == 30_700_000
    assert rent_value(B, state, SPACE["Kasarani"]) == 400_000  # 200k doubled
    own(state, 1, "Makadara", "Railways", "Industrial Area", "Dandora", "Kariobangi", "Kayole")
    turn_phase(state, 1, "turn")
    assert "build_tower" not in legal_types(state, 1)


# ---------------------------------------------------------------------- Building Permits
def on_permit(players=3):
    state = game(players, dice=[[1, 1]])
    state.scripted["dice"] = [[1, 1]]
    state, _ = act(state, "roll")  # space 2: a Building Permit
    assert state.phase == "permit"
    return state


def test_a_bonus_goes_on_your_own_or_an_unowned_district_a_nuisance_on_anothers_or_an_unowned():
    state = on_permit()
    own(state, 0, "Mukuru")
    own(state, 1, "Rosslyn")
    options = {(a.district, a.building) for a in engine.legal_actions(state, 0)
               if a.type == "place_permit"}
    assert (MUKURU, "school") in options and (MUKURU, "prison") not in options
    assert (ROSSLYN, "prison") in options and (ROSSLYN, "school") not in options
    assert (NYARI, "school") in options and (NYARI, "landfill") in options
    for district, building in ((MUKURU, "prison"), (ROSSLYN, "park")):
        with pytest.raises(engine.IllegalAction):
            act(state, "place_permit", district=district, building=building)
    state, events = act(state, "place_permit", district=ROSSLYN, building="prison")
    placed = events_of(events, "PermitPlaced")[0]
    assert (placed["sort"], placed["owner"]) == ("nuisance", 1)
    assert state.districts[ROSSLYN].permit == "prison" and state.supply["prison"] == 1


def test_a_bonus_keeps_nuisances_off_and_a_nuisance_keeps_bonuses_off():
    state = on_permit()
    own(state, 1, "Rosslyn", "Nyari")
    state.districts[ROSSLYN].permit = "school"
    state.districts[NYARI].permit = "landfill"
    with pytest.raises(engine.IllegalAction):
        act(state, "place_permit", district=ROSSLYN, building="power_station")
    own(state, 0, "Nyari")
    with pytest.raises(engine.IllegalAction):
        act(state, "place_permit", district=NYARI, building="park")


def test_the_permit_is_compulsory_when_anything_can_be_placed_and_skipped_otherwise():
    state = on_permit()
    assert "end_turn" not in legal_types(state, 0) and "roll" not in legal_types(state, 0)
    state = game(2, dice=[[1, 1]])
    state.supply = {k: 0 for k in state.supply}
    state, events = act(state, "roll")
    assert state.phase == "turn" and events_of(events, "PermitUnused")


def test_residential_blocks_stop_counting_under_a_nuisance_industrial_ones_still_count():
    state = on_permit()
    own(state, 1, "Rosslyn", res=3, ind=1)
    assert rent_value(B, state, ROSSLYN) == 10_000_000  # 4 blocks: 2.5 x 4M
    state, _ = act(state, "place_permit", district=ROSSLYN, building="landfill")
    assert rent_value(B, state, ROSSLYN) == 1_600_000  # 1 industrial block: 0.4 x 4M
    assert state.districts[ROSSLYN].res == 3  # left on the board


def test_removing_a_nuisance_costs_500k_a_block_on_your_turn_and_the_blocks_count_again():
    state = game(2)
    own(state, 0, "Rosslyn", res=3)
    state.districts[ROSSLYN].permit = "prison"
    state.supply["prison"] -= 1
    turn_phase(state, 1, "turn")
    with pytest.raises(engine.NotYourDecision):
        act(state, "remove_nuisance", 0, district=ROSSLYN)
    turn_phase(state, 0, "roll")
    before = total_money(state)
    state, events = act(state, "remove_nuisance", district=ROSSLYN)
    assert state.players[0].cash == 37_700_000 - 2_000_000  # prison: 4 x 500k
    assert events_of(events, "NuisanceRemoved")[0]["cost"] == 2_000_000
    assert state.districts[ROSSLYN].permit is None and state.supply["prison"] == 2
    assert rent_value(B, state, ROSSLYN) == 6_400_000  # 3 blocks count again: 1.6 x 4M
    assert total_money(state) == before


def test_a_landfill_costs_1m_to_remove_and_a_bonus_cannot_be_removed():
    state = game(2)
    own(state, 0, "Rosslyn", "Nyari")
    state.districts[ROSSLYN].permit = "landfill"
    state.districts[NYARI].permit = "school"
    turn_phase(state, 0, "turn")
    with pytest.raises(engine.IllegalAction):
        act(state, "remove_nuisance", district=NYARI)
    state, _ = act(state, "remove_nuisance", district=ROSSLYN)
    assert state.players[0].cash == 36_700_000


def test_the_bank_runs_out_of_a_kind_of_permit_building():
    state = on_permit()
    state.supply["prison"] = 0
    assert all(a.building != "prison" for a in engine.legal_actions(state, 0)
               if a.type == "place_permit")
    with pytest.raises(engine.IllegalAction):
        act(state, "place_permit", district=NYARI, building="prison")


def test_the_units_answers_follow_the_house_odds():
    """35% one block, 30% two, 20% three, 15% a station (data/jiji.toml): 4,000 seeded presses
    land within 2.5 points of each."""
    from collections import Counter

    from engine.jiji.build import press
    from engine.jiji.flow import Ctx

    state = game(2)
    own(state, 0, "Mukuru")
    ctx = Ctx(B, state)
    seen: Counter[str] = Counter()
    for _ in range(4000):
        press(ctx, 0)
        seen[ctx.events[-1]["grant"]] += 1
    for grant, percent in {"blocks_1": 35, "blocks_2": 30, "blocks_3": 20, "station": 15}.items():
        assert abs(seen[grant] / 40 - percent) < 2.5, (grant, seen)


def test_landing_on_your_own_station_district_lets_you_jump_too():
    state = stations([[1, 1]])
    at(state, 0, 39)  # Rosslyn (39) + 2 = 1, Mukuru: past GO
    state, _ = act(state, "roll")
    assert state.players[0].pos == MUKURU
    assert {a.district for a in engine.legal_actions(state, 0) if a.type == "jump"} == \
        {SPACE["Kasarani"], ROSSLYN}


def test_a_jump_onto_another_players_district_pays_its_rent_there():
    state = stations([[1, 1]])
    at(state, 0, 39)
    state, _ = act(state, "roll")
    state, events = act(state, "jump", district=SPACE["Kasarani"])
    assert events_of(events, "RentDue")[0]["amount"] == 200_000
    assert state.players[0].cash == 37_700_000 + 2_000_000 - 200_000


def test_a_chance_move_onto_a_station_district_counts_as_landing():
    state = stations([[3, 4]])
    state.pile.remove("c05")
    state.pile.insert(0, "c05")  # advance to Kasarani (21)
    state, _ = act(state, "roll")  # 7: Chance
    assert state.players[0].pos == SPACE["Kasarani"]
    assert "jump" in legal_types(state, 0)
