"""Mulodi's guide (GET /rulesets/mulodi/guide), notifications and interface declarations."""

import json

import engine
from engine.mulodi.cards import deck
from tests.engine.mulodi_helpers import RS, act, card, table

D = deck()


def test_the_guide_lists_the_cards_counts_values_and_rents_from_the_data():
    guide = RS.guide()
    assert json.loads(json.dumps(guide)) == guide
    assert guide["deck_size"] == 106
    assert sum(c["count"] for c in guide["cards"]) == 106
    cards = {c["face"]: c for c in guide["cards"]}
    assert (cards["neda"]["count"], cards["neda"]["value"]) == (3, 40)
    assert (cards["yongeza"]["count"], cards["yongeza"]["value"]) == (10, 10)
    assert cards["master"]["value"] == 0 and cards["master"]["count"] == 2
    assert "Can also be banked as money." in cards["banja"]["text"]
    colours = {c["id"]: c for c in guide["colours"]}
    assert colours["dark_blue"]["rent"] == [30, 80] and colours["dark_blue"]["size"] == 2
    assert colours["taxi_park"]["properties"] == ["Kencom stage", "Railways stage", "Odeon stage",
                                                  "Ambassadeur stage"]
    assert colours["taxi_park"]["buildings"] is False
    text = " ".join(r["text"] for r in guide["rules"])
    for phrase in ("2 to 5 players", "Pick up 2 cards", "(5 if your hand is empty)",
                   "up to 3 cards", "more than 7 cards", "3 full sets of different colours",
                   "30M for an Apartment and 40M for an Arcade", "demands 50M",
                   "pay you 20M", "never one of your plays", "There is no change"):
        assert phrase in text, phrase


def test_notices_tell_a_target_who_played_what_and_what_it_costs():
    state = table(3, hands={0: ["banja"]}, banks={1: ["money-50", "money-10"]})
    state, events = act(state, "banja", 0, card=card(state, 0, "banja"), target=1)
    pending = next(e for e in events if e["type"] == "DecisionPending")
    names = ["Achieng", "Baraka", "Chebet"]
    notice = RS.notice(pending, 1, names, "18:00")
    assert notice.body == "Achieng played Banja on you: Neda or pay 50M by 18:00."
    assert RS.notice(pending, 2, names, "18:00") is None


def test_notices_of_a_counter_a_payment_a_turn_and_the_end():
    names = ["Achieng", "Baraka"]
    counter = {"type": "DecisionPending", "player": 0, "kind": "respond", "decision": 5,
               "detail": {"action": "banja", "card": "banja", "by": 1, "target": 1, "nedas": 1,
                          "amount": 50, "against": "neda"}}
    assert RS.notice(counter, 0, names).body == (
        "Baraka played a Neda against your Banja: Neda back or let it stand.")
    pay = {"type": "DecisionPending", "player": 1, "kind": "pay", "decision": 6,
           "detail": {"to": 0, "amount": 30}}
    assert RS.notice(pay, 1, names, "09:30").body == "Pay Achieng 30M from your table by 09:30."
    turn = {"type": "DecisionPending", "player": 1, "kind": "play", "decision": 7,
            "detail": {"plays_left": 3}}
    assert RS.notice(turn, 1, names).body == "Your turn: play up to 3 cards."
    finished = {"type": "GameFinished", "winner": 1, "termination": "three_sets"}
    assert RS.notice(finished, 1, names).body == "You won!"
    assert RS.notice(finished, 0, names).body == "Baraka won."


def test_every_deadline_setting_is_a_table_option_and_every_route_takes_json():
    options = RS.table_options.model_fields
    assert {"response_window_seconds", "idle_timeout_seconds"} <= set(options)
    assert RS.table_options().response_window_seconds == 86_400
    for cls in RS.actions:
        schema = cls.model_json_schema()
        assert schema.get("additionalProperties") is False
        assert "player" in schema["properties"]
    assert engine.game_of("mulodi") == "mulodi" and RS.title == "Mulodi"
