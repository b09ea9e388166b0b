"""POST /games/{game_id}/rematch: from a finished game, a new lobby with the same seats (bots
as they were, the other people invited), options and ruleset, public or private as the first;
see service.lobbies.rematch."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


@router.post("/games/<game_id>/rematch", tags=["games"], summary="Rematch a finished game",
             responses=api_responses(201, LobbyOut, "the rematch's lobby (200: the one already made)",
                                     *SIGNED_IN_ERRORS, 403, 404, 409))
def rematch_game(game_id: str):
    me = caller(router)
    lobby, created = lobbies.rematch(game_id, me.account_id)
    return json_response(lobby_view(lobby, me.account_id), 201 if created else 200)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
