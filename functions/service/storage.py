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
import uuid
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
from pynamodb.indexes import GlobalSecondaryIndex, KeysOnlyProjection
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from service import archive, observability
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


def transaction() -> TransactWrite:
    """A write transaction on the shared connection with a fresh ``ClientRequestToken``: the
    SDK's retries of it are idempotent (if an attempt committed but its answer was lost, the
    retry is acknowledged instead of failing its conditions and being applied again)."""
    return TransactWrite(connection=connection(), client_request_token=uuid.uuid4().hex)


class CompressedTextAttribute(BinaryAttribute):
    """Text stored zlib-compressed as a DynamoDB Binary (smaller and faster than a Map)."""

    def __init__(self, **kwargs: Any):
        super().__init__(legacy_encoding=False, **kwargs)

    def serialize(self, value: str) -> bytes:
        return super().serialize(zlib.compress(value.encode(), 6))

    def deserialize(self, value: bytes) -> str:
        return zlib.decompress(super().deserialize(value)).decode()


DEADLINE_SHARDS = 8
"""Partitions of each kind of the ``by_deadline`` index (a game's shard is fixed by its id), so
that index writes of many busy tables never meet in one partition; readers query each."""
TIMER_DEADLINE = ""
ARCHIVE_DEADLINE = "archive-"
"""``timer_shard`` prefixes: an active game's earliest deadline (the sweeper), a finished
game's archive date (the archiver)."""
class DeadlineIndex(GlobalSecondaryIndex):
    """Sparse index of work due on a game, by date: an active game's earliest timed deadline,
    a finished game's archive date."""

    class Meta:
        index_name = "by_deadline"
        projection = KeysOnlyProjection()

    timer_shard = UnicodeAttribute(hash_key=True)
    deadline_at = NumberAttribute(range_key=True)


def deadline_shard(game_id: str, kind: str = TIMER_DEADLINE) -> str:
    """The ``by_deadline`` partition of ``game_id`` for ``kind`` (stable across processes)."""
    return f"{kind}{zlib.crc32(game_id.encode()) % DEADLINE_SHARDS}"


@dataclass(frozen=True)
class Waiting:
    """A pending decision as the game record keeps it: the engine's :class:`engine.Decision`
    (``id``, ``player``: a seat or ``None`` for the table, ``kind``, ``deadline``) and
    ``since``: when it appeared (Unix seconds; a relative deadline counts from it)."""

    id: int
    player: int | None
    kind: str
    deadline: Any
    since: int

    @property
    def due(self) -> int | None:
        """When its deadline passes (Unix seconds), ``None`` without one."""
        return None if self.deadline is None else self.deadline.due(self.since)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "player": self.player, "kind": self.kind,
                                "since": self.since}
        if self.deadline is not None:
            d = self.deadline
            data["deadline"] = {"kind": d.kind, "setting": d.setting, "seconds": d.seconds,
                                "at": d.at}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Waiting:
        from engine import Deadline

        deadline = data.get("deadline")
        return cls(int(data["id"]), data.get("player"), data["kind"],
                   Deadline(**deadline) if deadline else None, int(data["since"]))


