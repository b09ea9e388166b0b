"""POST /games/{game_id}/build: build one unit on a property."""

from engine.mtaani.actions import Build
from service.http import make_app
from service.routes import action_router

router = action_router(Build, "/games/<game_id>/build")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
