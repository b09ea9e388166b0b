"""The moves of every game: ``POST /games/{game_id}/<game>/<move>``, one Lambda function and
one route for all of them (:func:`service.routes.action_function`); ``/openapi.json`` still
documents each move of each game with its own request model (``document_router``). A new
game's moves are served here as soon as its ruleset package is registered
(``docs/adding-a-game.md``)."""

from service.routes import action_function

app, document_router, handler = action_function()
