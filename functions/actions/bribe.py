"""POST /games/{game_id}/bribe: bribe the guards (the odds drift with the server's clock)."""

from engine.mtaani.actions import Bribe
from service.http import make_app
from service.routes import action_router

router = action_router(Bribe, "/games/<game_id>/bribe")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
