"""Notifications: who hears what, when, and by which channel.

Fed by the bus (``timers.notify``), in each game's own words (the ruleset's message catalogue,
``Ruleset.notice``): a decision that passes to a human from someone else (``DecisionPending``
with ``passed``: "your turn", "you owe a payment", "Achieng played Banja on you: Neda or pay
by 18:00", with its deadline in the player's time zone), the ruleset's own news for people
(its ``bus_events``, marked ``notify``: an offer made to a player, an auction opening to every
seat with its close in the player's time zone, the end of the game to every human seat; an
event naming a time as ``due`` has it worded like a deadline), "a bot is playing your seat"
(``SeatHandedToBot``) and lobby invitations (``LobbyInvitation``). A decision's first
notification also sets its reminder, at 80% of its time (:mod:`service.reminders`), which
:func:`send_reminder` sends. ``TableNews`` (Mtaani: what a revolution brought) is kept as a short
table-wide notice, folded into each player's next notification rather than sent alone.

Channels (per-player preferences, :class:`NotificationSettingsRecord`): Web Push to every
subscribed browser, SNS mobile push to every registered app device, and email only to a player
who explicitly opted in to turn emails and has an email on their account (off by default: the
guide's promise that the email is for password resets). Quiet hours in the player's time zone
hold notifications (``held``) until they end, when one Scheduler timer per player sends them.
At most one notification per game per turn or answer (``Ruleset.notice_key``: a turn that is a
run of decisions is told once), offer or invitation: each is recorded
under a deterministic key with a condition, so a timer or a retry running twice sends once.

Tables (each keyed by account id, so erasure finds everything): ``NotificationSettings``,
``PushSubscriptions`` (browsers and app devices) and ``Notifications`` (what was sent or is
held; table-wide revolution notices are kept under ``game#<id>``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from aws_lambda_powertools import Logger
from pynamodb.attributes import (
    BooleanAttribute,
    NumberAttribute,
    UnicodeAttribute,
)
from pynamodb.exceptions import DoesNotExist, PutError, PynamoDBException
from pynamodb.models import Model

import engine
from service import accounts, delivery, observability, reminders, tables, timers
from service.config import settings
from service.delivery import Message
from service.errors import ServiceUnavailable, Unprocessable
from service.observability import SERVICE
from service.storage import GameRecord, delete_all, list_of

log = Logger(service=SERVICE, child=True)  # "mtaa.<module>": the parent's format and keys

KEEP_SECONDS = 30 * 24 * 3600
"""How long a sent notification's record is kept (DynamoDB TTL): what a repeat is checked against."""


class NotificationSettingsRecord(Model):
    """A player's notification preferences (absent: the defaults)."""

    class Meta:
        table_name = settings().notification_settings_table

    account_id = UnicodeAttribute(hash_key=True)
    web_push = BooleanAttribute(default=True)
    mobile_push = BooleanAttribute(default=True)
    turn_emails = BooleanAttribute(default=False)
    quiet_start = UnicodeAttribute(null=True)
    quiet_end = UnicodeAttribute(null=True)
    time_zone = UnicodeAttribute(default="UTC")
    optout_token = UnicodeAttribute(null=True)
    updated_at = NumberAttribute(default=0)


class PushSubscriptionRecord(Model):
    """A browser's Web Push subscription (``kind`` ``web``) or an app device's SNS endpoint
    (``kind`` ``mobile``) of an account; ``subscription_id`` hashes the endpoint or token."""

    class Meta:
        table_name = settings().push_subscriptions_table

    account_id = UnicodeAttribute(hash_key=True)
    subscription_id = UnicodeAttribute(range_key=True)
    kind = UnicodeAttribute()
    endpoint = UnicodeAttribute()
    p256dh = UnicodeAttribute(null=True)
    auth = UnicodeAttribute(null=True)
    platform = UnicodeAttribute(null=True)
    created_at = NumberAttribute()


