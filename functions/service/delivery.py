"""The channels a notification goes out by: Web Push (VAPID, pywebpush), SNS mobile push (app
devices registered as platform endpoints) and, for players who opted in, SES email.

Configuration: the VAPID keys come from the environment (``VAPID_PUBLIC_KEY``,
``VAPID_PRIVATE_KEY``, ``VAPID_SUBJECT``: the local stack generates a pair at start) or from
the deployment's secret ``vapid`` (:mod:`service.secrets`: the SSM SecureString
``${SecretsPath}vapid``, JSON with the same three keys in lower case), read once per container. SNS platform applications are named by
``SNS_PLATFORM_APPLICATIONS`` (JSON: platform -> application ARN); emails come from the
deployment's one sender, ``EMAIL_SENDER`` (template parameter ``EmailSender``), as reset links do.

Web Push posts to a URL a client gave (the browser's push service), so the URL is checked when
it is subscribed and again before each send (:func:`endpoint_refusal`): https on a public host
name (:data:`PUSH_ENDPOINT_PATTERN`), no redirects followed. ``PUSH_ENDPOINT_ALLOW_INSECURE_HOSTS`` (comma-separated hosts)
exempts a local push service from the check; only the local stack's tests set it, never
template.yaml.

Heavy imports (pywebpush pulls in requests and aiohttp) happen inside the functions that need
them (AWS-NOTES: cold starts).
"""

from __future__ import annotations

import base64
import ipaddress
import json
import re
from dataclasses import dataclass
from email.message import EmailMessage
from functools import cache
from typing import Any
from urllib.parse import urlsplit

from aws_lambda_powertools import Logger

from service.config import settings
from service.errors import ServiceUnavailable
from service.observability import SERVICE

log = Logger(service=SERVICE, child=True)  # "mtaa.<module>": the parent's format and keys

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


INSECURE_HOSTS_VARIABLE = "PUSH_ENDPOINT_ALLOW_INSECURE_HOSTS"
"""The environment variable naming hosts (comma-separated, e.g. ``127.0.0.1``) Web Push may post
to over plain http, addresses included: a push service on the test machine. Set only for the
local stack's tests; a deployment never sets it (template.yaml does not)."""
SPECIAL_USE_DOMAINS = ("localhost", "local", "internal", "home.arpa")
"""Domains that never name a public host (RFC 6761 ``localhost``, RFC 6762 ``local``, ICANN's
``internal``, RFC 8375 ``home.arpa``): an endpoint in them is refused."""
_PORT = r"(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
PUSH_ENDPOINT_PATTERN = (
    "^https://"
    + r"(?!(?:[a-z0-9-]+\.)*(?:" + "|".join(d.replace(".", r"\.") for d in SPECIAL_USE_DOMAINS)
    + r")(?:[:/?#]|$))"
    + r"(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*"
    + rf"(?::{_PORT})?"
    + r"(?:[/?#][!-\[\]-~]*)?$"
)
"""What a Web Push endpoint must be (:func:`endpoint_refusal`; also the OpenAPI ``pattern`` of
``endpoint``): https; a host name of two labels or more (lower case ASCII letters, digits,
hyphens) whose last label begins with a letter, so no IP literal of any form (``127.0.0.1``,
``[::1]``, ``127.1``, ``2130706433``, ``0x7f.0x1``), no single-label name and no user info;
not in :data:`SPECIAL_USE_DOMAINS`; an optional port; then printable ASCII (no spaces, no
backslashes). Every browser's push service fits (``fcm.googleapis.com``,
``updates.push.services.mozilla.com``, ``*.notify.windows.com``, ``web.push.apple.com``)."""


