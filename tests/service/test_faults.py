"""Faults injected at the boto3 layer (tests/faults.py, below botocore's retry handler): what
the SDK retries, what answers 503 with nothing applied, what a lost timer or event becomes.

Each test names the fault, then checks the stored game (version, event log) and what was
published, so "nothing half-applied" is checked on the data, not on the status alone.
"""

from __future__ import annotations

import json
import types

import boto3
import pytest

from service import clients
from service.storage import DynamoGameStore, GameRecord
from tests import faults as fault_injection


@pytest.fixture
def faults(aws, monkeypatch):
    """The fault plan for this test; botocore's retry sleeps are recorded, not slept."""
    plan = fault_injection.install(monkeypatch)
    plan.sleeps = []
    import botocore.endpoint

    monkeypatch.setattr(botocore.endpoint, "time",
                        types.SimpleNamespace(sleep=plan.sleeps.append,
                                              time=botocore.endpoint.time.time))
    return plan


def _log(game_id: str) -> list[dict]:
    return DynamoGameStore().events(game_id, 0, 1000)


def _rolls(game_id: str) -> int:
    return sum(1 for e in _log(game_id)
               if e["type"] == "ActionApplied" and e["action"]["type"] == "roll")


def _scripted_game(api, faults=None):
    """A started 2-player game (seat 0 rolls 1+2 to Kibra); the attempts of its set-up are
    forgotten, so counts are of the request under test."""
    game = api.new_game(2, options={"scripted": {"dice": [[1, 2]] * 4, "mugging": [False] * 4}})
    if faults is not None:
        faults.attempts.clear()
    return game


def _game_write(body) -> bool:
    """A request writing a game item (a move's one write)."""
    return body.get("TableName") == GameRecord.Meta.table_name


def test_a_throttled_state_write_is_retried_by_the_sdk_and_applied_once(api, faults):
    game_id, seats = _scripted_game(api, faults)
    before = DynamoGameStore().load(game_id).version
    faults.fail("dynamodb", "PutItem", "ThrottlingException", times=2, when=_game_write)
    reply = api.call("POST", f"/games/{game_id}/mtaani/roll", None, token=seats[0][1])
    assert reply.status == 200, reply.body
    assert faults.count("dynamodb", "PutItem") == 3  # two throttled, one applied
    assert faults.count("dynamodb", "TransactWriteItems") == 0  # a move is one write
    assert len(faults.sleeps) == 2 and all(delay >= 0 for delay in faults.sleeps)
    assert DynamoGameStore().load(game_id).version == before + 1
    assert _rolls(game_id) == 1


def test_a_state_write_throttled_past_the_retries_answers_503_and_changes_nothing(api, faults):
    game_id, seats = _scripted_game(api, faults)
    stored = DynamoGameStore().load(game_id)
    log_before = _log(game_id)
    throttle = faults.fail("dynamodb", "PutItem",
                           "ProvisionedThroughputExceededException", times=None, when=_game_write)
    headers = {"idempotency-key": "roll-1"}
    reply = api.call("POST", f"/games/{game_id}/mtaani/roll", None, token=seats[0][1], headers=headers)
    assert reply.status == 503 and reply.error == "unavailable"
    assert reply.headers["retry-after"] == "1"
    assert throttle.fired == clients.MAX_ATTEMPTS     # every attempt at the game's one write
    assert faults.count("events", "PutEvents") == 0  # nothing published for an unsaved move
    after = DynamoGameStore().load(game_id)
    assert (after.version, after.state_text) == (stored.version, stored.state_text)
    assert _log(game_id) == log_before
    # The client retries with the same key once DynamoDB recovers: applied once.
    throttle.times = throttle.fired
    again = api.call("POST", f"/games/{game_id}/mtaani/roll", None, token=seats[0][1], headers=headers)
    assert again.status == 200, again.body
    assert _rolls(game_id) == 1 and DynamoGameStore().load(game_id).version == stored.version + 1


def test_a_write_refused_for_another_reason_than_the_version_answers_503(api, faults):
    game_id, seats = _scripted_game(api, faults)
    stored = DynamoGameStore().load(game_id)
    faults.fail("dynamodb", "PutItem", "ValidationException", when=_game_write,
                extra={"message": "Item size has exceeded the maximum allowed size"})
    reply = api.call("POST", f"/games/{game_id}/mtaani/roll", None, token=seats[0][1])
    assert reply.status == 503 and reply.error == "unavailable", reply.body
    assert "retry-after" in reply.headers
    # Not mistaken for a version conflict: no reload-and-retry, one attempt only.
    assert faults.count("dynamodb", "PutItem") == 1
    assert faults.count("events", "PutEvents") == 0
    assert DynamoGameStore().load(game_id).version == stored.version
    assert _log(game_id) == _log(game_id)[: int(stored.record.event_count)]


