"""POST /games/{game_id}/buy-insurance: buy an insurance card at the current price."""

from engine.mtaani.actions import BuyInsurance
from service.http import make_app
from service.routes import action_router

router = action_router(BuyInsurance, "/games/<game_id>/buy-insurance")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
