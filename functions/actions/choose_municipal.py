"""POST /games/{game_id}/choose-municipal: choose the table's temporary municipal rule."""

from engine.mtaani.actions import ChooseMunicipal
from service.http import make_app
from service.routes import action_router

router = action_router(ChooseMunicipal, "/games/<game_id>/choose-municipal")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
