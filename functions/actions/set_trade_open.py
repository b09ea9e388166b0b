"""POST /games/{game_id}/set-trade-open: mark yourself open or closed to trade offers."""

from engine.mtaani.actions import SetTradeOpen
from service.http import make_app
from service.routes import action_router

router = action_router(SetTradeOpen, "/games/<game_id>/set-trade-open")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
