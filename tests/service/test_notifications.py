"""Notifications, read where they land: the Web Push requests pywebpush made (intercepted at
the HTTP transport, decrypted with the browser's keys), the messages moto's SNS endpoints
received, and the emails in moto's SES outbox. Once per decision; email only on opt-in; quiet
hours hold them until they end; revolution notices ride on the next turn notification."""

from __future__ import annotations

import email
import email.policy
import json
import os
import re
from datetime import UTC, datetime

import boto3
import pytest
import responses
from moto.core import DEFAULT_ACCOUNT_ID
from moto.ses.models import ses_backends
from moto.sns.models import sns_backends

from service import delivery, notifications
from service.config import settings
from tests.policy.calls import running_as
from tests.service.buspump import discard_all, pump, travel
from tests.webpush import Browser

REGION = "us-east-1"
DICE = {"scripted": {"dice": [[1, 2], [2, 2], [1, 3], [2, 3], [1, 2], [2, 4]], "mugging": [False] * 6}}


INTERNAL = "http://127.0.0.1:9911/internal/admin?delete=all"
"""An address inside the service's network: nothing may make the service post there."""


@pytest.fixture
def push_service(aws, monkeypatch):
    """Web Push configured, and every HTTP request pywebpush makes, to any URL, answered here
    (201, or the status set per endpoint; a 3xx redirects to :data:`INTERNAL`), recorded as
    ``(url, headers, body)``."""
    keys = delivery.generate_vapid_keys("mailto:ops@mtaa.test")
    monkeypatch.setenv("VAPID_PUBLIC_KEY", keys.public_key)
    monkeypatch.setenv("VAPID_PRIVATE_KEY", keys.private_key)
    monkeypatch.setenv("VAPID_SUBJECT", keys.subject)
    monkeypatch.setenv("WEB_URL", "https://play.mtaa.test")
    monkeypatch.setenv("API_URL", "https://api.mtaa.test")
    settings.cache_clear()
    delivery.vapid_keys.cache_clear()
    discard_all()
    sent, status = [], {}

    def answer(request):
        sent.append((request.url, {k.lower(): v for k, v in request.headers.items()}, request.body))
        code = status.get(request.url, 201)
        return code, ({"location": INTERNAL} if 300 <= code < 400 else {}), b""

    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add_callback(responses.POST, re.compile(r".*"), callback=answer)
        yield sent, status, keys
    delivery.vapid_keys.cache_clear()


@pytest.fixture
def one_offer_window(monkeypatch):
    """The notices' fold window (``notifications.OFFER_WINDOW_SECONDS``: one offer of a kind,
    one invitation from one inviter, an hour) held still for the test: the windows are fixed
    hours of the wall clock, so an hour's end falling between a test's first notice and the
    one it says is folded would send that one as the first of a new window."""
    import secrets

    window = 600_000 + secrets.randbelow(10**6)
    monkeypatch.setattr(notifications, "_offer_window", lambda: window)
    return window


def sns_messages(token_fragment: str) -> list[dict]:
    endpoints = sns_backends[DEFAULT_ACCOUNT_ID][REGION].platform_endpoints.values()
    return [json.loads(m) for e in endpoints if token_fragment in e.token for m in e.messages.values()]


def emails_to(address: str) -> list[str]:
    outbox = ses_backends[DEFAULT_ACCOUNT_ID][REGION].sent_messages
    return [m.raw_data for m in outbox if address in m.destinations]


def set_email(account_id: str, email: str) -> None:
    """The reset email on the account record (issue 7's PUT /account/email writes it)."""
    boto3.client("dynamodb").update_item(
        TableName=os.environ["ACCOUNTS_TABLE"], Key={"account_id": {"S": account_id}},
        UpdateExpression="SET email = :e", ExpressionAttributeValues={":e": {"S": email}})


def account_of(api, token):
    return api.ok("GET", "/account", None, token)["account_id"]


def pass_turn(api, game_id, token):
    """The caller plays their turn out: roll, decline buys, draw Mtaani cards, end it."""
    paths = {"turn": "roll", "buy": "decline", "end": "end-turn"}
    for _ in range(20):
        view = api.ok("GET", f"/games/{game_id}", None, token)
        if view["decision"]["player"] != view["seat"]:
            return
        kind = view["decision"]["kind"]
        body = {"deck": "mtaani"} if kind == "deck" else None
        api.ok("POST", f"/games/{game_id}/mtaani/{paths.get(kind, 'choose-deck')}", body, token)
    raise AssertionError("the turn did not pass")


