"""Accounts, handles and sessions.

An account has a stable ``account_id``; its handle is display data kept in one place (the
account item, plus the ``Handles`` item that makes handles unique, case-insensitively). Game
records refer to accounts only by id. Sessions are opaque bearer tokens of which only the
SHA-256 hash is stored, with an expiry that DynamoDB TTL removes.

Source: guide "Account management" (``shared/seeds/000_fe1744ded917b034.txt``): "Your account is
your player handle ... An unprotected handle can be claimed by anyone".
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from dataclasses import dataclass

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.connection import Connection
from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from service.config import settings
from service.errors import Conflict, ServiceUnavailable, Unauthorized, Unprocessable

HANDLE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$")
HANDLE_RULES = "3 to 20 characters: letters, digits, '_' or '-', starting with a letter or digit"


class AccountRecord(Model):
    """An account: stable id, its current handle, and its optional credentials."""

    class Meta:
        table_name = settings().accounts_table

    account_id = UnicodeAttribute(hash_key=True)
    handle = UnicodeAttribute()
    handle_key = UnicodeAttribute()
    password_hash = UnicodeAttribute(null=True)
    created_at = NumberAttribute()


class HandleRecord(Model):
    """The claim on a handle (lower-cased): which account holds it."""

    class Meta:
        table_name = settings().handles_table

    handle_key = UnicodeAttribute(hash_key=True)
    account_id = UnicodeAttribute()


class SessionRecord(Model):
    """A sign-in: the token's SHA-256 and when it expires (DynamoDB TTL attribute)."""

    class Meta:
        table_name = settings().sessions_table

    token_hash = UnicodeAttribute(hash_key=True)
    account_id = UnicodeAttribute()
    created_at = NumberAttribute()
    expires_at = NumberAttribute()


@dataclass(frozen=True)
class Account:
    """The signed-in caller."""

    account_id: str
    handle: str


def handle_key(handle: str) -> str:
    """The case-insensitive key of ``handle``; :class:`Unprocessable` when it is malformed."""
    if not isinstance(handle, str) or not HANDLE_RE.match(handle):
        raise Unprocessable(f"a handle has {HANDLE_RULES}")
    return handle.lower()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def find_by_handle(handle: str) -> AccountRecord | None:
    """The account holding ``handle`` (any case), or ``None``."""
    key = handle_key(handle)
    try:
        claim = HandleRecord.get(key, consistent_read=True)
        return AccountRecord.get(claim.account_id, consistent_read=True)
    except DoesNotExist:
        return None
    except PynamoDBException as exc:
        raise ServiceUnavailable("accounts are not answering; try again") from exc


def get_account(account_id: str) -> AccountRecord | None:
    try:
        return AccountRecord.get(account_id, consistent_read=True)
    except DoesNotExist:
        return None


def create_account(handle: str) -> AccountRecord:
    """Claim a free ``handle`` for a new account; :class:`Conflict` if someone holds it."""
    key = handle_key(handle)
    account = AccountRecord(
        "acc_" + secrets.token_urlsafe(12), handle=handle, handle_key=key,
        created_at=int(time.time()),
    )
    try:
        with TransactWrite(connection=Connection()) as tx:
            tx.save(HandleRecord(key, account_id=account.account_id),
                    condition=HandleRecord.handle_key.does_not_exist())
            tx.save(account, condition=AccountRecord.account_id.does_not_exist())
    except TransactWriteError as exc:
        if exc.cause_response_code == "TransactionCanceledException":
            raise Conflict(f"the handle {handle!r} was just taken") from None
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    return account


def open_session(account: AccountRecord) -> str:
    """A new bearer token for ``account`` (only its hash is stored)."""
    token = secrets.token_urlsafe(32)
    now = int(time.time())
    SessionRecord(token_hash(token), account_id=account.account_id, created_at=now,
                  expires_at=now + settings().session_ttl_seconds).save()
    return token


def authenticate(authorization: str | None) -> Account:
    """The account behind an ``Authorization: Bearer <token>`` header; :class:`Unauthorized`
    when it is missing, unknown or expired."""
    if not authorization or not authorization.lower().startswith("bearer "):
        raise Unauthorized("sign in first: send 'Authorization: Bearer <token>'")
    token = authorization[7:].strip()
    try:
        session = SessionRecord.get(token_hash(token), consistent_read=True)
        if session.expires_at < time.time():
            raise DoesNotExist()
        account = AccountRecord.get(session.account_id, consistent_read=True)
    except DoesNotExist:
        raise Unauthorized("your session has ended; sign in again") from None
    except PynamoDBException as exc:
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    return Account(account.account_id, account.handle)


def handles_of(account_ids: list[str]) -> dict[str, str]:
    """Display handles of the given accounts (bots and unknown ids map to themselves)."""
    out: dict[str, str] = {}
    wanted = [a for a in dict.fromkeys(account_ids) if a.startswith("acc_")]
    for a in account_ids:
        out[a] = a
    if wanted:
        for item in AccountRecord.batch_get(wanted):
            out[item.account_id] = item.handle
    return out
