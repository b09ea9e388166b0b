"""POST /games/{game_id}/declare-bankruptcy: give up when you cannot pay what you owe."""

from engine.mtaani.actions import DeclareBankruptcy
from service.http import make_app
from service.routes import action_router

router = action_router(DeclareBankruptcy, "/games/<game_id>/declare-bankruptcy")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
