"""POST /sessions: sign in with a handle (and its password when it is protected), claiming the
handle when nobody holds it yet. Failed password checks are throttled per handle and source."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import accounts
from service.http import api_responses, json_response, make_app, source_address
from service.models import SessionOut

router = Router()


class SignInRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    handle: str = Field(min_length=3, max_length=20, pattern=accounts.HANDLE_RE.pattern,
                        description=accounts.HANDLE_RULES)
    password: str | None = Field(None, min_length=accounts.PASSWORD_MIN,
                                 max_length=accounts.PASSWORD_MAX,
                                 description="needed for a protected handle; protects a new one")


@router.post("/sessions", tags=["accounts"], summary="Sign in or claim a handle",
             responses=api_responses(201, SessionOut, "signed in", 401, 409, 422, 429, 503))
def create_session(body: Annotated[SignInRequest, Body()]):
    found = accounts.find_by_handle(body.handle)
    created = found is None
    if found is None:
        account = accounts.create_account(body.handle, body.password)
    else:
        account = found
        if account.password_hash:
            accounts.check_password(account, body.password, source_address(router))
    token, expires = accounts.open_session(account)
    response = SessionOut(token=token, account_id=account.account_id, handle=account.handle,
                          created=created, protected=bool(account.password_hash),
                          expires_at=expires)
    return json_response(response.model_dump(), 201)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
