"""POST /games/{game_id}/buy: buy the unowned property you landed on."""

from engine.mtaani.actions import Buy
from service.http import make_app
from service.routes import action_router

router = action_router(Buy, "/games/<game_id>/buy")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
