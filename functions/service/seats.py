"""Who plays each seat, and the clocks of the decisions the table waits for.

A seat is played by a bot when its id is a bot's (``bot:<level>:<n>``) or when
``GameRecord.stand_ins`` names a bot level for it: a Base bot stands in for a human after the
table's limit of idle deadlines in a row (``stand_in_after``), until the player takes the seat
back (:func:`take_back`), and for the seat of an erased account for the rest of the game.
While a stand-in plays, the seat's human cannot act (:class:`StandInPlays`).

The clocks live on the game record and are kept by the pipeline on every write
(:func:`note_move`): ``GameRecord.pending`` lists the decisions the game waits for (several at
once in Mulodi and Jiji), each with the deadline its ruleset declared and ``since``, when it
appeared, so a relative deadline passes at ``since`` plus the table's setting (the idle
timeout: 5 minutes for a live table as the guide says, hours or days for slow ones; a
response window) and an absolute one at its time (an auction's close, a game clock).
``idle_streaks`` counts each seat's idle deadlines in a row: the table answering a decision
for its holder (a ``Timeout``), or a deadline passing that the table cannot answer (a Mtaani
debt: guide, never declare bankruptcy for an absent player, so the deadline only counts).
Answering a decision of one's own resets it.

Source: guide "Flow of play" ("A turn left idle can be ended by the table after 5 minutes so
the game keeps moving"), "Bots and solo play".
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from service import accounts
from service.errors import Conflict
from service.storage import GameFields, GameMeta, Waiting

STAND_IN_LEVEL = "base"
"""The bot level that stands in for an absent player."""


class StandInPlays(Conflict):
    """A bot plays this seat for now; its player must take it back before acting."""

    code = "stand_in_plays"


def stand_ins(record: GameFields) -> dict[str, str]:
    """Every seat a bot stands in for now: seat index as text -> bot level."""
    return dict(as_map(record.stand_ins))


def stand_in(record: GameMeta, seat: int) -> str | None:
    """The bot level standing in for the human at ``seat``, or ``None``."""
    return as_map(record.stand_ins).get(str(seat))


def played_by(record: GameMeta, seat: int) -> str | None:
    """The bot level that plays ``seat`` (a bot's seat, or a stand-in), ``None`` for a human."""
    seats = list(record.seats)
    if not 0 <= seat < len(seats):
        return None
    return accounts.bot_level(seats[seat]) or stand_in(record, seat)


def bot_played(record: GameMeta) -> dict[int, str]:
    """Every seat a bot plays now: seat -> bot level."""
    out = {}
    for seat in range(len(record.seats)):
        level = played_by(record, seat)
        if level:
            out[seat] = level
    return out


def as_map(attribute: Any) -> dict[str, Any]:
    """A record's ``MapAttribute`` (or a plain dict, or ``None``) as a new plain dict."""
    return attribute.as_dict() if hasattr(attribute, "as_dict") else dict(attribute or {})


def streak(record: GameMeta, seat: int) -> int:
    """Idle deadlines in a row of ``seat``."""
    return int(as_map(record.idle_streaks).get(str(seat), 0))


def _set_streak(record: GameMeta, seat: int, value: int) -> None:
    streaks = as_map(record.idle_streaks)
    if value:
        streaks[str(seat)] = value
    else:
        streaks.pop(str(seat), None)
    record.idle_streaks = streaks


def track(record: GameMeta, pending: Any, now: int | None = None) -> list[Waiting]:
    """Keep the record's pending decisions in step with the engine's (``pending``, a tuple of
    :class:`engine.Decision`): a decision still pending keeps the moment it appeared (its
    deadline's clock goes on: only a new decision starts one), a new one starts now. Returns
    the new list (also set on ``record``)."""
    now = now or int(time.time())
    since = {w.id: w.since for w in record.waiting()}
    waiting = [Waiting.of(d, since.get(d.id, now)) for d in pending]
    record.set_waiting(waiting)
    return waiting


def hush(record: GameMeta, hushed: set[int] | frozenset[int]) -> None:
    """Mark exactly the pending decisions ``hushed`` (ids) as :attr:`Waiting.hushed`: their
    holders were not told of them (their orders make them in the next write)."""
    record.set_waiting([replace(w, hushed=w.id in hushed) for w in record.waiting()])


def restart(record: GameMeta, decision_id: int, now: int | None = None) -> None:
    """Start the clock of pending decision ``decision_id`` again from ``now`` (its deadline
    passed and only counted, or its player took the seat back)."""
    now = now or int(time.time())
    record.set_waiting([replace(w, since=now) if w.id == decision_id
                        else w for w in record.waiting()])


def restart_all(record: GameMeta, now: int | None = None) -> None:
    """Start every pending decision's clock again from ``now`` (a resumed game)."""
    now = now or int(time.time())
    record.set_waiting([replace(w, since=now) for w in record.waiting()])


def note_move(record: GameMeta, before: list[Waiting], action: Any, after: Any,
              now: int | None = None, *, by_table: Waiting | None = None) -> list[dict[str, Any]]:
    """Bookkeeping of one applied action on ``record`` (saved with it). ``before``: the
    record's pending decisions before the action; ``after``: the engine's pending decisions
    after it; ``by_table``: the decision whose deadline the table acted on (``None`` for a
    player's move).

    - A decision's clock starts when it appears and runs until it is answered: an action that
      leaves it pending (trade offers, toggles, chat) restarts nothing, so nobody can hold a
      table by moving without answering (:func:`track`).
    - A player who answers a decision of theirs (it is no longer pending after their move)
      shows they are present: their idle streak resets.
    - The table acting on a decision whose deadline counts idleness (idle turns, response
      windows) adds to its holder's streak; at the table's limit a Base bot takes the seat.

    Returns the service events to log and publish (``SeatHandedToBot``)."""
    now = now or int(time.time())
    events: list[dict[str, Any]] = []
    answered = {w.id for w in before} - {d.id for d in after}
    if by_table is not None:
        if by_table.player is not None and by_table.deadline is not None and by_table.deadline.counts_idle:
            events += count_idle(record, by_table.player)
    else:
        seat = getattr(action, "player", None)
        if (seat is not None and played_by(record, seat) is None
                and any(w.player == seat and w.id in answered for w in before)):
            _set_streak(record, seat, 0)
    track(record, after, now)
    return events


def told_while_absent(record: GameMeta, seat: int | None, before: list[Waiting],
                      pending: Any) -> bool:
    """Whether the human at ``seat`` has already been told of a decision since they last acted,
    so a new one of theirs needs no notice: one until they act, not one a turn for ever. That is
    so once the table has answered a decision of theirs (their idle streak), except for the
    first such answer when it let a response window of theirs stand (a deadline other than an
    idle turn: ``before``, the decisions pending before this change, less ``pending``, those
    pending after it): what that leaves them (a Mulodi payment) is news they must hear of."""
    if seat is None:
        return False
    count = streak(record, seat)
    if count != 1:
        return count > 1
    still = {d.id for d in pending}
    return not any(w.player == seat and w.id not in still and w.deadline is not None
                   and w.deadline.kind != "idle_turn" for w in before)


STUCK_STAND_IN_AFTER = 3
"""Idle deadlines in a row of a decision the table cannot answer for its holder (a Mtaani
debt: only the debtor, or a bot for them, can raise the funds or declare bankruptcy) after
which a Base bot answers it even at a table that never hands seats to bots
(``stand_in_after`` 0), so the table never waits for ever. (House value.)"""


def count_idle(record: GameMeta, seat: int, *, stuck: bool = False) -> list[dict[str, Any]]:
    """One more idle deadline for ``seat``; at the table's limit a Base bot takes the seat
    (for a decision the table cannot answer, ``stuck``, at :data:`STUCK_STAND_IN_AFTER` when
    the table set no limit). Returns the ``SeatHandedToBot`` event when that happens."""
    count = streak(record, seat) + 1
    _set_streak(record, seat, count)
    limit = int(record.stand_in_after or 0) or (STUCK_STAND_IN_AFTER if stuck else 0)
    if not limit or count < limit or played_by(record, seat) is not None:
        return []
    stand_ins = as_map(record.stand_ins)
    stand_ins[str(seat)] = STAND_IN_LEVEL
    record.stand_ins = stand_ins
    return [{"type": "SeatHandedToBot", "player": seat, "level": STAND_IN_LEVEL,
             "idle_turns": count}]


def take_back(record: GameMeta, seat: int) -> list[dict[str, Any]]:
    """The player at ``seat`` takes it back from their stand-in (:class:`Conflict` when no
    bot stands in). Their idle streak starts again from zero and, if the decision is theirs, its clock too."""
    if record.status != "active":
        raise Conflict(f"the game is {record.status}: there is no seat to take back now")
    if stand_in(record, seat) is None:
        raise Conflict("no bot is playing your seat")
    stand_ins = as_map(record.stand_ins)
    del stand_ins[str(seat)]
    record.stand_ins = stand_ins
    _set_streak(record, seat, 0)
    for waiting in record.waiting():
        if waiting.player == seat:
            restart(record, waiting.id)
    return [{"type": "SeatTakenBack", "player": seat}]
