"""DELETE /sessions: sign out everywhere (every session of the account, this one too)."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import accounts
from service.http import SIGNED_IN_ERRORS, api_responses, caller, make_app, no_content

router = Router()


@router.delete("/sessions", tags=["accounts"], summary="Sign out everywhere",
               responses=api_responses(204, None, "every session revoked", *SIGNED_IN_ERRORS))
def delete_sessions():
    accounts.close_all_sessions(caller(router).account_id)
    return no_content()


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
