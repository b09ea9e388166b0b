"""Idle decisions: the deadline timer of each pending decision, and what happens when it passes.

Every time a decision passes to a human, a one-time Scheduler schedule is created for its
deadline (``decision_at + idle_timeout`` on the game record, :mod:`service.seats`), named after
the game, the decision and the start of its idle clock, so a repeated event creates nothing
new and two timers of one clock cannot both exist. When it fires (:func:`end_idle`):

- the decision has moved on, the game is saved or finished: nothing happens;
- the holder acted since (the clock restarted): a new timer is set for the new deadline;
- a bot plays the seat: the bot-turn function is cued again (a stalled bot never stalls a table);
- otherwise the table ends the decision with the engine's idle action (a ``Timeout``) through
  the pipeline, with optimistic locking; the seat's idle streak grows and at the table's limit
  a Base bot takes the seat;
- a debt cannot be ended by the table (never declare bankruptcy for an absent player): the
  deadline only counts toward the streak (``IdleDeadlinePassed``), the clock restarts and a new
  timer is set, so the Base bot stand-in resolves the debt once the limit is reached.

Seated players may end an idle decision themselves once its deadline has passed
(``POST /games/{id}/end-idle-turn``), with the same effect. Delivery is at least once: a second
delivery finds the decision gone, or its clock restarted, and changes nothing.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel

import engine
from service import pipeline, seats, timers
from service.errors import Conflict
from service.storage import StoredGame

log = logging.getLogger(__name__)


@dataclass
class IdleOutcome:
    """What :func:`end_idle` did: ``reason`` is ``"timed_out"`` (the table ended the decision),
    ``"counted"`` (a debt's deadline counted), ``"moved_on"``, ``"not_yet"`` (``deadline``
    says when), ``"bot"`` (a bot plays the seat: cued), ``"saved"`` or ``"finished"``."""

    reason: str
    result: pipeline.ActionResult | None = None
    deadline: int | None = None
    since: int | None = None

    @property
    def applied(self) -> bool:
        return self.result is not None


class _Skip(Exception):
    def __init__(self, reason: str, deadline: int | None = None, since: int | None = None):
        super().__init__(reason)
        self.reason, self.deadline, self.since = reason, deadline, since


class _CountOnly(Exception):
    pass


def schedule_name(game_id: str, decision: int, since: int) -> str:
    """The timer of ``decision``'s idle clock started at ``since`` (Unix seconds)."""
    return timers.schedule_name("idle", game_id, decision) + f"-{since}"


def schedule(game: StoredGame) -> str | None:
    """Create the deadline timer of the game's pending decision (from its record); returns
    its name, or ``None`` when there is no decision or a timer of that clock already exists."""
    record = game.record
    due = record.idle_deadline()
    if due is None:
        return None
    return schedule_at(game.game_id, int(record.decision_id), int(record.decision_at), due)


def schedule_at(game_id: str, decision: int, since: int, due: int) -> str | None:
    """Create the timer of ``decision``'s idle clock started at ``since``, due at ``due`` (Unix
    seconds); ``None`` when it exists already."""
    name = schedule_name(game_id, decision, since)
    payload = {"game_id": game_id, "decision": decision, "since": since}
    created = timers.schedule_once(name, datetime.fromtimestamp(due, UTC),
                                   os.environ["IDLE_TURN_FUNCTION_ARN"], payload)
    return name if created else None


def cancel(game: StoredGame) -> None:
    """Delete the pending decision's timer (saving a game); a late one does nothing anyway."""
    record = game.record
    if record.decision_id is not None and record.decision_at is not None:
        timers.cancel(schedule_name(game.game_id, int(record.decision_id),
                                    int(record.decision_at)))


def _check(game: StoredGame, state: BaseModel, decision_id: int | None, by: str | None,
           now: int) -> Any:
    """The pending engine decision if it is idle now; raises :class:`_Skip` otherwise, and
    :class:`~service.errors.Forbidden` / :class:`Conflict` for a player who may not end it."""
    record = game.record
    if record.status != "active":
        raise _Skip(record.status)
    decision = engine.get_ruleset(state.ruleset).decision(state)
    if decision is None or (decision_id is not None and decision.id != decision_id):
        raise _Skip("moved_on")
    if by is not None:
        seat = pipeline.seat_of(game, by)
        if seat == decision.player and seats.played_by(record, seat) is None:
            raise Conflict("it is your own decision: make your move")
    due = record.idle_deadline() if record.decision_id == decision.id else None
    if due is None and by is not None:
        raise Conflict("this decision has no idle deadline")
    if due is not None and now < due:
        raise _Skip("not_yet", due, int(record.decision_at))
    if seats.played_by(record, decision.player):
        raise _Skip("bot")
    return decision


def end_idle(game_id: str, decision_id: int | None = None, *, by: str | None = None,
             now: int | None = None) -> IdleOutcome:
    """End the idle decision ``decision_id`` (``None``: whatever is pending) of ``game_id`` if
    its deadline has passed; ``by`` is the account of a seated player asking (``None``: the
    timer). See the module docstring for what happens. Raises ``Forbidden`` when ``by``
    holds no seat, :class:`Conflict` when the decision is ``by``'s own or has no deadline, and
    what the pipeline raises (:class:`~service.errors.Forbidden` comes from
    :func:`service.pipeline.seat_of`)."""
    now = now or int(time.time())

    def decide(game: StoredGame, state: BaseModel) -> BaseModel:
        _check(game, state, decision_id, by, now)
        action = engine.idle_action(state)
        if action is None:
            raise _CountOnly()
        return action

    def count(game: StoredGame, state: BaseModel) -> pipeline.Amendment:
        decision = _check(game, state, decision_id, by, now)
        game.record.decision_at = now
        return pipeline.Amendment([{"type": "IdleDeadlinePassed", "player": decision.player,
                                    "decision": decision.id, "kind": decision.kind},
                                   *seats.count_idle(game.record, decision.player,
                                                     debt=decision.kind == "debt")])

    try:
        try:
            return IdleOutcome("timed_out", pipeline.run(game_id, decide))
        except _CountOnly:
            return IdleOutcome("counted", pipeline.amend(game_id, count))
    except _Skip as skip:
        if skip.reason == "bot":
            game = pipeline.default_store().load(game_id)
            pipeline.cue_bots(pipeline.ActionResult(game, engine.load_state(game.record.state), []))
        return IdleOutcome(skip.reason, deadline=skip.deadline, since=skip.since)
    except pipeline.GameSaved:
        return IdleOutcome("saved")
    except engine.GameOver:
        return IdleOutcome("finished")

