"""Accounts, handles and sessions.

An account has a stable ``account_id``; its handle is display data kept in one place (the
account item, plus the ``Handles`` item that makes handles unique, case-insensitively). Game
records refer to accounts only by id. Sessions are opaque bearer tokens of which only the
SHA-256 hash is stored, with an expiry that DynamoDB TTL removes.

Passwords are optional; when set they are hashed with argon2id (argon2-cffi, imported lazily:
only the sign-in and password routes need it). Each account carries a ``session_epoch``; a
session is valid only while its epoch is the account's, so "sign out everywhere" (and a password
change or reset) is one counter increment. Failed password checks are throttled per handle and
per source address (:mod:`service.throttle`).

The optional reset email is used only to send password-reset links: single-use tokens (only
their SHA-256 is stored, in ``PasswordResets``), valid for :data:`RESET_TTL_SECONDS` and only
while the account's session epoch is the one they were issued under.

Source: guide "Account management" (``shared/seeds/000_fe1744ded917b034.txt``): "Your account is
your player handle. You can optionally protect it with a password and add an email address,
which is used only to send you a password-reset link and nothing else. An unprotected handle can
be claimed by anyone".
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aws_lambda_powertools import Logger
from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.expressions.update import Action
from pynamodb.indexes import GlobalSecondaryIndex, KeysOnlyProjection
from pynamodb.models import Model

from engine import bots
from service import storage, throttle
from service.config import settings
from service.errors import Conflict, NotFound, ServiceUnavailable, Unauthorized, Unprocessable
from service.observability import SERVICE

if TYPE_CHECKING:
    from service.models import AccountOut, PasswordChangedOut

log = Logger(service=SERVICE, child=True)  # "mtaa.<module>": the parent's format and keys

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
    email = UnicodeAttribute(null=True)
    session_epoch = NumberAttribute(default=0)
    created_at = NumberAttribute()
    ratings = UnicodeAttribute(null=True)
    """The account's ratings per game, as JSON (:mod:`service.ratings`)."""
    ratings_version = NumberAttribute(null=True)
    """Raised by every rating update (the finishing write is conditioned on it)."""


class HandleRecord(Model):
    """The claim on a handle (lower-cased): which account holds it."""

    class Meta:
        table_name = settings().handles_table

    handle_key = UnicodeAttribute(hash_key=True)
    account_id = UnicodeAttribute()


class ByAccount(GlobalSecondaryIndex):
    """An account's items of a table keyed by token hash (sessions, reset links): for erasure."""

    class Meta:
        index_name = "by_account"
        projection = KeysOnlyProjection()

    account_id = UnicodeAttribute(hash_key=True)
    token_hash = UnicodeAttribute(range_key=True)


class SessionRecord(Model):
    """A sign-in: the token's SHA-256 and when it expires (DynamoDB TTL attribute)."""

    class Meta:
        table_name = settings().sessions_table

    token_hash = UnicodeAttribute(hash_key=True)
    account_id = UnicodeAttribute()
    epoch = NumberAttribute(default=0)
    created_at = NumberAttribute()
    expires_at = NumberAttribute()
    by_account = ByAccount()


class PasswordResetRecord(Model):
    """A password-reset link: the token's SHA-256, the account, the session epoch it was issued
    under (a later password change, reset or "sign out everywhere" voids it) and its expiry
    (DynamoDB TTL attribute)."""

    class Meta:
        table_name = settings().password_resets_table

    token_hash = UnicodeAttribute(hash_key=True)
    account_id = UnicodeAttribute()
    epoch = NumberAttribute(default=0)
    created_at = NumberAttribute()
    expires_at = NumberAttribute()
    by_account = ByAccount()


class BadCredentials(Unauthorized):
    """A wrong or missing password (401)."""

    code = "bad_credentials"


@dataclass(frozen=True)
class Account:
    """The signed-in caller."""

    account_id: str
    handle: str
    token_hash: str = ""


def clock() -> float:
    """Unix seconds (one place, so tests can move time past a reset link's expiry)."""
    return time.time()


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


