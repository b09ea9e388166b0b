"""Presence: when each person last looked at a table (``Presence`` table, one item per game
and account, TTL 30 days). Reading a game, its events or its chat, and acting, mark the caller
as seen; a conditional write keeps that to at most one stored write a minute per person."""

from __future__ import annotations

import time

from aws_lambda_powertools import Logger
from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import PynamoDBException, UpdateError
from pynamodb.indexes import GlobalSecondaryIndex, KeysOnlyProjection
from pynamodb.models import Model

from service import storage
from service.config import settings
from service.errors import ServiceUnavailable
from service.observability import SERVICE

log = Logger(service=SERVICE, child=True)  # "mtaa.<module>": the parent's format and keys
RESOLUTION = 60
"""Seconds: a later visit within this is not stored again."""
KEEP = 30 * 86400


class ByAccount(GlobalSecondaryIndex):
    """Every table an account was seen at (for erasure and export)."""

    class Meta:
        index_name = "by_account"
        projection = KeysOnlyProjection()

    account_id = UnicodeAttribute(hash_key=True)
    game_id = UnicodeAttribute(range_key=True)


class PresenceRecord(Model):
    """``account_id`` was last seen at game ``game_id`` at ``last_seen`` (Unix seconds)."""

    class Meta:
        table_name = settings().presence_table

    game_id = UnicodeAttribute(hash_key=True)
    account_id = UnicodeAttribute(range_key=True)
    last_seen = NumberAttribute()
    expires_at = NumberAttribute()
    by_account = ByAccount()


def touch(game_id: str, account_id: str, now: float | None = None) -> None:
    """Mark ``account_id`` as seen at ``game_id`` now (Unix seconds to the millisecond: what the
    standing orders did is told from the look on, :func:`service.standing_orders.did`). Best
    effort: a failure is logged, never raised (presence must not fail the request that carried
    it)."""
    now = round(time.time() if now is None else now, 3)
    record = PresenceRecord(game_id, account_id)
    try:
        record.update(
            actions=[PresenceRecord.last_seen.set(now), PresenceRecord.expires_at.set(now + KEEP)],
            condition=(PresenceRecord.last_seen.does_not_exist()
                       | (PresenceRecord.last_seen <= now - RESOLUTION)),
        )
    except UpdateError as exc:
        if exc.cause_response_code != "ConditionalCheckFailedException":
            log.warning("presence not stored for %s: %s", game_id, exc)
    except PynamoDBException as exc:
        log.warning("presence not stored for %s: %s", game_id, exc)


def last_look(game_id: str, account_id: str) -> float | None:
    """When ``account_id`` last looked at ``game_id`` before now (Unix seconds to the
    millisecond, to :data:`RESOLUTION`: a look within it of the stored one is not stored),
    ``None`` when never (or not for :data:`KEEP`). Best effort: a failure is logged and answers
    ``None``. Read before :func:`touch` marks this visit."""
    try:
        return float(PresenceRecord.get(game_id, account_id, consistent_read=True).last_seen)
    except PresenceRecord.DoesNotExist:
        return None
    except PynamoDBException as exc:
        log.warning("presence not read for %s: %s", game_id, exc)
        return None


def seen(game_id: str) -> dict[str, int]:
    """Account id -> last seen (whole Unix seconds) at ``game_id``."""
    try:
        return {r.account_id: int(r.last_seen)
                for r in PresenceRecord.query(game_id, consistent_read=True, limit=200)}
    except PynamoDBException as exc:
        raise ServiceUnavailable("presence is not answering; try again") from exc


def of_account(account_id: str) -> list[PresenceRecord]:
    """Every table ``account_id`` was seen at, with when (for the account's data export)."""
    try:
        keys = list(PresenceRecord.by_account.query(account_id))
        return list(PresenceRecord.batch_get([(k.game_id, k.account_id) for k in keys]))
    except PynamoDBException as exc:
        raise ServiceUnavailable("presence is not answering; try again") from exc


def forget_account(account_id: str) -> int:
    """Delete every presence item of ``account_id``; returns how many."""
    return storage.delete_all(PresenceRecord, PresenceRecord.by_account.query(account_id))


def forget_table(game_id: str) -> int:
    """Delete every presence item of a table; returns how many."""
    return storage.delete_all(PresenceRecord, PresenceRecord.query(game_id, consistent_read=True))
