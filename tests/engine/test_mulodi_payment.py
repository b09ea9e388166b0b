"""Mulodi: paying, with figures worked out by hand from the seed
(shared/seeds/004_e3b57fc1098b0004.txt: "There is no change in the game. You pay with what
you have on the table. You cannot pay with cards still in your hand"; "If a player pays you
with a property, it becomes one of your properties") and the decisions file ("Paying"; the
house payment of "Neda and response windows")."""

import pytest

import engine
from engine.mulodi import payment, sets
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


def banja_on_1(**layout):
    """Seat 0 plays a Banja (50M) on seat 1, who accepts: seat 1 now chooses its payment."""
    hands = layout.pop("hands", {})
    state = table(2, hands={0: ["banja", *hands.get(0, [])], 1: hands.get(1, [])}, **layout)
    state, _ = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
    state, events = answer(state, 1, "accept")
    return state, events


def test_the_payer_chooses_and_gets_no_change():
    state, _ = banja_on_1(banks={1: ["money-100", "money-20", "money-30"]})
    # 50M owed: the payer may hand over the 100M card; nobody gives change.
    state, events = answer(state, 1, "pay", cards=[card(state, 1, "money-100", "bank")])
    paid = events_of(events, "Paid")[0]
    assert (paid["debt"], paid["paid"], paid["how"]) == (50, 100, "chosen")
    assert bank_total(state, 0) == 100 and bank_total(state, 1) == 50


def test_a_payment_short_of_the_debt_is_refused_while_the_table_has_more():
    state, _ = banja_on_1(banks={1: ["money-20", "money-10", "money-30"]})
    with pytest.raises(engine.IllegalAction, match="make 30M: the debt is 50M"):
        answer(state, 1, "pay", cards=[card(state, 1, "money-20", "bank"),
                                       card(state, 1, "money-10", "bank")])


def test_cards_in_hand_cannot_pay():
    state, _ = banja_on_1(banks={1: ["money-20", "money-40"]}, hands={1: ["money-100"]})
    with pytest.raises(engine.IllegalAction, match="in your hand"):
        answer(state, 1, "pay", cards=[card(state, 1, "money-100")])
    with pytest.raises(engine.IllegalAction, match="twice"):
        answer(state, 1, "pay", cards=[card(state, 1, "money-40", "bank")] * 2)


def test_properties_paid_go_to_the_property_section_money_to_the_bank():
    state, _ = banja_on_1(banks={1: ["money-20"]},
                          props={1: {"green": ["property-runda"], "red": ["wild-red-yellow"]}})
    # 20 (money) + 40 (Runda) = 60M >= 50M.
    state, events = answer(state, 1, "pay", cards=[card(state, 1, "money-20", "bank"),
                                                   card(state, 1, "property-runda", "props")])
    paid = events_of(events, "Paid")[0]
    assert (paid["to_bank"], paid["to_properties"]) == (["money-20"], ["property-runda"])
    assert bank_faces(state, 0) == ["money-20"]
    assert prop_faces(state, 0, "green") == ["property-runda"]
    assert prop_faces(state, 1, "red") == ["wild-red-yellow"]


def test_a_wildcard_paid_keeps_its_colour():
    state, _ = banja_on_1(props={1: {"red": ["wild-red-yellow"], "green": ["property-runda"]}})
    state, _ = answer(state, 1, "pay", cards=[card(state, 1, "wild-red-yellow", "props"),
                                              card(state, 1, "property-runda", "props")])
    assert prop_faces(state, 0, "red") == ["wild-red-yellow"]


def test_a_table_worth_less_than_the_debt_gives_everything_and_owes_nothing_more():
    state, events = banja_on_1(banks={1: ["money-10"]}, props={1: {"brown": ["property-kibera"],
                                                                   "red": ["master"]}},
                               hands={1: ["money-100"]})
    # 10 + 10 = 20M < 50M: both cards go at once, no payment decision; the Master (no cash
    # value) stays, and so does the hand.
    paid = events_of(events, "Paid")[0]
    assert (paid["paid"], paid["how"]) == (20, "everything")
    assert bank_total(state, 0) == 10 and prop_faces(state, 0, "brown") == ["property-kibera"]
    assert prop_faces(state, 1, "red") == ["master"] and faces(state.hands[1]) == ["money-100"]
    assert RS.pending(state)[0].kind == "play" and RS.pending(state)[0].player == 0


