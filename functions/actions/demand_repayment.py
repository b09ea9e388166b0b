"""POST /games/{game_id}/demand-repayment: as lender, demand early repayment (cancels the interest)."""

from engine.mtaani.actions import DemandRepayment
from service.http import make_app
from service.routes import action_router

router = action_router(DemandRepayment, "/games/<game_id>/demand-repayment")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
