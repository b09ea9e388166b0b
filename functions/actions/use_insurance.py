"""POST /games/{game_id}/use-insurance: spend an insurance card on a payment you cannot cover."""

from engine.mtaani.actions import UseInsurance
from service.http import make_app
from service.routes import action_router

router = action_router(UseInsurance, "/games/<game_id>/use-insurance")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
