"""Mulodi: winning with 3 full sets of different colours, checked after every change
(decisions file, "Winning"), and the house end of a game with nothing left to draw."""

import pytest

import engine
from engine.mulodi import sets
from tests.engine.mulodi_helpers import RS, act, answer, card, events_of, table

BROWN = ["property-kibera", "property-mathare"]
DARK_BLUE = ["property-karen", "property-muthaiga"]
UTILITY = ["property-kenya_power", "property-nairobi_water"]


def test_winning_on_the_play_that_completes_the_third_set():
    state = table(2, hands={0: ["property-kilimani", "money-10"]},
                  props={0: {"brown": BROWN, "dark_blue": DARK_BLUE,
                             "red": ["property-ngong_road", "property-hurlingham"]}})
    state, events = act(state, "play_property", 0, card=card(state, 0, "property-kilimani"))
    finished = events_of(events, "GameFinished")[0]
    assert (finished["winner"], finished["termination"]) == (0, "three_sets")
    assert finished["full_sets"][0] == ["brown", "red", "dark_blue"]
    assert RS.outcome(state) == engine.Outcome("three_sets", 0)
    assert RS.pending(state) == () and list(RS.legal_actions(state, 0)) == []
    with pytest.raises(engine.GameOver):
        act(state, "bank", 0, card=card(state, 0, "money-10"))


def test_two_full_sets_of_one_colour_count_as_one_colour():
    state = table(2, hands={0: ["master"]},
                  props={0: {"brown": [*BROWN, "wild-light_blue-brown"], "dark_blue": DARK_BLUE}})
    state, _ = act(state, "play_property", 0, card=card(state, 0, "master"), colour="brown")
    assert sets.full_sets(state, 0, "brown") == 2
    assert RS.outcome(state) is None


def test_a_land_trade_can_complete_the_targets_third_set_on_the_actors_turn():
    state = table(2, hands={0: ["land_trade"]},
                  props={0: {"yellow": ["property-lavington"]},
                         1: {"brown": BROWN, "dark_blue": DARK_BLUE,
                             "yellow": ["property-westlands", "property-parklands"],
                             "green": ["property-runda"]}})
    state, _ = act(state, "land_trade", 0, card=card(state, 0, "land_trade"), target=1,
                   property=card(state, 1, "property-runda", "props"),
                   give=card(state, 0, "property-lavington", "props"))
    state, events = answer(state, 1, "accept")
    # Lavington completes seat 1's yellow: its third colour, on seat 0's turn.
    assert RS.outcome(state) == engine.Outcome("three_sets", 1)
    assert events_of(events, "GameFinished")[0]["winner"] == 1


def test_when_one_play_completes_third_sets_for_two_players_the_player_who_played_it_wins():
    state = table(2, hands={0: ["land_trade"]},
                  props={0: {"dark_blue": DARK_BLUE, "utility": UTILITY,
                             "yellow": ["property-westlands", "property-parklands"],
                             "brown": ["property-kibera"]},
                         1: {"red": ["property-ngong_road", "property-hurlingham", "property-kilimani"],
                             "orange": ["property-buruburu", "property-south_b", "property-south_c"],
                             "brown": ["property-mathare"], "yellow": ["property-lavington"]}})
    state, _ = act(state, "land_trade", 0, card=card(state, 0, "land_trade"), target=1,
                   property=card(state, 1, "property-lavington", "props"),
                   give=card(state, 0, "property-kibera", "props"))
    state, _ = answer(state, 1, "accept")
    # Seat 0: dark blue, utility, yellow. Seat 1: red, orange, brown. Seat 0 played it.
    assert len(sets.full_colours(state, 0)) == 3 and len(sets.full_colours(state, 1)) == 3
    assert RS.outcome(state) == engine.Outcome("three_sets", 0)


