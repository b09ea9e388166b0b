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
    password_resets_table: str
    erasures_table: str
    event_bus: str
    allow_scripted_games: bool
    session_ttl_seconds: int
    max_action_retries: int
    default_idle_timeout: int
    default_bot_delay: int
    default_stand_in_after: int
    notification_settings_table: str
    push_subscriptions_table: str
    notifications_table: str
    email_sender: str
    web_url: str
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
        password_resets_table=env("PASSWORD_RESETS_TABLE", "PasswordResets"),
        erasures_table=env("ERASURES_TABLE", "Erasures"),
        event_bus=env("EVENT_BUS_NAME", "mtaa-events"),
        allow_scripted_games=_flag("ALLOW_SCRIPTED_GAMES"),
        session_ttl_seconds=int(env("SESSION_TTL_SECONDS", str(30 * 24 * 3600))),
        max_action_retries=int(env("MAX_ACTION_RETRIES", "5")),
        default_idle_timeout=int(env("DEFAULT_IDLE_TIMEOUT_SECONDS", "86400")),
        default_bot_delay=int(env("DEFAULT_BOT_DELAY_SECONDS", "2")),
        default_stand_in_after=int(env("DEFAULT_IDLE_TURNS_BEFORE_BOT", "3")),
        notification_settings_table=env("NOTIFICATION_SETTINGS_TABLE", "NotificationSettings"),
        push_subscriptions_table=env("PUSH_SUBSCRIPTIONS_TABLE", "PushSubscriptions"),
        notifications_table=env("NOTIFICATIONS_TABLE", "Notifications"),
        email_sender=env("EMAIL_SENDER", ""),
        web_url=env("WEB_URL", "").rstrip("/"),
        archive_after_seconds=int(float(env("ARCHIVE_AFTER_DAYS", "30")) * 86400),
    )
