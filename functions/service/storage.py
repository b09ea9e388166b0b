"""Game storage on DynamoDB (PynamoDB): the game item (state + version + the newest part of its
event log) and the rest of the log in compressed chunks.

The port is :class:`GameStore`; :class:`DynamoGameStore` is the adapter. A move is **one
conditional write** of the game item (the version condition; no transaction): the new state,
and the move's events appended to the item's log **tail**, so the log and the state never
disagree; a lost race raises :class:`~service.errors.VersionConflict`. When the tail has grown
past :data:`TAIL_FLUSH_BYTES`, the save first writes the events already committed in it as one
compressed **chunk** item of the ``GameEvents`` table (idempotent: the same events under the
same key, whoever writes them, however often) and then the game item with a tail of the new
events only. Nothing in a tail is lost if a save dies between the two writes: the chunk is a
copy, and the tail stays until a game write that drops it succeeds. Readers merge chunks and
the tail by sequence number. States are compressed with their ruleset's dictionary
(``Ruleset.state_dictionary``): about 400 bytes for a Mtaani state instead of 1,200.

Table definitions live in ``template.yaml`` (``GamesTable``, ``GameEventsTable``); the local
stack creates the tables from there and a test checks these models match them.
"""

from __future__ import annotations

import copy
import json
import re
import time
import uuid
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Any, Protocol, cast

from pynamodb.attributes import (
    Attribute,
    BooleanAttribute,
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    VersionAttribute,
)
from pynamodb.connection import Connection
from pynamodb.constants import BINARY
from pynamodb.exceptions import (
    DoesNotExist,
    PutError,
    PynamoDBException,
    TransactWriteError,
    UpdateError,
)
from pynamodb.expressions.condition import Condition
from pynamodb.expressions.update import Action
from pynamodb.indexes import GlobalSecondaryIndex, KeysOnlyProjection
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

import engine
from service import archive, observability, snapstart
from service.config import settings
from service.errors import NotFound, ServiceUnavailable, VersionConflict

_connection: Connection | None = None


def connection() -> Connection:
    """The process's low-level DynamoDB connection for transactions (a botocore client is
    costly to create: one per process, reused across invocations)."""
    global _connection
    if _connection is None:
        _connection = Connection()
    return _connection


def _forget_connection() -> None:
    """After a SnapStart restore: the transactions' connection is made again on first use
    (the models' own are dropped by :func:`service.snapstart.refresh`)."""
    global _connection
    _connection = None


snapstart.on_restore(_forget_connection)


def delete_all(model: type[Model], items: Iterable[Model]) -> int:
    """Delete every item of ``model`` whose keys ``items`` yields (query results, keys-only
    index results included), 25 to a batch; returns how many. Deleting an item that is already
    gone is not an error, so a retry after a failure finishes the job."""
    count = 0
    hash_key, range_key = model._hash_keyname, model._range_keyname
    assert hash_key is not None, f"{model.__name__} has no hash key"
    try:
        with model.batch_write() as batch:
            for item in items:
                keys = {hash_key: getattr(item, hash_key)}
                if range_key:
                    keys[range_key] = getattr(item, range_key)
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


class CompressedTextAttribute(Attribute[str]):
    """Text stored zlib-compressed as a DynamoDB Binary (smaller and faster than a Map).

    The compressed attributes here are ``Attribute`` of the Python value they hold with the
    Binary type, not ``BinaryAttribute`` subclasses: those read as ``bytes`` to a type checker.
    The stored bytes are the same (``BinaryAttribute`` without legacy encoding passes them
    through)."""

    attr_type = BINARY

    def serialize(self, value: str) -> bytes:
        return zlib.compress(value.encode(), 6)

    def deserialize(self, value: bytes) -> str:
        return zlib.decompress(value).decode()


_RULESET_FIELD = re.compile(r'"ruleset"\s*:\s*"([^"\\]+)"')
DICTIONARY_MARK = b"\x01"
"""First byte of a state compressed with a dictionary: then the dictionary's key (one length
byte, ASCII) and the zlib stream. A plain zlib stream starts with 0x78."""


def pack_state(text: str) -> bytes:
    """A state's stored form: zlib with its ruleset's dictionary when it has one (the ruleset
    is read from the state's own ``"ruleset"`` field), else plain zlib."""
    found = _RULESET_FIELD.search(text, 0, 512) or _RULESET_FIELD.search(text)
    key = None
    if found is not None:
        try:
            key = engine.get_ruleset(found.group(1)).state_dictionary
        except engine.UnknownRuleset:
            key = None
    data = text.encode()
    if key is None:
        return zlib.compress(data, 9)
    packer = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY,
                              engine.core.dictionary(key))
    return DICTIONARY_MARK + bytes([len(key)]) + key.encode() + packer.compress(data) + packer.flush()


