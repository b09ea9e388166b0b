"""The game API over the template's routes, against moto: create, get, act, errors, ETags,
idempotency, the event log and concurrent writers."""

from __future__ import annotations

import itertools
import threading
import time

import pytest
import time_machine

from service.storage import DynamoGameStore
from tests.service.games import (
    PRIVATE_OFFERS,
    RULESETS,
    WITH_PRIVATE_OFFERS,
    first_move,
    game_of,
    starter,
)


def test_a_handle_is_claimed_once_and_case_insensitively(api):
    handle, token = api.sign_in()
    again = api.call("POST", "/sessions", {"handle": handle.upper()})
    assert again.status == 201 and again.body["created"] is False
    assert again.body["handle"] == handle and again.body["token"] != token


@pytest.mark.parametrize("handle", ["ab", "x" * 21, "bad handle", "-dash", "<b>"])
def test_malformed_handles_are_refused(api, handle):
    reply = api.call("POST", "/sessions", {"handle": handle})
    assert reply.status == 422 and reply.error == "invalid_request"


def test_create_game_returns_the_callers_view_without_secrets(api):
    started = int(time.time())
    game_id, seats = api.new_game(3)
    reply = api.call("GET", f"/games/{game_id}", token=seats[1][1])
    assert reply.status == 200
    body = reply.body
    assert body["seat"] == 1 and [s["name"] for s in body["seats"]] == [h for h, _ in seats]
    deadline = body["decision"].pop("deadline")
    assert body["decision"] == {"id": 1, "player": 0, "kind": "turn", "deadline_kind": "idle_turn",
                                "detail": {}}
    assert body["pending"] == [{**body["decision"], "deadline": deadline}]
    assert body["game"] == "mtaani" and body["hints"] == {}
    # The deployment's default idle timeout (a day) from the deal.
    assert started + 86_400 <= deadline <= int(time.time()) + 86_400
    assert {a["type"] for a in body["legal_actions"]} <= {"set_trade_open"}  # no turn action
    state = body["state"]
    assert "seed" not in state and "rng_counter" not in state and "scripted" not in state
    assert state["decks"]["mtaani"] == {"pile": 16, "discard": 0}
    assert [p["cash"] for p in state["players"]] == [2_000_000] * 3


def test_roll_then_end_turn_moves_the_token_and_passes_the_turn(api):
    game_id, seats = api.new_game(2, options={"scripted": {"dice": [[2, 4]], "mugging": [False]}})
    (_, alice), (_, _bob) = seats
    rolled = api.call("POST", f"/games/{game_id}/mtaani/roll", token=alice)
    assert rolled.status == 200, rolled.body
    assert rolled.body["version"] == 2
    assert [e["type"] for e in rolled.body["events"]] == ["DiceRolled", "Moved", "DecisionPending"]
    assert rolled.body["game"]["state"]["players"][0]["position"] == 6
    assert rolled.body["game"]["decision"]["kind"] == "buy"


def test_who_may_act(api):
    game_id, seats = api.new_game(2)
    _, stranger = api.sign_in()
    assert api.call("POST", f"/games/{game_id}/mtaani/roll").status == 401
    assert api.call("POST", f"/games/{game_id}/mtaani/roll", token=stranger).status == 404
    wrong = api.call("POST", f"/games/{game_id}/mtaani/roll", token=seats[1][1])
    assert wrong.status == 409 and wrong.error == "not_your_decision"
    phase = api.call("POST", f"/games/{game_id}/mtaani/end-turn", token=seats[0][1])
    assert phase.status == 409 and "not now" in phase.body["error"]["message"]
    assert api.call("GET", f"/games/{game_id}", token=stranger).status == 404  # private: hidden
    assert api.call("GET", "/games/nope", token=stranger).status == 404


