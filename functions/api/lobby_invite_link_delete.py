"""DELETE /lobbies/{lobby_id}/invite-link: the invite link stops working (owner)."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


@router.delete("/lobbies/<lobby_id>/invite-link", tags=["lobbies"], summary="Revoke the invite link",
               responses=api_responses(200, LobbyOut, "revoked", *SIGNED_IN_ERRORS, 403, 404))
def delete_invite_link(lobby_id: str):
    me = caller(router)
    lobby = lobbies.revoke_invite_link(lobby_id, me.account_id)
    return json_response(lobby_view(lobby, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
