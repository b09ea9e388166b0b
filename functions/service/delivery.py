"""The channels a notification goes out by: Web Push (VAPID, pywebpush), SNS mobile push (app
devices registered as platform endpoints) and, for players who opted in, SES email.

Configuration: the VAPID keys come from the environment (``VAPID_PUBLIC_KEY``,
``VAPID_PRIVATE_KEY``, ``VAPID_SUBJECT``: the local stack generates a pair at start) or from
the deployment's secret ``vapid`` (:mod:`service.secrets`: the SSM SecureString
``${SecretsPath}vapid``, JSON with the same three keys in lower case), read once per container. SNS platform applications are named by
``SNS_PLATFORM_APPLICATIONS`` (JSON: platform -> application ARN); emails come from the
deployment's one sender, ``EMAIL_SENDER`` (template parameter ``EmailSender``), as reset links do.

Heavy imports (pywebpush pulls in requests and aiohttp) happen inside the functions that need
them (AWS-NOTES: cold starts).
"""

from __future__ import annotations

import base64
import json
import logging
import os
from dataclasses import dataclass
from email.message import EmailMessage
from functools import cache
from typing import Any

log = logging.getLogger(__name__)

WEB_PUSH_TTL = 24 * 3600
"""Seconds a push service keeps a message for an offline device (the default 0 drops it)."""
GONE = (404, 410)
"""Push service answers meaning the subscription no longer exists: it is deleted."""


@dataclass(frozen=True)
class Message:
    """One notification: ``title`` and ``body`` (plain text), the page it opens (``url``),
    a ``tag`` (a newer one replaces an older one with the same tag on the device) and the
    game it is about."""

    title: str
    body: str
    url: str
    tag: str
    game_id: str | None = None

    def push_payload(self) -> str:
        return json.dumps({"title": self.title, "body": self.body, "url": self.url,
                           "tag": self.tag, "game_id": self.game_id}, separators=(",", ":"))


@dataclass(frozen=True)
class VapidKeys:
    """The VAPID key pair (base64url, unpadded: the raw P-256 private scalar and the
    uncompressed public point, which browsers take as ``applicationServerKey``) and the
    contact ``subject`` (``mailto:`` or ``https:``)."""

    public_key: str
    private_key: str
    subject: str


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def generate_vapid_keys(subject: str = "mailto:operator@example.invalid") -> VapidKeys:
    """A fresh VAPID key pair (the local stack's, and ``make vapid-keys`` for operators)."""
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return VapidKeys(_b64url(public), _b64url(private), subject)


VAPID_SECRET = "vapid"
"""The secret holding the VAPID key pair (``make vapid-keys`` prints the command that stores it)."""


@cache
def vapid_keys() -> VapidKeys | None:
    """The deployment's VAPID keys, or ``None`` when none are configured (Web Push off)."""
    env = os.environ
    if env.get("VAPID_PRIVATE_KEY") and env.get("VAPID_PUBLIC_KEY"):
        return VapidKeys(env["VAPID_PUBLIC_KEY"], env["VAPID_PRIVATE_KEY"],
                         env.get("VAPID_SUBJECT", "mailto:operator@example.invalid"))
    from service import secrets
    from service.errors import ServiceUnavailable

    try:
        data = json.loads(secrets.get(VAPID_SECRET))
    except (ServiceUnavailable, ValueError, TypeError):
        log.exception("could not read the VAPID keys (secret %r)", VAPID_SECRET)
        return None
    return VapidKeys(data["public_key"], data["private_key"], data["subject"])


def send_web_push(subscription: dict[str, Any], message: Message) -> str:
    """Send ``message`` to one browser subscription (``{"endpoint", "keys": {"p256dh",
    "auth"}}``). Returns ``"sent"``, ``"gone"`` (the push service answered 404/410: delete the
    subscription) or ``"failed"`` (logged)."""
    keys = vapid_keys()
    if keys is None:
        return "failed"
    from py_vapid import Vapid
    from pywebpush import WebPushException, webpush

    try:
        webpush(subscription, data=message.push_payload(),
                vapid_private_key=Vapid.from_raw(keys.private_key.encode()),
                vapid_claims={"sub": keys.subject},  # a fresh dict: webpush changes it
                ttl=WEB_PUSH_TTL, timeout=10)
    except WebPushException as exc:
        response = exc.response
        if response is not None and response.status_code in GONE:
            return "gone"
        log.warning("web push to %s failed: %s", subscription.get("endpoint", "")[:60], exc)
        return "failed"
    except Exception:
        log.exception("web push failed")
        return "failed"
    return "sent"


def platform_applications() -> dict[str, str]:
    """Platform (``fcm``, ``apns``, ...) -> SNS platform application ARN."""
    try:
        return {k: v for k, v in json.loads(os.environ.get("SNS_PLATFORM_APPLICATIONS") or "{}").items() if v}
    except ValueError:
        return {}


def _sns():
    from service.clients import client

    return client("sns")


def register_device(platform: str, token: str) -> str:
    """The SNS platform endpoint ARN of an app's device token (created if new). Raises
    ``KeyError`` for a platform this deployment has no application for."""
    application = platform_applications()[platform]
    return _sns().create_platform_endpoint(PlatformApplicationArn=application,
                                           Token=token)["EndpointArn"]


def forget_device(endpoint_arn: str) -> None:
    """Delete an app device's SNS endpoint."""
    _sns().delete_endpoint(EndpointArn=endpoint_arn)


def send_mobile_push(endpoint_arn: str, message: Message) -> str:
    """Publish ``message`` to an app device's SNS endpoint: ``"sent"``, ``"gone"`` (the
    endpoint is disabled or deleted) or ``"failed"``."""
    client = _sns()
    data = {"title": message.title, "body": message.body, "url": message.url,
            "game_id": message.game_id}
    body = {"default": message.body,
            "GCM": json.dumps({"notification": {"title": message.title, "body": message.body},
                               "data": data}),
            "APNS": json.dumps({"aps": {"alert": {"title": message.title, "body": message.body},
                                        "thread-id": message.tag}, **data})}
    try:
        client.publish(TargetArn=endpoint_arn, Message=json.dumps(body), MessageStructure="json")
    except (client.exceptions.EndpointDisabledException, client.exceptions.NotFoundException):
        return "gone"
    except Exception:
        log.exception("mobile push to %s failed", endpoint_arn)
        return "failed"
    return "sent"


def send_email(to: str, message: Message, unsubscribe_url: str) -> str:
    """Email ``message`` as plain text through SES, with a one-click opt-out link in the
    text and in the ``List-Unsubscribe`` headers (RFC 8058). ``"sent"`` or ``"failed"``."""
    from service.config import settings

    sender = settings().email_sender
    if not sender:
        return "failed"
    from email import policy

    # Long lines rather than encoded words: mail clients read List-Unsubscribe as it is.
    mail = EmailMessage(policy=policy.SMTP.clone(max_line_length=998))
    mail["From"] = sender
    mail["To"] = to
    mail["Subject"] = message.title
    mail["List-Unsubscribe"] = f"<{unsubscribe_url}>"
    mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail.set_content(f"{message.body}\n\nOpen the table: {message.url}\n\n"
                     f"You get these emails because you turned on turn emails. Stop them with "
                     f"one click: {unsubscribe_url}\n")
    from service.clients import client

    try:
        client("ses").send_raw_email(Source=sender, Destinations=[to],
                                           RawMessage={"Data": mail.as_bytes()})
    except Exception:
        log.exception("email notification failed")
        return "failed"
    return "sent"