def unpack_state(blob: bytes) -> str:
    """The state text of :func:`pack_state`'s form (or of plain zlib)."""
    if blob[:1] != DICTIONARY_MARK:
        return zlib.decompress(blob).decode()
    size = blob[1]
    key = blob[2:2 + size].decode()
    unpacker = zlib.decompressobj(15, zdict=engine.core.dictionary(key))
    return (unpacker.decompress(blob[2 + size:]) + unpacker.flush()).decode()


class StateAttribute(Attribute[str]):
    """A game state's JSON text, stored as :func:`pack_state` makes it (a Binary)."""

    attr_type = BINARY

    def serialize(self, value: str) -> bytes:
        return pack_state(value)

    def deserialize(self, value: bytes) -> str:
        return unpack_state(value)


class CompressedJsonAttribute(Attribute[Any]):
    """A JSON value stored zlib-compressed as a DynamoDB Binary."""

    attr_type = BINARY

    def serialize(self, value: Any) -> bytes:
        return zlib.compress(json.dumps(value, separators=(",", ":")).encode(), 9)

    def deserialize(self, value: bytes) -> Any:
        return json.loads(zlib.decompress(value))


def list_of[E](of: type[Attribute[E]], **options: Any) -> ListAttribute[E]:
    """``ListAttribute(of=of, **options)``, typed as a list of ``of``'s Python values
    (``list[str]`` for ``UnicodeAttribute``): PynamoDB's own typing makes it a list of the
    attribute class (pynamodb/PynamoDB#1246)."""
    return cast("ListAttribute[E]", ListAttribute(of=of, **options))


