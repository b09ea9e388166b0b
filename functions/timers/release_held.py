"""Scheduler target: a player's quiet hours have ended; send what they held
(:func:`service.notifications.release_held`). With a ``remind`` payload: a decision's reminder
at 80% of its time (:func:`service.notifications.send_reminder`)."""

from service import notifications, observability
from timers import payloads


@observability.observed
@payloads.accepts(payloads.ReleaseHeldPayload)
def handler(payload: payloads.ReleaseHeldPayload, context):
    if payload.remind is not None:
        return {"reminded": notifications.send_reminder(payload.account_id,
                                                        payload.remind.model_dump())}
    return {"sent": notifications.release_held(payload.account_id)}
