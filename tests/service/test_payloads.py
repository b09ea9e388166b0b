"""Timer and bus payloads (functions/timers/payloads.py): each timer handler reads its payload
as a typed model, and a payload that does not validate is dropped: the handler answers
``{"dropped": "malformed"}`` without raising (so Lambda's asynchronous retries do not deliver
it again), logs the model and the fields at fault without their values, and counts
``MalformedPayloads``.

The handlers' work is replaced by recorders here: what each does with a valid payload is
tested end to end in test_timers.py, test_reminders.py, test_notifications.py and
test_erasure.py."""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

import pytest

from service import observability
from timers import account_erasure, bot_turn, deadline, notify, release_held, schedule_deadline

SECRET = "acct-7f3e-secret"  # a value that must never reach a log line


def bus(detail_type: str, detail) -> dict:
    return {"version": "0", "id": "ev-1", "source": "mtaa.game", "detail-type": detail_type,
            "account": "123456789012", "time": "2026-03-02T09:00:00Z", "region": "us-east-1",
            "resources": [], "detail": detail}


@pytest.fixture
def calls(monkeypatch):
    """Every downstream call a timer handler makes, recorded as ``(name, args)``."""
    seen: list[tuple[str, tuple]] = []

    def recorder(name, answer):
        def record(*args, **kwargs):
            seen.append((name, args + tuple(sorted(kwargs.items()))))
            return answer
        return record

    from service import botplay, deadlines, erasure, notifications, pipeline

    monkeypatch.setattr(deadline, "fire", recorder("fire", {"applied": True}))
    monkeypatch.setattr(botplay, "play", recorder("play", SimpleNamespace(moves=2, stopped="waiting")))
    record = SimpleNamespace(status="active", waiting_for=lambda decision: decision == 12 or None)
    store = SimpleNamespace(load=recorder("load", SimpleNamespace(record=record)))
    monkeypatch.setattr(pipeline, "default_store", lambda: store)
    monkeypatch.setattr(deadlines, "schedule_pending", recorder("schedule_pending", ["dl-1"]))
    monkeypatch.setattr(notifications, "handle_event", recorder("handle_event", {}))
    monkeypatch.setattr(notifications, "release_held", recorder("release_held", 3))
    monkeypatch.setattr(notifications, "send_reminder", recorder("remind", "sent"))
    monkeypatch.setattr(erasure, "run", recorder("erase", {"done": True}))
    monkeypatch.setattr(erasure, "unfinished", recorder("unfinished", ["acct-a", "acct-b"]))
    return seen


def test_the_deadline_timer_reads_the_game_of_its_schedule(calls):
    assert deadline.handler({"game_id": "g-1", "due": 1772442000}, None) == {"applied": True}
    assert calls == [("fire", ("g-1", ("reschedule", True)))]


def test_the_bot_turn_reads_the_game_and_the_tables_bot_delay(calls):
    assert bot_turn.handler(bus("BotsToMove", {"game_id": "g-2", "bot_delay": 2}), None) == {
        "moves": 2, "stopped": "waiting"}
    [(name, args)] = calls
    assert name == "play" and args[0] == "g-2"
    assert dict(args[1:])["delay"] == 2.0
    calls.clear()
    bot_turn.handler(bus("BotsToMove", {"game_id": "g-3"}), None)        # no delay: none
    assert dict(calls[0][1][1:])["delay"] == 0.0


def test_the_deadline_scheduler_reads_the_game_and_the_pending_decision(calls):
    pending = bus("DecisionPending", {"game_id": "g-4", "seats": [0],
                                      "event": {"type": "decision_pending", "decision": 12}})
    assert schedule_deadline.handler(pending, None) == {"scheduled": ["dl-1"]}
    assert [name for name, _ in calls] == ["load", "schedule_pending"]
    assert calls[0][1] == ("g-4",)
    moved_on = bus("DecisionPending", {"game_id": "g-4", "event": {"decision": 11}})
    assert schedule_deadline.handler(moved_on, None) == {"scheduled": [], "reason": "moved_on"}


def test_notify_passes_the_whole_detail_of_a_notice_on(calls):
    detail = {"game_id": "g-5", "seats": [1, 2], "event": {"type": "turn_started", "seat": 1}}
    notify.handler(bus("TurnStarted", detail), None)
    assert calls == [("handle_event", ("TurnStarted", detail))]       # unknown keys kept
    calls.clear()
    notify.handler(bus("TableNews", {"game_id": "g-5", "news": [[3, "Kibra sold"]]}), None)
    assert calls == [("handle_event", ("TableNews", {"game_id": "g-5",
                                                     "news": [(3, "Kibra sold")]}))]


