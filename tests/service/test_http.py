"""The HTTP layer every route shares (service/http.py): what a body must be before a handler
sees it, and the one error shape of every 4xx, whatever the route."""

from __future__ import annotations

import json
import re

import pytest

DEEP = ('{"a":' + "[" * 1000 + "]" * 1000 + "}").encode()
"""A JSON object nested 1,000 levels deep."""
HUGE_NUMBER = ('{"handle":1' + "0" * 4300 + "}").encode()
"""An integer literal of 4,301 digits (past Python's int-from-string limit)."""


def _routes(api) -> list[tuple[str, str]]:
    """``(method, path)`` of every template route a JSON resolver answers (path parameters
    filled with ``x``; the one move route as every move of every game); the one-click opt-out
    link reads no body and answers HTML."""
    import engine
    from service.routes import action_path, game_actions

    out = []
    for _, method, template, _, _, fn in api.routes.table:
        if fn.handler.endswith("notifications_unsubscribe.handler"):
            continue
        if template == "/games/{game_id}/{game}/{move}":
            out += [(method, action_path(game, move).replace("{game_id}", "x"))
                    for game in engine.games() for move in game_actions(game)]
            continue
        out.append((method, re.sub(r"\{[^}]+\}", "x", template)))
    return sorted(set(out))


def assert_error(reply, status: int, code: str) -> str:
    """``reply`` is ``status`` in the project's error shape with ``code``; returns the message."""
    assert reply.status == status, (reply.status, reply.body)
    assert isinstance(reply.body, dict) and set(reply.body) == {"error"}, reply.body
    assert reply.body["error"]["code"] == code, reply.body
    message = reply.body["error"]["message"]
    assert isinstance(message, str) and message
    return message


@pytest.mark.parametrize("body, words", [(DEEP, "nested"), (HUGE_NUMBER, "number")],
                         ids=["deep", "huge-number"])
def test_a_deeply_nested_body_or_a_huge_number_is_422_on_every_route(api, body, words):
    routes = _routes(api)
    assert ("POST", "/sessions") in routes and ("POST", "/games/x/mtaani/take-loan") in routes
    for method, path in routes:
        reply = api.call(method, path, raw=body)
        message = assert_error(reply, 422, "invalid_request")
        assert words in message, (method, path, message)


def test_numbers_that_are_not_finite_or_too_long_are_422_and_the_rest_reach_the_fields(api):
    for raw in (b'{"handle": NaN}', b'{"handle": Infinity}', b'{"handle": -Infinity}',
                b'{"handle": 1e400}', b'{"handle": -' + b"9" * 4301 + b"}"):
        message = assert_error(api.call("POST", "/sessions", raw=raw), 422, "invalid_request")
        assert "number" in message, (raw[:30], message)
    _, token = api.sign_in()
    # Large numbers the OpenAPI schema allows are the fields' business: the message names it.
    for raw in (b'{"table_size": 1541545518267370240}', b'{"table_size": 1e300}'):
        reply = api.call("POST", "/lobbies", raw=raw, token=token)
        assert assert_error(reply, 422, "invalid_request").startswith("table_size: "), raw
    lobby = api.call("POST", "/lobbies", raw=b'{"table_size": 3.0, "idle_timeout_seconds": 3600}',
                     token=token)
    assert lobby.status == 201 and lobby.body["table_size"] == 3, lobby.body


def test_nesting_up_to_the_limit_is_read_and_one_level_more_is_422(api):
    from service.http import MAX_BODY_DEPTH

    _, token = api.sign_in()

    def nested(levels: int) -> bytes:  # the object itself is level 1
        inner = "[" * (levels - 1) + "]" * (levels - 1)
        return ('{"text": ' + inner + "}").encode()

    # At the limit the body reaches validation (a list is not a chat text); past it, not.
    at_limit = api.call("POST", "/lobbies", raw=nested(MAX_BODY_DEPTH), token=token)
    assert "nested" not in assert_error(at_limit, 422, "invalid_request")
    assert "nested" in assert_error(api.call("POST", "/lobbies", raw=nested(MAX_BODY_DEPTH + 1),
                                             token=token), 422, "invalid_request")


