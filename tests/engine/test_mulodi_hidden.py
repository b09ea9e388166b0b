"""Mulodi: hidden information (decisions file, "Hidden information": a player's hand, the draw
pile and its order are hidden; views show each hand only to its owner and everyone's card
counts to all; the event log never reveals a card before it is played; a Neda held in hand is
invisible until played), and redeterminize."""

import json
import random
from collections import Counter

from engine.mulodi.cards import card_id, deck
from tests.engine.mulodi_helpers import RS, act, card, table

D = deck()


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True)


def test_each_seat_sees_its_own_hand_counts_of_the_others_and_the_whole_table():
    state = table(3, hands={0: ["neda", "money-10"], 1: ["banja"], 2: []},
                  banks={1: ["money-50"]}, props={2: {"red": ["property-kilimani"]}},
                  middle=["yongeza"])
    mine = RS.view(state, 0)
    assert sorted(c["face"] for c in mine["hand"]) == ["money-10", "neda"]
    assert [s["hand_count"] for s in mine["seats"]] == [2, 1, 0]
    assert mine["seats"][1]["bank"][0]["face"] == "money-50"
    assert mine["seats"][2]["properties"]["red"]["rent"] == 20
    assert mine["middle"]["top"]["face"] == "yongeza" and mine["draw_pile"] == len(state.pile)
    other = RS.view(state, 1)
    assert [c["face"] for c in other["hand"]] == ["banja"]
    # Seat 0's Neda appears nowhere in what seat 1 or a spectator reads.
    for viewer in (1, 2, None):
        text = dumps(RS.view(state, viewer))
        assert '"neda"' not in text and card_id(state.hands[0][0]) not in text
    assert RS.view(state, None)["hand"] is None


def test_no_view_shows_the_seed_the_draw_order_or_a_hidden_card():
    state = table(2, seed=73_910_123_456_789, hands={0: ["money-10"], 1: ["money-20"]})
    for viewer in (0, 1, None):
        text = dumps(RS.view(state, viewer))
        hidden = RS.secrets(state, viewer)
        assert str(state.seed) in hidden and not [s for s in hidden if f'"{s}"' in text]


def test_cards_drawn_are_shown_to_the_drawer_only():
    state = table(2, hands={0: ["money-10"], 1: ["money-20"]}, pile=["neda", "arcade"])
    state, events = act(state, "end_turn", 0)
    drawn = next(e for e in events if e["type"] == "CardsDrawn")
    assert sorted(RS.event_view(drawn, 1)["cards"]) == ["arcade", "neda"]
    for viewer in (0, None):
        assert RS.event_view(drawn, viewer) == {"type": "CardsDrawn", "player": 1, "count": 2,
                                                "reason": "turn"}


def test_events_name_cards_by_face_never_by_id():
    state = table(2, hands={0: ["money-10"]})
    hidden_id = card(state, 0, "money-10")
    state, events = act(state, "bank", 0, card=hidden_id)
    assert hidden_id not in dumps(events)
    assert events[0] == {"type": "CardBanked", "player": 0, "card": "money-10", "value": 10}


def test_redeterminize_resamples_the_other_hands_and_the_pile_keeping_what_the_seat_sees():
    state = table(3, hands={0: ["neda", "money-10"], 1: ["banja", "yongeza", "arcade"],
                            2: ["land_grab"]}, banks={2: ["money-50"]})
    stored = RS.dump_state(state)
    other = RS.redeterminize(state, 0, random.Random(4))
    assert other.hands[0] == state.hands[0]
    assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
    assert len(other.pile) == len(state.pile)
    # The other hands and the pile hold the same cards between them, dealt again.
    before = Counter(state.hands[1] + state.hands[2] + state.pile)
    after = Counter(other.hands[1] + other.hands[2] + other.pile)
    assert before == after and other.hands[1:] != state.hands[1:]
    assert other.banks == state.banks and other.props == state.props
    assert other.seed != state.seed
    assert dumps(RS.view(other, 0)) == dumps(RS.view(state, 0))
    assert RS.dump_state(state) == stored  # the original is untouched


def test_a_card_you_returned_stays_where_you_know_it_is():
    hand = ["money-10", "money-20", "money-30", "money-40", "money-50", "money-100",
            "neda", "arcade"]
    state = table(2, hands={0: hand})
    state, _ = act(state, "end_turn", 0, returned=[card(state, 0, "arcade")])
    arcade = state.pile[0]
    assert D.face[arcade] == "arcade"
    for k in range(5):
        seen_by_0 = RS.redeterminize(state, 0, random.Random(k))
        assert seen_by_0.pile[0] == arcade
    moved = [RS.redeterminize(state, 1, random.Random(k)).pile[0] for k in range(8)]
    assert any(c != arcade for c in moved)  # seat 1 does not know where it went
