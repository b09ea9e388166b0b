"""Mulodi at the table (issue 17), through the HTTP API against moto with a frozen clock.

- A lobby offers Mulodi for 2 to 5 seats with its table options.
- Every Mulodi move is a route: play to the bank, the property section or the middle, move a
  wildcard, Neda or accept, pay with chosen cards, return cards over the limit, end the turn;
  each refused move answers 4xx with a clear message and changes nothing.
- A response window has its own Scheduler deadline: the target is told at once ("Achieng
  played Banja on you: Neda or pay 50M by 08:10"); an answer closes that window only; a timer
  that fires after the answer, twice, or late changes nothing it should not; quiet hours hold
  the notice, never the deadline.
- Views: my hand to me only, card counts to all, a Neda in hand invisible until played,
  spectators see no hand; the authorisation matrix of the Mtaani tables holds.

Tables are dealt with the ``scripted`` option (named cards in named hands, the next draws in
order; everything else from the seed). Figures are worked out from the decisions file and
``engine/mulodi/data/mulodi.toml``: Banja demands 50M, a Wedding Meeting 20M from each, the
two-colour rent of dark blue is 30M for 1 card and 80M for the full 2, Double the Rent x2.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

import boto3
import pytest

from service.notifications import NotificationRecord
from service.storage import DynamoGameStore
from tests.policy.calls import running_as
from tests.service.buspump import delivered, discard_all, pump, travel
from tests.service.test_authorization import ACT, READ_GAME, ROLES
from timers import deadline, schedule_deadline

T0 = datetime(2026, 6, 1, 8, 0, 0, tzinfo=UTC)      # a Monday, 08:00 UTC
START = int(T0.timestamp())
WINDOW = 600                                       # the tables' response window: 10 minutes
DAY = 86_400


@pytest.fixture
def clock(aws):
    discard_all()
    with travel(T0) as traveller:
        yield traveller


class Table:
    """A started Mulodi game of fresh accounts: its id, the tokens and display names in seat
    order; moves and reads through the API."""

    def __init__(self, api, players: int = 2, hands=(), draws=(), **options):
        self.api = api
        lobby_id, seats = api.new_lobby(players, ruleset="mulodi", idle_timeout_seconds=DAY,
                                        options={"response_window_seconds": WINDOW, **options})
        script = {"hands": [list(h) for h in hands], "draws": list(draws)}
        game = api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": {"scripted": script}},
                      seats[0][1], 201)
        self.id = game["game_id"]
        self.names = [s["name"] for s in game["seats"]]
        self.tokens = [token for _, token in seats]

    def move(self, seat: int, move: str, body: dict | None = None, status: int = 200,
             **headers):
        reply = self.api.call("POST", f"/games/{self.id}/mulodi/{move}", body,
                              token=self.tokens[seat], headers=headers or None)
        assert reply.status == status, (move, reply.status, reply.body)
        return reply.body

    def view(self, seat: int, token: str | None = None) -> dict:
        return self.api.ok("GET", f"/games/{self.id}", None, token or self.tokens[seat])

    def card(self, seat: int, face: str, nth: int = 0) -> str:
        """The id of the ``nth`` card of ``face`` in ``seat``'s hand, as their view shows it."""
        found = [c["id"] for c in self.view(seat)["state"]["hand"] if c["face"] == face]
        assert len(found) > nth, (seat, face, self.view(seat)["state"]["hand"])
        return found[nth]

    def table_card(self, seat: int, face: str, viewer: int = 0) -> str:
        """The id of the card of ``face`` on ``seat``'s table (bank or property section)."""
        mine = self.view(viewer)["state"]["seats"][seat]
        cards = list(mine["bank"])
        for colour in mine["properties"].values():
            for group in colour["sets"]:
                cards += group["cards"]
        return next(c["id"] for c in cards if c["face"] == face)

    def play(self, seat: int, move: str, face: str, **body) -> dict:
        """``seat`` plays the first ``face`` card of their hand with ``move``."""
        return self.move(seat, move, {"card": self.card(seat, face), **body})

    def end_turn(self, seat: int) -> dict:
        """End ``seat``'s turn, returning the first cards of its hand over the limit of 7."""
        hand = self.view(seat)["state"]["hand"]
        return self.move(seat, "end-turn", {"returned": [c["id"] for c in hand[:max(0, len(hand) - 7)]]})

    def decision(self, seat: int, kind: str | None = None) -> dict:
        """``seat``'s pending decision (of ``kind``), as their view shows it."""
        view = self.view(seat)
        return next(p for p in view["pending"]
                    if p["player"] == seat and (kind is None or p["kind"] == kind))

    def answer(self, seat: int, move: str, **body) -> dict:
        kind = "pay" if move == "pay" else "respond"
        return self.move(seat, move, {"decision": self.decision(seat, kind)["id"], **body})

    def seat_state(self, seat: int, viewer: int = 0) -> dict:
        return self.view(viewer)["state"]["seats"][seat]

    def version(self) -> int:
        return DynamoGameStore().load(self.id).version

    def log(self) -> list[dict]:
        return DynamoGameStore().events(self.id, 0, 10_000)

    def fire(self) -> dict:
        """The deadline timer's delivery (it passes whatever is due when it runs)."""
        with running_as("DeadlineFunction"):
            return deadline.handler({"game_id": self.id, "due": 0}, None)

    def schedule_pending(self) -> None:
        """Deliver the game's DecisionPending events to the deadline scheduler, as the bus does."""
        for event in delivered("DeadlineSchedulerFunction"):
            if event["detail"]["game_id"] == self.id:
                with running_as("DeadlineSchedulerFunction"):
                    schedule_deadline.handler(event, None)

    def schedules(self) -> list[int]:
        client = boto3.client("scheduler")
        names = [s["Name"] for s in client.list_schedules(
            GroupName=os.environ["SCHEDULE_GROUP"], NamePrefix=f"dl-{self.id}")["Schedules"]]
        return sorted(int(n.rsplit("-", 1)[1]) for n in names)

    def account(self, seat: int) -> str:
        return self.api.ok("GET", "/account", None, self.tokens[seat])["account_id"]

    def told(self, seat: int) -> list[tuple[str, str, str]]:
        """What the player at ``seat`` was told about this game: (status, title, body), oldest
        first (the bus delivered to the notify function first)."""
        pump({"NotifyFunction"})
        items = [n for n in NotificationRecord.query(self.account(seat)) if n.game_id == self.id]
        return [(n.status, n.title.split(" · ")[0], n.body) for n in sorted(items, key=lambda n: n.created_at)]