def test_an_answer_lost_after_the_commit_is_not_applied_twice(api, faults):
    """The write commits but its answer is lost (a 500 after the commit): the SDK retries,
    the version condition refuses the repeat, and the stored item names this very write
    (its write_id), so the move counts once. Without that the pipeline would take the refusal
    for a lost race and re-apply the roll on the new state."""
    game_id, seats = _scripted_game(api, faults)
    before = DynamoGameStore().load(game_id).version
    faults.fail("dynamodb", "PutItem", "InternalServerError", status=500, after_apply=True,
                when=_game_write)
    reply = api.call("POST", f"/games/{game_id}/mtaani/roll", None, token=seats[0][1])
    assert reply.status == 200, reply.body
    assert faults.count("dynamodb", "PutItem") == 2
    assert DynamoGameStore().load(game_id).version == before + 1
    assert _rolls(game_id) == 1


def test_a_failed_sign_in_lookup_answers_503_not_500(api, faults):
    game_id, seats = _scripted_game(api, faults)
    faults.fail("dynamodb", "GetItem", "InternalServerError", status=500, times=None,
                when=lambda body: body.get("TableName", "").startswith("Sessions"))
    reply = api.call("GET", f"/games/{game_id}", None, token=seats[0][1])
    assert reply.status == 503 and reply.headers["retry-after"] == "1", reply.body


def test_a_body_over_16_kb_is_refused_with_413(api):
    _, token = api.sign_in()
    reply = api.call("POST", "/lobbies", {"table_size": 2, "pad": "x" * 17_000}, token=token)
    assert reply.status == 413 and reply.error == "payload_too_large"


def test_a_lost_publish_is_logged_and_counted_and_the_move_stands(api, faults, capsys):
    game_id, seats = _scripted_game(api, faults)
    before = DynamoGameStore().load(game_id).version
    faults.fail("events", "PutEvents", "InternalException", status=500, times=None)
    reply = api.call("POST", f"/games/{game_id}/mtaani/roll", None, token=seats[0][1])
    assert reply.status == 200
    assert DynamoGameStore().load(game_id).version == before + 1
    assert faults.count("events", "PutEvents") == clients.MAX_ATTEMPTS
    metrics = [json.loads(line) for line in capsys.readouterr().out.splitlines()
               if line.startswith("{") and '"_aws"' in line]
    assert any("PublishFailures" in m for m in metrics)


def only(monkeypatch, game_id: str) -> list[list[str]]:
    """Limit the sweeper to ``game_id`` (the test process shares its tables with other tests'
    games); returns the lists the deadline index answered, before the limit. Every overdue
    game is asked for: with a cap (1,000 before), the games earlier tests of the process left
    active, all due before this one, filled it and this game was not in the answer (2,000
    made first: the sweeper test failed)."""
    answered: list[list[str]] = []
    original = DynamoGameStore.overdue

    def overdue(self, before, limit=100, kind=""):
        found = original(self, before, 10**6, kind)
        answered.append(found)
        return [g for g in found if g == game_id]

    monkeypatch.setattr(DynamoGameStore, "overdue", overdue)
    return answered


