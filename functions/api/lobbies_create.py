"""POST /lobbies: create a lobby (private unless a confirmed public one is asked for); the
creator owns it and takes seat 0."""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

import engine
from service import lobbies, tables
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.table_options import IDLE_TIMEOUT_SECONDS as IDLE_BOUNDS
from service.views import lobby_view

router = Router()


class CreateLobbyRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True,
                              json_schema_extra=lambda schema, _: lobbies.lobby_request_schema(
                                  schema, update=False))
    table_size: int = Field(4, ge=lobbies.MIN_SEATS, le=lobbies.MAX_SEATS,
                            description="seats (each ruleset has its own range)")
    ruleset: lobbies.RulesetName = Field(
        default_factory=lambda: engine.DEFAULT_RULESET,
        # The document states the default too: clients learn the registry's rulesets and the
        # one to start from here, without naming a game.
        json_schema_extra=lambda schema: schema.update(default=engine.DEFAULT_RULESET))
    options: dict[str, Any] | None = Field(
        None, description="the ruleset's table options (GET /rulesets/{name}/guide: "
                          "table_options), e.g. Mulodi's response_window_seconds")
    idle_timeout_seconds: int | None = Field(
        None, ge=IDLE_BOUNDS[0], le=IDLE_BOUNDS[1], description="idle-turn deadline; default: the deployment's")
    idle_turns_before_bot: lobbies.IdleTurnsBeforeBot = None
    bot_delay_seconds: lobbies.BotDelaySeconds = None
    name: str | None = tables.name_field('empty: the default, "Mtaani with Chebet and Otieno #3"')
    public: bool = Field(False, description="anyone with the link may join (needs confirm_public)")
    confirm_public: bool = False


@router.post("/lobbies", tags=["lobbies"], summary="Create a lobby",
             responses=api_responses(201, LobbyOut, "the new lobby", *SIGNED_IN_ERRORS))
def create_lobby(body: Annotated[CreateLobbyRequest | None, Body()] = None):
    me = caller(router)
    body = body or CreateLobbyRequest()
    lobby = lobbies.create(me.account_id, body.ruleset, body.table_size,
                           body.idle_timeout_seconds, body.public, body.confirm_public,
                           lobbies.TableSettings(body.idle_timeout_seconds,
                                                 body.idle_turns_before_bot, body.bot_delay_seconds),
                           body.options, name=body.name)
    return json_response(lobby_view(lobby, me.account_id), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
