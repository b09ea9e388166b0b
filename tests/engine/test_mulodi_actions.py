"""Mulodi: every action card, with figures worked out by hand from the seed
(shared/seeds/004_e3b57fc1098b0004.txt, the action cards' texts) and the decisions file
("Plays", "Readings decided"). Each target accepts here; Neda chains are in
test_mulodi_neda.py, payments in test_mulodi_payment.py."""

import pytest

import engine
from engine.mulodi import sets
from engine.mulodi.cards import deck
from tests.engine.mulodi_helpers import (
    RS,
    act,
    answer,
    bank_faces,
    bank_total,
    card,
    decision,
    events_of,
    faces,
    prop_faces,
    table,
)

D = deck()


# ------------------------------------------------------------------------------ rent
def test_a_two_colour_rent_makes_all_other_players_pay_one_colours_rent():
    state = table(3, hands={0: ["rent-red-yellow"]},
                  props={0: {"red": ["property-ngong_road", "property-hurlingham"]}},
                  banks={1: ["money-50"], 2: ["money-10", "money-20"]})
    state, events = act(state, "rent", 0, card=card(state, 0, "rent-red-yellow"), colour="red")
    # 2 red cards: 30M from each of the 2 others.
    played = events_of(events, "ActionPlayed")[0]
    assert (played["amount"], played["targets"], played["colour"]) == (30, [1, 2], "red")
    assert [d.player for d in RS.pending(state)] == [1, 2]
    assert state.plays_left == 2 and faces(state.middle) == ["rent-red-yellow"]
    state, _ = answer(state, 1, "accept")
    state, _ = answer(state, 1, "pay", cards=[card(state, 1, "money-50", "bank")])
    state, events = answer(state, 2, "accept")
    # Seat 2's table (10 + 20 = 30M) is exactly the debt: it gives all of it.
    assert events_of(events, "Paid")[0]["paid"] == 30
    # No change: 50 + 10 + 20 = 80M in seat 0's bank.
    assert bank_total(state, 0) == 80 and bank_total(state, 1) == 0 and bank_total(state, 2) == 0
    assert RS.pending(state)[0].kind == "play" and RS.pending(state)[0].player == 0


def test_a_rent_needs_a_property_of_its_colour_in_front_of_you():
    state = table(2, hands={0: ["rent-red-yellow"]}, props={0: {"red": ["property-kilimani"]}})
    with pytest.raises(engine.IllegalAction, match="yellow property"):
        act(state, "rent", 0, card=card(state, 0, "rent-red-yellow"), colour="yellow")
    with pytest.raises(engine.IllegalAction, match="red or yellow"):
        act(state, "rent", 0, card=card(state, 0, "rent-red-yellow"), colour="green")


def test_a_multi_coloured_rent_makes_one_chosen_player_pay_any_of_your_colours():
    state = table(3, hands={0: ["multi_rent"]}, props={0: {"green": ["property-kileleshwa"]}},
                  banks={1: ["money-50"], 2: ["money-50"]})
    state, events = act(state, "multi_rent", 0, card=card(state, 0, "multi_rent"), colour="green",
                        target=2)
    # One green card: 20M, from seat 2 only.
    assert events_of(events, "ActionPlayed")[0]["amount"] == 20
    assert [(d.player, d.kind) for d in RS.pending(state)] == [(2, "respond")]
    alone = table(2, hands={0: ["multi_rent"]}, props={0: {"green": ["property-runda"]}})
    with pytest.raises(engine.IllegalAction, match="another player"):
        act(alone, "multi_rent", 0, card=card(alone, 0, "multi_rent"), colour="green", target=0)


def test_double_the_rent_doubles_and_two_doubles_make_it_four_times_each_a_play():
    dark_blue = {"dark_blue": ["property-karen", "property-muthaiga"]}
    state = table(2, hands={0: ["rent-dark_blue-green", "double_rent", "double_rent"]},
                  props={0: dark_blue}, banks={1: ["money-100", "money-50", "money-50"]})
    # A full dark blue set: 80M; one Double: 160M; two: 320M.
    one, events = act(state, "rent", 0, card=card(state, 0, "rent-dark_blue-green"),
                      colour="dark_blue", doubles=1)
    assert events_of(events, "ActionPlayed")[0]["amount"] == 160 and one.plays_left == 1
    two, events = act(state, "rent", 0, card=card(state, 0, "rent-dark_blue-green"),
                      colour="dark_blue", doubles=2)
    assert events_of(events, "ActionPlayed")[0]["amount"] == 320 and two.plays_left == 0
    assert faces(two.middle) == ["double_rent", "double_rent", "rent-dark_blue-green"]
    # With 2 plays left, a rent and two Doubles (3 plays) is refused.
    state.plays_left = 2
    with pytest.raises(engine.IllegalAction, match="3 plays"):
        act(state, "rent", 0, card=card(state, 0, "rent-dark_blue-green"), colour="dark_blue",
            doubles=2)


