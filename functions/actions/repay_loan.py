"""POST /games/{game_id}/repay-loan: repay a bank or player loan, in full or in part."""

from engine.mtaani.actions import RepayLoan
from service.http import make_app
from service.routes import action_router

router = action_router(RepayLoan, "/games/<game_id>/repay-loan")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
