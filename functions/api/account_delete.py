"""DELETE /account: erase the caller's account (type the handle to confirm). Immediate and
irreversible: every session ends with this request; the handle is replaced with anonymous names
in every game within moments (service.erasure)."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import erasure
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import AccountDeletedOut

router = Router()


class DeleteAccountRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    confirm_handle: str = Field(min_length=1, max_length=40,
                                description="your handle, typed again to confirm")


@router.delete("/account", tags=["accounts"], summary="Delete your account (irreversible)",
               responses=api_responses(202, AccountDeletedOut, "deleted; anonymising",
                                       *SIGNED_IN_ERRORS, 409))
def delete_account(body: Annotated[DeleteAccountRequest, Body()]):
    answer = erasure.delete_account(caller(router), body.confirm_handle)
    return json_response(AccountDeletedOut(**answer).model_dump(), 202)


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
