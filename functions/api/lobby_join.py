"""POST /lobbies/{lobby_id}/join: take a seat (invited handles, anyone at a public table, or
the holder of the current invite link)."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int | None = Field(None, ge=0, le=lobbies.MAX_SEATS - 1,
                             description="default: the first empty seat")
    invite: str | None = Field(None, max_length=64, description="an invite link token")


@router.post("/lobbies/<lobby_id>/join", tags=["lobbies"], summary="Take a seat",
             responses=api_responses(200, LobbyOut, "seated", *SIGNED_IN_ERRORS, 403, 404, 409))
def join_lobby(lobby_id: str, body: Annotated[JoinRequest | None, Body()] = None):
    me = caller(router)
    body = body or JoinRequest()
    lobby = lobbies.join(lobby_id, me.account_id, body.seat, body.invite)
    return json_response(lobby_view(lobby, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
