"""GET /games/{game_id}/chat?after=<cursor>&limit=M: the table's messages, oldest first
(whoever may see the table)."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from service import accounts, chat, lobbies, presence
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import ChatOut

router = Router()


@router.get("/games/<game_id>/chat", tags=["chat"], summary="Read the chat",
            responses=api_responses(200, ChatOut, "messages", *SIGNED_IN_ERRORS, 403, 404))
def list_messages(
    game_id: str,
    after: Annotated[str | None, Query(max_length=40, description="a message id (cursor)")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
):
    me = caller(router)
    lobbies.access(lobbies.load(game_id), me.account_id)
    records = chat.page(game_id, after, limit)
    names = accounts.handles_of([r.account_id for r in records])
    presence.touch(game_id, me.account_id)
    messages = [{"id": r.message_id, "at": int(r.at), "account_id": r.account_id,
                 "name": names.get(r.account_id, r.account_id), "text": r.text} for r in records]
    return json_response({"messages": messages,
                          "next_after": records[-1].message_id if records else after})


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
