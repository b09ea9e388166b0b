"""Scheduler target: the idle-turn deadline of one decision has passed.

If the same decision is still pending, the table ends it with the engine's idle action
(through the pipeline, with optimistic locking); if the game has moved on, nothing happens.
Delivery is at least once, so a second delivery finds the decision gone and does nothing.
A saved (paused) game is left alone: its owner's resume announces the decision again and a
fresh deadline is scheduled then.
"""

import engine
from service import observability, pipeline


class _MovedOn(Exception):
    pass


@observability.observed
def handler(event, context):
    game_id, decision_id = event["game_id"], int(event["decision"])

    def decide(game, state):
        ruleset = engine.get_ruleset(state.ruleset)
        decision = ruleset.decision(state)
        action = ruleset.idle_action(state)
        if decision is None or decision.id != decision_id or action is None:
            raise _MovedOn()
        return action

    try:
        result = pipeline.run(game_id, decide)
    except _MovedOn:
        observability.count(observability.STALE_TIMERS_IGNORED)
        return {"applied": False}
    except pipeline.GameSaved:
        observability.count(observability.STALE_TIMERS_IGNORED)
        return {"applied": False, "reason": "saved"}
    observability.count(observability.TIMEOUTS_FIRED)
    return {"applied": True, "version": result.version}
