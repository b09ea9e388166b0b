"""The local stack as a process (``python -m local``): play over HTTP, with bus delivery and
Scheduler timers working as the template wires them."""

from __future__ import annotations

import time
import urllib.request

import pytest

from tests.stack.http import start_game

pytestmark = pytest.mark.stack


def test_the_web_client_and_the_openapi_document_are_served(stack):
    http, _ = stack
    with urllib.request.urlopen(http.base + "/") as response:
        assert response.status == 200 and b"<html" in response.read()
    status, document = http("GET", "/openapi.json")
    assert status == 200 and "/games/{game_id}/roll" in document["paths"]


def test_two_players_roll_and_end_turns_over_http(stack):
    http, _ = stack
    suffix = str(int(time.time() * 1000))[-6:]
    _, alice = http("POST", "/sessions", {"handle": f"alice{suffix}"})
    _, bob = http("POST", "/sessions", {"handle": f"bob{suffix}"})
    # p0 rolls 5+6 to NCWSC (11), p1 3 to Kibra; p0 then 11s around past Payday.
    dice = [[5, 6], [1, 2]] * 4 + [[2, 3]]
    status, game = start_game(http, [alice["token"], bob["token"]], [alice["handle"], bob["handle"]],
                              {"scripted": {"dice": dice, "mugging": [False] * 20}})
    assert status == 201, game
    game_id = game["game_id"]
    tokens = [alice["token"], bob["token"]]
    answers = {"turn": "roll", "buy": "decline", "end": "end-turn"}
    salary_seen = False
    for _ in range(40):
        status, view = http("GET", f"/games/{game_id}", token=tokens[0])
        decision = view["decision"]
        status, result = http("POST", f"/games/{game_id}/{answers[decision['kind']]}",
                              {"version": view["version"]}, tokens[decision["player"]])
        assert status == 200, result
        salary_seen |= any(e["type"] == "Payment" and e["reason"] == "salary" for e in result["events"])
        if salary_seen:
            break
    assert salary_seen
    status, view = http("GET", f"/games/{game_id}", token=tokens[1])
    players = view["state"]["players"]
    # p0 declined NCWSC, Pizza Inn, Hurlingham and Karen (77,000 in base fees) and passed Payday.
    assert players[0]["position"] == 1
    assert players[0]["cash"] == 2_000_000 - 77_000 + 400_000
    assert players[1]["position"] == 12


def test_bus_events_reach_the_scheduler_and_an_idle_turn_times_out(stack):
    http, _moto = stack
    suffix = str(int(time.time() * 1000))[-6:]
    _, carol = http("POST", "/sessions", {"handle": f"carol{suffix}"})
    _, dan = http("POST", "/sessions", {"handle": f"dan{suffix}"})
    status, game = start_game(http, [carol["token"], dan["token"]], [carol["handle"], dan["handle"]],
                              {"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    assert status == 201
    game_id = game["game_id"]
    # Carol goes quiet: the 2-second deadline fires and the table plays her turn to its end.
    deadline = time.time() + 30
    view = game
    while time.time() < deadline:
        _, view = http("GET", f"/games/{game_id}", token=dan["token"])
        if view["decision"]["player"] == 1:
            break
        time.sleep(0.5)
    assert view["decision"] == {"id": view["decision"]["id"], "player": 1, "kind": "turn"}
    assert view["state"]["players"][0]["position"] == 3
    status, events = http("GET", f"/games/{game_id}/events", token=dan["token"])
    assert "TurnTimedOut" in [e["type"] for e in events["events"]]
