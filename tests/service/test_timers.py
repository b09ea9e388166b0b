"""Idle deadlines, with a frozen clock: scheduled when a decision passes to a human, applied
only while the same decision is still pending and idle, once however often the schedule is
delivered; a move that does not answer the decision restarts nothing; consecutive idle
deadlines hand a seat to a Base bot until its player takes it back; a debt's deadline counts
toward them (the table never declares bankruptcy for anyone)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime

import boto3
import pytest

import engine
from service import seats
from service.storage import DynamoGameStore, GameRecord
from tests.policy.calls import running_as
from tests.service.buspump import delivered, discard_all, travel
from timers import bot_turn, deadline, schedule_deadline

T0 = datetime(2026, 3, 2, 9, 0, 0, tzinfo=UTC)
START = int(T0.timestamp())
KIBRA, KARE = 3, 44


@pytest.fixture
def clock(aws):
    discard_all()
    with travel(T0) as traveller:
        yield traveller


def start(api, players: int = 2, options: dict | None = None, **settings):
    lobby_id, seats_ = api.new_lobby(players, idle_timeout_seconds=300, **settings)
    game = api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": options or {}}, seats_[0][1], 201)
    return game["game_id"], [token for _, token in seats_]


def record(game_id):
    return DynamoGameStore().load(game_id).record


def state_of(game_id):
    return DynamoGameStore().load(game_id).state


def pending_events(game_id):
    return [e for e in delivered("DeadlineSchedulerFunction") if e["detail"]["game_id"] == game_id]


def waiting(game_id):
    """The one decision a Mtaani game waits for, as its record keeps it."""
    [only] = record(game_id).waiting()
    return only


def fire(game_id, due=None):
    """Deliver the deadline timer of the game (``due``: the time it was set for; the timer
    passes whatever is due when it runs)."""
    return deadline.handler({"game_id": game_id, "due": due or waiting(game_id).due}, None)


def schedule(name):
    return boto3.client("scheduler").get_schedule(Name=name, GroupName=os.environ["SCHEDULE_GROUP"])


def test_a_human_decision_gets_one_timer_at_its_deadline_even_when_announced_twice(api, clock):
    game_id, _ = start(api, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    [pending] = pending_events(game_id)
    detail = pending["detail"]
    assert (detail["event"]["decision"], detail["actor"], detail["passed"]) == (1, "human", True)
    assert (detail["event"]["deadline"], detail["event"]["due"], detail["timed"]) == (
        "idle_turn", START + 300, True)
    with running_as("DeadlineSchedulerFunction"):
        first = schedule_deadline.handler(pending, None)
        second = schedule_deadline.handler(pending, None)
    assert first["scheduled"] == [f"dl-{game_id}-{START + 300}"] and second["scheduled"] == []
    timer = schedule(first["scheduled"][0])
    assert timer["ScheduleExpression"] == "at(2026-03-02T09:05:00)"      # deal + 300 s
    assert timer["ActionAfterCompletion"] == "DELETE"
    assert json.loads(timer["Target"]["Input"]) == {"game_id": game_id, "due": START + 300}


def test_a_deadline_firing_on_time_ends_the_turn(api, clock):
    game_id, _ = start(api, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    version = record(game_id).version
    clock.shift(299)
    assert fire(game_id, START + 300) == {"applied": False, "reason": "not_yet"}
    assert record(game_id).version == version
    clock.shift(1)
    assert fire(game_id)["reason"] == "timed_out"
    state = state_of(game_id)
    # The table rolled (to Kibra, 3), declined the buy, and ended the turn.
    assert state.players[0].position == KIBRA and not state.props[KIBRA].owner
    log = DynamoGameStore().events(game_id, 0, 500)
    assert [e["by"] for e in log if e["type"] == "ActionApplied"] == ["table"]
    assert (state.decision.player, state.decision.kind) == (1, "turn")
    assert seats.streak(record(game_id), 0) == 1


def test_a_stale_deadline_changes_nothing_when_the_player_moved_first(api, clock):
    game_id, tokens = start(api, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    clock.shift(120)
    api.ok("POST", f"/games/{game_id}/mtaani/roll", None, tokens[0])
    after_move = record(game_id)
    clock.shift(180)                                      # the first decision's deadline
    # The roll answered it; the decision it brought has its own deadline, 300 s after the roll.
    assert fire(game_id, START + 300) == {"applied": False, "reason": "not_yet"}
    assert waiting(game_id).due == START + 420
    assert record(game_id).version == after_move.version
    assert seats.streak(record(game_id), 0) == 0


def test_two_deliveries_of_the_same_schedule_apply_once(api, clock):
    game_id, tokens = start(api, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    clock.shift(300)
    assert fire(game_id, START + 300)["applied"] is True
    version = record(game_id).version
    assert fire(game_id, START + 300) == {"applied": False, "reason": "not_yet"}  # B's turn now
    assert record(game_id).version == version
    log = api.ok("GET", f"/games/{game_id}/events?limit=500", None, tokens[1])["events"]
    assert [e["type"] for e in log].count("TurnTimedOut") == 1


def test_moves_that_do_not_answer_the_decision_never_restart_its_clock(api, clock):
    """A turn holder who sends set-trade-open every 45 s (or any move that leaves the decision
    pending) cannot stall the table: the deadline stays where the decision began, the table
    ends the turn on time, and the streak grows toward a stand-in (hardening, item 2)."""
    game_id, tokens = start(api, idle_turns_before_bot=1,
                            options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    for at in (45, 90, 135, 180, 225, 270):
        clock.shift(45)
        api.ok("POST", f"/games/{game_id}/mtaani/set-trade-open", {"open": at % 90 == 0}, tokens[0])
        assert waiting(game_id).since == START and waiting(game_id).due == START + 300
    early = api.call("POST", f"/games/{game_id}/end-idle-turn", None, tokens[1])
    assert early.status == 409 and early.body["error"]["deadline"] == START + 300
    clock.shift(30)
    assert fire(game_id)["reason"] == "timed_out"
    assert seats.stand_in(record(game_id), 0) == "base"   # one idle turn: the table's limit


PREFERRED = ("roll", "decline", "end_turn", "choose_deck", "choose_municipal", "pay_bail")


def play_out(api, game_id, token, seat):
    """Play ``seat``'s decisions (roll, decline, end the turn, whatever else is asked first)
    until the decision passes."""
    for _ in range(30):
        view = api.ok("GET", f"/games/{game_id}", None, token)
        if view["decision"]["player"] != seat:
            return
        legal = {a["type"]: a for a in reversed(view["legal_actions"])}
        action = next(legal[t] for t in PREFERRED if t in legal)
        fields = {k: v for k, v in action.items() if k != "type"}
        api.ok("POST", f"/games/{game_id}/mtaani/{action['type'].replace('_', '-')}", fields or None, token)
    raise AssertionError("the turn did not end")


def test_idle_turns_in_a_row_hand_the_seat_to_a_base_bot_until_its_player_takes_it_back(api, clock):
    game_id, (a, b) = start(api, idle_turns_before_bot=2)
    assert record(game_id).stand_in_after == 2
    clock.shift(300)
    assert fire(game_id)["reason"] == "timed_out"         # A's first idle turn
    clock.shift(300)
    assert fire(game_id)["reason"] == "timed_out"         # B's: their own streak
    clock.shift(300)
    assert fire(game_id)["reason"] == "timed_out"         # A's second in a row: a bot takes over
    view = api.ok("GET", f"/games/{game_id}", None, b)
    assert view["seats"][0]["stand_in"] == "base" and view["seats"][1]["stand_in"] is None
    [listed] = [g for g in api.ok("GET", "/dashboard", None, b)["in_progress"]
                if g["game_id"] == game_id]
    assert [s["stand_in"] for s in listed["seats"]] == ["base", None]    # the dashboard too
    log = api.ok("GET", f"/games/{game_id}/events?limit=500", None, b)["events"]
    assert [e for e in log if e["type"] == "SeatHandedToBot"] == [
        {"seq": log[-1]["seq"], "step": log[-1]["step"], "at": START + 900,
         "type": "SeatHandedToBot", "player": 0, "level": "base", "idle_turns": 2}]
    delivered("BotTurnFunction")                          # (B's turn: nothing for the bot yet)
    play_out(api, game_id, b, 1)                          # B is back: their streak resets
    assert seats.streak(record(game_id), 1) == 0
    # A's turn: the bot is cued and plays it through the pipeline.
    cues = [e for e in delivered("BotTurnFunction") if e["detail"]["game_id"] == game_id]
    assert len(cues) == 1 and cues[0]["detail"]["seats"] == [0]
    logged = int(record(game_id).event_count)
    with running_as("BotTurnFunction"):
        assert bot_turn.handler(cues[0], None)["stopped"] == "waiting"
    assert waiting(game_id).player == 1
    bot_moves = [e["action"]["type"] for e in DynamoGameStore().events(game_id, logged, 500)
                 if e["type"] == "ActionApplied"]
    # (the dice are the seed's: the bot may open with a roll, or in jail with bail or a bribe)
    assert bot_moves[-1] == "end_turn" and "timeout" not in bot_moves
    # A may not act while the bot plays; A takes the seat back.
    play_out(api, game_id, b, 1)
    refused = api.call("POST", f"/games/{game_id}/mtaani/end-turn", None, a)
    assert refused.status == 409 and refused.error == "stand_in_plays"
    delivered("BotTurnFunction")
    taken = api.ok("DELETE", f"/games/{game_id}/stand-in", None, a)
    assert taken["seats"][0]["stand_in"] is None and taken["decision"]["player"] == 0
    assert taken["decision"]["deadline"] == START + 900 + 300   # the clock restarted for A
    timer = schedule(f"dl-{game_id}-{START + 1200}")
    assert timer["ScheduleExpression"] == "at(2026-03-02T09:20:00)"   # and A has a deadline
    assert seats.streak(record(game_id), 0) == 0
    assert api.call("DELETE", f"/games/{game_id}/stand-in", None, a).status == 409
    api.ok("POST", f"/games/{game_id}/mtaani/roll", None, a)


def put_state(game_id, state):
    """Store ``state`` as the game's (a test position), its decisions' clocks starting now."""
    store = DynamoGameStore()
    game = store.load(game_id)
    game.record.set_waiting([])
    seats.track(game.record, engine.pending(state))
    store.save(game, state, [])


def owe_a_debt(game_id: str):
    """Seat 0 (10 SFR in cash, Kare to mortgage) rolls onto seat 1's Kibra and owes its fee:
    the stored game waits on seat 0's debt. Returns that state."""
    rec = record(game_id)
    state = engine.new_game("mtaani", list(rec.seats), 7, {
        "idle_timeout_seconds": 300, "scripted": {"dice": [[1, 2]], "mugging": [False]}})
    state.props[KIBRA].owner = 1
    state.props[KARE].owner = 0
    state.pool += state.players[0].cash - 10
    state.players[0].cash = 10
    state = engine.apply(state, {"type": "roll", "player": 0}).state   # Kibra's fee: a debt
    put_state(game_id, state)
    return state


