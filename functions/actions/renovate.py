"""POST /games/{game_id}/renovate: renovate the property you stand on instead of rolling."""

from engine.mtaani.actions import Renovate
from service.http import make_app
from service.routes import action_router

router = action_router(Renovate, "/games/<game_id>/renovate")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