class NotificationRecord(Model):
    """One notification to ``account_id`` under ``key`` (``<game>#<what>``): ``status``
    ``sent`` or ``held`` (quiet hours; ``send_at`` says until when), the message and the
    channels it went by. Also table-wide revolution notices (``account_id`` ``game#<id>``)
    and each player's cursor of the notices told (``cursor#<game>``)."""

    class Meta:
        table_name = settings().notifications_table

    account_id = UnicodeAttribute(hash_key=True)
    key = UnicodeAttribute(range_key=True)
    status = UnicodeAttribute(default="sent")
    title = UnicodeAttribute(null=True)
    body = UnicodeAttribute(null=True)
    url = UnicodeAttribute(null=True)
    tag = UnicodeAttribute(null=True)
    game_id = UnicodeAttribute(null=True)
    emailable = BooleanAttribute(default=False)
    channels = list_of(UnicodeAttribute, default=list)
    revolution = NumberAttribute(null=True)
    created_at = NumberAttribute(default=0)
    send_at = NumberAttribute(null=True)
    expires_at = NumberAttribute(null=True)


# ---------------------------------------------------------------------------- preferences
@dataclass(frozen=True)
class Preferences:
    """A player's channels and quiet hours (``"HH:MM"`` in ``time_zone``, an IANA name)."""

    web_push: bool = True
    mobile_push: bool = True
    turn_emails: bool = False
    quiet_start: str | None = None
    quiet_end: str | None = None
    time_zone: str = "UTC"


def preferences(account_id: str) -> Preferences:
    try:
        item = NotificationSettingsRecord.get(account_id)
    except DoesNotExist:
        return Preferences()
    return Preferences(bool(item.web_push), bool(item.mobile_push), bool(item.turn_emails),
                       item.quiet_start, item.quiet_end, item.time_zone or "UTC")


def save_preferences(account_id: str, prefs: Preferences) -> Preferences:
    """Store ``prefs`` (an opt-out token for email links is made once)."""
    try:
        item = NotificationSettingsRecord.get(account_id)
    except DoesNotExist:
        item = NotificationSettingsRecord(account_id, optout_token=secrets.token_urlsafe(24))
    item.web_push, item.mobile_push, item.turn_emails = prefs.web_push, prefs.mobile_push, prefs.turn_emails
    item.quiet_start, item.quiet_end, item.time_zone = prefs.quiet_start, prefs.quiet_end, prefs.time_zone
    item.updated_at = int(time.time())
    item.save()
    return prefs


def account_email(account_id: str) -> str | None:
    """The reset email on the account record (set through ``PUT /account/email``), if any."""
    record = accounts.get_account(account_id)
    return (record.email or None) if record is not None else None


OPT_OUT_LINK_PART = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What an opt-out link's account id (``acc_`` and 16 URL-safe characters) and token (32) are
made of, with room to spare."""


def unsubscribe_url(account_id: str) -> str:
    """The one-click link that turns turn emails off (its token is stored with the settings)."""
    item = NotificationSettingsRecord.get(account_id)
    base = settings().api_url
    return f"{base}/notifications/unsubscribe?account={account_id}&token={item.optout_token}"


def unsubscribe(account_id: str, token: str) -> bool:
    """Turn turn emails off for the holder of a valid opt-out link; ``False`` for a bad link
    (also one whose parts could never be an account id or a token: not looked up)."""
    if not (OPT_OUT_LINK_PART.fullmatch(account_id) and OPT_OUT_LINK_PART.fullmatch(token)):
        return False
    try:
        item = NotificationSettingsRecord.get(account_id)
    except DoesNotExist:
        return False
    if not item.optout_token or not hmac.compare_digest(item.optout_token, token):
        return False
    item.update(actions=[NotificationSettingsRecord.turn_emails.set(False)])
    return True


def quiet_until(prefs: Preferences, now: datetime) -> datetime | None:
    """When the player's quiet hours end, if ``now`` falls inside them; else ``None``."""
    if not prefs.quiet_start or not prefs.quiet_end or prefs.quiet_start == prefs.quiet_end:
        return None
    # Cold start: the time-zone database is read only for a player who set a zone.
    from zoneinfo import ZoneInfo

    local = now.astimezone(ZoneInfo(prefs.time_zone))
    start = local.replace(hour=int(prefs.quiet_start[:2]), minute=int(prefs.quiet_start[3:]),
                          second=0, microsecond=0)
    end = local.replace(hour=int(prefs.quiet_end[:2]), minute=int(prefs.quiet_end[3:]),
                        second=0, microsecond=0)
    if start < end:  # e.g. 13:00-15:00
        return end.astimezone(UTC) if start <= local < end else None
    if local >= start:  # e.g. 22:00-07:00, late evening
        return (end + timedelta(days=1)).astimezone(UTC)
    return end.astimezone(UTC) if local < end else None


