"""Game storage on DynamoDB (PynamoDB): the game item (state + version) and its event log.

The port is :class:`GameStore`; :class:`DynamoGameStore` is the adapter. A save writes the new
state with the version condition and the action's event-log items in one transaction, so the
log and the state never disagree; a lost race raises :class:`~service.errors.VersionConflict`.

Table definitions live in ``template.yaml`` (``GamesTable``, ``GameEventsTable``); the local
stack creates the tables from there and a test checks these models match them.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from pynamodb.attributes import (
    BinaryAttribute,
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    VersionAttribute,
)
from pynamodb.connection import Connection
from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from service.config import settings
from service.errors import NotFound, ServiceUnavailable, VersionConflict

MAX_TRANSACTION_ITEMS = 100
_connection: Connection | None = None


def connection() -> Connection:
    """The process's low-level DynamoDB connection for transactions (a botocore client is
    costly to create: one per process, reused across invocations)."""
    global _connection
    if _connection is None:
        _connection = Connection()
    return _connection


def delete_all(model: type[Model], items: Iterable[Model]) -> int:
    """Delete every item of ``model`` whose keys ``items`` yields (query results, keys-only
    index results included), 25 to a batch; returns how many. Deleting an item that is already
    gone is not an error, so a retry after a failure finishes the job."""
    count = 0
    try:
        with model.batch_write() as batch:
            for item in items:
                keys = {model._hash_keyname: getattr(item, model._hash_keyname)}
                if model._range_keyname:
                    keys[model._range_keyname] = getattr(item, model._range_keyname)
                batch.delete(model(**keys))
                count += 1
    except PynamoDBException as exc:
        raise ServiceUnavailable("the store is not answering; try again") from exc
    return count


class CompressedTextAttribute(BinaryAttribute):
    """Text stored zlib-compressed as a DynamoDB Binary (smaller and faster than a Map)."""

    def __init__(self, **kwargs: Any):
        super().__init__(legacy_encoding=False, **kwargs)

    def serialize(self, value: str) -> bytes:
        return super().serialize(zlib.compress(value.encode(), 6))

    def deserialize(self, value: bytes) -> str:
        return zlib.decompress(super().deserialize(value)).decode()


class GameRecord(Model):
    """One game: its ruleset, seats (account or bot ids), status (``active``, ``saved``:
    paused by its owner, ``finished``) and compressed state. ``decision_seat`` /
    ``decision_kind`` copy the pending decision for dashboards (no state decode needed);
    ``owner`` is the lobby owner's account id (fixed at kickoff). ``stand_ins`` maps a seat
    index (as text) to the bot level that plays a human seat for now (``"base"``): after too
    many idle turns in a row, or for an erased account's seat in an ongoing game.

    The idle clock (:mod:`service.seats`): ``decision_id`` is the pending decision's id and
    ``decision_at`` (Unix seconds) when it began or its holder last acted, so its deadline is
    ``decision_at + idle_timeout``; ``idle_streaks`` counts each seat's idle deadlines in a row
    (seat index as text); ``stand_in_after`` is the table's limit of those before a Base bot
    takes the seat (``None`` or 0: never); ``bot_delay`` the seconds between bot moves."""

    class Meta:
        table_name = settings().games_table

    game_id = UnicodeAttribute(hash_key=True)
    version = VersionAttribute()
    ruleset = UnicodeAttribute()
    status = UnicodeAttribute(default="active")
    seats = ListAttribute(of=UnicodeAttribute, default=list)
    state = CompressedTextAttribute()
    event_count = NumberAttribute(default=0)
    idle_timeout = NumberAttribute(null=True)
    owner = UnicodeAttribute(null=True)
    decision_seat = NumberAttribute(null=True)
    decision_kind = UnicodeAttribute(null=True)
    stand_ins = MapAttribute(default=dict)
    decision_id = NumberAttribute(null=True)
    decision_at = NumberAttribute(null=True)
    idle_streaks = MapAttribute(default=dict)
    stand_in_after = NumberAttribute(null=True)
    bot_delay = NumberAttribute(null=True)
    created_at = NumberAttribute()
    updated_at = NumberAttribute()

    def set_decision(self, decision: tuple[int, str] | None) -> None:
        """Record the pending decision ``(seat, kind)`` (``None``: nobody to act)."""
        self.decision_seat, self.decision_kind = decision if decision else (None, None)


Decision = tuple[int, str] | None
"""The pending decision as ``(seat, kind)``, stored beside the state for dashboards."""
AddToTransaction = Callable[[TransactWrite], None]
"""Adds more items to a store's write transaction (the lobby's kickoff, with the game)."""


class GameEventRecord(Model):
    """One event of a game's log, numbered from 1 by ``seq``."""

    class Meta:
        table_name = settings().events_table

    game_id = UnicodeAttribute(hash_key=True)
    seq = NumberAttribute(range_key=True)
    type = UnicodeAttribute()
    data = UnicodeAttribute()
    step = NumberAttribute(default=0)
    at = NumberAttribute()


@dataclass
class StoredGame:
    """A loaded game: the record (its ``version`` is the one the next save must match)."""

    record: GameRecord

    @property
    def version(self) -> int:
        return int(self.record.version)

    @property
    def game_id(self) -> str:
        return self.record.game_id


