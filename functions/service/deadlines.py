"""Deadlines of the decisions a game waits for: one Scheduler schedule per pending deadline, and
what the table does when one passes.

A pending decision's deadline is declared by its ruleset (``engine.Decision.deadline``: an idle
turn, a response window, an auction's close, a game clock, an offer's expiry) and kept on the
game record with the moment the decision appeared (:class:`~service.storage.Waiting`). Every
deadline the service's timers run (:func:`timed`) gets a one-time Scheduler schedule at its
time, named after the game and that time, so a repeated event creates nothing new and the
decisions that share one deadline (every bidder of one auction) share one schedule. When a
schedule fires (:func:`pass_due`), the table looks at the game as it is then:

- a hard deadline that has passed (response windows, closes, clocks, expiries) is closed by
  the pipeline itself before anything else (``pipeline.close_overdue``), so the timer only
  saves what closed;
- a soft deadline (an idle turn) held by a human: the ruleset's deadline action (Mtaani: a
  ``Timeout`` that ends the turn without the absent player losing anything they had not
  chosen) is applied as the table's move through the pipeline, with optimistic locking; the
  seat's idle streak grows and at the table's limit a Base bot takes the seat;
- a deadline the table cannot answer for its holder (a Mtaani debt: never declare bankruptcy
  for an absent player) only counts toward the streak (``DeadlinePassed``), its clock
  restarts and a new schedule is set, so a Base bot stand-in resolves it once the limit is
  reached;
- a decision held by a bot: the bot-turn function is cued again (a stalled bot never stalls a
  table);
- the decision was answered, the game saved or finished: nothing happens;
- nothing is due yet: nothing happens; the timer (``timers.deadline``) then makes sure the
  later deadlines have their schedules (:func:`reschedule`): the one it was set for may have
  moved (an auction's close, extended by a late bid that brought no new decision, so no
  ``DecisionPending`` scheduled it).

Seated players may end an idle decision themselves once its deadline has passed
(``POST /games/{id}/end-idle-turn``), with the same effect; of the pending decisions they
learn only of those they may know of (``views.may_know``): another pair's private deal is
answered as a made-up id, and counts for nothing in the deadline they are told. Delivery is at least once: a
second delivery finds the decision gone, or its deadline moved, and changes nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aws_lambda_powertools import Logger

import engine
from service import access, pipeline, seats, timers, views
from service.config import settings
from service.errors import Conflict
from service.observability import SERVICE
from service.storage import GameMeta, StoredGame, Waiting

log = Logger(service=SERVICE, child=True)  # "mtaa.<module>": the parent's format and keys
MAX_PASSES = 20
"""Bound on the decisions one firing answers (each is one pipeline write)."""


@dataclass
class Passed:
    """What :func:`pass_due` did: ``reason`` is ``"timed_out"`` (the table answered at least
    one decision or closed a phase), ``"counted"`` (a deadline the table cannot answer counted),
    ``"moved_on"``, ``"not_yet"`` (``deadline`` says when), ``"bot"`` (a bot holds the decision:
    cued), ``"saved"`` or ``"finished"``; ``result`` is the last write's."""

    reason: str
    result: pipeline.ActionResult | None = None
    deadline: int | None = None

    @property
    def applied(self) -> bool:
        return self.result is not None


def timed(record: GameMeta, waiting: Waiting) -> bool:
    """Whether the service's timers run ``waiting``'s deadline: a decision of a human, of the
    table itself, or one with a fixed time (an auction closes whoever holds the bids); a bot
    answers its own decisions at once, and the sweeper catches a stalled one."""
    if waiting.deadline is None:
        return False
    if waiting.player is None or waiting.deadline.at is not None:
        return True
    return seats.played_by(record, waiting.player) is None


def schedule_name(game_id: str, due: int) -> str:
    """The schedule of ``game_id``'s deadlines at ``due`` (Unix seconds)."""
    return timers.schedule_name("dl", game_id, due)


def schedule(game_id: str, due: int) -> str | None:
    """Create the schedule that passes ``game_id``'s deadlines at ``due``; its name, or
    ``None`` when it exists already."""
    name = schedule_name(game_id, due)
    created = timers.schedule_once(name, datetime.fromtimestamp(due, UTC),
                                   settings().need("deadline_function_arn"),
                                   {"game_id": game_id, "due": due})
    return name if created else None


def schedule_pending(game: StoredGame, after: int | None = None) -> list[str]:
    """Schedules for every timed pending deadline of ``game`` (only those later than
    ``after`` when given; those already set are kept)."""
    dues = sorted({w.due for w in game.record.waiting() if w.due is not None and timed(game.record, w)
                   and (after is None or w.due > after)})
    return [name for due in dues if (name := schedule(game.game_id, due))]


def reschedule(game_id: str, after: int) -> list[str]:
    """Schedules for the game's timed deadlines later than ``after`` that have none (a timer
    that fired before anything was due: the deadline it was set for moved later)."""
    return schedule_pending(pipeline.default_store().load(game_id), after=after)


