"""The reminder before a deadline (issue 31.2): one notification when 80% of a decision's time
is gone, unless the person looked at the game after its first notification; quiet hours apply.

When a decision's first notification goes out (or is held by quiet hours),
:func:`schedule` sets one Scheduler timer at :data:`SHARE` of the time between then and the
decision's ``due``; it invokes the quiet-hours release function (``timers.release_held``, with
a ``remind`` payload), which calls :func:`fire`. That sends nothing when the decision is no
longer pending for that seat, or when the person looked at the game (``service.presence``)
after the first notification; otherwise one notice, once per decision (its own key), through
:func:`service.notifications.notify` (so quiet hours hold it as they hold any).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import engine
from service import notifications, presence, timers
from service.config import settings
from service.delivery import Message
from service.storage import GameRecord

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


def fire(account_id: str, remind: dict[str, Any], now: float | None = None) -> str:
    """The reminder's timer: ``"made"`` (the decision is no longer the seat's), ``"looked"``
    (the person looked at the game after the first notification), else what
    :func:`service.notifications.notify` says (``"sent"``, ``"held"``, ``"repeat"``)."""
    game_id, seat, decision = remind["game_id"], int(remind["seat"]), int(remind["decision"])
    try:
        record = GameRecord.get(game_id)
    except GameRecord.DoesNotExist:
        return "made"
    if record.status != "active" or record.seats[seat] != account_id:
        return "made"
    state = engine.load_state(record.state)
    if not any(d.id == decision and d.player == seat for d in engine.pending(state)):
        return "made"
    if presence.seen(game_id).get(account_id, 0) > int(remind["notified"]):
        return "looked"
    prefs = notifications.preferences(account_id)
    when = notifications.deadline_text(int(remind["due"]), prefs, now)
    title = engine.get_ruleset(record.ruleset).game_title
    message = Message(f"Reminder: {title} waits for you",
                      f"Most of the time for your decision is gone: the table decides for you at "
                      f"{when}.", notifications._link(f"game/{game_id}"), f"game-{game_id}",
                      game_id)
    return notifications.notify(account_id, f"{game_id}#remind#{decision}", message,
                                emailable=True, now=now or time.time())
