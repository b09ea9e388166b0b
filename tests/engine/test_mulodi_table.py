"""Mulodi: the bank, the property section, full sets, wildcards, the Master wildcard,
Apartments and Arcades, with figures worked out by hand from the seed
(shared/seeds/004_e3b57fc1098b0004.txt: "There are 3 places", "Property Wildcard", "Master
Property Wild Card", "Arcade & Apartment") and the decisions file ("Plays")."""

import pytest

import engine
from engine.mulodi import sets
from engine.mulodi.cards import deck
from tests.engine.mulodi_helpers import (
    RS,
    act,
    bank_faces,
    card,
    events_of,
    prop_faces,
    table,
)

D = deck()


# ------------------------------------------------------------------------------ the bank
def test_money_and_action_cards_go_in_the_bank_as_a_play():
    state = table(2, hands={0: ["money-50", "land_grab", "property-karen"]})
    state, events = act(state, "bank", 0, card=card(state, 0, "money-50"))
    state, _ = act(state, "bank", 0, card=card(state, 0, "land_grab"))
    assert bank_faces(state, 0) == ["land_grab", "money-50"]
    assert sets.bank_value(state, 0) == 50 + 30
    assert state.plays_left == 1
    assert events_of(events, "CardBanked")[0] == {"type": "CardBanked", "player": 0,
                                                  "card": "money-50", "value": 50}


def test_properties_never_go_in_the_bank():
    state = table(2, hands={0: ["property-karen", "wild-pink-orange", "master"]})
    for face in ("property-karen", "wild-pink-orange", "master"):
        with pytest.raises(engine.IllegalAction, match="can't go in your bank"):
            act(state, "bank", 0, card=card(state, 0, face))


# ------------------------------------------------------------------------------ properties
def test_properties_are_laid_in_their_colour_and_a_full_set_is_the_colours_size():
    state = table(2, hands={0: ["property-karen", "property-muthaiga", "property-kibera"]})
    state, events = act(state, "play_property", 0, card=card(state, 0, "property-karen"))
    assert events_of(events, "PropertyPlayed")[0]["colour"] == "dark_blue"
    assert sets.full_colours(state, 0) == []
    state, _ = act(state, "play_property", 0, card=card(state, 0, "property-muthaiga"),
                   colour="dark_blue")
    # Dark blue's set is 2 cards (seed: "2 blue").
    assert sets.full_colours(state, 0) == ["dark_blue"]
    with pytest.raises(engine.IllegalAction, match="brown"):
        act(state, "play_property", 0, card=card(state, 0, "property-kibera"), colour="red")


def test_a_colour_needs_its_size_yellow_3():
    state = table(2, props={0: {"yellow": ["property-westlands", "property-parklands"]}},
                  hands={0: ["property-lavington"]})
    assert sets.full_sets(state, 0, "yellow") == 0
    state, _ = act(state, "play_property", 0, card=card(state, 0, "property-lavington"))
    assert sets.full_sets(state, 0, "yellow") == 1


def test_a_colour_with_more_cards_than_its_size_starts_a_second_set():
    state = table(2, props={0: {"red": ["property-ngong_road", "property-hurlingham",
                                        "property-kilimani", "wild-red-yellow"]}})
    # 4 red cards, set size 3: one full set and one card of a second set.
    view = RS.view(state, 0)["seats"][0]["properties"]["red"]["sets"]
    assert [(len(g["cards"]), g["full"]) for g in view] == [(3, True), (1, False)]
    # The rent counts the cards of the colour up to a full set: 60M, not more.
    assert sets.rent_due(state, 0, "red") == 60


def test_a_second_full_set_of_a_colour():
    state = table(2, props={0: {"brown": ["property-kibera", "property-mathare",
                                          "wild-light_blue-brown", "master"]}})
    assert sets.full_sets(state, 0, "brown") == 2
    # Two full sets of one colour count as one colour toward winning.
    assert sets.full_colours(state, 0) == ["brown"]


