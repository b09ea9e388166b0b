"""Fixed-window rate counters on DynamoDB (``Throttle`` table, TTL on ``expires_at``).

One item per key and window (``<name>:<kind>:<subject digest>:<window number>``), incremented
with an atomic ``ADD`` before the work it limits (:meth:`Limit.take`), so concurrent Lambdas
agree without locks and no race lets more through than the limit. Used for failed sign-ins and
password-reset requests (per handle and per source address) and chat messages (per account and
table). Subjects (handles, addresses, account ids) are stored only as a SHA-256 digest: the
counters need no personal data, and they expire on their own (TTL).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import DoesNotExist, PynamoDBException
from pynamodb.models import Model

from service.config import settings
from service.errors import ServiceUnavailable, TooManyRequests


def clock() -> float:
    """Unix seconds (one place, so tests can hold a window still)."""
    return time.time()


class ThrottleRecord(Model):
    """How many times ``key`` was counted in its window."""

    class Meta:
        table_name = settings().throttle_table

    key = UnicodeAttribute(hash_key=True)
    # The table's attribute is "count", which shadows Model.count (a scan's count), unused here.
    count = NumberAttribute(default=0)  # type: ignore[assignment]  # shadows Model.count
    expires_at = NumberAttribute()


@dataclass(frozen=True)
class Limit:
    """At most ``limit`` counts per key (by kind) within ``window`` seconds."""

    name: str
    limits: dict[str, int]
    window: int
    message: str

    def _item_key(self, kind: str, value: str, now: float) -> str:
        digest = hashlib.sha256(value.encode()).hexdigest()[:32]
        return f"{self.name}:{kind}:{digest}:{int(now // self.window)}"

    def _retry_after(self, now: float) -> int:
        return max(1, self.window - int(now % self.window))

    def take(self, keys: dict[str, str], now: float | None = None) -> None:
        """Count one event for every key, atomically, before the work it limits, and raise
        :class:`TooManyRequests` (with ``retry_after``) if that went over a limit: of any
        number of requests racing, at most the limit get through (each ``ADD`` returns its
        own count)."""
        now = clock() if now is None else now
        for kind, value in keys.items():
            if self._add(self._item_key(kind, value, now), now, 1) > self.limits[kind]:
                raise TooManyRequests(self.message, retry_after=self._retry_after(now))

    def give_back(self, keys: dict[str, str], now: float | None = None) -> None:
        """Uncount one event taken by :meth:`take` that turned out not to count (a sign-in
        whose password was right: only failures count)."""
        now = clock() if now is None else now
        for kind, value in keys.items():
            self._add(self._item_key(kind, value, now), now, -1)

    def _add(self, key: str, now: float, by: int) -> int:
        record = ThrottleRecord(key)
        try:
            record.update(actions=[
                ThrottleRecord.count.add(by),
                ThrottleRecord.expires_at.set(int(now) + 2 * self.window),
            ])
        except (PynamoDBException, DoesNotExist) as exc:
            raise ServiceUnavailable("the service is busy; try again") from exc
        return int(record.count)


SIGN_IN = Limit("signin", {"handle": 5, "source": 20}, 15 * 60,
                "too many failed sign-ins; wait before trying again")
"""Failed password checks: 5 per handle and 20 per source address in 15 minutes."""

RESET = Limit("reset", {"handle": 3, "source": 10}, 60 * 60,
              "too many password-reset requests; wait before asking again")
"""Password-reset requests: 3 per handle and 10 per source address an hour (whether or not the
handle exists, so the limit reveals nothing)."""

CHAT = Limit("chat", {"author": 20}, 60, "you are sending messages too fast; wait a moment")
"""Chat messages: 20 per account and table a minute."""

LOBBY = Limit("lobby", {"owner": settings().lobbies_per_hour}, 3600,
              "you have opened enough tables for now; start or cancel some of them")
"""New lobbies: 30 per account an hour (the deployment's ``LobbiesPerAccountHour``)."""

INVITE = Limit("invite", {"owner": 60, "invitee": 20}, 3600,
               "too many invitations for now; wait before inviting again")
"""Invitations: 60 sent per account and 20 received per account an hour (every table and role
together), so nobody can flood a player with invitations or fill their dashboard."""

DEMO = Limit("demo", {"account": 3, "source": 10}, 3600,
             "you have started enough demo games for now; watch one of them")
"""Demo games (four bots each): 3 per account and 10 per source address an hour."""


def sign_in_keys(handle_key: str, source: str) -> dict[str, str]:
    return {"handle": handle_key, "source": source or "unknown"}
