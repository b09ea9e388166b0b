"""GET /dashboard: the caller's open lobbies, games in progress (whose turn it is), saved
games, games to watch and recent finished games."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service.dashboard import dashboard
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import DashboardOut

router = Router()


@router.get("/dashboard", tags=["dashboard"], summary="Your tables",
            responses=api_responses(200, DashboardOut, "your tables", *SIGNED_IN_ERRORS))
def get_dashboard():
    return json_response(dashboard(caller(router).account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
