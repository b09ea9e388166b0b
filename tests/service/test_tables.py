"""Named tables (issue 33.1): the owner's name for a lobby, checked; the default name with the
owner's count of tables of that game; the name carried to the game, the dashboards and the
notifications; the dashboard's finished list with each game's winner and the reader's place."""

from __future__ import annotations

import re
import unicodedata

import engine
from service import tables
from service.storage import DynamoGameStore
from tests.service.erasure_kit import play_to_the_end


def _names(api, token):
    return api.ok("GET", "/dashboard", None, token)


def test_a_lobby_is_named_by_its_owner_and_the_name_is_checked(api):
    _, owner = api.sign_in()
    named = api.ok("POST", "/lobbies", {"table_size": 3, "name": "  Friday night  "}, owner, 201)
    assert (named["name"], named["named"]) == ("Friday night", True)   # trimmed
    lobby_id = named["lobby_id"]
    for bad in ["x" * 61, "tab\there", "line\nbreak", "right\u202eleft"]:
        reply = api.call("PATCH", f"/lobbies/{lobby_id}", {"name": bad}, owner)
        assert reply.status == 422, (bad, reply.body)
    assert api.ok("GET", f"/lobbies/{lobby_id}", None, owner)["name"] == "Friday night"
    renamed = api.ok("PATCH", f"/lobbies/{lobby_id}", {"name": "Kazi " + "y" * 55}, owner)
    assert renamed["name"] == "Kazi " + "y" * 55                      # 60 characters: allowed
    # Someone else cannot rename it.
    handle, other = api.sign_in()
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": handle}, owner, 201)
    api.ok("POST", f"/lobbies/{lobby_id}/join", None, other)
    assert api.call("PATCH", f"/lobbies/{lobby_id}", {"name": "Mine"}, other).status == 403
    # An empty name goes back to the default: the others seated, the owner's first Mtaani table.
    back = api.ok("PATCH", f"/lobbies/{lobby_id}", {"name": ""}, owner)
    assert (back["name"], back["named"]) == (f"Mtaani with {handle} #1", False)


def test_the_refused_characters_are_unicodes_control_and_format_characters_and_the_pattern_says_so():
    """tables._REFUSED is categories Cc, Cf, Cs, Zl and Zp of this Python's Unicode, no more and
    no less; the document's NAME_PATTERN refuses exactly what check_name refuses."""
    refused = {chr(p) for a, b in tables._REFUSED for p in range(a, b + 1)}
    wanted = {chr(p) for p in range(0x110000)
              if unicodedata.category(chr(p)) in ("Cc", "Cf", "Cs", "Zl", "Zp")}
    assert refused == wanted
    pattern = re.compile(tables.NAME_PATTERN)
    for char in ["\n", "\u009c", "\u202e", "\ufeff", "\U000e0041", "\ud83d"]:
        assert not pattern.match(f"a{char}b")
        try:
            tables.check_name(f"a{char}b")
        except Exception as exc:
            assert f"U+{ord(char):04X}" in str(exc)
        else:
            raise AssertionError(f"U+{ord(char):04X} was let through")
    # Private-use and not yet assigned characters, emoji and other scripts are names' own.
    for fine in ["Kazi \ue000", "\U000aa6e3 table", "Jioni 🎲", "Ньяма", "ナイロビ"]:
        assert pattern.match(fine) and tables.check_name(fine) == fine


def test_the_default_name_counts_the_owners_tables_of_each_game_and_reaches_the_game(api):
    lobby_id, seats = api.new_lobby(3)
    (_, owner), (chebet, _), (otieno, _) = seats
    first = api.ok("GET", f"/lobbies/{lobby_id}", None, owner)
    assert first["name"] == f"Mtaani with {chebet} and {otieno} #1"
    second = api.ok("POST", "/lobbies", {"table_size": 2}, owner, 201)
    assert second["name"] == "Mtaani #2"                              # nobody else seated yet
    classic = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": "mtaani-classic"}, owner, 201)
    assert classic["name"] == "Mtaani #3"                             # a Mtaani table too
    mulodi = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": "mulodi"}, owner, 201)
    assert mulodi["name"] == "Mulodi #1"                              # another game: its own count
    api.ok("POST", f"/lobbies/{second['lobby_id']}/bots", {"level": "smart"}, owner)
    assert api.ok("GET", f"/lobbies/{second['lobby_id']}", None, owner)["name"] == \
        "Mtaani with Smart bot 1 #2"
    # Kickoff carries the name to the game; the dashboards show it.
    game = api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": {}}, owner, 201)
    assert game["name"] == f"Mtaani with {chebet} and {otieno} #1"
    board = _names(api, owner)
    assert [g["name"] for g in board["in_progress"] if g["game_id"] == lobby_id] == [game["name"]]
    assert {lobby["name"] for lobby in board["open_lobbies"]} >= {
        "Mtaani with Smart bot 1 #2", "Mtaani #3", "Mulodi #1"}


def test_the_finished_list_shows_the_winner_and_the_readers_place(api):
    lobby_id, seats = api.new_lobby(2, name="Derby")
    api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": {"max_turns": 1}}, seats[0][1], 201)
    play_to_the_end(lobby_id)
    state = DynamoGameStore().load(lobby_id).state
    outcome = engine.outcome(state)
    places = engine.places(state)
    # Two seats: one place each, the winner's 1 (the turn cap's richer seat), the other 2 (a
    # tie of net worth: both 1, no winner).
    assert sorted(places) in ([1, 2], [1, 1])
    for seat, (_, token) in enumerate(seats):
        [item] = [g for g in _names(api, token)["finished"] if g["game_id"] == lobby_id]
        assert item["name"] == "Derby"
        assert item["your_place"] == places[seat] and item["places"] == places
        if outcome.winner is None:
            assert item["winner"] is None
        else:
            assert item["winner"]["name"] == seats[outcome.winner][0]
            assert places[outcome.winner] == 1


def test_an_erased_owners_table_name_goes_back_to_the_default(api):
    from tests.service.erasure_kit import fan_out

    lobby_id, seats = api.new_lobby(2, name="Chebet's table")
    (owner_handle, owner), (other_handle, other) = seats
    api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": {}}, owner, 201)
    owner_id = api.ok("GET", "/account", None, owner)["account_id"]
    api.ok("DELETE", "/account", {"confirm_handle": owner_handle}, owner, 202)
    fan_out(owner_id)
    # The owner is anonymous now; the name, the owner's words, is the default again.
    assert api.ok("GET", f"/games/{lobby_id}", None, other)["name"] == f"Mtaani with {other_handle} #1"
    assert api.ok("GET", f"/lobbies/{lobby_id}", None, other)["named"] is False
