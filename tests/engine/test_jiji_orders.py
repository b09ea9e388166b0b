"""Jiji's standing orders and proxy bids (issue 31 section 1, the Jiji bullet;
engine/jiji/orders.py), worked out by hand from the rulebook (shared/seeds/002_*: "Auctions":
"Each player may make a bid higher than the current one at any time ... The player who made
the highest bid when the light goes out wins"; "Building": "The number that appears is the
maximum number of buildings you may construct this turn"), the decisions file (a bid in the
last 5% of the window moves the close to the bid's time plus 5%, at least 1 s past the close
it had; deals private to their two parties) and the orders' numbers in data/jiji.toml
``[orders]`` (a 2M reserve, proxy bids up to 100% of a district's worth keeping half the
reserve, a district completing a group worth 80% of the group's prices more, joining one 25%,
blocking one 40%; residential rent discounted 35% while nuisances can fall on it).

By hand: Kasarani (red: Kasarani 2M, Roysambu 2M, Zimmerman 2.2M) has rents 200k bare, 800k
with 1 block, 1.8M with 2; a residential block costs 400k, an industrial one 800k. An auction
window is 12 hours (43,200 s); its last 5% is 2,160 s. A bid beats the current one by M10k.
"""

import engine
from engine import orders
from engine.jiji import orders as jiji_orders
from tests.engine.jiji_helpers import (
    SPACE,
    act,
    at,
    events_of,
    game,
    own,
    script,
    set_cash,
    system,
    turn_phase,
)

RS = engine.get_ruleset("jiji")
KASARANI = SPACE["Kasarani"]
T0 = 1_000_000
WINDOW = 43_200


def mine(**fields):
    """One seat's orders: the recommended ones with ``fields`` changed."""
    return orders.parse_orders(RS, fields)


def kasarani_auction(players=3, opening=200_000):
    """Seat 0 rolled onto Kasarani (unowned, 2M) and put it up for auction at ``opening``
    (its own bid) at T0: the auction closes at T0 + 43,200 s."""
    state = game(players, dice=[[1, 2]])
    at(state, 0, 18)
    state, _ = act(state, "roll")
    state, _ = act(state, "auction", opening_bid=opening, now=T0)
    assert state.auction.close == T0 + WINDOW
    return state


def bids(followed):
    return [(m.seat, m.action.amount) for m in followed.moves if m.action.type == "bid"]


def test_the_recommended_orders_come_from_the_data_and_read_in_jijis_terms():
    rec = orders.recommended(RS)
    assert rec["reserve"] == 2_000_000 and rec["bid_percent"] == 100
    assert rec["proxy_bids"] is True and rec["roll"] is True and rec["end_turn"] is True
    assert (rec["construction"], rec["buy"]) == ("by_rule", "by_rule")
    # The stops for Jiji: permits, station jumps and debts wait for the person.
    assert (rec["permits"], rec["station_jumps"], rec["debts"]) == ("stop", "stop", "stop")
    assert (rec["limit_district"], rec["limit"]) == ("none", 0)
    schema = orders.schema(RS)["properties"]
    assert all(field.get("title") and field.get("description") for field in schema.values())
    assert "Kasarani" in schema["limit_district"]["enum"]
    assert "(M)" in schema["reserve"]["title"] and "in M" in schema["limit"]["description"]
    assert RS.standing_orders is jiji_orders.JijiOrders


