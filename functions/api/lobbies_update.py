"""PATCH /lobbies/{lobby_id}: change a waiting lobby's settings (owner). Going public needs
``confirm_public``; visibility locks at kickoff."""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import lobbies, tables
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.table_options import IDLE_TIMEOUT_SECONDS as IDLE_BOUNDS
from service.views import lobby_view

router = Router()


class UpdateLobbyRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True,
                              json_schema_extra=lambda schema, _: lobbies.lobby_request_schema(
                                  schema, update=True))
    table_size: int | None = Field(None, ge=lobbies.MIN_SEATS, le=lobbies.MAX_SEATS)
    ruleset: lobbies.RulesetName | None = None
    options: dict[str, Any] | None = Field(
        None, description="the ruleset's table options (replace the lobby's)")
    idle_timeout_seconds: int | None = Field(None, ge=IDLE_BOUNDS[0], le=IDLE_BOUNDS[1])
    idle_turns_before_bot: lobbies.IdleTurnsBeforeBot = None
    bot_delay_seconds: lobbies.BotDelaySeconds = None
    name: str | None = tables.name_field('empty: the default, "Mtaani with Chebet and Otieno #3"')
    public: bool | None = None
    confirm_public: bool = False


@router.patch("/lobbies/<lobby_id>", tags=["lobbies"], summary="Change a lobby's settings",
              responses=api_responses(200, LobbyOut, "the lobby", *SIGNED_IN_ERRORS, 403, 404, 409))
def update_lobby(lobby_id: str, body: Annotated[UpdateLobbyRequest, Body()]):
    me = caller(router)
    lobby = lobbies.update_settings(
        lobby_id, me.account_id, ruleset=body.ruleset, table_size=body.table_size,
        idle_timeout=body.idle_timeout_seconds, public=body.public,
        confirm_public=body.confirm_public,
        table=lobbies.TableSettings(body.idle_timeout_seconds, body.idle_turns_before_bot,
                                    body.bot_delay_seconds),
        options=body.options, name=body.name)
    return json_response(lobby_view(lobby, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
