"""Scheduler target: the idle deadline of one decision has passed (:func:`service.idle.end_idle`).

If the same decision is still pending and idle, the table ends it (or, for a debt, counts the
deadline and sets the next one); if its holder acted since, a timer is set for the new
deadline; if the game has moved on, nothing happens. Delivery is at least once: a second
delivery finds the decision gone or its clock restarted and changes nothing. A saved game
waits for its owner's resume; a game deleted meanwhile (an erased owner's saved game) is left
alone.
"""

from service import idle
from service.errors import NotFound


def handler(event, context):
    game_id, decision = event["game_id"], int(event["decision"])
    try:
        outcome = idle.end_idle(game_id, decision)
    except NotFound:
        return {"applied": False, "reason": "gone"}
    if outcome.reason == "not_yet":
        idle.schedule_at(game_id, decision, outcome.since, outcome.deadline)
    elif outcome.reason == "counted":
        idle.schedule(outcome.result.game)
    return {"applied": outcome.applied, "reason": outcome.reason,
            **({"version": outcome.result.version} if outcome.applied else {})}
