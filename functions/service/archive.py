"""Finished games leave the hot tables: the archive (``GamesArchive``, infrequent-access class).

A game finished more than ``ARCHIVE_AFTER_DAYS`` ago is copied as one item for the game
(``part`` 0: the record's fields with the state, zlib-compressed JSON) and its whole event log
in a few compressed chunks (``part`` 1..n, each under DynamoDB's 400 KB item limit), then its
hot items are deleted (the game item only if it is still the finished version that was
copied). Loading a game or its events falls back to the archive
(:meth:`service.storage.DynamoGameStore.load`), so replays and statistics keep working; the
dashboard's finished list (as room allows) and a player's finished games still list it, from its
summary (:func:`summaries`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from typing import Any

from pynamodb.attributes import BinaryAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import DoesNotExist, PutError, PynamoDBException
from pynamodb.models import Model

from service.config import settings
from service.errors import ServiceUnavailable

CHUNK_BYTES = 300_000
"""Largest compressed chunk of events per archive item (DynamoDB's item limit is 400 KB)."""
RECORD_FIELDS = ("game_id", "version", "ruleset", "status", "seats", "state", "event_count",
                 "owner", "pending", "stand_ins", "hidden", "sealed", "created_at", "updated_at",
                 "name", "number", "places", "rated", "unrated")


class ArchiveRecord(Model):
    """One part of an archived game: 0 the game, 1.. its events (``first_seq`` onwards)."""

    class Meta:
        table_name = settings().archive_table

    game_id = UnicodeAttribute(hash_key=True)
    part = NumberAttribute(range_key=True)
    first_seq = NumberAttribute(default=0)
    # The table's attribute is "count", which shadows Model.count (a scan's count), unused here.
    count = NumberAttribute(default=0)  # type: ignore[assignment]  # shadows Model.count
    data = BinaryAttribute(legacy_encoding=False)
    summary = BinaryAttribute(legacy_encoding=False, null=True)
    """Part 0: the :data:`SUMMARY_FIELDS` alone (compressed JSON), so a list of finished games
    reads them without the state (a game archived before it was kept has none)."""


SUMMARY_FIELDS = ("game_id", "ruleset", "status", "seats", "owner", "updated_at", "name",
                  "number", "places", "rated")
"""An archived game's fields a player's list of finished games shows (``service.players``)."""


def _summary(fields: dict[str, Any]) -> bytes:
    return _pack({k: fields.get(k) for k in SUMMARY_FIELDS})


def _pack(value: Any) -> bytes:
    return zlib.compress(json.dumps(value, separators=(",", ":")).encode(), 9)


def _unpack(data: bytes) -> Any:
    return json.loads(zlib.decompress(data))


def chunks(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """``events`` split so that each chunk compresses below :data:`CHUNK_BYTES`."""
    out: list[list[dict[str, Any]]] = []
    pending = list(events)
    size = max(1, len(pending))
    while pending:
        batch = pending[:size]
        if len(_pack(batch)) > CHUNK_BYTES and size > 1:
            size //= 2
            continue
        out.append(batch)
        pending = pending[len(batch):]
    return out


def archived_items(record_fields: dict[str, Any], events: list[dict[str, Any]]) -> list[ArchiveRecord]:
    """The archive items of one game: its fields (with the state text) and its events."""
    game_id = record_fields["game_id"]
    items = [ArchiveRecord(game_id, 0, count=len(events), data=_pack(record_fields),
                           summary=_summary(record_fields))]
    for number, batch in enumerate(chunks(events), start=1):
        items.append(ArchiveRecord(game_id, number, first_seq=int(batch[0]["seq"]),
                                   count=len(batch), data=_pack(batch)))
    return items


def load_fields(game_id: str) -> dict[str, Any] | None:
    """The archived game's fields, or ``None`` when it is not archived."""
    try:
        return _unpack(ArchiveRecord.get(game_id, 0).data)
    except DoesNotExist:
        return None
    except PynamoDBException as exc:
        raise ServiceUnavailable("the game archive is not answering; try again") from exc


def rewrite_fields(game_id: str, change: Callable[[dict[str, Any]], dict[str, Any] | None],
                   attempts: int = 5) -> bool:
    """Change an archived game's fields (an erased account's seat): ``change(fields)``
    returns the new fields, or ``None`` when there is nothing to change. The write is
    conditional on the item being as read (re-read and retried on a race). Returns whether
    it wrote. Raises :class:`ServiceUnavailable` when the archive does not answer or keeps
    changing."""
    for _ in range(attempts):
        try:
            item = ArchiveRecord.get(game_id, 0, consistent_read=True)
        except DoesNotExist:
            return False
        except PynamoDBException as exc:
            raise ServiceUnavailable("the game archive is not answering; try again") from exc
        fields = change(_unpack(item.data))
        if fields is None:
            return False
        before = item.data
        item.data = _pack(fields)
        item.summary = _summary(fields)
        try:
            item.save(condition=ArchiveRecord.data == before)
        except PutError as exc:
            if exc.cause_response_code == "ConditionalCheckFailedException":
                continue
            raise ServiceUnavailable("the game archive is not answering; try again") from exc
        return True
    raise ServiceUnavailable("the archived game kept changing; try again")


def summaries(game_ids: list[str]) -> dict[str, dict[str, Any]]:
    """The :data:`SUMMARY_FIELDS` of those of ``game_ids`` that are archived (one batch read of
    their part 0; the whole fields only for a game archived before summaries were kept)."""
    if not game_ids:
        return {}
    out: dict[str, dict[str, Any] | None] = {}
    try:
        for item in ArchiveRecord.batch_get([(g, 0) for g in game_ids],
                                            attributes_to_get=["game_id", "part", "summary"]):
            out[item.game_id] = _unpack(item.summary) if item.summary else None
        for game_id in [g for g, found in out.items() if found is None]:
            fields = _unpack(ArchiveRecord.get(game_id, 0).data)
            out[game_id] = {k: fields.get(k) for k in SUMMARY_FIELDS}
    except PynamoDBException as exc:
        raise ServiceUnavailable("the game archive is not answering; try again") from exc
    return {game_id: found for game_id, found in out.items() if found is not None}


def load_events(game_id: str, after: int, limit: int) -> list[dict[str, Any]]:
    """Archived events with ``seq > after``, at most ``limit`` (oldest first)."""
    out: list[dict[str, Any]] = []
    try:
        for item in ArchiveRecord.query(game_id, ArchiveRecord.part >= 1):
            if int(item.first_seq) + int(item.count) - 1 <= after:
                continue
            out.extend(e for e in _unpack(item.data) if int(e["seq"]) > after)
            if len(out) >= limit:
                break
    except PynamoDBException as exc:
        raise ServiceUnavailable("the game archive is not answering; try again") from exc
    return out[:limit]
