"""POST /games/{game_id}/decline: do not buy: pay the property's fee to the bank instead."""

from engine.mtaani.actions import Decline
from service.http import make_app
from service.routes import action_router

router = action_router(Decline, "/games/<game_id>/decline")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
