"""Standing orders at a table (issue 31, section 1) over the template's routes, against moto,
on Siri (:mod:`tests.siri`: its orders guess once the public hints leave few cards, else pass):
``GET``/``PUT /games/{id}/orders``, who may read and set them, the pipeline following them in
the write of the move (or timer) that hands a seat its turn, what they did, and that nobody
else ever reads them."""

from __future__ import annotations

import json

import pytest

from tests.siri.conftest import siri as _siri  # noqa: F401  (Siri registered for each test)

pytestmark = pytest.mark.usefixtures("_siri", "_bus_left_clean")


@pytest.fixture
def _bus_left_clean(api):
    """Siri leaves the registry after each test: the bus events its tables left behind (a stop's
    DecisionPending, an orders' cue) are dropped with it, or a later test that pumps the bus
    would hand them to a function that no longer knows the game."""
    from tests.service.buspump import discard_all

    yield
    discard_all()

RECOMMENDED = {"guess_when_left": 1, "pass_turns": True}
STOP = {"guess_when_left": 0, "pass_turns": False}
"""Orders that never move: every turn waits for the player."""


def _table(api, *, owner_seated: bool = True):
    """A Siri table of two signed-in people dealt by the pipeline (as a lobby's start does):
    ``(game_id, [(account_id, token), (account_id, token)], card, owner_token)``."""
    from service import pipeline

    people = [api.sign_in()[1] for _ in range(2 if owner_seated else 3)]
    ids = [api.ok("GET", "/account", None, token)["account_id"] for token in people]
    owner = ids[0] if owner_seated else ids[2]
    created = pipeline.create_game("siri", ids[:2], {}, owner=owner)
    card = created.game.state.card
    return created.game.game_id, list(zip(ids[:2], people[:2], strict=True)), card, people[-1]


def _wrong(card: int, *others: int) -> int:
    """A card that is not ``card`` (nor any of ``others``), from the top."""
    return next(c for c in range(9, 0, -1) if c != card and c not in others)


def test_put_then_get_round_trip(api):
    game_id, seats, _, _ = _table(api)
    token = seats[0][1]
    empty = api.ok("GET", f"/games/{game_id}/orders", None, token)
    assert empty["orders"] is None and empty["seat"] == 0 and empty["did"] == []
    assert empty["recommended"] == RECOMMENDED
    assert set(empty["schema"]["properties"]) == set(RECOMMENDED)
    assert empty["schema"]["properties"]["pass_turns"]["title"] == "Pass my other turns"
    before = api.ok("GET", f"/games/{game_id}", None, token)["version"]
    put = api.ok("PUT", f"/games/{game_id}/orders", {"orders": {"pass_turns": False}}, token)
    assert put["orders"] == {"guess_when_left": 1, "pass_turns": False}   # the rest: recommended
    assert api.ok("GET", f"/games/{game_id}/orders", None, token)["orders"] == put["orders"]
    # Nothing else changed: every reader's version is as it was, and the turn still waits.
    view = api.ok("GET", f"/games/{game_id}", None, token)
    assert view["version"] == before and view["decision"]["player"] == 0
    assert api.ok("GET", f"/games/{game_id}", None, seats[1][1])["version"] == before
    cleared = api.ok("PUT", f"/games/{game_id}/orders", {"orders": None}, token)
    assert cleared["orders"] is None
    assert api.ok("GET", f"/games/{game_id}/orders", None, token)["orders"] is None


@pytest.fixture
def dynamo_calls(monkeypatch):
    """Every DynamoDB call made in this test from then on, as ``(operation, table name)``."""
    from botocore.client import BaseClient

    calls: list[tuple[str, str | None]] = []
    original = BaseClient._make_api_call

    def counted(client, operation, params):
        if client.meta.service_model.endpoint_prefix == "dynamodb":
            calls.append((operation, params.get("TableName")))
        return original(client, operation, params)

    monkeypatch.setattr(BaseClient, "_make_api_call", counted)
    return calls


