"""Mulodi: Neda chains as response decisions, worked out by hand from the seed
(shared/seeds/004_e3b57fc1098b0004.txt, "Neda: Play it at any time to cancel an action card
played against you. If the other player also has a Neda, they can use it to cancel yours")
and the decisions file ("Neda and response windows", "Plays": a Neda is never one of the 3
plays)."""

import pytest

import engine
from engine.mulodi.cards import deck
from tests.engine.mulodi_helpers import (
    RS,
    act,
    answer,
    bank_total,
    card,
    decision,
    events_of,
    faces,
    table,
)

D = deck()


def banja(hands0=(), hands1=(), bank1=("money-50",)):
    """Seat 0 plays a Banja (50M) on seat 1 (2 plays left after it)."""
    state = table(2, hands={0: ["banja", *hands0], 1: list(hands1)}, banks={1: list(bank1)})
    state, _ = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
    return state


def test_one_neda_cancels_the_card_for_its_target():
    state = banja(hands1=["neda"])
    d = RS.pending(state)[0]
    assert (d.player, d.kind, d.detail["action"], d.detail["amount"]) == (1, "respond", "banja", 50)
    assert {a.type for a in RS.legal_actions(state, 1)} == {"accept", "neda"}
    state, events = answer(state, 1, "neda")
    assert events_of(events, "NedaPlayed")[0]["nedas"] == 1
    # The actor may answer the Neda: its decision says a Neda was played against its card.
    d = RS.pending(state)[0]
    assert (d.player, d.kind, d.detail["against"], d.detail["by"]) == (0, "respond", "neda", 1)
    assert [a.type for a in RS.legal_actions(state, 0)] == ["accept"]  # no Neda in hand
    state, events = answer(state, 0, "accept")
    assert events_of(events, "ActionCancelled")[0]["target"] == 1
    assert bank_total(state, 1) == 50 and bank_total(state, 0) == 0
    assert faces(state.middle) == ["banja", "neda"]
    # The Banja was a play; the Neda was not one of seat 1's (it is not even its turn).
    assert state.plays_left == 2 and RS.pending(state)[0].kind == "play"


def test_two_nedas_the_actor_cancels_the_cancel_and_the_card_stands():
    state = banja(hands0=["neda"], hands1=["neda"])
    state, _ = answer(state, 1, "neda")
    state, events = answer(state, 0, "neda")
    assert events_of(events, "NedaPlayed")[0] == {
        "type": "NedaPlayed", "player": 0, "against": 1, "target": 1, "nedas": 2, "action": "banja"}
    # The actor's Neda is not one of its plays: still 2 left.
    assert state.plays_left == 2
    # Seat 1 decides again; with no Neda left it accepts and the Banja stands: 50M owed,
    # its 50M table pays it at once.
    assert [a.type for a in RS.legal_actions(state, 1)] == ["accept"]
    state, events = answer(state, 1, "accept")
    assert events_of(events, "Paid")[0]["paid"] == 50
    assert bank_total(state, 0) == 50
    assert faces(state.middle) == ["banja", "neda", "neda"]


def test_three_nedas_the_card_is_cancelled():
    state = banja(hands0=["neda"], hands1=["neda", "neda"])
    state, _ = answer(state, 1, "neda")
    state, _ = answer(state, 0, "neda")
    state, _ = answer(state, 1, "neda")
    d = RS.pending(state)[0]
    assert (d.player, d.detail["nedas"]) == (0, 3)
    state, events = answer(state, 0, "accept")
    assert events_of(events, "ActionCancelled")
    assert bank_total(state, 1) == 50 and bank_total(state, 0) == 0
    # All 3 Nedas of the deck are in the middle, with the Banja.
    assert faces(state.middle) == ["banja", "neda", "neda", "neda"]


