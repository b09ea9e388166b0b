"""Scheduled every few minutes (template.yaml ``SweepFunction``): passes deadlines whose timer
never fired.

A deadline's schedule can be missing for good: the ``DecisionPending`` publish after the save
failed (the pipeline logs and swallows that), or ``CreateSchedule`` kept failing and the
event ended in the dead-letter queue; a bot can stall. The game item indexes its earliest
pending deadline (``by_deadline``), so the sweeper finds games overdue by more than
``SWEEP_GRACE_SECONDS`` (default 300: Scheduler fires within a minute of the deadline, so a
decision still pending then has lost its timer) and hands each to the deadline timer itself
(:func:`timers.deadline.fire`, what a schedule's delivery does). That timer only passes what
is still pending and due, so a sweep racing a late timer is harmless.
"""

from __future__ import annotations

import time

from service import observability, pipeline, snapstart
from service.config import settings
from timers import deadline

snapstart.prime(snapstart.load_rulesets)  # a restored function starts with the rules loaded

MAX_GAMES_PER_SWEEP = 100
"""Bounded work per run (each passed deadline is one pipeline write); the next run continues."""


def grace_seconds() -> int:
    return settings().sweep_grace_seconds


def sweep(now: float | None = None, context=None, limit: int = MAX_GAMES_PER_SWEEP) -> dict:
    """Pass every deadline overdue at ``now`` (Unix seconds) by more than the grace period;
    returns ``{"overdue": n, "ended": n}``."""
    now = time.time() if now is None else now
    store = pipeline.default_store()
    overdue = store.overdue(int(now) - grace_seconds(), limit=limit)
    ended = 0
    for game_id in overdue:
        result = deadline.fire(game_id, int(now))
        if result.get("applied"):
            ended += 1
            observability.count(observability.SWEEPER_RECOVERED)
            observability.logger.warning("passed an overdue deadline whose timer never fired",
                                         extra={"game_id": game_id})
    return {"overdue": len(overdue), "ended": ended}


@observability.observed
def handler(event, context):
    return sweep(context=context)
