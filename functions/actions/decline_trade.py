"""POST /games/{game_id}/decline-trade: decline a trade offer made to you, or withdraw yours."""

from engine.mtaani.actions import DeclineTrade
from service.http import make_app
from service.routes import action_router

router = action_router(DeclineTrade, "/games/<game_id>/decline-trade")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
