"""The end of the game, saved games and idle turns (rulebook "How to Play", "Time Limit",
"End of Game"; decisions "End", "Async play"; the brief's idle-turn rule). By hand: a 1-hour
clock started at T0 ends at T0 + 3,600; Industrial Area with 4 industrial blocks rents 3.5M."""

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
    set_cash,
    system,
    turn_phase,
)

T0 = 1_900_000_000
AREA = SPACE["Industrial Area"]


def clocked(**options):
    state = game(2, dice=[[1, 2]], end="clock", clock_seconds=3600, **options)
    assert not any(d.kind == "game_clock" for d in engine.pending(state))
    state, events = act(state, "roll", now=T0)  # to 3, Korogocho
    assert events_of(events, "ClockStarted")[0]["ends"] == T0 + 3600
    return state


def test_the_clock_starts_at_the_first_roll_and_is_the_tables_decision():
    state = clocked()
    clock = [d for d in engine.pending(state) if d.kind == "game_clock"]
    assert len(clock) == 1 and clock[0].player is None
    assert clock[0].deadline.kind == "game_clock" and clock[0].deadline.at == T0 + 3600
    assert clock[0].deadline.setting == "clock_seconds"
    assert engine.deadline_action(state, clock[0], T0 + 3600).type == "end_game"


def test_a_last_player_standing_table_has_no_clock():
    state = game(2, dice=[[1, 2]])
    state, _ = act(state, "roll", now=T0)
    assert state.clock_end is None
    assert not any(d.kind == "game_clock" for d in engine.pending(state))


def test_when_the_clock_runs_out_the_richest_by_cash_plus_rent_values_wins():
    state = clocked()
    own(state, 1, "Industrial Area", ind=4)
    own(state, 1, "Rosslyn")
    state.districts[SPACE["Rosslyn"]].mortgage = 400_000
    set_cash(state, 0, 40_000_000)
    set_cash(state, 1, 37_000_000)
    with pytest.raises(engine.IllegalAction):
        system(state, "end_game", now=T0 + 3599)
    state, events = system(state, "end_game", now=T0 + 3600)
    finished = events_of(events, "GameFinished")[0]
    assert finished["termination"] == "clock" and finished["winner"] == 1
    rows = {r["player"]: r for r in finished["standings"]}
    assert rows[1]["wealth"] == 37_000_000 + 3_500_000  # the mortgaged Rosslyn counts 0
    assert rows[0]["wealth"] == 40_000_000
    assert engine.outcome(state) == engine.Outcome("clock", 1)
    assert engine.pending(state) == ()


def test_equal_wealth_goes_to_more_cash_then_to_nobody():
    state = clocked()
    own(state, 1, "Industrial Area", ind=4)
    set_cash(state, 0, 40_000_000)
    set_cash(state, 1, 36_500_000)
    state, _ = system(state, "end_game", now=T0 + 3600)
    assert engine.outcome(state).winner == 0
    state = clocked()
    set_cash(state, 0, 40_000_000)
    set_cash(state, 1, 40_000_000)
    state, _ = system(state, "end_game", now=T0 + 3600)
    assert engine.outcome(state).winner is None


def test_the_game_ends_after_an_open_auction_closes():
    state = clocked()
    state.scripted["dice"] = []
    state, _ = act(state, "buy")
    state, _ = act(state, "end_turn")
    at(state, 1, 18)
    state.scripted["dice"] = [[1, 2]]
    state, _ = act(state, "roll", 1, now=T0 + 3000)  # Kasarani, unowned
    state, _ = act(state, "auction", 1, opening_bid=100_000, now=T0 + 3500)
    close = state.auction.close
    clock = next(d for d in engine.pending(state) if d.kind == "game_clock")
    assert clock.deadline.at == close > T0 + 3600
    with pytest.raises(engine.IllegalAction):
        system(state, "end_game", now=T0 + 3600)
    state, _ = act(state, "bid", 0, amount=200_000, now=T0 + 3700)  # bids go on
    ended, _ = system(state, "end_game", now=close)
    assert ended.districts[SPACE["Kasarani"]].owner == 0 and engine.outcome(ended).termination == "clock"
    closed, _ = system(state, "close_auction", now=close)  # or the auction's own timer
    assert engine.outcome(closed).termination == "clock"


