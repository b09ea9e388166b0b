"""POST /games/{game_id}/end-idle-turn: a seated player ends the pending decision of another
seat once its deadline has passed, as the table's timer would (:func:`service.deadlines.pass_due`):
the ruleset's deadline action ends it, or, for a decision the table cannot answer (a Mtaani
debt), the deadline counts toward the seat's idle streak. Guide "Flow of play": "A turn left
idle can be ended by the table after 5 minutes"."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

import engine
from service import deadlines, pipeline
from service.errors import Conflict
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import ActionOut
from service.views import move_answer

router = Router()


class NotIdleYet(Conflict):
    code = "not_idle_yet"


class EndIdleRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    decision: int | None = Field(None, ge=0, description="the decision id you saw (409 if it "
                                                          "has moved on)")


@router.post("/games/<game_id>/end-idle-turn", tags=["games"],
             summary="End another seat's idle decision after its deadline",
             responses=api_responses(200, ActionOut, "ended (or, for a debt, counted)",
                                     *SIGNED_IN_ERRORS, 403, 404, 409,
                                     extra={202: "a bot holds the decision: it was cued again"}))
def end_idle_turn(game_id: str, body: Annotated[EndIdleRequest | None, Body()] = None):
    me = caller(router)
    outcome = deadlines.pass_due(game_id, decision_id=(body or EndIdleRequest()).decision,
                                 by=me.account_id)
    if outcome.reason == "not_yet":
        raise NotIdleYet("the decision is not idle yet", deadline=outcome.deadline)
    if outcome.reason == "moved_on":
        raise Conflict("that decision has already been made")
    if outcome.reason in ("saved", "finished"):
        raise (pipeline.GameSaved("the game is saved (paused) until its owner resumes it")
               if outcome.reason == "saved" else Conflict("the game is over"))
    result = outcome.result or _current(game_id)
    if outcome.reason == "counted":
        deadlines.schedule_pending(result.game)
    state = pipeline.current(result.game, result.state)
    return json_response(move_answer(result, me.account_id, state=state),
                         200 if outcome.applied else 202)


def _current(game_id: str) -> pipeline.ActionResult:
    game = pipeline.default_store().load(game_id)
    state = game.state
    return pipeline.ActionResult(game, state, [], engine.pending(state))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
