"""A Jiji table on the local stack, through the HTTP API only: one person and two Base bots, a
one-minute game clock (the shortest a table takes), 10-second auctions, bots moving without a
pause. The person's first landing goes to auction and a bot wins it; their second is a
Building Permit, and they put a nuisance on a bot's district; the clock runs out and the game
ends on wealth, with the standings told to the person.

The dice are fixed for the first two rounds whoever starts (the opening roll is the seed's):
the first round's rolls (1+2, 2+4, 3+5) take the three players to Korogocho, Dandora and
Kariobangi (3, 6, 8), nobody's yet; the second's (4+5, 5+6, 1+3) take each of them on to a
Building Permit (12, 17, 12). Both bots buy what they land on, and may put a nuisance on each
other's districts first: of the three districts bots hold then, one at least is free for the
person's nuisance.
"""

from __future__ import annotations

import secrets
import time

import pytest

pytestmark = pytest.mark.stack

DICE = [[1, 2], [2, 4], [3, 5], [4, 5], [5, 6], [1, 3]]
CLOCK = 60


def wait_for(http, path, token, test, timeout=60.0, what=""):
    """Poll ``GET path`` until ``test(body)``; returns the body."""
    deadline = time.monotonic() + timeout
    while True:
        status, body = http("GET", path, None, token)
        assert status == 200, body
        if test(body):
            return body
        assert time.monotonic() < deadline, f"waited {timeout:.0f} s for {what}"
        time.sleep(0.2)