def test_a_wedding_meeting_against_three_players_with_one_neda():
    state = table(4, hands={0: ["wedding_meeting"], 1: ["neda"]},
                  banks={1: ["money-20"], 2: ["money-20"], 3: ["money-50"]},
                  options={"response_window_seconds": 60})
    state, _ = act(state, "wedding_meeting", 0, card=card(state, 0, "wedding_meeting"))
    pending = RS.pending(state)
    # Three chains, three decisions, each with its own id and a 60-second response window.
    assert [(d.player, d.kind) for d in pending] == [(1, "respond"), (2, "respond"), (3, "respond")]
    assert len({d.id for d in pending}) == 3
    assert {(d.deadline.kind, d.deadline.setting, d.deadline.seconds) for d in pending} == {
        ("response_window", "response_window_seconds", 60)}
    # While the windows are open the actor waits.
    with pytest.raises(engine.NotYourDecision, match="still answering"):
        act(state, "end_turn", 0)
    # Each chain resolves on its own: seat 2 accepts and pays first.
    state, events = answer(state, 2, "accept")
    assert events_of(events, "Paid")[0]["paid"] == 20
    state, _ = answer(state, 1, "neda")
    state, _ = answer(state, 3, "accept")
    state, _ = answer(state, 3, "pay", cards=[card(state, 3, "money-50", "bank")])
    assert [(d.player, d.kind) for d in RS.pending(state)] == [(0, "respond")]
    state, _ = answer(state, 0, "accept")
    # Seat 0 collected 20 (seat 2) + 50 (seat 3, no change) = 70M; seat 1 paid nothing.
    assert bank_total(state, 0) == 70 and bank_total(state, 1) == 20
    assert RS.pending(state)[0].kind == "play" and state.plays_left == 2


def test_a_neda_is_only_an_answer_on_your_own_turn_it_can_be_banked():
    state = table(2, hands={0: ["neda"]})
    assert [a.type for a in RS.legal_actions(state, 0)] == ["bank", "end_turn"]


def test_only_the_holder_answers_a_decision():
    state = banja(hands1=["neda"], bank1=("money-50", "money-10"))
    d = decision(state, 1, "respond")
    with pytest.raises(engine.NotYourDecision):
        act(state, "accept", 0, decision=d)
    with pytest.raises(engine.NotYourDecision, match="not pending"):
        act(state, "accept", 1, decision=d + 5)
    state2, _ = answer(state, 1, "accept")
    with pytest.raises(engine.IllegalAction, match="asks for a payment"):
        act(state2, "neda", 1, decision=decision(state2, 1, "pay"))


def test_a_neda_needs_a_neda_in_hand():
    state = banja(hands1=["banja"])
    with pytest.raises(engine.IllegalAction, match="no Neda"):
        answer(state, 1, "neda")


def test_when_a_window_passes_the_table_answers_no_neda():
    state = banja(hands1=["neda"], bank1=("money-50",))
    d = RS.pending(state)[0]
    timeout = RS.deadline_action(state, d, 0)
    assert (timeout.type, timeout.player, timeout.decision) == ("timeout", 1, d.id)
    state, events = RS.apply(state, timeout).state, RS.apply(state, timeout).events
    assert events_of(events, "TimedOut")[0]["kind"] == "respond"
    # No Neda for the absent player: the Banja stands, its 50M table pays it all.
    assert bank_total(state, 0) == 50 and faces(state.hands[1]) == ["neda"]
    # A decision no longer pending gets no table action.
    assert RS.deadline_action(state, d, 0) is None


def test_decision_details_say_who_played_what_and_what_it_costs():
    state = table(3, hands={0: ["land_trade"]},
                  props={0: {"brown": ["property-kibera"]}, 2: {"yellow": ["property-westlands"]}})
    state, _ = act(state, "land_trade", 0, card=card(state, 0, "land_trade"), target=2,
                   property=card(state, 2, "property-westlands", "props"),
                   give=card(state, 0, "property-kibera", "props"))
    d = RS.pending(state)[0]
    assert d.detail == {"action": "land_trade", "card": "land_trade", "by": 0, "target": 2,
                        "nedas": 0, "colour": "yellow", "property": "property-westlands",
                        "give": "property-kibera"}