def test_release_held_reads_a_quiet_hours_end_or_a_reminder(calls):
    assert release_held.handler({"account_id": "acct-1"}, None) == {"sent": 3}
    remind = {"game_id": "g-6", "seat": 1, "decision": 9, "notified": 1000, "due": 2000}
    assert release_held.handler({"account_id": "acct-1", "remind": remind}, None) == {
        "reminded": "sent"}
    assert calls == [("release_held", ("acct-1",)), ("remind", ("acct-1", remind))]


def test_account_erasure_reads_the_deleted_account_and_the_sweep_reads_nothing(calls):
    assert account_erasure.handler(bus("AccountDeleted", {"account_id": "acct-9"}), None) == {
        "erasures": [{"done": True}]}
    assert calls == [("erase", ("acct-9", None))]
    calls.clear()
    account_erasure.handler({"source": "aws.scheduler", "detail-type": "Scheduled Event"}, None)
    assert [args[0] for name, args in calls if name == "erase"] == ["acct-a", "acct-b"]


MALFORMED = [
    pytest.param(deadline, {"game_id": "", "due": 5}, "DeadlinePayload", ["game_id"], id="deadline-empty-game"),
    pytest.param(deadline, {"due": SECRET}, "DeadlinePayload", ["game_id", "due"], id="deadline-no-game"),
    pytest.param(deadline, None, "DeadlinePayload", [""], id="deadline-not-a-dict"),
    pytest.param(bot_turn, bus("BotsToMove", {"game_id": SECRET, "bot_delay": -1}),
                 "BusEvent[BotsToMove]", ["detail.bot_delay"], id="bots-negative-delay"),
    pytest.param(bot_turn, {"detail": {"game_id": SECRET}}, "BusEvent[BotsToMove]",
                 ["detail-type"], id="bots-no-detail-type"),
    pytest.param(schedule_deadline, bus("DecisionPending", {"game_id": SECRET, "event": {}}),
                 "BusEvent[DecisionPending]", ["detail.event.decision"], id="pending-no-decision"),
    pytest.param(notify, bus("LobbyInvitation", {"lobby_id": "l-1", "account_id": SECRET,
                                                 "role": "player"}),
                 "BusEvent[LobbyInvitation]", ["detail.owner"], id="invitation-no-owner"),
    pytest.param(notify, bus("TableNews", {"game_id": "g-1", "news": [[SECRET, "x"]]}),
                 "BusEvent[TableNews]", ["detail.news.0.0"], id="news-not-numbered"),
    pytest.param(notify, "not an event", "BusEvent[Notice]", [""], id="notice-not-a-dict"),
    pytest.param(release_held, {"account_id": SECRET, "remind": {"game_id": "g-1"}},
                 "ReleaseHeldPayload", ["remind.seat", "remind.decision", "remind.notified",
                                        "remind.due"], id="reminder-incomplete"),
    pytest.param(account_erasure, bus("AccountDeleted", {"account": SECRET}),
                 "BusEvent[AccountDeleted]", ["detail.account_id"], id="erasure-no-account"),
]


@pytest.mark.parametrize(("timer", "event", "model", "fields"), MALFORMED)
def test_a_malformed_payload_is_dropped_logged_without_its_values_and_counted(
        calls, capsys, monkeypatch, timer, event, model, fields):
    logs = io.StringIO()
    monkeypatch.setattr(observability.logger.registered_handler, "stream", logs)
    capsys.readouterr()
    assert timer.handler(event, None) == {"dropped": "malformed"}     # answered, not raised
    assert calls == []                                                # nothing done with it
    [line] = [json.loads(text) for text in logs.getvalue().splitlines()]
    assert line["message"] == "malformed payload dropped" and line["level"] == "WARNING"
    assert line["payload_model"] == model
    assert [error["field"] for error in line["errors"]] == fields
    assert SECRET not in logs.getvalue()
    metrics = [json.loads(text) for text in capsys.readouterr().out.splitlines()
               if '"_aws"' in text]
    assert [r.get("MalformedPayloads") for r in metrics if "MalformedPayloads" in r] == [[1.0]]