# A two-seat table that reaches A's Banja on B in two turns:
# A (seat 0) banks 10M and 20M and ends; B (seat 1) draws two properties, banks 50M and 20M
# (bank 70M) and ends; A draws 40M and 10M and plays the Banja on B: 50M.
BANJA_HANDS = (["banja", "neda", "money-10", "money-20", "yongeza"],
               ["neda", "money-50", "money-20", "money-10", "land_grab"])
BANJA_DRAWS = ["money-30", "yongeza",               # A's first turn
               "property-karen", "property-runda",  # B's first turn
               "money-40", "money-10"]              # A's second turn


def banja_on_b(api, **options) -> Table:
    return play_to_the_banja(Table(api, 2, BANJA_HANDS, BANJA_DRAWS, **options))


def play_to_the_banja(table: Table) -> Table:
    table.play(0, "bank", "money-10")
    table.play(0, "bank", "money-20")
    table.move(0, "end-turn")
    table.play(1, "bank", "money-50")
    table.play(1, "bank", "money-20")
    table.move(1, "end-turn")
    pump({"NotifyFunction"})             # B's and A's turn notices, before the Banja
    table.play(0, "banja", "banja", target=1)
    return table


# ---------------------------------------------------------------------------- the lobby
def test_a_lobby_offers_mulodi_for_2_to_5_seats_with_its_table_options(api):
    _, token = api.sign_in()
    options = {"response_window_seconds": 60, "max_turns": 40}
    lobby = api.ok("POST", "/lobbies", {"ruleset": "mulodi", "table_size": 5, "options": options,
                                        "idle_timeout_seconds": 300, "bot_delay_seconds": 3},
                   token, 201)
    assert (lobby["ruleset"], lobby["table_size"], lobby["bot_delay_seconds"]) == ("mulodi", 5, 3)
    for size in (1, 6):
        assert api.call("POST", "/lobbies", {"ruleset": "mulodi", "table_size": size},
                        token=token).status == 422
    for bad in ({"response_window_seconds": 4}, {"response_window_seconds": True},
                {"max_turns": 1}, {"surprise": 1}):
        reply = api.call("POST", "/lobbies", {"ruleset": "mulodi", "table_size": 2,
                                              "options": bad}, token=token)
        assert reply.status == 422, bad
    guide = api.ok("GET", "/rulesets/mulodi/guide")
    assert (guide["min_players"], guide["max_players"], guide["game"]) == (2, 5, "mulodi")
    assert {"response_window_seconds", "idle_timeout_seconds", "max_turns"} <= set(
        guide["table_options"]["properties"])