def test_orders_set_during_the_seats_own_turn_act_at_once(api, dynamo_calls):
    """Seat 0's turn waits; its person sets orders that pass a turn: the orders pass it in a
    write of their own, so seat 1 holds the turn when the PUT answers, and ``did`` says so:
    the PUT's answer from that write, without reading the person's presence (they are at the
    table, and their look told them the rest)."""
    from service.config import settings

    game_id, seats, _, _ = _table(api)
    before = api.ok("GET", f"/games/{game_id}", None, seats[1][1])["version"]
    dynamo_calls.clear()
    put = api.ok("PUT", f"/games/{game_id}/orders",
                 {"orders": {"guess_when_left": 0, "pass_turns": True}}, seats[0][1])
    assert put["orders"] == {"guess_when_left": 0, "pass_turns": True}
    assert [entry["action"]["type"] for entry in put["did"]] == ["pass"]
    assert ("GetItem", settings().presence_table) not in dynamo_calls
    view = api.ok("GET", f"/games/{game_id}", None, seats[1][1])
    assert view["decision"]["player"] == 1 and view["version"] == before + 1
    did = api.ok("GET", f"/games/{game_id}/orders", None, seats[0][1])["did"]
    assert [entry["action"]["type"] for entry in did] == ["pass"]
    # Orders that make nothing now (cleared, or a stop) write nothing.
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": STOP}, seats[1][1])
    assert api.ok("GET", f"/games/{game_id}", None, seats[1][1])["version"] == before + 1


@pytest.mark.parametrize(("orders", "field"), [
    ({"guess_when_left": 10}, "orders.guess_when_left"),
    ({"guess_when_left": -1}, "orders.guess_when_left"),
    ({"guess_when_left": "many"}, "orders.guess_when_left"),
    ({"pass_turns": "sometimes"}, "orders.pass_turns"),
    ({"shout": True}, "orders.shout"),
])
def test_a_bad_field_is_422_naming_it_and_changes_nothing(api, orders, field):
    game_id, seats, _, _ = _table(api)
    token = seats[0][1]
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": STOP}, token)
    reply = api.call("PUT", f"/games/{game_id}/orders", {"orders": orders}, token)
    assert reply.status == 422 and reply.body["error"]["message"].startswith(field), reply.body
    assert api.ok("GET", f"/games/{game_id}/orders", None, token)["orders"] == STOP


def test_malformed_bodies_are_422(api):
    game_id, seats, _, _ = _table(api)
    for body in ({}, {"orders": [1]}, {"orders": {}, "seat": 1}, {"orders": "pass"}):
        reply = api.call("PUT", f"/games/{game_id}/orders", body, seats[0][1])
        assert reply.status == 422 and reply.error == "invalid_request", body


def test_a_game_without_orders(api, monkeypatch):
    """A game that declares no orders (every game we ship declares them; Siri's are taken away
    here) answers GET with nothing to set and refuses a PUT in words."""
    import engine

    monkeypatch.setattr(engine.get_ruleset("siri"), "standing_orders", None)
    game_id, seats, _, _ = _table(api)
    token = seats[0][1]
    body = api.ok("GET", f"/games/{game_id}/orders", None, token)
    assert (body["orders"], body["recommended"], body["schema"], body["did"]) == (None, None, None, [])
    reply = api.call("PUT", f"/games/{game_id}/orders", {"orders": {}}, token)
    assert reply.status == 422 and reply.body["error"]["message"] == "this game has no standing orders"


def test_who_may_read_and_set_orders(api):
    game_id, _, _, owner = _table(api, owner_seated=False)
    _, stranger = api.sign_in()
    for method, body in (("GET", None), ("PUT", {"orders": RECOMMENDED})):
        path = f"/games/{game_id}/orders"
        assert api.call(method, path, body).status == 401
        assert api.call(method, path, body, stranger).status == 404      # a private table
        assert api.call(method, "/games/nope/orders", body, stranger).status == 404
        watcher = api.call(method, path, body, owner)                   # the owner, not seated
        assert watcher.status == 403 and watcher.error == "not_seated"