def test_a_turn_reaches_the_players_browsers_and_devices_once_and_no_email_by_default(api, push_service):
    sent, _, keys = push_service
    game_id, seats = api.new_game(2, options=DICE)
    (_, a), (_, b) = seats
    browser = Browser("https://push.mtaa.test/b-laptop")
    assert api.ok("GET", "/push/vapid-public-key", None, b) == {"public_key": keys.public_key}
    api.ok("POST", "/push/subscriptions", browser.subscription(), b, 204)
    token = f"fcm-device-{game_id[:8]}"
    api.ok("POST", "/push/devices", {"platform": "fcm", "token": token}, b, 204)
    set_email(account_of(api, b), f"b-{game_id[:6]}@mtaa.test")
    pump()                                              # (B's invitation to this table)
    sent.clear()
    before = len(sns_messages(token))
    pass_turn(api, game_id, a)
    counts = pump()
    assert counts.get("NotifyFunction") == 1         # one notice: B's turn (A's own moves: none)
    [(url, headers, body)] = sent
    assert url == browser.endpoint and headers["ttl"] == str(delivery.WEB_PUSH_TTL)
    assert headers["content-encoding"] == "aes128gcm"
    assert f"k={keys.public_key}" in headers["authorization"]
    # The title names the table (two games of Mtaani are told apart): its default name.
    table = api.ok("GET", f"/games/{game_id}", None, b)["name"]
    assert table.startswith("Mtaani with ") and table.endswith(" #1")
    assert browser.read(body) == {"title": f"Your turn · {table}",
                                  "body": "Your turn: roll the dice.",
                                  "url": f"https://play.mtaa.test/#/game/{game_id}",
                                  "tag": f"game-{game_id}", "game_id": game_id}
    [mobile] = sns_messages(token)[before:]
    assert json.loads(mobile["GCM"])["notification"] == {"title": f"Your turn · {table}",
                                                         "body": "Your turn: roll the dice."}
    assert emails_to(f"b-{game_id[:6]}@mtaa.test") == []          # turn emails are opt-in
    # The same event delivered again (a retry) sends nothing more.
    from timers import notify

    decision = api.ok("GET", f"/games/{game_id}", None, b)["decision"]
    repeat = {"detail-type": "DecisionPending", "detail": {
        "game_id": game_id, "version": 9, "ruleset": "mtaani",
        "seats": [account_of(api, a), account_of(api, b)],
        "seat": 1, "account_id": account_of(api, b), "actor": "human", "passed": True,
        "event": {"type": "DecisionPending", "player": 1, "kind": "turn",
                  "decision": decision["id"]}}}
    with running_as("NotifyFunction"):
        assert notify.handler(repeat, None) == {account_of(api, b): "repeat"}
    assert len(sent) == 1 and len(sns_messages(token)) == before + 1


def test_a_game_notice_that_names_no_game_tells_nobody(api, push_service):
    # A hand-made event (every game event the service publishes names its game): before,
    # the turn was notified with a link to "game/None".
    from timers import notify

    ids = [account_of(api, api.sign_in()[1]) for _ in range(2)]
    event = {"detail-type": "DecisionPending", "detail": {
        "version": 3, "ruleset": "mtaani", "seats": ids, "seat": 1, "account_id": ids[1],
        "actor": "human", "passed": True,
        "event": {"type": "DecisionPending", "player": 1, "kind": "turn", "decision": 7}}}
    with running_as("NotifyFunction"):
        assert notify.handler(event, None) == {}
    assert list(notifications.NotificationRecord.query(ids[1])) == []


def test_a_subscription_the_push_service_no_longer_knows_is_removed(api, push_service):
    sent, status, _ = push_service
    game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
    gone = Browser("https://push.mtaa.test/b-old-phone")
    status[gone.endpoint] = 410
    api.ok("POST", "/push/subscriptions", gone.subscription(), b, 204)
    pass_turn(api, game_id, a)
    pump()
    assert [url for url, _, _ in sent] == [gone.endpoint]
    assert notifications.subscriptions(account_of(api, b)) == []
    reply = api.call("DELETE", "/push/subscriptions", {"endpoint": gone.endpoint}, b)
    assert reply.status == 404