def test_malformed_bodies_are_422_and_change_nothing(api):
    game_id, seats = api.new_game(2)
    token = seats[0][1]
    for body in ({"version": "x"}, {"player": 1}, {"version": 0}):
        reply = api.call("POST", f"/games/{game_id}/mtaani/roll", body, token=token)
        assert reply.status == 422, body
    bad_json = api.call("POST", f"/games/{game_id}/mtaani/roll", raw=b"{", token=token)
    assert bad_json.status == 422
    assert api.call("GET", f"/games/{game_id}", token=token).body["version"] == 1


def test_a_stale_version_is_409_with_the_current_version_and_changes_nothing(api):
    game_id, seats = api.new_game(2)
    token = seats[0][1]
    assert api.call("POST", f"/games/{game_id}/mtaani/roll", {"version": 1}, token=token).status == 200
    stale = api.call("POST", f"/games/{game_id}/mtaani/end-turn", {"version": 1}, token=token)
    assert stale.status == 409 and stale.error == "stale_version"
    assert stale.body["error"]["current_version"] == 2
    assert api.call("GET", f"/games/{game_id}", token=token).body["version"] == 2


def test_a_retried_request_with_the_same_idempotency_key_applies_once(api):
    game_id, seats = api.new_game(2)
    token = seats[0][1]
    headers = {"idempotency-key": "roll-1"}
    first = api.call("POST", f"/games/{game_id}/mtaani/roll", token=token, headers=headers)
    second = api.call("POST", f"/games/{game_id}/mtaani/roll", token=token, headers=headers)
    assert first.status == second.status == 200
    assert first.body == second.body
    assert api.call("GET", f"/games/{game_id}", token=token).body["version"] == 2
    reused = api.call("POST", f"/games/{game_id}/mtaani/roll", {"version": 2}, token=token, headers=headers)
    assert reused.status == 422


