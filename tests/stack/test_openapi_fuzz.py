"""schemathesis against the local stack's ``/openapi.json``: every operation, with generated
bodies, parameters and headers, must answer without a 5xx and within its documented schema
(status codes, content types, bodies).

Requests carry a signed-in owner's token and, where a route takes a table id, the id of a real
table of theirs (half the time a started game, half a waiting lobby), so the generated data
reaches the handlers' own checks rather than stopping at 401 or 404: a game's moves
(``/games/{game_id}/<game>/...``) go to a started game of that game (one per game of the
registry), other game routes to one of them. Operations that end or protect the owner's
sessions run with a throwaway account's token instead.
"""

from __future__ import annotations

import functools
import re
import secrets
import zlib

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from tests.stack.http import start_game

pytestmark = pytest.mark.stack

GAME_SHAPED_BODIES = {("PUT", "/games/{game_id}/orders")}
"""Operations whose body's fields are the table's game's (a seat's standing orders: the GET's
``schema`` says which): the document can only say "an object", so a schema-valid body of made-up
fields is a 422 naming the field, as documented, not an acceptance. Every other check holds."""

LOBBY_OPTIONS = {("POST", "/lobbies/{lobby_id}/start"), ("PATCH", "/lobbies/{lobby_id}")}
"""Operations whose ``options``, where the body names no ruleset, are the lobby's game's: the
document says "an object" and points to the guide's ``table_options`` (it cannot name the
lobby's game; an anyOf of every ruleset's options doubled the fuzz test's cases for these
two: 600 of them). A case whose options the fuzzed lobby's ruleset refuses is a 422 naming
the option, as documented."""


def not_schema_valid(case) -> bool:
    """Whether the case's JSON body breaks its operation's documented schema although
    schemathesis made it as a valid one: its generator can miss a ``pattern`` of many
    code-point ranges (the table name's; seen: a name holding U+0005). Such a case is no
    positive case, so its refusal is no "schema-valid request rejected"; every other check
    still holds. Checked with the reference validator, ``jsonschema``."""
    if case.body is None or not isinstance(case.body, (dict, list, str, int, float, bool)):
        return False
    validator = _body_validator(case.method.upper(), case.path)
    return validator is not None and not validator.is_valid(case.body)


def _body_schema(method: str, path: str) -> dict | None:
    """The documented schema of the operation's ``application/json`` body (``None``: it takes
    none), as the document gives it (a move's is a ``$ref`` to its model)."""
    operation = _document()["paths"][path][method.lower()]
    body = (operation.get("requestBody") or {}).get("content", {}).get("application/json")
    return None if body is None else body["schema"]


@functools.cache
def _body_validator(method: str, path: str):
    """The JSON Schema validator of the operation's body (:func:`_body_schema`; ``None``: it
    takes none), resolving the document's ``#/components`` references."""
    import jsonschema

    schema = _body_schema(method, path)
    if schema is None:
        return None
    return jsonschema.Draft202012Validator({**schema, "components": _document()["components"]})


def outside_the_tables_game(case, world) -> bool:
    """Whether the case's body holds fields only the table's game decides and the table's game
    refuses (see :data:`GAME_SHAPED_BODIES`, :data:`LOBBY_OPTIONS`; the lobby's ruleset is read
    as it is now: an earlier case may have changed it)."""
    import engine

    key = (case.method.upper(), case.path)
    if key in GAME_SHAPED_BODIES:
        return True
    body = case.body if isinstance(case.body, dict) else {}
    options = body.get("options")
    if key not in LOBBY_OPTIONS or options is None or "ruleset" in body:
        return False
    valid = {name: _options_validator(name).is_valid(options) for name in engine.rulesets()}
    if len(set(valid.values())) == 1:   # every ruleset takes them, or none does
        return not next(iter(valid.values()))
    status, lobby = world["http"]("GET", f"/lobbies/{world['lobby']}", None, world["token"])
    if status == 404:   # an earlier case closed the lobby: this one is answered 404
        return False
    assert status == 200, lobby
    return not valid[lobby["ruleset"]]


