"""POST /lobbies/{lobby_id}/start: kickoff (owner, at least two seated). Deals the game under
the lobby's id and answers with the owner's view of it."""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import kickoff, pipeline
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import GameOut
from service.views import game_view

router = Router()


class StartRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="more of the ruleset's table options for this game, over the lobby's "
                    "(GET /rulesets/{name}/guide: table_options; Mtaani: max_turns, and "
                    "scripted only where the deployment allows it)")


@router.post("/lobbies/<lobby_id>/start", tags=["lobbies"], summary="Start the game",
             responses=api_responses(201, GameOut, "the game, as you see it", *SIGNED_IN_ERRORS,
                                     403, 404, 409))
def start_game(lobby_id: str, body: Annotated[StartRequest | None, Body()] = None):
    me = caller(router)
    result = kickoff.start(lobby_id, me.account_id, (body or StartRequest()).options)
    state = pipeline.current(result.game, result.state)
    return json_response(game_view(result.game, state, me.account_id), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
