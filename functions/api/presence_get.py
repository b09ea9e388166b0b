"""GET /games/{game_id}/presence: when each person at the table was last seen there."""

from aws_lambda_powertools.event_handler.api_gateway import Router

from service import accounts, lobbies, presence
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import PresenceOut

router = Router()


@router.get("/games/<game_id>/presence", tags=["games"], summary="Who was here when",
            responses=api_responses(200, PresenceOut, "last seen", *SIGNED_IN_ERRORS, 403, 404))
def get_presence(game_id: str):
    me = caller(router)
    lobby = lobbies.load(game_id)
    lobbies.access(lobby, me.account_id)
    seen = presence.seen(game_id)
    names = accounts.handles_of(list(seen))
    seats = list(lobby.seats)
    people = [{"account_id": a, "name": names.get(a, a),
               "seat": seats.index(a) if a in seats else None, "last_seen": t}
              for a, t in sorted(seen.items(), key=lambda item: -item[1])]
    return json_response({"people": people})


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
