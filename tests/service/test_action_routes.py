"""Every player-action route (one function per game), against moto: each answers 401 / 403 / 404 /
422 / 409 for the right cause, and random legal play through the routes succeeds move after
move. Source: the issue's rules "only the player whose decision it is may act; a spectator or
a stranger gets 403, a wrong-phase move 409 with the reason, a malformed body 422"."""

from __future__ import annotations

import random

import pytest

from local.template import LocalTemplate

ACTION_ROUTES = sorted(
    path for fn in LocalTemplate().functions() if fn.handler.startswith("actions.")
    for method, path in fn.routes if method == "POST"
)
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
"""A schema-valid body per route that needs one (whether it is legal is the game's business)."""


def name_of(route: str) -> str:
    return route.rsplit("/", 1)[1]


def test_every_action_route_is_covered():
    assert len(ACTION_ROUTES) >= 16 and all(r.startswith("/games/{game_id}/") for r in ACTION_ROUTES)


@pytest.fixture(scope="module")
def table(aws):
    from tests.apiclient import ApiClient

    api = ApiClient()
    game_id, seats = api.new_game(2)
    _, stranger = api.sign_in()
    spectator, spectator_token = api.sign_in()
    api.ok("POST", f"/lobbies/{game_id}/invites", {"handle": spectator, "role": "spectator"},
           seats[0][1], 201)
    return api, game_id, seats, stranger, spectator_token


@pytest.mark.parametrize("route", ACTION_ROUTES, ids=name_of)
def test_each_action_route_answers_each_refusal_for_its_cause(table, route):
    api, game_id, seats, stranger, spectator = table
    path = route.replace("{game_id}", game_id)
    body = SAMPLE_BODIES.get(name_of(route), {})
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
        reply = api.call("POST", f"/games/{game_id}/mtaani/{kind.replace('_', '-')}",
                         {**action, "version": mine["version"]}, token=tokens[seat])
        assert reply.status == 200, (kind, action, reply.body)
        assert reply.body["version"] == mine["version"] + 1
        applied.add(kind)
    assert {"roll", "end_turn"} <= applied and applied & {"buy", "decline"}, applied
