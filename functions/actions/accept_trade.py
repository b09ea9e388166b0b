"""POST /games/{game_id}/accept-trade: accept a trade offer made to you."""

from engine.mtaani.actions import AcceptTrade
from service.http import make_app
from service.routes import action_router

router = action_router(AcceptTrade, "/games/<game_id>/accept-trade")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