def test_double_the_rent_also_doubles_a_multi_coloured_rent():
    state = table(2, hands={0: ["multi_rent", "double_rent"]},
                  props={0: {"green": ["property-kileleshwa"]}}, banks={1: ["money-50"]})
    state, events = act(state, "multi_rent", 0, card=card(state, 0, "multi_rent"), colour="green",
                        target=1, doubles=1)
    # Green, 1 card: 20M, doubled: 40M.
    assert events_of(events, "ActionPlayed")[0]["amount"] == 40


def test_a_double_needs_a_double_the_rent_in_hand():
    state = table(2, hands={0: ["multi_rent"]}, props={0: {"green": ["property-kileleshwa"]}})
    with pytest.raises(engine.IllegalAction, match="Double the Rent"):
        act(state, "multi_rent", 0, card=card(state, 0, "multi_rent"), colour="green", target=1,
            doubles=1)


def test_rent_with_an_apartment_and_an_arcade():
    state = table(2, hands={0: ["rent-red-yellow"]},
                  props={0: {"red": ["property-ngong_road", "property-hurlingham", "property-kilimani"]}},
                  apartments={0: {"red": ["apartment"]}}, arcades={0: {"red": ["arcade"]}},
                  banks={1: ["money-100", "money-50"]})
    state, events = act(state, "rent", 0, card=card(state, 0, "rent-red-yellow"), colour="red")
    # 60 + 30 + 40 = 130M.
    assert events_of(events, "ActionPlayed")[0]["amount"] == 130


# ------------------------------------------------------------------------------ taking property
def test_land_grab_takes_a_property_not_from_a_full_set():
    state = table(2, hands={0: ["land_grab"]},
                  props={1: {"red": ["property-ngong_road", "property-hurlingham", "property-kilimani"],
                             "yellow": ["property-westlands"]}})
    with pytest.raises(engine.IllegalAction, match="full set"):
        act(state, "land_grab", 0, card=card(state, 0, "land_grab"), target=1,
            property=card(state, 1, "property-kilimani", "props"))
    state, _ = act(state, "land_grab", 0, card=card(state, 0, "land_grab"), target=1,
                   property=card(state, 1, "property-westlands", "props"))
    state, events = answer(state, 1, "accept")
    assert events_of(events, "PropertyTaken")[0]["card"] == "property-westlands"
    assert prop_faces(state, 0, "yellow") == ["property-westlands"]
    assert prop_faces(state, 1, "yellow") == []


def test_land_grab_may_take_the_card_of_a_second_unfinished_set():
    state = table(2, hands={0: ["land_grab"]},
                  props={1: {"red": ["property-ngong_road", "property-hurlingham", "property-kilimani",
                                     "wild-red-yellow"]}})
    # The wildcard, laid last, is the second red set's only card: it may be taken; the full
    # set's cards may not.
    wild = card(state, 1, "wild-red-yellow", "props")
    assert [a.property for a in RS.legal_actions(state, 0) if a.type == "land_grab"] == [wild]
    state, _ = act(state, "land_grab", 0, card=card(state, 0, "land_grab"), target=1, property=wild)
    state, _ = answer(state, 1, "accept")
    # It keeps the colour it counted as.
    assert prop_faces(state, 0, "red") == ["wild-red-yellow"]
    assert sets.full_sets(state, 1, "red") == 1


def test_land_trade_swaps_one_of_yours_for_one_of_theirs_neither_from_a_full_set():
    state = table(2, hands={0: ["land_trade"]},
                  props={0: {"brown": ["property-kibera"],
                             "dark_blue": ["property-karen", "property-muthaiga"]},
                         1: {"yellow": ["property-westlands"],
                             "utility": ["property-kenya_power", "property-nairobi_water"]}})
    with pytest.raises(engine.IllegalAction, match="take a card from a full set"):
        act(state, "land_trade", 0, card=card(state, 0, "land_trade"), target=1,
            property=card(state, 1, "property-kenya_power", "props"),
            give=card(state, 0, "property-kibera", "props"))
    with pytest.raises(engine.IllegalAction, match="your full sets"):
        act(state, "land_trade", 0, card=card(state, 0, "land_trade"), target=1,
            property=card(state, 1, "property-westlands", "props"),
            give=card(state, 0, "property-karen", "props"))
    state, _ = act(state, "land_trade", 0, card=card(state, 0, "land_trade"), target=1,
                   property=card(state, 1, "property-westlands", "props"),
                   give=card(state, 0, "property-kibera", "props"))
    state, events = answer(state, 1, "accept")
    swapped = events_of(events, "PropertiesSwapped")[0]
    assert (swapped["got"], swapped["gave"]) == ("property-westlands", "property-kibera")
    assert prop_faces(state, 0, "yellow") == ["property-westlands"]
    assert prop_faces(state, 1, "brown") == ["property-kibera"]
    assert prop_faces(state, 0, "brown") == []


