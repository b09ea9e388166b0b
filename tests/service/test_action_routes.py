"""Every player-action route (one function and one template route for every game's moves), against moto: each answers 401 / 403 / 404 /
422 / 409 for the right cause, and random legal play through the routes succeeds move after
move. Source: the issue's rules "only the player whose decision it is may act; a spectator or
a stranger gets 403, a wrong-phase move 409 with the reason, a malformed body 422"."""

from __future__ import annotations

import random

import pytest

from local.template import LocalTemplate


def _action_routes() -> list[str]:
    """Every move of every game of the registry, as ``/games/{game_id}/<game>/<move>``."""
    import engine
    from service.routes import action_path, game_actions

    return sorted(action_path(game, t) for game in engine.games() for t in game_actions(game))


ACTION_ROUTES = _action_routes()
SAMPLE_BODIES = {
    "accept-loan": {"offer": 1}, "accept-trade": {"trade": 1}, "build": {"tile": 1},
    "build-batch": {"set": "x", "target": 1}, "buy-special": {"card": "syndicate"},
    "choose-deck": {"deck": "mtaani"}, "choose-municipal": {"rule": "x"},
    "decline-loan": {"offer": 1}, "decline-trade": {"trade": 1}, "demand-repayment": {"loan": 1},
    "mortgage": {"tile": 1}, "offer-loan": {"to": 1, "lend": True, "amount": 100_000,
                                            "interest_percent": 10, "term": 2},
    "play-injunction": {"set": "x"}, "play-teleport": {"tile": 1}, "play-zoning": {"set": "x"},
    "propose-trade": {"to": 1, "give": {"cash": 1}, "get": {}}, "sell-batch": {"set": "x", "target": 0},
    "sell-unit": {"tile": 1}, "set-trade-open": {"open": False}, "take-loan": {"amount": 100_000},
    "unmortgage": {"tile": 1},
}
"""Hand-written schema-valid bodies of Mtaani's routes; any other route's is made from its
request model (:func:`sample_body`). Whether a move is legal is the game's business."""


def name_of(route: str) -> str:
    return route.rsplit("/", 1)[1]


def game_of(route: str) -> str:
    return route.split("/")[3]


def sample_body(route: str) -> dict:
    """A schema-valid body for ``route``: hand-written for Mtaani's, else the required fields
    of its request model with a valid value each."""
    if game_of(route) == "mtaani" and name_of(route) in SAMPLE_BODIES:
        return SAMPLE_BODIES[name_of(route)]
    from service.routes import game_actions, request_model

    model = request_model(game_actions(game_of(route))[name_of(route).replace("-", "_")])
    schema = model.model_json_schema()
    return {name: sample_value(schema["properties"][name], schema.get("$defs", {}))
            for name in schema.get("required", [])}


def sample_value(field: dict, defs: dict):
    """The simplest valid value of a JSON Schema ``field`` (``defs``: the model's ``$defs``)."""
    if "$ref" in field:
        field = defs[field["$ref"].rsplit("/", 1)[-1]]
    options = field.get("anyOf", [field])
    field = next(o for o in options if o.get("type") != "null")
    if "enum" in field or "const" in field:
        return field.get("enum", [field.get("const")])[0]
    if field.get("type") == "integer":
        return max(1, field.get("minimum", 1))
    if field.get("type") == "boolean":
        return False
    if field.get("type") == "array":
        return [sample_value(field.get("items", {}), defs)
                for _ in range(field.get("minItems", 0))]
    if field.get("type") == "string" and "pattern" in field:
        from hypothesis import find, strategies

        return find(strategies.from_regex(field["pattern"], fullmatch=True), lambda _: True)
    if field.get("type") == "string":
        return "x" * max(1, field.get("minLength", 1))
    return {}


def test_every_action_route_is_covered():
    """One function and one route of the template serve every move of every game, and
    /openapi.json documents each move (only those) with its own request schema."""
    from api.openapi import document
    from local.stack import Routes

    functions = LocalTemplate().functions()
    movers = [fn for fn in functions if fn.handler.startswith("actions.")]
    assert [(fn.handler, fn.routes) for fn in movers] == [
        ("actions.app.handler", [("POST", "/games/{game_id}/{game}/{move}")])]
    assert len(ACTION_ROUTES) >= 80 and all(r.startswith("/games/{game_id}/") for r in ACTION_ROUTES)
    routes = Routes(functions)
    for route in ACTION_ROUTES:
        assert routes.match("POST", route.replace("{game_id}", "g1"))[0] is movers[0], route
    paths = document()["paths"]
    documented = sorted(p for p in paths if p.count("/") == 4 and p.startswith("/games/{game_id}/")
                        and "post" in paths[p])
    assert documented == ACTION_ROUTES
    schemas = {paths[r]["post"].get("requestBody", {}).get("content", {})
               .get("application/json", {}).get("schema", {}).get("$ref") for r in ACTION_ROUTES}
    assert len(schemas - {None}) >= 40     # each move its own request model, not one for all


def test_an_unknown_game_or_move_is_404(api):
    game_id, seats = api.new_game(2)
    for path in (f"/games/{game_id}/chess/roll", f"/games/{game_id}/mtaani/castle",
                 f"/games/{game_id}/mtaani/end_turn"):
        reply = api.call("POST", path, None, token=seats[0][1])
        assert reply.status == 404 and reply.error == "not_found", (path, reply.body)


