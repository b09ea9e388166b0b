"""A Mulodi table on the local stack, through the HTTP API only: two people (A, seat 0; B,
seat 1) and two Base bots (seats 2 and 3) play a whole game to a winner. Among its moves:

- a Neda chain: A's Banja on B, B's Neda, A's Neda back; B lets it stand and pays 50M with
  its 50M (A's bank 10 + 20 + 50 = 80M, B's 50 + 20 - 50 = 20M);
- a timed-out response window: B's Banja on A, which A leaves unanswered; when the window
  (8 s) has passed the table lets the Banja stand for A (no Neda) and A owes 50M, which A
  pays with the 50M B paid (A's bank 80 - 50 = 30M, B's 20 + 50 = 70M).

The deal is scripted (the stack allows it) for the first two rounds, so the bots hold only
money and properties then; after that the people play by a simple policy over
``legal_actions`` and the bots by their own, until someone has three full sets (or the
table's turn cap, a bound for the test, ends it on the ranking).
"""

from __future__ import annotations

import secrets
import time

import pytest

pytestmark = pytest.mark.stack

WINDOW = 8
HANDS = [["banja", "neda", "money-10", "money-20", "property-karen"],
         ["neda", "banja", "money-50", "money-20", "property-kibera"],
         ["money-30", "money-40", "property-westlands", "property-parklands", "money-10"],
         ["money-30", "money-40", "property-kenya_power", "property-githurai", "money-20"]]
DRAWS = ["money-30", "property-muthaiga",        # A, turn 1
         "money-40", "property-mathare",         # B, turn 2
         "money-10", "property-lavington",       # bot, turn 3
         "money-100", "property-nairobi_water",  # bot, turn 4
         "money-10", "money-10",                 # A, turn 5
         "money-20", "property-kilimani"]        # B, turn 6
PREFERENCE = ["yaaye_deal", "play_property", "land_grab", "rent", "multi_rent", "banja",
              "wedding_meeting", "apartment", "arcade", "yongeza", "bank", "end_turn"]
"""The people's policy on their turn: the first listed move of the first type here (never
moving a wildcard, which is free and could go back and forth)."""


class Table:
    def __init__(self, http, tokens, game_id):
        self.http, self.tokens, self.id = http, tokens, game_id

    def view(self, seat: int) -> dict:
        status, body = self.http("GET", f"/games/{self.id}", None, self.tokens[seat])
        assert status == 200, body
        return body

    def move(self, seat: int, move: str, body: dict | None = None) -> dict:
        status, reply = self.http("POST", f"/games/{self.id}/mulodi/{move.replace('_', '-')}",
                                  body, self.tokens[seat])
        assert status == 200, (move, body, reply)
        return reply

    def card(self, seat: int, face: str) -> str:
        return next(c["id"] for c in self.view(seat)["state"]["hand"] if c["face"] == face)

    def bank_card(self, seat: int, face: str) -> str:
        return next(c["id"] for c in self.view(seat)["state"]["seats"][seat]["bank"]
                    if c["face"] == face)

    def mine(self, seat: int, kind: str | None = None, wait: float = 30) -> dict:
        """``seat``'s pending decision (of ``kind``), waiting for the bots to get there."""
        end = time.monotonic() + wait
        while True:
            view = self.view(seat)
            found = [p for p in view["pending"]
                     if p["player"] == seat and (kind is None or p["kind"] == kind)]
            if found:
                return found[0]
            assert time.monotonic() < end, (seat, kind, view["pending"])
            time.sleep(0.1)

    def turn(self, seat: int, plays: list[tuple[str, str, dict]]) -> None:
        """``seat``'s turn: ``plays`` (move, face, more body) then the end of the turn."""
        self.mine(seat, "play")
        for move, face, body in plays:
            self.move(seat, move, {"card": self.card(seat, face), **body})
        self.move(seat, "end_turn")


def choose(view: dict) -> tuple[str, dict] | None:
    """The people's move for their pending decision, from ``legal_actions``."""
    legal = view["legal_actions"]
    if not legal:
        return None
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    for kind in ("accept", "pay"):
        if kind in by_type:
            return kind, by_type[kind][0]
    owned = set(view["state"]["seats"][view["seat"]]["properties"])
    for kind in PREFERENCE:
        options = by_type.get(kind)
        if not options:
            continue
        if kind == "play_property":
            options = sorted(options, key=lambda a: a.get("colour") not in owned)
        return kind, options[0]
    return None


def body_of(action: dict) -> dict:
    return {k: v for k, v in action.items() if k != "type"}


