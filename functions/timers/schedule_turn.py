"""EventBridge rule target (``DecisionPending`` of a seat a human plays): schedule the decision's
idle deadline (:func:`service.idle.schedule`): the table's idle timeout after the decision began.

Debts are scheduled too: their deadline counts toward the seat's idle streak (the table cannot
end a debt). A decision that has already moved on by the time this runs gets no timer.
"""

from service import idle, observability, pipeline


@observability.observed
def handler(event, context):
    detail = event["detail"]
    pending = detail["event"]
    game = pipeline.default_store().load(detail["game_id"])
    record = game.record
    if record.status != "active" or record.decision_id != pending["decision"]:
        return {"scheduled": False, "reason": "moved_on"}
    name = idle.schedule(game)
    return {"scheduled": name is not None, "name": name}
