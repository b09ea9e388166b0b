"""DELETE /sessions/current: sign out (revoke the token used)."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import accounts
from service.http import SIGNED_IN_ERRORS, api_responses, caller, make_app, no_content

router = Router()


@router.delete("/sessions/current", tags=["accounts"], summary="Sign out",
               responses=api_responses(204, None, "signed out", *SIGNED_IN_ERRORS))
def delete_session():
    accounts.close_session(caller(router))
    return no_content()


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