def test_a_scheduler_failure_after_the_save_still_times_the_turn_out(api, faults, monkeypatch):
    """CreateSchedule keeps failing: the DecisionPending target raises (so Lambda retries it
    and then dead-letters it), and the sweeper ends the turn once its deadline has passed."""
    from timers import deadline, schedule_deadline, sweep

    game_id, _ = _scripted_game(api, faults)
    answered = only(monkeypatch, game_id)
    record = DynamoGameStore().load(game_id).record
    [waiting] = record.waiting()
    assert waiting.due == waiting.since + waiting.deadline.seconds
    assert record.deadline_at == -(-waiting.due // 300) * 300      # rounded up to the index's buckets
    faults.fail("scheduler", "CreateSchedule", "InternalServerException", status=500, times=None)
    event = {"detail-type": "DecisionPending", "source": "mtaa.games", "id": "e1",
             "detail": {"game_id": game_id, "version": 1,
                        "event": {"type": "DecisionPending", "player": 0, "kind": "turn",
                                  "decision": 1}}}
    with pytest.raises(Exception, match="InternalServerException"):
        schedule_deadline.handler(event, None)
    assert faults.count("scheduler", "CreateSchedule") == clients.MAX_ATTEMPTS
    # Before the deadline (plus grace) the sweeper leaves the game alone.
    early = sweep.sweep(now=record.deadline_at + sweep.grace_seconds() - 1)
    assert game_id not in answered[-1] and early == {"overdue": 0, "ended": 0}
    assert DynamoGameStore().load(game_id).version == record.version
    late = sweep.sweep(now=record.deadline_at + sweep.grace_seconds() + 1)
    assert game_id in answered[-1] and late == {"overdue": 1, "ended": 1}
    stored = DynamoGameStore().load(game_id)
    assert json.loads(stored.state_text)["decision"]["player"] == 1
    assert "TurnTimedOut" in [e["type"] for e in _log(game_id)]
    # The timer itself, delivered late (at least once), finds the decision gone (the next
    # one is not due yet).
    assert deadline.handler({"game_id": game_id, "due": waiting.due}, None) == {
        "applied": False, "reason": "not_yet"}


def test_a_failing_async_target_goes_to_the_dead_letter_queue_and_redrive_replays_it(aws):
    """The local stack delivers bus events and schedules as Lambda does asynchronous calls:
    three attempts, then Lambda's on-failure record in the template's dead-letter queue;
    `make redrive` re-invokes the function with the original payload."""
    from local import redrive
    from local.stack import Invoker, LocalStack
    from local.template import LocalTemplate

    template = LocalTemplate()
    fn = next(f for f in template.functions() if f.logical_id == "DeadlineSchedulerFunction")
    assert fn.async_retries == 2 and fn.on_failure.endswith(":DeadLetterQueue")
    calls: list[dict] = []
    failing = {"left": 3}

    class Flaky(Invoker):
        def invoke(self, target, event):
            calls.append(event)
            if failing["left"]:
                failing["left"] -= 1
                raise RuntimeError("CreateSchedule failed")
            return {"scheduled": True}

    import threading

    stack = LocalStack.__new__(LocalStack)   # only what invoke_async reads
    stack.invoker = Flaky([fn])
    stack._stop = threading.Event()
    payload = {"detail-type": "DecisionPending", "detail": {"game_id": "g1"}}
    assert stack.invoke_async(fn, payload) is False
    assert len(calls) == 3
    sqs = boto3.client("sqs", region_name="us-east-1")
    url = sqs.get_queue_url(QueueName="DeadLetterQueue")["QueueUrl"]
    replayed: list[tuple[str, dict]] = []

    def invoke(arn, body):
        stack.invoker.invoke(stack.invoker.by_arn[arn], body)
        replayed.append((arn, body))

    outcome = redrive.redrive(sqs, url, invoke)
    assert outcome.replayed == 1 and replayed == [(fn.arn, payload)]
    assert calls[-1] == payload and len(calls) == 4
    assert "Messages" not in sqs.receive_message(QueueUrl=url, WaitTimeSeconds=0)


def test_redrive_reads_eventbridge_and_scheduler_dead_letters_too():
    from local.redrive import target_of

    arn = "arn:aws:lambda:us-east-1:123456789012:function:mtaa-idle-turn"
    message = {"Body": json.dumps({"game_id": "g", "decision": 3}),
               "MessageAttributes": {"TARGET_ARN": {"StringValue": arn, "DataType": "String"}}}
    assert target_of(message) == (arn, {"game_id": "g", "decision": 3})
    assert target_of({"Body": "{}"}) is None


def test_an_app_device_whose_endpoint_sns_kept_is_erased_on_the_next_run(api, faults):
    """Under load one erasure left the user's SNS device endpoint behind: the record was deleted
    though SNS refused, so nothing tried again (hardening, item 10). Now the record stays, the
    erasure run fails, and the next run deletes the endpoint and then the record."""
    import boto3

    from service import erasure
    from service.notifications import PushSubscriptionRecord

    handle, token = api.sign_in()
    api.ok("POST", "/push/devices", {"platform": "fcm", "token": f"fcm-{handle}"}, token, 204)
    account_id = api.ok("GET", "/account", None, token)["account_id"]
    [device] = PushSubscriptionRecord.query(account_id)
    faults.fail("sns", "DeleteEndpoint", "InternalError", status=500, times=None)
    api.ok("DELETE", "/account", {"confirm_handle": handle}, token, 202)  # erased at once...
    with pytest.raises(Exception, match="could not be deleted"):
        erasure.run(account_id)                                          # ...but not the device
    assert [d.endpoint for d in PushSubscriptionRecord.query(account_id)] == [device.endpoint]
    faults.faults.clear()
    assert erasure.run(account_id)["done"] is True
    assert list(PushSubscriptionRecord.query(account_id)) == []
    sns = boto3.client("sns")
    with pytest.raises(sns.exceptions.NotFoundException):
        sns.get_endpoint_attributes(EndpointArn=device.endpoint)