def test_orders_are_closed_once_the_game_is_over(api):
    from service import pipeline

    game_id, seats, card, _ = _table(api)
    pipeline.act(game_id, seats[0][0], {"type": "guess", "card": card})
    reply = api.call("PUT", f"/games/{game_id}/orders", {"orders": RECOMMENDED}, seats[0][1])
    assert reply.status == 409 and reply.error == "game_over"
    assert api.ok("GET", f"/games/{game_id}/orders", None, seats[0][1])["orders"] is None


def test_the_orders_routes_are_in_openapi():
    """``/openapi.json`` is built from every API module's router (``api.openapi``): this one's
    operations carry their request and answer models."""
    from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

    from api import games_orders

    resolver = APIGatewayHttpResolver(enable_validation=True)
    resolver.include_router(games_orders.router)
    document = json.loads(resolver.get_openapi_json_schema(title="t", version="1"))
    operations = document["paths"]["/games/{game_id}/orders"]
    assert set(operations) == {"get", "put"}
    body = operations["put"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["$ref"].endswith("OrdersIn")
    answer = operations["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer["$ref"].endswith("OrdersOut")
    shape = document["components"]["schemas"]["OrdersOut"]["properties"]
    assert set(shape) == {"game_id", "seat", "orders", "recommended", "schema", "did"}
    assert {"401", "403", "404", "409", "422"} <= set(operations["put"]["responses"])


# --- The pipeline follows the orders in the write that hands a seat its decision ------------

PASSING = {"guess_when_left": 0, "pass_turns": True}
"""Orders that pass every turn and never guess."""
T0 = 1_780_000_000
"""A frozen clock for the tests that read what the orders did (a look counts to the minute)."""


@pytest.fixture
def bus_items(monkeypatch):
    """Every item the pipeline puts on the bus in this test, as ``(detail-type, detail)``."""
    from service import bus

    items: list[tuple[str, dict]] = []
    monkeypatch.setattr(bus, "publish_many", lambda batch, source=None: items.extend(batch))
    return items


def _log(game_id, after=0):
    from service.storage import DynamoGameStore

    return DynamoGameStore().events(game_id, after, 1000)


def _applied(items):
    return [(e["action"]["type"], e["action"].get("player"), e.get("by")) for e in items
            if e["type"] == "ActionApplied"]


def _version(game_id):
    from service.storage import DynamoGameStore

    return int(DynamoGameStore().load(game_id).record.version)


def test_an_order_moves_in_the_write_of_the_move_that_hands_its_seat_the_turn(api, bus_items):
    """Seat 0 guesses wrong in person; seat 1's orders pass its turn in the same write: one
    version step, the pass logged ``"by": "order"``, the turn back with seat 0 (who has no
    orders: a stop), and only seat 1 reads what its orders did."""
    import time_machine

    from service import pipeline

    with time_machine.travel(T0, tick=False) as clock:
        game_id, seats, card, _ = _table(api)
        (a_id, a), (_, b) = seats
        api.ok("PUT", f"/games/{game_id}/orders", {"orders": RECOMMENDED}, b)
        before = _version(game_id)
        seen = [api.ok("GET", f"/games/{game_id}", None, t)["version"] for t in (a, b)]
        count = len(_log(game_id))
        clock.shift(120)
        wrong = _wrong(card, card - 1, card + 1)           # leaves more than one card possible
        bus_items.clear()
        result = pipeline.act(game_id, a_id, {"type": "guess", "card": wrong})
        assert _version(game_id) == before + 1             # one write, one version step
        new = _log(game_id, count)
        assert _applied(new) == [("guess", 0, None), ("pass", 1, "order")]
        assert {e["step"] for e in new} == {new[0]["step"]} and {e["at"] for e in new} == {T0 + 120}
        assert result.state.turn == 0 and result.state.turns == 2
        assert [d.player for d in result.pending] == [0]
        # What the orders did: seat 1 sees its pass; seat 0 has no orders, so nothing.
        did = api.ok("GET", f"/games/{game_id}/orders", None, b)["did"]
        order_seq = next(e["seq"] for e in new if e.get("by") == "order")
        assert did == [{"seq": order_seq, "at": T0 + 120, "action": {"type": "pass", "player": 1},
                        "events": [{"type": "Passed", "player": 1, "by": "player"}]}]
        assert api.ok("GET", f"/games/{game_id}/orders", None, b)["did"] == []  # looked since
        assert api.ok("GET", f"/games/{game_id}/orders", None, a)["did"] == []
        assert [api.ok("GET", f"/games/{game_id}", None, t)["version"] for t in (a, b)] == [
            v + 1 for v in seen]                            # each reader's: one step too
    # Nobody is told of the turn the orders passed: seat 1's decision is never announced, and
    # seat 0, who just moved, holds the next one (no turn notification).
    pending = [d for kind, d in bus_items if kind == pipeline.DECISION_PENDING]
    assert [(d["event"]["player"], d["passed"]) for d in pending] == [(0, False)]


def test_a_stop_waits_for_the_person_and_notifies_as_today(api, bus_items):
    from service import pipeline

    game_id, seats, card, _ = _table(api)
    (a_id, _), (_, b) = seats
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": {"pass_turns": False}}, b)
    count = len(_log(game_id))
    bus_items.clear()
    result = pipeline.act(game_id, a_id, {"type": "guess", "card": _wrong(card, card - 1, card + 1)})
    assert _applied(_log(game_id, count)) == [("guess", 0, None)]
    assert [d.player for d in result.pending] == [1]
    pending = [d for kind, d in bus_items if kind == pipeline.DECISION_PENDING]
    assert [(d["event"]["player"], d["passed"], d["actor"]) for d in pending] == [(1, True, "human")]


def test_a_timer_that_hands_a_seat_its_turn_follows_its_orders(api):
    """Seat 0 is away: the idle-turn timer passes their turn (the table's move), and seat 1's
    orders pass theirs in the timer's own write."""
    import time_machine

    from timers import deadline

    with time_machine.travel(T0, tick=False) as clock:
        game_id, seats, _, _ = _table(api)
        api.ok("PUT", f"/games/{game_id}/orders", {"orders": PASSING}, seats[1][1])
        before, count = _version(game_id), len(_log(game_id))
        clock.shift(3600)                                   # Siri's idle turn: an hour
        assert deadline.fire(game_id)["applied"] is True
    assert _applied(_log(game_id, count)) == [("timeout", 0, "table"), ("pass", 1, "order")]
    assert _version(game_id) == before + 1


def test_a_bots_move_that_hands_a_seat_its_turn_follows_its_orders(api):
    """Seat 0 is a bot: its move (the bot-turn function's) hands seat 1 its turn, and seat 1's
    orders pass it in the bot's write."""
    from service import accounts, botplay, pipeline

    token = api.sign_in()[1]
    person = api.ok("GET", "/account", None, token)["account_id"]
    game_id = pipeline.create_game("siri", [accounts.bot_id("base", 1), person], {},
                                   owner=person).game.game_id
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": PASSING}, token)
    before, count = _version(game_id), len(_log(game_id))
    run = botplay.play(game_id, delay=0, budget=10, max_moves=1)
    assert run.moves == 1 and _version(game_id) == before + 1
    bot_move, order_move = _applied(_log(game_id, count))
    assert bot_move[1:] == (0, None) and order_move == ("pass", 1, "order")


def test_orders_stopped_at_the_limit_go_on_in_a_fresh_invocation(api, bus_items, monkeypatch):
    """With the limit at 2 moves a write, orders left with more to do are cued to the bot-turn
    function (``"orders": true``), which carries them on, two a write, to the game's end (its
    turn cap). Here seat 1 sets passing orders off its turn (nothing moves), then seat 0 sets
    them during its own turn: they act at once, and the PUT's write hits the limit; then a
    person's move on a table whose orders are left half done is cued the same way."""
    from service import pipeline
    from timers import bot_turn

    monkeypatch.setattr(pipeline, "ORDER_MOVES_PER_WRITE", 2)
    game_id, seats, _, _ = _table(api)
    before, count = _version(game_id), len(_log(game_id))
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": PASSING}, seats[1][1])
    assert _applied(_log(game_id, count)) == []             # not seat 1's turn: nothing moved
    bus_items.clear()
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": PASSING}, seats[0][1])
    # Each PUT is one write of the orders; then one write of two passes by order.
    assert _version(game_id) == before + 3
    assert _applied(_log(game_id, count)) == [("pass", 0, "order"), ("pass", 1, "order")]
    [cue] = [d for kind, d in bus_items if kind == pipeline.BOTS_TO_MOVE]
    assert cue["orders"] is True and cue["seats"] == []
    ran = bot_turn.handler({"detail-type": pipeline.BOTS_TO_MOVE, "detail": cue}, None)
    assert ran["stopped"] == "finished"
    moves = _applied(_log(game_id, count))
    assert {m[2] for m in moves} == {"order"} and {m[0] for m in moves} == {"pass"}
    turns = 30                                              # Siri's turn cap
    # The PUT's write made 2 moves; the other 28 went two a write: 14 writes more.
    assert len(moves) == turns and _version(game_id) == before + 3 + 14


def test_a_persons_move_that_leaves_orders_more_than_a_write_cues_them(api, bus_items,
                                                                       monkeypatch):
    """Seat 1 on passing orders, seat 0 on orders that never move (it plays in person): seat
    0's guess hands seat 1 its turn, the orders pass it (1 move), then seat 0 waits: nothing
    left, no cue. With seat 0 passing too and the limit at 1, the person's guess leaves the
    orders more to do: its write is cued (``"orders": true``)."""
    from service import pipeline

    game_id, seats, card, _ = _table(api)
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": PASSING}, seats[1][1])
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": STOP}, seats[0][1])
    bus_items.clear()
    first = pipeline.act(game_id, seats[0][0], {"type": "guess", "card": _wrong(card)})
    assert not first.orders_left and first.state.turns == 2  # the guess and seat 1's pass
    assert not [d for kind, d in bus_items if kind == pipeline.BOTS_TO_MOVE]
    monkeypatch.setattr(pipeline, "ORDER_MOVES_PER_WRITE", 1)
    # Seat 0 now passes by order too, but sets it through the store (no PUT's own write).
    from service import standing_orders
    from service.storage import DynamoGameStore

    store = DynamoGameStore()
    game = store.load(game_id)
    standing_orders._store(game.record, {0: PASSING, 1: PASSING})
    store.update_fields(game, ("orders",))
    bus_items.clear()
    second = pipeline.act(game_id, seats[0][0], {"type": "guess", "card": _wrong(card, _wrong(card))})
    assert second.orders_left and second.state.turns == first.state.turns + 2
    [cue] = [d for kind, d in bus_items if kind == pipeline.BOTS_TO_MOVE]
    assert cue["orders"] is True


def test_a_write_cut_at_the_limit_tells_nobody_of_a_decision_its_orders_make_next(
        api, bus_items, monkeypatch):
    """Both seats pass by order; the limit is 2 moves a write. Seat 0's guess, then seat 1's
    pass and seat 0's pass by order fill the write: seat 1 holds the turn when it is cut, and
    its orders pass it in the next write (the bot-turn function's). Seat 1 is not told of that
    turn (it was, before: a turn that passed to it from seat 0); the cue carries the orders on,
    and their next write tells nobody either (every turn after is passed by order)."""
    from service import pipeline, standing_orders
    from service.storage import DynamoGameStore
    from timers import bot_turn

    monkeypatch.setattr(pipeline, "ORDER_MOVES_PER_WRITE", 2)
    game_id, seats, card, _ = _table(api)
    store = DynamoGameStore()
    game = store.load(game_id)
    standing_orders._store(game.record, {0: PASSING, 1: PASSING})   # no PUT's own write
    store.update_fields(game, ("orders",))
    count = len(_log(game_id))
    bus_items.clear()
    cut = pipeline.act(game_id, seats[0][0], {"type": "guess", "card": _wrong(card)})
    assert _applied(_log(game_id, count)) == [("guess", 0, None), ("pass", 1, "order"),
                                              ("pass", 0, "order")]
    assert cut.orders_left and [d.player for d in cut.pending] == [1]
    pending = [d for kind, d in bus_items if kind == pipeline.DECISION_PENDING]
    assert [(d["event"]["player"], d["passed"]) for d in pending] == [(1, False)]
    [cue] = [d for kind, d in bus_items if kind == pipeline.BOTS_TO_MOVE]
    bus_items.clear()
    assert bot_turn.handler({"detail-type": pipeline.BOTS_TO_MOVE, "detail": cue}, None)[
        "stopped"] == "finished"
    assert not [d for kind, d in bus_items
                if kind == pipeline.DECISION_PENDING and d["passed"]]


def _cut_with_seat_1_hushed(api, bus_items, monkeypatch):
    """The cut of the test above: both seats pass by order, the limit is 2 moves a write,
    seat 0's guess leaves seat 1 holding its turn, untold (hushed) and cued to its orders.
    Returns ``(game_id, seats, card, cue, turn decision id)``."""
    from service import pipeline, standing_orders
    from service.storage import DynamoGameStore

    monkeypatch.setattr(pipeline, "ORDER_MOVES_PER_WRITE", 2)
    game_id, seats, card, _ = _table(api)
    store = DynamoGameStore()
    game = store.load(game_id)
    standing_orders._store(game.record, {0: PASSING, 1: PASSING})
    store.update_fields(game, ("orders",))
    bus_items.clear()
    cut = pipeline.act(game_id, seats[0][0], {"type": "guess", "card": _wrong(card)})
    [turn] = cut.pending
    assert turn.player == 1 and cut.orders_left
    assert [w.hushed for w in store.load(game_id).record.waiting()] == [True]
    [cue] = [d for kind, d in bus_items if kind == pipeline.BOTS_TO_MOVE]
    # Seat 1's person stops passing by order before the cued write runs (set through the
    # store: a PUT by seat 1 is seat 1 at the table, told by its own answer).
    game = store.load(game_id)
    standing_orders._store(game.record, {0: PASSING, 1: STOP})
    store.update_fields(game, ("orders",))
    bus_items.clear()
    return game_id, seats, card, cue, turn.id


def _told(bus_items, seat):
    from service import pipeline

    return [d["event"]["decision"] for kind, d in bus_items
            if kind == pipeline.DECISION_PENDING and d["passed"] and d["event"]["player"] == seat]


def test_a_hushed_decision_is_told_when_the_cued_orders_no_longer_make_it(api, bus_items,
                                                                         monkeypatch):
    """After the cut, seat 1's orders stop passing: the cued write finds nothing for them to
    do and tells seat 1 of its turn (it was never told: the orders were to pass it), once."""
    from service import pipeline
    from service.storage import DynamoGameStore
    from timers import bot_turn

    game_id, _, _, cue, turn = _cut_with_seat_1_hushed(api, bus_items, monkeypatch)
    version = _version(game_id)
    bot_turn.handler({"detail-type": pipeline.BOTS_TO_MOVE, "detail": cue}, None)
    assert _told(bus_items, 1) == [turn]
    assert _version(game_id) == version + 1  # the write that tells it: no move, no event
    assert [w.hushed for w in DynamoGameStore().load(game_id).record.waiting()] == [False]
    bus_items.clear()
    bot_turn.handler({"detail-type": pipeline.BOTS_TO_MOVE, "detail": cue}, None)
    assert _told(bus_items, 1) == [] and _version(game_id) == version + 1


def test_a_hushed_decision_is_told_by_another_persons_move_meanwhile(api, bus_items,
                                                                    monkeypatch):
    """After the cut, seat 1's orders stop passing, and seat 0's person taunts (a move open
    out of turn) before the cued write: that write tells seat 1 of its turn."""
    from service import pipeline

    game_id, seats, _, _, turn = _cut_with_seat_1_hushed(api, bus_items, monkeypatch)
    pipeline.act(game_id, seats[0][0], {"type": "taunt"})
    assert _told(bus_items, 1) == [turn]


def test_a_refused_order_move_does_no_harm(api, monkeypatch):
    """An order whose move the rules refuse (a ruleset's bug: here seat 1's orders guess a card
    already guessed) fails nothing: the person's move is saved, the seat's turn waits for it."""
    from service import pipeline
    from tests.siri import ruleset as siri_rules

    game_id, seats, card, _ = _table(api)
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": RECOMMENDED}, seats[1][1])
    wrong = _wrong(card)
    monkeypatch.setattr(siri_rules.SiriRuleset, "order_action",
                        lambda self, state, seat, orders, now: siri_rules.Guess(player=seat,
                                                                                card=wrong))
    warned = []
    monkeypatch.setattr(pipeline.log, "warning", lambda message, **kw: warned.append(
        (message, kw["extra"]["seat"], kw["extra"]["error"])))
    count = len(_log(game_id))
    result = pipeline.act(game_id, seats[0][0], {"type": "guess", "card": wrong})
    assert _applied(_log(game_id, count)) == [("guess", 0, None)]
    assert warned == [("an order's move was refused", 1, "that card was guessed already")]
    assert [d.player for d in result.pending] == [1] and not result.orders_left
    assert api.ok("GET", f"/games/{game_id}/orders", None, seats[1][1])["did"] == []


def test_a_game_played_partly_by_orders_verifies_and_nobody_else_reads_the_orders(api, bus_items):
    """Seat 0 narrows the card down in person; seat 1's orders pass, then guess the one card
    left and win. The finished game verifies, its record marking the orders' moves; the game
    view, the log, the replay and the bus carry no orders."""
    from service import pipeline

    game_id, seats, card, _ = _table(api)
    (a_id, a), (_, b) = seats
    secret = {"guess_when_left": 1, "pass_turns": True}
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": secret}, b)
    for guess in (g for g in (card + 1, card - 1) if 1 <= g <= 9):
        result = pipeline.act(game_id, a_id, {"type": "guess", "card": guess})
        if result.outcome is not None:
            break
    assert result.outcome is not None and result.outcome.winner == 1
    checked = api.ok("GET", f"/games/{game_id}/verify?record=true", None, a)
    assert checked["ok"] is True, checked["report"]
    by = [(s["action"]["type"], s["by"]) for s in checked["record"]["steps"]]
    assert ("guess", "order") in by and ("guess", None) in by
    # Nobody else reads seat 1's orders: not in anything seat 0 or the bus gets.
    shown = [api.ok("GET", f"/games/{game_id}", None, a),
             api.ok("GET", f"/games/{game_id}/events?limit=500", None, a),
             api.ok("GET", f"/games/{game_id}/replay", None, a), bus_items]
    for body in shown:
        text = json.dumps(body)
        assert "guess_when_left" not in text and "pass_turns" not in text
    assert api.ok("GET", f"/games/{game_id}/orders", None, b)["orders"] == secret


def test_two_mtaani_seats_on_the_recommended_orders_play_turns_in_one_request(api, bus_items):
    """Mtaani, two people on orders set by PUT (off their turn, or at a stop: they move
    nothing): seat 1 on the recommended orders, seat 0 on them but rolling in person
    (``roll = false``). Seat 0 rolls (1 + 2: Kibra, unowned, priced under the 700,000 SFR
    limit); in that one write its orders buy Kibra and end its turn, then make seat 1's roll
    (2 + 3: Citi Hoppa), buy and end turn, up to the stop: seat 0's next roll, which waits for
    its holder (who is looking: it is in the roll's answer, not a notification)."""
    import time_machine

    with time_machine.travel(T0, tick=False) as traveller:
        _play_mtaani_on_orders(api, bus_items, traveller)


def _play_mtaani_on_orders(api, bus_items, traveller):
    from service import pipeline

    people = [api.sign_in()[1] for _ in range(2)]
    ids = [api.ok("GET", "/account", None, token)["account_id"] for token in people]
    dice = [[1, 2], [2, 3], [3, 3], [1, 4], [2, 4], [5, 6]]
    game_id = pipeline.create_game("mtaani", ids, {"scripted": {"dice": dice,
                                                                "mugging": [False] * 10}},
                                   seed=7, owner=ids[0]).game.game_id
    count = len(_log(game_id))
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": {}}, people[1])
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": {"roll": False}}, people[0])
    assert _applied(_log(game_id, count)) == []            # seat 0's roll is a stop
    before = _version(game_id)
    assert api.ok("GET", f"/games/{game_id}", None, people[0])["decision"]["player"] == 0
    bus_items.clear()
    traveller.shift(120)                                   # a look counts to the minute
    rolled = api.ok("POST", f"/games/{game_id}/mtaani/roll", None, people[0])
    did = {seat: api.ok("GET", f"/games/{game_id}/orders", None, people[seat])["did"]
           for seat in (0, 1)}
    assert _version(game_id) == before + 1                 # one write
    items = _log(game_id, count)
    moves = _applied(items)
    assert moves == [("roll", 0, None), ("buy", 0, "order"), ("end_turn", 0, "order"),
                     ("roll", 1, "order"), ("buy", 1, "order"), ("end_turn", 1, "order")]
    bought = [e["tile"] for e in items if e["type"] == "PropertyBought"]
    assert bought == [3, 5]                                # Kibra, Citi Hoppa
    view = api.ok("GET", f"/games/{game_id}", None, people[0])
    assert view["decision"]["player"] == 0 and "roll" in {a["type"] for a in view["legal_actions"]}
    assert rolled["version"] == view["version"]
    pending = [d for kind, d in bus_items if kind == pipeline.DECISION_PENDING]
    # Seat 0's person made this request: the roll waiting for them again is in its answer,
    # not a notification.
    assert [(d["event"]["player"], d["passed"]) for d in pending] == [(0, False)]
    assert [e["action"]["type"] for e in did[1]] == ["roll", "buy", "end_turn"]
    assert [e["seq"] for e in did[0]] == [e["seq"] for e in items if e["type"] == "ActionApplied"
                                          and e.get("by") and e["action"]["player"] == 0]


def test_a_write_the_orders_moved_in_counts_as_attended(api):
    """The unattended cap (``pipeline.UNATTENDED_MOVES`` writes in a row nobody made in
    person) pauses tables of bots; a person's standing orders are that person at the table: a
    write with no request of theirs (the bot-turn path) in which their orders moved starts the
    count again, and the table is not paused."""
    from service import pipeline
    from service.storage import DynamoGameStore
    from tests.siri.ruleset import Guess

    game_id, seats, card, _ = _table(api)
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": STOP}, seats[0][1])
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": PASSING}, seats[1][1])
    store = DynamoGameStore()
    game = store.load(game_id)
    game.record.unattended = pipeline.UNATTENDED_MOVES - 1
    store.update_fields(game, ("unattended",))
    # Seat 0's guess made in a write no person asked for; seat 1's orders pass in it.
    moved = pipeline.run(game_id, lambda _g, _s: Guess(player=0, card=_wrong(card)), by_bot=True)
    assert ("pass", 1, "order") in _applied(_log(game_id))
    assert int(moved.game.record.unattended) == 0
    assert not pipeline.pause_if_unattended(moved)


def test_an_erased_seat_loses_its_orders(api):
    """The erasure gives the seat to its anonymous name (``erasure._seat_change``) and its
    standing orders go with the person: the stand-in bot plays the seat, nobody's orders."""
    from service import erasure, pipeline
    from service.storage import DynamoGameStore

    game_id, seats = api.new_game(2)
    token = seats[0][1]
    api.ok("PUT", f"/games/{game_id}/orders", {"orders": {"roll": False}}, token)
    account = api.ok("GET", "/account", None, token)["account_id"]
    assert "0" in DynamoGameStore().load(game_id).record.orders
    pipeline.amend(game_id, erasure._seat_change(account, "anon-erased"))
    record = DynamoGameStore().load(game_id).record
    assert record.seats[0] == "anon-erased" and "0" not in (record.orders or {})
