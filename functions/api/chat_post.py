"""POST /games/{game_id}/chat: post a message at a table (seated players, the owner and
invited spectators; before kickoff too, the lobby id being the game id)."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts, chat, lobbies
from service.errors import Forbidden
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import MessageOut

router = Router()


class PostMessageRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    text: str = Field(min_length=1, max_length=chat.MAX_LENGTH, pattern=chat.VISIBLE,
                      description=f"1 to {chat.MAX_LENGTH} characters, some of them visible")


@router.post("/games/<game_id>/chat", tags=["chat"], summary="Post a chat message",
             responses=api_responses(201, MessageOut, "posted", *SIGNED_IN_ERRORS, 403, 404,
                                     429))
def post_message(game_id: str, body: Annotated[PostMessageRequest, Body()]):
    me = caller(router)
    lobby = lobbies.load(game_id)
    if not lobbies.access(lobby, me.account_id).member:
        raise Forbidden("only the table's players and invited spectators can chat")
    record = chat.post(game_id, me.account_id, body.text)
    message = MessageOut(id=record.message_id, at=int(record.at), account_id=me.account_id,
                         name=accounts.handles_of([me.account_id])[me.account_id],
                         text=record.text)
    return json_response(message.model_dump(), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
