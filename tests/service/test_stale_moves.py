"""Moves made on a view another seat's move has since changed (issue 32, item 1).

A person looks at the table (its ``version``, the decision they answer), a bot or another
person bids or answers, then the person presses: the move applies when its meaning has not
changed (the decision it answers is still pending and the rules allow it now), and is refused
in the game's words otherwise ("outbid: ...", "the window has closed", "the auction has
closed"). A client asking for the strict check (``strict``) gets ``stale_version`` for any
change, as every stale move did before.

Figures: the Jiji tables' auction takes bids in M10,000 steps (``jiji.toml``); the Mulodi
Wedding Meeting asks 20M of each other player (``mulodi.toml``).
"""

from __future__ import annotations

import pytest

from tests.service import test_mulodi_table as mulodi
from tests.service.buspump import discard_all, travel
from tests.service.test_jiji_table import T0, open_auction


@pytest.fixture
def clock(aws):
    discard_all()
    with travel(T0) as traveller:
        yield traveller


def _bid_decision(view: dict, seat: int) -> int:
    return next(p["id"] for p in view["pending"] if p["player"] == seat and p["kind"] == "bid")


def test_a_bid_made_on_a_view_another_bid_changed_applies_while_it_is_still_a_legal_bid(api, clock):
    """Three seats; the opener opened at M100,000. B and C look at the auction (M110,000 at
    least). C bids M150,000; B, still on the view before it, bids M200,000: applied. C, on
    the view before B's bid, bids M180,000: refused "outbid: the bid is now M200,000"."""
    table = open_auction(api, clock, players=3, opening=100_000)
    b, c = (table.first + 1) % 3, (table.first + 2) % 3
    seen_b, seen_c = table.view(b), table.view(c)
    clock.shift(5)
    table.move(c, "bid", {"amount": 150_000, "version": seen_c["version"],
                          "decision": _bid_decision(seen_c, c)})
    applied = table.move(b, "bid", {"amount": 200_000, "version": seen_b["version"],
                                    "decision": _bid_decision(seen_b, b)})
    assert [(e["player"], e["amount"]) for e in applied["events"] if e["type"] == "BidPlaced"] == [
        (b, 200_000)]
    refused = table.move(c, "bid", {"amount": 180_000, "version": seen_c["version"],
                                    "decision": _bid_decision(seen_c, c)}, status=409)
    assert refused["error"]["message"] == "outbid: the bid is now M200,000; bid M210,000 at least"
    assert [e["amount"] for e in table.log() if e["type"] == "BidPlaced"] == [150_000, 200_000]

    # Asked for, the strict check refuses any change since the version seen.
    strict = table.move(c, "bid", {"amount": 300_000, "version": seen_c["version"],
                                   "decision": _bid_decision(seen_c, c), "strict": True},
                        status=409)
    assert strict["error"]["code"] == "stale_version"
    # A stale move naming no decision while its seat holds one cannot be judged: as before.
    unnamed = table.move(c, "bid", {"amount": 300_000, "version": seen_c["version"]}, status=409)
    assert unnamed["error"]["code"] == "stale_version"
    # The bidder holding the highest bid is told so.
    held = table.move(b, "bid", {"amount": 300_000, "version": seen_b["version"],
                                 "decision": _bid_decision(seen_b, b)}, status=409)
    assert (held["error"]["code"], held["error"]["message"]) == (
        "decision_closed", "you hold the highest bid (M200,000)")

    # After the close (100 s window) a bid on the old view is refused: the auction has closed.
    clock.shift(200)
    closed = table.move(c, "bid", {"amount": 300_000, "version": seen_c["version"],
                                   "decision": _bid_decision(seen_c, c)}, status=409)
    assert (closed["error"]["code"], closed["error"]["message"]) == (
        "decision_closed", "the auction has closed")
    assert [e["amount"] for e in table.log() if e["type"] == "BidPlaced"] == [150_000, 200_000]


