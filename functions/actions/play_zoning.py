"""POST /games/{game_id}/play-zoning: demolish a set's units and ban building there."""

from engine.mtaani.actions import PlayZoning
from service.http import make_app
from service.routes import action_router

router = action_router(PlayZoning, "/games/<game_id>/play-zoning")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
