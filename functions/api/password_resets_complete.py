"""POST /password-resets/{token}: use a reset link to set a new password. Every session of the
account ends; the answer signs the caller in with a fresh token."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body, Path
from pydantic import BaseModel, ConfigDict, Field

from service import accounts
from service.http import PUBLIC_ERRORS, api_responses, json_response, make_app
from service.models import PasswordChangedOut

router = Router()


class CompleteResetRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    new_password: str = Field(min_length=accounts.PASSWORD_MIN, max_length=accounts.PASSWORD_MAX)


@router.post("/password-resets/<token>", tags=["accounts"], summary="Reset your password with a link",
             responses=api_responses(200, PasswordChangedOut, "password set, signed in",
                                     *PUBLIC_ERRORS, 404))
def complete_reset(token: Annotated[str, Path(max_length=128)],
                   body: Annotated[CompleteResetRequest, Body()]):
    answer = accounts.complete_reset(token, body.new_password)
    return json_response(answer.model_dump())


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
