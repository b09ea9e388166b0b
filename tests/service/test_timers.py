"""The idle-turn deadline: scheduled when a decision passes, applied only if still pending."""

from __future__ import annotations

import json

import boto3

from service.storage import DynamoGameStore
from timers import idle_turn, schedule_turn


def _pending_event(game_id: str, decision: int, kind: str = "turn") -> dict:
    return {"detail-type": "DecisionPending", "source": "mtaa.games",
            "detail": {"game_id": game_id, "version": 1,
                       "event": {"type": "DecisionPending", "player": 0, "kind": kind,
                                 "decision": decision}}}


def test_decision_pending_creates_one_schedule_even_when_delivered_twice(api):
    game_id, _ = api.new_game(2)
    first = schedule_turn.handler(_pending_event(game_id, 1), None)
    second = schedule_turn.handler(_pending_event(game_id, 1), None)
    assert first["scheduled"] is True and second["scheduled"] is False
    import os

    detail = boto3.client("scheduler").get_schedule(Name=first["name"], GroupName=os.environ["SCHEDULE_GROUP"])
    assert detail["ScheduleExpression"].startswith("at(")
    assert detail["ActionAfterCompletion"] == "DELETE"
    assert json.loads(detail["Target"]["Input"]) == {"game_id": game_id, "decision": 1}


def test_a_debt_decision_is_not_scheduled(api):
    game_id, _ = api.new_game(2)
    assert schedule_turn.handler(_pending_event(game_id, 1, "debt"), None)["scheduled"] is False


def test_the_idle_timer_ends_a_pending_turn_once_and_ignores_a_moved_on_decision(api):
    game_id, _seats = api.new_game(2, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    applied = idle_turn.handler({"game_id": game_id, "decision": 1}, None)
    assert applied["applied"] is True
    stored = DynamoGameStore().load(game_id)
    state = json.loads(stored.record.state)
    # The table rolled (to Kibra, 3), declined the buy (its fee paid), and ended the turn.
    assert state["players"][0]["position"] == 3
    assert state["decision"]["player"] == 1
    again = idle_turn.handler({"game_id": game_id, "decision": 1}, None)
    assert again == {"applied": False}
    assert DynamoGameStore().load(game_id).version == stored.version