# ---------------------------------------------------------------------------- erasure
def replace_mentions(game_id: str, account_ids: list[str], handle: str, name: str) -> int:
    """Replace ``handle`` with ``name`` (an erased account's anonymous name at this table) in
    the notifications about ``game_id`` kept for ``account_ids`` and in the table's revolution
    notices; returns how many changed. Running it again changes nothing."""
    # Cold start: 6 handlers that load this module never read chat.
    from service.chat import mention_pattern

    pattern = mention_pattern(handle)
    changed = 0
    try:
        for account_id in [*account_ids, f"game#{game_id}"]:
            for item in NotificationRecord.query(account_id, NotificationRecord.key.startswith(
                    game_id + "#"), consistent_read=True):
                title = pattern.sub(name, item.title or "")
                body = pattern.sub(name, item.body or "")
                if (title, body) != (item.title or "", item.body or ""):
                    item.update(actions=[NotificationRecord.title.set(title),
                                         NotificationRecord.body.set(body)])
                    changed += 1
    except PynamoDBException as exc:
        raise ServiceUnavailable("notifications are not answering; try again") from exc
    return changed


def export_settings(account_id: str) -> dict[str, Any]:
    """The account's notification preferences (the defaults when it never set any)."""
    prefs = preferences(account_id)
    return {"web_push": prefs.web_push, "mobile_push": prefs.mobile_push,
            "turn_emails": prefs.turn_emails, "quiet_start": prefs.quiet_start,
            "quiet_end": prefs.quiet_end, "time_zone": prefs.time_zone}


def export_subscriptions(account_id: str) -> list[dict[str, Any]]:
    """The account's browser subscriptions and app devices (keys left out)."""
    return [{"kind": s.kind, "endpoint": s.endpoint, "platform": s.platform,
             "created_at": int(s.created_at)} for s in subscriptions(account_id)]


def export_notifications(account_id: str) -> list[dict[str, Any]]:
    """The notifications kept for the account (sent, or held in quiet hours)."""
    try:
        items = list(NotificationRecord.query(account_id))
    except PynamoDBException as exc:
        raise ServiceUnavailable("notifications are not answering; try again") from exc
    return [{"key": n.key, "status": n.status, "title": n.title, "body": n.body,
             "channels": list(n.channels or []), "created_at": int(n.created_at or 0)}
            for n in items if n.title is not None]


def erase_settings(account_id: str) -> int:
    """Delete the account's preferences (its opt-out token with them)."""
    try:
        return delete_all(NotificationSettingsRecord, [NotificationSettingsRecord.get(account_id)])
    except DoesNotExist:
        return 0


def erase_subscriptions(account_id: str) -> int:
    """Delete the account's browser subscriptions and app devices, their SNS endpoints first:
    a device whose endpoint SNS did not delete keeps its record (the endpoint is what it names)
    and :class:`ServiceUnavailable` is raised once the others are gone, so the erasure's
    retries and its hourly sweep come back to it (SNS deletes an endpoint that is already gone
    without an error)."""
    gone, kept = [], []
    for item in subscriptions(account_id):
        if item.kind == "mobile":
            try:
                delivery.forget_device(item.endpoint)
            except Exception:
                log.exception("could not delete an SNS endpoint; the erasure will try again")
                kept.append(item)
                continue
        gone.append(item)
    count = delete_all(PushSubscriptionRecord, gone)
    if kept:
        raise ServiceUnavailable(f"{len(kept)} app device endpoints could not be deleted yet")
    return count


def erase_notifications(account_id: str) -> int:
    """Delete every notification kept for the account (sent, held, cursors)."""
    return delete_all(NotificationRecord, NotificationRecord.query(account_id))


