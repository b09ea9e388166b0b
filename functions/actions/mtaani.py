"""The Mtaani moves: ``POST /games/{game_id}/mtaani/<move>``, one route (and OpenAPI operation)
per action of the Mtaani rulesets (current and classic), all in one Lambda function
(:func:`service.routes.game_function`)."""

from service.routes import game_function

app, document_router, handler = game_function("mtaani")
