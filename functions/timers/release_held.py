"""Scheduler target: a player's quiet hours have ended; send what they held
(:func:`service.notifications.release_held`). With a ``remind`` payload: a decision's reminder
at 80% of its time (:func:`service.reminders.fire`)."""

from service import notifications, observability


@observability.observed
def handler(event, context):
    if "remind" in event:
        from service import reminders

        return {"reminded": reminders.fire(event["account_id"], event["remind"])}
    return {"sent": notifications.release_held(event["account_id"])}
