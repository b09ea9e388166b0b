"""The reset email and password resets over the template's routes, against moto (SES included):
guide "Account management": "add an email address, which is used only to send you a
password-reset link and nothing else"; the Account page lets you "set, change, or remove your
password, update the reset email, request a password-reset link"."""

from __future__ import annotations

import email
import re
import secrets
import time

import pytest

from local.template import ACCOUNT, REGION
from service import accounts, throttle
from service.accounts import AccountRecord, PasswordResetRecord, token_hash


def outbox() -> list:
    """Every message moto's SES has accepted so far."""
    from moto.ses.models import ses_backends

    return list(ses_backends[ACCOUNT][REGION].sent_messages)


def mails_to(address: str) -> list[email.message.Message]:
    return [email.message_from_string(m.raw_data) for m in outbox()
            if address in getattr(m, "destinations", [])]


def link_in(message: email.message.Message) -> str:
    """The reset link of a reset email, read from its plain-text part."""
    text = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return re.search(r"https?://\S+/#/reset/(\S+)", text.get_payload(decode=True).decode()).group(1)


def fresh_address() -> str:
    return f"player.{secrets.token_hex(4)}@example.org"


PASSWORD = "the one password"


def protected(api) -> tuple[str, str]:
    """A fresh account protected by :data:`PASSWORD` (only such an account has a reset
    email); returns ``(handle, token)``."""
    handle = "r" + secrets.token_hex(5)
    token = api.ok("POST", "/sessions", {"handle": handle, "password": PASSWORD}, None, 201)["token"]
    return handle, token


def put_email(api, token: str, address: str) -> dict:
    return api.ok("PUT", "/account/email", {"email": address, "current_password": PASSWORD}, token)


def test_setting_changing_and_removing_the_reset_email(api):
    handle, token = protected(api)
    address = fresh_address()
    shown = put_email(api, token, address)
    assert shown["email"] == address and shown["handle"] == handle
    assert api.ok("GET", "/account", None, token)["email"] == address
    # The domain is normalised; the address is stored as given otherwise.
    changed = put_email(api, token, "Someone@EXAMPLE.org")
    assert changed["email"] == "Someone@example.org"
    removed = api.ok("DELETE", "/account/email", None, token)
    assert removed["email"] is None
    assert AccountRecord.get(removed["account_id"]).email is None
    assert api.ok("DELETE", "/account/email", None, token)["email"] is None  # nothing to remove


@pytest.mark.parametrize("address", ["not-an-address", "a@b", "two@@example.org",
                                     "x" * 250 + "@example.org"])
def test_malformed_addresses_are_422(api, address):
    _, token = protected(api)
    assert api.call("PUT", "/account/email", {"email": address, "current_password": PASSWORD},
                    token=token).status == 422


def test_the_documented_reserved_domains_are_the_ones_refused(api):
    """The OpenAPI schema excludes the domains email-validator refuses (so a schema-valid
    address is accepted), and such an address gets a clear 422."""

    import email_validator

    assert sorted(accounts.RESERVED_EMAIL_DOMAINS) == sorted(email_validator.SPECIAL_USE_DOMAIN_NAMES)
    pattern = re.compile(accounts.RESERVED_EMAIL_PATTERN)
    assert pattern.search("me@Example.TEST") and pattern.search("me@box.local.")
    assert not pattern.search("me@testing.example.org")
    _, token = protected(api)
    refused = api.call("PUT", "/account/email", {"email": "me@printer.local",
                                                 "current_password": PASSWORD}, token=token)
    assert refused.status == 422 and "special-use" in refused.body["error"]["message"]


def test_a_protected_account_confirms_a_new_email_with_its_password(api, unthrottled):
    handle = "e" + secrets.token_hex(5)
    token = api.ok("POST", "/sessions", {"handle": handle, "password": "long enough"}, None, 201)["token"]
    missing = api.call("PUT", "/account/email", {"email": fresh_address()}, token=token)
    assert missing.status == 401 and missing.error == "bad_credentials"
    wrong = api.call("PUT", "/account/email",
                     {"email": fresh_address(), "current_password": "not the one"}, token=token)
    assert wrong.status == 401
    assert api.ok("GET", "/account", None, token)["email"] is None
    api.ok("PUT", "/account/email", {"email": fresh_address(), "current_password": "long enough"}, token)


def test_a_reset_link_is_mailed_to_the_reset_email_only_and_works_once(api, unthrottled):
    handle, token = protected(api)
    other_session = api.call("POST", "/sessions", {"handle": handle,
                                                   "password": PASSWORD}).body["token"]
    address = fresh_address()
    put_email(api, token, address)
    before = len(outbox())
    asked = api.call("POST", "/password-resets", {"handle": handle.upper()})
    assert asked.status == 202
    assert len(outbox()) == before + 1
    (mail,) = mails_to(address)
    assert mail["To"] == address and mail["From"] == accounts.settings().email_sender
    kinds = [p.get_content_type() for p in mail.walk()]
    assert "text/plain" in kinds and "text/html" in kinds
    reset_token = link_in(mail)
    # Only the token's hash is stored, with a short expiry.
    stored = PasswordResetRecord.get(token_hash(reset_token))
    assert stored.expires_at - stored.created_at == 30 * 60
    assert reset_token not in str(stored.attribute_values)

    done = api.call("POST", f"/password-resets/{reset_token}", {"new_password": "a new secret"})
    assert done.status == 200 and done.body["protected"] is True and done.body["handle"] == handle
    assert api.call("GET", "/account", token=done.body["token"]).status == 200
    # Every earlier session ended; the new password signs in.
    for old in (token, other_session):
        assert api.call("GET", "/account", token=old).status == 401
    assert api.call("POST", "/sessions", {"handle": handle, "password": "a new secret"}).status == 201
    # Single use.
    again = api.call("POST", f"/password-resets/{reset_token}", {"new_password": "another one"})
    assert again.status == 404 and again.error == "invalid_reset_link"