class GameStore(Protocol):
    """Storage port of the action pipeline."""

    def create(self, game_id: str, ruleset: str, seats: list[str], state_json: str,
               events: list[dict[str, Any]], *, owner: str | None = None,
               idle_timeout: int | None = None, decision: Decision = None,
               also: AddToTransaction | None = None,
               table: dict[str, Any] | None = None) -> StoredGame: ...

    def load(self, game_id: str) -> StoredGame: ...

    def save(self, game: StoredGame, state_json: str, status: str, events: list[dict[str, Any]],
             step: int, *, decision: Decision = None,
             also: AddToTransaction | None = None) -> StoredGame: ...

    def events(self, game_id: str, after: int, limit: int) -> list[dict[str, Any]]: ...


def _event_items(game_id: str, first_seq: int, events: list[dict[str, Any]], step: int, now: int,
                 room: int) -> list[GameEventRecord]:
    """One item per event; if a single action produced more events than a transaction holds,
    the overflow is kept together in a final ``EventBatch`` item (same transaction)."""
    if len(events) > room:
        events = [*events[: room - 1], {"type": "EventBatch", "events": events[room - 1 :]}]
    return [
        GameEventRecord(game_id, first_seq + i, type=e["type"], step=step, at=now,
                        data=json.dumps(e, separators=(",", ":")))
        for i, e in enumerate(events)
    ]


class DynamoGameStore:
    """:class:`GameStore` on the tables named in the settings."""

    def __init__(self) -> None:
        self._connection = connection()

    def create(self, game_id: str, ruleset: str, seats: list[str], state_json: str,
               events: list[dict[str, Any]], *, owner: str | None = None,
               idle_timeout: int | None = None, decision: Decision = None,
               also: AddToTransaction | None = None,
               table: dict[str, Any] | None = None) -> StoredGame:
        """Store a new game (and ``also``'s items in the same transaction); a game that
        already exists under ``game_id`` is a :class:`VersionConflict`. ``table``: more
        :class:`GameRecord` attributes (the table's settings and idle clock)."""
        now = int(time.time())
        record = GameRecord(game_id, ruleset=ruleset, seats=seats, state=state_json,
                            status="active", event_count=len(events), owner=owner,
                            idle_timeout=idle_timeout, created_at=now, updated_at=now,
                            **(table or {}))
        record.set_decision(decision)
        room = MAX_TRANSACTION_ITEMS - 1 - (10 if also else 0)
        items = _event_items(game_id, 1, events, 0, now, room)
        record.event_count = len(items)
        self._write(record, items, new=True, also=also)
        return StoredGame(record)

    def load(self, game_id: str) -> StoredGame:
        try:
            return StoredGame(GameRecord.get(game_id, consistent_read=True))
        except DoesNotExist:
            raise NotFound(f"there is no game {game_id!r}") from None
        except PynamoDBException as exc:
            raise ServiceUnavailable("the game store is not answering; try again") from exc

    def save(self, game: StoredGame, state_json: str, status: str, events: list[dict[str, Any]],
             step: int, *, decision: Decision = None,
             also: AddToTransaction | None = None) -> StoredGame:
        """Write the game's new state (version-conditioned) with its log items, and ``also``'s
        items, in one transaction; a lost race is a :class:`VersionConflict`."""
        record = game.record
        record.set_decision(decision)
        now = int(time.time())
        room = MAX_TRANSACTION_ITEMS - 1 - (50 if also else 0)
        items = _event_items(record.game_id, int(record.event_count) + 1, events, step, now, room)
        record.state = state_json
        record.status = status
        record.updated_at = now
        record.event_count = int(record.event_count) + len(items)
        self._write(record, items, new=False, also=also)
        return game

    def _write(self, record: GameRecord, items: list[GameEventRecord], new: bool,
               also: AddToTransaction | None = None) -> None:
        try:
            with TransactWrite(connection=self._connection) as tx:
                if new:
                    tx.save(record, condition=GameRecord.game_id.does_not_exist())
                else:
                    tx.save(record)
                for item in items:
                    tx.save(item, condition=GameEventRecord.seq.does_not_exist())
                if also is not None:
                    also(tx)
        except TransactWriteError as exc:
            reasons = [getattr(r, "code", None) for r in (exc.cancellation_reasons or []) if r]
            if exc.cause_response_code == "TransactionCanceledException" and reasons and all(
                code in (None, "ConditionalCheckFailed", "TransactionConflict", "None") for code in reasons
            ):
                raise VersionConflict(record.game_id) from exc
            raise ServiceUnavailable("the game store could not save; nothing was applied") from exc
        except PynamoDBException as exc:
            raise ServiceUnavailable("the game store could not save; nothing was applied") from exc

    def events(self, game_id: str, after: int, limit: int) -> list[dict[str, Any]]:
        try:
            items = GameEventRecord.query(
                game_id, GameEventRecord.seq > after, limit=limit, consistent_read=True
            )
            return [{"seq": int(i.seq), "step": int(i.step), "at": int(i.at), **json.loads(i.data)}
                    for i in items]
        except PynamoDBException as exc:
            raise ServiceUnavailable("the event log is not answering; try again") from exc
