"""Deal, dice, movement, Payday, revolutions and turn order.

Figures are the guide's (shared/seeds/000_fe1744ded917b034.txt, "Quick Facts" and "Flow of
play"), worked out by hand here.
"""

import pytest

import engine
from tests.engine.helpers import act, drive, events_of, game, total_money


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
