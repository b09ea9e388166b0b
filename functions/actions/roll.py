"""POST /games/{game_id}/roll: roll the dice and move (in jail: try for doubles)."""

from engine.mtaani.actions import Roll
from service.http import make_app
from service.routes import action_router

router = action_router(Roll, "/games/<game_id>/roll")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
