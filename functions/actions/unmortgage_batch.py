"""POST /games/{game_id}/unmortgage-batch: lift mortgages, most expensive first."""

from engine.mtaani.actions import UnmortgageBatch
from service.http import make_app
from service.routes import action_router

router = action_router(UnmortgageBatch, "/games/<game_id>/unmortgage-batch")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