def test_a_payment_that_completes_the_receivers_third_set_wins_at_once():
    state = table(3, hands={0: ["wedding_meeting"]},
                  props={0: {"brown": BROWN, "dark_blue": DARK_BLUE, "utility": ["property-kenya_power"]},
                         1: {"utility": ["property-nairobi_water"], "green": ["property-runda"]},
                         2: {"red": ["property-kilimani"]}})
    state, _ = act(state, "wedding_meeting", 0, card=card(state, 0, "wedding_meeting"))
    state, _ = answer(state, 1, "accept")
    # 20M owed: seat 1 pays with Nairobi Water (20M), completing seat 0's utilities.
    state, events = answer(state, 1, "pay", cards=[card(state, 1, "property-nairobi_water", "props")])
    assert RS.outcome(state) == engine.Outcome("three_sets", 0)
    assert events_of(events, "Paid")[0]["to_properties"] == ["property-nairobi_water"]
    # Seat 2's window, still open, closes with the game.
    assert RS.pending(state) == ()


def test_moving_a_wildcard_can_win():
    state = table(2, props={0: {"brown": BROWN, "dark_blue": DARK_BLUE,
                                "red": ["property-ngong_road", "property-hurlingham"],
                                "yellow": ["wild-red-yellow"]}})
    state, _ = act(state, "move_wildcard", 0, card=card(state, 0, "wild-red-yellow", "props"),
                   colour="red")
    assert RS.outcome(state) == engine.Outcome("three_sets", 0)


def test_with_nothing_to_draw_a_quiet_round_ends_the_game_most_full_colours_first():
    state = table(2, props={0: {"brown": BROWN}, 1: {"red": ["property-kilimani"]}})
    # Every other card in seat 1's bank: nothing to draw, nothing in hand.
    state.banks[1], state.pile = state.pile, []
    state, _ = act(state, "end_turn", 0)
    assert RS.outcome(state) is None  # one quiet turn of 2
    state, events = act(state, "end_turn", 1)
    # Seat 0: 1 colour with a full set; seat 1: none, however rich its bank.
    assert RS.outcome(state) == engine.Outcome("stalemate", 0)
    assert events_of(events, "GameFinished")[0]["termination"] == "stalemate"


def test_a_turn_cap_when_the_table_sets_one():
    state = table(2, options={"max_turns": 2}, banks={1: ["money-10"]})
    state, _ = act(state, "end_turn", 0)
    state, _ = act(state, "end_turn", 1)
    # Nobody has a full set: the richer table (seat 1's 10M) wins.
    assert RS.outcome(state) == engine.Outcome("turn_cap", 1)


def _time_out(state):
    """The table ends the turn holder's idle turn (the service's timer, nobody acting)."""
    [turn] = RS.pending(state)
    return act(state, "timeout", turn.player, decision=turn.id)


def test_three_full_rounds_with_no_persons_move_end_an_abandoned_table_as_a_stalemate():
    # Decisions file, "Readings decided after the first conformance run": a table where no
    # person has made a move for three full rounds ends as a stalemate, whatever the pile
    # holds. 3 seats: 3 rounds are 9 turns, each ended by the table.
    state = table(3, props={1: {"brown": BROWN}}, banks={2: ["money-100"]})
    for _ in range(8):
        state, _ = _time_out(state)
    assert RS.outcome(state) is None and state.turn == 9
    state, events = _time_out(state)
    # The pile still holds cards (3 seats drew 2 or 5 a turn from a pile of about 100).
    assert len(state.pile) > 50
    # Seat 1 has a full set (brown, 2 cards); seat 2's 100M comes second to a full set.
    assert RS.outcome(state) == engine.Outcome("stalemate", 1)
    assert events_of(events, "GameFinished")[0]["termination"] == "stalemate"
    assert RS.pending(state) == ()


def test_a_persons_move_starts_the_three_rounds_again():
    state = table(2, banks={1: ["money-10"]})
    for _ in range(5):  # 5 turns of 6 (2 seats, 3 rounds) ended by the table
        state, _ = _time_out(state)
    # Seat 1 ends its own turn: a person's move (returning what the hand limit asks).
    [end] = [a for a in RS.legal_actions(state, 1) if a.type == "end_turn"][:1]
    state = RS.apply(state, end).state
    for _ in range(5):
        state, _ = _time_out(state)
    assert RS.outcome(state) is None
    state, _ = _time_out(state)
    # Nobody has a full set: the table value decides (seat 1's 10M).
    assert RS.outcome(state) == engine.Outcome("stalemate", 1)

