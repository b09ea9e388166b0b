"""Jiji at the table (issue 19), through the HTTP API against moto with a frozen clock.

- A lobby offers Jiji with its seat range and table options.
- An auction needs nobody online: its opening tells every seat but the opener the district,
  the opening bid and the close (in the reader's time zone); each bid is a version-checked,
  idempotent request; a bid in the last 5% of the window moves the close to the bid's time
  plus 5% of the window (decisions file); the close is a Scheduler deadline; the winner pays
  and is told, the others hear who won at what price; a bot bids through the bot-turn
  function.
- Each deadline kind Jiji declares (an auction's close, the game clock, a deal's expiry)
  closes once, whether its timer runs on time, late or twice, and a move racing it is either
  in before it or refused after it; a read after it shows it closed before the timer runs.
- The game clock waits for an open auction, ends the game on wealth and tells everyone the
  standings; saving the game stops it and resuming gives it the time it had left.

Figures are worked out from the rulebook, the decisions file and the house values in
``engine/jiji/data/jiji.toml``: everyone starts with 37.7M; Korogocho (space 3) costs 700k
and its bare-land rent is 70k; a 100-second window's last 5% is 5 seconds.
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
from timers import bot_turn, deadline, schedule_deadline

T0 = datetime(2026, 6, 1, 8, 0, 0, tzinfo=UTC)
START = int(T0.timestamp())
KOROGOCHO = 3
CASH = 37_700_000
WEEK = 7 * 24 * 3600
DICE = {"dice": [[1, 2]]}      # whoever rolls first moves 3 spaces: onto Korogocho


@pytest.fixture
def clock(aws):
    discard_all()
    with travel(T0) as traveller:
        yield traveller


class Table:
    """A started Jiji game: its id, the players' tokens and handles in seat order, and the
    seat whose turn comes first (the highest opening roll)."""

    def __init__(self, api, players: int = 2, options: dict | None = None):
        self.api = api
        lobby_id, seats = api.new_lobby(players, ruleset="jiji", idle_timeout_seconds=WEEK)
        game = api.ok("POST", f"/lobbies/{lobby_id}/start", {"options": options or {}},
                      seats[0][1], 201)
        self.id = game["game_id"]
        self.names = [s["name"] for s in game["seats"]]
        self.tokens = [token for _, token in seats]
        self.first = game["state"]["cur"]

    @classmethod
    def of(cls, api, game_id: str, tokens: list[str | None]) -> Table:
        """A game made without a lobby (tokens: each seat's, ``None`` for a bot)."""
        table = cls.__new__(cls)
        table.api, table.id, table.tokens = api, game_id, tokens
        seen = table.view(next(i for i, t in enumerate(tokens) if t))
        table.names = [s["name"] for s in seen["seats"]]
        table.first = seen["state"]["cur"]
        return table

    def token(self, seat: int) -> str:
        return self.tokens[seat]

    def move(self, seat: int, move: str, body: dict | None = None, status: int = 200, **headers):
        reply = self.api.call("POST", f"/games/{self.id}/jiji/{move}", body, token=self.token(seat),
                              headers=headers or None)
        assert reply.status == status, (move, reply.status, reply.body)
        return reply.body

    def view(self, seat: int) -> dict:
        return self.api.ok("GET", f"/games/{self.id}", None, self.token(seat))

    def version(self) -> int:
        return DynamoGameStore().load(self.id).version

    def log(self) -> list[dict]:
        return DynamoGameStore().events(self.id, 0, 10_000)

    def types(self) -> list[str]:
        return [e["type"] for e in self.log()]

    def fire(self) -> dict:
        """The deadline timer's delivery (it passes whatever is due when it runs)."""
        with running_as("DeadlineFunction"):
            return deadline.handler({"game_id": self.id, "due": 0}, None)

    def schedules(self) -> list[int]:
        """The times of the game's deadline schedules."""
        client = boto3.client("scheduler")
        names = [s["Name"] for s in client.list_schedules(
            GroupName=os.environ["SCHEDULE_GROUP"], NamePrefix=f"dl-{self.id}")["Schedules"]]
        return sorted(int(n.rsplit("-", 1)[1]) for n in names)

    def schedule_pending(self) -> None:
        """Deliver this game's DecisionPending events to the deadline scheduler, as the bus does."""
        for event in delivered("DeadlineSchedulerFunction"):
            if event["detail"]["game_id"] == self.id:
                with running_as("DeadlineSchedulerFunction"):
                    schedule_deadline.handler(event, None)

    def told(self, seat: int, title: str) -> list[str]:
        """What the player at ``seat`` was told under ``title`` about this game (bus delivered)."""
        pump({"NotifyFunction"})
        account = self.api.ok("GET", "/account", None, self.token(seat))["account_id"]
        return [n.body for n in NotificationRecord.query(account)
                if n.game_id == self.id and n.title.split(" · ")[0] == title]


def open_auction(api, clock, players=2, opening=100_000, **options) -> Table:
    """Whoever starts rolls 1+2 onto Korogocho at START and puts it up for auction with
    ``opening`` (auction window 100 s unless ``options`` say otherwise)."""
    table = Table(api, players, {"auction_seconds": 100, "scripted": DICE, **options})
    table.move(table.first, "roll")
    table.move(table.first, "auction", {"opening_bid": opening})
    return table


# ---------------------------------------------------------------------------- the lobby
def test_a_lobby_offers_jiji_for_2_to_6_seats_with_its_table_options(api):
    _, token = api.sign_in()
    options = {"end": "clock", "clock_seconds": 3600, "auction_seconds": 50, "deal_seconds": 120}
    lobby = api.ok("POST", "/lobbies", {"ruleset": "jiji", "table_size": 6, "options": options,
                                        "idle_timeout_seconds": 300, "bot_delay_seconds": 3},
                   token, 201)
    assert (lobby["ruleset"], lobby["table_size"], lobby["bot_delay_seconds"]) == ("jiji", 6, 3)
    for size in (1, 7):
        assert api.call("POST", "/lobbies", {"ruleset": "jiji", "table_size": size},
                        token=token).status == 422
    for bad in ({"end": "sudden_death"}, {"auction_seconds": 9}, {"clock_seconds": 59},
                {"deal_seconds": 0}, {"surprise": 1}):
        reply = api.call("POST", "/lobbies", {"ruleset": "jiji", "table_size": 2, "options": bad},
                         token=token)
        assert reply.status == 422, bad
    guide = api.ok("GET", "/rulesets/jiji/guide")
    assert (guide["min_players"], guide["max_players"], guide["game"]) == (2, 6, "jiji")
    fields = guide["table_options"]["properties"]
    assert fields["end"]["enum"] == ["last_standing", "clock"]
    assert {"clock_seconds", "auction_seconds", "deal_seconds"} <= set(fields)
    # The live table's figures are the rulebook's: an hour's clock, a 50-second auction.
    assert guide["auction"]["live_seconds"] == 50


def test_a_table_starts_with_a_lobby_idle_timeout_under_a_minute():
    """The deployment's default idle timeout may be seconds (the local stack's tests use 2):
    the table takes the lobby's idle timeout as its own, whatever it is."""
    import engine

    state = engine.new_game("jiji", ["a", "b"], 1, {"idle_timeout_seconds": 2})
    assert engine.pending(state)[0].deadline.seconds == 2


def test_no_game_names_its_events_as_the_service_names_its_own():
    """A game's event of the same type as a service event (Jiji's clocks restarting was
    "GameResumed", like the owner's resume) would be shown, forwarded and worded as the
    service's."""
    import engine
    from service import pipeline, views

    for name in engine.rulesets():
        shapes = set(engine.get_ruleset(name).event_shapes)
        assert shapes & (set(views.SERVICE_EVENT_SHAPES) | pipeline.LIFECYCLE_EVENTS) == set(), name


# ---------------------------------------------------------------------------- an auction
def test_an_auction_runs_without_anyone_online_and_closes_on_its_schedule(api, clock):
    table = open_auction(api, clock, players=3, opening=100_000)
    a, b, c = table.first, (table.first + 1) % 3, (table.first + 2) % 3
    # Everyone but the opener is told the district, the opening bid and the close (08:01:40
    # UTC, a reader without a time zone's words: "08:01").
    assert table.told(b, "Auction") == table.told(c, "Auction") == [
        "Auction: Korogocho, opening bid 100k, closes 08:01."]
    assert table.told(a, "Auction") == []
    table.schedule_pending()
    assert table.schedules() == [START + 100]        # the close is a Scheduler deadline

    # A bid is a request: a stale version is refused, a retried one applies once.
    clock.shift(10)
    version = table.version()
    stale = table.move(b, "bid", {"amount": 150_000, "version": version - 1}, status=409)
    assert stale["error"]["code"] == "stale_version"
    first = table.move(b, "bid", {"amount": 150_000, "version": version}, **{"idempotency-key": "b-1"})
    again = table.move(b, "bid", {"amount": 150_000, "version": version}, **{"idempotency-key": "b-1"})
    assert first == again and first["version"] == version + 1
    assert [e["amount"] for e in table.log() if e["type"] == "BidPlaced"] == [150_000]
    too_low = table.move(c, "bid", {"amount": 150_000}, status=409)
    assert too_low["error"]["message"] == "outbid: the bid is now M150,000; bid M160,000 at least"

    # C bids 4 seconds before the close: inside the last 5% (5 s), so the close moves to the
    # bid's time plus 5 s.
    clock.shift(86)
    placed = table.move(c, "bid", {"amount": 200_000})
    [event] = [e for e in placed["events"] if e["type"] == "BidPlaced"]
    assert (event["closes"], event["extended"]) == (START + 101, True)
    table.schedule_pending()                         # B, outbid, may bid again: announced
    assert table.schedules() == [START + 100, START + 101]

    # The first schedule fires at the old close: nothing is due, nothing changes.
    clock.shift(4)
    version = table.version()
    assert table.fire() == {"applied": False, "reason": "not_yet"}
    assert table.version() == version
    # B's bid racing the close is refused whole; a read shows the auction closed before any
    # timer ran, and nothing was written.
    clock.shift(1)
    refused = table.move(b, "bid", {"amount": 250_000}, status=409)
    assert refused["error"]["code"] == "illegal_action"
    view = table.view(a)
    assert view["state"]["auction"] is None and view["version"] == version
    assert view["state"]["districts"][str(KOROGOCHO)]["owner"] == c
    assert [p["cash"] for p in view["state"]["players"]] == [
        CASH - 200_000 if seat == c else CASH for seat in range(3)]
    # The timer saves the close once, however often it is delivered.
    assert table.fire()["reason"] == "timed_out"
    version = table.version()
    assert table.fire() == {"applied": False, "reason": "not_yet"}   # the turn holder's next
    assert table.version() == version
    closed = [e for e in table.log() if e["type"] == "AuctionClosed"]
    assert [(e["winner"], e["price"], e["bids"]) for e in closed] == [(c, 200_000, 3)]
    assert table.types().count("BidPlaced") == 2
    # The winner is told; the others hear who won at what price.
    assert table.told(c, "Auction closed") == ["You won the auction of Korogocho for 200k."]
    for seat in (a, b):
        assert table.told(seat, "Auction closed") == [
            f"{table.names[c]} won the auction of Korogocho for 200k."]


def test_a_bot_bids_on_its_own_and_wins_at_the_close(api, clock):
    """A person and a Base bot (no pause between bot moves); the person starts (a seed whose
    opening roll is theirs) and opens the auction of Korogocho at 10k: the bot-turn function,
    cued by the move, bids half the way from the least bid (20k) to its limit (Base bids up
    to the price, 700k): 20k + 340k = 360k; nobody bids again and the bot wins at the close,
    paying 360k."""
    import engine
    from service import pipeline
    from service.accounts import bot_id

    _, token = api.sign_in()
    account = api.ok("GET", "/account", None, token)["account_id"]
    seats = [account, bot_id("base", 1)]
    seed = next(n for n in range(100) if engine.new_game("jiji", seats, n, {}).cur == 0)
    options = {"auction_seconds": 100, "idle_timeout_seconds": WEEK, "scripted": DICE}
    created = pipeline.create_game("jiji", seats, options, seed=seed, owner=account,
                                   game_id=f"jiji-bot-{os.urandom(6).hex()}",
                                   table={"bot_delay": 0})
    table = Table.of(api, created.game.game_id, [token, None])
    discard_all()
    table.move(0, "roll")
    table.move(0, "auction", {"opening_bid": 10_000})
    opened = table.version()
    [cue] = [e for e in delivered("BotTurnFunction") if e["detail"]["game_id"] == table.id]
    assert cue["detail"]["seats"] == [1]
    with running_as("BotTurnFunction"):
        assert bot_turn.handler(cue, None) == {"moves": 1, "stopped": "waiting"}
    assert table.view(0)["state"]["auction"]["bids"] == [[0, 10_000], [1, 360_000]]
    assert table.version() == opened + 1
    clock.shift(100)
    assert table.fire()["reason"] == "timed_out"
    view = table.view(0)
    assert view["state"]["districts"][str(KOROGOCHO)]["owner"] == 1
    assert [p["cash"] for p in view["state"]["players"]] == [CASH, CASH - 360_000]
    assert table.told(0, "Auction closed") == ["Base bot 1 won the auction of Korogocho for 360k."]


# ---------------------------------------------------------------------------- deadline kinds
class Kind:
    """One of Jiji's hard deadlines, set up to pass at ``due``: ``closed(table)`` checks what
    the table did when it passed (from a view: the read shows it before any timer runs),
    ``race(table)`` is a move made in the second it passes (refused: the close comes first),
    ``event``: the log item that closing it writes, once."""

    name = ""
    event = ""

    def setup(self, api, clock) -> Table: ...
    def closed(self, table: Table) -> None: ...
    def race(self, table: Table) -> None: ...


class AuctionClose(Kind):
    """The starter opens Korogocho at 100k at START (window 100 s); the other bids 150k at
    START+10 and wins it at START+100, paying 150k."""

    name, event, due = "auction_close", "AuctionClosed", START + 100

    def setup(self, api, clock):
        table = open_auction(api, clock)
        clock.shift(10)
        table.move(1 - table.first, "bid", {"amount": 150_000})
        return table

    def closed(self, table):
        state = table.view(table.first)["state"]
        other = 1 - table.first
        assert state["auction"] is None
        assert state["districts"][str(KOROGOCHO)]["owner"] == other
        assert state["players"][other]["cash"] == CASH - 150_000
        assert state["players"][table.first]["cash"] == CASH

    def race(self, table):
        reply = table.move(table.first, "bid", {"amount": 200_000}, status=409)
        assert reply["error"]["code"] == "illegal_action"


class GameClock(Kind):
    """A 600-second clock from the first roll (START): the starter buys Korogocho (700k).
    At START+600 wealth decides: the other keeps 37.7M; the starter 37.0M cash plus
    Korogocho's rent value 70k, 37.07M. The other wins."""

    name, event, due = "game_clock", "GameFinished", START + 600
    ends_game = True

    def setup(self, api, clock):
        table = Table(api, 2, {"end": "clock", "clock_seconds": 600, "scripted": DICE})
        table.move(table.first, "roll")
        table.move(table.first, "buy")
        return table

    def closed(self, table):
        view = table.view(table.first)
        other = 1 - table.first
        assert view["status"] == "finished"
        assert view["outcome"] == {"termination": "clock", "winner": other}
        standings = {r["player"]: (r["cash"], r["districts"], r["wealth"])
                     for r in view["state"]["over"]["standings"]}
        assert standings == {table.first: (CASH - 700_000, 70_000, CASH - 630_000),
                             other: (CASH, 0, CASH)}

    def race(self, table):
        reply = table.move(table.first, "end-turn", status=409)
        assert reply["error"]["code"] == "game_over"


class DealExpiry(Kind):
    """The starter offers the other 10k for nothing at START; the table's deal time is 300 s:
    at START+300 the offer lapses and nobody's cash moves."""

    name, event, due = "offer_expiry", "DealClosed", START + 300

    def setup(self, api, clock):
        table = Table(api, 2, {"deal_seconds": 300})
        table.move(table.first, "propose-deal", {"to": 1 - table.first, "give_cash": 10_000})
        return table

    def closed(self, table):
        view = table.view(1 - table.first)
        assert view["state"]["deals"] == []
        assert "deal" not in {p["kind"] for p in view["pending"]}
        assert [p["cash"] for p in view["state"]["players"]] == [CASH, CASH]

    def race(self, table):
        reply = table.move(1 - table.first, "accept-deal", {"deal": self.deal(table)}, status=409)
        assert reply["error"]["message"].startswith("there is no open deal")

    @staticmethod
    def deal(table):
        return next(e["deal"] for e in table.log() if e["type"] == "DealOffered")


KINDS = [AuctionClose(), GameClock(), DealExpiry()]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
@pytest.mark.parametrize("when", ["on_time", "late", "twice"])
def test_each_deadline_kind_closes_once_on_time_late_or_delivered_twice(api, clock, kind, when):
    table = kind.setup(api, clock)
    table.schedule_pending()
    assert kind.due in table.schedules()             # its timer is a Scheduler schedule
    held = [p for p in table.view(table.first)["pending"] if p["deadline_kind"] == kind.name]
    assert held and {p["deadline"] for p in held} == {kind.due}
    clock.move_to(kind.due - 1)
    assert table.fire() == {"applied": False, "reason": "not_yet"}
    clock.move_to(kind.due + (3600 if when == "late" else 0))
    version = table.version()
    kind.closed(table)                               # a read: closed before any timer ran
    if getattr(kind, "ends_game", False):
        # A close that ends the game is saved by the read that finds it (the write that
        # unseals it: issue 32.2); the timer then finds nothing to do.
        assert table.version() == version + 1
        assert table.fire()["applied"] is False
    else:
        assert table.version() == version            # (and nothing written by it)
        assert table.fire()["applied"] is True
    kind.closed(table)
    if when == "twice":
        version = table.version()
        assert table.fire()["applied"] is False
        assert table.version() == version
    logged = [e for e in table.log() if e["type"] == kind.event]
    assert len(logged) == 1
    applied = [e for e in table.log() if e["type"] == "ActionApplied" and e.get("by") == "table"]
    assert [e["action"]["now"] for e in applied] == [kind.due + (3600 if when == "late" else 0)]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_a_move_racing_each_deadline_kind_is_refused_after_it_and_the_close_is_kept(api, clock, kind):
    table = kind.setup(api, clock)
    clock.move_to(kind.due)
    version = table.version()
    kind.race(table)                                 # refused whole: nothing written
    assert table.version() == version
    kind.closed(table)
    table.fire()
    kind.closed(table)
    assert [e["type"] for e in table.log()].count(kind.event) == 1


# ---------------------------------------------------------------------------- the game clock
def test_the_clock_waits_for_the_open_auction_then_ends_the_game_and_tells_the_standings(api, clock):
    """A 600-second clock from the first roll (START). The starter, on Korogocho, puts it up
    for auction at START+590 with 100k (window 100 s: closes at START+690). At START+600 the
    clock has run out but the auction is open: the game waits. At START+690 the starter wins
    their own auction at 100k (nobody bid) and the game ends: the starter has 37.6M cash and
    Korogocho's rent value 70k, 37.67M; the other 37.7M, and wins."""
    table = Table(api, 2, {"end": "clock", "clock_seconds": 600, "auction_seconds": 100,
                           "scripted": DICE})
    a, b = table.first, 1 - table.first
    table.move(a, "roll")
    table.schedule_pending()
    clock.move_to(START + 590)
    table.move(a, "auction", {"opening_bid": 100_000})
    table.schedule_pending()
    assert table.schedules()[:2] == [START + 600, START + 690]   # (then the idle turn's)
    clock.move_to(START + 600)
    assert table.fire() == {"applied": False, "reason": "not_yet"}
    assert table.view(b)["status"] == "active"
    clock.move_to(START + 690)
    assert table.fire()["reason"] == "timed_out"
    view = table.view(b)
    assert view["outcome"] == {"termination": "clock", "winner": b}
    assert view["state"]["districts"][str(KOROGOCHO)]["owner"] == a
    assert [e["type"] for e in table.log() if e["type"] in ("AuctionClosed", "GameFinished")] == [
        "AuctionClosed", "GameFinished"]
    standings = f"Wealth: {table.names[b]} 37.7M, {table.names[a]} 37.67M."
    assert table.told(a, "Game over") == [
        f"{table.names[b]} won. The game clock ran out: the richest wins. {standings}"]
    assert table.told(b, "Game over") == [f"You won! The game clock ran out: the richest wins. {standings}"]
    assert table.fire() == {"applied": False, "reason": "finished"}


def test_saving_the_game_stops_the_clock_and_resuming_gives_it_the_time_it_had_left(api, clock):
    """A 3600-second clock from the first roll (START) would end at START+3600. The owner
    saves at START+1000 (2600 s left) and resumes at START+5000: it ends at START+7600."""
    table = Table(api, 2, {"end": "clock", "clock_seconds": 3600, "scripted": DICE})
    owner = 0
    table.move(table.first, "roll")
    table.schedule_pending()
    assert START + 3600 in table.schedules()
    clock.move_to(START + 1000)
    saved = table.api.ok("POST", f"/games/{table.id}/save", None, table.token(owner))
    assert saved["status"] == "saved" and saved["state"]["paused_at"] == START + 1000
    assert table.schedules() == []                   # its timers stop with it
    clock.move_to(START + 4000)                      # past the old end: a late timer does nothing
    version = table.version()
    assert table.fire() == {"applied": False, "reason": "saved"}
    assert table.view(1 - owner)["status"] == "saved" and table.version() == version
    clock.move_to(START + 5000)
    resumed = table.api.ok("POST", f"/games/{table.id}/resume", None, table.token(owner))
    assert resumed["state"]["clock_end"] == START + 7600
    [event] = [e for e in table.log() if e["type"] == "ClocksRestarted"]
    assert (event["shift"], event["clock_ends"]) == (4000, START + 7600)
    [clock_decision] = [p for p in resumed["pending"] if p["deadline_kind"] == "game_clock"]
    assert clock_decision["deadline"] == START + 7600
    table.schedule_pending()
    assert START + 7600 in table.schedules()
    clock.move_to(START + 7599)
    assert table.fire() == {"applied": False, "reason": "not_yet"}
    clock.move_to(START + 7600)
    assert table.fire()["applied"] is True
    assert table.view(owner)["outcome"]["termination"] == "clock"