RIGHT_OF_WAY_SECONDS = 2
"""How long a claim of the right of way (:meth:`DynamoGameStore.claim_right_of_way`) holds
bots' writes back when its claimant's request dies before saving."""
TAIL_FLUSH_BYTES = 700
"""A game item's log tail is written out as a chunk once its compressed size passes this (so
every write of the item stays at two or three KB: two or three write units)."""
DEADLINE_BUCKET_SECONDS = 300
"""The ``by_deadline`` index holds a game's earliest deadline rounded up to this, so that a
run of moves within a few minutes writes the index once, not each time (the sweeper's grace
period covers the rounding)."""
DEADLINE_SHARDS = 8
"""Partitions of each kind of the ``by_deadline`` index (a game's shard is fixed by its id), so
that index writes of many busy tables never meet in one partition; readers query each."""
TIMER_DEADLINE = ""
ARCHIVE_DEADLINE = "archive-"
"""``timer_shard`` prefixes: an active game's earliest deadline (the sweeper), a finished
game's archive date (the archiver)."""
class DeadlineIndex(GlobalSecondaryIndex["GameRecord"]):
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
    ``since``: when it appeared (Unix seconds; a relative deadline counts from it);
    ``private``: the seats who may know of it (the engine decision's; ``None``: every reader:
    ``views.may_know``); ``hushed``: its holder was not told of it, as the standing orders of
    its seat were to make it in the next write (a write cut at
    ``pipeline.ORDER_MOVES_PER_WRITE``), so the write that finds they no longer will tells
    them (``pipeline.run``)."""

    id: int
    player: int | None
    kind: str
    deadline: engine.Deadline | None
    since: int
    private: tuple[int, ...] | None = None
    hushed: bool = False

    @classmethod
    def of(cls, decision: engine.Decision, since: int) -> Waiting:
        """The record's entry for the engine's ``decision``, pending since ``since``."""
        private = getattr(decision, "private", None)
        return cls(decision.id, decision.player, decision.kind, decision.deadline, since,
                   None if private is None else tuple(private))

    @property
    def due(self) -> int | None:
        """When its deadline passes (Unix seconds), ``None`` without one."""
        return None if self.deadline is None else self.deadline.due(self.since)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "player": self.player, "kind": self.kind,
                                "since": self.since}
        if self.private is not None:
            data["private"] = list(self.private)
        if self.hushed:
            data["hushed"] = True
        if self.deadline is not None:
            d = self.deadline
            data["deadline"] = {"kind": d.kind, "setting": d.setting, "seconds": d.seconds,
                                "at": d.at}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Waiting:
        deadline = data.get("deadline")
        private = data.get("private")
        return cls(int(data["id"]), data.get("player"), data["kind"],
                   engine.Deadline(**deadline) if deadline else None, int(data["since"]),
                   None if private is None else tuple(int(p) for p in private),
                   bool(data.get("hushed", False)))


class _Decisions:
    """The pending-decision helpers of a game's record, for the stored item
    (:class:`GameRecord`, its summaries included) and the port's :class:`GameMeta` alike: both
    keep ``pending`` as JSON, ``status``, ``game_id``, ``timer_shard`` and ``deadline_at``."""

    game_id: str
    status: str
    pending: str | None
    timer_shard: str | None
    deadline_at: float | None  # (a NumberAttribute in the item: whole seconds)

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
            bucket = -(-deadline // DEADLINE_BUCKET_SECONDS) * DEADLINE_BUCKET_SECONDS
            self.timer_shard, self.deadline_at = deadline_shard(self.game_id), bucket
        elif self.status == "finished":
            self.timer_shard = deadline_shard(self.game_id, ARCHIVE_DEADLINE)
            self.deadline_at = now + settings().archive_after_seconds
        else:
            self.timer_shard = self.deadline_at = None


class GameRecord(_Decisions, Model):
    """One game: its ruleset, seats (account or bot ids), status (``active``, ``saved``:
    paused by its owner, ``finished``) and compressed state. ``owner`` is the lobby owner's
    account id (fixed at kickoff). ``stand_ins`` maps a seat index (as text) to the bot level
    that plays a human seat for now (``"base"``): after too many idle deadlines in a row, or
    for an erased account's seat in an ongoing game.

    ``event_count`` is the number of the log's last event; ``tail`` its newest events (the
    rest are in chunks, see the module docstring). ``write_id`` names the write that left the
    item as it is (see ``DynamoGameStore._write``).

    ``pending``: the decisions the game waits for, as JSON (:class:`Waiting`: the engine's
    decision and when it appeared), kept by the pipeline on every write so dashboards and
    timers need not decode the state (:mod:`service.seats`); ``idle_streaks`` counts each
    seat's idle deadlines in a row (seat index as text); ``stand_in_after`` is the table's
    limit of those before a Base bot takes the seat (``None`` or 0: never); ``bot_delay`` the
    seconds between bot moves; ``unattended`` the moves in a row no person made (bots' and
    the table's own; ``pipeline.UNATTENDED_MOVES``). ``hidden`` counts, for each viewer (a seat index as
    text, ``"public"`` for spectators), the versions that changed nothing they may see (two
    other players' offers): their version is ``version`` less that (``views.viewer_version``),
    so counters of private things stay private. ``seen_at`` keeps, for a viewer whose latest
    versions changed nothing they may see, ``[when they last saw a change, their version then]``
    (``views.updated_for``: the game's ``updated_at`` as that reader may know it). ``sealed``: what the game keeps secret
    until it ends besides the state's seed (the salt of the seed's commitment, a scripted
    table's script: :mod:`service.fairness`); never shown. ``deadline_at`` (indexed, ``by_deadline``) is the earliest
    deadline the service's timers run, or a finished game's archive date. ``right_of_way``:
    until when (Unix milliseconds) bots' writes step back for a request that lost a race
    (:meth:`DynamoGameStore.claim_right_of_way`); not part of the versioned state. ``name``
    and ``number``: the table's name as its owner gave it and its number among the owner's
    tables of its game (:mod:`service.tables`). ``places``: once finished, each seat's
    finishing place (1 the winner; equal places for a tie: ``engine.places``). ``moves`` and
    ``stood_in``: each seat's moves and those a stand-in bot made (seat index as text);
    ``knocked_out``: the seats in the order they went bankrupt (their finishing order);
    ``rated``: the game's ratings were updated (in its finishing write), else ``unrated`` says
    why not (:mod:`service.ratings`). ``orders``: each seat's standing orders as their person
    set them (JSON ``{seat as text: orders}``; never shown to anyone else), and ``orders_did``
    the newest moves those orders made for each seat, as that seat saw them
    (:mod:`service.standing_orders`)."""

    class Meta:
        table_name = settings().games_table

    game_id = UnicodeAttribute(hash_key=True)
    version = VersionAttribute()
    ruleset = UnicodeAttribute()
    status = UnicodeAttribute(default="active")
    seats = list_of(UnicodeAttribute, default=list)
    state = StateAttribute()
    event_count = NumberAttribute(default=0)
    tail = CompressedJsonAttribute(null=True)
    write_id = UnicodeAttribute(null=True)
    owner = UnicodeAttribute(null=True)
    pending = UnicodeAttribute(null=True)
    stand_ins: MapAttribute[str, Any] = MapAttribute(default=dict)
    idle_streaks: MapAttribute[str, Any] = MapAttribute(default=dict)
    hidden: MapAttribute[str, Any] = MapAttribute(default=dict)
    seen_at: MapAttribute[str, Any] = MapAttribute(default=dict)
    sealed = CompressedJsonAttribute(null=True)
    stand_in_after = NumberAttribute(null=True)
    bot_delay = NumberAttribute(null=True)
    unattended = NumberAttribute(default=0)
    created_at = NumberAttribute()
    updated_at = NumberAttribute()
    timer_shard = UnicodeAttribute(null=True)
    deadline_at = NumberAttribute(null=True)
    right_of_way = NumberAttribute(null=True)
    name = UnicodeAttribute(null=True)
    number = NumberAttribute(null=True)
    places = list_of(NumberAttribute, null=True)
    moves: MapAttribute[str, Any] = MapAttribute(default=dict)
    stood_in: MapAttribute[str, Any] = MapAttribute(default=dict)
    knocked_out = list_of(NumberAttribute, null=True)
    rated = BooleanAttribute(null=True)
    unrated = UnicodeAttribute(null=True)
    orders = UnicodeAttribute(null=True)
    orders_did = CompressedJsonAttribute(null=True)
    by_deadline = DeadlineIndex()


AddToTransaction = Callable[[TransactWrite], None]
"""Adds more items to a store's write transaction (the lobby's kickoff, with the game)."""


class GameEventRecord(Model):
    """A chunk of a game's log: the events numbered ``first`` to ``seq`` (the key: a chunk is
    found by its last event), each with its ``seq``, ``step`` and ``at``, compressed."""

    class Meta:
        table_name = settings().events_table

    game_id = UnicodeAttribute(hash_key=True)
    seq = NumberAttribute(range_key=True)
    first = NumberAttribute()
    events = CompressedJsonAttribute()


@dataclass
class GameMeta(_Decisions):
    """A game's record as the storage port hands it out: every attribute of the stored item
    (see :class:`GameRecord` for what each means) but the state, which :class:`StoredGame`
    holds decoded, and the log's tail and ``write_id``, which are the store's own. Plain
    Python (maps are dicts, lists are lists): a caller may change it (the pipeline keeps the
    clocks, streaks and counters in it) and hands it back to :meth:`GameStore.save` or
    :meth:`GameStore.update_fields`, which write it. ``version``, ``event_count``,
    ``created_at``, ``updated_at``, ``timer_shard``, ``deadline_at`` and ``right_of_way`` are
    the store's to set: changes to them are not written."""

    game_id: str
    ruleset: str
    version: int = 0
    status: str = "active"
    seats: list[str] = field(default_factory=list)
    event_count: int = 0
    owner: str | None = None
    pending: str | None = None
    stand_ins: dict[str, Any] = field(default_factory=dict)
    idle_streaks: dict[str, Any] = field(default_factory=dict)
    hidden: dict[str, Any] = field(default_factory=dict)
    seen_at: dict[str, Any] = field(default_factory=dict)
    sealed: Any = None
    stand_in_after: int | None = None
    bot_delay: int | None = None
    unattended: int = 0
    created_at: int = 0
    updated_at: int = 0
    timer_shard: str | None = None
    deadline_at: int | None = None
    right_of_way: int | None = None
    name: str | None = None
    number: int | None = None
    places: list[int] | None = None
    moves: dict[str, Any] = field(default_factory=dict)
    stood_in: dict[str, Any] = field(default_factory=dict)
    knocked_out: list[int] | None = None
    rated: bool | None = None
    unrated: str | None = None
    orders: str | None = None
    orders_did: Any = None

    @classmethod
    def of(cls, record: GameRecord) -> GameMeta:
        """The port's copy of a stored item's attributes (nothing shared with ``record``)."""
        values: dict[str, Any] = {}
        for name in META_FIELDS:
            value = getattr(record, name)
            if isinstance(value, MapAttribute):
                value = value.as_dict()
            elif isinstance(value, (dict, list)):
                value = copy.deepcopy(value)
            values[name] = value
        return cls(**values)

    def item(self, state_text: str, tail: list[dict[str, Any]] | None) -> GameRecord:
        """The stored item of this record with ``state_text`` and the log ``tail``."""
        values = {name: copy.deepcopy(getattr(self, name)) for name in META_FIELDS}
        if not values["version"]:
            values["version"] = None  # a new item: PynamoDB's version condition is "none exists"
        return GameRecord(state=state_text, tail=tail, **values)

    def copy(self) -> GameMeta:
        """A deep copy (what a store keeps or hands out: never the caller's own)."""
        return copy.deepcopy(self)


