"""Email through SES: the password-reset link, the only email the service sends to an account's
reset address (guide "Account management": the email "is used only to send you a
password-reset link and nothing else").

The sender is the deployment's ``EMAIL_SENDER`` (template parameter ``EmailSender``, verified in
SES); the link leads to the web client (``WEB_URL``), whose ``#/reset/<token>`` screen sets the
new password. The token travels in the URL fragment, which browsers never send to a server.
The message has a plain-text part and an HTML alternative.
"""

from __future__ import annotations

import html
from email.message import EmailMessage

from service.clients import client
from service.config import settings


def _ses():
    return client("ses")


def reset_link(token: str) -> str:
    """The web client's address that uses the reset ``token``."""
    return f"{settings().web_url}/#/reset/{token}"


def reset_message(to: str, handle: str, token: str, ttl_seconds: int) -> EmailMessage:
    """The reset email for ``handle`` (text and HTML parts)."""
    link = reset_link(token)
    minutes = ttl_seconds // 60
    text = (
        f"Hello {handle},\n\n"
        f"Someone asked to reset the password of the Mtaa handle {handle}. To choose a new "
        f"password, open this link within {minutes} minutes (it works once):\n\n{link}\n\n"
        "If it was not you, ignore this email: your password stays as it is.\n\n"
        "This address is used only to send password-reset links.\n"
    )
    safe_handle, safe_link = html.escape(handle), html.escape(link, quote=True)
    page = (
        f"<p>Hello {safe_handle},</p>"
        f"<p>Someone asked to reset the password of the Mtaa handle <b>{safe_handle}</b>. To "
        f"choose a new password, open this link within {minutes} minutes (it works once):</p>"
        f'<p><a href="{safe_link}">{safe_link}</a></p>'
        "<p>If it was not you, ignore this email: your password stays as it is.</p>"
        "<p>This address is used only to send password-reset links.</p>"
    )
    message = EmailMessage()
    message["Subject"] = "Reset your Mtaa password"
    message["From"] = settings().email_sender
    message["To"] = to
    message.set_content(text)
    message.add_alternative(page, subtype="html")
    return message


def send_reset_link(to: str, handle: str, token: str, ttl_seconds: int) -> None:
    """Send the reset email; SES errors propagate (botocore's ``ClientError``)."""
    message = reset_message(to, handle, token, ttl_seconds)
    _ses().send_raw_email(Source=settings().email_sender, Destinations=[to],
                          RawMessage={"Data": message.as_bytes()})
