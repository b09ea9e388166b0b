"""The reminder before a deadline (issue 31.2, ``service.reminders``): one notification when
80% of a decision's time is gone, not sent when the person looked at the game after its first
notification, held by quiet hours. Figures by hand: a turn notified at 09:00 UTC with a day
to go (the lobby's default idle turn, 86,400 s) is reminded after 0.8 x 86,400 = 69,120 s =
19 h 12 min, at 04:12 UTC the next day."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime

import boto3
import pytest

from tests.policy.calls import running_as
from tests.service import test_notifications as notes
from tests.service.buspump import pump, travel
from tests.service.test_notifications import DICE, account_of, pass_turn
from tests.webpush import Browser

push = pytest.fixture(notes.push_service.__wrapped__, name="push")
"""The Web Push service of tests/service/test_notifications.py (every push recorded)."""

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
REMINDER = datetime(2026, 3, 3, 4, 12, tzinfo=UTC)


def notified_turn(api, push, label):
    """A game where A passed the turn and B's browser was told; returns what the test needs."""
    sent, _, _ = push
    game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
    browser = Browser(f"https://push.mtaa.test/b-{label}")
    api.ok("POST", "/push/subscriptions", browser.subscription(), b, 204)
    pump()
    sent.clear()
    pass_turn(api, game_id, a)
    pump()
    assert len(sent) == 1                                   # the turn's first notification
    return game_id, b, browser


def reminder_timer(api, game_id, token):
    """The reminder's schedule of the decision the game waits on ``token`` for: (when, the
    payload it invokes with)."""
    client, group = boto3.client("scheduler"), os.environ["SCHEDULE_GROUP"]
    decision = api.ok("GET", f"/games/{game_id}", None, token)["decision"]["id"]
    timer = client.get_schedule(Name=f"rm-{game_id}-{decision}", GroupName=group)
    return timer["ScheduleExpression"], json.loads(timer["Target"]["Input"])


def test_the_reminder_is_sent_once_at_80_percent_of_the_time(api, push):
    sent, _, _ = push
    from timers import release_held

    with travel(T0) as clock:
        game_id, b, browser = notified_turn(api, push, "once")
        sent.clear()
        expression, payload = reminder_timer(api, game_id, b)
        assert expression == "at(2026-03-03T04:12:00)"
        assert payload["account_id"] == account_of(api, b) and payload["remind"]["due"] == \
            int(T0.timestamp()) + 86_400
        clock.move_to(REMINDER)
        with running_as("ReleaseHeldFunction"):
            assert release_held.handler(payload, None) == {"reminded": "sent"}
            assert release_held.handler(payload, None) == {"reminded": "repeat"}    # once
        [(_, _, body)] = sent
        told = browser.read(body)
        assert told["title"] == "Reminder: Mtaani waits for you"
        assert told["body"] == ("Most of the time for your decision is gone: the table decides "
                                "for you at 09:00.")


def test_no_reminder_when_the_person_looked_after_the_first_notification(api, push):
    sent, _, _ = push
    from timers import release_held

    with travel(T0) as clock:
        game_id, b, _ = notified_turn(api, push, "looked")
        _, payload = reminder_timer(api, game_id, b)
        clock.shift(3_600)
        api.ok("GET", f"/games/{game_id}", None, b)           # B looks an hour later
        sent.clear()
        clock.move_to(REMINDER)
        with running_as("ReleaseHeldFunction"):
            assert release_held.handler(payload, None) == {"reminded": "looked"}
        assert sent == []


def test_quiet_hours_hold_the_reminder(api, push):
    sent, _, _ = push
    from timers import release_held

    with travel(T0) as clock:
        game_id, b, _ = notified_turn(api, push, "quiet")
        _, payload = reminder_timer(api, game_id, b)
        # 04:12 UTC is 07:12 in Nairobi: inside B's quiet hours, 22:00-08:00.
        quiet = {"start": "22:00", "end": "08:00", "timezone": "Africa/Nairobi"}
        api.ok("PUT", "/account/notifications", {"quiet_hours": quiet}, b)
        sent.clear()
        clock.move_to(REMINDER)
        with running_as("ReleaseHeldFunction"):
            assert release_held.handler(payload, None) == {"reminded": "held"}
        assert sent == []
        clock.move_to(datetime(2026, 3, 3, 5, 0, tzinfo=UTC))       # 08:00 in Nairobi
        with running_as("ReleaseHeldFunction"):
            assert release_held.handler({"account_id": payload["account_id"]}, None) == {"sent": 1}
        assert len(sent) == 1
