"""Service configuration, read from the environment (set by template.yaml's Globals, or by
the local stack from the same template)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Settings:
    """Names of the resources and the deployment's switches."""

    games_table: str
    events_table: str
    archive_table: str
    accounts_table: str
    handles_table: str
    sessions_table: str
    idempotency_table: str
    lobbies_table: str
    memberships_table: str
    chat_table: str
    presence_table: str
    throttle_table: str
    event_bus: str
    allow_scripted_games: bool
    session_ttl_seconds: int
    max_action_retries: int
    default_idle_timeout: int
    archive_after_seconds: int


@cache
def settings() -> Settings:
    """The settings of this process (read once; tests clear the cache with
    ``settings.cache_clear()`` after changing the environment)."""
    env = os.environ.get
    return Settings(
        games_table=env("GAMES_TABLE", "Games"),
        events_table=env("EVENTS_TABLE", "GameEvents"),
        archive_table=env("ARCHIVE_TABLE", "GamesArchive"),
        accounts_table=env("ACCOUNTS_TABLE", "Accounts"),
        handles_table=env("HANDLES_TABLE", "Handles"),
        sessions_table=env("SESSIONS_TABLE", "Sessions"),
        idempotency_table=env("IDEMPOTENCY_TABLE", "Idempotency"),
        lobbies_table=env("LOBBIES_TABLE", "Lobbies"),
        memberships_table=env("MEMBERSHIPS_TABLE", "Memberships"),
        chat_table=env("CHAT_TABLE", "ChatMessages"),
        presence_table=env("PRESENCE_TABLE", "Presence"),
        throttle_table=env("THROTTLE_TABLE", "Throttle"),
        event_bus=env("EVENT_BUS_NAME", "mtaa-events"),
        allow_scripted_games=_flag("ALLOW_SCRIPTED_GAMES"),
        session_ttl_seconds=int(env("SESSION_TTL_SECONDS", str(30 * 24 * 3600))),
        max_action_retries=int(env("MAX_ACTION_RETRIES", "5")),
        default_idle_timeout=int(env("DEFAULT_IDLE_TIMEOUT_SECONDS", "86400")),
        archive_after_seconds=int(float(env("ARCHIVE_AFTER_DAYS", "30")) * 86400),
    )
