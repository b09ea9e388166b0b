"""The local stack as a process (``python -m local``): play over HTTP, with bus delivery and
Scheduler timers working as the template wires them."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.stack.http import start_game
from tests.webpush import Browser

pytestmark = pytest.mark.stack


def test_the_web_client_and_the_openapi_document_are_served(stack):
    http, _ = stack
    with urllib.request.urlopen(http.base + "/") as response:
        assert response.status == 200 and b"<html" in response.read()
    status, document = http("GET", "/openapi.json")
    assert status == 200 and "/games/{game_id}/mtaani/roll" in document["paths"]


def test_two_players_roll_and_end_turns_over_http(stack):
    http, _ = stack
    suffix = str(int(time.time() * 1000))[-6:]
    _, alice = http("POST", "/sessions", {"handle": f"alice{suffix}"})
    _, bob = http("POST", "/sessions", {"handle": f"bob{suffix}"})
    # p0 rolls 5+6 to NCWSC (11), p1 3 to Kibra; p0 then 11s around past Payday.
    dice = [[5, 6], [1, 2]] * 4 + [[2, 3]]
    status, game = start_game(http, [alice["token"], bob["token"]], [alice["handle"], bob["handle"]],
                              {"scripted": {"dice": dice, "mugging": [False] * 20}},
                              idle_timeout_seconds=3600)   # (the stack's default is 2 s)
    assert status == 201, game
    game_id = game["game_id"]
    tokens = [alice["token"], bob["token"]]
    answers = {"turn": "roll", "buy": "decline", "end": "end-turn"}
    salary_seen = False
    for _ in range(40):
        status, view = http("GET", f"/games/{game_id}", token=tokens[0])
        decision = view["decision"]
        status, result = http("POST", f"/games/{game_id}/mtaani/{answers[decision['kind']]}",
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


@pytest.fixture
def push_service():
    """A push service on this machine: records what the stack's Web Push sends (201)."""
    received: list[tuple[str, bytes]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            received.append((self.path, self.rfile.read(int(self.headers["content-length"]))))
            self.send_response(201)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", received
    server.shutdown()


def test_two_players_one_goes_quiet_the_table_moves_on_and_the_other_is_notified(stack, push_service):
    http, _moto = stack
    push_url, received = push_service
    suffix = str(int(time.time() * 1000))[-6:]
    _, carol = http("POST", "/sessions", {"handle": f"carol{suffix}"})
    _, dan = http("POST", "/sessions", {"handle": f"dan{suffix}"})
    browser = Browser(f"{push_url}/dan-{suffix}")
    status, _ = http("POST", "/push/subscriptions", browser.subscription(), dan["token"])
    assert status == 204
    status, game = start_game(http, [carol["token"], dan["token"]], [carol["handle"], dan["handle"]],
                              {"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    assert status == 201
    game_id = game["game_id"]
    # Carol goes quiet: the 2-second deadline fires and the table plays her turn to its end.
    # (Read from the log: Dan's turn times out 2 s later and Carol's next one 2 s after that,
    # so a look at the table that comes late under load finds her past tile 3.)
    deadline = time.time() + 30
    events: list[dict] = []
    while time.time() < deadline:
        status, page = http("GET", f"/games/{game_id}/events", token=dan["token"])
        assert status == 200, page
        events = page["events"]
        if any(e["type"] == "TurnTimedOut" for e in events):
            break
        time.sleep(0.5)
    timed_out = next((e for e in events if e["type"] == "TurnTimedOut"), None)
    assert timed_out is not None and timed_out["player"] == 0, events
    first_move = next(e for e in events if e["type"] == "Moved")
    assert (first_move["player"], first_move["start"], first_move["end"]) == (0, 0, 3)
    # Dan hears of his invitation, then that it is his turn, by Web Push through the push service.
    def messages():
        return [browser.read(body) for path, body in list(received) if path == f"/dan-{suffix}"]

    while time.time() < deadline and len(messages()) < 2:
        time.sleep(0.5)
    invitation, message = messages()[:2]
    assert invitation["title"] == "You are invited to a table"
    assert (message["title"].split(" · ")[0], message["game_id"]) == ("Your turn", game_id)
    assert message["url"] == f"{http.base}/#/game/{game_id}"
    # The outbox records the channels once the push is sent: the push can arrive first.
    def recorded():
        with urllib.request.urlopen(http.base + "/_local/notifications") as response:
            outbox = json.loads(response.read())
        return any(n.get("game_id") == game_id and n["title"].startswith("Your turn · ")
                   and "web_push" in (n.get("channels") or []) for n in outbox["notifications"])

    while time.time() < deadline and not recorded():
        time.sleep(0.5)
    assert recorded()
