"""POST /games/{game_id}/resume: resume a saved game (owner); the pending decision gets a
fresh idle-turn deadline."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import pipeline
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import GameOut
from service.views import game_view

router = Router()


@router.post("/games/<game_id>/resume", tags=["games"], summary="Resume a saved game",
             responses=api_responses(200, GameOut, "resumed", *SIGNED_IN_ERRORS, 403, 404, 409))
def resume_game(game_id: str):
    me = caller(router)
    result = pipeline.set_saved(game_id, me.account_id, False)
    state = pipeline.current(result.game, result.state)
    return json_response(game_view(result.game, state, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
