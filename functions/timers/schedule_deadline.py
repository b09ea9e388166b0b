"""EventBridge rule target (``DecisionPending`` with ``timed``: a human's decision, the table's
own, or one with a fixed time): schedule the game's pending deadlines
(:func:`service.deadlines.schedule_pending`). A decision that has already been answered by the
time this runs gets no schedule; one whose schedule exists is left alone.
"""

from service import deadlines, observability, pipeline
from timers import payloads


@observability.observed
@payloads.accepts(payloads.BusEvent[payloads.DecisionPending])
def handler(event: payloads.BusEvent[payloads.DecisionPending], context):
    detail = event.detail
    game = pipeline.default_store().load(detail.game_id)
    if game.record.status != "active" or game.record.waiting_for(detail.event.decision) is None:
        return {"scheduled": [], "reason": "moved_on"}
    return {"scheduled": deadlines.schedule_pending(game)}
