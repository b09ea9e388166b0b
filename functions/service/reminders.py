"""The reminder before a deadline (issue 31.2): one notification when 80% of a decision's time
is gone, unless the person looked at the game after its first notification; quiet hours apply.

When a decision's first notification goes out (or is held by quiet hours),
:func:`schedule` sets one Scheduler timer at :data:`SHARE` of the time between then and the
decision's ``due``; it invokes the quiet-hours release function (``timers.release_held``, with
a ``remind`` payload), which calls :func:`service.notifications.remind`. That sends nothing
when the decision is no longer pending for that seat, or when the person looked at the game
(``service.presence``) after the first notification; otherwise one notice, once per decision
(its own key), through :func:`service.notifications.notify` (so quiet hours hold it as they
hold any). This module only times the reminder: :mod:`service.notifications` imports it.
"""

from __future__ import annotations

from datetime import UTC, datetime

from service import timers
from service.config import settings

SHARE = 0.8
"""The share of a decision's time gone when its reminder is due."""
MIN_LEAD_SECONDS = 60
"""A decision whose time left at the reminder would be shorter than this gets none (a live
table's minute-long window would only buzz a second time)."""


def due_at(notified: int, due: int) -> int | None:
    """When the reminder of a decision notified at ``notified`` and due at ``due`` (Unix
    seconds) is sent, or ``None`` when there is none (no time, or too little left)."""
    if due <= notified:
        return None
    at = notified + int(SHARE * (due - notified))
    return at if due - at >= MIN_LEAD_SECONDS else None


def schedule(account_id: str, game_id: str, seat: int, decision: int, due: int | None,
             notified: int) -> bool:
    """Set the reminder's timer; ``False`` when the decision gets none or it was set already."""
    at = due_at(notified, due) if due else None
    if at is None or not settings().release_held_function_arn:
        return False
    name = timers.schedule_name("rm", game_id, decision)
    payload = {"account_id": account_id, "remind": {
        "game_id": game_id, "seat": seat, "decision": decision, "notified": notified,
        "due": due}}
    return timers.schedule_once(name, datetime.fromtimestamp(at, UTC),
                                settings().need("release_held_function_arn"), payload)
