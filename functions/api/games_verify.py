"""GET /games/{game_id}/verify[?record=true]: check a finished game (the commitment to its
seed, then a replay of every move: :mod:`engine.verify`), with the game record that
``python -m engine.verify`` reads when asked."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from service import pipeline, replays
from service.access import game_access
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import VerifyOut

router = Router()


@router.get("/games/<game_id>/verify", tags=["games"], summary="Check a finished game",
            responses=api_responses(200, VerifyOut, "the verifier's report",
                                    *SIGNED_IN_ERRORS, 403, 404, 409))
def verify_game(
    game_id: str,
    record: Annotated[bool, Query(description="also return the game record checked")] = False,
):
    me = caller(router)
    store = pipeline.default_store()
    game = store.load(game_id)
    game_access(game, me.account_id)
    game = pipeline.settle(game)  # a game its clock ended can be checked at once
    return json_response(replays.verification(game, store, with_record=record))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