def test_a_wildcard_counts_as_one_of_its_colours_and_moves_on_its_owners_turn():
    state = table(2, hands={0: ["wild-red-yellow"]},
                  props={0: {"red": ["property-ngong_road", "property-hurlingham"],
                             "yellow": ["property-westlands"]}})
    with pytest.raises(engine.IllegalAction, match="red or yellow"):
        act(state, "play_property", 0, card=card(state, 0, "wild-red-yellow"), colour="green")
    with pytest.raises(engine.IllegalAction, match="which colour"):
        act(state, "play_property", 0, card=card(state, 0, "wild-red-yellow"))
    state, _ = act(state, "play_property", 0, card=card(state, 0, "wild-red-yellow"), colour="red")
    assert sets.full_colours(state, 0) == ["red"] and state.plays_left == 2
    wild = card(state, 0, "wild-red-yellow", "props")
    state, events = act(state, "move_wildcard", 0, card=wild, colour="yellow")
    # Moving is free: still 2 plays left. Red is 2 cards again, yellow 2.
    assert state.plays_left == 2
    assert events_of(events, "WildcardMoved")[0]["previous"] == "red"
    assert prop_faces(state, 0, "yellow") == ["property-westlands", "wild-red-yellow"]
    assert sets.full_colours(state, 0) == []


def test_moving_wildcards_keeps_the_turns_decision_and_its_idle_deadline():
    # Decisions file, "Readings decided after the first conformance run": moving wildcards
    # keeps the turn's decision; only a play, a draw or the end of the turn starts a new one.
    state = table(2, hands={0: ["money-10"]},
                  props={0: {"red": ["wild-red-yellow"], "pink": ["master"]}})
    turn = RS.pending(state)[0]
    for colour in ("yellow", "red", "yellow", "red"):
        state, events = act(state, "move_wildcard", 0,
                            card=card(state, 0, "wild-red-yellow", "props"), colour=colour)
        assert events_of(events, "DecisionPending") == []
    # A Master moves the same way: free, not a play, the same decision.
    state, _ = act(state, "move_wildcard", 0, card=card(state, 0, "master", "props"),
                   colour="green")
    assert prop_faces(state, 0, "green") == ["master"] and state.plays_left == 3
    assert RS.pending(state) == (turn,)
    # A play starts a new decision (2 plays left).
    state, events = act(state, "bank", 0, card=card(state, 0, "money-10"))
    assert [d.id for d in RS.pending(state)] != [turn.id]
    assert events_of(events, "DecisionPending")[0]["detail"]["plays_left"] == 2


def test_a_wildcard_moves_only_on_its_owners_turn():
    state = table(2, props={1: {"red": ["wild-red-yellow"]}})
    with pytest.raises(engine.NotYourDecision):
        act(state, "move_wildcard", 1, card=card(state, 1, "wild-red-yellow", "props"), colour="yellow")


def test_only_wildcards_move():
    state = table(2, props={0: {"red": ["property-kilimani"]}})
    with pytest.raises(engine.IllegalAction, match="Only wildcards"):
        act(state, "move_wildcard", 0, card=card(state, 0, "property-kilimani", "props"), colour="yellow")


def test_the_master_counts_as_any_colour_and_alone_charges_rent_for_one_card():
    state = table(2, hands={0: ["master", "rent-red-yellow"]}, banks={1: ["money-50"]})
    state, _ = act(state, "play_property", 0, card=card(state, 0, "master"), colour="red")
    # A lone Master as red: red's rent for 1 card, 20M.
    assert sets.rent_due(state, 0, "red") == 20
    state, events = act(state, "rent", 0, card=card(state, 0, "rent-red-yellow"), colour="red")
    assert events_of(events, "ActionPlayed")[0]["amount"] == 20


def test_two_masters_never_make_a_full_set_without_a_real_card():
    state = table(2, props={0: {"brown": ["master", "master"]}})
    # Brown's set size is 2, but both cards are Masters: no full set.
    assert sets.full_sets(state, 0, "brown") == 0
    state = table(2, props={0: {"brown": ["master", "property-kibera"]}})
    assert sets.full_sets(state, 0, "brown") == 1


