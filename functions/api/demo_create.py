"""POST /demo: the guide's demo link. Deals a game of four bots (Base, Advanced, Smart,
Advanced) that the caller watches as a spectator (``GET /games/{id}``), capped at the
deployment's demo length so it stays cheap; 3 demos per account and 10 per source address an
hour."""


from aws_lambda_powertools.event_handler.api_gateway import Router

import engine
from service import kickoff, lobbies, pipeline, throttle
from service.config import settings
from service.http import (
    SIGNED_IN_ERRORS,
    api_responses,
    caller,
    json_response,
    make_app,
    source_address,
)
from service.models import GameOut
from service.views import game_view

router = Router()


@router.post("/demo", tags=["games"], summary="Watch a demo game of four bots",
             responses=api_responses(201, GameOut, "the demo game, as a spectator sees it",
                                     *SIGNED_IN_ERRORS, 429))
def create_demo():
    me = caller(router)
    throttle.DEMO.take({"account": me.account_id, "source": source_address(router)})
    result = kickoff.start_demo(me.account_id, lobbies.demo_options(
        engine.DEFAULT_RULESET, settings().demo_max_turns))
    state = pipeline.current(result.game, result.state)
    return json_response(game_view(result.game, state, me.account_id), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
