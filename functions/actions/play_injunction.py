"""POST /games/{game_id}/play-injunction: shield a set you own from Zoning and the Syndicate."""

from engine.mtaani.actions import PlayInjunction
from service.http import make_app
from service.routes import action_router

router = action_router(PlayInjunction, "/games/<game_id>/play-injunction")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
