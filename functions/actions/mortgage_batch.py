"""POST /games/{game_id}/mortgage-batch: mortgage properties, most expensive first."""

from engine.mtaani.actions import MortgageBatch
from service.http import make_app
from service.routes import action_router

router = action_router(MortgageBatch, "/games/<game_id>/mortgage-batch")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
