"""POST /lobbies/{lobby_id}/bots: seat a Base, Advanced or Smart bot in an empty seat (owner,
while waiting)."""

from typing import Annotated, Literal

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


class AddBotRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    level: Literal["base", "advanced", "smart"] = "base"
    seat: int | None = Field(None, ge=0, le=lobbies.MAX_SEATS - 1,
                             description="default: the first empty seat")


@router.post("/lobbies/<lobby_id>/bots", tags=["lobbies"], summary="Seat a bot",
             responses=api_responses(200, LobbyOut, "the bot is seated", *SIGNED_IN_ERRORS, 403,
                                     404, 409))
def add_bot(lobby_id: str, body: Annotated[AddBotRequest | None, Body()] = None):
    me = caller(router)
    body = body or AddBotRequest()
    lobby = lobbies.add_bot(lobby_id, me.account_id, body.level, body.seat)
    return json_response(lobby_view(lobby, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