def test_a_target_with_nothing_to_pay_with_is_not_asked():
    state = table(3, hands={0: ["wedding_meeting"]}, banks={2: ["money-20"]},
                  props={1: {"red": ["master"]}})
    state, events = act(state, "wedding_meeting", 0, card=card(state, 0, "wedding_meeting"))
    # Seat 1 has only a Master: nothing to pay with, so no window; seat 2 is asked.
    assert events_of(events, "Paid")[0]["payer"] == 1 and events_of(events, "Paid")[0]["paid"] == 0
    assert [d.player for d in RS.pending(state)] == [2]


def test_paying_with_a_property_breaks_a_set_and_its_apartment_goes_to_the_payers_bank():
    state, _ = banja_on_1(props={1: {"dark_blue": ["property-karen", "property-muthaiga"]}},
                          apartments={1: {"dark_blue": ["apartment"]}}, banks={1: ["money-10"]})
    state, events = answer(state, 1, "pay", cards=[card(state, 1, "property-karen", "props"),
                                                   card(state, 1, "money-10", "bank")])
    assert events_of(events, "BuildingsBanked")[0]["player"] == 1
    assert bank_faces(state, 1) == ["apartment"]


def test_paying_with_properties_that_complete_the_receivers_set():
    state, _ = banja_on_1(props={0: {"dark_blue": ["property-karen"]},
                                 1: {"dark_blue": ["property-muthaiga"], "brown": ["property-kibera"]}},
                          banks={1: ["money-10"]})
    assert sets.full_colours(state, 0) == []
    # Muthaiga (40M) + the 10M: 50M; Muthaiga completes seat 0's dark blue set.
    state, _ = answer(state, 1, "pay", cards=[card(state, 1, "property-muthaiga", "props"),
                                              card(state, 1, "money-10", "bank")])
    assert sets.full_colours(state, 0) == ["dark_blue"]
    assert sets.rent_due(state, 0, "dark_blue") == 80


# ------------------------------------------------------------------------------ the house payment
def test_house_payment_the_bank_cards_that_overpay_least():
    state = table(2, banks={1: ["money-10", "money-50", "money-20"]})
    # 30M owed: 10 + 20 = 30 pays exactly; 50 alone would overpay by 20.
    assert faces(payment.house_payment(state, 1, 30)) == ["money-10", "money-20"]


def test_house_payment_ties_go_to_fewer_cards():
    state = table(2, banks={1: ["money-10", "money-10", "money-10", "money-30"]})
    # 30M owed: 10 + 10 + 10 and 30 both pay exactly; the single card wins.
    assert faces(payment.house_payment(state, 1, 30)) == ["money-30"]


def test_house_payment_with_a_short_bank_then_loose_properties_lowest_first():
    state = table(2, banks={1: ["money-10"]},
                  props={1: {"brown": ["property-kibera"], "yellow": ["property-westlands"],
                             "dark_blue": ["property-karen", "property-muthaiga"]}})
    # 50M owed, the bank holds 10M: the whole bank (10), then loose properties lowest first:
    # Kibera (10M, total 20), Westlands (30M, total 50). The full dark blue set is untouched.
    assert faces(payment.house_payment(state, 1, 50)) == ["money-10", "property-kibera",
                                                          "property-westlands"]


def test_house_payment_takes_buildings_before_breaking_a_full_set():
    state = table(2, props={1: {"brown": ["property-kibera"],
                                "red": ["property-ngong_road", "property-hurlingham", "property-kilimani"]}},
                  apartments={1: {"red": ["apartment"]}})
    # 60M owed, empty bank: Kibera (10), the Apartment (30: 40), then the full set's cards
    # lowest value first (all 30M: the first in the deck, Ngong Road): 70 >= 60.
    chosen = [D.face[c] for c in payment.house_payment(state, 1, 60)]
    assert chosen == ["property-kibera", "apartment", "property-ngong_road"]


def test_a_payment_deadline_pays_by_the_house_rule():
    state, _ = banja_on_1(banks={1: ["money-100", "money-20", "money-30"]})
    d = decision(state, 1, "pay")
    timeout = RS.deadline_action(state, next(x for x in RS.pending(state) if x.id == d), 0)
    state, events = act(state, "timeout", 1, decision=timeout.decision)
    # 50M owed: 20 + 30 = 50 exactly (100 would overpay by 50).
    paid = events_of(events, "Paid")[0]
    assert (paid["paid"], paid["how"]) == (50, "table")
    assert bank_faces(state, 1) == ["money-100"]