def test_a_debts_deadline_counts_and_the_base_bot_stand_in_raises_the_funds(api, clock):
    game_id, (_a, _b) = start(api, idle_turns_before_bot=2)
    state = owe_a_debt(game_id)
    assert (state.decision.player, state.decision.kind) == (0, "debt")
    debt = waiting(game_id).id
    clock.shift(300)
    assert fire(game_id)["reason"] == "counted"
    rec = record(game_id)
    assert (seats.streak(rec, 0), waiting(game_id).since, waiting(game_id).id) == (
        1, START + 300, debt)
    assert state_of(game_id).decision.kind == "debt"        # nobody declared bankruptcy
    assert schedule(f"dl-{game_id}-{START + 600}")["ScheduleExpression"] == \
        "at(2026-03-02T09:10:00)"
    clock.shift(300)
    assert fire(game_id)["reason"] == "counted"                       # the limit: a stand-in
    assert seats.stand_in(record(game_id), 0) == "base"
    [cue] = [e for e in delivered("BotTurnFunction") if e["detail"]["game_id"] == game_id]
    with running_as("BotTurnFunction"):
        bot_turn.handler(cue, None)
    state = state_of(game_id)
    assert not state.players[0].bankrupt and state.props[KARE].mortgaged
    assert state.decision.player == 1 and not state.debts