def test_a_person_and_two_bots_play_jiji_to_the_clock_through_the_api(stack):
    http, _ = stack
    status, me = http("POST", "/sessions", {"handle": f"jiji{secrets.token_hex(3)}"})
    assert status == 201, me
    token = me["token"]
    options = {"end": "clock", "clock_seconds": CLOCK, "auction_seconds": 10,
               "scripted": {"dice": DICE}}
    status, lobby = http("POST", "/lobbies", {"ruleset": "jiji", "table_size": 3, "options": options,
                                              "idle_timeout_seconds": 60, "bot_delay_seconds": 0}, token)
    assert status == 201, lobby
    lobby_id = lobby["lobby_id"]
    for _ in range(2):
        status, body = http("POST", f"/lobbies/{lobby_id}/bots", {"level": "base"}, token)
        assert status == 200, body
    status, game = http("POST", f"/lobbies/{lobby_id}/start", {}, token)
    assert status == 201, game
    game_id, seat = game["game_id"], game["seat"]
    path = f"/games/{game_id}"
    guide = http("GET", "/rulesets/jiji/guide")[1]
    names = [s["name"] for s in game["seats"]]
    bots = [s["seat"] for s in game["seats"] if s["kind"] == "bot"]

    def mine(kind):
        return lambda v: v["decision"] and v["decision"]["player"] == seat and v["decision"]["kind"] == kind

    def move(name, body=None):
        status, answer = http("POST", f"{path}/jiji/{name}", body, token)
        assert status == 200, (name, answer)
        return answer["game"]

    # The first landing: a district nobody owns, put up for auction at 10k; the bots outbid.
    wait_for(http, path, token, mine("roll"), what="my first roll")
    view = move("roll")
    space = view["state"]["players"][seat]["pos"]
    assert view["decision"]["kind"] == "buy" and space in (3, 6, 8)
    move("auction", {"opening_bid": 10_000})
    # A read shows the auction closed as soon as its time is up; the timer saves the close.
    view = wait_for(http, path, token, lambda v: v["state"]["auction"] is None, 40, "the close")
    owner = view["state"]["districts"][str(space)]["owner"]
    assert owner in bots
    log = wait_for(http, f"{path}/events?limit=500", token,
                   lambda page: any(e["type"] == "AuctionClosed" for e in page["events"]), 10, "the timer")
    [closed] = [e for e in log["events"] if e["type"] == "AuctionClosed"]
    bids = [e for e in log["events"] if e["type"] == "BidPlaced"]
    assert (closed["district"], closed["winner"]) == (space, owner)
    assert closed["price"] == bids[-1]["amount"] > 10_000 and bids[-1]["player"] == owner
    assert {b["player"] for b in bids} <= set(bots)
    # (a bot's bid never beats the district's price: Base bids up to it)
    assert closed["price"] <= guide["spaces"][space]["price"]
    # The person lost the auction and paid nothing: still the starting 37.7M (no GO passed).
    assert view["state"]["players"][seat]["cash"] == 37_700_000
    move("end-turn")

    # The second landing: a Building Permit; a nuisance on a bot's district.
    wait_for(http, path, token, mine("roll"), what="my second roll")
    view = move("roll")
    assert view["decision"]["kind"] == "permit", view["decision"]
    nuisances = set(guide["buildings"]["nuisances"])
    choices = [a for a in view["legal_actions"] if a["type"] == "place_permit"
               and a["building"] in nuisances
               and view["state"]["districts"][str(a["district"])]["owner"] in bots]
    assert choices, view["legal_actions"]
    placed = choices[0]
    view = move("place-permit", {"district": placed["district"], "building": placed["building"]})
    target = view["state"]["districts"][str(placed["district"])]
    assert target["permit"] == placed["building"]
    if view["decision"]["player"] == seat and view["decision"]["kind"] == "turn":
        move("end-turn")

    # The clock runs out a minute after the first roll; the richest wins.
    view = wait_for(http, path, token, lambda v: v["status"] == "finished", CLOCK + 30, "the end")
    assert view["outcome"]["termination"] == "clock"
    state = view["state"]
    log = wait_for(http, f"{path}/events?limit=500", token,
                   lambda page: any(e["type"] == "GameFinished" for e in page["events"]), 10, "the timer")
    [started] = [e for e in log["events"] if e["type"] == "ClockStarted"]
    [finished] = [e for e in log["events"] if e["type"] == "GameFinished"]
    assert started["seconds"] == CLOCK and finished["at"] >= started["ends"]
    # Wealth: cash plus the rent value of every unmortgaged district owned; a district with a
    # nuisance counts its industrial blocks only (rulebook "Collecting Rent").
    rents = state["derived"]["rent"]
    rows = {r["player"]: r for r in state["over"]["standings"]}
    for player, row in rows.items():
        owned = [k for k, d in state["districts"].items() if d["owner"] == player and not d["mortgage"]]
        assert row["districts"] == sum(rents[k] for k in owned)
        assert row["wealth"] == row["cash"] + row["districts"] == state["players"][player]["cash"] + row["districts"]
    best = max(rows.values(), key=lambda r: (r["wealth"], r["cash"]))
    assert view["outcome"]["winner"] == best["player"]
    nuisance = state["districts"][str(placed["district"])]
    assert nuisance["permit"] == placed["building"]      # (Base bots never pay to remove one)
    group = next(g["districts"] for g in guide["groups"] if placed["district"] in g["districts"])
    doubled = any(state["districts"][str(k)]["skyscraper"] for k in group) or any(
        d["tower"] and d["owner"] == nuisance["owner"] for d in state["districts"].values())
    table = guide["spaces"][placed["district"]]["rents"]
    expected = 0 if nuisance["mortgage"] else table[nuisance["industrial"]] * (2 if doubled else 1)
    assert rents[str(placed["district"])] == expected
    # The person heard who won the auction at what price, and the standings.
    def told():
        outbox = http("GET", "/_local/notifications")[1]["notifications"]
        return {n["title"].split(" · ")[0]: n["body"] for n in outbox
                if n.get("game_id") == game_id and n["account_id"] == me["account_id"]}

    deadline = time.monotonic() + 10
    while {"Auction closed", "Game over"} - set(told()) and time.monotonic() < deadline:
        time.sleep(0.2)
    told = told()
    district = guide["spaces"][space]["name"]
    price = f"{closed['price'] // 1000}k"             # (under the price: 900k at most)
    assert told["Auction closed"] == f"{names[owner]} won the auction of {district} for {price}."
    assert "The game clock ran out: the richest wins. Wealth: " in told["Game over"]
    for player in rows:
        assert names[player] in told["Game over"]