def create_account(handle: str, password: str | None = None) -> AccountRecord:
    """Claim a free ``handle`` for a new account (protected at once when ``password`` is
    given); :class:`Conflict` if someone holds it."""
    key = handle_key(handle)
    account = AccountRecord(
        "acc_" + secrets.token_urlsafe(12), handle=handle, handle_key=key,
        password_hash=hash_password(password) if password else None,
        created_at=int(time.time()),
    )
    try:
        with storage.transaction() as tx:
            tx.save(HandleRecord(key, account_id=account.account_id),
                    condition=HandleRecord.handle_key.does_not_exist())
            tx.save(account, condition=AccountRecord.account_id.does_not_exist())
    except TransactWriteError as exc:
        if exc.cause_response_code == "TransactionCanceledException":
            raise Conflict(f"the handle {handle!r} was just taken") from None
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    return account


def open_session(account: AccountRecord) -> tuple[str, int]:
    """A new bearer token for ``account`` and its expiry (Unix seconds); only the token's
    SHA-256 is stored, with the account's current session epoch."""
    token = secrets.token_urlsafe(32)
    now = int(time.time())
    expires = now + settings().session_ttl_seconds
    try:
        SessionRecord(token_hash(token), account_id=account.account_id,
                      epoch=int(account.session_epoch or 0), created_at=now,
                      expires_at=expires).save()
    except PynamoDBException as exc:
        raise ServiceUnavailable("sessions are not answering; try again") from exc
    return token, expires


def close_session(caller: Account) -> None:
    """Sign out: delete the caller's session item."""
    try:
        SessionRecord(caller.token_hash).delete()
    except PynamoDBException as exc:
        raise ServiceUnavailable("sessions are not answering; try again") from exc


def close_all_sessions(account_id: str) -> AccountRecord:
    """Sign out everywhere: move the account to a new session epoch, which invalidates every
    session opened before. Returns the updated account."""
    account = AccountRecord(account_id)
    try:
        account.update(actions=[AccountRecord.session_epoch.add(1)],
                       condition=AccountRecord.account_id.exists())
    except PynamoDBException as exc:
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    return account


# ---------------------------------------------------------------------------- passwords
PASSWORD_MIN, PASSWORD_MAX = 8, 128
_hasher = None


def _password_hasher():
    """argon2-cffi's hasher (argon2id with its RFC 9106 low-memory defaults), built once."""
    global _hasher
    if _hasher is None:
        # Cold start: argon2 loads only for the handlers that hash a password.
        from argon2 import PasswordHasher

        _hasher = PasswordHasher()
    return _hasher


def hash_password(password: str) -> str:
    """The argon2id hash (PHC string) of ``password``."""
    return _password_hasher().hash(password)