def test_a_push_service_answering_500_keeps_the_subscription_and_counts_the_failure(
        api, push_service, capsys):
    """A push service's own failure (5xx) is not a verdict on the subscription: it stays, the
    failure is counted (NotificationsFailed, channel web_push), the player's other browser
    still gets the notification and the notify function does not fail (nothing to retry)."""
    sent, status, _ = push_service
    game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
    broken, working = Browser("https://push.mtaa.test/b-broken"), Browser("https://push.mtaa.test/b-ok")
    status[broken.endpoint] = 500
    for browser in (broken, working):
        api.ok("POST", "/push/subscriptions", browser.subscription(), b, 204)
    discard_all()        # (the invitation to the table)
    capsys.readouterr()
    pass_turn(api, game_id, a)
    pump({"NotifyFunction"})   # the notify function answers (a failure would raise here)
    assert sorted(url for url, _, _ in sent) == sorted([broken.endpoint, working.endpoint])
    assert len(notifications.subscriptions(account_of(api, b))) == 2
    metrics = [json.loads(line) for line in capsys.readouterr().out.splitlines()
               if line.startswith('{"_aws"')]
    assert {(m.get("channel"), name) for m in metrics for name in ("NotificationsSent", "NotificationsFailed")
            if name in m} == {("web_push", "NotificationsFailed"), ("web_push", "NotificationsSent")}


REFUSED_ENDPOINTS = [
    INTERNAL, "http://push.mtaa.test/b", "https://127.0.0.1/b", "https://[::1]/b",
    "https://169.254.169.254/latest/meta-data/", "https://[::ffff:169.254.169.254]/b",
    "https://10.1.2.3/b", "https://192.168.0.1/b", "https://100.64.0.1/b", "https://0.0.0.0/b",
    "https://localhost/b", "https://push.localhost/b", "https://printer.local/b",
    "https://metadata.google.internal/b", "https://metadata/b", "https://127.1/b",
    "https://2130706433/b", "https://0x7f.0x1/b", "https://127\u30020\u30020\u30021/b",
    "https://8.8.8.8/b", "https://Push.Mtaa.test/b", "https://push.mtaa.test/b\\..\\x",
    "https://user:secret@push.mtaa.test/b", "https://push.mtaa.test:port/b",
    " https://push.mtaa.test/b", "ftp://push.mtaa.test/b", "push.mtaa.test/b",
]
"""Endpoints no browser's push service has: plain http, IP addresses (none is a push service's;
most reach inside the service's network), names that are not public, user info, malformed
URLs."""
PUSH_SERVICE_ENDPOINTS = [
    "https://fcm.googleapis.com/fcm/send/dKx1:APA91bH", "https://web.push.apple.com/QGs8Xw",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB", "https://push.mtaa.test:8443/b",
]
"""What real browsers' push services hand out (and the tests' own push service)."""


def test_a_subscription_must_name_an_https_push_service_on_a_public_host(api):
    from api.openapi import document

    # The OpenAPI document states the rule: what it allows is accepted, the rest refused.
    schema = document()["components"]["schemas"]["PushSubscriptionIn"]["properties"]["endpoint"]
    assert schema["pattern"] == delivery.PUSH_ENDPOINT_PATTERN
    assert [e for e in REFUSED_ENDPOINTS if re.search(schema["pattern"], e)] == []
    assert all(re.search(schema["pattern"], e) for e in PUSH_SERVICE_ENDPOINTS)
    _, token = api.sign_in()
    me = account_of(api, token)
    for endpoint in REFUSED_ENDPOINTS:
        reply = api.call("POST", "/push/subscriptions", Browser(endpoint).subscription(), token)
        assert reply.status == 422 and reply.error == "invalid_request", (endpoint, reply.body)
        assert reply.body["error"]["message"].startswith("endpoint "), reply.body
    assert notifications.subscriptions(me) == []
    for endpoint in PUSH_SERVICE_ENDPOINTS:
        api.ok("POST", "/push/subscriptions", Browser(endpoint).subscription(), token, 204)
    assert sorted(s.endpoint for s in notifications.subscriptions(me)) == sorted(PUSH_SERVICE_ENDPOINTS)


