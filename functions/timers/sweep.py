"""Scheduled every few minutes (template.yaml ``SweepFunction``): ends pending decisions whose
idle deadline passed without their timer firing.

A decision's timer can be missing for good: the ``DecisionPending`` publish after the save
failed (the pipeline logs and swallows that), or ``CreateSchedule`` kept failing and the
event ended in the dead-letter queue. The game item indexes its idle deadline
(``by_deadline``: the decision's idle clock plus the table's idle timeout, active games
with a pending decision only), so the sweeper finds decisions overdue by more than ``SWEEP_GRACE_SECONDS``
(default 300: Scheduler fires within a minute of the deadline, so a decision still pending
then has lost its timer) and hands each to the idle-turn timer itself
(:func:`timers.idle_turn.fire`, what a schedule's delivery does). That timer applies
only if the decision is still the one pending, so a sweep racing a late timer is harmless.
"""

from __future__ import annotations

import os
import time

import engine
from service import observability, pipeline
from timers import idle_turn

MAX_GAMES_PER_SWEEP = 100
"""Bounded work per run (each ended decision is one pipeline write); the next run continues."""


def grace_seconds() -> int:
    return int(os.environ.get("SWEEP_GRACE_SECONDS", "300"))


def sweep(now: float | None = None, context=None, limit: int = MAX_GAMES_PER_SWEEP) -> dict:
    """End every decision overdue at ``now`` (Unix seconds) by more than the grace period;
    returns ``{"overdue": n, "ended": n}``."""
    now = time.time() if now is None else now
    store = pipeline.default_store()
    overdue = store.overdue(int(now) - grace_seconds(), limit=limit)
    ended = 0
    for game_id in overdue:
        game = store.load(game_id)
        state = engine.load_state(game.record.state)
        decision = engine.get_ruleset(state.ruleset).decision(state)
        if decision is None:
            continue
        result = idle_turn.fire(game_id, decision.id, int(now))
        if result.get("applied"):
            ended += 1
            observability.count(observability.SWEEPER_RECOVERED)
            observability.logger.warning("ended an overdue decision whose timer never fired",
                                         extra={"game_id": game_id, "decision": decision.id})
    return {"overdue": len(overdue), "ended": ended}


@observability.observed
def handler(event, context):
    return sweep(context=context)
