"""GET /games/{game_id}/events?after=N&limit=M: page the game's event log."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Query

from service import pipeline, presence
from service.access import game_access
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import EventsOut
from service.views import events_page, viewer_seat

router = Router()


@router.get("/games/<game_id>/events", tags=["games"], summary="Page the event log",
            responses=api_responses(200, EventsOut, "events", *SIGNED_IN_ERRORS, 403, 404))
def list_events(
    game_id: str,
    after: Annotated[int, Query(ge=0, description="return events after this sequence number")] = 0,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
):
    me = caller(router)
    store = pipeline.default_store()
    game = store.load(game_id)
    game_access(game, me.account_id)
    presence.touch(game_id, me.account_id)
    game = pipeline.settle(game)  # a game its clock ended shows its end in the log at once
    page = events_page(lambda start, count: store.events(game_id, start, count, loaded=game),
                       game.record.ruleset, viewer_seat(game, me.account_id), after, limit,
                       int(game.record.event_count))
    return json_response(page)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