def test_two_people_and_two_bots_play_mulodi_to_a_winner_with_a_neda_chain_and_a_timeout(stack):
    http, _ = stack
    suffix = secrets.token_hex(3)
    handles, tokens = [], []
    for who in ("achieng", "baraka"):
        status, session = http("POST", "/sessions", {"handle": f"{who}{suffix}"})
        assert status == 201, session
        handles.append(session["handle"])
        tokens.append(session["token"])
    status, lobby = http("POST", "/lobbies", {
        "table_size": 4, "ruleset": "mulodi", "idle_timeout_seconds": 600,
        "options": {"response_window_seconds": WINDOW, "max_turns": 150}}, tokens[0])
    assert status == 201, lobby
    lobby_id = lobby["lobby_id"]
    assert http("POST", f"/lobbies/{lobby_id}/invites", {"handle": handles[1]}, tokens[0])[0] == 201
    assert http("POST", f"/lobbies/{lobby_id}/join", None, tokens[1])[0] == 200
    for _ in range(2):
        status, body = http("POST", f"/lobbies/{lobby_id}/bots", {"level": "base"}, tokens[0])
        assert status == 200, body
    status, game = http("POST", f"/lobbies/{lobby_id}/start",
                        {"options": {"scripted": {"hands": HANDS, "draws": DRAWS}}}, tokens[0])
    assert status == 201, game
    assert [s["kind"] for s in game["seats"]] == ["human", "human", "bot", "bot"]
    table = Table(http, tokens, game["game_id"])

    # Round 1: the people bank and lay properties; the bots (money and properties only) too.
    table.turn(0, [("bank", "money-10", {}), ("bank", "money-20", {}),
                   ("play_property", "property-karen", {})])
    table.turn(1, [("bank", "money-50", {}), ("bank", "money-20", {}),
                   ("play_property", "property-kibera", {})])

    # Round 2: A's Banja on B, and a Neda chain.
    table.mine(0, "play")
    table.move(0, "banja", {"card": table.card(0, "banja"), "target": 1})
    respond = table.mine(1, "respond")
    assert respond["detail"] == {"action": "banja", "card": "banja", "by": 0, "target": 1,
                                 "nedas": 0, "amount": 50}
    table.move(1, "neda", {"decision": respond["id"]})
    counter = table.mine(0, "respond")
    assert (counter["detail"]["against"], counter["detail"]["nedas"]) == ("neda", 1)
    table.move(0, "neda", {"decision": counter["id"]})
    table.move(1, "accept", {"decision": table.mine(1, "respond")["id"]})
    paid = table.move(1, "pay", {"decision": table.mine(1, "pay")["id"],
                                 "cards": [table.bank_card(1, "money-50")]})
    assert [s["bank_value"] for s in paid["game"]["state"]["seats"][:2]] == [80, 20]
    table.move(0, "end_turn")

    # B's Banja on A; A leaves the window unanswered and the table answers when it passes.
    table.mine(1, "play")
    table.move(1, "banja", {"card": table.card(1, "banja"), "target": 0})
    window = table.mine(0, "respond")
    pay = table.mine(0, "pay", wait=WINDOW + 30)
    assert time.time() >= window["deadline"]
    # A read shows the window closed at once; the Scheduler's timer saves it soon after.
    end = time.monotonic() + 30
    while True:
        status, log = http("GET", f"/games/{table.id}/events?limit=500", None, tokens[0])
        timed_out = [e for e in log["events"] if e["type"] == "TimedOut"]
        if timed_out or time.monotonic() > end:
            break
        time.sleep(0.2)
    assert [(e["player"], e["decision"], e["kind"]) for e in timed_out] == [
        (0, window["id"], "respond")]
    assert "neda" not in [c["face"] for c in table.view(0)["state"]["hand"]]  # A used its one
    table.move(0, "pay", {"decision": pay["id"], "cards": [table.bank_card(0, "money-50")]})
    seats = table.view(0)["state"]["seats"]
    assert [s["bank_value"] for s in seats[:2]] == [30, 70]

    # Then on to the end: the people by the policy, the bots by themselves.
    started = time.monotonic()
    moves = 0
    view = table.view(0)
    while view["status"] != "finished":
        assert time.monotonic() - started < 300, view["pending"]
        acted = False
        for seat in (0, 1):
            view = table.view(seat)
            if view["status"] == "finished":
                break
            chosen = choose(view)
            if chosen is None:
                continue
            kind, action = chosen
            status, reply = http("POST", f"/games/{table.id}/mulodi/{kind.replace('_', '-')}",
                                 {**body_of(action), "version": view["version"]}, tokens[seat])
            assert status in (200, 409), (kind, action, reply)   # 409: a bot moved first
            moves += status == 200
            acted = True
        if not acted:
            time.sleep(0.1)
        view = table.view(0)
    outcome = view["outcome"]
    assert outcome["winner"] in range(4) and outcome["termination"] in ("three_sets", "turn_cap", "stalemate")
    if outcome["termination"] == "three_sets":
        assert len(view["state"]["seats"][outcome["winner"]]["full_colours"]) >= 3
    print(f"Mulodi: {outcome}, turn {view['state']['turn']}, the people's policy moves {moves}")
