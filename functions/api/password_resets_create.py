"""POST /password-resets: email a password-reset link to a handle's reset email (no sign-in).
The answer is the same whether or not the handle exists or has an email."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts
from service.http import PUBLIC_ERRORS, api_responses, json_response, make_app, source_address
from service.models import ResetRequestedOut

router = Router()
ANSWER = ("If this handle has a reset email, a link to choose a new password is on its way. "
          f"It works once, within {accounts.RESET_TTL_SECONDS // 60} minutes.")


class ResetRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    handle: str = Field(min_length=3, max_length=20, pattern=accounts.HANDLE_RE.pattern,
                        description=accounts.HANDLE_RULES)


@router.post("/password-resets", tags=["accounts"], summary="Ask for a password-reset link",
             responses=api_responses(202, ResetRequestedOut, "asked (whatever the handle)",
                                     *PUBLIC_ERRORS, 429))
def request_reset(body: Annotated[ResetRequest, Body()]):
    accounts.request_reset(body.handle, source_address(router))
    return json_response(ResetRequestedOut(message=ANSWER).model_dump(), 202)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
