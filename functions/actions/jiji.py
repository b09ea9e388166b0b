"""The Jiji moves: ``POST /games/{game_id}/jiji/<move>``, one route (and OpenAPI operation)
per action of the Jiji ruleset, all in one Lambda function. The
function serves them through one route of its own (:func:`service.routes.move_router`: each
move's body is checked against its documented model, made when first asked for);
:func:`document_router` gives the documented routes (``/openapi.json``)."""

from service import snapstart
from service.http import make_app
from service.routes import move_router, prime_moves

GAME = "jiji"
app = make_app(move_router(GAME))
snapstart.prime(lambda: prime_moves(GAME))


def document_router():
    """The documented routes of the Jiji moves (one per action)."""
    from service.routes import game_router

    return game_router(GAME)


def handler(event, context):
    return app.resolve(event, context)