def endpoint_refusal(endpoint: str) -> str | None:
    """Why Web Push must not post to ``endpoint`` (a subscription's push-service URL), or
    ``None`` when it may: it matches :data:`PUSH_ENDPOINT_PATTERN`. Anything else would let a
    client make the service post wherever it likes (SSRF: the loopback interface, the cloud's
    metadata address, private networks). Hosts named in :data:`INSECURE_HOSTS_VARIABLE` are
    exempt (http and addresses allowed). A public name that resolves to a private address is
    not caught (no DNS lookup is made): docs/operations.md, "Web Push endpoints"."""
    if re.search(r"[^!-~]|\\", endpoint):
        return "must be a plain URL (printable ASCII: no spaces, control characters or backslashes)"
    try:
        url = urlsplit(endpoint)
        url.port  # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError:
        return "is not a valid URL"
    if url.username is not None or url.password is not None:
        return "must not carry a user name or password"
    host = (url.hostname or "").rstrip(".")
    if host and url.scheme in ("https", "http") and host in _insecure_hosts():
        return None
    if re.fullmatch(PUSH_ENDPOINT_PATTERN, endpoint):
        return None
    # Refused: say why in words.
    if url.scheme != "https":
        return "must be an https URL"
    if not host:
        return "must name a host"
    try:
        ipaddress.ip_address(host)
        return "must name a host, not an IP address"
    except ValueError:
        pass
    if any(host == d or host.endswith("." + d) for d in SPECIAL_USE_DOMAINS):
        return f"must be a public host ({host} is not)"
    if "." not in host:
        return "must be a public host name (a single-label name is not)"
    return ("must be an https URL on a public host name (lower case ASCII letters, digits and "
            "hyphens; the last label starting with a letter)")


def _insecure_hosts() -> set[str]:
    raw = settings().push_endpoint_allow_insecure_hosts
    return {h.strip().lower().strip("[]").rstrip(".") for h in raw.split(",") if h.strip()}


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
    # Cold start: web push's crypto loads only when a push is sent or a key is read.
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
    env = settings()
    if env.vapid_private_key and env.vapid_public_key:
        return VapidKeys(env.vapid_public_key, env.vapid_private_key.get_secret_value(),
                         env.vapid_subject)
    # Cold start: the parameter store client loads only when a secret is read (10 handlers need none).
    from service import secrets

    try:
        data = json.loads(secrets.get(VAPID_SECRET))
    except (ServiceUnavailable, ValueError, TypeError):
        log.exception("could not read the VAPID keys (secret %r)", VAPID_SECRET)
        return None
    return VapidKeys(data["public_key"], data["private_key"], data["subject"])


def send_web_push(subscription: dict[str, Any], message: Message) -> str:
    """Send ``message`` to one browser subscription (``{"endpoint", "keys": {"p256dh",
    "auth"}}``). Returns ``"sent"``, ``"gone"`` (the push service answered 404/410, or the
    endpoint is one :func:`endpoint_refusal` refuses, e.g. stored before that check: delete the
    subscription) or ``"failed"`` (logged; a redirect is not followed and counts as failed)."""
    refusal = endpoint_refusal(subscription.get("endpoint", ""))
    if refusal:
        log.warning("web push endpoint refused (it %s): the subscription is dropped", refusal)
        return "gone"
    keys = vapid_keys()
    if keys is None:
        return "failed"
    # Cold start: web push's libraries load only when a push is sent.
    import requests
    from py_vapid import Vapid
    from pywebpush import WebPushException, webpush

    try:
        with requests.Session() as session:
            session.max_redirects = 0  # a push service answers; it never sends us elsewhere
            webpush(subscription, data=message.push_payload(),
                    vapid_private_key=Vapid.from_raw(keys.private_key.encode()),
                    vapid_claims={"sub": keys.subject},  # a fresh dict: webpush changes it
                    ttl=WEB_PUSH_TTL, timeout=10, requests_session=session)
    except requests.TooManyRedirects:
        log.warning("web push to %s answered a redirect (not followed)",
                    subscription.get("endpoint", "")[:60])
        return "failed"
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
    return {k: v for k, v in settings().sns_platform_applications.items() if v}


def _sns():
    # Cold start: a client is made only when a message is sent.
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
    sender = settings().email_sender
    if not sender:
        return "failed"
    # Cold start: the email package loads only when a mail is sent.
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
    # Cold start: a client is made only when a message is sent.
    from service.clients import client

    try:
        client("ses").send_raw_email(Source=sender, Destinations=[to],
                                           RawMessage={"Data": mail.as_bytes()})
    except Exception:
        log.exception("email notification failed")
        return "failed"
    return "sent"
