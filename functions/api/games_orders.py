"""GET and PUT /games/{game_id}/orders: your seat's standing orders at a table (issue 31):
what they are, the game's recommended orders and the JSON Schema of its order fields, and what
your orders did since you last looked. A PUT sets them (``{"orders": {...}}``: validated by
the game; fields left out take the recommended values) or clears them (``{"orders": null}``);
they act at once on what waits for them now (a write of the orders' own moves,
``pipeline.follow_standing_orders``), and from then on in the write of each move that hands
the seat a decision. Only your own seat's orders are ever shown
(:mod:`service.standing_orders`)."""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from service import pipeline, presence, standing_orders
from service.http import SIGNED_IN_ERRORS, api_responses, caller, json_response, make_app
from service.models import OrdersOut

router = Router()


class OrdersIn(BaseModel):
    """Your seat's new standing orders."""

    model_config = ConfigDict(extra="forbid", strict=True)
    orders: dict[str, Any] | None = Field(
        description="the game's order fields (the schema of GET /games/{id}/orders; a field "
                    "left out takes its recommended value), or null to clear your orders")


@router.get("/games/<game_id>/orders", tags=["games"], summary="Get your standing orders",
            responses=api_responses(200, OrdersOut, "your seat's orders", *SIGNED_IN_ERRORS,
                                    403, 404))
def get_orders(game_id: str):
    me = caller(router)
    game = pipeline.default_store().load(game_id)
    body = standing_orders.orders_body(game, me.account_id,
                                       lambda: presence.last_look(game_id, me.account_id))
    presence.touch(game_id, me.account_id)  # a look at the table: what the orders did is told
    return json_response(body, headers={"Cache-Control": "private, no-cache"})


@router.put("/games/<game_id>/orders", tags=["games"], summary="Set or clear your standing orders",
            responses=api_responses(200, OrdersOut, "your seat's orders as set",
                                    *SIGNED_IN_ERRORS, 403, 404, 409))
def put_orders(game_id: str, body: Annotated[OrdersIn, Body()]):
    me = caller(router)
    store = pipeline.default_store()
    game = standing_orders.set_orders(game_id, me.account_id, body.orders, store)
    written = int(game.record.event_count)
    moved = (pipeline.follow_standing_orders(game_id, store, me.account_id, loaded=game)
             if body.orders is not None else None)
    game = moved.game if moved is not None else game
    # What the orders did: the moves of their own write just now (no presence read).
    return json_response(standing_orders.orders_body(game, me.account_id, written_after=written))


app = make_app(router)


def handler(event, context):
    return app.resolve(event, context)
