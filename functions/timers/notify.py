"""EventBridge rule target: turn domain events into notifications
(:func:`service.notifications.handle_event`): turns, debts, offers, game over, seats handed
to a bot, invitations; revolution notices are kept for the next turn notification."""

from service import notifications, observability, snapstart
from timers import payloads

snapstart.prime(snapstart.load_rulesets)  # a restored function starts with the rules loaded


@observability.observed
def handler(event, context):
    kind = event.get("detail-type") if isinstance(event, dict) else None
    notice = payloads.parse(payloads.notice_model(str(kind)), event)
    if notice is None:
        return dict(payloads.MALFORMED)
    return notifications.handle_event(notice.detail_type, notice.detail.model_dump())
