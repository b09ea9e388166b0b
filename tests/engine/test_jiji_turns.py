"""Turns, GO, doubles and jail (rulebook "How to Play", "Jail"; decisions "Readings decided").
Figures by hand: salary 2M (decisions), stadium bonus 1M, fine 500k (rulebook)."""

import pytest

import engine
from tests.engine.jiji_helpers import (
    SPACE,
    act,
    at,
    events_of,
    game,
    legal_types,
    own,
    total_money,
    turn_phase,
)


def test_a_roll_moves_by_the_sum_of_two_dice_and_plays_the_space():
    state = game(2, dice=[[2, 3]])
    state, events = act(state, "roll")
    assert state.players[0].pos == 5  # an Auction space
    assert events_of(events, "DiceRolled")[0]["dice"] == [2, 3]
    assert state.phase == "turn" and state.auction_space


def test_passing_go_pays_the_2m_salary():
    state = game(2, dice=[[3, 4]])
    at(state, 0, 36)
    state, events = act(state, "roll")
    assert state.players[0].pos == 3
    assert state.players[0].cash == 37_700_000 + 2_000_000
    assert events_of(events, "PassedGo")[0]["salary"] == 2_000_000


def test_landing_on_go_pays_the_salary_too():
    state = game(2, dice=[[2, 2], [1, 2]])
    at(state, 0, 36)
    state, _ = act(state, "roll")
    assert state.players[0].pos == 0 and state.players[0].cash == 39_700_000


def test_each_stadium_adds_1m_at_go():
    state = game(2, dice=[[3, 4]])
    own(state, 0, "Mukuru", "Korogocho", "Kasarani", "Roysambu")
    state.districts[SPACE["Mukuru"]].stadium = True
    state.districts[SPACE["Kasarani"]].stadium = True
    at(state, 0, 36)
    state, events = act(state, "roll")
    assert state.players[0].cash == 37_700_000 + 2_000_000 + 2 * 1_000_000
    assert events_of(events, "PassedGo")[0]["bonus"] == 2_000_000


def test_a_double_obliges_another_roll_and_the_turn_ends_after_a_plain_roll():
    state = game(2, dice=[[1, 1], [2, 4]])
    state, _ = act(state, "roll")  # to 2, a Building Permit with options
    state, _ = act(state, "place_permit", district=SPACE["Mukuru"], building="school")
    assert state.again
    assert "end_turn" not in legal_types(state, 0)
    with pytest.raises(engine.IllegalAction):
        act(state, "end_turn")
    state, _ = act(state, "roll")  # 2 + 6 = 8, Kariobangi, unowned
    state, _ = act(state, "buy")
    assert not state.again and "end_turn" in legal_types(state, 0)
    state, events = act(state, "end_turn")
    assert state.cur == 1 and events_of(events, "TurnStarted")[0]["player"] == 1


def test_three_doubles_in_a_row_send_the_player_to_jail_and_end_the_turn():
    state = game(2, dice=[[1, 1], [2, 2], [3, 3]])
    own(state, 0, "Mukuru", "Kariobangi")  # nothing to decide on the way
    state.supply = {k: 0 for k in state.supply}
    state, _ = act(state, "roll")  # 2: permit unused (no supply)
    state, _ = act(state, "roll")  # 6: Dandora, unowned
    state, _ = act(state, "buy")
    cash = state.players[0].cash
    state, events = act(state, "roll")  # the third double
    p = state.players[0]
    assert p.pos == 10 and p.jailed and events_of(events, "Jailed")[0]["reason"] == "three_doubles"
    assert p.cash == cash and state.cur == 1
    assert not events_of(events, "Moved")


def test_the_turn_passes_over_bankrupt_seats():
    state = game(3, dice=[[2, 3]])
    state.players[1].out = True
    state, _ = act(state, "roll")
    state, _ = act(state, "end_turn")
    assert state.cur == 2


# ---------------------------------------------------------------------- jail
def jailed(dice=None, tries=0):
    state = game(2, dice=dice)
    at(state, 0, 10)
    state.players[0].jailed = True
    state.players[0].tries = tries
    return state


def test_go_to_jail_sends_the_player_to_jail_without_salary_and_ends_the_turn():
    state = game(2, dice=[[4, 5]])
    at(state, 0, 21)
    own(state, 1, "Kasarani")
    state, events = act(state, "roll")
    p = state.players[0]
    assert p.pos == 10 and p.jailed and state.cur == 1
    assert p.cash == 37_700_000 and events_of(events, "Jailed")[0]["reason"] == "go_to_jail"


def test_paying_the_500k_fine_then_rolling_moves_the_player_the_same_turn():
    state = jailed(dice=[[2, 3]])
    before = total_money(state)
    state, _ = act(state, "pay_fine")
    assert not state.players[0].jailed and state.players[0].cash == 37_200_000
    state, _ = act(state, "roll")
    assert state.players[0].pos == 15 and total_money(state) == before


def test_a_get_out_of_jail_card_frees_the_player_and_goes_to_the_discard():
    state = jailed(dice=[[2, 3]])
    state.pile.remove("c09")
    state.players[0].cards = ["c09"]
    state, events = act(state, "use_card")
    assert not state.players[0].jailed and state.players[0].cards == []
    assert state.discard == ["c09"] and events_of(events, "Released")[0]["how"] == "card"


def test_a_double_frees_and_moves_the_player_without_an_extra_roll():
    state = jailed(dice=[[3, 3]])
    state, events = act(state, "roll")
    assert not state.players[0].jailed and state.players[0].pos == 16
    assert not state.again
    assert events_of(events, "Released")[0]["how"] == "double"


def test_a_miss_keeps_the_player_in_jail_where_they_may_still_build():
    state = jailed(dice=[[1, 2]])
    own(state, 0, "Kasarani")
    state, _events = act(state, "roll")
    assert state.players[0].jailed and state.players[0].pos == 10
    assert state.players[0].tries == 1 and state.phase == "turn"
    assert "construction" in legal_types(state, 0)


def test_after_three_turns_without_a_double_the_player_pays_500k_and_moves_by_the_last_roll():
    state = jailed(dice=[[1, 2]], tries=2)
    state, events = act(state, "roll")
    p = state.players[0]
    assert not p.jailed and p.pos == 13 and p.cash == 37_200_000
    assert events_of(events, "Released")[0]["how"] == "third_turn"


def test_a_jailed_player_still_collects_rent():
    state = game(2, first=1, dice=[[2, 4]])
    at(state, 0, 10)
    state.players[0].jailed = True
    own(state, 0, "Industrial Area")
    at(state, 1, "Kariobangi")
    state, _ = act(state, "roll", 1)
    assert state.players[0].cash == 37_700_000 + 140_000


def test_the_fine_needs_the_cash_and_the_card_needs_a_card():
    state = jailed()
    assert {"pay_fine", "roll"} <= legal_types(state, 0)
    assert "use_card" not in legal_types(state, 0)
    state.players[0].cash = 400_000
    state.bank += 37_300_000
    assert "pay_fine" not in legal_types(state, 0)
    with pytest.raises(engine.IllegalAction):
        act(state, "pay_fine")


def test_only_the_turn_holder_acts():
    state = game(2)
    with pytest.raises(engine.NotYourDecision):
        act(state, "roll", 1)
    turn_phase(state, 0, "turn")
    with pytest.raises(engine.IllegalAction):
        act(state, "roll", 0)
