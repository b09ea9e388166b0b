"""POST /sessions: sign in with a handle, claiming it when nobody holds it yet."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts
from service.errors import Unauthorized
from service.http import json_response, make_app

router = Router()


class SignInRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    handle: str = Field(min_length=1, max_length=40, description=accounts.HANDLE_RULES)


class SessionResponse(BaseModel):
    token: str = Field(description="bearer token: send 'Authorization: Bearer <token>'")
    account_id: str
    handle: str
    created: bool = Field(description="the handle was claimed by this request")


@router.post("/sessions", tags=["accounts"], summary="Sign in or claim a handle",
             responses={201: {"description": "signed in"}})
def create_session(body: Annotated[SignInRequest, Body()]):
    account = accounts.find_by_handle(body.handle)
    created = account is None
    if created:
        account = accounts.create_account(body.handle)
    elif account.password_hash:
        raise Unauthorized("this handle is protected by a password")
    token = accounts.open_session(account)
    response = SessionResponse(token=token, account_id=account.account_id,
                               handle=account.handle, created=created)
    return json_response(response.model_dump(), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
