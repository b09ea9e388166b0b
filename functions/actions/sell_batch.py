"""POST /games/{game_id}/sell-batch: sell a set's units evenly down to a number."""

from engine.mtaani.actions import SellBatch
from service.http import make_app
from service.routes import action_router

router = action_router(SellBatch, "/games/<game_id>/sell-batch")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
