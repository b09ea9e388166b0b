"""GET and POST /notifications/unsubscribe?account=...&token=...: the one-click opt-out link of
turn emails (in each email's text and its ``List-Unsubscribe`` header; mail clients POST
``List-Unsubscribe=One-Click``, RFC 8058). No sign-in: the link's token is the proof. Answers
a short HTML page."""

import html

from service import notifications

PAGE = ("<!doctype html><meta charset=utf-8><title>Mtaa</title>"
        "<body style='font-family:sans-serif;max-width:32em;margin:3em auto'><p>{}</p></body>")


def handler(event, context):
    params = event.get("queryStringParameters") or {}
    account, token = params.get("account", ""), params.get("token", "")
    done = bool(account and token) and notifications.unsubscribe(account, token)
    text = ("Turn emails are off. You can turn them on again on your account page." if done
            else "This opt-out link is not valid (it may be from an older email).")
    return {"statusCode": 200 if done else 404,
            "headers": {"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"},
            "body": PAGE.format(html.escape(text)), "isBase64Encoded": False}
