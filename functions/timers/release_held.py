"""Scheduler target: a player's quiet hours have ended; send what they held
(:func:`service.notifications.release_held`)."""

from service import notifications, observability


@observability.observed
def handler(event, context):
    return {"sent": notifications.release_held(event["account_id"])}
