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