type GameFields = GameRecord | GameMeta
"""A game's record as read: the stored item (or a summary of some of its attributes: the
dashboard's, an archived game's) or the port's :class:`GameMeta`. Their maps differ
(``MapAttribute``, ``dict``: :func:`service.seats.as_map` reads both)."""

META_FIELDS = tuple(f.name for f in fields(GameMeta))
"""The attributes of :class:`GameRecord` the port hands out (a test checks that these are all
of the item's but ``state``, ``tail`` and ``write_id``)."""


def step_of(state: engine.GameState) -> int:
    """The state's action counter for the event log's ``step`` (0 for a ruleset whose states
    keep none, :attr:`engine.Ruleset.counts_steps`: Mulodi)."""
    if not engine.ruleset_of(state).counts_steps:
        return 0
    return int(state.steps)  # type: ignore[attr-defined]  # a counting ruleset's states have it


class StoredGame:
    """A loaded game: ``record``, its :class:`GameMeta` (its ``version`` is the one the next
    save must match), and ``state``, the engine's state decoded (on first use; the same object
    after). ``archived``: loaded from the archive (a finished game moved out of the hot table;
    a save of it would find no item to match). ``tail`` is the store's own (the log's newest
    events as the game item keeps them): callers leave it alone."""

    def __init__(self, record: GameMeta, *, state: engine.GameState | None = None, state_text: str | None = None,
                 archived: bool = False, tail: list[dict[str, Any]] | None = None) -> None:
        if state is None and state_text is None:
            raise ValueError("a stored game needs its state or its state's text")
        self.record = record
        self.archived = archived
        self.tail = tail
        self._state = state
        self._text = state_text

    @property
    def state(self) -> engine.GameState:
        """The engine's state (``engine.load_state`` of the stored text)."""
        if self._state is None:
            assert self._text is not None  # __init__ refuses a game with neither
            self._state = engine.load_state(self._text)
        return self._state

    @property
    def state_text(self) -> str:
        """The state's JSON text as stored (``engine.dump_state``)."""
        if self._text is None:
            self._text = engine.dump_state(self._state)
        return self._text

    @property
    def version(self) -> int:
        return int(self.record.version)

    @property
    def game_id(self) -> str:
        return self.record.game_id


