"""POST /games/{game_id}/mortgage: mortgage a property."""

from engine.mtaani.actions import Mortgage
from service.http import make_app
from service.routes import action_router

router = action_router(Mortgage, "/games/<game_id>/mortgage")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
