"""A table's end date (house rule, issue 31): a table may set ``end_by`` (Unix seconds), and
the first end of a turn at or after that moment ends the game; the richest by net worth wins,
ranked as at the turn cap (:func:`engine.mtaani.properties.net_worth`; equal net worth goes to
the earlier seat). The moment is the ``now`` of the action that ends the turn (``end_turn``, or
the table's ``timeout``), which the service stamps from its clock (``engine.TIME_FIELDS``).
"""

from __future__ import annotations

from engine.mtaani.flow import Ctx, finish
from engine.mtaani.properties import net_worth


def richest(ctx: Ctx) -> int:
    """The seat in play with the highest net worth (SFR); equal worth: the earlier seat (the
    turn cap's and the end date's winner)."""
    worth = {i: net_worth(ctx, i) for i in ctx.active_seats()}
    return max(worth, key=lambda i: (worth[i], -i))


def ends_by_date(ctx: Ctx, now: int) -> bool:
    """End the game (``termination`` ``"end_date"``) when the table's end date has come by
    ``now`` (Unix seconds); True when it did. Called at the end of each turn."""
    end_by = ctx.s.options.end_by
    if end_by is None or now < end_by:
        return False
    finish(ctx, "end_date", richest(ctx))
    return True
