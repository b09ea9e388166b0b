"""POST /games/{game_id}/unmortgage: lift a property's mortgage."""

from engine.mtaani.actions import Unmortgage
from service.http import make_app
from service.routes import action_router

router = action_router(Unmortgage, "/games/<game_id>/unmortgage")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
