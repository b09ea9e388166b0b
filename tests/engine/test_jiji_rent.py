"""Rent (rulebook "Collecting Rent"), worked by hand from the rulebook and data/jiji.toml.

Industrial Area (space 14, pink group with Makadara 11 and Railways 13) has the rent row
140k, 560k, 1.26M, 2.24M, 3.5M, 5.04M, 7M, 9.52M, 12.6M for 0..8 counted blocks.
"""

from engine.jiji.data import book
from engine.jiji.rent import counted_blocks, rent_value, wealth
from tests.engine.jiji_helpers import SPACE, act, at, events_of, game, own, script

B = book()
AREA = SPACE["Industrial Area"]


def example(skyscraper: bool = True):
    """The rulebook's worked example on our board: seat 0 owns the pink group; Industrial
    Area carries 2 residential and 4 industrial blocks and seat 1's power station; a
    skyscraper stands on Railways. Seat 1 is on Kariobangi (8), to roll a 6."""
    state = game(2, first=1)
    own(state, 0, "Makadara", "Railways")
    own(state, 0, "Industrial Area", res=2, ind=4)
    state.districts[AREA].permit = "power_station"
    state.districts[SPACE["Railways"]].skyscraper = skyscraper
    at(state, 1, "Kariobangi")
    script(state, dice=[[2, 4]])
    return state


def test_the_rulebooks_worked_example_residential_count_0_industrial_3_5m_doubled_7m():
    state = example()
    d = state.districts[AREA]
    assert counted_blocks(B, d) == 4  # the 2 residential blocks count 0 under the nuisance
    state, events = act(state, "roll", 1)
    assert state.players[1].pos == AREA
    due = events_of(events, "RentDue")
    assert due == [{"type": "RentDue", "player": 1, "owner": 0, "district": AREA,
                    "amount": 7_000_000}]
    assert state.players[1].cash == 37_700_000 - 7_000_000
    assert state.players[0].cash == 37_700_000 + 7_000_000


def test_without_the_skyscraper_the_example_rent_is_3_5m():
    state = example(skyscraper=False)
    assert rent_value(B, state, AREA) == 3_500_000


def test_without_the_nuisance_all_6_blocks_count():
    state = example(skyscraper=False)
    state.districts[AREA].permit = None
    assert rent_value(B, state, AREA) == 7_000_000  # 6 blocks


def test_a_bonus_building_changes_nothing_in_the_rent():
    state = example(skyscraper=False)
    state.districts[AREA].permit = "school"
    assert rent_value(B, state, AREA) == 7_000_000


def test_bare_land_pays_the_first_rent():
    state = game(2)
    own(state, 0, "Industrial Area")
    assert rent_value(B, state, AREA) == 140_000


def test_a_skyscraper_doubles_its_groups_rents_but_not_other_groups():
    state = game(2)
    own(state, 0, "Makadara", "Railways", "Industrial Area")
    own(state, 0, "Kasarani")
    state.districts[SPACE["Makadara"]].skyscraper = True
    assert rent_value(B, state, AREA) == 280_000  # 140k x 2
    assert rent_value(B, state, SPACE["Railways"]) == 240_000  # 120k x 2
    assert rent_value(B, state, SPACE["Kasarani"]) == 200_000  # not doubled


def test_the_tower_doubles_all_the_owners_rents_and_never_twice_with_a_skyscraper():
    state = game(2)
    own(state, 0, "Mukuru", "Korogocho", "Makadara", "Railways")
    own(state, 0, "Industrial Area", ind=4)
    own(state, 0, "Rosslyn")
    state.districts[SPACE["Mukuru"]].tower = True
    assert rent_value(B, state, SPACE["Rosslyn"]) == 800_000  # 400k x 2
    assert rent_value(B, state, AREA) == 7_000_000  # 3.5M x 2
    state.districts[SPACE["Railways"]].skyscraper = True
    assert rent_value(B, state, AREA) == 7_000_000  # doubled once, not 14M


def test_a_skyscraper_doubles_only_while_its_owner_owns_the_district():
    state = game(2)
    own(state, 0, "Makadara", "Railways")
    own(state, 1, "Industrial Area")
    state.districts[SPACE["Makadara"]].skyscraper = True
    assert rent_value(B, state, AREA) == 140_000


def test_a_mortgaged_district_charges_nothing():
    state = example()
    state.districts[AREA].mortgage = 7_000_000
    state, events = act(state, "roll", 1)
    assert not events_of(events, "RentDue")
    assert state.players[1].cash == 37_700_000


def test_landing_on_your_own_district_costs_nothing():
    state = example()
    state.cur = 0
    at(state, 0, "Kariobangi")
    state, events = act(state, "roll", 0)
    assert not events_of(events, "RentDue") and state.players[0].cash == 37_700_000


def test_wealth_is_cash_plus_the_rent_value_of_each_unmortgaged_district():
    state = example()
    own(state, 0, "Rosslyn")
    state.districts[SPACE["Rosslyn"]].mortgage = 400_000
    # 37.7M + Makadara 240k (120k doubled) + Railways 240k + Industrial Area 7M + Rosslyn 0.
    assert wealth(B, state, 0) == 37_700_000 + 240_000 + 240_000 + 7_000_000
