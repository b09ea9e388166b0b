"""POST /lobbies/{lobby_id}/invites: invite a handle to play (while waiting) or to watch
(owner; private tables only)."""

from typing import Annotated, Literal

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts, lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


class InviteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    handle: str = Field(min_length=3, max_length=20, pattern=accounts.HANDLE_RE.pattern,
                        description=accounts.HANDLE_RULES)
    role: Literal["player", "spectator"] = "player"


@router.post("/lobbies/<lobby_id>/invites", tags=["lobbies"], summary="Invite a handle",
             responses=api_responses(201, LobbyOut, "invited", *SIGNED_IN_ERRORS, 403, 404, 409))
def create_invite(lobby_id: str, body: Annotated[InviteRequest, Body()]):
    me = caller(router)
    lobby = lobbies.invite(lobby_id, me.account_id, body.handle, body.role)
    return json_response(lobby_view(lobby, me.account_id), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
