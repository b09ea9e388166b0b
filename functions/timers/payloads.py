"""The payloads the timers and bus consumers read, as typed models validated at the handler's
entry (:func:`accepts`, :func:`parse`).

Two shapes arrive:

- **Scheduler payloads** (a one-time schedule's ``Input``, :func:`service.timers.schedule_once`):
  :class:`DeadlinePayload` (``timers.deadline``, set by :func:`service.deadlines.schedule`) and
  :class:`ReleaseHeldPayload` (``timers.release_held``: quiet hours ended, or a reminder set by
  :func:`service.reminders.schedule`).
- **EventBridge events** from the bus (:mod:`service.bus`): :class:`BusEvent` with a typed
  ``detail``: :class:`BotsToMove`, :class:`DecisionPending`, :class:`AccountDeleted`, and the
  notices :func:`notice_model` names for ``timers.notify``.

A payload that does not validate can only be a bug or a hand-made event: retrying it cannot
help, and raising would make Lambda's asynchronous invocation (and the rule's or schedule's
retry policy) deliver it again up to ten times and then dead-letter it. So it is logged (the
model, the fields at fault and why; never the values, which may be an account's) and counted
(``MalformedPayloads``), and the handler answers ``{"dropped": "malformed"}``.

Plain pydantic models rather than Powertools' parser (``aws_lambda_powertools.utilities.
parser``): importing its models (``parser.models``) costs ~220 ms of cold start here, while
pydantic itself is already loaded by the engine. Unknown fields are ignored (the publishers may add fields before the timers read them).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from service import observability


class Payload(BaseModel):
    """Base of every payload: frozen, unknown fields ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)


# Scheduler payloads -----------------------------------------------------------------------

class DeadlinePayload(Payload):
    """``timers.deadline``'s schedule input: ``{"game_id", "due"}`` (``due``: Unix seconds of
    the deadlines the schedule was set for; the timer passes whatever is due when it runs)."""

    game_id: str = Field(min_length=1)
    due: int | None = None


class Reminder(Payload):
    """A decision's reminder (:func:`service.reminders.schedule`): the game, the seat and the
    decision it is for, when its holder was first told (``notified``) and its deadline
    (``due``), both Unix seconds."""

    game_id: str = Field(min_length=1)
    seat: int = Field(ge=0)
    decision: int
    notified: int
    due: int


class ReleaseHeldPayload(Payload):
    """``timers.release_held``'s schedule input: ``{"account_id"}`` when the account's quiet
    hours end, ``{"account_id", "remind": Reminder}`` for a reminder."""

    account_id: str = Field(min_length=1)
    remind: Reminder | None = None


# EventBridge events -----------------------------------------------------------------------

class BusEvent[DetailT](Payload):
    """An EventBridge event: ``id``, ``source``, ``detail-type`` and its typed ``detail``."""

    id: str | None = None
    source: str | None = None
    detail_type: str = Field(alias="detail-type")
    detail: DetailT


class Detail(Payload):
    """Base of the ``detail`` models."""


class BotsToMove(Detail):
    """``BotsToMove`` (:func:`service.pipeline.cue_bots`): the game whose bots have something
    to decide, the table's pause before each bot move (``bot_delay``, seconds), and whether
    standing orders left at a write's limit go first (``orders``)."""

    game_id: str = Field(min_length=1)
    bot_delay: float = Field(default=0, ge=0)
    orders: bool = False
    """Standing orders a write left at its limit are to be carried on first."""


class PendingEvent(Detail):
    """The engine event inside ``DecisionPending``: the decision's id (what the timers read)."""

    decision: int


class DecisionPending(Detail):
    """``DecisionPending`` (:func:`service.pipeline._decision_detail`), the fields the
    deadline scheduler reads: the game and the decision."""

    game_id: str = Field(min_length=1)
    event: PendingEvent


class AccountDeleted(Detail):
    """``AccountDeleted`` (:func:`service.erasure.announce`): the account being erased."""

    account_id: str = Field(min_length=1)


class Notice(Detail):
    """Any event ``timers.notify`` turns into notifications (:func:`service.notifications.
    handle_event`): a game's events carry ``game_id``; the rest of the detail is read by the
    notice's own code, so it is kept (``extra="allow"``)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    game_id: str | None = None


class TableNews(Notice):
    """``TableNews``: the game and its news, ``[[number, text], ...]``."""

    game_id: str = Field(min_length=1)
    news: list[tuple[int, str]] = []


class LobbyInvitation(Notice):
    """``LobbyInvitation``: who invites (``owner``) whom (``account_id``) to which table, as a
    ``player`` or a ``spectator``, for which game (``ruleset``; default the registry's)."""

    lobby_id: str = Field(min_length=1)
    account_id: str = Field(min_length=1)
    owner: str = Field(min_length=1)
    role: str
    ruleset: str | None = None


type NoticeEvent = BusEvent[Notice] | BusEvent[TableNews] | BusEvent[LobbyInvitation]
"""A bus event ``timers.notify`` takes: its detail is a :class:`Notice` of some kind."""

_NOTICES: dict[str, type[NoticeEvent]] = {
    "TableNews": BusEvent[TableNews], "LobbyInvitation": BusEvent[LobbyInvitation]}


def notice_model(detail_type: str) -> type[NoticeEvent]:
    """The event model ``timers.notify`` validates an event of ``detail_type`` with."""
    return _NOTICES.get(detail_type, BusEvent[Notice])


# Validation at the handler's entry --------------------------------------------------------

MALFORMED = {"dropped": "malformed"}
"""What a handler answers for a payload that does not validate (Lambda does not retry it)."""


def parse[M: BaseModel](model: type[M], event: Any) -> M | None:
    """``event`` validated as ``model``; ``None`` when it does not validate (logged with the
    fields at fault, without their values, and counted as ``MalformedPayloads``)."""
    try:
        return model.model_validate(event)
    except ValidationError as exc:
        errors = [{"field": ".".join(map(str, e["loc"])), "error": e["type"]}
                  for e in exc.errors(include_url=False, include_input=False)]
        observability.logger.warning("malformed payload dropped", extra={
            "payload_model": model.__name__, "errors": errors})
        observability.count(observability.MALFORMED_PAYLOADS)
        return None


def accepts[M: BaseModel](model: type[M]) -> Callable[[Callable[[M, Any], Any]], Callable[[Any, Any], Any]]:
    """Decorator of a handler ``fn(payload: model, context)``: the raw event is validated as
    ``model`` first; one that does not validate is dropped (:func:`parse`) and the handler
    answers :data:`MALFORMED` without running."""

    def decorate(fn: Callable[[M, Any], Any]) -> Callable[[Any, Any], Any]:
        @functools.wraps(fn)
        def handler(event: Any, context: Any) -> Any:
            payload = parse(model, event)
            return dict(MALFORMED) if payload is None else fn(payload, context)

        return handler

    return decorate