def test_a_seated_player_may_end_an_idle_turn_once_its_deadline_has_passed(api, clock):
    game_id, (a, b) = start(api, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    _, stranger = api.sign_in()
    clock.shift(299)
    early = api.call("POST", f"/games/{game_id}/end-idle-turn", None, b)
    assert early.status == 409 and early.error == "not_idle_yet"
    assert early.body["error"]["deadline"] == START + 300
    clock.shift(1)
    assert api.call("POST", f"/games/{game_id}/end-idle-turn", None, stranger).status == 404
    own = api.call("POST", f"/games/{game_id}/end-idle-turn", None, a)
    assert own.status == 409                              # it is A's own decision: just move
    ended = api.ok("POST", f"/games/{game_id}/end-idle-turn", {"decision": 1}, b)
    assert "TurnTimedOut" in [e["type"] for e in ended["events"]]
    assert ended["game"]["decision"]["player"] == 1
    again = api.call("POST", f"/games/{game_id}/end-idle-turn", {"decision": 1}, b)
    assert again.status == 409                            # moved on: applied once


def test_a_debt_at_a_table_that_never_hands_seats_to_bots_is_settled_after_three_deadlines(
        api, clock):
    """idle_turns_before_bot 0 keeps turns with their players, but a debt only its debtor can
    settle: after seats.STUCK_STAND_IN_AFTER (3) deadlines a Base bot raises the funds, so the
    table never waits for ever."""
    game_id, (_a, _b) = start(api, idle_turns_before_bot=0)
    assert record(game_id).stand_in_after == 0
    owe_a_debt(game_id)
    for count in (1, 2):
        clock.shift(300)
        assert fire(game_id)["reason"] == "counted"
        assert seats.stand_in(record(game_id), 0) is None, count
    clock.shift(300)
    assert fire(game_id)["reason"] == "counted"                         # the third: a stand-in
    assert seats.stand_in(record(game_id), 0) == "base"
    [cue] = [e for e in delivered("BotTurnFunction") if e["detail"]["game_id"] == game_id]
    with running_as("BotTurnFunction"):
        bot_turn.handler(cue, None)
    state = state_of(game_id)
    assert not state.debts and state.decision.player == 1


def test_a_finished_game_has_no_seat_to_take_back(api, clock):
    game_id, (a, _b) = start(api)
    rec = GameRecord.get(game_id)
    rec.stand_ins, rec.status = {"0": "base"}, "finished"
    rec.save()
    version = int(record(game_id).version)
    refused = api.call("DELETE", f"/games/{game_id}/stand-in", None, a)
    assert refused.status == 409 and "finished" in refused.body["error"]["message"]
    assert int(record(game_id).version) == version


def test_a_table_nobody_attends_is_saved_after_a_bounded_number_of_bot_moves(api, clock,
                                                                              monkeypatch):
    """The person walks away from a table of bots (a bot takes their seat after one idle
    turn): bots play every seat, and after pipeline.UNATTENDED_MOVES moves in a row the service
    saves the game until its owner resumes it (hardening, item 6: about 1,880 turns and 4,451
    writes a minute before, without end)."""
    from service import pipeline

    monkeypatch.setattr(pipeline, "UNATTENDED_MOVES", 6)
    _, owner = api.sign_in()
    lobby_id = api.ok("POST", "/lobbies", {"table_size": 3, "idle_timeout_seconds": 300,
                                           "idle_turns_before_bot": 1, "bot_delay_seconds": 0},
                      owner, 201)["lobby_id"]
    for _ in range(2):
        api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "base"}, owner)
    api.ok("POST", f"/lobbies/{lobby_id}/start", None, owner, 201)
    delivered("BotTurnFunction")
    clock.shift(300)
    assert fire(lobby_id)["reason"] == "timed_out"                # the owner's seat: a bot's now
    assert seats.stand_in(record(lobby_id), 0) == "base"
    played = 0
    for _ in range(10):
        cues = [e for e in delivered("BotTurnFunction") if e["detail"]["game_id"] == lobby_id]
        if not cues:
            break
        with running_as("BotTurnFunction"):
            run = bot_turn.handler(cues[0], None)
        played += run["moves"]
        if run["stopped"] == "unattended":
            break
    # The timer's move that ended the owner's turn counts too (issue 28, item 4: moves since
    # a person last acted, whoever made them): 1 + 5 bot moves.
    assert run["stopped"] == "unattended" and played == 5
    rec = record(lobby_id)
    assert rec.status == "saved"
    log = api.ok("GET", f"/games/{lobby_id}/events?limit=500", None, owner)["events"]
    assert log[-1]["type"] == "GameSaved" and log[-1]["reason"] == "unattended"
    resumed = api.ok("POST", f"/games/{lobby_id}/resume", None, owner)
    assert resumed["status"] == "active" and int(record(lobby_id).unattended) == 0