def test_an_operator_may_allow_a_local_push_service_over_http(api, push_service, monkeypatch):
    """The local stack's tests run a push service on 127.0.0.1 over http: the hosts named in
    PUSH_ENDPOINT_ALLOW_INSECURE_HOSTS are allowed, and only they."""
    from local.template import ROOT

    assert delivery.INSECURE_HOSTS_VARIABLE not in (ROOT / "template.yaml").read_text()
    sent, _, _ = push_service
    monkeypatch.setenv(delivery.INSECURE_HOSTS_VARIABLE, "127.0.0.1")
    settings.cache_clear()
    game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
    local = Browser("http://127.0.0.1:9911/b-local")
    api.ok("POST", "/push/subscriptions", local.subscription(), b, 204)
    for endpoint in ("http://10.1.2.3/b", "https://localhost/b", "http://push.mtaa.test/b"):
        reply = api.call("POST", "/push/subscriptions", Browser(endpoint).subscription(), b)
        assert reply.status == 422, endpoint
    discard_all()        # (the invitation to the table)
    sent.clear()
    pass_turn(api, game_id, a)
    pump()
    [(url, _, body)] = sent
    assert url == local.endpoint and local.read(body)["title"].startswith("Your turn · ")


def test_a_stored_subscription_to_a_refused_endpoint_is_never_posted_to_and_is_dropped(
        api, push_service, monkeypatch):
    """A subscription stored before endpoints were checked is checked again before sending."""
    sent, _, _ = push_service
    game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
    old, working = Browser(INTERNAL), Browser("https://push.mtaa.test/b-ok")
    with monkeypatch.context() as before_the_check:
        before_the_check.setattr(delivery, "endpoint_refusal", lambda endpoint: None)
        api.ok("POST", "/push/subscriptions", old.subscription(), b, 204)
    api.ok("POST", "/push/subscriptions", working.subscription(), b, 204)
    discard_all()        # (the invitation to the table)
    sent.clear()
    pass_turn(api, game_id, a)
    pump()
    assert [url for url, _, _ in sent] == [working.endpoint]
    assert [s.endpoint for s in notifications.subscriptions(account_of(api, b))] == [working.endpoint]


def test_a_push_service_redirecting_elsewhere_is_not_followed(api, push_service):
    sent, status, _ = push_service
    game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
    redirecting = Browser("https://push.mtaa.test/b-redirecting")
    status[redirecting.endpoint] = 307           # to INTERNAL
    api.ok("POST", "/push/subscriptions", redirecting.subscription(), b, 204)
    discard_all()        # (the invitation to the table)
    sent.clear()
    pass_turn(api, game_id, a)
    pump({"NotifyFunction"})
    assert [url for url, _, _ in sent] == [redirecting.endpoint]
    assert len(notifications.subscriptions(account_of(api, b))) == 1   # failed, not gone


def test_turn_emails_go_only_to_players_who_opted_in_with_a_one_click_opt_out(api, push_service):
    game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
    address = f"b-{game_id[:6]}@mtaa.test"
    # No reset email on file: asking for turn emails is refused in words, and nothing changes
    # (issue 32.6: the account took it and said nothing).
    refused = api.call("PUT", "/account/notifications", {"turn_emails": True, "web_push": False}, b)
    assert refused.status == 409 and refused.body["error"]["code"] == "no_email"
    assert "reset email" in refused.body["error"]["message"]
    settings = api.ok("GET", "/account/notifications", None, b)
    assert (settings["turn_emails"], settings["web_push"], settings["email_on_file"]) == (False, True, False)
    assert api.ok("PUT", "/account/notifications", {"turn_emails": False}, b)["turn_emails"] is False
    pass_turn(api, game_id, a)                                   # not opted in: none sent
    pump()
    assert emails_to(address) == []
    set_email(account_of(api, b), address)
    settings = api.ok("PUT", "/account/notifications", {"turn_emails": True}, b)
    assert settings["turn_emails"] is True and settings["email_on_file"] is True
    pass_turn(api, game_id, b)
    pass_turn(api, game_id, a)
    pump()
    [raw] = emails_to(address)
    mail = email.message_from_string(raw, policy=email.policy.default)
    assert mail["Subject"].startswith("Your turn · ") and mail.get_content_type() == "text/plain"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = mail["List-Unsubscribe"].strip("<>")
    assert link.startswith("https://api.mtaa.test/notifications/unsubscribe?account=acc_")
    text = mail.get_content()
    assert text.startswith("Your turn: roll the dice.") and link in text   # one click in the text
    path = link.removeprefix("https://api.mtaa.test")
    assert api.call("GET", path.replace("token=", "token=x")).status == 404
    assert api.call("POST", path, raw=b"List-Unsubscribe=One-Click",
                    headers={"content-type": "application/x-www-form-urlencoded"}).status == 200
    assert api.ok("GET", "/account/notifications", None, b)["turn_emails"] is False


