"""One-time EventBridge Scheduler schedules for a game's deadlines.

One schedule per game and decision, with a deterministic name, so "one timer per decision"
holds even when the scheduling event is delivered twice (the second create is a
``ConflictException`` and is ignored). Schedules delete themselves after they fire.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from service.clients import client as _client
from service.config import settings

TARGET_RETRY_POLICY = {"MaximumRetryAttempts": 2, "MaximumEventAgeInSeconds": 3600}
"""Scheduler's retries when it cannot deliver to the target (three attempts in all); after
them the payload goes to the dead-letter queue (``DEAD_LETTER_QUEUE_ARN``)."""


def _scheduler():
    return _client("scheduler")


def _target(target_arn: str, payload: dict[str, Any]) -> dict[str, Any]:
    target = {"Arn": target_arn, "RoleArn": settings().need("scheduler_role_arn"),
              "Input": json.dumps(payload), "RetryPolicy": TARGET_RETRY_POLICY}
    if settings().dead_letter_queue_arn:
        target["DeadLetterConfig"] = {"Arn": settings().dead_letter_queue_arn}
    return target


def schedule_name(kind: str, game_id: str, decision: int) -> str:
    """The deterministic schedule name of ``kind`` for a game's decision (<= 64 chars)."""
    return f"{kind}-{game_id}-{decision}"[:64]


def at_expression(when: datetime) -> str:
    """Scheduler's one-time expression ``at(yyyy-mm-ddThh:mm:ss)`` in UTC."""
    return "at(" + when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S") + ")"


def schedule_once(name: str, when: datetime, target_arn: str, payload: dict[str, Any]) -> bool:
    """Create a one-time schedule invoking ``target_arn`` with ``payload`` at ``when``.

    Returns ``False`` when a schedule of that name already exists (a repeat delivery).
    """
    client = _scheduler()
    try:
        client.create_schedule(
            Name=name,
            GroupName=settings().need("schedule_group"),
            ScheduleExpression=at_expression(when),
            ScheduleExpressionTimezone="UTC",
            FlexibleTimeWindow={"Mode": "OFF"},
            ActionAfterCompletion="DELETE",
            Target=_target(target_arn, payload),
        )
    except client.exceptions.ConflictException:
        return False
    return True


def cancel(name: str) -> bool:
    """Delete the schedule ``name`` if it is still pending; ``False`` when there was none."""
    client = _scheduler()
    try:
        client.delete_schedule(Name=name, GroupName=settings().need("schedule_group"))
    except client.exceptions.ResourceNotFoundException:
        return False
    return True
