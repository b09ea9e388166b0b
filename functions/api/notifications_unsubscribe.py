"""GET and POST /notifications/unsubscribe?account=...&token=...: the one-click opt-out link of
turn emails (in each email's text and its ``List-Unsubscribe`` header; mail clients POST
``List-Unsubscribe=One-Click``, RFC 8058). No sign-in: the link's token is the proof. Answers
a short HTML page: 200 when turn emails are off, 404 for a link that is not valid (a missing,
mangled or unknown id or token: a page a person can read). Only a parameter given twice is
refused as malformed (422, the one JSON error shape). The route reads no body, so a mail
client's form post is not refused."""

import html
from typing import TYPE_CHECKING, Annotated

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from service import notifications
from service.http import ERROR_TEXT, PUBLIC_ERRORS, ErrorBody, make_app

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler.openapi.types import (
        OpenAPIResponseContentModel,
        OpenAPIResponseContentSchema,
    )

router = Router()

PAGE = ("<!doctype html><meta charset=utf-8><title>Mtaa</title>"
        "<body style='font-family:sans-serif;max-width:32em;margin:3em auto'><p>{}</p></body>")
HTML_PAGE: "dict[str, OpenAPIResponseContentSchema | OpenAPIResponseContentModel]" = {
    "text/html": {"schema": {"type": "string"}}}


@router.route(
    "/notifications/unsubscribe", method=["GET", "POST"], tags=["notifications"],
    summary="Turn turn emails off (the one-click link of every turn email; no sign-in)",
    responses={
        200: {"description": "turn emails are off (an HTML page)", "content": HTML_PAGE},
        404: {"description": "the link is not valid (an HTML page)", "content": HTML_PAGE},
        **{status: {"description": ERROR_TEXT[status],
                    "content": {"application/json": {"model": ErrorBody}}}
           for status in PUBLIC_ERRORS},
    })
def unsubscribe(
    account: Annotated[str, Query(description="the account id in the email's link")] = "",
    token: Annotated[str, Query(description="the link's opt-out token")] = "",
):
    done = notifications.unsubscribe(account, token)
    text = ("Turn emails are off. You can turn them on again on your account page." if done
            else "This opt-out link is not valid (it may be from an older email).")
    return Response(status_code=200 if done else 404, content_type="text/html; charset=utf-8",
                    body=PAGE.format(html.escape(text)), headers={"Cache-Control": "no-store"})


app = make_app(router, reads_body=False)


def handler(event, context):
    return app.resolve(event, context)