def test_a_table_takes_a_lobby_idle_timeout_of_seconds_and_a_scripted_deal_only_where_allowed(
        api, monkeypatch):
    """The local stack's tests run with a 2-second default idle timeout: the table takes it.
    A scripted deal is refused (403) on a deployment that does not allow scripted games."""
    import engine

    state = engine.new_game("mulodi", ["a", "b"], 1, {"idle_timeout_seconds": 2})
    assert engine.pending(state)[0].deadline.seconds == 2
    monkeypatch.setenv("ALLOW_SCRIPTED_GAMES", "false")
    from service.config import settings

    settings.cache_clear()
    try:
        lobby_id, seats = api.new_lobby(2, ruleset="mulodi")
        reply = api.call("POST", f"/lobbies/{lobby_id}/start",
                         {"options": {"scripted": {"hands": [["neda"]]}}}, token=seats[0][1])
        assert reply.status == 403, reply.body
    finally:
        monkeypatch.undo()
        settings.cache_clear()


# ---------------------------------------------------------------------------- every route
def test_bank_property_wildcard_apartment_arcade_rent_and_a_payment_through_the_routes(api, clock):
    """A: Karen and a dark blue/green wildcard as dark blue make the full dark blue set
    (rent 80M); an Apartment (+30M) and, next turn, an Arcade (+40M): 150M. Moving the
    wildcard to green breaks the set: the Apartment and Arcade go to A's bank as money (30M
    + 40M) and dark blue's rent is 30M for Karen alone. A's two-colour dark blue/green rent
    with a Double the Rent then charges B 2 x 30M = 60M; B pays with 50M and 20M (70M: no
    change is given)."""
    table = Table(api, 2,
                  (["property-karen", "wild-dark_blue-green", "apartment", "money-10", "money-10"],
                   ["money-50", "money-20", "money-10", "yongeza", "yongeza"]),
                  ["arcade", "rent-dark_blue-green",         # A's first turn
                   "money-30", "money-30",                   # B's first turn
                   "double_rent", "money-40"])               # A's second turn
    table.play(0, "play-property", "property-karen")
    # A wildcard must say its colour; a colour it does not have is refused, nothing changes.
    version = table.version()
    refused = table.move(0, "play-property", {"card": table.card(0, "wild-dark_blue-green")},
                         status=409)
    assert refused["error"]["message"] == "Say which colour the wildcard counts as"
    refused = table.move(0, "play-property", {"card": table.card(0, "wild-dark_blue-green"),
                                              "colour": "red"}, status=409)
    assert refused["error"]["message"] == "That wildcard is dark_blue or green, not red"
    assert table.version() == version
    table.play(0, "play-property", "wild-dark_blue-green", colour="dark_blue")
    table.play(0, "apartment", "apartment", colour="dark_blue")
    mine = table.seat_state(0)
    assert mine["full_colours"] == ["dark_blue"]
    assert mine["properties"]["dark_blue"]["rent"] == 80 + 30
    assert table.view(0)["state"]["plays_left"] == 0
    refused = table.move(0, "bank", {"card": table.card(0, "money-10")}, status=409)
    assert refused["error"]["message"] == "You have played 3 cards this turn: end your turn"
    table.move(0, "end-turn")

    table.play(1, "bank", "money-50")
    table.play(1, "bank", "money-20")
    table.move(1, "end-turn")

    table.play(0, "arcade", "arcade", colour="dark_blue")
    assert table.seat_state(0)["properties"]["dark_blue"]["rent"] == 80 + 30 + 40
    # Moving the wildcard is free (not a play): the set breaks and its buildings are banked.
    wild = table.table_card(0, "wild-dark_blue-green")
    moved = table.move(0, "move-wildcard", {"card": wild, "colour": "green"})
    assert moved["game"]["state"]["plays_left"] == 2
    banked = [e for e in moved["events"] if e["type"] == "BuildingsBanked"]
    assert [(e["colour"], sorted(e["cards"])) for e in banked] == [
        ("dark_blue", ["apartment", "arcade"])]
    mine = table.seat_state(0)
    assert mine["bank_value"] == 30 + 40 and mine["full_colours"] == []
    assert mine["properties"]["dark_blue"]["rent"] == 30
    rent = table.play(0, "rent", "rent-dark_blue-green", colour="dark_blue", doubles=1)
    [played] = [e for e in rent["events"] if e["type"] == "ActionPlayed"]
    assert (played["amount"], played["doubles"], played["plays_left"]) == (60, 1, 0)
    table.answer(1, "accept")
    pay = table.decision(1, "pay")
    assert pay["detail"]["amount"] == 60 and pay["deadline"] == START + WINDOW
    # 50M alone does not cover 60M: refused, nothing changes.
    version = table.version()
    fifty = table.table_card(1, "money-50")
    refused = table.move(1, "pay", {"decision": pay["id"], "cards": [fifty]}, status=409)
    assert "60M" in refused["error"]["message"]
    assert table.version() == version
    paid = table.move(1, "pay", {"decision": pay["id"],
                                 "cards": [fifty, table.table_card(1, "money-20")]})
    [event] = [e for e in paid["events"] if e["type"] == "Paid"]
    assert (event["debt"], event["paid"], event["how"]) == (60, 70, "chosen")
    assert table.seat_state(0)["bank_value"] == 30 + 40 + 50 + 20
    assert table.seat_state(1)["bank_value"] == 0
    assert table.decision(0)["kind"] == "play"