@pytest.fixture(scope="module")
def tables(aws):
    """Per game: a started 2-seat game of its first ruleset, its two players, a stranger and an
    invited spectator."""
    import engine
    from tests.apiclient import ApiClient

    api = ApiClient()
    out = {}
    for game in engine.games():
        game_id, seats = api.new_game(2, ruleset=engine.rulesets_of(game)[0])
        _, stranger = api.sign_in()
        spectator, spectator_token = api.sign_in()
        api.ok("POST", f"/lobbies/{game_id}/invites", {"handle": spectator, "role": "spectator"},
               seats[0][1], 201)
        out[game] = (api, game_id, seats, stranger, spectator_token)
    return out


@pytest.mark.parametrize("route", ACTION_ROUTES, ids=lambda r: f"{game_of(r)}-{name_of(r)}")
def test_each_action_route_answers_each_refusal_for_its_cause(tables, route):
    api, game_id, seats, stranger, spectator = tables[game_of(route)]
    path = route.replace("{game_id}", game_id)
    body = sample_body(route)
    before = api.ok("GET", f"/games/{game_id}", None, seats[0][1])["version"]
    assert api.call("POST", path, body).status == 401
    refused = api.call("POST", path, body, token=spectator)       # may watch, may not move
    assert refused.status == 403 and refused.error == "forbidden", refused.body
    hidden = api.call("POST", path, body, token=stranger)          # may not even know of it
    assert hidden.status == 404 and hidden.error == "not_found", hidden.body
    assert api.call("POST", route.replace("{game_id}", "no-such-game"), body, token=seats[0][1]).status == 404
    malformed = api.call("POST", path, {**body, "surprise": 1}, token=seats[0][1])
    assert malformed.status == 422 and "surprise" in malformed.body["error"]["message"]
    stale = api.call("POST", path, {**body, "version": before + 50}, token=seats[1][1])
    assert stale.status == 409 and stale.error == "stale_version"
    assert stale.body["error"]["current_version"] == before
    # Whatever the rules say of this move now, the answer is 200 or a 409 with a reason.
    outcome = api.call("POST", path, {**body, "version": before}, token=seats[1][1])
    assert outcome.status in (200, 409), outcome.body
    if outcome.status == 409:
        assert outcome.body["error"]["message"]
        assert api.ok("GET", f"/games/{game_id}", None, seats[0][1])["version"] == before
    # Another game's moves do not apply to this game: 404, nothing changes.
    for other in sorted({game_of(r) for r in ACTION_ROUTES} - {game_of(route)}):
        move = next(r for r in ACTION_ROUTES if game_of(r) == other)
        wrong = api.call("POST", move.replace("{game_id}", game_id), sample_body(move),
                         token=seats[1][1])
        assert wrong.status == 404 and wrong.error == "not_found", wrong.body
    assert api.ok("GET", f"/games/{game_id}", None, seats[0][1])["version"] >= before


def test_random_legal_play_through_the_routes(api):
    """Every legal action the view offers is accepted by its route, move after move."""
    rng = random.Random(5)
    # Fixed, non-doubles dice: every roll moves three tiles, onto a property most of the time.
    game_id, seats = api.new_game(2, options={"max_turns": 400, "scripted": {"dice": [[1, 2]] * 40}})
    tokens = [t for _, t in seats]
    applied: set[str] = set()
    for _ in range(60):
        view = api.ok("GET", f"/games/{game_id}", None, tokens[0])
        if view["status"] != "active" or view["decision"] is None:
            break
        seat = view["decision"]["player"]
        mine = api.ok("GET", f"/games/{game_id}", None, tokens[seat])
        legal = [a for a in mine["legal_actions"] if a["type"] != "declare_bankruptcy"]
        legal = legal or mine["legal_actions"]
        # Half the time the pending decision's own answer, so the game moves along.
        turn = [a for a in legal if a["type"] in ("roll", "buy", "decline", "end_turn", "choose_deck")]
        action = dict(rng.choice(turn if turn and rng.random() < 0.5 else legal))
        kind = action.pop("type")
        reply = api.call("POST", f"/games/{game_id}/{mine['game']}/{kind.replace('_', '-')}",
                         {**action, "version": mine["version"]}, token=tokens[seat])
        assert reply.status == 200, (kind, action, reply.body)
        assert reply.body["version"] == mine["version"] + 1
        applied.add(kind)
    assert {"roll", "end_turn"} <= applied and applied & {"buy", "decline"}, applied


@pytest.mark.parametrize("game", sorted({game_of(r) for r in ACTION_ROUTES}))
def test_random_legal_moves_of_every_game_are_accepted_by_their_routes(api, game):
    """Whatever the game, every move its view lists is accepted by its route (seat by seat:
    whoever the table waits on), 40 moves in a row."""
    import engine

    rng = random.Random(game)
    game_id, seats = api.new_game(2, ruleset=engine.rulesets_of(game)[0])
    tokens = [t for _, t in seats]
    applied = []
    for _ in range(40):
        views = [api.ok("GET", f"/games/{game_id}", None, t) for t in tokens]
        if views[0]["status"] != "active":
            break
        movers = [(i, v) for i, v in enumerate(views)
                  if [a for a in v["legal_actions"] if a["type"] != "declare_bankruptcy"]]
        if not movers:
            break
        seat, mine = rng.choice(movers)
        held = {p["kind"] for p in mine["pending"] if p["player"] == seat}
        legal = [a for a in mine["legal_actions"] if a["type"] != "declare_bankruptcy"]
        action = dict(rng.choice(legal))
        kind = action.pop("type")
        reply = api.call("POST", f"/games/{game_id}/{game}/{kind.replace('_', '-')}",
                         {**action, "version": mine["version"]}, token=tokens[seat])
        assert reply.status == 200, (kind, action, held, reply.body)
        assert reply.body["version"] == mine["version"] + 1
        applied.append(kind)
    assert len(applied) >= 20 and len(set(applied)) >= 3, applied
