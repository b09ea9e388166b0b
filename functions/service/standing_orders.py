"""Standing orders at a table (issue 31, section 1): each seat's orders, set by that seat's
person only, kept in the game item (``GameRecord.orders``), and what they did.

- ``GET``/``PUT /games/{id}/orders`` (:func:`orders_body`, :func:`set_orders`): the caller's
  own seat's orders, validated by the game's model (``engine.orders.parse_orders``; a bad
  field answers 422 with its message), the recommended set and the JSON Schema the screens
  render. The PUT is one UpdateItem of ``orders`` conditioned on the version
  (``GameStore.update_fields``): nothing else changes, and every reader's version stays as
  it was (it is counted hidden for all, ``views.note_unseen``), so nobody can tell that
  someone changed their orders and no move made on an earlier view goes stale by it.
- The pipeline follows the orders of the seats people play (:func:`seat_orders`) in the
  write of the move or timer that handed them a decision (``pipeline.follow_orders``). A
  PUT's own write moves nothing; after it the API follows the orders at once
  (``pipeline.follow_standing_orders``) when they can make something waiting now.
- What the orders did (:func:`note_did`, :func:`did`): each move an order made is kept for
  its seat (``GameRecord.orders_did``: the newest :data:`DID_KEPT`, with the events as that
  seat saw them), and shown to the seat's person as the moves made since they last looked
  at the table (``presence``: their previous look, to the minute).

Nobody reads another seat's orders: the game view, the log, the replay and the bus never
carry them (the log marks an order's move ``"by": "order"`` in its internal
``ActionApplied`` item only).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

import engine
from engine import orders as engine_orders
from service import observability, races, seats
from service.access import game_access
from service.errors import Conflict, Forbidden, ServiceUnavailable, Unprocessable
from service.storage import GameMeta, GameStore, StoredGame
from service.views import note_unseen

log = observability.logger
DID_KEPT = 60
"""Order moves kept per seat for "what your orders did" (a day of a Mtaani seat's turns on
orders is about 30: roll, buy, end turn...)."""
UPDATE_RETRIES = 5
"""Tries of the orders' conditional write when moves keep winning the race."""
NO_ORDERS = "this game has no standing orders"


class NotSeated(Forbidden):
    """The caller may watch the table but holds no seat there: orders are a seat's."""

    code = "not_seated"


class OrdersClosed(Conflict):
    """The game is over: there is nothing left for orders to do."""

    code = "game_over"


def stored(record: GameMeta) -> dict[int, dict[str, Any]]:
    """Every seat's orders as stored (seat -> their JSON), seats without orders left out."""
    return {int(seat): data for seat, data in json.loads(record.orders or "{}").items()}


def _store(record: GameMeta, all_orders: Mapping[int, dict[str, Any]]) -> None:
    record.orders = json.dumps({str(s): all_orders[s] for s in sorted(all_orders)},
                               separators=(",", ":")) if all_orders else None


def seat_orders(record: GameMeta, state: Any) -> dict[int, BaseModel]:
    """The parsed orders (``engine.orders.parse_orders``) of the seats people play now, for
    ``engine.orders.follow``: bots' seats and stand-ins have none. Orders stored under rules
    that no longer accept them are skipped (logged), never an error."""
    ruleset = engine.ruleset_of(state)
    if ruleset.standing_orders is None or not record.orders:
        return {}
    played = seats.bot_played(record)
    out = {}
    for seat, data in stored(record).items():
        if seat in played:
            continue
        try:
            out[seat] = engine_orders.parse_orders(ruleset, data)
        except engine.InvalidAction as exc:
            log.warning("stored orders no longer valid", extra={
                "game_id": record.game_id, "seat": seat, "error": exc.message})
    return out


def note_did(record: GameMeta, seat: int, entry: dict[str, Any]) -> None:
    """Keep ``entry`` (``{"seq", "at", "action", "events", "written"}``: one order move of
    ``seat``, its events as the seat sees them, and when its write was made, Unix seconds to
    the millisecond, which :func:`did` compares with the person's previous look) among the
    seat's newest :data:`DID_KEPT`."""
    kept = dict(record.orders_did or {})
    kept[str(seat)] = [*kept.get(str(seat), []), entry][-DID_KEPT:]
    record.orders_did = kept


def did(record: GameMeta, seat: int | None, since: float | None) -> list[dict[str, Any]]:
    """What ``seat``'s orders did after ``since`` (Unix seconds to the millisecond: the
    person's previous look, :func:`service.presence.last_look`; ``None``: never looked),
    oldest first: ``[{"seq", "at", "action", "events"}]``. Compared by when each move's
    write was made, not by the move's ``at`` (whole seconds, and a timer's write carries the
    deadline's time): an order move written just after a look in the same second, or by a
    timer that ran after the look, is told."""
    if seat is None:
        return []
    entries = (record.orders_did or {}).get(str(seat), [])
    return [_told(e) for e in entries
            if since is None or float(e.get("written", e["at"])) > since]


