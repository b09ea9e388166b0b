"""POST /games: deal a new game for seated handles (the caller must take a seat)."""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts, pipeline
from service.errors import Unprocessable
from service.http import caller, json_response, make_app
from service.views import game_view

router = Router()


class CreateGameRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ruleset: str = Field("mtaani", description="'mtaani' (current rules) or 'mtaani-classic'")
    seats: list[str] = Field(min_length=2, max_length=4,
                             description="handles in turn order; yours must be one of them")
    options: dict[str, Any] = Field(default_factory=dict,
                                    description="ruleset options, e.g. max_turns")


@router.post("/games", tags=["games"], summary="Create a game",
             responses={201: {"description": "the new game, as you see it"}})
def create_game(body: Annotated[CreateGameRequest, Body()]):
    me = caller(router)
    seat_ids = []
    for handle in body.seats:
        account = accounts.find_by_handle(handle)
        if account is None:
            raise Unprocessable(f"nobody holds the handle {handle!r}")
        seat_ids.append(account.account_id)
    if me.account_id not in seat_ids:
        raise Unprocessable("take a seat at the table you create")
    result = pipeline.create_game(body.ruleset, seat_ids, body.options)
    return json_response(game_view(result.game, result.state, me.account_id), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