def test_grab_trade_yaaye_deal_wedding_meeting_and_multi_rent_through_the_routes(api, clock):
    """Three seats. B lays Kibera and Mathare (brown, full), C lays Karen. A's Land Grab takes
    C's Karen (not from a full set); A's Land Trade is refused for B's full brown; A's Yaaye
    Deal takes B's full brown set; A's Wedding Meeting asks 20M of B (who pays 20M) and of C
    (whose table is empty: asked nothing)."""
    table = Table(api, 3,
                  (["land_grab", "yaaye_deal", "land_trade", "money-10", "money-10"],
                   ["property-kibera", "property-mathare", "money-20", "money-10", "money-10"],
                   ["property-karen", "yongeza", "yongeza", "yongeza", "yongeza"]),
                  ["yongeza", "yongeza",                       # A's first turn
                   "yongeza", "yongeza",                       # B's
                   "money-30", "money-30",                     # C's
                   "wedding_meeting", "multi_rent"])           # A's second turn
    table.move(0, "end-turn")
    table.play(1, "play-property", "property-kibera")
    table.play(1, "play-property", "property-mathare")
    table.play(1, "bank", "money-20")
    table.move(1, "end-turn")
    table.play(2, "play-property", "property-karen")
    table.move(2, "end-turn")

    karen = table.table_card(2, "property-karen")
    table.play(0, "land-grab", "land_grab", target=2, property=karen)
    table.answer(2, "accept")
    assert table.seat_state(0)["properties"]["dark_blue"]["rent"] == 30
    kibera = table.table_card(1, "property-kibera")
    refused = table.move(0, "land-trade", {"card": table.card(0, "land_trade"), "target": 1,
                                           "property": kibera, "give": karen}, status=409)
    assert refused["error"]["message"] == "You can't take a card from a full set"
    table.play(0, "yaaye-deal", "yaaye_deal", target=1, colour="brown")
    table.answer(1, "accept")
    assert table.seat_state(0)["full_colours"] == ["brown"]
    assert "brown" not in table.seat_state(1)["properties"]
    table.play(0, "wedding-meeting", "wedding_meeting")
    # C has nothing on the table: asked nothing. B's table is its 20M alone, worth no more
    # than the debt: once B lets the card stand, it all goes at once, with no choice to make.
    assert [p["player"] for p in table.view(0)["pending"]] == [1]
    accepted = table.answer(1, "accept")
    [paid] = [e for e in accepted["events"] if e["type"] == "Paid"]
    assert (paid["debt"], paid["paid"], paid["to_bank"], paid["how"]) == (
        20, 20, ["money-20"], "everything")
    assert [table.seat_state(0)["bank_value"], table.seat_state(1)["bank_value"]] == [20, 0]
    # No plays left: the Multi-coloured Rent waits for the next turn.
    refused = table.move(0, "multi-rent", {"card": table.card(0, "multi_rent"), "target": 1,
                                           "colour": "brown"}, status=409)
    assert refused["error"]["message"] == "You have played 3 cards this turn: end your turn"
    for seat in (0, 1, 2):
        table.end_turn(seat)
    # A's full brown set charges 20M (2 cards); B has nothing left to pay with: asked nothing.
    rent = table.play(0, "multi-rent", "multi_rent", target=1, colour="brown")
    [played] = [e for e in rent["events"] if e["type"] == "ActionPlayed"]
    assert (played["amount"], played["targets"]) == (20, [1])
    [paid] = [e for e in rent["events"] if e["type"] == "Paid"]
    assert (paid["payer"], paid["paid"], paid["how"]) == (1, 0, "nothing")
    assert table.decision(0)["kind"] == "play"