class GameStore(Protocol):
    """Storage port of the service: games as :class:`StoredGame` (the decoded state and its
    :class:`GameMeta`), their event logs, and the index of work due on them. Adapters:
    :class:`DynamoGameStore`; :class:`service.memory_store.MemoryGameStore` (tests,
    benchmarks). Both pass ``tests/service/test_store_contract.py``."""

    def create(self, game_id: str, ruleset: str, seats: list[str], state: engine.GameState,
               events: list[dict[str, Any]], *, owner: str | None = None,
               waiting: list[Waiting] | None = None, also: AddToTransaction | None = None,
               table: dict[str, Any] | None = None) -> StoredGame:
        """Store a new game (``state``: the engine's; ``table``: more :class:`GameMeta`
        attributes) with ``events`` as its log's first; :class:`VersionConflict` when one
        exists under ``game_id``."""
        ...

    def load(self, game_id: str) -> StoredGame:
        """The game as stored now (a consistent read; from the archive once archived);
        :class:`NotFound` when there is none."""
        ...

    def save(self, game: StoredGame, state: engine.GameState, events: list[dict[str, Any]], *,
             status: str | None = None, also: AddToTransaction | None = None,
             give_way: bool = False, at: int | None = None) -> StoredGame:
        """The one conditional write of a move: ``state`` and ``game.record`` as the caller
        changed it, with ``events`` appended to the log, if the stored version is still
        ``game.version`` (else :class:`VersionConflict`, nothing written). Answers the game
        as saved (its version one more)."""
        ...

    def claim_right_of_way(self, game_id: str) -> None:
        """Hold bots' writes (``give_way``) back for a while (best effort)."""
        ...

    def update_fields(self, game: StoredGame, names: Iterable[str]) -> StoredGame:
        """Write the record's attributes ``names`` alone, conditioned on ``game.version``
        (raised by one); :class:`VersionConflict` on a lost race."""
        ...

    def events(self, game_id: str, after: int, limit: int,
               loaded: StoredGame | None = None) -> list[dict[str, Any]]:
        """At most ``limit`` log events after ``after``, oldest first (``loaded``: the game
        just read, whose tail saves a read)."""
        ...

    def overdue(self, before: int, limit: int = 100, kind: str = TIMER_DEADLINE) -> list[str]:
        """Ids of games whose indexed date of ``kind`` is before ``before``."""
        ...

    def archive(self, game_id: str) -> bool:
        """Move a finished game to the archive (``False``: not finished)."""
        ...


