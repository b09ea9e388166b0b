"""Who may do what, route by route: owner / player / spectator / stranger / anonymous, on a
private and on a public table, before and after kickoff. Source: guide "Lobbies and invites"
("only the owner, seated players, and invited handles can see or join it"); the issue's rule
"only the player whose decision it is may act; a spectator or a stranger gets 403", and a
stranger must not learn that a private table exists: 404 there, what a made-up id answers
(hardening, item 8)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

ROLES = ("owner", "player", "spectator", "stranger", "anonymous")


@dataclass
class Table:
    id: str
    tokens: dict[str, str | None]


def _table(api, public: bool, started: bool) -> Table:
    """A 3-seat table: the owner (seat 0), a player (seat 1), a bot; a spectator invited by
    handle on a private table; a signed-in stranger; no token for the anonymous caller."""
    _, owner = api.sign_in()
    player, player_token = api.sign_in()
    spectator, spectator_token = api.sign_in()
    _, stranger = api.sign_in()
    body = {"table_size": 3, **({"public": True, "confirm_public": True} if public else {})}
    lobby_id = api.ok("POST", "/lobbies", body, owner, 201)["lobby_id"]
    if not public:
        api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": player}, owner, 201)
        api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": spectator, "role": "spectator"},
               owner, 201)
    api.ok("POST", f"/lobbies/{lobby_id}/join", None, player_token)
    api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "base"}, owner)
    if started:
        api.ok("POST", f"/lobbies/{lobby_id}/start",
               {"options": {"scripted": {"dice": [[1, 2]], "mugging": [False]}}}, owner, 201)
    return Table(lobby_id, {"owner": owner, "player": player_token, "spectator": spectator_token,
                            "stranger": stranger, "anonymous": None})


@pytest.fixture(scope="module")
def tables(aws):
    from tests.apiclient import ApiClient

    api = ApiClient()
    return {(public, started): _table(api, public, started)
            for public in (False, True) for started in (False, True)}


# On a public table the "spectator" was never invited (invites drop away): they are a visitor
# with the link, like the stranger.
READ_GAME = {  # GET /games/{id}, its events, chat and presence, after kickoff
    False: {"owner": 200, "player": 200, "spectator": 200, "stranger": 404, "anonymous": 401},
    True: {"owner": 200, "player": 200, "spectator": 200, "stranger": 200, "anonymous": 401},
}
ACT = {  # POST /games/{id}/roll, the owner's decision: the player's move is not theirs (409)
    False: {"owner": 200, "player": 409, "spectator": 403, "stranger": 404, "anonymous": 401},
    True: {"owner": 200, "player": 409, "spectator": 403, "stranger": 403, "anonymous": 401},
}
READ_LOBBY = {  # GET /lobbies/{id} while waiting
    False: {"owner": 200, "player": 200, "spectator": 200, "stranger": 404, "anonymous": 401},
    True: {"owner": 200, "player": 200, "spectator": 200, "stranger": 200, "anonymous": 401},
}
OWNER_ONLY = {  # seat a bot, invite, settings, start, save: the owner; others 403 (404 if hidden)
    False: {"owner": 200, "player": 403, "spectator": 403, "stranger": 404, "anonymous": 401},
    True: {"owner": 200, "player": 403, "spectator": 403, "stranger": 403, "anonymous": 401},
}
CHAT_POST = {
    False: {"owner": 201, "player": 201, "spectator": 201, "stranger": 404, "anonymous": 401},
    True: {"owner": 201, "player": 201, "spectator": 403, "stranger": 403, "anonymous": 401},
}


def _call(api, table: Table, role: str, method: str, path: str, body=None):
    return api.call(method, path.format(id=table.id), body, token=table.tokens[role])


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("path", ["/games/{id}", "/games/{id}/events", "/games/{id}/chat",
                                  "/games/{id}/presence"])
def test_reading_a_game(api, tables, public, role, path):
    reply = _call(api, tables[(public, True)], role, "GET", path)
    assert reply.status == READ_GAME[public][role], reply.body
    if reply.status == 200 and path == "/games/{id}":
        assert reply.body["seat"] == {"owner": 0, "player": 1}.get(role)
        assert "seed" not in reply.body["state"] and "scripted" not in reply.body["state"]
        types = {a["type"] for a in reply.body["legal_actions"]}
        assert ("roll" in types) == (role == "owner")
        assert types == set() or role in ("owner", "player")


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("role", ["spectator", "stranger", "anonymous", "player", "owner"])
def test_acting(api, tables, public, role):
    # The owner's roll is last: it changes the decision.
    reply = _call(api, tables[(public, True)], role, "POST", "/games/{id}/mtaani/roll")
    assert reply.status == ACT[public][role], reply.body
    if reply.status == 409:
        assert reply.error == "not_your_decision"


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("role", ROLES)
def test_reading_a_lobby(api, tables, public, role):
    reply = _call(api, tables[(public, False)], role, "GET", "/lobbies/{id}")
    assert reply.status == READ_LOBBY[public][role], reply.body
    if reply.status == 200:
        expected = {"owner": "owner", "player": "player"}.get(role, "spectator" if not public else "visitor")
        assert reply.body["you"]["role"] == expected
        assert (reply.body["invited"] != [] or reply.body["invite_link_active"]) is False or role == "owner"


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("role", ROLES)
def test_owner_only_lobby_routes(api, tables, public, role):
    table = tables[(public, False)]
    expected = OWNER_ONLY[public][role]
    reply = _call(api, table, role, "PATCH", "/lobbies/{id}", {"idle_timeout_seconds": 900})
    assert reply.status == expected, reply.body
    reply = _call(api, table, role, "DELETE", "/lobbies/{id}/seats/2")
    assert reply.status == expected, reply.body
    if expected == 200:  # put the bot back for the other cases
        _call(api, table, role, "POST", "/lobbies/{id}/bots", {"seat": 2})
    else:
        assert _call(api, table, role, "POST", "/lobbies/{id}/start").status == expected


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("role", ROLES)
def test_chat_posting(api, tables, public, role):
    reply = _call(api, tables[(public, True)], role, "POST", "/games/{id}/chat", {"text": f"hi from {role}"})
    assert reply.status == CHAT_POST[public][role], reply.body


@pytest.mark.parametrize("role", ROLES)
def test_saving_is_for_the_owner(api, tables, role):
    table = tables[(False, True)]
    reply = _call(api, table, role, "POST", "/games/{id}/save")
    assert reply.status == OWNER_ONLY[False][role], reply.body
    if reply.status == 200:
        assert _call(api, table, role, "POST", "/games/{id}/resume").status == 200


@pytest.mark.parametrize("role", ROLES)
def test_the_dashboard_never_lists_a_public_table_for_outsiders(api, tables, role):
    table = tables[(True, False)]
    if role == "anonymous":
        assert _call(api, table, role, "GET", "/dashboard").status == 401
        return
    board = _call(api, table, role, "GET", "/dashboard").body
    listed = table.id in [x["lobby_id"] for x in board["open_lobbies"]]
    assert listed == (role in ("owner", "player"))


def test_unknown_tables_are_404(api):
    _, token = api.sign_in()
    for method, path in (("GET", "/games/nope"), ("GET", "/lobbies/nope"),
                         ("POST", "/games/nope/mtaani/roll"), ("GET", "/games/nope/chat"),
                         ("POST", "/lobbies/nope/join"), ("POST", "/games/nope/save")):
        assert api.call(method, path, token=token).status == 404, path


STRANGER_ROUTES = [
    ("GET", "/games/{id}", None), ("GET", "/games/{id}/events", None),
    ("GET", "/games/{id}/chat", None), ("GET", "/games/{id}/presence", None),
    ("POST", "/games/{id}/chat", {"text": "hello?"}), ("POST", "/games/{id}/mtaani/roll", None),
    ("POST", "/games/{id}/save", None), ("POST", "/games/{id}/resume", None),
    ("POST", "/games/{id}/end-idle-turn", None), ("DELETE", "/games/{id}/stand-in", None),
    ("GET", "/lobbies/{id}", None), ("PATCH", "/lobbies/{id}", {"idle_timeout_seconds": 900}),
    ("POST", "/lobbies/{id}/join", None), ("POST", "/lobbies/{id}/leave", None),
    ("POST", "/lobbies/{id}/invites", {"handle": "nobody-at-all"}),
]


@pytest.mark.parametrize("started", [False, True], ids=["waiting", "started"])
@pytest.mark.parametrize(("method", "path", "body"), STRANGER_ROUTES,
                         ids=[f"{m} {p}" for m, p, _ in STRANGER_ROUTES])
def test_a_stranger_cannot_tell_a_private_table_from_a_made_up_id(api, tables, started, method,
                                                                   path, body):
    table = tables[(False, started)]
    token = table.tokens["stranger"]
    made_up = "no-such-table-00000000"
    real = api.call(method, path.format(id=table.id), body, token=token)
    fake = api.call(method, path.format(id=made_up), body, token=token)
    assert real.status == fake.status == 404, (real.body, fake.body)
    assert real.body == fake.body or str(real.body).replace(table.id, made_up) == str(fake.body)


def test_a_stranger_learns_nothing_of_a_finished_private_game(api, aws):
    _, owner = api.sign_in()
    _, stranger = api.sign_in()
    lobby_id = api.ok("POST", "/lobbies", {"table_size": 2}, owner, 201)["lobby_id"]
    api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "base"}, owner)
    api.ok("POST", f"/lobbies/{lobby_id}/start", None, owner, 201)
    from service.storage import GameRecord

    record = GameRecord.get(lobby_id)
    record.status = "finished"
    record.save()
    assert api.ok("GET", f"/games/{lobby_id}", None, owner)["status"] == "finished"
    for method, path in (("POST", "/end-idle-turn"), ("GET", ""), ("POST", "/mtaani/roll")):
        reply = api.call(method, f"/games/{lobby_id}{path}", token=stranger)
        assert reply.status == 404 and reply.body["error"]["message"] == f"there is no game {lobby_id!r}"