def test_the_opt_out_link_is_documented_and_any_link_answers_a_page(api):
    """GET and POST /notifications/unsubscribe are in /openapi.json, without sign-in, answering
    HTML; whatever the link holds (nothing, a mangled or huge id, a token with characters no
    token has, a body of any kind on a POST) it is a 404 page, never a 5xx. (A parameter given
    twice is a malformed request: 422, the one JSON error shape, as the document says.)"""
    from api.openapi import document

    operations = document()["paths"]["/notifications/unsubscribe"]
    assert set(operations) == {"get", "post"}
    for operation in operations.values():
        assert operation["security"] == []
        assert [p["name"] for p in operation["parameters"]] == ["account", "token"]
        for status in ("200", "404"):
            assert set(operation["responses"][status]["content"]) == {"text/html"}
    links = ["", "?account=acc_x", "?token=abc", "?account=acc_x&token=",
             "?account=acc_x&token=%C3%A9t%C3%A9", f"?account={'a' * 5000}&token=abc",
             "?account=acc_%00&token=abc"]
    for link in links:
        for method, raw, kind in (("GET", None, None), ("POST", b"List-Unsubscribe=One-Click",
                                  "application/x-www-form-urlencoded"),
                                  ("POST", b"\xff\xfe", "application/octet-stream"),
                                  ("POST", b"[1, 2]", "application/json")):
            reply = api.call(method, "/notifications/unsubscribe" + link, raw=raw,
                             headers={"content-type": kind} if kind else None)
            assert reply.status == 404, (method, link, reply.body)
            assert reply.headers["content-type"].startswith("text/html")
            assert "not valid" in reply.body
    twice = api.call("GET", "/notifications/unsubscribe?account=acc_x&account=acc_y&token=abc")
    assert twice.status == 422 and twice.error == "invalid_request"


def test_quiet_hours_hold_notifications_until_they_end_in_the_players_time_zone(api, push_service):
    sent, _, _ = push_service
    # 20:30 UTC is 23:30 in Nairobi (UTC+3): inside B's quiet hours, 22:00-07:00.
    with travel(datetime(2026, 3, 2, 20, 30, tzinfo=UTC)) as clock:
        game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
        browser = Browser("https://push.mtaa.test/b-quiet")
        api.ok("POST", "/push/subscriptions", browser.subscription(), b, 204)
        pump()                                            # (B's invitation, before quiet hours)
        sent.clear()
        quiet = {"start": "22:00", "end": "07:00", "timezone": "Africa/Nairobi"}
        assert api.ok("PUT", "/account/notifications", {"quiet_hours": quiet}, b)["quiet_hours"] == quiet
        pass_turn(api, game_id, a)
        pump()
        assert sent == []
        b_id = account_of(api, b)
        release = datetime(2026, 3, 3, 4, 0, tzinfo=UTC)            # 07:00 in Nairobi
        timer = boto3.client("scheduler").get_schedule(
            Name=f"quiet-{b_id}-{int(release.timestamp())}", GroupName=os.environ["SCHEDULE_GROUP"])
        assert timer["ScheduleExpression"] == "at(2026-03-03T04:00:00)"
        from timers import release_held

        clock.move_to(release)
        with running_as("ReleaseHeldFunction"):
            assert release_held.handler({"account_id": b_id}, None) == {"sent": 1}
            assert release_held.handler({"account_id": b_id}, None) == {"sent": 0}   # once
        [(_, _, body)] = sent
        assert browser.read(body)["title"].startswith("Your turn · ")