def test_the_body_limit_counts_utf8_bytes_not_characters(api):
    from service.http import MAX_BODY_BYTES

    _, token = api.sign_in()
    # 6,000 euro signs: 6,000 characters but 18,000 bytes of UTF-8.
    wide = ('{"table_size": 2, "pad": "' + "€" * 6000 + '"}').encode()
    assert len(wide.decode()) < MAX_BODY_BYTES < len(wide)
    assert_error(api.call("POST", "/lobbies", raw=wide, token=token), 413, "payload_too_large")
    # 13,000 bytes that are not UTF-8 arrive base64-encoded (17,336 characters): they are
    # within the limit, and refused for what they are.
    binary = b"\xff" * 13_000
    message = assert_error(api.call("POST", "/lobbies", raw=binary, token=token), 422,
                           "invalid_request")
    assert "UTF-8" in message
    over = b"\xff" * (MAX_BODY_BYTES + 1)
    assert_error(api.call("POST", "/lobbies", raw=over, token=token), 413, "payload_too_large")


@pytest.mark.parametrize("content_type", ["application/problem+json",
                                          "application/merge-patch+json", "text/plain",
                                          "application/x-www-form-urlencoded",
                                          "application/jsonx"])
def test_a_body_not_declared_as_json_is_415_in_the_error_shape(api, content_type):
    _, token = api.sign_in()
    reply = api.call("POST", "/lobbies", {"table_size": 2}, token=token,
                     headers={"content-type": content_type})
    assert "application/json" in assert_error(reply, 415, "unsupported_media_type")


def test_json_with_parameters_or_in_capitals_is_read_as_json(api):
    _, token = api.sign_in()
    for content_type in ("application/json; charset=utf-8", "Application/JSON"):
        reply = api.call("POST", "/lobbies", {"table_size": 2}, token=token,
                         headers={"content-type": content_type})
        assert reply.status == 201, (content_type, reply.body)
    # No body: what it was called does not matter; the route says a body is required.
    reply = api.call("DELETE", "/account", None, token=token,
                     headers={"content-type": "text/plain"})
    assert assert_error(reply, 422, "invalid_request") == "a JSON body is required"


def test_a_path_the_function_has_no_route_for_is_404_in_the_error_shape(api):
    """API Gateway sends each function only its own routes; should a path still reach one
    that its resolver does not match, Powertools' 404 answers in the one shape too."""
    from local.stack import call_handler, http_v2_event
    from tests.apiclient import Reply

    fn = api.invoker.by_id["GamesGetFunction"]
    event = http_v2_event("GET", "/games/x/elsewhere", "", {}, b"", "GET /games/{game_id}",
                          {"game_id": "x"}, "127.0.0.1")
    result = call_handler(fn, event)
    assert_error(Reply(result["statusCode"], result["headers"], json.loads(result["body"])),
                 404, "not_found")


def test_validation_messages_name_the_field_or_ask_for_a_body(api):
    _, token = api.sign_in()
    reply = api.call("DELETE", "/account", raw=None, token=token)
    assert assert_error(reply, 422, "invalid_request") == "a JSON body is required"
    reply = api.call("DELETE", "/account", raw=b"null", token=token)
    assert assert_error(reply, 422, "invalid_request") == (
        "the body must be a JSON object (or left out where optional)")
    reply = api.call("DELETE", "/account", {}, token=token)
    assert assert_error(reply, 422, "invalid_request") == "confirm_handle: Field required"
    reply = api.call("DELETE", "/account", {"confirm_handle": 5}, token=token)
    assert assert_error(reply, 422, "invalid_request").startswith("confirm_handle: ")
    reply = api.call("GET", "/games/x/events?limit=abc", token=token)
    assert assert_error(reply, 422, "invalid_request").startswith("query.limit: ")
    assert api.call("GET", "/account", token=token).status == 200  # nothing was erased


