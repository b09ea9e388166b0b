"""POST /games/{game_id}/decline-loan: decline a loan offer made to you, or withdraw yours."""

from engine.mtaani.actions import DeclineLoan
from service.http import make_app
from service.routes import action_router

router = action_router(DeclineLoan, "/games/<game_id>/decline-loan")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
