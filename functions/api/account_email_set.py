"""PUT /account/email: set or change the reset email (used only for password-reset links). Only
a password-protected account has one (409 otherwise), and it confirms with its password; reset
links already sent stop working."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts
from service.http import api_responses, caller, json_response, make_app, source_address
from service.models import AccountOut

router = Router()


class SetEmailRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    email: str = Field(min_length=3, max_length=accounts.EMAIL_MAX,
                       json_schema_extra={"format": "email",
                                          "not": {"pattern": accounts.RESERVED_EMAIL_PATTERN}},
                       description="the address password-reset links go to")
    current_password: str | None = Field(None, max_length=accounts.PASSWORD_MAX,
                                         description="your password (only a protected account "
                                                     "has a reset email)")


@router.put("/account/email", tags=["accounts"], summary="Set or change your reset email",
            responses=api_responses(200, AccountOut, "email set", 401, 409, 422, 429, 503))
def set_email(body: Annotated[SetEmailRequest, Body()]):
    answer = accounts.set_email(caller(router), body.email, body.current_password,
                                source_address(router))
    return json_response(answer.model_dump())


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