def test_offers_invitations_and_the_end_of_a_game_reach_the_player(api, push_service,
                                                                 one_offer_window):
    sent, _, _ = push_service
    game_id, ((_, a), (b_handle, b)) = api.new_game(2, options=DICE)
    browser = Browser("https://push.mtaa.test/b-offers")
    api.ok("POST", "/push/subscriptions", browser.subscription(), b, 204)
    pump()
    sent.clear()
    api.ok("POST", f"/games/{game_id}/mtaani/propose-trade",
           {"to": 1, "give": {"cash": 10_000}, "get": {"cash": 0}}, a)
    api.ok("POST", f"/games/{game_id}/mtaani/offer-loan",
           {"to": 1, "lend": True, "amount": 200_000, "interest_percent": 10, "term": 5}, a)
    c_name, c = api.sign_in()              # (A invited B within the hour: folded, see below)
    lobby = api.ok("POST", "/lobbies", {"table_size": 2}, c, 201)
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": b_handle}, c, 201)
    lobby = api.ok("POST", "/lobbies", {"table_size": 2}, a, 201)
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/invites", {"handle": b_handle}, a, 201)
    pump()
    a_name = api.ok("GET", "/account", None, a)["handle"]
    table = api.ok("GET", f"/games/{game_id}", None, b)["name"]
    assert [(m["title"].removesuffix(f" · {table}"), m["body"])
            for m in (browser.read(body) for _, _, body in sent)] == [
        ("A trade offer is waiting", f"{a_name} offers you a trade."),
        ("A loan offer is waiting", f"{a_name} offers to lend you 200,000 SFR at 10%."),
        ("You are invited to a table", f"{c_name} invites you to play a game of Mtaani."),
    ]
    # Offering, withdrawing and offering again does not flood B: one of each kind an hour.
    sent.clear()
    for _ in range(3):
        trade = api.ok("POST", f"/games/{game_id}/mtaani/propose-trade",
                       {"to": 1, "give": {"cash": 1_000}, "get": {"cash": 0}}, a)
        offer = next(e["trade"] for e in trade["events"] if e["type"] == "TradeOffered")
        api.ok("POST", f"/games/{game_id}/mtaani/decline-trade", {"trade": offer}, a)
    pump()
    assert sent == []


def test_a_revolutions_notice_rides_on_the_next_turn_notification(api, push_service):
    sent, _, _ = push_service
    game_id, ((_, a), (_, b)) = api.new_game(2, options=DICE)
    ids = [account_of(api, a), account_of(api, b)]
    browser = Browser("https://push.mtaa.test/b-revolution")
    api.ok("POST", "/push/subscriptions", browser.subscription(), b, 204)
    pump()                                                # (B's invitation to this table)
    sent.clear()
    import engine
    from timers import notify

    # What a revolution brought, in the ruleset's words, published as table news.
    news = engine.get_ruleset("mtaani").table_news([
        {"type": "RevolutionCompleted", "revolution": 3, "net_worth": {}},
        {"type": "GlobalEventStarted", "event": "recession", "revolution": 3,
         "text": "A recession cuts salaries", "revolutions": 2},
        {"type": "NoTradeCharge", "revolution": 3, "amount": 200_000}])
    notify.handler({"detail-type": "TableNews", "detail": {
        "game_id": game_id, "version": 5, "ruleset": "mtaani",
        "news": [list(item) for item in news]}}, None)
    assert sent == []                                      # not sent alone
    pass_turn(api, game_id, a)
    pump()
    [(_, _, body)] = sent
    assert browser.read(body)["body"] == (
        "Your turn: roll the dice. Since your last turn: Revolution 3: A recession cuts "
        "salaries; nobody traded: everyone paid the no-trade charge of 200,000 SFR.")
    assert notifications.untold_notices(ids[1], game_id) == []    # told once


@pytest.mark.parametrize(("start", "end", "zone", "now", "until"), [
    # Overnight hours in Nairobi (UTC+3): 23:30 local is quiet until 07:00 local (04:00 UTC).
    ("22:00", "07:00", "Africa/Nairobi", datetime(2026, 3, 2, 20, 30, tzinfo=UTC),
     datetime(2026, 3, 3, 4, 0, tzinfo=UTC)),
    # 05:00 local, the morning side of the same hours: quiet until 07:00 that day.
    ("22:00", "07:00", "Africa/Nairobi", datetime(2026, 3, 3, 2, 0, tzinfo=UTC),
     datetime(2026, 3, 3, 4, 0, tzinfo=UTC)),
    # 07:00 local exactly: the hours are over.
    ("22:00", "07:00", "Africa/Nairobi", datetime(2026, 3, 3, 4, 0, tzinfo=UTC), None),
    # Daytime hours in New York during summer time (UTC-4): 14:00 local is quiet until 15:00.
    ("13:00", "15:00", "America/New_York", datetime(2026, 7, 1, 18, 0, tzinfo=UTC),
     datetime(2026, 7, 1, 19, 0, tzinfo=UTC)),
    ("13:00", "15:00", "America/New_York", datetime(2026, 7, 1, 16, 0, tzinfo=UTC), None),
])
def test_quiet_hours_are_read_in_the_players_time_zone(start, end, zone, now, until):
    prefs = notifications.Preferences(quiet_start=start, quiet_end=end, time_zone=zone)
    assert notifications.quiet_until(prefs, now) == until
