"""POST /games/{game_id}/play-teleport: jump to another property you own."""

from engine.mtaani.actions import PlayTeleport
from service.http import make_app
from service.routes import action_router

router = action_router(PlayTeleport, "/games/<game_id>/play-teleport")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
