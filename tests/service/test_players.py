"""A player's page (issue 33.3): ``GET /players/{handle}`` and ``/players/{handle}/games``;
private tables hidden from strangers; an erased account forgotten; the export's ratings."""

from __future__ import annotations

import pytest

from service import ratings
from tests.service.erasure_kit import fan_out, play_to_the_end


def _finished(api, seats, lobby_id, options=None):
    api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": options or {"max_turns": 1}},
           seats[0][1], 201)
    play_to_the_end(lobby_id)
    return lobby_id


def test_the_page_shows_ratings_and_finished_games_and_hides_private_tables(api):
    lobby_id, seats = api.new_lobby(2, name="Private derby")         # private (the default)
    (_, a), (b_handle, b) = seats
    private = _finished(api, seats, lobby_id)
    # A public table of the same two players.
    public_id = api.ok("POST", "/lobbies", {"table_size": 2, "public": True,
                                            "confirm_public": True}, a, 201)["lobby_id"]
    api.ok("POST", f"/lobbies/{public_id}/join", None, b)
    _finished(api, seats, public_id)
    page = api.ok("GET", f"/players/{b_handle}", None, a)
    assert page["handle"] == b_handle
    mtaani = page["ratings"]["mtaani"]
    assert mtaani["games"] == 2 and len(mtaani["history"]) == 2
    assert sum(mtaani["places"].values()) == 2
    assert mtaani["ordinal"] == pytest.approx(mtaani["mu"] - 3 * mtaani["sigma"], abs=1e-2)
    # Two games from a new player's 25 and 8.333: sigma shrinks with each.
    assert mtaani["history"][1]["sigma"] < mtaani["history"][0]["sigma"] < 25 / 3
    # Someone who sat there sees both games, newest first, with winner, standings and links.
    listed = api.ok("GET", f"/players/{b_handle}/games", None, a)
    order = [g["game_id"] for g in listed["games"]]
    finished_at = {g["game_id"]: g["finished_at"] for g in listed["games"]}
    assert sorted(order) == sorted([public_id, private])
    assert order == sorted(order, key=lambda i: (-finished_at[i], i))  # newest first, then id
    [game] = [g for g in listed["games"] if g["game_id"] == private]
    assert game["name"] == "Private derby" and game["seat"] == 1
    assert game["replay"] == f"/games/{private}/replay" and game["verify"] == f"/games/{private}/verify"
    assert game["place"] == game["places"][1]
    # A stranger sees the public game only; the private one answers them 404 as a table.
    _, stranger = api.sign_in()
    listed = api.ok("GET", f"/players/{b_handle}/games", None, stranger)
    assert [g["game_id"] for g in listed["games"]] == [public_id]
    assert api.call("GET", f"/games/{private}", None, stranger).status == 404
    # Paging: one game a page.
    from service import players

    me = api.ok("GET", "/account", None, a)["account_id"]
    first = players.games(b_handle, me, limit=1)
    assert [g["game_id"] for g in first["games"]] == order[:1] and first["next_cursor"]
    second = players.games(b_handle, me, first["next_cursor"], limit=1)
    assert [g["game_id"] for g in second["games"]] == order[1:] and second["next_cursor"] is None
    assert api.call("GET", f"/players/{b_handle}/games?cursor=nonsense", None, a).status == 422
    # The export carries the player's ratings.
    export = api.ok("GET", "/account/export", None, b)
    assert export["ratings"]["mtaani"]["games"] == 2
    assert export["ratings"]["mtaani"]["mu"] == pytest.approx(mtaani["mu"], abs=1e-3)