@functools.cache
def _options_validator(ruleset: str):
    """The JSON Schema validator of ``ruleset``'s lobby options (built once, not per case)."""
    import jsonschema

    from service.lobbies import options_schema

    return jsonschema.Draft202012Validator(options_schema(ruleset))


def covered_elsewhere(case) -> bool:
    """Whether the case is a coverage-phase case about a part of a body that one definition
    gives several operations, on an operation other than the one that keeps those cases:

    - the envelope every move's body shares (``service.routes.request_model`` adds
      ``version``, ``strict`` and, to a move without a decision of its own, an optional
      ``decision``), kept on the first move of each game (by path) with that field: its cases
      were a third of the moves' (about 1,900 of 7,380 cases), the same question 80 times;
    - a lobby's ``options -> scripted`` (a test table's fixed dice and draws: each ruleset's
      options schema, ``service.lobbies.lobby_request_schema``, is the create's and the
      update's), kept on ``POST /lobbies``: 320 of ``PATCH /lobbies/{lobby_id}``'s 573 cases,
      its longest fuzz test (55 s)."""
    data = getattr(getattr(case, "meta", None), "phase", None)
    description = getattr(getattr(data, "data", None), "description", "") or ""
    if description.startswith("options -> scripted"):
        return (case.method.upper(), case.path) != ("POST", "/lobbies")
    found = _ENVELOPE_CASE.search(description)
    if not found:
        return False
    field = found.group(1) or found.group(2)
    game = _moves().get(case.path)
    keeper = _envelope_keepers().get((game, field)) if game else None
    return keeper is not None and keeper != case.path and field in _envelope_fields(case.path)


_ENVELOPE_CASE = re.compile(r"^(version|strict|decision):|'(version|strict|decision)'")


@functools.cache
def _moves() -> dict[str, str]:
    """Every move's route -> its game (``service.routes.action_path``, as the API serves them)."""
    import engine
    from service.routes import action_path, game_actions

    return {action_path(game, move): game for game in engine.games() for move in game_actions(game)}


@functools.cache
def _envelope_fields(path: str) -> frozenset[str]:
    """The envelope's fields in the body of move ``path`` (``decision`` only where the move
    has no decision of its own: then it is optional)."""
    ref = _body_schema("POST", path)["$ref"]
    schema = _document()["components"]["schemas"][ref.rsplit("/", 1)[1]]
    fields = {"version", "strict"} & set(schema["properties"])
    if "decision" in schema["properties"] and "decision" not in schema.get("required", []):
        fields.add("decision")
    return frozenset(fields)


@functools.cache
def _envelope_keepers() -> dict[tuple[str, str], str]:
    """``(game, envelope field)`` -> the move whose cases about that field are sent."""
    keepers: dict[tuple[str, str], str] = {}
    for path, game in sorted(_moves().items()):
        for field in _envelope_fields(path):
            keepers.setdefault((game, field), path)
    return keepers


THROWAWAY_ACCOUNT_ROUTES = {
    ("DELETE", "/sessions"), ("DELETE", "/sessions/current"),
    ("PUT", "/account/password"), ("DELETE", "/account/password"),
}


@pytest.fixture(scope="module")
def fuzz_world(stack):
    """The owner's token, a started game of each game of the registry and a waiting lobby of
    theirs."""
    import engine

    http, _ = stack
    suffix = secrets.token_hex(3)
    _, owner = http("POST", "/sessions", {"handle": f"fuzzowner{suffix}"})
    _, guest = http("POST", "/sessions", {"handle": f"fuzzguest{suffix}"})
    games = {}
    for game in engine.games():
        status, started = start_game(http, [owner["token"], guest["token"]],
                                     [owner["handle"], guest["handle"]], {},
                                     ruleset=engine.rulesets_of(game)[0])
        assert status == 201, started
        games[game] = started["game_id"]
    status, lobby = http("POST", "/lobbies", {"table_size": 3}, owner["token"])
    assert status == 201, lobby
    since = len(http.started) - len(games)
    yield {"http": http, "token": owner["token"], "games": games, "lobby": lobby["lobby_id"]}
    http.save_started(since)


