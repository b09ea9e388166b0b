"""The Jiji moves: ``POST /games/{game_id}/jiji/<move>``, one route (and OpenAPI operation)
per action of the Jiji ruleset, all in one Lambda function
(:func:`service.routes.game_function`)."""

from service.routes import game_function

app, document_router, handler = game_function("jiji")
