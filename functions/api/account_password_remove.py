"""DELETE /account/password: remove password protection (the current password confirms it).
Every other session of the account is signed out; the caller gets a fresh token."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts
from service.http import api_responses, caller, json_response, make_app, source_address
from service.models import PasswordChangedOut

router = Router()


class RemovePasswordRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    current_password: str = Field(min_length=1, max_length=accounts.PASSWORD_MAX)


@router.delete("/account/password", tags=["accounts"], summary="Remove your password",
               responses=api_responses(200, PasswordChangedOut, "password removed",
                                       401, 409, 422, 429, 503))
def remove_password(body: Annotated[RemovePasswordRequest, Body()]):
    me = caller(router)
    answer = accounts.change_password(me, body.current_password, None, source_address(router))
    return json_response(answer.model_dump())


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