def test_a_proxy_bid_raises_by_the_least_step_against_a_rival_up_to_its_limit():
    state = kasarani_auction()
    seat1 = {1: mine(limit_district="Kasarani", limit=500_000)}
    # Seat 0 holds 200k: seat 1's order bids the least the auction takes, 210k.
    followed = orders.follow(state, seat1, T0)
    assert bids(followed) == [(1, 210_000)]
    state = followed.state
    # Seat 1 holds the highest bid: its order does not bid over itself.
    assert RS.order_action(state, 1, seat1[1], T0 + 10) is None
    # Seat 2 (a person) bids 300k: the order answers 310k at once.
    state, _ = act(state, "bid", 2, amount=300_000, now=T0 + 100)
    followed = orders.follow(state, seat1, T0 + 100)
    assert bids(followed) == [(1, 310_000)]
    # Seat 2 bids 500k, the order's limit: the next bid would be 510k, over it; no bid.
    state, _ = act(followed.state, "bid", 2, amount=500_000, now=T0 + 200)
    assert RS.order_action(state, 1, seat1[1], T0 + 200) is None
    state, events = system(state, "close_auction", now=T0 + WINDOW)
    closed = events_of(events, "AuctionClosed")[0]
    assert (closed["winner"], closed["price"]) == (2, 500_000)


def test_two_proxies_race_by_the_least_step_and_the_higher_limit_wins_one_step_above_the_other():
    state = kasarani_auction()
    seats = {1: mine(limit_district="Kasarani", limit=500_000),
             2: mine(limit_district="Kasarani", limit=350_000)}
    followed = orders.follow(state, seats, T0)
    # One bid at a time the race goes 210k, 220k, ... by turns (seat 1 the odd steps, seat 2
    # the even) up to seat 2's 340k; seat 1 answers 350k and seat 2's next, 360k, is over its
    # limit: 15 bids. The table makes only the last two, each a bid higher than the current
    # one when made: seat 2's 340k over seat 0's 200k, seat 1's 350k over it.
    assert bids(followed) == [(2, 340_000), (1, 350_000)]
    assert followed.state.auction.bids[-2:] == [[2, 340_000], [1, 350_000]]
    assert [RS.order_action(followed.state, seat, seats[seat], T0) for seat in (1, 2)] == [None, None]
    state, events = system(followed.state, "close_auction", now=T0 + WINDOW)
    assert {k: events_of(events, "AuctionClosed")[0][k] for k in ("winner", "price")} == {
        "winner": 1, "price": 350_000}


def test_a_long_race_is_two_bids_from_m1m():
    """Seat 0 opens at M1M; seat 1's proxy goes to M2M, seat 2's to M1.8M. By the least step
    the race is 81 bids (seat 1 the odd steps, 1.01M ... ; seat 2 the even, up to its 1.8M at
    the 80th; seat 1's 1.81M); the table makes seat 2's 1.8M and seat 1's 1.81M."""
    state = kasarani_auction(opening=1_000_000)
    seats = {1: mine(limit_district="Kasarani", limit=2_000_000),
             2: mine(limit_district="Kasarani", limit=1_800_000)}
    followed = orders.follow(state, seats, T0 + 100)
    assert bids(followed) == [(2, 1_800_000), (1, 1_810_000)]
    assert len(followed.moves) == 2
    state, events = system(followed.state, "close_auction", now=T0 + WINDOW)
    closed = events_of(events, "AuctionClosed")[0]
    assert (closed["winner"], closed["price"]) == (1, 1_810_000)


def test_a_race_against_the_holders_own_proxy_starts_one_bid_earlier():
    """Seat 0 opened at 200k (its own bid, the highest now) with a proxy to 300k; seat 1's goes
    to 500k. By the least step: seat 1 210k, seat 0 220k, ..., seat 0 300k (the 10th), seat 1
    310k (the 11th). Seat 0 may not bid 300k over its own 200k, so the table makes seat 1's
    290k, seat 0's 300k and seat 1's 310k."""
    state = kasarani_auction()
    seats = {0: mine(limit_district="Kasarani", limit=300_000),
             1: mine(limit_district="Kasarani", limit=500_000)}
    followed = orders.follow(state, seats, T0)
    assert bids(followed) == [(1, 290_000), (0, 300_000), (1, 310_000)]
    assert followed.state.auction.holder == 1


