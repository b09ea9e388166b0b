"""POST /games/{game_id}/save: save (pause) a game in progress (owner). No move and no
deadline acts on it until the owner resumes it; the game's own clocks (an auction's close, a
game clock) stop and go on with the time they had left."""


from aws_lambda_powertools import Logger
from aws_lambda_powertools.event_handler.api_gateway import Router

from service import deadlines, pipeline
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import GameOut
from service.observability import SERVICE
from service.views import game_view

log = Logger(service=SERVICE, child=True)  # "mtaa.<module>": the parent's format and keys
router = Router()


@router.post("/games/<game_id>/save", tags=["games"], summary="Save (pause) the game",
             responses=api_responses(200, GameOut, "saved", *SIGNED_IN_ERRORS, 403, 404, 409))
def save_game(game_id: str):
    me = caller(router)
    result = pipeline.set_saved(game_id, me.account_id, True)
    try:  # the pending deadlines stop with the game
        deadlines.cancel(result.game, result.before)
    except Exception:  # the game is saved; a late timer finds it saved and does nothing
        log.exception("could not cancel the deadline timers of %s", game_id)
    state = pipeline.current(result.game, result.state)
    return json_response(game_view(result.game, state, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
