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
    with observability.invocation(context, "game-1:4"):
        delivery.log.warning("web push to %s failed: %s", "https://push.example", "timeout")
    delivery.log.warning("after the invocation")
    inside, after = (json.loads(line) for line in out.getvalue().splitlines())
    assert delivery.log.name == "mtaa.service.delivery"
    assert inside["message"] == "web push to https://push.example failed: timeout"
    assert inside["service"] == "mtaa" and inside["level"] == "WARNING"
    assert inside["correlation_id"] == "game-1:4" and inside["function_name"] == "NotifyFunction"
    assert inside["function_request_id"] == "req-7"
    assert "correlation_id" not in after                 # the keys end with the invocation
