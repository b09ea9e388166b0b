"""Chat per table (``ChatMessages`` table: ``game_id`` + time-ordered ``message_id``; a
``by_author`` index finds one account's messages, for erasure).

Text is trimmed, stripped of control characters, limited to 1..500 characters, and stored
HTML-escaped (``&``, ``<``, ``>``), so no client can be tricked into rendering markup from it.
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

from service import throttle
from service.config import settings
from service.errors import ServiceUnavailable, Unprocessable

MAX_LENGTH = 500
VISIBLE = r"[^\s\x00-\x1f\x7f-\x9f]"
"""A message must contain a character that is neither white space nor a control character."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


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
    text = _CONTROL.sub(lambda m: " " if m.group(0) in "\n\r\t" else "", text).strip()
    if not text:
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
