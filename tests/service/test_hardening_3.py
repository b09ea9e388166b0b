"""Hardening, round 3 (issue 28), the service's part: table options held to the service's
bounds whatever field they come in; pending decisions a reader may not know of kept from every
answer; every unattended table bounded; the lobby showing its options."""

from __future__ import annotations

import pytest

import engine
from service.storage import GameRecord
from tests.service.games import RULESETS

ONE_SECOND = {"idle_timeout_seconds": 1}


# ---------------------------------------------------------------- item 1: table options' bounds
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_idle_minimum_holds_whatever_field_it_comes_in(api, ruleset):
    """The lobby's idle_timeout_seconds is 60..604800; the same key inside ``options`` was
    taken down to 1 s at creation, update and kickoff in every game (an invitee's seat went to
    a bot 8 s after kickoff). Each is 422 now, and nothing changes."""
    lobby_id, seats = api.new_lobby(2, ruleset)
    owner = seats[0][1]
    for seconds in (1, 59, 604801):
        body = {"table_size": 2, "ruleset": ruleset, "options": {"idle_timeout_seconds": seconds}}
        assert api.call("POST", "/lobbies", body, token=owner).status == 422, seconds
        patched = api.call("PATCH", f"/lobbies/{lobby_id}",
                           {"options": {"idle_timeout_seconds": seconds}}, token=owner)
        assert patched.status == 422, seconds
        started = api.call("POST", f"/lobbies/{lobby_id}/start",
                           {"options": {"idle_timeout_seconds": seconds}}, token=owner)
        assert started.status == 422, seconds
    lobby = api.ok("GET", f"/lobbies/{lobby_id}", None, owner)
    assert lobby["status"] == "waiting" and lobby["idle_timeout_seconds"] == 86_400


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_idle_timeout_inside_options_is_the_lobbys_own_and_the_games(api, ruleset):
    """Given inside ``options`` (within bounds) it becomes the lobby's idle timeout, so what the
    lobby shows is what the game is dealt with; given twice with two values it is 422."""
    _, owner = api.sign_in()
    lobby = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": ruleset,
                                        "options": {"idle_timeout_seconds": 120}}, owner, 201)
    assert lobby["idle_timeout_seconds"] == 120
    twice = api.call("POST", "/lobbies", {"ruleset": ruleset, "table_size": 2,
                                          "idle_timeout_seconds": 300,
                                          "options": {"idle_timeout_seconds": 120}}, token=owner)
    assert twice.status == 422
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/bots", {"level": "base"}, owner)
    api.ok("POST", f"/lobbies/{lobby['lobby_id']}/start", None, owner, 201)
    state = engine.load_state(GameRecord.get(lobby["lobby_id"]).state)
    idle = [d.deadline.seconds for d in engine.pending(state)
            if d.deadline and d.deadline.kind == "idle_turn"]
    assert idle == [120]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_guide_and_the_option_models_state_the_services_bounds(api, ruleset):
    """The public guide's table_options advertised a minimum of 1 s (the models' ``ge=1``)."""
    guide = api.ok("GET", f"/rulesets/{ruleset}/guide", None, None)
    idle = guide["table_options"]["properties"]["idle_timeout_seconds"]
    assert (idle["minimum"], idle["maximum"]) == (60, 604_800)
    model = engine.get_ruleset(ruleset).table_options.model_json_schema()
    field = model["properties"]["idle_timeout_seconds"]
    assert (field["minimum"], field["maximum"]) == (60, 604_800)
    lobby_schema = api.ok("GET", "/openapi.json", None, None)["components"]["schemas"][
        "CreateLobbyRequest"]
    rules = [r["then"]["properties"]["options"]["anyOf"][0] for r in lobby_schema["allOf"][1:]
             if r.get("if", {}).get("properties", {}).get("ruleset", {}).get("const") == ruleset]
    assert rules and rules[0]["properties"]["idle_timeout_seconds"]["minimum"] == 60


# ---------------------------------------------------------------- item 6: the lobby's options
def test_an_invitee_sees_the_tables_options_before_joining(api):
    """docs/api.md documented ``options`` on a lobby, but the lobby had none: an invitee could
    not see the response windows, the game clock, auction or deal times before joining. Every
    option is shown with the value the game will be dealt with (the ruleset's default where the
    owner set none); a scripted table's script is not."""
    _, owner = api.sign_in()
    guest, guest_token = api.sign_in()
    lobby_id = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": "jiji", "options": {
        "end": "clock", "clock_seconds": 7200, "auction_seconds": 100,
        "scripted": {"dice": [[1, 2]]}}}, owner, 201)["lobby_id"]
    api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": guest}, owner, 201)
    seen = api.ok("GET", f"/lobbies/{lobby_id}", None, guest_token)
    assert seen["you"]["role"] == "invited"
    assert seen["options"] == {"end": "clock", "clock_seconds": 7200, "auction_seconds": 100,
                               "deal_seconds": 86_400}
    mulodi = api.ok("POST", "/lobbies", {"table_size": 2, "ruleset": "mulodi",
                                         "options": {"response_window_seconds": 600}},
                    owner, 201)
    assert mulodi["options"] == {"response_window_seconds": 600, "max_turns": None}