def test_a_null_body_is_refused_where_a_body_is_optional_and_changes_nothing(api):
    """An optional body is left out, never null (hardening, item 10: declare-bankruptcy with
    ``null`` applied and ``POST /lobbies`` with ``null`` answered 201)."""
    game_id, seats = api.new_game(2)
    before = api.ok("GET", f"/games/{game_id}", None, seats[0][1])["version"]
    for method, path in (("POST", f"/games/{game_id}/mtaani/declare-bankruptcy"),
                         ("POST", "/lobbies"), ("POST", f"/games/{game_id}/save")):
        reply = api.call(method, path, raw=b"null", token=seats[0][1])
        assert assert_error(reply, 422, "invalid_request").startswith("the body must be a JSON object")
    assert api.ok("GET", f"/games/{game_id}", None, seats[0][1])["version"] == before
    assert api.ok("GET", "/dashboard", None, seats[0][1])["open_lobbies"] == []
    from api.openapi import document

    schema = document()["paths"]["/lobbies"]["post"]["requestBody"]
    assert schema["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/CreateLobbyRequest"} and not schema.get("required")


def test_a_body_that_is_not_json_is_422_on_every_route_even_those_without_a_body(api):
    game_id, seats = api.new_game(2)
    owner = seats[0][1]
    for path in (f"/games/{game_id}/save", f"/games/{game_id}/mtaani/roll", "/sessions"):
        reply = api.call("POST", path, raw=b'{"x": ', token=owner)
        assert "not valid JSON" in assert_error(reply, 422, "invalid_request"), path
    assert api.ok("GET", f"/games/{game_id}", None, owner)["version"] == 1


def test_routes_without_a_body_refuse_one_and_take_none_or_an_empty_object(api):
    game_id, seats = api.new_game(2)
    owner = seats[0][1]
    reply = api.call("POST", f"/games/{game_id}/save", {"version": 1}, token=owner)
    assert "no body" in assert_error(reply, 422, "invalid_request")
    assert api.ok("GET", f"/games/{game_id}", None, owner)["status"] == "active"
    assert api.ok("POST", f"/games/{game_id}/save", {}, owner)["status"] == "saved"
    assert api.ok("POST", f"/games/{game_id}/resume", None, owner)["status"] == "active"
    reply = api.call("GET", f"/games/{game_id}", {"seat": 1}, token=owner)
    assert "no body" in assert_error(reply, 422, "invalid_request")


def test_a_request_without_a_session_is_401_before_its_body_or_move_is_judged(api):
    """Authenticate first (issue 30.4): a route that needs a session answers 401 to a
    request without one, whatever is wrong with its body, its move or its game; with a
    session the same requests are judged (422, 404)."""
    bad = {"no_such_field": 1}
    for method, path, body in [("POST", "/lobbies", bad), ("DELETE", "/account", None),
                               ("POST", "/games/x/mtaani/roll", bad),
                               ("POST", "/games/x/mtaani/no-such-move", {}),
                               ("POST", "/games/x/no-such-game/roll", {})]:
        assert_error(api.call(method, path, body), 401, "unauthorized")
        assert_error(api.call(method, path, body, token="not-a-token"), 401, "unauthorized")
    _, token = api.sign_in()
    assert_error(api.call("POST", "/lobbies", bad, token=token), 422, "invalid_request")
    assert_error(api.call("DELETE", "/account", None, token=token), 422, "invalid_request")
    assert_error(api.call("POST", "/games/x/mtaani/roll", bad, token=token), 422, "invalid_request")
    assert_error(api.call("POST", "/games/x/mtaani/no-such-move", {}, token=token), 404, "not_found")
