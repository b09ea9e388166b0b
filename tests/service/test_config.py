"""Settings (service/config.py): every variable the service reads, validated once; a bad one
stops the function with an error naming it."""

from __future__ import annotations

import pytest

from service.config import ConfigError, Settings, load


def test_an_empty_environment_gets_the_documented_defaults():
    settings = load({})
    assert settings.games_table == "Games" and settings.event_bus == "mtaa-events"
    assert settings.allow_scripted_games is False
    assert settings.max_action_retries == 5
    assert settings.session_ttl_seconds == 2_592_000               # 30 days
    assert settings.archive_after_seconds == 2_592_000             # ARCHIVE_AFTER_DAYS 30
    assert settings.bot_turn_budget_seconds == 40.0 and settings.sweep_grace_seconds == 300
    assert settings.sns_platform_applications == {} and settings.vapid_private_key is None


def test_variables_are_read_by_their_names_and_converted():
    settings = load({"GAMES_TABLE": "mtaa-Games", "ALLOW_SCRIPTED_GAMES": "true",
                     "MAX_ACTION_RETRIES": "2", "ARCHIVE_AFTER_DAYS": "0.5",
                     "WEB_URL": "https://play.mtaa.test/", "LOBBIES_PER_HOUR": "12",
                     "SNS_PLATFORM_APPLICATIONS": '{"fcm": "arn:aws:sns:fcm", "apns": ""}',
                     "UNRELATED": "ignored"})
    assert settings.games_table == "mtaa-Games" and settings.allow_scripted_games is True
    assert settings.max_action_retries == 2 and settings.lobbies_per_hour == 12
    assert settings.archive_after_seconds == 43_200                # half a day
    assert settings.web_url == "https://play.mtaa.test"            # no trailing slash
    assert settings.sns_platform_applications == {"fcm": "arn:aws:sns:fcm", "apns": ""}


def test_an_empty_variable_counts_as_unset():
    settings = load({"MAX_ACTION_RETRIES": "", "ALLOW_SCRIPTED_GAMES": "", "SCHEDULE_GROUP": ""})
    assert settings.max_action_retries == 5 and settings.allow_scripted_games is False
    assert settings.schedule_group is None


@pytest.mark.parametrize(("variable", "value"), [
    ("MAX_ACTION_RETRIES", "five"), ("MAX_ACTION_RETRIES", "-1"),
    ("ALLOW_SCRIPTED_GAMES", "ture"), ("ARCHIVE_AFTER_DAYS", "-2"),
    ("SNS_PLATFORM_APPLICATIONS", "fcm=arn"), ("SNS_PLATFORM_APPLICATIONS", '["arn"]'),
    ("BOT_TURN_BUDGET_SECONDS", "soon"),
])
def test_a_bad_variable_is_an_error_naming_it_not_a_silent_default(variable, value):
    with pytest.raises(ConfigError) as raised:
        load({variable: value})
    assert variable in str(raised.value)
    assert value not in str(raised.value).replace(variable, "")   # values (keys) are not echoed


def test_a_resource_a_function_needs_is_named_when_missing():
    with pytest.raises(ConfigError, match="DEADLINE_FUNCTION_ARN is not set"):
        load({}).need("deadline_function_arn")
    arn = "arn:aws:lambda:us-east-1:123456789012:function:deadline"
    assert load({"DEADLINE_FUNCTION_ARN": arn}).need("deadline_function_arn") == arn


def test_the_vapid_private_key_never_shows_in_a_repr():
    settings = load({"VAPID_PRIVATE_KEY": "k3y-private", "VAPID_PUBLIC_KEY": "pub"})
    assert "k3y-private" not in repr(settings)
    assert settings.vapid_private_key.get_secret_value() == "k3y-private"
    assert isinstance(settings, Settings)


def test_the_process_settings_follow_the_environment_after_cache_clear(monkeypatch):
    from service.config import settings

    monkeypatch.setenv("MAX_ACTION_RETRIES", "7")
    settings.cache_clear()
    assert settings().max_action_retries == 7
    monkeypatch.setenv("MAX_ACTION_RETRIES", "many")
    settings.cache_clear()
    with pytest.raises(ConfigError, match="MAX_ACTION_RETRIES"):
        settings()
