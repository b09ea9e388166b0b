"""POST /games/{game_id}/end-turn: end your turn."""

from engine.mtaani.actions import EndTurn
from service.http import make_app
from service.routes import action_router

router = action_router(EndTurn, "/games/<game_id>/end-turn")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