def test_yaaye_deal_takes_a_full_set_with_its_apartment_and_arcade():
    state = table(2, hands={0: ["yaaye_deal"]},
                  props={1: {"red": ["property-ngong_road", "property-hurlingham", "property-kilimani",
                                     "wild-red-yellow"]}},
                  apartments={1: {"red": ["apartment"]}}, arcades={1: {"red": ["arcade"]}})
    with pytest.raises(engine.IllegalAction, match="no full yellow set"):
        act(state, "yaaye_deal", 0, card=card(state, 0, "yaaye_deal"), target=1, colour="yellow")
    state, _ = act(state, "yaaye_deal", 0, card=card(state, 0, "yaaye_deal"), target=1, colour="red")
    state, events = answer(state, 1, "accept")
    taken = events_of(events, "SetTaken")[0]
    assert sorted(taken["cards"]) == ["property-hurlingham", "property-kilimani", "property-ngong_road"]
    assert sorted(taken["buildings"]) == ["apartment", "arcade"]
    # Seat 0 now charges 60 + 30 + 40 = 130M for red; seat 1 keeps the loose wildcard (20M).
    assert sets.rent_due(state, 0, "red") == 130
    assert prop_faces(state, 1, "red") == ["wild-red-yellow"] and sets.rent_due(state, 1, "red") == 20
    assert state.apartments[1] == {} and state.arcades[1] == {}


def test_yaaye_deal_can_take_the_second_of_two_full_sets():
    state = table(2, hands={0: ["yaaye_deal"]},
                  props={1: {"brown": ["property-kibera", "property-mathare",
                                       "wild-light_blue-brown", "master"]}},
                  apartments={1: {"brown": ["apartment"]}})
    state, _ = act(state, "yaaye_deal", 0, card=card(state, 0, "yaaye_deal"), target=1,
                   colour="brown", set=1)
    state, events = answer(state, 1, "accept")
    # Set 1 (the second set, anchored by Mathare) has no Apartment: set 0 keeps it.
    assert events_of(events, "SetTaken")[0]["buildings"] == []
    assert sets.full_sets(state, 0, "brown") == 1 and sets.full_sets(state, 1, "brown") == 1
    assert len(state.apartments[1]["brown"]) == 1


# ------------------------------------------------------------------------------ money demands
def test_banja_demands_50_from_one_player():
    state = table(3, hands={0: ["banja"]}, banks={1: ["money-20", "money-40"], 2: ["money-50"]})
    state, _ = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
    assert decision(state, 1, "respond") and [d.player for d in RS.pending(state)] == [1]
    state, _ = answer(state, 1, "accept")
    state, events = answer(state, 1, "pay", cards=[card(state, 1, "money-20", "bank"),
                                                   card(state, 1, "money-40", "bank")])
    # 20 + 40 = 60M for a 50M debt: no change.
    assert events_of(events, "Paid")[0]["debt"] == 50 and events_of(events, "Paid")[0]["paid"] == 60
    assert bank_total(state, 0) == 60 and bank_total(state, 2) == 50


def test_a_wedding_meeting_makes_every_other_player_pay_20():
    state = table(4, hands={0: ["wedding_meeting"]},
                  banks={1: ["money-20"], 2: ["money-20", "money-10"], 3: ["money-40"]})
    state, _ = act(state, "wedding_meeting", 0, card=card(state, 0, "wedding_meeting"))
    assert [d.player for d in RS.pending(state)] == [1, 2, 3]
    state, _ = answer(state, 1, "accept")  # 20M is its whole table: paid at once
    state, _ = answer(state, 2, "accept")
    state, _ = answer(state, 2, "pay", cards=[card(state, 2, "money-20", "bank")])
    state, _ = answer(state, 3, "accept")
    state, _ = answer(state, 3, "pay", cards=[card(state, 3, "money-40", "bank")])
    # 20 + 20 + 40 (no change) = 80M.
    assert bank_total(state, 0) == 80
    assert bank_faces(state, 2) == ["money-10"]


# ------------------------------------------------------------------------------ for yourself
def test_yongeza_draws_2_and_more_than_one_may_be_played_a_turn():
    state = table(2, hands={0: ["yongeza", "yongeza"]},
                  pile=["money-10", "money-20", "money-30", "money-40"])
    state, events = act(state, "yongeza", 0, card=card(state, 0, "yongeza"))
    assert events_of(events, "CardsDrawn")[0]["count"] == 2
    state, _ = act(state, "yongeza", 0, card=card(state, 0, "yongeza"))
    assert faces(state.hands[0]) == ["money-10", "money-20", "money-30", "money-40"]
    assert state.plays_left == 1 and faces(state.middle).count("yongeza") >= 2
    assert RS.pending(state)[0].kind == "play"


def test_every_action_card_may_be_banked_as_money():
    cards = ["yaaye_deal", "neda", "land_grab", "land_trade", "banja", "wedding_meeting", "yongeza",
             "apartment", "arcade", "double_rent", "multi_rent", "rent-taxi_park-utility"]
    for face in cards:
        state = table(2, hands={0: [face]})
        state, _ = act(state, "bank", 0, card=card(state, 0, face))
        assert bank_faces(state, 0) == [face] and bank_total(state, 0) == D.value[D.face.index(face)]