def test_equal_limits_go_to_the_earlier_bid_at_that_amount():
    state = kasarani_auction()
    same = mine(limit_district="Kasarani", limit=350_000)
    followed = orders.follow(state, {1: same, 2: same}, T0)
    # Seat 1 reaches 350k first (the odd steps: 210k ... 350k); seat 2 may not bid 350k too
    # (a bid must be higher than the current one) and 360k is over its limit.
    assert bids(followed)[-2:] == [(2, 340_000), (1, 350_000)]
    assert RS.order_action(followed.state, 2, same, T0) is None
    # A person's 350k first, then an order with the same limit: the order does not bid.
    state, _ = act(kasarani_auction(), "bid", 1, amount=350_000, now=T0 + 5)
    assert orders.follow(state, {2: same}, T0 + 5).moves == []


def test_an_orders_bid_is_a_bid_at_the_moment_the_table_makes_it_and_extends_the_close():
    state = kasarani_auction()
    seat1 = {1: mine(limit_district="Kasarani", limit=500_000)}
    # Early on the order's bid leaves the close alone.
    followed = orders.follow(state, seat1, T0 + 1_000)
    assert followed.state.auction.close == T0 + WINDOW
    # Seat 2 bids 300k 200 s before the close (in the last 2,160 s): the close moves to
    # T0 + 43,000 + 2,160 = T0 + 45,160. The order answers at that same moment, 2,160 s before
    # the new close: the close moves to T0 + 43,000 + 2,161 (at least 1 s past the time left).
    state, events = act(followed.state, "bid", 2, amount=300_000, now=T0 + 43_000)
    assert state.auction.close == T0 + 45_160
    followed = orders.follow(state, seat1, T0 + 43_000)
    assert bids(followed) == [(1, 310_000)]
    placed = events_of(followed.moves[0].result.events, "BidPlaced")[0]
    assert placed["extended"] is True and placed["closes"] == T0 + 45_161
    # After the close an order makes no bid; the table closes the auction for the holder.
    state, _ = act(followed.state, "bid", 2, amount=320_000, now=T0 + 45_000)
    assert RS.order_action(state, 1, seat1[1], state.auction.close) is None
    state, events = system(state, "close_auction", now=state.auction.close)
    assert events_of(events, "AuctionClosed")[0]["winner"] == 2


def test_the_standing_limit_is_the_districts_worth_keeping_half_the_reserve():
    t = lambda state, seat=1: jiji_orders.Table(state, seat, mine())  # noqa: E731
    state = kasarani_auction()
    # Nothing of the red group owned: worth = its price, 2M; the limit 2M (cash 37.7M).
    assert jiji_orders.proxy_limit(t(state), KASARANI) == 2_000_000
    # Completing the group: 2M + 80% of (2M + 2M + 2.2M) = 2M + 4.96M = 6.96M.
    own(state, 1, "Roysambu", "Zimmerman")
    assert jiji_orders.worth(t(state), KASARANI) == 6_960_000
    # Joining one of mine: 2M + 25% of 2M = 2.5M.
    own(state, None, "Zimmerman")
    assert jiji_orders.worth(t(state), KASARANI) == 2_500_000
    # Blocking seat 2, who owns the rest: 2M + 40% of 2M = 2.8M.
    own(state, 2, "Roysambu", "Zimmerman")
    assert jiji_orders.worth(t(state), KASARANI) == 2_800_000
    # With 2.5M cash the reserve's half (1M; 60% of seat 2's largest rent, 220k x 60% = 132k,
    # is less than 2M) stays back: the limit is 1.5M, and the order bids no more.
    set_cash(state, 1, 2_500_000)
    assert jiji_orders.proxy_limit(t(state), KASARANI) == 1_500_000
    state.auction.bids.append([2, 1_500_000])
    assert RS.order_action(state, 1, mine(), T0) is None
    assert RS.order_action(state, 1, mine(proxy_bids=False), T0) is None


