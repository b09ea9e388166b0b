"""POST /games/{game_id}/pay-bail: pay bail and walk out of jail."""

from engine.mtaani.actions import PayBail
from service.http import make_app
from service.routes import action_router

router = action_router(PayBail, "/games/<game_id>/pay-bail")
app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
