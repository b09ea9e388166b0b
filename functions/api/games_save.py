"""POST /games/{game_id}/save: save (pause) a game in progress (owner). No move and no
idle-turn timer acts on it until the owner resumes it."""

import logging

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import idle, pipeline
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import GameOut
from service.views import game_view

log = logging.getLogger(__name__)
router = Router()


@router.post("/games/<game_id>/save", tags=["games"], summary="Save (pause) the game",
             responses=api_responses(200, GameOut, "saved", *SIGNED_IN_ERRORS, 403, 404, 409))
def save_game(game_id: str):
    me = caller(router)
    result = pipeline.set_saved(game_id, me.account_id, True)
    try:  # the pending idle deadline stops with the game
        idle.cancel(result.game)
    except Exception:  # the game is saved; a late timer finds it saved and does nothing
        log.exception("could not cancel the idle timer of %s", game_id)
    return json_response(game_view(result.game, result.state, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
