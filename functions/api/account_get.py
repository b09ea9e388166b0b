"""GET /account: the signed-in account."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import accounts
from service.errors import Unauthorized
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import AccountOut

router = Router()


@router.get("/account", tags=["accounts"], summary="Your account",
            responses=api_responses(200, AccountOut, "your account", *SIGNED_IN_ERRORS))
def get_account():
    record = accounts.get_account(caller(router).account_id)
    if record is None:
        raise Unauthorized("your session has ended; sign in again")
    return json_response(accounts.account_out(record).model_dump())


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
