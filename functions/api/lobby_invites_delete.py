"""DELETE /lobbies/{lobby_id}/invites/{handle}: withdraw an invitation to play or to watch
(owner)."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


@router.delete("/lobbies/<lobby_id>/invites/<handle>", tags=["lobbies"],
               summary="Withdraw an invitation",
               responses=api_responses(200, LobbyOut, "withdrawn", *SIGNED_IN_ERRORS, 403, 404))
def delete_invite(lobby_id: str, handle: str):
    me = caller(router)
    lobby = lobbies.withdraw(lobby_id, me.account_id, handle)
    return json_response(lobby_view(lobby, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
