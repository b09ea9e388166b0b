"""What each seat sees of a Jiji game, and what it is told (views from the allow-list, events
through EVENT_SHAPES, notices from data/messages.toml)."""

import json
import random

import engine
from engine.jiji.view import EVENT_SHAPES, OPEN_FIELDS
from tests.engine.jiji_helpers import SPACE, act, at, game, own

RS = engine.get_ruleset("jiji")
NAMES = ["Amina", "Baraka", "Chebet"]


def test_the_view_shows_the_table_and_hides_the_seed_the_pile_order_and_scripts():
    state = engine.new_game("jiji", ["a", "b", "c"], 73_910_000_012_345,
                            {"scripted": {"dice": [[1, 2]]}})
    view = RS.view(state, 0)
    text = json.dumps(view)
    for hidden in ("seed", "rng_counter", "scripted", "pile", "steps", "seq"):
        assert hidden not in view
    assert str(state.seed) not in text
    assert view["chance"] == {"pile": 25, "discard": []}
    assert "-".join(state.pile) not in text and json.dumps(state.pile) not in text
    assert set(OPEN_FIELDS) <= set(view)
    assert view["players"][1]["cash"] == 37_700_000


def test_the_view_derives_rents_wealth_and_the_money_on_the_table():
    state = game(2)
    own(state, 1, "Industrial Area", ind=4)
    view = RS.view(state, None)
    assert view["derived"]["rent"][str(SPACE["Industrial Area"])] == 3_500_000
    assert view["derived"]["wealth"]["1"] == 37_700_000 + 3_500_000
    assert view["derived"]["mortgage_values"] == {str(SPACE["Industrial Area"]): 3_500_000}


def test_redeterminize_reshuffles_only_what_the_seat_cannot_see():
    state = game(3)
    state, _ = act(state, "propose_deal", 1, to=2, give_cash=10_000, now=5)
    other = RS.redeterminize(state, 0, random.Random(3))
    assert other.seed != state.seed and sorted(other.pile) == sorted(state.pile)
    assert other.deals == [] and len(state.deals) == 1
    assert RS.view(other, 0) == RS.view(state, 0)
    mine = RS.redeterminize(state, 1, random.Random(3))
    assert len(mine.deals) == 1


def test_every_event_type_is_declared_and_deal_events_go_to_their_parties_only():
    state = game(3)
    state, events = act(state, "propose_deal", 0, to=1, give_cash=10_000, now=5)
    offer = events[0]
    assert RS.event_view(offer, 2) is None and RS.event_view(offer, 0)["give"]["cash"] == 10_000
    state, events = act(state, "decline_deal", 1, deal=offer["deal"])
    assert RS.event_view(events[0], 2) is None
    assert RS.event_view(events[0], 1) == {"type": "DealClosed", "deal": offer["deal"],
                                           "how": "declined"}
    assert set(RS.bus_events) <= set(EVENT_SHAPES)


def test_auction_notices_name_the_district_the_bid_and_the_close():
    event = {"type": "AuctionOpened", "district": SPACE["Kilimani"], "opener": 0,
             "bid": 200_000, "minimum": 210_000, "closes": 0, "reason": "landing"}
    notice = RS.notice(event, 1, NAMES, "18:00")
    assert notice.body == "Auction: Kilimani, opening bid 200k, closes 18:00."
    assert RS.notice(event, 0, NAMES, "18:00") is None  # the opener knows
    bank = dict(event, opener=None, bid=0, minimum=10_000)
    assert RS.notice(bank, 0, NAMES, "18:00").body == \
        "Auction: Kilimani, bids from 10k, closes 18:00."


def test_decision_notices_read_the_decisions_detail():
    state = game(3, dice=[[1, 2]])
    at(state, 0, 18)
    state, _ = act(state, "roll")
    decision = engine.pending(state)[0]
    event = {"type": "DecisionPending", "player": 0, "kind": decision.kind,
             "detail": dict(decision.detail)}
    assert RS.notice(event, 0, NAMES, "09:30").body == (
        "Jiji: your turn to buy Kasarani for 2M or put it up for auction. Decide by 09:30.")
    assert RS.notice(event, 1, NAMES) is None
    state, _ = act(state, "auction", opening_bid=1_500_000, now=10)
    # A bid decision tells nothing itself: the opening told every seat (and it comes back
    # with the same id whenever its holder is outbid). Nor does a deal's: its offer tells.
    bid = next(d for d in engine.pending(state) if d.player == 1)
    event = {"type": "DecisionPending", "player": 1, "kind": "bid", **bid.detail}
    assert RS.notice(event, 1, NAMES, "18:00") is None
    deal = {"type": "DecisionPending", "player": 1, "kind": "deal", "proposer": 0, "deal": 9}
    assert RS.notice(deal, 1, NAMES, "18:00") is None
    debt = {"type": "DecisionPending", "player": 2, "kind": "debt", "amount": 7_000_000}
    assert "you owe 7M" in RS.notice(debt, 2, NAMES).body


def test_deal_and_end_notices():
    offer = {"type": "DealOffered", "proposer": 2, "to": 0, "deal": 9}
    assert RS.notice(offer, 0, NAMES, "tomorrow 10:00").body == \
        "Chebet offers you a deal; it stands until tomorrow 10:00."
    # The end, with every seat's wealth, richest first (then more cash), the bankrupt last.
    standings = [{"player": 0, "cash": 30_000_000, "districts": 7_570_000, "wealth": 37_570_000, "out": False},
                 {"player": 1, "cash": 37_700_000, "districts": 0, "wealth": 37_700_000, "out": False},
                 {"player": 2, "cash": 0, "districts": 0, "wealth": 0, "out": True}]
    end = {"type": "GameFinished", "winner": 1, "termination": "clock", "standings": standings}
    assert RS.notice(end, 0, NAMES).body == (
        "Baraka won. The game clock ran out: the richest wins. "
        "Wealth: Baraka 37.7M, Amina 37.57M, Chebet bankrupt.")
    assert RS.notice(end, 1, NAMES).body.startswith("You won! The game clock ran out")
    tie = [dict(standings[0], cash=37_570_000, districts=0), dict(standings[1], wealth=37_570_000,
                                                                   cash=37_000_000, districts=570_000)]
    assert RS.notice({**end, "winner": 0, "standings": tie}, 1, NAMES).body.endswith(
        "Wealth: Amina 37.57M, Baraka 37.57M.")     # equal wealth: more cash first
    closed = {"type": "AuctionClosed", "district": SPACE["Rosslyn"], "winner": 2,
              "price": 4_250_000}
    assert RS.notice(closed, 2, NAMES).body == "You won the auction of Rosslyn for 4.25M."
    # The others hear who won at what price; an unsold district is news to everyone.
    assert RS.notice(closed, 0, NAMES).body == "Chebet won the auction of Rosslyn for 4.25M."
    unsold = {**closed, "winner": None, "price": 0}
    assert [RS.notice(unsold, s, NAMES).body for s in (0, 2)] == [
        "Nobody bought Rosslyn at auction."] * 2