def table_for(path: str, games: dict[str, str], salt: str) -> str:
    """The started game a case's ``{game_id}`` names: the game's own for its moves
    (``/games/{game_id}/<game>/<move>``), one of them (by ``salt``) for other routes."""
    if path in _moves():
        return games[_moves()[path]]
    ordered = sorted(games)
    return games[ordered[sum(map(ord, salt)) % len(ordered)]]


def _document() -> dict:
    from api.openapi import document

    return document()


# The document the stack serves is built by the same code; it is loaded here at collection
# time (the stack starts later) and checked to be the served one below. (schemathesis'
# fixture-based lazy loading does not work with this pytest.)
#
# Requests with methods the document does not name (schemathesis' "unexpected methods", 755
# of 7,380 cases) are left out: the router in front answers them (API Gateway when deployed,
# the local stack's route table here), never a function of the service.
schema = schemathesis.openapi.from_dict(_document(), config=SchemathesisConfig.from_dict(
    {"phases": {"coverage": {"unexpected-methods": []}}}))


def test_the_fuzzed_document_is_the_served_one(stack):
    http, _ = stack
    status, served = http("GET", "/openapi.json")
    assert status == 200 and served == _document()


def test_the_fuzzed_document_has_every_move_of_every_game():
    paths = _document()["paths"]
    moves = list(_moves())
    assert [m for m in moves if "post" not in paths.get(m, {})] == []
    assert any("/jiji/" in m for m in moves)


@schema.parametrize()
@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_5xx_and_every_answer_matches_the_schema(case, fuzz_world):
    http = fuzz_world["http"]
    key = (case.method.upper(), case.path)
    if covered_elsewhere(case):
        return
    if key in THROWAWAY_ACCOUNT_ROUTES:
        _, body = http("POST", "/sessions", {"handle": f"fz{secrets.token_hex(6)}"})
        token = body["token"]
    else:
        token = fuzz_world["token"]
    params = case.path_parameters or {}
    game = table_for(case.path, fuzz_world["games"], str(case.body))
    if "game_id" in params:
        params["game_id"] = game
    if "lobby_id" in params:
        # (crc32, not hash(): a str's hash() changes with each process, so the same
        # derandomized case went to the lobby in one run and to a game in the next)
        params["lobby_id"] = (fuzz_world["lobby"] if zlib.crc32(str(case.body).encode()) % 2
                              else game)
    headers = dict(case.headers or {})
    # A generated Authorization header is swapped for a real token; a case that leaves it out
    # on purpose (schemathesis checks that a missing header is refused) stays anonymous.
    named = [k for k in headers if k.lower() == "authorization"]
    for name in named:
        headers[name] = f"Bearer {token}"
    for name in [k for k in headers if k.lower() == "idempotency-key"]:
        # A key names one request: reusing it for another body is refused (422) by design.
        headers[name] = f"{headers[name][:90]}-{secrets.token_hex(8)}"
    case.headers = headers
    try:
        from schemathesis.specs.openapi.checks import positive_data_acceptance

        excluded = ([positive_data_acceptance]
                    if not_schema_valid(case) or outside_the_tables_game(case, fuzz_world)
                    else None)
        case.call_and_validate(base_url=http.base, timeout=60, excluded_checks=excluded)
    except Exception as exc:
        # A 5xx names its cause in the stack's log: show it with the failure.
        errors = [line for line in http.output().splitlines()[-200:]
                  if "ERROR" in line or "Traceback" in line or line.startswith(("  File", "    "))]
        if errors:
            exc.add_note("local stack log (last error lines):\n" + "\n".join(errors[-60:]))
        raise
