"""EventBridge rule target (``BotsToMove``): play the bots of a game until it waits on a human,
is over, or this invocation's budget is spent (then a fresh invocation is cued), pausing the
table's bot delay before each move; with ``"orders": true`` first carry on the standing orders
a write left at its limit (:func:`service.botplay.play`)."""


from service import botplay, observability, snapstart
from service.config import settings
from timers import payloads

snapstart.prime(snapstart.load_rulesets)  # a restored function starts with the rules loaded

SAFETY_SECONDS = 5.0
"""Time kept back from the function's timeout (the last move and the hand-off)."""


@observability.observed
@payloads.accepts(payloads.BusEvent[payloads.BotsToMove])
def handler(event: payloads.BusEvent[payloads.BotsToMove], context):
    detail = event.detail
    budget = settings().bot_turn_budget_seconds
    remaining = getattr(context, "get_remaining_time_in_millis", None)
    if remaining is not None:
        budget = min(budget, remaining() / 1000 - SAFETY_SECONDS)
    run = botplay.play(detail.game_id, delay=detail.bot_delay, budget=budget,
                       orders=detail.orders)
    return {"moves": run.moves, "stopped": run.stopped}
