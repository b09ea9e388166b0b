"""POST /games/{game_id}/buy-special: buy a special card on offer to you this turn."""

from engine.mtaani.actions import BuySpecial
from service.http import make_app
from service.routes import action_router

router = action_router(BuySpecial, "/games/<game_id>/buy-special")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