def test_yongeza_draws_two_and_the_cards_over_7_are_returned_by_name(api, clock):
    """A holds 7 after drawing; three Yongezas (each a play) draw 6: 4 + 6 = 10 in hand, so
    ending the turn names 3 cards to return; returning 2, or none, is refused."""
    table = Table(api, 2, (["yongeza", "yongeza", "yongeza", "money-10", "money-20"], []),
                  ["money-30", "money-40", "banja", "neda", "double_rent", "land_grab",
                   "money-50", "money-100"])
    for _ in range(3):
        table.play(0, "yongeza", "yongeza")
    hand = table.view(0)["state"]["hand"]
    assert len(hand) == 10
    assert sorted(c["face"] for c in hand) == sorted(
        ["money-10", "money-20", "money-30", "money-40", "banja", "neda", "double_rent",
         "land_grab", "money-50", "money-100"])
    refused = table.move(0, "end-turn", status=409)
    assert refused["error"]["message"] == "You hold 10 cards: return 3 to end your turn"
    two = [table.card(0, "money-10"), table.card(0, "money-20")]
    assert table.move(0, "end-turn", {"returned": two}, status=409)["error"]["message"] == (
        "You hold 10 cards: return 3 to end your turn")
    ended = table.move(0, "end-turn", {"returned": [*two, table.card(0, "double_rent")]})
    assert [e for e in ended["events"] if e["type"] == "CardsReturned"] == [
        {"type": "CardsReturned", "player": 0, "count": 3,
         "cards": ["money-10", "money-20", "double_rent"]}]
    assert table.view(1)["state"]["seats"][0]["hand_count"] == 7


