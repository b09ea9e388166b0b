"""PUT /account/password: set or change the password (the current one is needed when the
account is protected). Every other session of the account is signed out; the caller gets a
fresh token in the answer's ``token``."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts
from service.http import api_responses, caller, json_response, make_app, source_address
from service.models import PasswordChangedOut

router = Router()


class SetPasswordRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    new_password: str = Field(min_length=accounts.PASSWORD_MIN, max_length=accounts.PASSWORD_MAX)
    current_password: str | None = Field(None, max_length=accounts.PASSWORD_MAX,
                                         description="required when the account is protected")


@router.put("/account/password", tags=["accounts"], summary="Set or change your password",
            responses=api_responses(200, PasswordChangedOut, "password set",
                                    401, 422, 429, 503))
def set_password(body: Annotated[SetPasswordRequest, Body()]):
    me = caller(router)
    answer = accounts.change_password(me, body.current_password, body.new_password,
                                      source_address(router))
    return json_response(answer.model_dump())


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
