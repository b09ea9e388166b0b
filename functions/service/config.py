"""Service configuration: every environment variable the service reads, in one validated model
(:class:`Settings`), read once per process (:func:`settings`) from the environment (set by
template.yaml's Globals and each function's ``Environment``, or by the local stack from the
same template).

A variable that is set but wrong (``MAX_ACTION_RETRIES=five``, ``ALLOW_SCRIPTED_GAMES=ture``,
``SNS_PLATFORM_APPLICATIONS`` that is not a JSON object) stops the function at its first use
with :class:`ConfigError` naming the variable and what it must be, instead of a silent default
or a ``ValueError`` deep in a request. An empty variable counts as unset (CloudFormation's
``!If [cond, value, ""]``). A resource a function needs but was not given
(``DEADLINE_FUNCTION_ARN``...) is :meth:`Settings.need`: the same error, where it is needed.

A plain pydantic model validated from ``os.environ`` rather than ``pydantic-settings``:
importing ``pydantic_settings`` (and python-dotenv with it) costs 200-440 ms of cold start
after the pipeline is loaded on this machine (median ~320 ms, loaded by other work), against a
pipeline import of ~740 ms; pydantic is already loaded by the engine and this model costs a few
ms. Powertools' own variables (``POWERTOOLS_*``, read by Powertools itself) and the Lambda
runtime's (``AWS_*``) are not here.
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, Json, SecretStr, ValidationError, field_validator


class ConfigError(RuntimeError):
    """The environment is wrong: the message names each bad variable and why."""


def _env(name: str, default: Any = None, **constraints: Any) -> Any:
    return Field(default, alias=name, **constraints)


class Settings(BaseModel):
    """The resources' names and the deployment's switches; each field's alias is its
    environment variable. Durations in seconds unless named otherwise."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    # DynamoDB tables and the bus
    games_table: str = _env("GAMES_TABLE", "Games")
    events_table: str = _env("EVENTS_TABLE", "GameEvents")
    archive_table: str = _env("ARCHIVE_TABLE", "GamesArchive")
    accounts_table: str = _env("ACCOUNTS_TABLE", "Accounts")
    handles_table: str = _env("HANDLES_TABLE", "Handles")
    sessions_table: str = _env("SESSIONS_TABLE", "Sessions")
    idempotency_table: str = _env("IDEMPOTENCY_TABLE", "Idempotency")
    lobbies_table: str = _env("LOBBIES_TABLE", "Lobbies")
    memberships_table: str = _env("MEMBERSHIPS_TABLE", "Memberships")
    chat_table: str = _env("CHAT_TABLE", "ChatMessages")
    presence_table: str = _env("PRESENCE_TABLE", "Presence")
    throttle_table: str = _env("THROTTLE_TABLE", "Throttle")
    password_resets_table: str = _env("PASSWORD_RESETS_TABLE", "PasswordResets")
    erasures_table: str = _env("ERASURES_TABLE", "Erasures")
    notification_settings_table: str = _env("NOTIFICATION_SETTINGS_TABLE", "NotificationSettings")
    push_subscriptions_table: str = _env("PUSH_SUBSCRIPTIONS_TABLE", "PushSubscriptions")
    notifications_table: str = _env("NOTIFICATIONS_TABLE", "Notifications")
    bot_results_table: str = _env("BOT_RESULTS_TABLE", "BotResults")
    event_bus: str = _env("EVENT_BUS_NAME", "mtaa-events")

    # Scheduler (service.timers) and the functions its schedules invoke
    schedule_group: str | None = _env("SCHEDULE_GROUP")
    scheduler_role_arn: str | None = _env("SCHEDULER_ROLE_ARN")
    dead_letter_queue_arn: str | None = _env("DEAD_LETTER_QUEUE_ARN")
    deadline_function_arn: str | None = _env("DEADLINE_FUNCTION_ARN")
    release_held_function_arn: str | None = _env("RELEASE_HELD_FUNCTION_ARN")

    # Switches and numbers of the deployment
    allow_scripted_games: bool = _env("ALLOW_SCRIPTED_GAMES", False)
    session_ttl_seconds: int = _env("SESSION_TTL_SECONDS", 30 * 24 * 3600, gt=0)
    max_action_retries: int = _env("MAX_ACTION_RETRIES", 5, ge=0)
    default_idle_timeout: int = _env("DEFAULT_IDLE_TIMEOUT_SECONDS", 86400, gt=0)
    default_bot_delay: int = _env("DEFAULT_BOT_DELAY_SECONDS", 2, ge=0)
    default_stand_in_after: int = _env("DEFAULT_IDLE_TURNS_BEFORE_BOT", 3, ge=0)
    archive_after_days: float = _env("ARCHIVE_AFTER_DAYS", 30, gt=0)
    lobbies_per_hour: int = _env("LOBBIES_PER_HOUR", 30, gt=0)
    demo_max_turns: int = _env("DEMO_MAX_TURNS", 0, ge=0)
    bot_turn_budget_seconds: float = _env("BOT_TURN_BUDGET_SECONDS", 40, gt=0)
    sweep_grace_seconds: int = _env("SWEEP_GRACE_SECONDS", 300, ge=0)
    sdk_read_timeout: float = _env("MTAA_SDK_READ_TIMEOUT", 2, gt=0)
    secrets_path: str = _env("SECRETS_PATH", "/mtaa/")

    # Links and notifications
    web_url: str = _env("WEB_URL", "")
    api_url: str = _env("API_URL", "")
    email_sender: str = _env("EMAIL_SENDER", "")
    vapid_public_key: str | None = _env("VAPID_PUBLIC_KEY")
    vapid_private_key: SecretStr | None = _env("VAPID_PRIVATE_KEY")
    vapid_subject: str = _env("VAPID_SUBJECT", "mailto:operator@example.invalid")
    sns_platform_applications: Json[dict[str, str]] = _env("SNS_PLATFORM_APPLICATIONS", {})
    push_endpoint_allow_insecure_hosts: str = _env("PUSH_ENDPOINT_ALLOW_INSECURE_HOSTS", "")

    @field_validator("web_url", "api_url")
    @classmethod
    def _no_trailing_slash(cls, url: str) -> str:
        return url.rstrip("/")

    @property
    def archive_after_seconds(self) -> int:
        """``ARCHIVE_AFTER_DAYS`` in seconds."""
        return int(self.archive_after_days * 86400)

    def need(self, field: str) -> str:
        """The value of ``field`` (a resource a function needs, e.g. ``deadline_function_arn``);
        :class:`ConfigError` naming its variable when the function was not given it."""
        value = getattr(self, field)
        if not value:
            variable = type(self).model_fields[field].alias
            raise ConfigError(f"{variable} is not set (this function needs it)")
        return value


def load(environ: dict[str, str] | os._Environ[str]) -> Settings:
    """``environ`` validated as :class:`Settings` (empty values count as unset);
    :class:`ConfigError` naming every bad variable and what it must be."""
    given = {name: value for name, value in environ.items() if value != ""}
    try:
        return Settings.model_validate(given)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                             for e in exc.errors(include_url=False, include_input=False))
        raise ConfigError(f"bad environment: {problems}") from None


@cache
def settings() -> Settings:
    """The settings of this process (read and validated once; tests clear the cache with
    ``settings.cache_clear()`` after changing the environment)."""
    return load(os.environ)
