"""EventBridge rule target (DecisionPending): schedule the idle-turn deadline of a decision.

The deadline is the table's idle timeout (``idle_timeout`` on the game, else the deployment
default). Debts are not scheduled: only the debtor can raise funds or declare bankruptcy.
"""

import os

from service import observability, pipeline, timers


@observability.observed
def handler(event, context):
    detail = event["detail"]
    pending = detail["event"]
    if pending.get("kind") == "debt":
        return {"scheduled": False, "reason": "debt"}
    game = pipeline.default_store().load(detail["game_id"])
    seconds = int(game.record.idle_timeout or os.environ.get("DEFAULT_IDLE_TIMEOUT_SECONDS", 86400))
    name = timers.schedule_name("idle", detail["game_id"], pending["decision"])
    created = timers.schedule_once(
        name, timers.deadline(seconds), os.environ["IDLE_TURN_FUNCTION_ARN"],
        {"game_id": detail["game_id"], "decision": pending["decision"]},
    )
    return {"scheduled": created, "name": name}
