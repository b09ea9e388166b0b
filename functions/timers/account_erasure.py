"""EventBridge target: the account-erasure fan-out (``AccountDeleted``), and the hourly sweep
that resumes erasures whose fan-out stopped (a rate schedule).

Runs :func:`service.erasure.run` until a minute before the invocation's time runs out, then
puts ``AccountDeleted`` on the bus again so a fresh invocation goes on; a table that stays
unavailable is left to the hourly sweep while the others are done. Every step is
idempotent: a repeated delivery finds the work done.
"""

import time

from service import erasure, observability, snapstart
from timers import payloads

snapstart.prime(snapstart.load_rulesets)  # a restored function starts with the rules loaded

MARGIN_SECONDS = 60


@observability.observed
def handler(event, context):
    if isinstance(event, dict) and event.get("detail-type") == "AccountDeleted":
        deleted = payloads.parse(payloads.BusEvent[payloads.AccountDeleted], event)
        if deleted is None:
            return dict(payloads.MALFORMED)
        accounts = [deleted.detail.account_id]
    else:  # the sweep (a rate schedule's event: nothing in it is read)
        accounts = erasure.unfinished()
    deadline = None
    if context is not None and hasattr(context, "get_remaining_time_in_millis"):
        deadline = time.time() + context.get_remaining_time_in_millis() / 1000 - MARGIN_SECONDS
    results = []
    for account_id in accounts:
        result = erasure.run(account_id, deadline)
        if not result["done"] and not result.get("failed"):
            erasure.announce(account_id)  # out of time: go on in a fresh invocation
        # (tables that stayed unavailable wait for the hourly sweep, not a tight loop)
        results.append(result)
    return {"erasures": results}
