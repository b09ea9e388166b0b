"""POST /games/{game_id}/build-batch: level a set up to a number of units, evenly."""

from engine.mtaani.actions import BuildBatch
from service.http import make_app
from service.routes import action_router

router = action_router(BuildBatch, "/games/<game_id>/build-batch")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