def test_the_answer_reveals_nothing_about_the_handle(api, unthrottled):
    with_email, token = protected(api)
    put_email(api, token, fresh_address())
    without_email, _ = api.sign_in()
    nobody = "n" + secrets.token_hex(6)
    answers = [api.call("POST", "/password-resets", {"handle": h})
               for h in (with_email, without_email, nobody)]
    assert {a.status for a in answers} == {202}
    assert answers[0].body == answers[1].body == answers[2].body


def test_a_reset_link_expires(api, unthrottled, monkeypatch):
    handle, token = protected(api)
    address = fresh_address()
    put_email(api, token, address)
    api.ok("POST", "/password-resets", {"handle": handle}, None, 202)
    reset_token = link_in(mails_to(address)[-1])
    later = time.time() + 30 * 60 + 1
    monkeypatch.setattr(accounts, "clock", lambda: later)
    late = api.call("POST", f"/password-resets/{reset_token}", {"new_password": "too late now"})
    assert late.status == 404 and late.error == "invalid_reset_link"


def test_changing_the_email_or_the_password_voids_links_already_sent(api, unthrottled):
    handle, token = protected(api)
    address = fresh_address()
    put_email(api, token, address)
    api.ok("POST", "/password-resets", {"handle": handle}, None, 202)
    first = link_in(mails_to(address)[-1])
    put_email(api, token, fresh_address())
    assert api.call("POST", f"/password-resets/{first}", {"new_password": "whatever it is"}).status == 404
    # A link sent before a password change does not work after it either.
    put_email(api, token, address)
    api.ok("POST", "/password-resets", {"handle": handle}, None, 202)
    second = link_in(mails_to(address)[-1])
    api.ok("PUT", "/account/password", {"new_password": "changed meanwhile",
                                        "current_password": PASSWORD}, token)
    assert api.call("POST", f"/password-resets/{second}", {"new_password": "whatever it is"}).status == 404


def test_reset_requests_are_limited_per_handle(api, unthrottled):
    handle, token = protected(api)
    address = fresh_address()
    put_email(api, token, address)
    for _ in range(throttle.RESET.limits["handle"]):
        api.ok("POST", "/password-resets", {"handle": handle}, None, 202)
    limited = api.call("POST", "/password-resets", {"handle": handle})
    assert limited.status == 429 and "retry-after" in limited.headers
    assert len(mails_to(address)) == throttle.RESET.limits["handle"]


@pytest.mark.parametrize("body", [{}, {"handle": "x"}, {"handle": "ok_handle", "email": "a@b.c"}])
def test_malformed_reset_requests_are_422(api, body):
    assert api.call("POST", "/password-resets", body).status == 422


def test_unknown_links_and_short_passwords_are_refused(api):
    assert api.call("POST", "/password-resets/" + "x" * 43, {"new_password": "long enough"}).status == 404
    assert api.call("POST", "/password-resets/whatever", {"new_password": "short"}).status == 422


def test_a_failed_send_answers_the_same_and_logs_no_address(api, unthrottled, monkeypatch, caplog):
    from botocore.exceptions import ClientError

    from service import mail

    handle, token = protected(api)
    address = fresh_address()
    account_id = put_email(api, token, address)["account_id"]

    class RefusingSes:
        def send_raw_email(self, **kwargs):
            raise ClientError({"Error": {"Code": "MessageRejected",
                                         "Message": f"Email address is not verified: {address}"}},
                              "SendRawEmail")

    monkeypatch.setattr(mail, "_ses", RefusingSes)
    answer = api.call("POST", "/password-resets", {"handle": handle})
    assert answer.status == 202
    assert list(PasswordResetRecord.by_account.query(account_id)) == []  # no link is left
    assert "MessageRejected" in caplog.text and address not in caplog.text


def test_only_a_protected_account_has_a_reset_email(api, unthrottled):
    """Whoever claims an unprotected handle is that account: an email stored there would be
    shown to them (hardening, item 5). So a reset email needs a password, and removing the
    password removes the email."""
    handle, token = api.sign_in()
    refused = api.call("PUT", "/account/email", {"email": fresh_address()}, token=token)
    assert refused.status == 409 and "password first" in refused.body["error"]["message"]
    assert api.ok("GET", "/account", None, token)["email"] is None
    handle, token = protected(api)
    put_email(api, token, fresh_address())
    unprotected = api.ok("DELETE", "/account/password", {"current_password": PASSWORD}, token)
    assert unprotected["protected"] is False and unprotected["email"] is None
    claimer = api.ok("POST", "/sessions", {"handle": handle}, None, 201)["token"]
    assert api.ok("GET", "/account", None, claimer)["email"] is None
    assert api.ok("GET", "/account/export", None, claimer)["account"]["email"] is None
