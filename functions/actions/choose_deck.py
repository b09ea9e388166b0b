"""POST /games/{game_id}/choose-deck: on Fortune, draw from the Mtaani or the Mathree deck."""

from engine.mtaani.actions import ChooseDeck
from service.http import make_app
from service.routes import action_router

router = action_router(ChooseDeck, "/games/<game_id>/choose-deck")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
