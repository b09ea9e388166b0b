"""GET /players/{handle}: a player's page (their ratings per game, games played, won and their
places); see service.players."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import players
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import PlayerOut

router = Router()


@router.get("/players/<handle>", tags=["players"], summary="A player's page",
            responses=api_responses(200, PlayerOut, "the player", *SIGNED_IN_ERRORS, 404))
def get_player(handle: str):
    caller(router)
    return json_response(players.player(handle))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