# ---------------------------------------------------------------------------- Neda and windows
def test_a_banja_is_told_at_once_and_answered_with_a_neda_and_a_neda_back(api, clock):
    """A's Banja on B: B is told at once, with the window's close (08:10 UTC). B's Neda
    (not a play: A keeps 2 plays) gives A a window, told at once; A's Neda back gives B one
    again; B, out of Nedas, accepts and pays 50M with its 50M. A's bank: 10 + 20 + 50 = 80M;
    B's: 70 - 50 = 20M; the middle: Banja, Neda, Neda."""
    table = banja_on_b(api)
    a, b = table.names
    told = table.told(1)
    assert told[-1] == ("sent", "A card was played on you",
                        f"{a} played Banja on you: Neda or pay 50M by 08:10.")
    respond = table.decision(1, "respond")
    assert respond["deadline"] == START + WINDOW and respond["detail"]["amount"] == 50
    # Both dashboards show the table waiting for B's answer.
    for seat in (0, 1):
        [summary] = [g for g in api.ok("GET", "/dashboard", None, table.tokens[seat])["in_progress"]
                     if g["game_id"] == table.id]
        assert (summary["ruleset"], summary["turn"]["seat"], summary["turn"]["kind"]) == (
            "mulodi", 1, "respond")
        assert summary["turn"]["yours"] is (seat == 1)
        # ... an answer (a response window) due when the window closes, 08:10 UTC.
        assert (summary["turn"]["deadline_kind"], summary["turn"]["deadline"]) == (
            "response_window", START + WINDOW)
    # A may not answer B's decision, nor play on while B's window is open.
    refused = table.move(0, "accept", {"decision": respond["id"]}, status=409)
    assert refused["error"]["code"] == "not_your_decision"
    refused = table.move(0, "bank", {"card": table.card(0, "money-40")}, status=409)
    assert refused["error"]["message"] == (
        "Wait: the players your card was aimed at are still answering")

    neda = table.answer(1, "neda")
    assert [e["type"] for e in neda["events"]][:2] == ["NedaPlayed", "DecisionPending"]
    assert table.view(0)["state"]["plays_left"] == 2
    assert table.told(0)[-1] == ("sent", "Your card was cancelled",
                                 f"{b} played a Neda against your Banja: Neda back or let it "
                                 "stand by 08:10.")
    table.answer(0, "neda")
    refused = table.move(1, "neda", {"decision": table.decision(1, "respond")["id"]}, status=409)
    assert refused["error"]["message"] == "You have no Neda in your hand"
    table.answer(1, "accept")
    # B's payment follows B's own answer: B is there, and is not told again.
    assert table.told(1)[-1][1] == "A card was played on you"
    table.answer(1, "pay", cards=[table.table_card(1, "money-50")])
    view = table.view(1)
    assert [s["bank_value"] for s in view["state"]["seats"]] == [80, 20]
    assert view["state"]["middle"] == {"count": 3, "top": view["state"]["middle"]["top"]}
    assert view["state"]["middle"]["top"]["face"] == "neda"
    assert [s["hand_count"] for s in view["state"]["seats"]] == [5, 4]
    types = [e["type"] for e in table.log()]
    assert types.count("NedaPlayed") == 2 and types.count("Paid") == 1
    assert view["decision"]["player"] == 0 and view["decision"]["kind"] == "play"


def test_a_window_timer_after_the_answer_on_time_and_twice(api, clock):
    """B's window closes at 08:10. B accepts at 08:01:40: that closes B's window only, and
    B's payment has its own deadline (08:11:40). The 08:10 timer finds nothing due and
    changes nothing (version unchanged); at 08:11:40 the payment's timer pays for B the bank
    cards that overpay least: the 50M exactly; a second delivery changes nothing."""
    table = banja_on_b(api)
    table.schedule_pending()
    assert table.schedules() == [START + WINDOW]
    clock.shift(100)
    table.answer(1, "accept")
    table.schedule_pending()
    assert table.schedules() == [START + WINDOW, START + 100 + WINDOW]
    clock.shift(WINDOW - 100)                       # 08:10: the window's own timer
    version = table.version()
    assert table.fire() == {"applied": False, "reason": "not_yet"}
    assert table.version() == version
    clock.shift(100)                                # 08:11:40: the payment's
    fired = table.fire()
    assert (fired["applied"], fired["reason"]) == (True, "timed_out")
    [paid] = [e for e in table.log() if e["type"] == "Paid"]
    assert (paid["payer"], paid["debt"], paid["paid"], paid["to_bank"], paid["how"]) == (
        1, 50, 50, ["money-50"], "table")
    version = table.version()
    assert table.fire()["applied"] is False           # again: A's turn is a day away
    assert table.version() == version
    assert [s["bank_value"] for s in table.view(0)["state"]["seats"]] == [80, 20]