def test_a_retried_bribe_replays_after_the_minute_has_changed(api):
    """The service fills in the bribe's wall-clock minute (the guards' mood); the retry of the
    same request a minute later must replay the first answer, not count as a different request
    (the Idempotency-Key's fingerprint is over what the client sent)."""
    # Seat 0 rolls 3+4 onto a Mathree tile and draws "Go to Jail"; seat 1 rolls 1+2 onto
    # Kibra and declines it; then seat 0, in jail, may bribe.
    options = {"scripted": {"dice": [[3, 4], [1, 2]], "mathree": ["mistaken-identity"],
                            "mugging": [False] * 4, "bribe": [False]}}
    game_id, seats = api.new_game(2, options=options)
    (_, a), (_, b) = seats
    api.ok("POST", f"/games/{game_id}/mtaani/roll", None, a)
    api.ok("POST", f"/games/{game_id}/mtaani/end-turn", None, a)
    for move in ("roll", "decline", "end-turn"):
        api.ok("POST", f"/games/{game_id}/mtaani/{move}", None, b)
    view = api.ok("GET", f"/games/{game_id}", None, a)
    assert view["state"]["players"][0]["jail_turns"] > 0
    assert "bribe" in {action["type"] for action in view["legal_actions"]}
    assert api.call("POST", f"/games/{game_id}/mtaani/bribe", {"minute": 5}, token=a).status == 422
    headers = {"idempotency-key": "bribe-1"}
    start = (int(time.time()) // 60 + 1) * 60 + 5          # 5 seconds into the next minute
    with time_machine.travel(start, tick=False):
        first = api.call("POST", f"/games/{game_id}/mtaani/bribe", {}, token=a, headers=headers)
    assert first.status == 200, first.body
    with time_machine.travel(start + 90, tick=False):      # a retry in the minute after
        retry = api.call("POST", f"/games/{game_id}/mtaani/bribe", {}, token=a, headers=headers)
        assert retry.status == 200, retry.body
        assert (retry.body["version"], retry.body["events"]) == (first.body["version"],
                                                                first.body["events"])
        assert api.ok("GET", f"/games/{game_id}", None, a)["version"] == first.body["version"]
        other = api.call("POST", f"/games/{game_id}/mtaani/bribe", {"version": view["version"] + 1},
                         token=a, headers=headers)
        assert other.status == 422 and "different request" in other.body["error"]["message"]
    # The bribe was applied once, at the odds of the minute of the first request: the log
    # keeps them; players read only the guards' mood of that minute (a hint, not the odds).
    import engine
    from engine.mtaani.flow import Ctx
    from engine.mtaani.jail import bribe_odds, guard_mood

    state = DynamoGameStore().load(game_id).state
    ctx = Ctx(engine.get_ruleset(state.ruleset).book, state)
    logged = [e for e in DynamoGameStore().events(game_id, 0, 500) if e["type"] == "BribeOffered"]
    assert [(e["odds"], e["success"]) for e in logged] == [(bribe_odds(ctx, start // 60), False)]
    offered = [e for e in first.body["events"] if e["type"] == "BribeOffered"]
    assert [(e["mood"], e["success"]) for e in offered] == [(guard_mood(ctx, start // 60), False)]
    assert "odds" not in offered[0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_get_answers_304_to_a_matching_etag(api, ruleset):
    game_id, seats = api.new_game(2, ruleset=ruleset)
    first = api.call("GET", f"/games/{game_id}", token=seats[0][1])
    token = seats[starter(first.body)][1]
    first = api.call("GET", f"/games/{game_id}", token=token)
    etag = first.headers["etag"]
    again = api.call("GET", f"/games/{game_id}", token=token, headers={"if-none-match": etag})
    assert again.status == 304
    move, _ = first_move(ruleset)
    assert api.call("POST", f"/games/{game_id}/{game_of(ruleset)}/{move}", token=token).status == 200
    changed = api.call("GET", f"/games/{game_id}", token=token, headers={"if-none-match": etag})
    assert changed.status == 200 and changed.headers["etag"] != etag


def test_the_event_log_pages_in_order(api):
    game_id, seats = api.new_game(2, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
    token = seats[0][1]
    api.call("POST", f"/games/{game_id}/mtaani/roll", token=token)
    page = api.call("GET", f"/games/{game_id}/events?after=0&limit=2", token=token)
    assert page.status == 200
    # seq 2 is the internal ActionApplied: skipped, it does not take a place on the page.
    assert [e["seq"] for e in page.body["events"]] == [1, 3]
    assert page.body["next_after"] == 3 and page.body["more"] is True
    rest = api.call("GET", f"/games/{game_id}/events?after={page.body['next_after']}", token=token)
    types = [e["type"] for e in rest.body["events"]]
    assert types == ["Moved", "DecisionPending"]
    assert rest.body["more"] is False


def pages_of(api, game_id: str, token: str, limit: int) -> list[dict]:
    """Every page of the event log for ``token``'s holder, ``limit`` events at a time."""
    pages, after = [], 0
    while True:
        page = api.ok("GET", f"/games/{game_id}/events?after={after}&limit={limit}", None, token)
        pages.append(page)
        assert page["next_after"] >= after
        if not page["more"]:
            return pages
        assert page["next_after"] > after  # every page moves on
        after = page["next_after"]


def seat_0_offers_seat_1(api, game_id, a, b, trades):
    """In a Mtaani game, seat 0 (token ``a``) offers seat 1 (``b``) ``trades`` trades, each
    declined, then a loan (left open): moves private to the two of them."""
    for _ in range(trades):
        offered = api.ok("POST", f"/games/{game_id}/mtaani/propose-trade",
                         {"to": 1, "give": {"cash": 10_000}, "get": {"cash": 0}}, a)
        trade = next(e["trade"] for e in offered["events"] if e["type"] == "TradeOffered")
        api.ok("POST", f"/games/{game_id}/mtaani/decline-trade", {"trade": trade}, b)
    api.ok("POST", f"/games/{game_id}/mtaani/offer-loan",
           {"to": 1, "lend": True, "amount": 200_000, "interest_percent": 10, "term": 5}, a)


@pytest.mark.parametrize("ruleset", WITH_PRIVATE_OFFERS)
def test_hidden_log_items_do_not_take_places_on_a_page(api, ruleset):
    """Three players: A's offers to B (private to the two of them: trades and a loan offer in
    Mtaani, deals in Jiji) and the internal bookkeeping items are in the log but not in C's
    pages, and no page comes back short while there is more to show (before, a page of C's
    could even be empty with more: true)."""
    game_id, seats = api.new_game(3, ruleset=ruleset)
    (_, a), (_, b), (_, c) = seats
    game = game_of(ruleset)
    private = PRIVATE_OFFERS[game]
    move, body = private["offer"]
    for _ in range(3):
        offered = api.ok("POST", f"/games/{game_id}/{game}/{move}", body, a)
        offer = next(e[private["id"]] for e in offered["events"] if e["type"] == private["event"])
        api.ok("POST", f"/games/{game_id}/{game}/{private['decline']}", {private["id"]: offer}, b)
    move, body = private["left_open"]
    api.ok("POST", f"/games/{game_id}/{game}/{move}", body, a)
    first = seats[starter(api.ok("GET", f"/games/{game_id}", None, a))][1]
    api.ok("POST", f"/games/{game_id}/{game}/{first_move(ruleset)[0]}", None, first)
    logs = {who: api.ok("GET", f"/games/{game_id}/events?limit=500", None, token)
            for who, token in (("A", a), ("C", c))}
    seen = {who: [e["seq"] for e in log["events"]] for who, log in logs.items()}
    assert private["event"] in [e["type"] for e in logs["A"]["events"]]
    assert private["event"] not in [e["type"] for e in logs["C"]["events"]]
    assert set(seen["C"]) < set(seen["A"])
    for who, token in (("A", a), ("C", c)):
        for limit in (1, 2, 3):
            pages = pages_of(api, game_id, token, limit)
            # Full pages until the last, which holds what is left; together, the whole log.
            assert all(len(p["events"]) == limit for p in pages[:-1]), (who, limit)
            assert 1 <= len(pages[-1]["events"]) <= limit, (who, limit)
            assert [e["seq"] for p in pages for e in p["events"]] == seen[who], (who, limit)
            # A page's next_after is its last event (hidden items after it do not move it),
            # before the next page's first.
            for page in pages:
                assert page["next_after"] == page["events"][-1]["seq"], (who, limit)
            for page, following in itertools.pairwise(pages):
                assert page["next_after"] < following["events"][0]["seq"]


def test_a_page_of_the_log_reads_a_bounded_number_of_hidden_items():
    """Hidden items are read past only so far (views.EVENT_PAGE_READS reads: ``limit`` + 1
    items, then views.EVENT_READ_MORE at a time): then a page with nothing to show is returned
    empty, with ``more`` and a ``next_after`` past them; the next page goes on from there."""
    from service import views

    assert (views.EVENT_PAGE_READS, views.EVENT_READ_MORE) == (5, 100)
    log = [{"seq": n, "step": n, "at": 0, "type": "ActionApplied"} for n in range(1, 501)]
    log += [{"seq": 501, "step": 501, "at": 0, "type": "TurnEnded", "player": 0},
            {"seq": 502, "step": 501, "at": 0, "type": "ActionApplied"}]
    reads = []

    def read(after, count):
        reads.append((after, count))
        return [e for e in log if e["seq"] > after][:count]

    # 5 + 4 x 100 hidden items read, none to show: an empty page that says there is more.
    page = views.events_page(read, "mtaani", None, 0, 4, 502)
    assert reads == [(0, 5), (5, 100), (105, 100), (205, 100), (305, 100)]
    assert page == {"events": [], "next_after": 405, "more": True}
    reads.clear()
    page = views.events_page(read, "mtaani", None, 405, 4, 502)
    # The hidden item 502 after the last event moves neither next_after nor more.
    assert page == {"events": [log[500]], "next_after": 501, "more": False}
    assert reads == [(405, 5), (410, 100)]  # the last read came back short: the log ended
    # A page that fills up stops at its last event, and says more only when it has seen a
    # visible event after it (the next page's first).
    log = [{"seq": n, "step": n, "at": 0, "type": "ActionApplied"} for n in range(1, 4)]
    log += [{"seq": n, "step": n, "at": 0, "type": "TurnEnded", "player": 0} for n in range(4, 11)]
    page = views.events_page(read, "mtaani", None, 0, 3, 10)
    assert page == {"events": log[3:6], "next_after": 6, "more": True}
    page = views.events_page(read, "mtaani", None, 6, 4, 10)
    assert page == {"events": log[6:10], "next_after": 10, "more": False}
    log += [{"seq": 11, "step": 11, "at": 0, "type": "ActionApplied"}]
    assert views.events_page(read, "mtaani", None, 6, 4, 11) == page


def test_two_concurrent_rolls_apply_exactly_once(api):
    """Two rolls race through the pipeline (load, apply, conditional write) in two threads: one
    is saved, the other reloads, finds the decision moved on and is refused; nothing is lost or
    doubled. (The HTTP layer runs one request per process, as Lambda does: see local.stack.)"""
    import engine
    from service import pipeline

    for _ in range(5):
        # Not doubles: after one roll the decision moves on and a second roll is illegal.
        game_id, _ = api.new_game(2, options={"scripted": {"dice": [[1, 2]], "mugging": [False]}})
        account = DynamoGameStore().load(game_id).record.seats[0]
        barrier = threading.Barrier(2)
        outcomes: list = []

        def roll(game_id=game_id, account=account, barrier=barrier, outcomes=outcomes):
            barrier.wait()
            try:
                outcomes.append(pipeline.act(game_id, account, {"type": "roll"}).version)
            except engine.IllegalAction as exc:
                outcomes.append(exc.code)

        threads = [threading.Thread(target=roll) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes, key=str) == [2, "illegal_action"], outcomes
        stored = DynamoGameStore().load(game_id)
        assert stored.version == 2
        events = DynamoGameStore().events(game_id, 0, 100)
        assert [e["type"] for e in events].count("DiceRolled") == 1


@pytest.mark.parametrize("game", ["mtaani", "jiji"])
def test_others_private_offers_change_nothing_a_third_player_sees(api, game):
    """Issue 15 (#9): after A's offers to B, C sees the same version, ETag and log position
    as before (nothing of them in the pending decisions either), and a move of C's made with
    the version C saw is not stale; A and B see their versions move."""
    game_id, ((_, a), (_, b), (_, c)) = api.new_game(3, game)

    def seen(token):
        reply = api.call("GET", f"/games/{game_id}", token=token)
        page = api.ok("GET", f"/games/{game_id}/events?limit=500", None, token)
        return (reply.body["version"], reply.headers["etag"], page["next_after"], page["more"],
                reply.body["pending"])

    before = {who: seen(token) for who, token in (("A", a), ("B", b), ("C", c))}
    if game == "mtaani":
        seat_0_offers_seat_1(api, game_id, a, b, trades=2)
        free_move = ("set-trade-open", {"open": False})
    else:
        api.ok("POST", f"/games/{game_id}/jiji/propose-deal", {"to": 1, "give_cash": 10_000}, a)
        api.ok("POST", f"/games/{game_id}/jiji/propose-deal", {"to": 1, "give_cash": 20_000}, a)
        free_move = None
    after = {who: seen(token) for who, token in (("A", a), ("B", b), ("C", c))}
    assert after["C"] == before["C"]
    assert after["A"][0] > before["A"][0] and after["B"][0] > before["B"][0]
    if game == "jiji":  # the deals wait for B's answer: B sees them, C does not
        assert [p["kind"] for p in after["B"][4]].count("deal") == 2
        assert "deal" not in [p["kind"] for p in after["C"][4]]
    if free_move is not None:
        path, body = free_move
        moved = api.ok("POST", f"/games/{game_id}/{game}/{path}",
                       {**body, "version": before["C"][0]}, c)
        assert moved["version"] == before["C"][0] + 1
        # (The strict check: a move answering no decision, made on a since-changed view, is
        # otherwise judged by the rules alone: issue 32.)
        stale = api.call("POST", f"/games/{game_id}/{game}/{path}",
                         {"open": True, "version": before["C"][0], "strict": True}, token=c)
        assert stale.status == 409
