"""POST /games/{game_id}/sell-unit: sell one unit back to the bank."""

from engine.mtaani.actions import SellUnit
from service.http import make_app
from service.routes import action_router

router = action_router(SellUnit, "/games/<game_id>/sell-unit")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