def test_the_turn_rolls_buys_presses_construction_places_blocks_by_the_rule_and_ends():
    state = game(2, dice=[[1, 2]])
    at(state, 0, 18)
    script(state, construction=["blocks_2"])
    followed = orders.follow(state, {0: mine()}, T0)
    moves = [m.action for m in followed.moves]
    assert [a.type for a in moves] == ["roll", "buy", "construction", "place_blocks", "end_turn"]
    # Kasarani bought for 2M (35.7M left, above the 2M reserve). Two blocks on Kasarani, the
    # only district: a residential one adds 600k for 400k, discounted 35% = 390k, 0.975 per M,
    # an industrial one 600k for 800k, 0.75; the second residential adds 1M (x 0.65 = 650k)
    # for 400k, 1.625, against 1M for 800k, 1.25: two residential blocks.
    assert (moves[3].residential, moves[3].industrial) == ([KASARANI, KASARANI], [])
    assert followed.state.districts[KASARANI].res == 2
    assert followed.state.players[0].cash == 37_700_000 - 2_000_000 - 800_000
    assert followed.state.cur == 1


def test_blocks_are_placed_within_the_reserve_and_by_the_kind_asked():
    state = game(2)
    own(state, 0, "Kasarani")
    turn_phase(state, 0, "turn")
    script(state, construction=["blocks_2", "blocks_2"])
    set_cash(state, 0, 2_500_000)
    # 500k above the 2M reserve: Construction is pressed (a 400k block fits), and of the two
    # blocks granted one residential block (400k) is placed; the second would cut the reserve.
    followed = orders.follow(state, {0: mine(end_turn=False)}, T0)
    placed = [m.action for m in followed.moves if m.action.type == "place_blocks"]
    assert [(a.residential, a.industrial) for a in placed] == [([KASARANI], [])]
    # Industrial only, with cash to spare: two industrial blocks.
    state = game(2)
    own(state, 0, "Kasarani")
    turn_phase(state, 0, "turn")
    script(state, construction=["blocks_2"])
    followed = orders.follow(state, {0: mine(blocks="industrial", end_turn=False)}, T0)
    placed = [m.action for m in followed.moves if m.action.type == "place_blocks"]
    assert [(a.residential, a.industrial) for a in placed] == [([], [KASARANI, KASARANI])]
    # Construction on stop: the orders wait for the person before pressing.
    assert RS.order_action(state, 0, mine(construction="stop"), T0) is None


def test_a_deal_offered_is_a_stop_and_the_turn_holders_orders_go_on():
    state = game(3)
    # Seat 1 offers seat 0 (about to roll) a deal: 10k for nothing.
    state, _ = act(state, "propose_deal", 1, to=0, give_cash=10_000, now=T0)
    state, _ = act(state, "propose_deal", 0, to=2, give_cash=10_000, now=T0)
    assert any(d.kind == "deal" and d.player == 2 for d in engine.pending(state))
    # Seat 2's orders never answer the deal (accept, decline): the person decides.
    assert RS.order_action(state, 2, mine(), T0) is None
    # Seat 0's orders roll on: the deal offered to it is left to the person, and its turn
    # does not wait (a wait would tell seat 2 that a deal exists).
    assert RS.order_action(state, 0, mine(), T0).type == "roll"
    followed = orders.follow(state, {0: mine(), 2: mine()}, T0)
    assert followed.moves and all(m.seat == 0 for m in followed.moves)
    assert all(m.action.type not in ("accept_deal", "decline_deal") for m in followed.moves)


