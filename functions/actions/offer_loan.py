"""POST /games/{game_id}/offer-loan: offer to lend to, or ask to borrow from, another player."""

from engine.mtaani.actions import OfferLoan
from service.http import make_app
from service.routes import action_router

router = action_router(OfferLoan, "/games/<game_id>/offer-loan")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