def test_a_late_timer_answers_the_window_and_the_payment_gets_its_own(api, clock):
    """Nobody answers; the 08:10 timer runs late, at 09:00: the table lets the Banja stand
    for B (no Neda), and B's payment opens then, due at 09:10. A read before any timer
    already shows the window closed; B's Neda racing it is refused and changes nothing."""
    table = banja_on_b(api)
    respond = table.decision(1, "respond")
    clock.shift(WINDOW + 1)
    version = table.version()
    refused = table.move(1, "neda", {"decision": respond["id"]}, status=409)
    assert refused["error"]["message"] == (
        "That decision is not pending (it may have been answered or timed out)")
    assert table.version() == version
    seen = table.view(1)
    assert [p["kind"] for p in seen["pending"]] == ["pay"]
    clock.move_to(datetime(2026, 6, 1, 9, 0, tzinfo=UTC))
    assert table.fire()["reason"] == "timed_out"
    timed_out = [e for e in table.log() if e["type"] == "TimedOut"]
    assert [(e["player"], e["kind"]) for e in timed_out] == [(1, "respond")]
    pay = table.decision(1, "pay")
    assert pay["deadline"] == START + 3600 + WINDOW
    # B was away: the table's answer leaves B a payment, and B is told of it and its deadline.
    assert table.told(1)[-1] == ("sent", "You owe a payment",
                                 f"Pay {table.names[0]} 50M from your table by 09:10.")
    assert table.fire() == {"applied": False, "reason": "not_yet"}
    # B still holds its Neda: the table never plays one for anybody.
    assert "neda" in [c["face"] for c in table.view(1)["state"]["hand"]]


def test_two_answers_to_one_window_apply_once(api, clock):
    """B's accept sent twice with one Idempotency-Key applies once; a second accept without
    the key is refused (the window is closed) and changes nothing."""
    table = banja_on_b(api)
    respond = table.decision(1, "respond")
    first = table.move(1, "accept", {"decision": respond["id"]}, **{"idempotency-key": "b-1"})
    again = table.move(1, "accept", {"decision": respond["id"]}, **{"idempotency-key": "b-1"})
    assert first["version"] == again["version"] and first["events"] == again["events"]
    version = table.version()
    refused = table.move(1, "accept", {"decision": respond["id"]}, status=409)
    assert refused["error"]["code"] == "not_your_decision"
    assert table.version() == version
    assert [e["type"] for e in table.log()].count("Accepted") == 1


def test_quiet_hours_hold_the_notice_never_the_deadline(api, aws):
    """B's quiet hours are 22:00-07:00 UTC. A's Banja at 23:00 is held until 07:00; B's
    window still closes at 23:00 + the window (the default, a day, outlasts any night's
    quiet hours: B always wakes with the window open)."""
    discard_all()
    with travel(datetime(2026, 6, 1, 23, 0, tzinfo=UTC)) as clock:
        table = Table(api, 2, BANJA_HANDS, BANJA_DRAWS, response_window_seconds=DAY)
        quiet = {"start": "22:00", "end": "07:00", "timezone": "UTC"}
        api.ok("PUT", "/account/notifications", {"quiet_hours": quiet}, table.tokens[1])
        before = len(table.told(1))
        play_to_the_banja(table)
        assert [t for t in table.told(1)[before:] if t[0] != "held"] == []
        due = int(datetime(2026, 6, 2, 23, 0, tzinfo=UTC).timestamp())
        assert table.decision(1, "respond")["deadline"] == due
        held = table.told(1)[before:]
        assert held[-1] == ("held", "A card was played on you",
                            f"{table.names[0]} played Banja on you: Neda or pay 50M by Tue 23:00.")
        from timers import release_held

        account = table.account(1)
        # Everything quiet hours held for B: this game's notices and B's invitation to it.
        waiting = [n.status for n in NotificationRecord.query(account)].count("held")
        assert waiting == [t[0] for t in table.told(1)].count("held") + 1
        clock.move_to(datetime(2026, 6, 2, 7, 0, tzinfo=UTC))
        with running_as("ReleaseHeldFunction"):
            assert release_held.handler({"account_id": account}, None) == {"sent": waiting}
        assert {status for status, _, _ in table.told(1)} == {"sent"}
        assert table.decision(1, "respond")["deadline"] == due


