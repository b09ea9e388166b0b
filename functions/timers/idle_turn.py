"""Scheduler target: the idle deadline of one decision has passed (:func:`service.idle.end_idle`).

If the same decision is still pending and idle, the table ends it (or, for a debt, counts the
deadline and sets the next one); if its holder acted since, a timer is set for the new
deadline; if the game has moved on, nothing happens. Delivery is at least once: a second
delivery finds the decision gone or its clock restarted and changes nothing. A saved game
waits for its owner's resume; a game deleted meanwhile (an erased owner's saved game) is left
alone.
"""

from service import idle, observability
from service.errors import NotFound


@observability.observed
def handler(event, context):
    return fire(event["game_id"], int(event["decision"]))


def fire(game_id: str, decision: int, now: int | None = None) -> dict:
    """What the timer does for ``decision`` of ``game_id`` at ``now`` (Unix seconds; default
    the clock): ``{"applied", "reason"[, "version"]}``. The sweeper calls it too."""
    try:
        outcome = idle.end_idle(game_id, decision, now=now)
    except NotFound:
        observability.count(observability.STALE_TIMERS_IGNORED)
        return {"applied": False, "reason": "gone"}
    if outcome.reason == "not_yet":
        idle.schedule_at(game_id, decision, outcome.since, outcome.deadline)
    elif outcome.reason == "counted":
        idle.schedule(outcome.result.game)
    observability.count(observability.TIMEOUTS_FIRED if outcome.reason in ("timed_out", "counted")
                        else observability.STALE_TIMERS_IGNORED)
    return {"applied": outcome.applied, "reason": outcome.reason,
            **({"version": outcome.result.version} if outcome.applied else {})}
