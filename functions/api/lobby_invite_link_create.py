"""POST /lobbies/{lobby_id}/invite-link: a new invite link for a private waiting lobby
(owner). Only its hash is kept, so it is shown once; a new one replaces the old."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import InviteLinkOut

router = Router()


@router.post("/lobbies/<lobby_id>/invite-link", tags=["lobbies"], summary="Create an invite link",
             responses=api_responses(201, InviteLinkOut, "the link", *SIGNED_IN_ERRORS, 403, 404,
                                     409))
def create_invite_link(lobby_id: str):
    token = lobbies.new_invite_link(lobby_id, caller(router).account_id)
    body = InviteLinkOut(invite_token=token, path=f"/lobbies/{lobby_id}?invite={token}")
    return json_response(body.model_dump(), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
