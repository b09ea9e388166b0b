"""POST /games/{game_id}/accept-loan: accept a loan offer made to you."""

from engine.mtaani.actions import AcceptLoan
from service.http import make_app
from service.routes import action_router

router = action_router(AcceptLoan, "/games/<game_id>/accept-loan")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
