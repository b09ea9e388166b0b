"""Deal, dice, movement, Payday, revolutions and turn order.

Figures are the guide's (shared/seeds/000_fe1744ded917b034.txt, "Quick Facts" and "Flow of
play"), worked out by hand here.
"""

import pytest

import engine
from tests.engine.helpers import act, drive, events_of, game, idle_action, total_money


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_each_player_two_million_on_payday_and_the_pool_six_million(players):
    state = game(players)
    assert [p.cash for p in state.players] == [2_000_000] * players
    assert [p.position for p in state.players] == [0] * players
    assert state.pool == 6_000_000
    assert state.decision.player == 0 and state.decision.kind == "turn"


@pytest.mark.parametrize("players", [0, 1, 5])
def test_tables_seat_two_to_four(players):
    with pytest.raises(engine.InvalidAction):
        engine.new_game("mtaani", [f"p{i}" for i in range(players)], 1)


def test_roll_moves_by_the_sum_of_two_dice():
    state = game(dice=[[2, 4]])
    state, events = act(state, "roll")
    assert events_of(events, "DiceRolled")[0]["dice"] == [2, 4]
    assert state.players[0].position == 6  # Kinoo


def test_passing_payday_pays_400_000_from_the_pool():
    # Rolls alternate p0, p1. p0: 0 -> 11 -> 22 -> 33 -> 44 -> 49 = tile 1 (passes Payday).
    # p1: 0 -> 3 -> 6 -> 9 -> 12. Every unowned property is declined (its base fee to the bank).
    dice = [[5, 6], [1, 2]] * 4 + [[2, 3]]
    state = game(dice=dice, mugging=[False] * 20)
    state, _ = drive(state, lambda s: s.players[0].position == 44 and s.decision.player == 0
                     and s.decision.kind == "turn")
    # Base fees declined so far by p0: NCWSC 4,000 + Pizza Inn 12,600 + Hurlingham 20,400 + Karen 40,000.
    assert state.players[0].cash == 2_000_000 - (4_000 + 12_600 + 20_400 + 40_000)
    pool = state.pool
    state, events = act(state, "roll")
    salary = [e for e in events_of(events, "Payment") if e["reason"] == "salary"]
    assert salary == [{"type": "Payment", "payer": "pool", "payee": 0, "amount": 400_000,
                       "reason": "salary"}]
    assert state.players[0].position == 1
    assert state.players[0].cash == 2_000_000 - 77_000 + 400_000
    assert state.pool == pool - 400_000
    assert total_money(state) == 10_000_000


def test_landing_exactly_on_payday_pays_800_000():
    # p0: 0 -> 11 -> 22 -> 33 -> 44 -> 48 = Payday exactly (a roll of 4).
    dice = [[5, 6], [1, 2]] * 4 + [[1, 3]]
    state = game(dice=dice, mugging=[False] * 20)
    state, _ = drive(state, lambda s: s.players[0].position == 44 and s.decision.player == 0
                     and s.decision.kind == "turn")
    cash = state.players[0].cash
    state, events = act(state, "roll")
    assert state.players[0].position == 0
    paid = [(e["reason"], e["amount"]) for e in events_of(events, "Payment")]
    assert paid == [("salary_landing", 800_000)]
    assert state.players[0].cash == cash + 800_000


def test_doubles_give_an_immediate_extra_turn():
    state = game(dice=[[3, 3], [1, 2]])
    state, events = act(state, "roll")        # 6: Kinoo
    state, events = act(state, "decline")
    assert events_of(events, "ExtraTurn") == [{"type": "ExtraTurn", "player": 0}]
    assert state.decision.player == 0 and state.decision.kind == "turn"
    state, _ = act(state, "roll")             # 6 + 3 = 9: Ngara
    state, _ = act(state, "decline")
    assert state.decision.kind == "end"


def test_end_turn_passes_to_the_next_seat_in_order():
    state = game(players=3, dice=[[1, 2], [1, 2], [1, 2]])
    seats = []
    for _ in range(3):
        seats.append(state.decision.player)
        state, _ = act(state, "roll")
        state, _ = act(state, "decline")
        state, _ = act(state, "end_turn")
    assert seats == [0, 1, 2]
    assert state.decision.player == 0 and state.turn == 4


def test_a_revolution_completes_once_every_active_player_has_passed_payday():
    # Both players pass Payday with 4 rolls of 12-ish: 0->11->22->33->44->7.
    # p0 passes Payday on its 5th roll (0 -> 11 -> 22 -> 33 -> 44 -> 7); p1 rolls 3 each time
    # and passes only after 16 rolls (48 / 3), completing the first revolution then.
    dice = [[5, 6], [1, 2]] * 4 + [[2, 3], [1, 2]] + [[1, 2], [1, 2]] * 12
    state = game(dice=dice, mugging=[False] * 60, arrest=[False] * 60)
    state, events = drive(state, lambda s: s.players[0].laps == 1)
    assert state.revolutions == 0 and state.players[0].passed_payday
    state, events = drive(state, lambda s: s.revolutions == 1)
    revolutions = events_of(events, "RevolutionCompleted")
    assert state.revolutions == 1
    assert revolutions[0]["revolution"] == 1
    assert [p.laps for p in state.players] == [1, 1]
    assert not any(p.passed_payday for p in state.players)


def test_scripted_dice_play_in_order_then_the_seed_takes_over_and_replays_identically():
    first = game(seed=99, dice=[[1, 1]])
    second = game(seed=99, dice=[[1, 1]])
    for _ in range(30):
        kind = first.decision.kind
        name = {"buy": "decline", "end": "end_turn", "turn": "roll", "deck": "choose_deck"}.get(kind)
        fields = {"deck": "mtaani"} if name == "choose_deck" else {}
        if name is None:
            break
        first, a = act(first, name, **fields)
        second, b = act(second, name, **fields)
        assert a == b
    assert first == second
    assert first.players[0].position != 0