def test_an_erased_account_has_no_page_and_its_games_keep_the_anonymous_name(api):
    lobby_id, seats = api.new_lobby(2)
    (a_handle, a), (b_handle, b) = seats
    _finished(api, seats, lobby_id)
    assert api.ok("GET", f"/players/{b_handle}", None, a)["ratings"]["mtaani"]["games"] == 1
    b_id = api.ok("GET", "/account", None, b)["account_id"]
    api.ok("DELETE", "/account", {"confirm_handle": b_handle}, b, 202)
    fan_out(b_id)
    assert api.call("GET", f"/players/{b_handle}", None, a).status == 404
    assert api.call("GET", f"/players/{b_handle}/games", None, a).status == 404
    # A's page still lists the game, the erased seat under its anonymous name.
    [game] = [g for g in api.ok("GET", f"/players/{a_handle}/games", None, a)["games"]
              if g["game_id"] == lobby_id]
    assert game["seats"][1]["name"].startswith("Anonymous ")
    assert b_handle not in str(game)
    assert ratings.read([b_id]) == {}
    assert api.call("GET", "/players/not a handle!", None, a).status == 404


def test_archived_games_still_list_with_winner_standings_replay_and_fairness_check(api):
    from service import players
    from service.storage import DynamoGameStore, GameRecord

    lobby_id, seats = api.new_lobby(2, name="Old derby")
    (a_handle, a), (b_handle, _) = seats
    old = _finished(api, seats, lobby_id)
    newer = _finished(api, seats, _second_table(api, seats))
    before = [g for g in api.ok("GET", f"/players/{b_handle}/games", None, a)["games"]
              if g["game_id"] == old]
    store = DynamoGameStore()
    assert store.archive(old) and GameRecord.count(old) == 0       # moved out of the hot table
    listed = api.ok("GET", f"/players/{b_handle}/games", None, a)
    assert sorted(g["game_id"] for g in listed["games"]) == sorted([old, newer])
    [game] = [g for g in listed["games"] if g["game_id"] == old]
    assert game == before[0]          # the same winner, standings, name and links as before
    assert game["name"] == "Old derby" and len(game["places"]) == 2
    assert (game["winner"] is None) == (game["places"].count(1) > 1)
    assert api.call("GET", game["replay"], None, a).status == 200
    assert api.ok("GET", game["verify"], None, a)["ok"] is True
    # Paged by cursor across hot and archived games alike.
    me = api.ok("GET", "/account", None, a)["account_id"]
    first = players.games(b_handle, me, limit=1)
    second = players.games(b_handle, me, first["next_cursor"], limit=1)
    assert {g["game_id"] for g in first["games"] + second["games"]} == {old, newer}
    assert second["next_cursor"] is None
    # A stranger still does not see the private archived table.
    _, stranger = api.sign_in()
    assert api.ok("GET", f"/players/{a_handle}/games", None, stranger)["games"] == []


def _second_table(api, seats):
    (_, a), (_, b) = seats
    lobby_id = api.ok("POST", "/lobbies", {"table_size": 2}, a, 201)["lobby_id"]
    handle = seats[1][0]
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": handle}, a, 201)
    api.ok("POST", f"/lobbies/{lobby_id}/join", None, b)
    return lobby_id


def test_the_dashboards_finished_list_keeps_archived_games_with_winner_and_place(api):
    from service.storage import DynamoGameStore, GameRecord

    lobby_id, seats = api.new_lobby(2, name="Archived derby")
    (_, a), (_, b) = seats
    old = _finished(api, seats, lobby_id)
    before = {who: [g for g in api.ok("GET", "/dashboard", None, token)["finished"]
                    if g["game_id"] == old] for who, token in (("a", a), ("b", b))}
    assert before["a"] and before["b"]
    assert DynamoGameStore().archive(old) and GameRecord.count(old) == 0
    for who, token in (("a", a), ("b", b)):
        [game] = [g for g in api.ok("GET", "/dashboard", None, token)["finished"]
                  if g["game_id"] == old]
        # The same name, winner, standings and the reader's own place as before it was archived.
        for key in ("name", "ruleset", "status", "seats", "your_seat", "winner", "places",
                    "your_place"):
            assert game[key] == before[who][0][key], key
        assert game["name"] == "Archived derby" and game["status"] == "finished"
        assert game["your_place"] == game["places"][game["your_seat"]]
    # A stranger's dashboard has no trace of the private table.
    _, stranger = api.sign_in()
    board = api.ok("GET", "/dashboard", None, stranger)
    assert all(g["game_id"] != old for items in board.values() for g in items)