def test_an_answer_made_on_a_view_another_answer_changed_applies_and_a_closed_window_says_so(
        api, clock):
    """Four seats; A's Wedding Meeting asks 20M of B, C and D (each banked a money-20). B, C
    and D look; C lets it stand; B, on the view before C's answer, lets it stand: applied. D
    answers after the 10-minute window has passed: refused, "the window has closed"."""
    fill = ["yongeza"] * 4
    table = mulodi.Table(api, 4,
                         (["wedding_meeting", *fill], ["money-20", *fill],
                          ["money-20", "money-10", "money-10", "money-10", "money-10"],
                          ["money-20", "money-10", "money-10", "yongeza", "yongeza"]),
                         ["money-30"] * 3 + ["money-40"] * 3 + ["money-50"] * 2 + ["money-20"] * 2)
    table.move(0, "end-turn")
    for seat in (1, 2, 3):
        table.play(seat, "bank", "money-20")
        table.end_turn(seat)
    table.play(0, "wedding-meeting", "wedding_meeting")
    seen = {seat: table.view(seat) for seat in (1, 3)}
    window = {seat: next(p["id"] for p in seen[seat]["pending"] if p["player"] == seat)
              for seat in (1, 3)}
    table.answer(2, "accept")
    applied = table.move(1, "accept", {"decision": window[1], "version": seen[1]["version"]})
    assert [e["payer"] for e in applied["events"] if e["type"] == "Paid"] == [1]

    clock.shift(mulodi.WINDOW + 1)
    closed = table.move(3, "accept", {"decision": window[3], "version": seen[3]["version"]},
                        status=409)
    assert (closed["error"]["code"], closed["error"]["message"]) == (
        "decision_closed", "the window has closed")
    assert table.decision(0)["kind"] == "play"


def test_a_bid_pressed_after_a_bots_bid_landed_is_refused_in_words_then_a_higher_one_applies(
        api, clock):
    """Three seats: person A (who starts), a Base bot, person B (bots move with no pause). A
    opens Korogocho at M10,000; B looks (M20,000 at least). The move cues the bot-turn
    function, whose Base bot bids half the way from the least bid (M20,000) to its limit, the
    price (M700,000): M20,000 + M340,000 = M360,000. B, still on the view before the bot's bid,
    presses Bid M20,000: refused, "outbid: the bid is now M360,000; bid M370,000 at least",
    and nothing changes. B then bids M400,000 on that same old view: applied (the decision
    B answers is still pending and the bid is legal now)."""
    import engine
    from service import pipeline
    from service.accounts import bot_id
    from service.storage import DynamoGameStore
    from tests.policy.calls import running_as
    from tests.service.buspump import delivered
    from tests.service.test_jiji_table import DICE, WEEK, Table
    from timers import bot_turn

    (_, token_a), (_, token_b) = api.sign_in(), api.sign_in()
    ids = [api.ok("GET", "/account", None, t)["account_id"] for t in (token_a, token_b)]
    seats = [ids[0], bot_id("base", 1), ids[1]]
    seed = next(n for n in range(100) if engine.new_game("jiji", seats, n, {}).cur == 0)
    created = pipeline.create_game(
        "jiji", seats, {"auction_seconds": 100, "idle_timeout_seconds": WEEK, "scripted": DICE},
        seed=seed, owner=ids[0], game_id=f"jiji-stale-bot-{seed}", table={"bot_delay": 0})
    table = Table.of(api, created.game.game_id, [token_a, None, token_b])
    discard_all()
    table.move(0, "roll")
    table.move(0, "auction", {"opening_bid": 10_000})
    seen = table.view(2)
    decision = _bid_decision(seen, 2)
    [cue] = [e for e in delivered("BotTurnFunction") if e["detail"]["game_id"] == table.id]
    with running_as("BotTurnFunction"):
        assert bot_turn.handler(cue, None)["moves"] == 1
    before = DynamoGameStore().load(table.id).version
    refused = table.move(2, "bid", {"amount": 20_000, "version": seen["version"],
                                    "decision": decision}, status=409)
    assert refused["error"]["message"] == "outbid: the bid is now M360,000; bid M370,000 at least"
    assert DynamoGameStore().load(table.id).version == before
    applied = table.move(2, "bid", {"amount": 400_000, "version": seen["version"],
                                    "decision": decision})
    assert [(e["player"], e["amount"]) for e in applied["events"] if e["type"] == "BidPlaced"] == [
        (2, 400_000)]
    assert [e["amount"] for e in table.log() if e["type"] == "BidPlaced"] == [360_000, 400_000]
