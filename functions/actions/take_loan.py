"""POST /games/{game_id}/take-loan: borrow from the bank (10,000 up to your limit, in 1,000 steps)."""

from engine.mtaani.actions import TakeLoan
from service.http import make_app
from service.routes import action_router

router = action_router(TakeLoan, "/games/<game_id>/take-loan")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
