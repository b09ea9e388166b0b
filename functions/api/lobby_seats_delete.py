"""DELETE /lobbies/{lobby_id}/seats/{seat}: empty a seat (a bot or a player; owner, while
waiting)."""

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path

from service import lobbies
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import LobbyOut
from service.views import lobby_view

router = Router()


@router.delete("/lobbies/<lobby_id>/seats/<seat>", tags=["lobbies"], summary="Empty a seat",
               responses=api_responses(200, LobbyOut, "the seat is empty", *SIGNED_IN_ERRORS,
                                       403, 404, 409))
def empty_seat(lobby_id: str, seat: Annotated[int, Path(ge=0, le=lobbies.MAX_SEATS - 1)]):
    me = caller(router)
    lobby = lobbies.empty_seat(lobby_id, me.account_id, seat)
    return json_response(lobby_view(lobby, me.account_id))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
