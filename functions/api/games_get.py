"""GET /games/{game_id}: the game as the caller may see it (seated players their seat's view;
the owner, invited spectators and, at a public table, anyone signed in, the spectator's view),
with an ETag (If-None-Match answers 304)."""

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router

from service import pipeline, presence, standing_orders
from service.access import game_access
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import GameOut
from service.views import etag_of, game_view

router = Router()


@router.get("/games/<game_id>", tags=["games"], summary="Get a game",
            responses=api_responses(200, GameOut, "the game as you may see it",
                                    *SIGNED_IN_ERRORS, 403, 404, extra={304: "not modified"}))
def get_game(game_id: str):
    me = caller(router)
    game = pipeline.default_store().load(game_id)
    seat = game_access(game, me.account_id)
    # What the caller's orders did since their previous look, read before this look is marked.
    did = standing_orders.did_since_look(game.record, seat,
                                         lambda: presence.last_look(game_id, me.account_id))
    presence.touch(game_id, me.account_id)
    game = pipeline.settle(game)  # a game its clock ended is saved as over before answering
    body = game_view(game, pipeline.current(game, game.state), me.account_id)
    if did:
        body["orders_did"] = did
    etag = etag_of(body)
    if router.current_event.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers={"ETag": etag})
    return json_response(body, headers={"ETag": etag, "Cache-Control": "private, no-cache"})


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