def test_a_master_has_no_cash_value_and_cannot_pay():
    state = table(2, props={1: {"red": ["master"]}})
    assert sets.table_value(state, 1) == 0
    assert sets.payable(state, 1) == []


# ------------------------------------------------------------------------------ buildings
FULL_RED = {"red": ["property-ngong_road", "property-hurlingham", "property-kilimani"]}


def test_apartment_and_arcade_raise_a_full_sets_rent_by_30_and_40():
    state = table(2, props={0: FULL_RED}, hands={0: ["apartment", "arcade"]})
    with pytest.raises(engine.IllegalAction, match="Apartment first"):
        act(state, "arcade", 0, card=card(state, 0, "arcade"), colour="red")
    state, _ = act(state, "apartment", 0, card=card(state, 0, "apartment"), colour="red")
    # Full red: 60M; with an Apartment 60 + 30 = 90M.
    assert sets.rent_due(state, 0, "red") == 90
    state, events = act(state, "arcade", 0, card=card(state, 0, "arcade"), colour="red")
    # And an Arcade: 90 + 40 = 130M.
    assert sets.rent_due(state, 0, "red") == 130
    assert events_of(events, "BuildingAdded")[0]["card"] == "arcade"
    assert state.plays_left == 1


def test_buildings_need_a_full_set():
    state = table(2, props={0: {"red": ["property-ngong_road", "property-hurlingham"]}},
                  hands={0: ["apartment"]})
    with pytest.raises(engine.IllegalAction, match="full set"):
        act(state, "apartment", 0, card=card(state, 0, "apartment"), colour="red")


def test_only_one_apartment_and_one_arcade_per_set():
    state = table(2, props={0: FULL_RED}, hands={0: ["apartment", "arcade"]},
                  apartments={0: {"red": ["apartment"]}}, arcades={0: {"red": ["arcade"]}})
    with pytest.raises(engine.IllegalAction, match="one Apartment per set"):
        act(state, "apartment", 0, card=card(state, 0, "apartment"), colour="red")
    with pytest.raises(engine.IllegalAction, match="one Arcade per set"):
        act(state, "arcade", 0, card=card(state, 0, "arcade"), colour="red")


def test_a_second_full_set_takes_its_own_apartment():
    state = table(2, props={0: {"brown": ["property-kibera", "property-mathare",
                                          "wild-light_blue-brown", "master"]}},
                  hands={0: ["apartment", "apartment"]})
    state, _ = act(state, "apartment", 0, card=card(state, 0, "apartment"), colour="brown")
    state, _ = act(state, "apartment", 0, card=card(state, 0, "apartment"), colour="brown")
    assert len(state.apartments[0]["brown"]) == 2


def test_no_buildings_on_taxi_parks_or_utilities():
    state = table(2, props={0: {
        "taxi_park": ["property-kencom", "property-railways", "property-odeon", "property-ambassadeur"],
        "utility": ["property-kenya_power", "property-nairobi_water"]}},
        hands={0: ["apartment"]})
    for colour in ("taxi_park", "utility"):
        with pytest.raises(engine.IllegalAction, match="taxi parks or utilities"):
            act(state, "apartment", 0, card=card(state, 0, "apartment"), colour=colour)


def test_buildings_go_to_the_bank_when_their_set_stops_being_full():
    state = table(2, props={0: {"red": ["property-ngong_road", "property-hurlingham",
                                        "wild-red-yellow"]}},
                  apartments={0: {"red": ["apartment"]}}, arcades={0: {"red": ["arcade"]}})
    state, events = act(state, "move_wildcard", 0, card=card(state, 0, "wild-red-yellow", "props"),
                        colour="yellow")
    # Red drops to 2 cards: the Apartment (30M) and the Arcade (40M) become money in the bank.
    assert sorted(events_of(events, "BuildingsBanked")[0]["cards"]) == ["apartment", "arcade"]
    assert bank_faces(state, 0) == ["apartment", "arcade"]
    assert sets.bank_value(state, 0) == 70
    assert state.apartments[0] == {} and state.arcades[0] == {}
    assert sets.rent_due(state, 0, "red") == 30