def password_matches(account: AccountRecord, password: str | None) -> bool:
    """Whether ``password`` is the account's (``False`` when either is missing)."""
    if not account.password_hash or not password:
        return False
    # Cold start: argon2 loads only for the handlers that check a password.
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return _password_hasher().verify(account.password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def check_password(account: AccountRecord, password: str | None, source: str) -> None:
    """Verify ``password`` for a protected account, throttled per handle and per source.

    Raises :class:`~service.errors.TooManyRequests` while the handle or the source is locked
    out (5 failures per handle, 20 per source, in 15 minutes: each attempt is counted before
    the check and given back when the password is right) and :class:`Unauthorized`
    (``bad_credentials``) for a wrong or missing password, which counts as a failure.
    """
    keys = throttle.sign_in_keys(account.handle_key, source)
    # Counted before the password is checked, so guesses sent in parallel cannot all be
    # checked: of any number racing, at most the limit reach the check.
    throttle.SIGN_IN.take(keys)
    if not password_matches(account, password):
        raise BadCredentials("wrong handle or password" if password else
                             "this handle is protected by a password")
    throttle.SIGN_IN.give_back(keys)  # only failures count


def set_password(account: AccountRecord, password: str | None) -> AccountRecord:
    """Protect the account with ``password`` (``None`` removes protection, and with it the
    reset email: an unprotected handle can be claimed by anyone, who must not read it) and
    sign out every session (the caller opens a fresh one)."""
    actions: list[Action] = [AccountRecord.session_epoch.add(1)]
    if password:
        actions.append(AccountRecord.password_hash.set(hash_password(password)))
    else:
        actions += [AccountRecord.password_hash.remove(), AccountRecord.email.remove()]
    try:
        account.update(actions=actions, condition=AccountRecord.account_id.exists())
    except PynamoDBException as exc:
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    return account


def authenticate(authorization: str | None) -> Account:
    """The account behind an ``Authorization: Bearer <token>`` header; :class:`Unauthorized`
    when it is missing, unknown or expired."""
    if not authorization or not authorization.lower().startswith("bearer "):
        raise Unauthorized("sign in first: send 'Authorization: Bearer <token>'")
    token = authorization[7:].strip()
    try:
        hashed = token_hash(token)
        session = SessionRecord.get(hashed, consistent_read=True)
        if session.expires_at < time.time():
            raise DoesNotExist()
        account = AccountRecord.get(session.account_id, consistent_read=True)
        if int(session.epoch or 0) != int(account.session_epoch or 0):
            raise DoesNotExist()
    except DoesNotExist:
        raise Unauthorized("your session has ended; sign in again") from None
    except PynamoDBException as exc:
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    return Account(account.account_id, account.handle, hashed)


BOT_LEVELS = bots.KINDS
"""Bot seat ids are ``bot:<level>:<n>`` (guide "Bots and solo play"), defined once in
:mod:`engine.bots`."""
bot_id = bots.seat_id
"""The seat id of bot ``number`` of ``level`` at a table (:func:`engine.bots.seat_id`)."""
bot_level = bots.level_of
"""The level of a bot seat id, ``None`` for an account (:func:`engine.bots.level_of`)."""


ANONYMOUS_PREFIX = "anon:"
ANONYMOUS_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
DELETED_NAME = "Deleted player"
"""Shown for an erased account's id in the moments before its tables are anonymised."""


def anonymous_id(secret: bytes, table_id: str) -> str:
    """The anonymous seat id that replaces an erased account at table ``table_id``:
    ``anon:`` and 12 characters of HMAC-SHA256(``secret``, ``table_id``). ``secret`` is random
    per erasure and discarded when it ends, so the id cannot be derived from the old handle or
    account id, differs from table to table, and is the same on every retry of one erasure."""
    digest = hmac.new(secret, table_id.encode(), hashlib.sha256).digest()
    return ANONYMOUS_PREFIX + "".join(ANONYMOUS_ALPHABET[b % 32] for b in digest[:12])


def is_anonymous(seat_id: str) -> bool:
    return seat_id.startswith(ANONYMOUS_PREFIX)


def display_name(seat_id: str) -> str | None:
    """The name of a bot or anonymous seat id ("Base bot 2", "Anonymous K7Q2XM"), ``None`` for
    an account (its handle is stored). Anonymous names contain a space, which no handle can."""
    level = bot_level(seat_id)
    if level:
        return f"{level.capitalize()} bot {seat_id.rsplit(':', 1)[1]}"
    if is_anonymous(seat_id):
        return anonymous_name(seat_id)
    return None


def anonymous_name(seat_id: str) -> str:
    """The name of an anonymous seat id (:func:`anonymous_id`): "Anonymous K7Q2XM"."""
    return "Anonymous " + seat_id[len(ANONYMOUS_PREFIX):][:6]


def handles_of(account_ids: list[str]) -> dict[str, str]:
    """Display names of the given seat ids: an account's current handle, a bot's "Base bot 2",
    an erased account's anonymous name; an account that no longer exists is "Deleted player",
    other unknown ids map to themselves. This is the one place handles are looked up for
    display."""
    out: dict[str, str] = {}
    wanted = [a for a in dict.fromkeys(account_ids) if a.startswith("acc_")]
    for a in account_ids:
        out[a] = display_name(a) or (DELETED_NAME if a.startswith("acc_") else a)
    if wanted:
        try:
            for item in AccountRecord.batch_get(wanted):
                out[item.account_id] = item.handle
        except PynamoDBException as exc:
            raise ServiceUnavailable("accounts are not answering; try again") from exc
    return out


def account_out(record: AccountRecord) -> AccountOut:
    """The API form of an account (never its password hash)."""
    # Cold start: 19 handlers that load this module never load the response models.
    from service.models import AccountOut

    return AccountOut(account_id=record.account_id, handle=record.handle,
                      protected=bool(record.password_hash), email=record.email,
                      created_at=int(record.created_at))


def change_password(me: Account, current: str | None, new: str | None,
                    source: str) -> PasswordChangedOut:
    """Set, change (``new``) or remove (``new=None``) the caller's password.

    A protected account must confirm with ``current`` (checked and throttled like a sign-in:
    :class:`BadCredentials`, :class:`~service.errors.TooManyRequests`). Removing a password
    that is not set is :class:`Conflict`. Every session is ended and a fresh one opened for the
    caller.
    """
    record = signed_in_account(me)
    if new is None and not record.password_hash:
        raise Conflict("your account has no password to remove")
    if record.password_hash:
        check_password(record, current, source)
    set_password(record, new)
    return _signed_in_again(record)


def _signed_in_again(record: AccountRecord) -> PasswordChangedOut:
    token, expires = open_session(record)
    # Cold start: 19 handlers that load this module never load the response models.
    from service.models import PasswordChangedOut

    return PasswordChangedOut(**account_out(record).model_dump(), token=token, expires_at=expires)


def signed_in_account(me: Account) -> AccountRecord:
    """The caller's account item; :class:`Unauthorized` when it is gone (erased meanwhile)."""
    record = get_account(me.account_id)
    if record is None:
        raise Unauthorized("your session has ended; sign in again")
    return record


# ---------------------------------------------------------------------------- reset email
EMAIL_MAX = 254
RESERVED_EMAIL_DOMAINS = ("arpa", "invalid", "local", "localhost", "onion", "test")
"""Special-use domains (RFC 6761 and others) that can never receive mail, refused as reset
emails: email-validator's ``SPECIAL_USE_DOMAIN_NAMES`` (a test keeps the two equal)."""
RESERVED_EMAIL_PATTERN = "[@.](" + "|".join(
    "".join(f"[{c.lower()}{c.upper()}]" for c in name) for name in RESERVED_EMAIL_DOMAINS
) + r")\.?$"
"""A JSON Schema (ECMA-262) pattern matching addresses at a reserved domain, in any case."""


def normalized_email(email: str) -> str:
    """``email`` in its normalised form (domain lower-cased, IDNA); :class:`Unprocessable`
    when it is not a syntactically valid address. No DNS lookup is made."""
    # Cold start: email_validator loads only when an address is set.
    from email_validator import EmailNotValidError, validate_email

    try:
        checked = validate_email(email, check_deliverability=False)
    except EmailNotValidError as exc:
        raise Unprocessable(f"email: {exc}") from None
    if len(checked.normalized) > EMAIL_MAX:
        raise Unprocessable(f"email: at most {EMAIL_MAX} characters")
    return checked.normalized


def set_email(me: Account, email: str | None, current: str | None, source: str) -> AccountOut:
    """Set (``email``) or remove (``None``) the caller's reset email. Only a protected account
    has one (:class:`Conflict` otherwise: the email is for password resets, and an unprotected
    handle can be claimed by anyone, who would read it), and it confirms a new address with its
    password (checked and throttled like a sign-in: :class:`BadCredentials`,
    :class:`~service.errors.TooManyRequests`): whoever controls the reset email can take the
    handle over. Reset links already sent stop working either way. Removing an address that
    is not set is not an error."""
    record = signed_in_account(me)
    if email is not None:
        email = normalized_email(email)
        if not record.password_hash:
            raise Conflict("a reset email is only for password resets: protect your handle "
                           "with a password first")
        check_password(record, current, source)
        action = AccountRecord.email.set(email)
    else:
        action = AccountRecord.email.remove()
    try:
        record.update(actions=[action], condition=AccountRecord.account_id.exists())
    except PynamoDBException as exc:
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    drop_reset_links(record.account_id)
    return account_out(record)


# ---------------------------------------------------------------------------- password resets
RESET_TTL_SECONDS = 30 * 60
"""How long a password-reset link works (single use)."""


class InvalidResetLink(NotFound):
    """The reset link is unknown, used, expired or void (the password changed since)."""

    code = "invalid_reset_link"


def request_reset(handle: str, source: str) -> None:
    """Email a password-reset link to the reset email of ``handle``, if it has one.

    The caller learns nothing either way: the same answer whether the handle exists, has an
    email or not, and when sending fails (logged, without the address). Requests are limited
    per handle and per source (:data:`service.throttle.RESET`: :class:`TooManyRequests`) so
    nobody can flood an inbox. Raises :class:`Unprocessable` for a malformed handle.
    """
    # Cold start: mail (SES) loads only for the handlers that send one (58 others load this module).
    from service import mail

    key = handle_key(handle)
    throttle.RESET.take(throttle.sign_in_keys(key, source))
    account = find_by_handle(handle)
    if account is None or not account.email:
        return
    token = secrets.token_urlsafe(32)
    now = int(clock())
    record = PasswordResetRecord(token_hash(token), account_id=account.account_id,
                                 epoch=int(account.session_epoch or 0), created_at=now,
                                 expires_at=now + RESET_TTL_SECONDS)
    try:
        record.save()
        mail.send_reset_link(account.email, account.handle, token, RESET_TTL_SECONDS)
    except Exception as exc:  # logged by kind only: SES messages can quote the address
        code = getattr(exc, "response", {}).get("Error", {}).get("Code", type(exc).__name__)
        log.error("a password-reset link could not be sent: %s", code)
        try:
            record.delete()
        except PynamoDBException as failed:
            log.error("an unsent password-reset link could not be deleted: %s", type(failed).__name__)


def complete_reset(token: str, new_password: str) -> PasswordChangedOut:
    """Use a reset link: set ``new_password``, end every session, and sign the caller in (a
    fresh token in the answer). The link is used up (single use) and every other outstanding
    link of the account is void. :class:`InvalidResetLink` when the link does not work."""
    hashed = token_hash(token)
    invalid = InvalidResetLink("this reset link does not work (used, expired or replaced): "
                               "ask for a new one")
    try:
        link = PasswordResetRecord.get(hashed, consistent_read=True)
        account = AccountRecord.get(link.account_id, consistent_read=True)
    except DoesNotExist:
        raise invalid from None
    except PynamoDBException as exc:
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    epoch = int(link.epoch or 0)
    if link.expires_at < clock() or int(account.session_epoch or 0) != epoch:
        raise invalid
    password_hash = hash_password(new_password)
    try:
        with storage.transaction() as tx:
            tx.delete(link, condition=PasswordResetRecord.token_hash.exists())
            tx.update(account, condition=AccountRecord.session_epoch == epoch, actions=[
                AccountRecord.password_hash.set(password_hash),
                AccountRecord.session_epoch.set(epoch + 1)])
    except TransactWriteError as exc:
        if exc.cause_response_code == "TransactionCanceledException":
            raise invalid from None
        raise ServiceUnavailable("accounts are not answering; try again") from exc
    account.session_epoch, account.password_hash = epoch + 1, password_hash
    return _signed_in_again(account)


def drop_reset_links(account_id: str) -> int:
    """Delete every outstanding reset link of the account; returns how many."""
    return storage.delete_all(PasswordResetRecord,
                              PasswordResetRecord.by_account.query(account_id))


def drop_sessions(account_id: str) -> int:
    """Delete every session item of the account; returns how many."""
    return storage.delete_all(SessionRecord, SessionRecord.by_account.query(account_id))
