"""Observability: every function is wrapped for logs and metrics, and the metrics the
dashboard and alarms read are emitted (CloudWatch embedded metric format on stdout)."""

from __future__ import annotations

import importlib
import json
import time

from local.template import LocalTemplate
from tests.service.buspump import travel


def _metrics(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()
            if line.startswith("{") and '"_aws"' in line]


def _names(records: list[dict]) -> list[str]:
    return [m["Name"] for r in records for d in r["_aws"]["CloudWatchMetrics"] for m in d["Metrics"]]


def test_every_function_that_is_not_an_http_route_is_observed():
    """HTTP functions get correlation ids and metrics from service.http's resolver; the
    others (timers, bus consumers, workers) must use service.observability.observed."""
    for fn in LocalTemplate().functions():
        module, attr = fn.handler.rsplit(".", 1)
        handler = getattr(importlib.import_module(module), attr)
        if not fn.routes:
            assert getattr(handler, "observed", False), f"{fn.logical_id} is not @observed"


def test_an_action_emits_its_type_and_json_logs_carry_the_request_id(api, capsys, monkeypatch):
    game_id, seats = api.new_game(2, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    import io

    from service.observability import logger

    logs_out = io.StringIO()
    monkeypatch.setattr(logger.registered_handler, "stream", logs_out)
    capsys.readouterr()
    reply = api.call("POST", f"/games/{game_id}/mtaani/roll", None, token=seats[0][1],
                     headers={"x-correlation-id": "trace-me"})
    assert reply.status == 200
    records = _metrics(capsys.readouterr().out)
    actions = [r for r in records if "ActionsApplied" in r]
    assert actions and actions[0]["action"] == "roll" and actions[0]["service"] == "mtaa"
    logs = [json.loads(line) for line in logs_out.getvalue().splitlines()
            if '"message":"action applied"' in line]
    assert logs and logs[0]["correlation_id"] == "trace-me" and logs[0]["game_id"] == game_id
    assert logs[0]["function_name"] == "ActionsFunction"


def test_conflicts_and_stale_timers_are_counted(api, capsys):
    from timers import deadline

    game_id, seats = api.new_game(2, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    reply = api.call("POST", f"/games/{game_id}/mtaani/roll", {"version": 99}, token=seats[0][1])
    assert reply.status == 409
    assert deadline.handler({"game_id": game_id, "due": 0}, None) == {
        "applied": False, "reason": "not_yet"}
    with travel(time.time() + 10**6):                              # past the idle deadline
        assert deadline.handler({"game_id": game_id, "due": 0}, None)["applied"] is True
    names = _names(_metrics(capsys.readouterr().out))
    assert "StaleVersions" in names and "StaleTimersIgnored" in names
    assert "TimeoutsFired" in names


def test_no_module_logs_through_a_bare_stdlib_logger():
    """Every module of functions/ logs through service.observability's logger or a
    Powertools child of it (``Logger(service=SERVICE, child=True)``): a bare
    ``logging.getLogger`` would write Lambda's plain text lines without the JSON format and the
    invocation's keys."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "functions"
    bare = [str(path.relative_to(root)) for path in root.rglob("*.py")
            if "logging.getLogger" in path.read_text()]
    assert bare == []


def test_a_module_logger_writes_the_parents_json_with_the_invocations_keys(monkeypatch):
    """A child logger (service.delivery's) names itself after its module under the service
    and its records come out of the parent's handler as JSON with the correlation id and the
    function of the invocation (service.observability.invocation)."""
    import io
    from types import SimpleNamespace

    from service import delivery, observability

    out = io.StringIO()
    monkeypatch.setattr(observability.logger.registered_handler, "stream", out)
    context = SimpleNamespace(function_name="NotifyFunction", aws_request_id="req-7")

    def handler(event, context):
        delivery.log.warning("web push to %s failed: %s", "https://push.example", "timeout")

    observability.invocation(handler, lambda event: "game-1:4")({}, context)
    delivery.log.warning("after the invocation")
    inside, after = (json.loads(line) for line in out.getvalue().splitlines())
    assert delivery.log.name == "mtaa.service.delivery"
    assert inside["message"] == "web push to https://push.example failed: timeout"
    assert inside["service"] == "mtaa" and inside["level"] == "WARNING"
    assert inside["correlation_id"] == "game-1:4" and inside["function_name"] == "NotifyFunction"
    assert inside["function_request_id"] == "req-7"
    assert "correlation_id" not in after                 # the keys end with the invocation


def test_an_invocation_counts_one_cold_start_and_a_nested_one_keeps_the_outer_keys(
        monkeypatch, capsys):
    """Powertools' decorators (service.observability.invocation): the first invocation of a
    process logs ``cold_start`` true and emits ``ColdStart`` once, by function and service;
    the next is warm. A handler the invoked one calls (the local stack delivers events
    in-process) runs inside it: its lines keep the outer correlation id and the metrics are
    flushed once, at the outer end; a handler called without a Lambda context (tests,
    scripts) gets its name from ``AWS_LAMBDA_FUNCTION_NAME`` and sees no context."""
    import io

    from aws_lambda_powertools.logging import logger as powertools_logger
    from aws_lambda_powertools.metrics.provider import cold_start

    from service import observability

    monkeypatch.setattr(powertools_logger, "is_cold_start", True)
    monkeypatch.setattr(cold_start, "is_cold_start", True)
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "SweepFunction")
    out = io.StringIO()
    monkeypatch.setattr(observability.logger.registered_handler, "stream", out)
    seen = []

    @observability.observed
    def inner(event, context):
        observability.logger.info("inner")
        observability.count(observability.SWEEPER_RECOVERED)

    @observability.observed
    def outer(event, context):
        seen.append(context)
        inner({"game_id": "g-2", "decision": 5}, None)
        observability.logger.info("outer")
        observability.count(observability.TIMEOUTS_FIRED)
        return "done"

    capsys.readouterr()
    assert outer({"game_id": "g-1", "decision": 4}, None) == "done"
    assert outer({"game_id": "g-1", "decision": 6}, None) == "done"
    assert seen == [None, None]
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(line["message"], line["correlation_id"], line["cold_start"]) for line in lines] == [
        ("inner", "g-1:4", True), ("outer", "g-1:4", True),
        ("inner", "g-1:6", False), ("outer", "g-1:6", False)]
    assert {line["function_name"] for line in lines} == {"SweepFunction"}
    records = _metrics(capsys.readouterr().out)
    cold = [r for r in records if "ColdStart" in r]
    assert len(cold) == 1 and cold[0]["function_name"] == "SweepFunction"
    assert cold[0]["service"] == "mtaa"
    flushed = [r for r in records if "TimeoutsFired" in r]
    assert len(flushed) == 2                                     # one flush per invocation
    assert all(r["SweeperRecovered"] == [1.0] for r in flushed)  # the inner's, in the outer's
