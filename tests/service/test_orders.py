"""Standing orders at a table (issue 31, section 1) over the template's routes, against moto,
on Siri (:mod:`tests.siri`: its orders guess once the public hints leave few cards, else pass):
``GET``/``PUT /games/{id}/orders``, who may read and set them, the pipeline following them in
the write of the move (or timer) that hands a seat its turn, what they did, and that nobody
else ever reads them."""

from __future__ import annotations

import json

import pytest

from tests.siri.conftest import siri as _siri  # noqa: F401  (Siri registered for each test)

pytestmark = pytest.mark.usefixtures("_siri")

RECOMMENDED = {"guess_when_left": 1, "pass_turns": True}
STOP = {"guess_when_left": 0, "pass_turns": False}
"""Orders that never move: every turn waits for the player."""


def _table(api, *, owner_seated: bool = True):
    """A Siri table of two signed-in people dealt by the pipeline (as a lobby's start does):
    ``(game_id, [(account_id, token), (account_id, token)], card, owner_token)``."""
    import engine
    from service import pipeline

    people = [api.sign_in()[1] for _ in range(2 if owner_seated else 3)]
    ids = [api.ok("GET", "/account", None, token)["account_id"] for token in people]
    owner = ids[0] if owner_seated else ids[2]
    created = pipeline.create_game("siri", ids[:2], {}, owner=owner)
    card = engine.load_state(created.game.record.state).card
    return created.game.game_id, list(zip(ids[:2], people[:2], strict=True)), card, people[-1]


def _wrong(card: int, *others: int) -> int:
    """A card that is not ``card`` (nor any of ``others``), from the top."""
    return next(c for c in range(9, 0, -1) if c != card and c not in others)


def test_put_then_get_round_trip(api):
    game_id, seats, _, _ = _table(api)
    token = seats[0][1]
    empty = api.ok("GET", f"/games/{game_id}/orders", None, token)
    assert empty["orders"] is None and empty["seat"] == 0 and empty["did"] == []
    assert empty["recommended"] == RECOMMENDED
    assert set(empty["schema"]["properties"]) == set(RECOMMENDED)
    assert empty["schema"]["properties"]["pass_turns"]["title"] == "Pass my other turns"
    before = api.ok("GET", f"/games/{game_id}", None, token)["version"]
    put = api.ok("PUT", f"/games/{game_id}/orders", {"orders": {"pass_turns": False}}, token)
    assert put["orders"] == {"guess_when_left": 1, "pass_turns": False}   # the rest: recommended
    assert api.ok("GET", f"/games/{game_id}/orders", None, token)["orders"] == put["orders"]
    # Nothing else changed: every reader's version is as it was, and the turn still waits.
    view = api.ok("GET", f"/games/{game_id}", None, token)
    assert view["version"] == before and view["decision"]["player"] == 0
    assert api.ok("GET", f"/games/{game_id}", None, seats[1][1])["version"] == before
    cleared = api.ok("PUT", f"/games/{game_id}/orders", {"orders": None}, token)
    assert cleared["orders"] is None
    assert api.ok("GET", f"/games/{game_id}/orders", None, token)["orders"] is None


@pytest.mark.parametrize(("orders", "field"), [
    ({"guess_when_left": 10}, "orders.guess_when_left"),
    ({"guess_when_left": -1}, "orders.guess_when_left"),
    ({"guess_when_left": "many"}, "orders.guess_when_left"),
    ({"pass_turns": "sometimes"}, "orders.pass_turns"),
    ({"shout": True}, "orders.shout"),
])
def test_a_bad_field_is_422_naming_it_and_changes_nothing(api, orders, field):
    game_id, seats, _, _ = _table(api)
    token = seats[0][1]
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": STOP}, token)
    reply = api.call("PUT", f"/games/{game_id}/orders", {"orders": orders}, token)
    assert reply.status == 422 and reply.body["error"]["message"].startswith(field), reply.body
    assert api.ok("GET", f"/games/{game_id}/orders", None, token)["orders"] == STOP


def test_malformed_bodies_are_422(api):
    game_id, seats, _, _ = _table(api)
    for body in ({}, {"orders": [1]}, {"orders": {}, "seat": 1}, {"orders": "pass"}):
        reply = api.call("PUT", f"/games/{game_id}/orders", body, seats[0][1])
        assert reply.status == 422 and reply.error == "invalid_request", body


def test_a_game_without_orders(api, monkeypatch):
    """A game that declares no orders (every game we ship declares them; Siri's are taken away
    here) answers GET with nothing to set and refuses a PUT in words."""
    import engine

    monkeypatch.setattr(engine.get_ruleset("siri"), "standing_orders", None)
    game_id, seats, _, _ = _table(api)
    token = seats[0][1]
    body = api.ok("GET", f"/games/{game_id}/orders", None, token)
    assert (body["orders"], body["recommended"], body["schema"], body["did"]) == (None, None, None, [])
    reply = api.call("PUT", f"/games/{game_id}/orders", {"orders": {}}, token)
    assert reply.status == 422 and reply.body["error"]["message"] == "this game has no standing orders"


def test_who_may_read_and_set_orders(api):
    game_id, _, _, owner = _table(api, owner_seated=False)
    _, stranger = api.sign_in()
    for method, body in (("GET", None), ("PUT", {"orders": RECOMMENDED})):
        path = f"/games/{game_id}/orders"
        assert api.call(method, path, body).status == 401
        assert api.call(method, path, body, stranger).status == 404      # a private table
        assert api.call(method, "/games/nope/orders", body, stranger).status == 404
        watcher = api.call(method, path, body, owner)                   # the owner, not seated
        assert watcher.status == 403 and watcher.error == "not_seated"


def test_orders_are_closed_once_the_game_is_over(api):
    from service import pipeline

    game_id, seats, card, _ = _table(api)
    pipeline.act(game_id, seats[0][0], {"type": "guess", "card": card})
    reply = api.call("PUT", f"/games/{game_id}/orders", {"orders": RECOMMENDED}, seats[0][1])
    assert reply.status == 409 and reply.error == "game_over"
    assert api.ok("GET", f"/games/{game_id}/orders", None, seats[0][1])["orders"] is None


def test_the_orders_routes_are_in_openapi():
    """``/openapi.json`` is built from every API module's router (``api.openapi``): this one's
    operations carry their request and answer models."""
    from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

    from api import games_orders

    resolver = APIGatewayHttpResolver(enable_validation=True)
    resolver.include_router(games_orders.router)
    document = json.loads(resolver.get_openapi_json_schema(title="t", version="1"))
    operations = document["paths"]["/games/{game_id}/orders"]
    assert set(operations) == {"get", "put"}
    body = operations["put"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["$ref"].endswith("OrdersIn")
    answer = operations["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer["$ref"].endswith("OrdersOut")
    shape = document["components"]["schemas"]["OrdersOut"]["properties"]
    assert set(shape) == {"game_id", "seat", "orders", "recommended", "schema", "did"}
    assert {"401", "403", "404", "409", "422"} <= set(operations["put"]["responses"])
