"""POST /games/{game_id}/pass-special: do not buy the special card on offer."""

from engine.mtaani.actions import PassSpecial
from service.http import make_app
from service.routes import action_router

router = action_router(PassSpecial, "/games/<game_id>/pass-special")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