def _told(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry of :func:`note_did` as the seat reads it (``OrderMoveOut``: no ``written``)."""
    return {k: v for k, v in entry.items() if k != "written"}


def did_since_look(record: GameMeta, seat: int | None,
                   looked: Callable[[], float | None]) -> list[dict[str, Any]]:
    """:func:`did` since ``looked()`` (the person's previous look), which is asked only when
    the seat's orders have moves to show (most seats have none: no read)."""
    if seat is None or not (record.orders_did or {}).get(str(seat)):
        return []
    return did(record, seat, looked())


def forget_seat(record: GameMeta, seat: int) -> None:
    """Drop ``seat``'s orders and what they did (its account was erased)."""
    all_orders = stored(record)
    all_orders.pop(seat, None)
    _store(record, all_orders)
    kept = dict(record.orders_did or {})
    if kept.pop(str(seat), None) is not None:
        record.orders_did = kept or None


def seat_at(game: StoredGame, account_id: str) -> int:
    """The caller's seat: :class:`~service.errors.NotFound` for a stranger to a private table,
    :class:`NotSeated` for someone who may only watch."""
    seat = game_access(game, account_id)
    if seat is None:
        raise NotSeated("you do not hold a seat at this table: orders are set by a seat's player")
    return seat


def did_after(record: GameMeta, seat: int, seq: int) -> list[dict[str, Any]]:
    """What ``seat``'s orders did in the log's items after ``seq`` (the moves of the writes
    since the log held ``seq`` items), oldest first."""
    return [_told(e) for e in (record.orders_did or {}).get(str(seat), []) if int(e["seq"]) > seq]


def orders_body(game: StoredGame, account_id: str, looked: Callable[[], float | None] | None = None,
                *, written_after: int | None = None) -> dict[str, Any]:
    """The body of ``GET``/``PUT /games/{id}/orders`` for ``account_id`` (``OrdersOut``):
    their seat's orders (``None``: none set), the game's recommended orders and JSON Schema
    (both ``None`` for a game without orders) and what their orders did: for a GET, since
    their previous look (:func:`did_since_look`; ``looked()`` tells when, asked only when the
    orders did anything); for a PUT, in the write its orders made at once (``written_after``:
    the log's length before it; :func:`did_after`, no read: the person is at the table and saw
    the rest at their look). Raises as :func:`seat_at`."""
    seat = seat_at(game, account_id)
    ruleset = engine.get_ruleset(game.record.ruleset)
    done = (did_after(game.record, seat, written_after) if written_after is not None
            else did_since_look(game.record, seat, looked or (lambda: None)))
    return {"game_id": game.game_id, "seat": seat, "orders": stored(game.record).get(seat),
            "recommended": engine_orders.recommended(ruleset),
            "schema": engine_orders.schema(ruleset), "did": done}


def set_orders(game_id: str, account_id: str, data: Mapping[str, Any] | None,
               store: GameStore) -> StoredGame:
    """Set (or, with ``None``, clear) the caller's seat's orders: validated by the game's
    model (:class:`~service.errors.Unprocessable` naming the bad field, or for a game without
    orders), refused once the game is over (:class:`OrdersClosed`), for a stranger to a
    private table (``NotFound``) and for someone not seated (:class:`NotSeated`). One
    conditional write of ``orders`` (see the module docstring), retried on a lost race;
    :class:`~service.errors.ServiceUnavailable` when races persist. Returns the game as
    written."""
    def attempt(_: int) -> StoredGame:
        game = store.load(game_id)
        record = game.record
        seat = seat_at(game, account_id)
        if record.status == "finished" or game.archived:
            raise OrdersClosed("the game is over: orders can no longer change anything")
        ruleset = engine.get_ruleset(record.ruleset)
        if ruleset.standing_orders is None:
            raise Unprocessable(NO_ORDERS)
        all_orders = stored(record)
        if data is None:
            all_orders.pop(seat, None)
        else:
            try:
                all_orders[seat] = engine_orders.parse_orders(ruleset, data).model_dump(mode="json")
            except engine.InvalidAction as exc:
                raise Unprocessable(exc.message) from None
        _store(record, all_orders)
        note_unseen(record, [], None)  # no reader's version moves: nobody sees orders change
        return store.update_fields(game, ("orders", "hidden", "seen_at"))

    busy = ServiceUnavailable("the game is busy with other moves; try again", retry_after=1)
    return races.until_won(attempt, tries=UPDATE_RETRIES, pause=races.fixed(0.02), busy=busy)
