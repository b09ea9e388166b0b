"""GET /lobbies/{lobby_id}: the lobby as the caller may see it (a private one only for its
members, or with its current invite link token in ``invite``)."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


@router.get("/lobbies/<lobby_id>", tags=["lobbies"], summary="Look at a lobby",
            responses=api_responses(200, LobbyOut, "the lobby", *SIGNED_IN_ERRORS, 403, 404))
def get_lobby(lobby_id: str,
              invite: Annotated[str | None, Query(max_length=64,
                                                  description="an invite link token")] = None):
    me = caller(router)
    lobby = lobbies.load(lobby_id)
    standing = lobbies.access(lobby, me.account_id, invite)
    return json_response(lobby_view(lobby, me.account_id, standing))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