def cancel(game: StoredGame, waiting: list[Waiting] | None = None) -> None:
    """Delete the schedules of the game's pending deadlines, or of ``waiting`` (what was
    pending before saving a game: a saved game's clocks stop, so it keeps none); a late one
    finds the game saved and does nothing anyway."""
    for due in {w.due for w in (game.record.waiting() if waiting is None else waiting)
                if w.due is not None}:
        timers.cancel(schedule_name(game.game_id, due))


def _choose(game: StoredGame, state: Any, now: int, decision_id: int | None, by: str | None,
            note: dict[str, Any]) -> Any:
    """The table's move for what is overdue at ``now`` (see the module docstring), or
    ``None`` when there is none (what closed on time is still saved); ``note`` says why
    (``reason``, ``deadline``, ``bots``: seats whose bot holds an overdue decision, ``move``:
    a move was chosen) and keeps ``first``, the decisions overdue when the timer began (those
    its later moves bring are not its to pass); ``pipeline.Unchanged`` with the game's status
    for a game that is not active (nothing is written). Raises ``Forbidden`` /
    :class:`Conflict` for a player who may not end the decision."""
    first = note.get("first")
    note.clear()
    if first is not None:
        note["first"] = first
    record = game.record
    seat = access.seat_of(game, by) if by is not None else None
    if record.status != "active":
        return pipeline.Unchanged(record.status)

    def known(w: Waiting) -> bool:  # a player asking learns only of what they may know of
        return by is None or views.may_know(w, seat)

    if decision_id is not None:
        waiting = record.waiting_for(decision_id)
        if waiting is None or not known(waiting):  # answered as a made-up id is
            note["reason"] = "moved_on"
            return None
        if seat is not None and seat == waiting.player and seats.played_by(record, seat) is None:
            raise Conflict("it is your own decision: make your move")
        if waiting.due is None:
            raise Conflict("this decision has no deadline")
        if now < waiting.due:
            note.update(reason="not_yet", deadline=waiting.due)
            return None
        candidates = [waiting]
    else:
        candidates = sorted((w for w in record.waiting() if w.due is not None and w.due <= now
                             and ("first" not in note or w.id in note["first"]) and known(w)),
                            key=lambda w: (w.due, w.id))
        if seat is not None and seats.played_by(record, seat) is None:
            if any(w.player == seat for w in candidates):
                raise Conflict("it is your own decision: make your move")
            if not candidates and any(w.player == seat for w in record.waiting()):
                raise Conflict("it is your own decision: make your move")
    pending = {d.id: d for d in engine.pending(state)}
    bots = []
    for waiting in candidates:
        decision = pending.get(waiting.id)
        if decision is None:
            continue
        if waiting.player is not None and seats.played_by(record, waiting.player):
            bots.append(waiting.player)
            continue
        note["move"] = True
        note.setdefault("first", {w.id for w in candidates})
        return pipeline.TableMove(waiting, engine.deadline_action(state, decision, now))
    later = [w.due for w in record.waiting() if w.due is not None and w.due > now and known(w)]
    note.update(bots=bots, reason="bot" if bots else "not_yet" if later else "moved_on",
                deadline=min(later) if later else None)
    return None


def pass_due(game_id: str, *, now: int | None = None, decision_id: int | None = None,
             by: str | None = None) -> Passed:
    """Pass every deadline of ``game_id`` that is due at ``now`` (only ``decision_id``'s when
    given); ``by`` is the account of a seated player asking (``None``: a timer or the
    sweeper). See the module docstring for what happens. Raises ``Forbidden`` when ``by``
    holds no seat, :class:`Conflict` when the decision is ``by``'s own or has no deadline,
    and what the pipeline raises."""
    now = now or int(time.time())
    outcome: Passed | None = None
    note: dict[str, Any] = {}
    for _ in range(MAX_PASSES):
        try:
            result = pipeline.run(game_id, lambda game, state: _choose(
                game, state, now, decision_id, by, note), now=now, account_id=by)
        except pipeline.GameSaved:
            return outcome or Passed("saved")
        except engine.GameOver:
            return outcome or Passed("finished")
        if isinstance(result, pipeline.Unchanged):
            if outcome is not None:
                return outcome
            if result.reason != pipeline.NOTHING_TO_DO:  # the game is not active
                return Passed(result.reason)
            if note.get("bots"):
                game = pipeline.default_store().load(game_id)
                state = game.state
                pipeline.cue_bots(pipeline.ActionResult(game, state, [], engine.pending(state)))
            return Passed(note.get("reason", "moved_on"), deadline=note.get("deadline"))
        counted = [e for e in result.events if e["type"] == "DeadlinePassed"]
        for event in counted:
            waiting = result.game.record.waiting_for(event["decision"])
            if waiting is not None and waiting.due is not None:
                schedule(game_id, waiting.due)
        reason = "counted" if counted and outcome is None else "timed_out"
        outcome = Passed(outcome.reason if outcome else reason, result)
        if pipeline.pause_if_unattended(result):  # nobody has moved in person for too long
            return outcome
        if not note.get("move") or result.game.record.status != "active" or decision_id is not None:
            return outcome
    return outcome or Passed("moved_on")
