"""GET /games/{game_id}/replay?step=N: the table at one step of its replay (see
:mod:`service.replays`): a finished game with everything revealed, a game in progress as the
caller saw it."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from service import pipeline, replays
from service.access import game_access
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import ReplayOut

router = Router()


@router.get("/games/<game_id>/replay", tags=["games"], summary="A step of the game's replay",
            responses=api_responses(200, ReplayOut, "the table at that step",
                                    *SIGNED_IN_ERRORS, 403, 404, 409))
def get_replay(
    game_id: str,
    step: Annotated[int | None, Query(ge=0, le=1_000_000, description=(
        "the step to show (0: the deal; default: the last)"))] = None,
):
    me = caller(router)
    store = pipeline.default_store()
    game = store.load(game_id)
    seat = game_access(game, me.account_id)
    game = pipeline.settle(game)  # a game its clock ended replays revealed at once
    return json_response(replays.replay_page(game, seat, step, store),
                         headers={"Cache-Control": "private, no-cache"})


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
