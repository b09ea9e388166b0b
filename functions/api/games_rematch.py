"""POST /games/{game_id}/rematch: from a finished game, a new lobby with the same seats (bots
as they were, the other people invited), options and ruleset, public or private as the first;
see service.kickoff.rematch."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import kickoff
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


RESPONSES = api_responses(201, LobbyOut, "the rematch's new lobby", *SIGNED_IN_ERRORS, 403, 404, 409)
RESPONSES[200] = {"description": "the rematch's lobby already made (asked again: nobody is invited twice)",
                  "content": {"application/json": {"model": LobbyOut}}}


@router.post("/games/<game_id>/rematch", tags=["games"], summary="Rematch a finished game",
             responses=RESPONSES)
def rematch_game(game_id: str):
    me = caller(router)
    lobby, created = kickoff.rematch(game_id, me.account_id)
    return json_response(lobby_view(lobby, me.account_id), 201 if created else 200)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