def test_a_permit_a_station_jump_and_a_debt_stop_on_the_recommended_orders():
    # A Building Permit (space 2, after a roll of 1 + 1).
    state = game(3, dice=[[1, 1]])
    state, _ = act(state, "roll")
    assert state.phase == "permit"
    assert RS.order_action(state, 0, mine(), T0) is None
    assert RS.order_action(state, 0, mine(permits="by_rule"), T0).type == "place_permit"
    # A station jump: seat 0 lands on seat 1's Kasarani (a station) with Mukuru's station its own.
    state = game(2, dice=[[1, 2]])
    own(state, 1, "Kasarani")
    own(state, 0, "Mukuru")
    state.districts[KASARANI].station = True
    state.districts[SPACE["Mukuru"]].station = True
    at(state, 0, 18)
    state, _ = act(state, "roll")
    assert "jump" in {a.type for a in engine.legal_actions(state, 0)}
    assert RS.order_action(state, 0, mine(), T0) is None
    jump = RS.order_action(state, 0, mine(station_jumps="by_rule"), T0)
    assert (jump.type, jump.district) == ("jump", SPACE["Mukuru"])
    # Never: no jump; the turn goes on (Construction is pressed, 37.5M above the reserve).
    assert RS.order_action(state, 0, mine(station_jumps="never"), T0).type == "construction"
    # A debt: seat 1 with 1M lands on seat 0's Kasarani with 5 industrial blocks (7.2M rent).
    state = game(2, first=1, dice=[[1, 2]])
    own(state, 0, "Kasarani", ind=5)
    own(state, 1, "Mukuru", "Rosslyn")
    at(state, 1, 18)
    set_cash(state, 1, 1_000_000)
    state, _ = act(state, "roll", 1)
    assert [(d.player, d.kind) for d in engine.pending(state)] == [(1, "debt")]
    assert RS.order_action(state, 1, mine(), T0) is None
    # On "mortgage": the shortfall is 7.2M - 1M = 6.2M; a mortgage pays the rent value,
    # Rosslyn's 400k bare or Mukuru's 60k: neither covers it, so the one raising most first.
    move = RS.order_action(state, 1, mine(debts="mortgage"), T0)
    assert (move.type, move.district) == ("mortgage", SPACE["Rosslyn"])


def test_the_guide_says_what_the_recommended_orders_do_and_what_they_leave_to_the_person():
    section = next(s for s in RS.guide()["prose"] if s["id"] == "orders")
    text = " ".join(section["text"])
    # The figures of [orders] and the auction's step, as a player reads them.
    for figure in ("by the least raise (M10k)", "(100% recommended)",
                   "plus 80% of its group's prices", "25% of its price when it joins",
                   "40% of its price when one other player owns the rest",
                   "keep your reserve (M2M, or 60% of the largest rent",
                   "a rent of M600k or more", "with equal limits the one that reached that amount first keeps it"):
        assert figure in text, figure
    for stop in ("every deal offered to you", "a Building Permit's building", "a station jump",
                 "a debt you owe", "declaring bankruptcy is always yours"):
        assert stop in text, stop


def test_a_race_settled_in_its_last_bids_ends_as_one_bid_at_a_time(monkeypatch):
    """Against the race made one bid at a time (the shortcut turned off): two and three proxies,
    the opener's own among them or not, limits on and off the M10k steps, a person's bid first.
    The same holder at the same price, the same bid next below it, no proxy left to bid."""
    import random

    rng = random.Random(31)
    cases = []
    for _ in range(12):
        seats = rng.sample([0, 1, 2], rng.choice([2, 3]))
        limits = {seat: rng.randrange(150_000, 900_000, rng.choice([5_000, 10_000])) for seat in seats}
        cases.append((limits, rng.random() < 0.3))
    longest = 0
    for limits, person_first in cases:
        ends = []
        for shortcut in (True, False):
            state = kasarani_auction()
            if person_first:
                state, _ = act(state, "bid", 2, amount=250_000, now=T0 + 1)
            chosen = {seat: mine(limit_district="Kasarani", limit=limit)
                      for seat, limit in limits.items()}
            with monkeypatch.context() as patch:
                if not shortcut:
                    patch.setattr(type(RS), "orders_shortcut", lambda self, s, o, now: [])
                followed = orders.follow(state, chosen, T0 + 5)
            assert all(RS.order_action(followed.state, seat, o, T0 + 5) is None
                       for seat, o in chosen.items())
            a = followed.state.auction
            ends.append((a.holder, a.bid, a.bids[-2:], len(followed.moves)))
        (holder, bid, last, moves), (holder1, bid1, last1, moves1) = ends
        assert (holder, bid, last) == (holder1, bid1, last1), limits
        assert moves <= min(moves1, 3), limits
        longest = max(longest, moves1)
    assert longest > 20                                     # a long race among them
