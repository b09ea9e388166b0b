"""The Mtaani moves: ``POST /games/{game_id}/mtaani/<move>``, one route (and OpenAPI operation)
per action of the Mtaani rulesets (current and classic), all in one Lambda function
(:func:`service.routes.game_router`)."""

from service.http import make_app
from service.routes import game_router

router = game_router("mtaani")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
