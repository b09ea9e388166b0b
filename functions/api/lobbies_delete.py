"""DELETE /lobbies/{lobby_id}: cancel a waiting lobby (owner)."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, make_app, no_content

router = Router()


@router.delete("/lobbies/<lobby_id>", tags=["lobbies"], summary="Cancel a lobby",
               responses=api_responses(204, None, "cancelled", *SIGNED_IN_ERRORS, 403, 404, 409))
def delete_lobby(lobby_id: str):
    lobbies.cancel(lobby_id, caller(router).account_id)
    return no_content()


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
