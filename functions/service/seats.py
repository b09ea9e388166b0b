"""Who plays each seat, and the table's idle clock.

A seat is played by a bot when its id is a bot's (``bot:<level>:<n>``) or when
``GameRecord.stand_ins`` names a bot level for it: a Base bot stands in for a human after the
table's limit of idle deadlines in a row (``stand_in_after``), until the player takes the seat
back (:func:`take_back`), and for the seat of an erased account for the rest of the game.
While a stand-in plays, the seat's human cannot act (:class:`StandInPlays`).

The idle clock lives on the game record and is kept by the pipeline on every write
(:func:`note_move`): ``decision_id`` is the pending decision, ``decision_at`` when it began or
its holder last acted, so the deadline is ``decision_at + idle_timeout`` (the table's setting,
5 minutes for a live table as the guide says, hours or days for slow ones). ``idle_streaks``
counts each seat's idle deadlines in a row: the table ending the decision (a ``Timeout``), or
a debt's deadline passing (the table cannot end a debt, guide: never declare bankruptcy for an
absent player, so the deadline only counts). Any move of the player's own resets it.

Source: guide "Flow of play" ("A turn left idle can be ended by the table after 5 minutes so
the game keeps moving"), "Bots and solo play".
"""

from __future__ import annotations

import time
from typing import Any

from service import accounts
from service.errors import Conflict
from service.storage import GameRecord

STAND_IN_LEVEL = "base"
"""The bot level that stands in for an absent player."""


class StandInPlays(Conflict):
    """A bot plays this seat for now; its player must take it back before acting."""

    code = "stand_in_plays"


def stand_ins(record: GameRecord) -> dict[str, str]:
    """Every seat a bot stands in for now: seat index as text -> bot level."""
    return dict(_map(record.stand_ins))


def stand_in(record: GameRecord, seat: int) -> str | None:
    """The bot level standing in for the human at ``seat``, or ``None``."""
    return _map(record.stand_ins).get(str(seat))


def played_by(record: GameRecord, seat: int) -> str | None:
    """The bot level that plays ``seat`` (a bot's seat, or a stand-in), ``None`` for a human."""
    seats = list(record.seats)
    if not 0 <= seat < len(seats):
        return None
    return accounts.bot_level(seats[seat]) or stand_in(record, seat)


def bot_played(record: GameRecord) -> dict[int, str]:
    """Every seat a bot plays now: seat -> bot level."""
    out = {}
    for seat in range(len(record.seats)):
        level = played_by(record, seat)
        if level:
            out[seat] = level
    return out


def _map(attribute: Any) -> dict[str, Any]:
    return attribute.as_dict() if hasattr(attribute, "as_dict") else dict(attribute or {})


def streak(record: GameRecord, seat: int) -> int:
    """Idle deadlines in a row of ``seat``."""
    return int(_map(record.idle_streaks).get(str(seat), 0))


def _set_streak(record: GameRecord, seat: int, value: int) -> None:
    streaks = _map(record.idle_streaks)
    if value:
        streaks[str(seat)] = value
    else:
        streaks.pop(str(seat), None)
    record.idle_streaks = streaks


def start_clock(record: GameRecord, decision: Any, now: int | None = None) -> None:
    """Start the idle clock of the engine ``decision`` (``None``: nobody to act)."""
    record.decision_id = None if decision is None else decision.id
    record.decision_at = None if decision is None else (now or int(time.time()))


def note_move(record: GameRecord, before: Any, action: Any, after: Any,
              now: int | None = None) -> list[dict[str, Any]]:
    """Bookkeeping of one applied action on ``record`` (saved with it): the idle clock
    restarts when the decision changes or its holder acts; the actor's idle streak resets on a
    move of their own and grows when the table ended their decision (``timeout``), handing the
    seat to a Base bot at the table's limit. ``before`` / ``after`` are the engine decisions
    around the action. Returns the service events to log and publish (``SeatHandedToBot``)."""
    now = now or int(time.time())
    events: list[dict[str, Any]] = []
    seat = action.player
    if action.type == "timeout":
        events += count_idle(record, seat)
    elif played_by(record, seat) is None:
        _set_streak(record, seat, 0)
    if after is None:
        start_clock(record, None)
    elif before is None or after.id != before.id or after.player == seat:
        start_clock(record, after, now)
    return events


DEBT_STAND_IN_AFTER = 3
"""Idle deadlines in a row of an unpaid debt after which a Base bot settles it even at a table
that never hands seats to bots (``stand_in_after`` 0): only the debtor, or a bot for them,
can raise the funds or declare bankruptcy, so the table would otherwise wait for ever.
(House value.)"""


def count_idle(record: GameRecord, seat: int, *, debt: bool = False) -> list[dict[str, Any]]:
    """One more idle deadline for ``seat``; at the table's limit a Base bot takes the seat
    (for a ``debt``, at :data:`DEBT_STAND_IN_AFTER` when the table set no limit). Returns the
    ``SeatHandedToBot`` event when that happens."""
    count = streak(record, seat) + 1
    _set_streak(record, seat, count)
    limit = int(record.stand_in_after or 0) or (DEBT_STAND_IN_AFTER if debt else 0)
    if not limit or count < limit or played_by(record, seat) is not None:
        return []
    stand_ins = _map(record.stand_ins)
    stand_ins[str(seat)] = STAND_IN_LEVEL
    record.stand_ins = stand_ins
    return [{"type": "SeatHandedToBot", "player": seat, "level": STAND_IN_LEVEL,
             "idle_turns": count}]


def take_back(record: GameRecord, seat: int) -> list[dict[str, Any]]:
    """The player at ``seat`` takes it back from their stand-in (:class:`Conflict` when no
    bot stands in). Their idle streak starts again from zero and, if the decision is theirs, its clock too."""
    if record.status != "active":
        raise Conflict(f"the game is {record.status}: there is no seat to take back now")
    if stand_in(record, seat) is None:
        raise Conflict("no bot is playing your seat")
    stand_ins = _map(record.stand_ins)
    del stand_ins[str(seat)]
    record.stand_ins = stand_ins
    _set_streak(record, seat, 0)
    if record.decision_seat is not None and int(record.decision_seat) == seat:
        record.decision_at = int(time.time())
    return [{"type": "SeatTakenBack", "player": seat}]