# ---------------------------------------------------------------------------- subscriptions
def _subscription_id(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()[:40]


def add_web_subscription(account_id: str, endpoint: str, p256dh: str, auth: str) -> None:
    """Store a browser's Web Push subscription. Raises :class:`Unprocessable` (422) for an
    endpoint Web Push may not post to (:func:`delivery.endpoint_refusal`: https on a public
    host)."""
    refusal = delivery.endpoint_refusal(endpoint)
    if refusal:
        raise Unprocessable(f"endpoint {refusal}")
    PushSubscriptionRecord(account_id, _subscription_id(endpoint), kind="web", endpoint=endpoint,
                           p256dh=p256dh, auth=auth, created_at=int(time.time())).save()


def add_device(account_id: str, platform: str, token: str) -> None:
    """Register an app device (its SNS endpoint is created or found)."""
    arn = delivery.register_device(platform, token)
    PushSubscriptionRecord(account_id, _subscription_id(token), kind="mobile", endpoint=arn,
                           platform=platform, created_at=int(time.time())).save()


def remove_subscription(account_id: str, endpoint_or_token: str) -> bool:
    """Forget a browser subscription (by endpoint) or an app device (by token)."""
    try:
        item = PushSubscriptionRecord.get(account_id, _subscription_id(endpoint_or_token))
    except DoesNotExist:
        return False
    if item.kind == "mobile":
        try:
            delivery.forget_device(item.endpoint)
        except Exception:
            log.exception("could not delete the SNS endpoint %s", item.endpoint)
    item.delete()
    return True


def subscriptions(account_id: str) -> list[PushSubscriptionRecord]:
    return list(PushSubscriptionRecord.query(account_id))


# ---------------------------------------------------------------------------- sending
def _claim(account_id: str, key: str, message: Message, emailable: bool, now: int,
           held_until: int | None) -> bool:
    """Record the notification under its deterministic key; ``False`` if it was already."""
    record = NotificationRecord(
        account_id, key, status="held" if held_until else "sent", title=message.title,
        body=message.body, url=message.url, tag=message.tag, game_id=message.game_id,
        emailable=emailable, created_at=now, send_at=held_until, expires_at=now + KEEP_SECONDS)
    try:
        record.save(condition=NotificationRecord.key.does_not_exist())
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def notify(account_id: str, key: str, message: Message, *, emailable: bool = False,
           now: float | None = None) -> str:
    """Send ``message`` to ``account_id`` once per ``key``. Returns ``"repeat"`` (already
    sent or held under that key), ``"held"`` (quiet hours: sent when they end) or ``"sent"``.
    ``emailable``: turn emails may carry it (game news, never invitations)."""
    if not account_id.startswith("acc_"):
        return "skipped"
    now = now or time.time()
    prefs = preferences(account_id)
    until = quiet_until(prefs, datetime.fromtimestamp(now, UTC))
    held_until = int(until.timestamp()) if until else None
    if not _claim(account_id, key, message, emailable, int(now), held_until):
        return "repeat"
    if held_until:
        _schedule_release(account_id, held_until)
        return "held"
    channels = deliver(account_id, message, prefs, emailable)
    NotificationRecord(account_id, key).update(actions=[NotificationRecord.channels.set(channels)])
    return "sent"


def deliver(account_id: str, message: Message, prefs: Preferences, emailable: bool) -> list[str]:
    """Send ``message`` by every channel ``prefs`` allow; returns the channels that took it.
    Subscriptions the push service no longer knows are removed."""
    used = []
    for sub in subscriptions(account_id):
        if sub.kind == "web" and prefs.web_push:
            info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
            outcome = delivery.send_web_push(info, message)
        elif sub.kind == "mobile" and prefs.mobile_push:
            outcome = delivery.send_mobile_push(sub.endpoint, message)
        else:
            continue
        if outcome == "gone":
            sub.delete()
        _count(sub.kind + "_push", outcome)
        if outcome == "sent":
            used.append(sub.kind + "_push")
    if emailable and prefs.turn_emails:
        email = account_email(account_id)
        if email:
            outcome = delivery.send_email(email, message, unsubscribe_url(account_id))
            _count("email", outcome)
            if outcome == "sent":
                used.append("email")
    log.info("notification to %s: %s [%s]", account_id, message.title, ",".join(used) or "none")
    return sorted(set(used))


def _count(channel: str, outcome: str) -> None:
    """The ``NotificationsSent`` / ``NotificationsFailed`` metrics, by channel (a subscription
    the push service no longer knows counts as failed)."""
    name = observability.NOTIFICATIONS_SENT if outcome == "sent" else observability.NOTIFICATIONS_FAILED
    observability.count(name, channel=channel)


def _schedule_release(account_id: str, at: int) -> None:
    """One timer per player and quiet-hours end sends what was held."""
    name = timers.schedule_name("quiet", account_id, at)
    timers.schedule_once(name, datetime.fromtimestamp(at, UTC),
                         settings().need("release_held_function_arn"), {"account_id": account_id})


def release_held(account_id: str, now: float | None = None) -> int:
    """Send what quiet hours held for ``account_id`` (their end has come); returns how many.
    Still quiet (the player changed their hours): a new timer is set."""
    now = now or time.time()
    prefs = preferences(account_id)
    until = quiet_until(prefs, datetime.fromtimestamp(now, UTC))
    if until is not None:
        _schedule_release(account_id, int(until.timestamp()))
        return 0
    sent = 0
    for item in NotificationRecord.query(account_id,
                                         filter_condition=NotificationRecord.status == "held"):
        message = Message(item.title, item.body, item.url, item.tag, item.game_id)
        try:  # the condition makes a second timer delivery send nothing twice
            item.update(actions=[NotificationRecord.status.set("sent")],
                        condition=NotificationRecord.status == "held")
        except Exception:
            continue
        channels = deliver(account_id, message, prefs, bool(item.emailable))
        item.update(actions=[NotificationRecord.channels.set(channels)])
        sent += 1
    return sent


# ---------------------------------------------------------------------------- revolution notices
def save_notice(game_id: str, revolution: int, text: str) -> None:
    """Keep the table-wide notice of what revolution ``revolution`` brought."""
    now = int(time.time())
    NotificationRecord(f"game#{game_id}", f"revolution#{revolution:06d}", body=text,
                       revolution=revolution, created_at=now,
                       expires_at=now + KEEP_SECONDS).save()


def untold_notices(account_id: str, game_id: str) -> list[str]:
    """The revolution notices of ``game_id`` that ``account_id`` has not been told yet (and
    marks them told)."""
    cursor_key = f"cursor#{game_id}"
    try:
        told = int(NotificationRecord.get(account_id, cursor_key).revolution or 0)
    except DoesNotExist:
        told = 0
    notices = list(NotificationRecord.query(
        f"game#{game_id}", NotificationRecord.key > f"revolution#{told:06d}"))
    if notices:
        now = int(time.time())
        NotificationRecord(account_id, cursor_key, revolution=int(notices[-1].revolution),
                           created_at=now, expires_at=now + KEEP_SECONDS).save()
    return [n.body for n in notices]


# ---------------------------------------------------------------------------- from the bus
OFFER_WINDOW_SECONDS = 3600
"""At most one notification per kind of news, source seat, recipient and game in this time
(offers are free to make and withdraw, so a player could otherwise flood another's devices,
and mailbox for turn emails, by offering and withdrawing in a loop)."""


def _idle_turns(count: int) -> str:
    return "1 idle turn" if count == 1 else f"{count} idle turns"


def _offer_window() -> int:
    return int(time.time()) // OFFER_WINDOW_SECONDS


def _link(path: str) -> str:
    return settings().web_url + "/#/" + path


def _claim_turn(account_id: str, key: str, decision: str) -> bool:
    """Claim the notice of a turn (``key``) for ``decision``, its first decision to reach
    the player: ``True`` for that decision (again on a repeat delivery of it, which
    :func:`notify` then finds sent), ``False`` for any later decision of the same turn."""
    now = int(time.time())
    try:
        NotificationRecord(account_id, key, body=decision, created_at=now,
                           expires_at=now + KEEP_SECONDS).save(
            condition=NotificationRecord.key.does_not_exist() | (NotificationRecord.body == decision))
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def _mark(account_id: str, key: str) -> bool:
    """Record that ``account_id`` was told something under ``key`` (a marker, no message);
    ``False`` when it already was."""
    now = int(time.time())
    try:
        NotificationRecord(account_id, key, created_at=now, expires_at=now + KEEP_SECONDS).save(
            condition=NotificationRecord.key.does_not_exist())
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def deadline_text(due: int | None, prefs: Preferences, now: float | None = None) -> str | None:
    """A deadline in the reader's words and time zone: ``"18:00"`` today, ``"Tue 18:00"``
    within a week, ``"3 Dec 18:00"`` later; ``None`` without one."""
    if due is None:
        return None
    # Cold start: the time-zone database is read only for a player who set a zone.
    from zoneinfo import ZoneInfo

    zone = ZoneInfo(prefs.time_zone or "UTC")
    when = datetime.fromtimestamp(due, UTC).astimezone(zone)
    today = datetime.fromtimestamp(now or time.time(), UTC).astimezone(zone).date()
    if when.date() == today:
        return when.strftime("%H:%M")
    if 0 < (when.date() - today).days < 7:
        return when.strftime("%a %H:%M")
    return f"{when.day} {when.strftime('%b %H:%M')}"


def handle_event(detail_type: str, detail: dict[str, Any]) -> dict[str, str]:
    """Turn one bus event into notifications (see the module docstring); returns what
    happened per recipient."""
    event = detail.get("event", {})
    if detail_type == "LobbyInvitation":
        handles = accounts.handles_of([detail["owner"]])
        role = "watch" if detail["role"] == "spectator" else "play"
        title = engine.get_ruleset(detail.get("ruleset") or engine.DEFAULT_RULESET).game_title
        message = Message("You are invited to a table",
                          f"{handles[detail['owner']]} invites you to {role} a game of {title}.",
                          _link(f"lobby/{detail['lobby_id']}"), f"invite-{detail['lobby_id']}")
        # At most one invitation notice an hour from one inviter, wherever: the others wait on
        # the dashboard (a stranger inviting in a loop cannot flood anyone's devices; how many
        # invitations anyone receives an hour is limited too, service.throttle.INVITE).
        account_id = detail["account_id"]
        inviter = hashlib.sha256(detail["owner"].encode()).hexdigest()[:16]  # no account id kept
        if not _mark(account_id, f"invites#{inviter}#{_offer_window()}"):
            return {account_id: "folded"}
        key = f"{detail['lobby_id']}#invite#{detail['role']}"
        return {account_id: notify(account_id, key, message)}
    game_id: str | None = detail.get("game_id")
    if not game_id:  # every other notice is a game's (a hand-made event without one: dropped)
        return {}
    if detail_type == "TableNews":
        for number, text in detail.get("news", []):
            save_notice(game_id, int(number), text)
        return {}
    seats = detail.get("seats", [])
    url, tag = _link(f"game/{game_id}"), f"game-{game_id}"
    if detail_type == "SeatHandedToBot":
        account_id = detail.get("account_id")
        if not account_id or not account_id.startswith("acc_"):
            return {}
        message = Message("A bot is playing your seat",
                          f"After {_idle_turns(event['idle_turns'])} in a row a Base bot plays "
                          "for you. Take your seat back on the game screen.", url, tag, game_id)
        return {account_id: notify(account_id, f"{game_id}#standin#{detail['version']}", message,
                                   emailable=True)}
    ruleset = engine.get_ruleset(detail["ruleset"])
    by_id = accounts.handles_of(seats)
    names = [by_id.get(account, account) for account in seats]
    table = tables.table_name(detail["ruleset"], seats, detail.get("owner"), by_id,
                              detail.get("name"), detail.get("number"))
    if detail_type == "DecisionPending":
        account_id = detail.get("account_id")
        if (detail.get("actor") != "human" or not detail.get("passed") or not account_id
                or not account_id.startswith("acc_")):
            return {}
        when = deadline_text(event.get("due"), preferences(account_id))
        notice = ruleset.notice(event, detail["seat"], names, when)
        if notice is None:
            return {}
        body = notice.body
        news = untold_notices(account_id, game_id)
        if news:
            body += " Since your last turn: " + " ".join(news)
        message = Message(titled(notice.title, table), body, url, tag, game_id)
        # Once per turn or answer (``notice``: the ruleset's key), not once per decision: a
        # Mulodi turn is a new decision after every card played.
        told_for = str(event.get("notice") or event["decision"])
        if told_for != str(event["decision"]) and not _claim_turn(
                account_id, f"{game_id}#turn#{told_for}", str(event["decision"])):
            return {account_id: "folded"}
        told = notify(account_id, f"{game_id}#decision#{event['decision']}", message,
                      emailable=True)
        if told in ("sent", "held"):  # its first notification: a reminder at 80% of its time
            reminders.schedule(account_id, game_id, detail["seat"], int(event["decision"]),
                               event.get("due"), int(time.time()))
        return {account_id: told}
    if not detail.get("notify"):
        return {}
    seat = detail.get("seat")
    if seat is not None and detail.get("actor") != "human":
        return {}
    recipients = [seat] if seat is not None else range(len(seats))
    out = {}
    for recipient in recipients:
        account_id = seats[recipient]
        if not account_id.startswith("acc_"):
            continue
        when = deadline_text(event.get("due"), preferences(account_id)) if event.get("due") else None
        notice = ruleset.notice(event, recipient, names, when)
        if notice is None:
            continue
        out[account_id] = notify(account_id, news_key(game_id, detail_type, detail), Message(
            titled(notice.title, table), notice.body, url, tag, game_id), emailable=True)
    return out


def send_reminder(account_id: str, remind: dict[str, Any], now: float | None = None) -> str:
    """The reminder's timer (:mod:`service.reminders`; ``remind``: its payload, the game, seat,
    decision, when it was first notified and when it is due): ``"made"`` (the decision is no
    longer the seat's), ``"looked"`` (the person looked at the game after the first
    notification), else what :func:`notify` says (``"sent"``, ``"held"``, ``"repeat"``)."""
    # Cold start: 5 of the 9 handlers that load this module never read presence.
    from service import presence

    game_id, seat, decision = remind["game_id"], int(remind["seat"]), int(remind["decision"])
    try:
        record = GameRecord.get(game_id)
    except GameRecord.DoesNotExist:
        return "made"
    if record.status != "active" or record.seats[seat] != account_id:
        return "made"
    state = engine.load_state(record.state)
    if not any(d.id == decision and d.player == seat for d in engine.pending(state)):
        return "made"
    if presence.seen(game_id).get(account_id, 0) > int(remind["notified"]):
        return "looked"
    prefs = preferences(account_id)
    when = deadline_text(int(remind["due"]), prefs, now)
    title = engine.get_ruleset(record.ruleset).game_title
    message = Message(f"Reminder: {title} waits for you",
                      f"Most of the time for your decision is gone: the table decides for you at "
                      f"{when}.", _link(f"game/{game_id}"), f"game-{game_id}",
                      game_id)
    return notify(account_id, f"{game_id}#remind#{decision}", message,
                  emailable=True, now=now or time.time())


def titled(title: str, table: str) -> str:
    """A game notification's title with the table's name (:mod:`service.tables`), so two
    tables of one game are told apart: "Your turn · Jiji with Otieno #2"."""
    return f"{title} · {table}"


def news_key(game_id: str, detail_type: str, detail: dict[str, Any]) -> str:
    """The key a piece of a game's news is sent once under: the end of the game once; an
    offer (an event naming its ``proposer``) once per kind, proposer and
    :data:`OFFER_WINDOW_SECONDS` (offers are free to make and withdraw); anything else the
    table did (an auction opening or closing) once per event: the version it was saved with
    and a digest of the event, the same on every delivery of it."""
    event = detail.get("event", {})
    if detail_type == "GameFinished":
        return f"{game_id}#finished"
    if "proposer" in event or "by" in event:
        source = event.get("proposer", event.get("by"))
        return f"{game_id}#{detail_type}#{source}#{_offer_window()}"
    digest = hashlib.sha256(json.dumps(event, sort_keys=True).encode()).hexdigest()[:12]
    return f"{game_id}#{detail_type}#v{detail.get('version')}#{digest}"
