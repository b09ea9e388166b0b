"""DELETE /account/email: remove the reset email (reset links already sent stop working)."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import accounts
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import AccountOut

router = Router()


@router.delete("/account/email", tags=["accounts"], summary="Remove your reset email",
               responses=api_responses(200, AccountOut, "email removed", *SIGNED_IN_ERRORS))
def remove_email():
    answer = accounts.set_email(caller(router), None, None, "")
    return json_response(answer.model_dump())


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
