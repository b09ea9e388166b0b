"""DELETE /games/{game_id}/stand-in: take your seat back from the Base bot that has played it
since your idle turns in a row reached the table's limit. Your idle streak starts again, and
so do the clocks of the decisions that are yours."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import access, deadlines, pipeline, seats
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import GameOut
from service.views import game_view

router = Router()


@router.delete("/games/<game_id>/stand-in", tags=["games"],
               summary="Take your seat back from the bot standing in for you",
               responses=api_responses(200, GameOut, "the seat is yours again", *SIGNED_IN_ERRORS,
                                       403, 404, 409))
def take_back_seat(game_id: str):
    me = caller(router)

    def change(game, state):
        return pipeline.Amendment(seats.take_back(game.record, access.seat_of(game, me.account_id)))

    result = pipeline.amend(game_id, change)
    assert result is not None  # change always amends (or raises)
    deadlines.schedule_pending(result.game)  # the player's decisions get their deadlines again
    state = pipeline.current(result.game, result.state)
    return json_response(game_view(result.game, state, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