# ---------------------------------------------------------------------------- views
def test_my_hand_to_me_only_counts_to_all_and_a_neda_invisible_until_played(api, clock):
    table = banja_on_b(api)
    a_view, b_view = table.view(0), table.view(1)
    assert [c["face"] for c in b_view["state"]["hand"]].count("neda") == 1
    assert a_view["state"]["hand"] is not None and len(a_view["state"]["hand"]) == 6
    for seen in (a_view, b_view):
        assert [s["hand_count"] for s in seen["state"]["seats"]] == [6, 5]
        assert "pile" not in seen["state"] and "seed" not in seen["state"]
        assert seen["state"]["options"].get("scripted") is None
    # Nothing A may read names B's Neda (or any card of B's hand) before it is played.
    b_hand = {c["id"] for c in b_view["state"]["hand"]}
    text = str(a_view) + str(api.ok("GET", f"/games/{table.id}/events?limit=500", None,
                                    table.tokens[0]))
    assert "'neda'" in text           # A's own Neda, in A's hand
    assert not [c for c in b_hand if c in text]
    a_log = api.ok("GET", f"/games/{table.id}/events?limit=500", None, table.tokens[0])["events"]
    drawn = [e for e in a_log if e["type"] == "CardsDrawn" and e["player"] == 1]
    assert drawn and all("cards" not in e for e in drawn)
    table.answer(1, "neda")
    a_log = api.ok("GET", f"/games/{table.id}/events?limit=500", None, table.tokens[0])["events"]
    assert [e["player"] for e in a_log if e["type"] == "NedaPlayed"] == [1]


@pytest.fixture(scope="module")
def mulodi_tables(aws):
    """A 3-seat Mulodi table per visibility: the owner (seat 0), a player (seat 1), a bot; a
    spectator invited by handle on the private one; a stranger; no token for anonymous."""
    from tests.apiclient import ApiClient

    api = ApiClient()
    tables = {}
    for public in (False, True):
        _, owner = api.sign_in()
        player, player_token = api.sign_in()
        spectator, spectator_token = api.sign_in()
        _, stranger = api.sign_in()
        body = {"table_size": 3, "ruleset": "mulodi",
                **({"public": True, "confirm_public": True} if public else {})}
        lobby_id = api.ok("POST", "/lobbies", body, owner, 201)["lobby_id"]
        if not public:
            api.ok("POST", f"/lobbies/{lobby_id}/invites", {"handle": player}, owner, 201)
            api.ok("POST", f"/lobbies/{lobby_id}/invites",
                   {"handle": spectator, "role": "spectator"}, owner, 201)
        api.ok("POST", f"/lobbies/{lobby_id}/join", None, player_token)
        api.ok("POST", f"/lobbies/{lobby_id}/bots", {"level": "base"}, owner)
        api.ok("POST", f"/lobbies/{lobby_id}/start",
               {"options": {"scripted": {"hands": [["money-10", "money-20"]]}}}, owner, 201)
        tables[public] = (lobby_id, {"owner": owner, "player": player_token,
                                     "spectator": spectator_token, "stranger": stranger,
                                     "anonymous": None})
    return tables


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("role", ROLES)
def test_reading_a_mulodi_game_shows_a_hand_to_its_seat_only(api, mulodi_tables, public, role):
    game_id, tokens = mulodi_tables[public]
    reply = api.call("GET", f"/games/{game_id}", token=tokens[role])
    assert reply.status == READ_GAME[public][role], reply.body
    if reply.status != 200:
        return
    seat = {"owner": 0, "player": 1}.get(role)
    state = reply.body["state"]
    assert reply.body["seat"] == seat and state["viewer"] == seat
    assert [s["hand_count"] for s in state["seats"]] == [7, 5, 5]
    assert state["hand"] is None if seat is None else len(state["hand"]) == [7, 5][seat]
    assert bool(reply.body["legal_actions"]) == (role == "owner")


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("role", ["spectator", "stranger", "anonymous", "player", "owner"])
def test_acting_at_a_mulodi_table(api, mulodi_tables, public, role):
    """The Mtaani matrix: the owner's move (banking 10M) is theirs; the player's attempt at
    the owner's decision is 409; spectators 403; strangers 404 on a private table."""
    game_id, tokens = mulodi_tables[public]
    owner_view = api.ok("GET", f"/games/{game_id}", None, tokens["owner"])
    ten = next(c["id"] for c in owner_view["state"]["hand"] if c["face"] == "money-10")
    reply = api.call("POST", f"/games/{game_id}/mulodi/bank", {"card": ten}, token=tokens[role])
    assert reply.status == ACT[public][role], reply.body
    if reply.status == 409:
        assert reply.error == "not_your_decision"
    if role == "owner":
        assert reply.body["game"]["state"]["seats"][0]["bank_value"] == 10
