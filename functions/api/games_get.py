"""GET /games/{game_id}: the game as the caller may see it, with an ETag (If-None-Match
answers 304)."""

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router

import engine
from service import pipeline
from service.errors import Forbidden
from service.http import caller, json_response, make_app
from service.views import etag_of, game_view, viewer_seat

router = Router()


@router.get("/games/<game_id>", tags=["games"], summary="Get a game",
            responses={304: {"description": "not modified"}})
def get_game(game_id: str):
    me = caller(router)
    game = pipeline.default_store().load(game_id)
    if viewer_seat(game, me.account_id) is None:
        raise Forbidden("you do not hold a seat at this table")
    body = game_view(game, engine.load_state(game.record.state), me.account_id)
    etag = etag_of(body)
    if router.current_event.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers={"ETag": etag})
    return json_response(body, headers={"ETag": etag, "Cache-Control": "private, no-cache"})


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
