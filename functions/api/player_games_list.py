"""GET /players/{handle}/games?cursor=: a player's finished games the caller may see (private
tables only to those who sat or watched there); see service.players."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from service import players
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import PlayerGamesOut

router = Router()


@router.get("/players/<handle>/games", tags=["players"], summary="A player's finished games",
            responses=api_responses(200, PlayerGamesOut, "a page of finished games",
                                    *SIGNED_IN_ERRORS, 404))
def list_player_games(handle: str,
                      cursor: Annotated[str | None, Query(max_length=512)] = None):
    me = caller(router)
    return json_response(players.games(handle, me.account_id, cursor))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