def logged(events: list[dict[str, Any]], first_seq: int, step: int, now: int) -> list[dict[str, Any]]:
    """``events`` as the log keeps them: numbered from ``first_seq``, with the action's ``step``
    and the time (Unix seconds)."""
    return [{"seq": first_seq + i, "step": step, "at": now, **e} for i, e in enumerate(events)]


class DynamoGameStore:
    """:class:`GameStore` on the tables named in the settings."""

    def __init__(self) -> None:
        self._connection = connection()

    def create(self, game_id: str, ruleset: str, seats: list[str], state: engine.GameState,
               events: list[dict[str, Any]], *, owner: str | None = None,
               waiting: list[Waiting] | None = None, also: AddToTransaction | None = None,
               table: dict[str, Any] | None = None) -> StoredGame:
        """Store a new game (and ``also``'s items in the same transaction); a game that
        already exists under ``game_id`` is a :class:`VersionConflict`. ``state``: the
        engine's; ``waiting``: its pending decisions; ``table``: more :class:`GameMeta`
        attributes (the table's settings)."""
        now = int(time.time())
        text = engine.dump_state(state)
        record = GameRecord(game_id, ruleset=ruleset, seats=seats, state=text,
                            status="active", event_count=len(events), owner=owner,
                            created_at=now, updated_at=now, tail=logged(events, 1, 0, now),
                            **(table or {}))
        record.set_waiting(waiting or [])
        record.set_deadline(now)
        self._write(record, new=True, also=also)
        return StoredGame(GameMeta.of(record), state=state, state_text=text,
                          tail=list(record.tail or []))

    @observability.traced("storage.load")
    def load(self, game_id: str) -> StoredGame:
        try:
            record = GameRecord.get(game_id, consistent_read=True)
            return StoredGame(GameMeta.of(record), state_text=record.state,
                              tail=list(record.tail or []))
        except DoesNotExist:
            fields = archive.load_fields(game_id)
            if fields is None:
                raise NotFound(f"there is no game {game_id!r}") from None
            record = GameRecord(**fields)
            return StoredGame(GameMeta.of(record), state_text=record.state, archived=True)
        except PynamoDBException as exc:
            raise ServiceUnavailable("the game store is not answering; try again") from exc

    def save(self, game: StoredGame, state: engine.GameState, events: list[dict[str, Any]], *,
             status: str | None = None, also: AddToTransaction | None = None,
             give_way: bool = False, at: int | None = None) -> StoredGame:
        """Write the game's new ``state`` and its record (``game.record`` as the caller
        changed it; ``status``: its new status, default the record's) with ``events``
        appended to its log tail: one write of the game item, conditioned on ``game.version``
        (and ``also``'s items with it in a transaction, for the rare changes that need one);
        a lost race is a :class:`VersionConflict`. A tail that has grown past
        :data:`TAIL_FLUSH_BYTES` is first written out as a chunk (see the module docstring).
        The events are logged with the state's step (:func:`step_of`). Answers the game as
        saved.

        ``give_way`` (bots' moves): the write is also refused (:class:`VersionConflict`) while
        another request holds the right of way (:meth:`claim_right_of_way`). Any other write
        ends the claim: it was the claimant's, or it beat the claimant, who claims again.

        ``at``: the time the move was made at (Unix seconds; what its action's time fields were
        stamped with), logged as the events' ``at`` so a record's times agree with its actions'
        (``engine.verify``); default the clock."""
        meta = game.record
        now = int(time.time())
        text = engine.dump_state(state)
        tail = list(game.tail or [])
        condition = None
        if give_way:
            condition = (GameRecord.right_of_way.does_not_exist()
                         | (GameRecord.right_of_way < int(time.time() * 1000)))
        if tail and len(zlib.compress(json.dumps(tail, separators=(",", ":")).encode(), 9)) > TAIL_FLUSH_BYTES:
            self._flush(meta.game_id, tail)
            tail = []
        new = logged(events, int(meta.event_count) + 1, step_of(state),
                     now if at is None else int(at))
        record = meta.item(text, [*tail, *new])
        if not give_way:
            record.right_of_way = None
        record.status = status or meta.status
        record.updated_at = now
        record.event_count = int(meta.event_count) + len(new)
        record.set_deadline(now)
        self._write(record, new=False, also=also, condition=condition)
        return StoredGame(GameMeta.of(record), state=state, state_text=text,
                          tail=list(record.tail))

    def claim_right_of_way(self, game_id: str) -> None:
        """Hold bots' writes of the game back for :data:`RIGHT_OF_WAY_SECONDS` (or until the
        next write that does not give way): called by a person's request (or a timer's) that
        lost a race, so a stream of bot moves at a table with no bot delay cannot starve it.
        One UpdateItem of ``right_of_way`` alone, which leaves the version as it is (PynamoDB's
        ``Model.update`` would raise it, and every viewer's version with it). Best effort: a
        failure is logged and the request retries as before."""
        until = int(time.time() * 1000) + RIGHT_OF_WAY_SECONDS * 1000
        try:
            GameRecord._get_connection().update_item(
                game_id, actions=[GameRecord.right_of_way.set(until)],
                condition=GameRecord.game_id.exists())
        except PynamoDBException as exc:
            observability.logger.warning("right of way not claimed", extra={
                "game_id": game_id, "error": type(exc).__name__})

    @observability.traced("storage.update")
    def update_fields(self, game: StoredGame, names: Iterable[str]) -> StoredGame:
        """Write the record's attributes ``names`` as ``game.record`` has them now, and
        nothing else (not the state, the log or ``updated_at``): one UpdateItem conditioned on
        the loaded version, which it raises by one (a move's save made on the older version
        then loses its race, so it cannot undo this change). A lost race is a
        :class:`VersionConflict`. Answers the game with its new version."""
        meta = game.record
        record = GameRecord(meta.game_id, version=game.version, write_id=uuid.uuid4().hex)
        attributes = GameRecord.get_attributes()
        actions: list[Action] = [attributes[name].set(getattr(meta, name)) if getattr(meta, name) is not None
                   else attributes[name].remove() for name in names]
        actions.append(GameRecord.write_id.set(record.write_id))
        try:
            record.update(actions=actions, condition=GameRecord.game_id.exists())
        except UpdateError as exc:
            if exc.cause_response_code == "ConditionalCheckFailedException":
                raise VersionConflict(meta.game_id) from exc
            raise ServiceUnavailable("the game store could not save; nothing was changed") from exc
        except PynamoDBException as exc:
            raise ServiceUnavailable("the game store could not save; nothing was changed") from exc
        changed = meta.copy()
        changed.version = int(record.version)
        return StoredGame(changed, state=game._state, state_text=game._text,
                          archived=game.archived, tail=game.tail)

    @observability.traced("storage.flush")
    def _flush(self, game_id: str, tail: list[dict[str, Any]]) -> None:
        """Write committed log events as one chunk item. The same events always make the same
        item under the same key, so writing it again (a retry, a racing save) changes nothing."""
        try:
            GameEventRecord(game_id, int(tail[-1]["seq"]), first=int(tail[0]["seq"]),
                            events=tail).save()
        except PynamoDBException as exc:
            raise ServiceUnavailable("the event log is not answering; nothing was applied") from exc

    @observability.traced("storage.write")
    def _write(self, record: GameRecord, new: bool, also: AddToTransaction | None = None,
               condition: Condition | None = None) -> None:
        """One conditional write of the game item (the version condition and ``condition``;
        for a new game, that none exists), in a transaction only when ``also`` adds items.

        The write carries a fresh ``write_id``. If its answer is lost after it committed (a
        500 after the commit), the SDK sends it again and the version condition refuses the
        repeat; the item then names this very write, so that is a success, not a lost race
        (else the pipeline would apply the move again on the state it already made)."""
        record.write_id = uuid.uuid4().hex
        if also is None:
            try:
                if new:
                    record.save(condition=GameRecord.game_id.does_not_exist())
                else:
                    record.save(condition=condition)
            except PutError as exc:
                if exc.cause_response_code == "ConditionalCheckFailedException":
                    if self._committed(record):
                        record.update_local_version_attribute()  # type: ignore[no-untyped-call]  # PynamoDB: unannotated
                        return
                    raise VersionConflict(record.game_id) from exc
                raise ServiceUnavailable("the game store could not save; nothing was applied") from exc
            except PynamoDBException as exc:
                raise ServiceUnavailable("the game store could not save; nothing was applied") from exc
            return
        try:
            with transaction() as tx:
                if new:
                    tx.save(record, condition=GameRecord.game_id.does_not_exist())
                else:
                    tx.save(record, condition=condition)
                also(tx)
        except TransactWriteError as exc:
            reasons = [getattr(r, "code", None) for r in (exc.cancellation_reasons or []) if r]
            if exc.cause_response_code == "TransactionCanceledException" and reasons and all(
                code in (None, "ConditionalCheckFailed", "TransactionConflict", "None") for code in reasons
            ):
                if not new and self._committed(record):
                    # The SDK sent a committed transaction again (its answer was lost): the
                    # items are this write's (a game's end with its ratings, service.ratings).
                    record.update_local_version_attribute()  # type: ignore[no-untyped-call]  # PynamoDB: unannotated
                    return
                raise VersionConflict(record.game_id) from exc
            raise ServiceUnavailable("the game store could not save; nothing was applied") from exc
        except PynamoDBException as exc:
            raise ServiceUnavailable("the game store could not save; nothing was applied") from exc

    @staticmethod
    def _committed(record: GameRecord) -> bool:
        """Whether the stored item is the one ``record``'s write made (its ``write_id``)."""
        try:
            stored = GameRecord.get(record.game_id, consistent_read=True,
                                    attributes_to_get=["write_id", "version"])
        except (DoesNotExist, PynamoDBException):
            return False
        return stored.write_id == record.write_id

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
    def events(self, game_id: str, after: int, limit: int,
               loaded: StoredGame | None = None) -> list[dict[str, Any]]:
        """At most ``limit`` events of the log after sequence number ``after``, oldest first,
        each with its ``seq``, ``step`` and ``at``: from the chunks, then the game item's tail
        (``loaded``: the game just read, whose tail is used, else read here). An archived
        game's log comes from the archive."""
        record = None
        if loaded is not None and not loaded.archived:
            record = GameRecord(game_id, tail=loaded.tail,
                                event_count=loaded.record.event_count)
        return self._events(game_id, after, limit, record)

    def _events(self, game_id: str, after: int, limit: int,
                record: GameRecord | None) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        try:
            for chunk in GameEventRecord.query(game_id, GameEventRecord.seq > after,
                                               consistent_read=True):
                found += [e for e in chunk.events if e["seq"] > after]
                if len(found) >= limit:
                    return found[:limit]
            if record is None:
                try:
                    record = GameRecord.get(game_id, consistent_read=True,
                                            attributes_to_get=["tail", "event_count"])
                except DoesNotExist:
                    record = None
        except PynamoDBException as exc:
            raise ServiceUnavailable("the event log is not answering; try again") from exc
        if record is None:
            if archive.load_fields(game_id) is not None:
                return archive.load_events(game_id, after, limit)
            return found
        last = found[-1]["seq"] if found else after
        found += [e for e in (record.tail or []) if e["seq"] > last]
        return found[:limit]

    def archive(self, game_id: str) -> bool:
        """Move a finished game to the archive (:mod:`service.archive`): copy the game and its
        whole event log, then delete the event items newest first and the game item last (only
        if still the version copied). Returns ``False`` when the game is not finished. Safe to
        repeat: an interrupted run leaves the game item, so the next run redoes it."""
        record = GameRecord.get(game_id, consistent_read=True)
        if record.status != "finished":
            return False
        events = self._events(game_id, 0, 1 << 30, record)
        fields = {name: getattr(record, name) for name in archive.RECORD_FIELDS}
        fields["seats"] = list(record.seats)
        fields["stand_ins"] = record.stand_ins.as_dict() if record.stand_ins else {}
        fields["hidden"] = record.hidden.as_dict() if record.hidden else {}
        for item in archive.archived_items(fields, events):
            item.save()
        chunks = list(GameEventRecord.query(game_id, consistent_read=True,
                                            attributes_to_get=["game_id", "seq"]))
        with GameEventRecord.batch_write() as batch:
            for chunk in reversed(chunks):
                batch.delete(GameEventRecord(game_id, int(chunk.seq)))
        record.delete()  # conditional on the version read above
        return True


_store: GameStore | None = None


def default_store() -> GameStore:
    """The DynamoDB store (:class:`DynamoGameStore`), created on first use: the store of the
    pipeline, the lobbies and the timers when they are given none."""
    global _store
    if _store is None:
        _store = DynamoGameStore()
    return _store
