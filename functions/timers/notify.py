"""EventBridge rule target: turn domain events into notifications
(:func:`service.notifications.handle_event`): turns, debts, offers, game over, seats handed
to a bot, invitations; revolution notices are kept for the next turn notification."""

from service import notifications, observability, snapstart

snapstart.prime(snapstart.load_rulesets)  # a restored function starts with the rules loaded


@observability.observed
def handler(event, context):
    return notifications.handle_event(event["detail-type"], event["detail"])
