"""POST /games/{game_id}/play-syndicate: start skimming business rent."""

from engine.mtaani.actions import PlaySyndicate
from service.http import make_app
from service.routes import action_router

router = action_router(PlaySyndicate, "/games/<game_id>/play-syndicate")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
