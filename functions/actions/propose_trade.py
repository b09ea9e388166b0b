"""POST /games/{game_id}/propose-trade: offer another player a trade."""

from engine.mtaani.actions import ProposeTrade
from service.http import make_app
from service.routes import action_router

router = action_router(ProposeTrade, "/games/<game_id>/propose-trade")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
