"""Scheduler target: a deadline of a game has passed (:func:`service.deadlines.pass_due`).

The table answers every decision of the game whose deadline has passed (or counts one it
cannot answer and sets its next deadline); a decision answered meanwhile, or a game saved,
finished or gone, changes nothing. Delivery is at least once: a second delivery finds nothing
due and changes nothing. A timer that finds nothing due yet makes sure the later deadlines
have their schedules (the one it was set for may have moved later: an auction's close
extended by a late bid); when the Scheduler refuses that, the timer still answers (the
sweeper passes a deadline whose timer never fired), so a failing Scheduler does not make
Lambda retry and dead-letter a timer whose own work is done.
"""

import time

from botocore.exceptions import BotoCoreError, ClientError

from service import deadlines, observability, snapstart
from service.errors import NotFound
from timers import payloads

snapstart.prime(snapstart.load_rulesets)  # a restored function starts with the rules loaded


@observability.observed
@payloads.accepts(payloads.DeadlinePayload)
def handler(payload: payloads.DeadlinePayload, context):
    return fire(payload.game_id, reschedule=True)


def fire(game_id: str, now: int | None = None, *, reschedule: bool = False) -> dict:
    """What the timer does for ``game_id`` at ``now`` (Unix seconds; default the clock):
    ``{"applied", "reason"[, "version"]}``. The sweeper calls it too. ``reschedule``: when
    nothing is due yet, schedule the later deadlines that have no schedule (the timer's own
    delivery; :func:`service.deadlines.reschedule`)."""
    now = now or int(time.time())
    try:
        outcome = deadlines.pass_due(game_id, now=now)
        if reschedule and outcome.reason == "not_yet":
            try:
                deadlines.reschedule(game_id, now)
            except (BotoCoreError, ClientError) as exc:
                observability.logger.warning("could not schedule the later deadlines; the sweeper "
                                             "will pass them", extra={"game_id": game_id,
                                                                      "error": str(exc)})
    except NotFound:
        observability.count(observability.STALE_TIMERS_IGNORED)
        return {"applied": False, "reason": "gone"}
    observability.count(observability.TIMEOUTS_FIRED if outcome.applied
                        else observability.STALE_TIMERS_IGNORED)
    return {"applied": outcome.applied, "reason": outcome.reason,
            **({"version": outcome.result.version} if outcome.result is not None else {})}