def test_apply_never_changes_the_given_state():
    state = game(dice=[[2, 4]])
    before = state.model_copy(deep=True)
    engine.apply(state, {"type": "roll", "player": 0})
    assert state == before


def test_illegal_actions_say_why_and_change_nothing():
    state = game()
    before = state.model_copy(deep=True)
    with pytest.raises(engine.NotYourDecision, match="waiting for seat 0"):
        act(state, "roll", player=1)
    with pytest.raises(engine.IllegalAction, match="not now"):
        act(state, "end_turn", player=0)
    with pytest.raises(engine.InvalidAction):
        engine.apply(state, {"type": "fly", "player": 0})
    assert state == before


def test_legal_actions_at_the_start_roll_for_the_first_seat_and_only_free_actions_for_others():
    state = game()
    first = {a.type for a in engine.legal_actions(state, 0)}
    assert "roll" in first and "end_turn" not in first
    other = {a.type for a in engine.legal_actions(state, 1)}
    assert "roll" not in other and other <= {"set_trade_open", "propose_trade", "offer_loan"}


def test_lapping_the_table_twice_still_counts_one_revolution():
    state = game(dice=[[5, 6]])
    state.players[0].position = 40
    state.players[0].passed_payday = True  # p0 already passed Payday this revolution
    state, events = act(state, "roll")     # 40 + 11 = 51: past Payday again, to tile 3
    assert state.revolutions == 0 and events_of(events, "RevolutionCompleted") == []
    assert state.players[0].laps == 1
    state.players[1].position = 45
    state = drive(state, lambda s: s.decision.player == 1 and s.decision.kind == "turn")[0]
    state.scripted["dice"] = [[2, 3]]      # p1: 45 + 5 = 50, past Payday to tile 2
    state.scripted["mtaani"] = ["token-meter"]
    state.scripted["mugging"] = [False]
    state, events = act(state, "roll")
    assert [e["revolution"] for e in events_of(events, "RevolutionCompleted")] == [1]
    assert state.revolutions == 1


# ------------------------------------------------------------------------------- idle turns
def test_the_table_ends_an_idle_turn_by_rolling_declining_and_ending():
    state = game(dice=[[1, 2]], mugging=[False])
    action = idle_action(state)
    assert (action.type, action.player, action.decision) == ("timeout", 0, state.decision.id)
    result = engine.apply(state, action)
    state, events = result.state, result.events
    assert [e["type"] for e in events if e["type"] in
            ("TurnTimedOut", "DiceRolled", "PropertyDeclined", "TurnEnded")] == [
        "TurnTimedOut", "DiceRolled", "PropertyDeclined", "TurnEnded"]
    # Declining Kibra pays its 1,300 base fee, as declining always does; nothing else is lost.
    assert [(e["amount"], e["reason"]) for e in events_of(events, "Payment")] == [(1_300, "fee")]
    assert state.decision.player == 1 and state.decision.kind == "turn"


def test_an_idle_turn_plays_out_its_doubles_before_ending():
    state = game(dice=[[3, 3], [1, 2]], mugging=[False, False])
    result = engine.apply(state, idle_action(state))
    state, events = result.state, result.events
    assert len(events_of(events, "DiceRolled")) == 2
    assert state.players[0].position == 9 and state.decision.player == 1


def test_an_idle_fortune_choice_draws_from_a_deck():
    state = game(dice=[[2, 3]])
    state.players[0].position = 14  # 14 + 5 = Fortune
    state, _ = act(state, "roll")
    assert state.decision.kind == "deck"
    result = engine.apply(state, idle_action(state))
    state, events = result.state, result.events
    assert events_of(events, "DeckChosen")[0]["deck"] in ("mtaani", "mathree")
    assert len(events_of(events, "CardDrawn")) == 1


def test_a_stale_timeout_is_refused():
    state = game(dice=[[1, 2]], mugging=[False])
    stale = idle_action(state)      # for the "turn" decision
    state, _ = act(state, "roll")          # the player acted in time: now the "buy" decision
    with pytest.raises(engine.IllegalAction, match="already been made"):
        engine.apply(state, stale)
    assert stale not in engine.legal_actions(state, 0)


def test_events_tell_the_turn_in_player_terms():
    # p0 rolls 1 + 2 onto p1's Kibra: who rolled what, who moved where, who paid whom how much
    # and why, and what the game waits for next.
    state = game(dice=[[1, 2]], mugging=[False])
    state.props[3].owner = 1
    state, events = act(state, "roll")
    assert events == [
        {"type": "DiceRolled", "player": 0, "dice": [1, 2], "doubles": False},
        {"type": "Moved", "player": 0, "start": 0, "end": 3, "steps": 3, "via": "dice"},
        {"type": "Payment", "payer": 0, "payee": 1, "amount": 1_300, "reason": "fee", "tile": 3},
        {"type": "DecisionPending", "player": 0, "kind": "end", "decision": 2},
    ]
    state, events = act(state, "end_turn")
    assert events == [
        {"type": "TurnEnded", "player": 0, "turn": 1},
        {"type": "TurnStarted", "player": 1, "turn": 2},
        {"type": "DecisionPending", "player": 1, "kind": "turn", "decision": 3},
    ]


def test_the_view_exposes_the_revolution_count():
    state = game()
    assert engine.view(state, 0)["revolutions"] == 0
    assert engine.view(state, 0)["derived"]["revolution"] == 1  # the one in progress
    state.revolutions = 7
    assert engine.view(state, None)["derived"]["revolution"] == 8