class GameRecord(Model):
    """One game: its ruleset, seats (account or bot ids), status (``active``, ``saved``:
    paused by its owner, ``finished``) and compressed state. ``owner`` is the lobby owner's
    account id (fixed at kickoff). ``stand_ins`` maps a seat index (as text) to the bot level
    that plays a human seat for now (``"base"``): after too many idle deadlines in a row, or
    for an erased account's seat in an ongoing game.

    ``pending``: the decisions the game waits for, as JSON (:class:`Waiting`: the engine's
    decision and when it appeared), kept by the pipeline on every write so dashboards and
    timers need not decode the state (:mod:`service.seats`); ``idle_streaks`` counts each
    seat's idle deadlines in a row (seat index as text); ``stand_in_after`` is the table's
    limit of those before a Base bot takes the seat (``None`` or 0: never); ``bot_delay`` the
    seconds between bot moves; ``unattended`` the bot moves in a row while bots play every
    seat (``pipeline.UNATTENDED_MOVES``). ``deadline_at`` (indexed, ``by_deadline``) is the earliest
    deadline the service's timers run, or a finished game's archive date."""

    class Meta:
        table_name = settings().games_table

    game_id = UnicodeAttribute(hash_key=True)
    version = VersionAttribute()
    ruleset = UnicodeAttribute()
    status = UnicodeAttribute(default="active")
    seats = ListAttribute(of=UnicodeAttribute, default=list)
    state = CompressedTextAttribute()
    event_count = NumberAttribute(default=0)
    owner = UnicodeAttribute(null=True)
    pending = UnicodeAttribute(null=True)
    stand_ins = MapAttribute(default=dict)
    idle_streaks = MapAttribute(default=dict)
    stand_in_after = NumberAttribute(null=True)
    bot_delay = NumberAttribute(null=True)
    unattended = NumberAttribute(default=0)
    created_at = NumberAttribute()
    updated_at = NumberAttribute()
    timer_shard = UnicodeAttribute(null=True)
    deadline_at = NumberAttribute(null=True)
    by_deadline = DeadlineIndex()

    def waiting(self) -> list[Waiting]:
        """The pending decisions (:class:`Waiting`), in the order the game asks them."""
        return [Waiting.from_json(item) for item in json.loads(self.pending or "[]")]

    def set_waiting(self, waiting: list[Waiting]) -> None:
        self.pending = json.dumps([w.as_json() for w in waiting], separators=(",", ":"))

    def waiting_for(self, decision_id: int) -> Waiting | None:
        """The pending decision ``decision_id``, or ``None`` when it is no longer pending."""
        return next((w for w in self.waiting() if w.id == decision_id), None)

    def next_deadline(self) -> int | None:
        """The earliest deadline among the pending decisions, ``None`` when none has one."""
        dues = [w.due for w in self.waiting() if w.due is not None]
        return min(dues) if dues else None

    def set_deadline(self, now: int) -> None:
        """Index the earliest deadline (:meth:`next_deadline`) while the game is active, or a
        finished game's archive date; otherwise leave the ``by_deadline`` index. The sweeper
        (``timers.sweep``) uses it to pass deadlines whose timer never fired."""
        deadline = self.next_deadline() if self.status == "active" else None
        if deadline is not None:
            self.timer_shard, self.deadline_at = deadline_shard(self.game_id), deadline
        elif self.status == "finished":
            self.timer_shard = deadline_shard(self.game_id, ARCHIVE_DEADLINE)
            self.deadline_at = now + settings().archive_after_seconds
        else:
            self.timer_shard = self.deadline_at = None


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
    """A loaded game: the record (its ``version`` is the one the next save must match).
    ``archived``: loaded from the archive (a finished game moved out of the hot table; a
    save of it would find no item to match)."""

    record: GameRecord
    archived: bool = False

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
               waiting: list[Waiting] | None = None, also: AddToTransaction | None = None,
               table: dict[str, Any] | None = None) -> StoredGame: ...

    def load(self, game_id: str) -> StoredGame: ...

    def save(self, game: StoredGame, state_json: str, status: str, events: list[dict[str, Any]],
             step: int, *, also: AddToTransaction | None = None) -> StoredGame: ...

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
               waiting: list[Waiting] | None = None, also: AddToTransaction | None = None,
               table: dict[str, Any] | None = None) -> StoredGame:
        """Store a new game (and ``also``'s items in the same transaction); a game that
        already exists under ``game_id`` is a :class:`VersionConflict`. ``waiting``: its
        pending decisions; ``table``: more :class:`GameRecord` attributes (the table's
        settings)."""
        now = int(time.time())
        record = GameRecord(game_id, ruleset=ruleset, seats=seats, state=state_json,
                            status="active", event_count=len(events), owner=owner,
                            created_at=now, updated_at=now, **(table or {}))
        record.set_waiting(waiting or [])
        record.set_deadline(now)
        room = MAX_TRANSACTION_ITEMS - 1 - (10 if also else 0)
        items = _event_items(game_id, 1, events, 0, now, room)
        record.event_count = len(items)
        self._write(record, items, new=True, also=also)
        return StoredGame(record)

    @observability.traced("storage.load")
    def load(self, game_id: str) -> StoredGame:
        try:
            return StoredGame(GameRecord.get(game_id, consistent_read=True))
        except DoesNotExist:
            fields = archive.load_fields(game_id)
            if fields is None:
                raise NotFound(f"there is no game {game_id!r}") from None
            return StoredGame(GameRecord(**fields), archived=True)
        except PynamoDBException as exc:
            raise ServiceUnavailable("the game store is not answering; try again") from exc

    def save(self, game: StoredGame, state_json: str, status: str, events: list[dict[str, Any]],
             step: int, *, also: AddToTransaction | None = None) -> StoredGame:
        """Write the game's new state (version-conditioned) with its log items, and ``also``'s
        items, in one transaction; a lost race is a :class:`VersionConflict`. The record's
        pending decisions are written as the caller left them (``record.set_waiting``)."""
        record = game.record
        now = int(time.time())
        room = MAX_TRANSACTION_ITEMS - 1 - (50 if also else 0)
        items = _event_items(record.game_id, int(record.event_count) + 1, events, step, now, room)
        record.state = state_json
        record.status = status
        record.updated_at = now
        record.event_count = int(record.event_count) + len(items)
        record.set_deadline(now)
        self._write(record, items, new=False, also=also)
        return game

    @observability.traced("storage.write")
    def _write(self, record: GameRecord, items: list[GameEventRecord], new: bool,
               also: AddToTransaction | None = None) -> None:
        try:
            with transaction() as tx:
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

    def overdue(self, before: int, limit: int = 100, kind: str = TIMER_DEADLINE) -> list[str]:
        """Ids of games whose indexed deadline of ``kind`` (a pending deadline, or archive date with
        :data:`ARCHIVE_DEADLINE`) is earlier than ``before`` (Unix seconds), at most ``limit``."""
        found: list[str] = []
        try:
            for shard in range(DEADLINE_SHARDS):
                for key in GameRecord.by_deadline.query(
                    f"{kind}{shard}", GameRecord.deadline_at < before, limit=limit - len(found)
                ):
                    found.append(key.game_id)
                if len(found) >= limit:
                    break
        except PynamoDBException as exc:
            raise ServiceUnavailable("the deadline index is not answering") from exc
        return found

    @observability.traced("storage.events")
    def events(self, game_id: str, after: int, limit: int) -> list[dict[str, Any]]:
        try:
            items = GameEventRecord.query(
                game_id, GameEventRecord.seq > after, limit=limit, consistent_read=True
            )
            found = [{"seq": int(i.seq), "step": int(i.step), "at": int(i.at),
                      **json.loads(i.data)} for i in items]
        except PynamoDBException as exc:
            raise ServiceUnavailable("the event log is not answering; try again") from exc
        if not found and archive.load_fields(game_id) is not None:
            return archive.load_events(game_id, after, limit)
        return found

    def archive(self, game_id: str) -> bool:
        """Move a finished game to the archive (:mod:`service.archive`): copy the game and its
        whole event log, then delete the event items newest first and the game item last (only
        if still the version copied). Returns ``False`` when the game is not finished. Safe to
        repeat: an interrupted run leaves the game item, so the next run redoes it."""
        record = GameRecord.get(game_id, consistent_read=True)
        if record.status != "finished":
            return False
        events = self.events(game_id, 0, 1 << 30)
        fields = {name: getattr(record, name) for name in archive.RECORD_FIELDS}
        fields["seats"] = list(record.seats)
        fields["stand_ins"] = record.stand_ins.as_dict() if record.stand_ins else {}
        for item in archive.archived_items(fields, events):
            item.save()
        with GameEventRecord.batch_write() as batch:
            for event in reversed(events):
                batch.delete(GameEventRecord(game_id, event["seq"]))
        record.delete()  # conditional on the version read above
        return True
