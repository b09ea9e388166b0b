"""POST /lobbies/{lobby_id}/leave: give up your seat before kickoff, or decline an invitation
to play or to watch."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


@router.post("/lobbies/<lobby_id>/leave", tags=["lobbies"], summary="Leave a lobby",
             responses=api_responses(200, LobbyOut, "left", *SIGNED_IN_ERRORS, 403, 404, 409))
def leave_lobby(lobby_id: str):
    me = caller(router)
    lobby = lobbies.leave(lobby_id, me.account_id)
    # The caller may no longer be part of a private table: answer as to a visitor.
    role = lobbies.roles(lobby).get(me.account_id, "visitor")
    return json_response(lobby_view(lobby, me.account_id, lobbies.Access(role, None)))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