def test_saving_stops_the_clocks_and_resuming_restarts_them_with_the_time_left():
    state = clocked(deal_seconds=600)
    state, _ = act(state, "auction", opening_bid=10_000, now=T0 + 100)
    state, _ = act(state, "bid", 1, amount=20_000, now=T0 + 110)
    rs = engine.get_ruleset("jiji")
    close = state.auction.close
    pause = rs.pause_action(state, T0 + 1000)
    state = engine.apply(state, pause).state
    assert engine.pending(state) == () and rs.pause_action(state, T0 + 1001) is None
    with pytest.raises(engine.IllegalAction):
        act(state, "bid", 0, amount=30_000, now=T0 + 1001)
    assert list(engine.legal_actions(state, 0)) == []
    resume = rs.resume_action(state, T0 + 5000)
    state = engine.apply(state, resume).state
    assert state.clock_end == T0 + 3600 + 4000 and state.auction.close == close + 4000
    assert rs.resume_action(state, T0 + 5001) is None


def test_a_saved_games_deal_keeps_its_time_left():
    state = game(2, deal_seconds=600)
    state, _ = act(state, "propose_deal", 0, to=1, give_cash=10_000, now=T0)
    state, _ = system(state, "pause", now=T0 + 100)
    state, _ = system(state, "resume", now=T0 + 1100)
    assert state.deals[0].expires == T0 + 1600


# ---------------------------------------------------------------------- idle turns
def test_the_table_rolls_for_an_idle_player_and_auctions_the_district_without_their_bid():
    state = game(3, dice=[[1, 2]])
    at(state, 0, 18)
    decision = engine.pending(state)[0]
    assert decision.deadline.kind == "idle_turn" and decision.deadline.seconds == 86_400
    action = engine.deadline_action(state, decision, T0)
    assert action.type == "idle_end"
    cash = state.players[0].cash
    state = engine.apply(state, action).state
    assert state.auction.space == SPACE["Kasarani"] and state.auction.bids == []
    assert state.players[0].cash == cash
    state, _ = system(state, "close_auction", now=state.auction.close)
    assert state.cur == 1  # the table ended the turn after the auction


def test_an_idle_turn_plays_out_its_doubles_and_chooses_nothing_optional():
    state = game(2, dice=[[1, 1], [2, 3]])
    own(state, 0, "Mukuru")
    state.pile.remove("c11")
    state.pile.insert(0, "c11")  # collect 500k
    state, events = system(state, "idle_end", player=0, decision=state.did, now=T0)
    # 2: a Building Permit (the table places nothing); the double obliges a roll: 2 + 5 = 7,
    # Chance (+500k); no Construction; the turn ends.
    assert events_of(events, "PermitUnused") and len(events_of(events, "DiceRolled")) == 2
    assert state.players[0].pos == 7 and state.players[0].cash == 38_200_000
    assert state.cur == 1
    assert all(d.permit is None for d in state.districts.values())
    assert not events_of(events, "ConstructionPressed")


def test_a_stale_idle_action_is_refused():
    state = game(2, dice=[[1, 2]])
    old = state.did
    state, _ = act(state, "roll")
    with pytest.raises(engine.IllegalAction):
        system(state, "idle_end", player=0, decision=old, now=T0)


def test_a_debt_waits_for_the_absent_player():
    state = game(2, first=1, dice=[[2, 4]])
    own(state, 0, "Industrial Area", ind=4)
    at(state, 1, "Kariobangi")
    set_cash(state, 1, 100_000)
    state, _ = system(state, "idle_end", player=1, decision=state.did, now=T0)
    pending = engine.pending(state)
    assert pending[0].kind == "debt"
    assert engine.deadline_action(state, pending[0], T0 + 10**6) is None
    assert not state.players[1].out


def test_the_turn_holder_acting_again_stops_the_table_playing_for_them():
    state = game(2)
    turn_phase(state, 0, "turn")
    state.auto = True
    state, _ = act(state, "end_turn")
    assert not state.auto and state.cur == 1
    assert "roll" in legal_types(state, 1)


def test_deals_do_not_restart_the_turn_holders_idle_clock():
    # Issue 15: only progress on the pending decision restarts its clock; proposing and
    # withdrawing deals over and over must not hold the table's idle deadline off.
    state = game(3)
    turn = engine.pending(state)[0]
    assert (turn.player, turn.kind) == (0, "roll")
    for _ in range(3):
        state, events = act(state, "propose_deal", 0, to=1, give_cash=10_000, now=T0)
        deal = events_of(events, "DealOffered")[0]["deal"]
        state, _ = act(state, "withdraw_deal", 0, deal=deal, now=T0)
    assert engine.pending(state)[0] == turn
    state, _ = act(state, "roll", 0, now=T0)
    assert engine.pending(state)[0].id != turn.id
