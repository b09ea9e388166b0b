"""Chat per table (``ChatMessages`` table: ``game_id`` + time-ordered ``message_id``; a
``by_author`` index finds one account's messages, for erasure).

Text is trimmed, stripped of control characters and of the marks that turn text around
(bidirectional overrides and isolates), limited to 1..500 characters, must show something
(not only white space, zero-width or blank-looking characters such as U+200B, U+FEFF,
U+3164 or U+2800), and is stored HTML-escaped (``&``, ``<``, ``>``), so no client can be
tricked into rendering markup from it.
Posting is rate-limited per account and table (:data:`service.throttle.CHAT`).
"""

from __future__ import annotations

import html
import re
import secrets
import time

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import PynamoDBException
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex
from pynamodb.models import Model

from service import storage, throttle
from service.config import settings
from service.errors import ServiceUnavailable, Unprocessable

MAX_LENGTH = 500
_INVISIBLE = (r"\s\x00-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5"
              r"\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164"
              r"\ufe00-\ufe0f\ufeff\uffa0")
"""What shows nothing: white space, control characters, soft hyphens, zero-width and joiner
characters, direction marks, overrides and isolates, invisible operators, variation
selectors, byte order marks and the blank-looking Hangul and Braille fillers."""
VISIBLE = f"[^{_INVISIBLE}]"
"""A message must contain a character that shows (the ``pattern`` of ``text`` in the API)."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_TURNING = re.compile(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Marks that change the direction of the text around them (removed: a message shows as typed)."""
_SHOWS = re.compile(VISIBLE)


class ByAuthor(GlobalSecondaryIndex):
    class Meta:
        index_name = "by_author"
        projection = AllProjection()

    account_id = UnicodeAttribute(hash_key=True)
    message_id = UnicodeAttribute(range_key=True)


class ChatRecord(Model):
    """One message: ``message_id`` is ``<ms since epoch, 13 digits>-<random>`` (sorts by time)."""

    class Meta:
        table_name = settings().chat_table

    game_id = UnicodeAttribute(hash_key=True)
    message_id = UnicodeAttribute(range_key=True)
    account_id = UnicodeAttribute()
    text = UnicodeAttribute()
    at = NumberAttribute()
    by_author = ByAuthor()


def clean(text: str) -> str:
    """The stored form of ``text``: control characters removed (newlines and tabs become
    spaces), trimmed, HTML-escaped. :class:`Unprocessable` when nothing visible is left or it
    is too long."""
    text = _CONTROL.sub(lambda m: " " if m.group(0) in "\n\r\t" else "", text)
    text = _TURNING.sub("", text).strip()
    if not _SHOWS.search(text):
        raise Unprocessable("text: a message needs some text")
    if len(text) > MAX_LENGTH:
        raise Unprocessable(f"text: a message has at most {MAX_LENGTH} characters")
    return html.escape(text, quote=False)


def post(game_id: str, account_id: str, text: str) -> ChatRecord:
    """Store a message (rate-limited: :class:`~service.errors.TooManyRequests`)."""
    cleaned = clean(text)
    throttle.CHAT.take({"author": f"{account_id}:{game_id}"})
    now = time.time()
    record = ChatRecord(game_id, f"{int(now * 1000):013d}-{secrets.token_hex(4)}",
                        account_id=account_id, text=cleaned, at=int(now))
    try:
        record.save()
    except PynamoDBException as exc:
        raise ServiceUnavailable("chat is not answering; try again") from exc
    return record


def page(game_id: str, after: str | None, limit: int) -> list[ChatRecord]:
    """Messages after the cursor ``after`` (a ``message_id``), oldest first."""
    try:
        condition = ChatRecord.message_id > after if after else None
        return list(ChatRecord.query(game_id, condition, limit=limit, consistent_read=True))
    except PynamoDBException as exc:
        raise ServiceUnavailable("chat is not answering; try again") from exc


# ---------------------------------------------------------------------------- erasure
def by_author(account_id: str) -> list[ChatRecord]:
    """Every message ``account_id`` wrote, at any table (oldest first per table)."""
    try:
        return list(ChatRecord.by_author.query(account_id))
    except PynamoDBException as exc:
        raise ServiceUnavailable("chat is not answering; try again") from exc


def delete_by_author(account_id: str) -> int:
    """Delete every message ``account_id`` wrote; returns how many."""
    return storage.delete_all(ChatRecord, ChatRecord.by_author.query(account_id))


def delete_table(game_id: str) -> int:
    """Delete every message of a table; returns how many."""
    return storage.delete_all(ChatRecord, ChatRecord.query(game_id, consistent_read=True))


def mention_pattern(handle: str) -> re.Pattern[str]:
    """Matches ``handle`` as a word in stored (escaped) text, in any case: not inside a longer
    run of handle characters."""
    return re.compile(r"(?<![A-Za-z0-9_-])" + re.escape(handle) + r"(?![A-Za-z0-9_-])",
                      re.IGNORECASE)


def replace_mentions(game_id: str, handle: str, name: str) -> int:
    """Replace ``handle`` wherever a message at ``game_id`` mentions it with ``name`` (an
    erased account's anonymous name); returns how many messages changed. Running it again
    changes nothing."""
    pattern = mention_pattern(handle)
    changed = 0
    try:
        for message in ChatRecord.query(game_id, consistent_read=True):
            # Matched on what the author wrote, not its stored escaped form (a handle such as
            # "amp" must not match inside "&amp;").
            text = html.escape(pattern.sub(name, html.unescape(message.text)), quote=False)
            if text != message.text:
                message.update(actions=[ChatRecord.text.set(text)])
                changed += 1
    except PynamoDBException as exc:
        raise ServiceUnavailable("chat is not answering; try again") from exc
    return changed
