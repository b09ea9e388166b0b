"""Mtaani's standing orders (issue 31 section 1, engine/mtaani/orders.py), figures worked out by
hand from the guide (shared/seeds/000_fe1744ded917b034.txt: "Economy and fees", "Building and
development", "Loans and mortgages", "Jail", "Fortune", "Municipal"; the classic preset
001_b03185b62d0d2d37.txt prints the same prices and jail) and the decisions file (purchase
cost = 2 x mortgage value), with the recommended orders of data/orders.toml (buy up to
700,000 SFR keeping 100,000; build keeping 200,000; bail while the opponents' fees add up to
at most 2,400,000; in debt mortgage but ask before units are sold; ask on every offer; the
Municipal rule best for me).

Tiles (shared/spec/mtaani-decisions.md): 1 Eastleigh, 3 Kibra, 5 Citi Hoppa, 6 Kinoo,
8 Umoja, 9 Ngara, 12 Jail, 13 Githurai, 19 Fortune, 44 Karen, 47 Municipal.
"""

import random

import pytest

import engine
from engine import orders
from engine.mtaani.flow import Ctx
from engine.mtaani.orders import offer_worth
from tests.engine.helpers import act, at, game, own, set_cash

EASTLEIGH, KIBRA, CITI_HOPPA, KINOO, UMOJA, NGARA = 1, 3, 5, 6, 8, 9
JAIL, GITHURAI, FORTUNE, KAREN, MUNICIPAL = 12, 13, 19, 44, 47
NOW = 1_800_000_000
PRESETS = ["mtaani", "mtaani-classic"]


def mine(ruleset="mtaani", **fields):
    """One seat's orders: the recommended ones with ``fields`` changed."""
    return orders.parse_orders(engine.get_ruleset(ruleset), fields)


def move_of(state, seat=0, ruleset="mtaani", **fields):
    """The move ``seat``'s orders (recommended + ``fields``) make now, as (type, tile-or-None)."""
    move = engine.get_ruleset(ruleset).order_action(state, seat, mine(ruleset, **fields), NOW)
    return None if move is None else (move.type, getattr(move, "tile", None))


def followed(state, ruleset="mtaani", **fields):
    """Seat 0 on orders (recommended + ``fields``), seat 1 on none: what the orders did."""
    done = orders.follow(state, {0: mine(ruleset, **fields)}, NOW)
    assert not done.refused
    return done.state, [(m.action.type, getattr(m.action, "tile", None)) for m in done.moves]


def on_kibra(ruleset="mtaani", cash=2_000_000):
    """p0 rolls 1 + 2 onto unowned Kibra (price 2 x 16,250 = 32,500) and must buy or decline."""
    state = set_cash(game(ruleset=ruleset, dice=[[1, 2]], mugging=[False]), 0, cash)
    state, _ = act(state, "roll")
    assert (state.decision.kind, state.decision.tile) == ("buy", KIBRA)
    return state


# ------------------------------------------------------------------------------- roll
@pytest.mark.parametrize("ruleset", PRESETS)
def test_the_orders_roll_at_the_turns_start_and_stop_when_rolling_is_off(ruleset):
    state = game(ruleset=ruleset)
    assert state.decision.kind == "turn"
    assert move_of(state, ruleset=ruleset) == ("roll", None)
    assert move_of(state, ruleset=ruleset, roll=False) is None
    assert move_of(state, seat=1, ruleset=ruleset) is None  # not seat 1's turn


# ------------------------------------------------------------------------------- buy
@pytest.mark.parametrize("ruleset", PRESETS)
def test_a_property_at_or_under_the_limit_is_bought_over_it_declined(ruleset):
    assert move_of(on_kibra(ruleset), ruleset=ruleset) == ("buy", None)  # 32,500 <= 700,000
    assert move_of(on_kibra(ruleset), ruleset=ruleset, buy_up_to=32_500) == ("buy", None)
    assert move_of(on_kibra(ruleset), ruleset=ruleset, buy_up_to=32_499) == ("decline", None)
    # ask_me: the purchase over the limit is the person's (a stop).
    assert move_of(on_kibra(ruleset), ruleset=ruleset, buy_up_to=32_499, over_limit="ask_me") is None


def test_buying_keeps_the_cash_reserve():
    # 132,500 - 32,500 = 100,000 left: the reserve exactly; one SFR less and it declines.
    assert move_of(on_kibra(cash=132_500)) == ("buy", None)
    assert move_of(on_kibra(cash=132_499)) == ("decline", None)
    # Under the limit but short of the reserve is declined, not asked: only a price over the
    # limit asks.
    assert move_of(on_kibra(cash=132_499), over_limit="ask_me") == ("decline", None)


def test_declining_by_order_pays_kibras_fee_to_the_bank():
    state, moves = followed(on_kibra(), buy_up_to=0)
    assert moves[0] == ("decline", None)
    assert state.props[KIBRA].owner is None
    assert state.players[0].cash == 2_000_000 - 1_300  # Kibra's base fee


@pytest.mark.parametrize("ruleset", PRESETS)
def test_a_property_that_completes_my_set_or_blocks_an_opponents_is_bought_over_the_limit(ruleset):
    # Eastleigh + Kibra is a set: Kibra completes it for whoever holds Eastleigh.
    assert move_of(own(on_kibra(ruleset), 0, EASTLEIGH), ruleset=ruleset, buy_up_to=0) == ("buy", None)
    assert move_of(own(on_kibra(ruleset), 1, EASTLEIGH), ruleset=ruleset, buy_up_to=0) == ("buy", None)
    assert move_of(on_kibra(ruleset), ruleset=ruleset, buy_up_to=0) == ("decline", None)  # nobody's set
    assert move_of(own(on_kibra(ruleset), 0, EASTLEIGH), ruleset=ruleset, buy_up_to=0,
                   buy_sets=False) == ("decline", None)


def test_a_set_piece_the_cash_cannot_cover_is_declined_or_asked():
    state = own(on_kibra(), 0, EASTLEIGH)
    set_cash(state, 0, 32_499)  # one short of Kibra's 32,500
    assert move_of(state) == ("decline", None)
    assert move_of(state, over_limit="ask_me") is None


# ------------------------------------------------------------------------------- build
def on_my_kibra(units_of=(), cash=2_000_000):
    """p0 owns Eastleigh and Kibra, rolls 1 + 2 onto its own Kibra (no fee) and ends its turn."""
    state = own(game(dice=[[1, 2]], mugging=[False]), 0, EASTLEIGH, KIBRA)
    own(state, 0, *units_of)
    state, _ = act(set_cash(state, 0, cash), "roll")
    assert state.decision.kind == "end"
    return state


def test_the_build_order_spends_down_to_the_reserve_best_fee_per_sfr_first():
    # Two complete sets, unbuilt (fees doubled): Eastleigh-Kibra and Kinoo-Umoja-Ngara.
    # One unit's fee: (price + unit cost) x 1 / 5. Gain per SFR of the first unit:
    #   Eastleigh (25,000 + 22,500) / 5 = 9,500 - 2,000 = 7,500 / 22,500 = 0.333
    #   Kibra     (32,500 + 29,250) / 5 = 12,350 - 2,600 = 9,750 / 29,250 = 0.333
    #   Kinoo     (60,000 + 50,000) / 5 = 22,000 - 6,000 = 16,000 / 50,000 = 0.32
    #   Umoja     (72,000 + 60,000) / 5 = 26,400 - 7,200 = 19,200 / 60,000 = 0.32
    #   Ngara     (91,000 + 71,500) / 5 = 32,500 - 7,800 = 24,700 / 71,500 = 0.345  <- 1st
    # With a unit on Ngara the set is built: Kinoo's and Umoja's fees drop to 3,000 and 3,600,
    #   Kinoo 19,000 / 50,000 = 0.38, Umoja 22,800 / 60,000 = 0.38: equal, Umoja's larger gain
    #   goes 2nd, Kinoo 3rd (Ngara may not build again until the others catch up).
    # Second units, (price + 2 x unit cost) x 2 / 5:
    #   Kinoo 64,000 - 22,000 = 42,000 / 50,000 = 0.84; Umoja 76,800 - 26,400 = 50,400 /
    #   60,000 = 0.84; Ngara 93,600 - 32,500 = 61,100 / 71,500 = 0.855  <- 4th
    # Cash 478,000: the four cost 71,500 + 60,000 + 50,000 + 71,500 = 253,000, leaving 225,000,
    # 25,000 over the 200,000 reserve: the best unit within 25,000 is Eastleigh's (22,500;
    # Kibra's 29,250 does not fit), leaving 202,500, and then the turn ends.
    state = on_my_kibra(units_of=(KINOO, UMOJA, NGARA), cash=478_000)
    state, moves = followed(state)
    assert moves == [("build", NGARA), ("build", UMOJA), ("build", KINOO), ("build", NGARA),
                     ("build", EASTLEIGH), ("end_turn", None)]
    assert state.players[0].cash == 202_500
    assert [state.props[t].units for t in (EASTLEIGH, KIBRA, KINOO, UMOJA, NGARA)] == [1, 0, 1, 1, 2]


def test_the_build_order_first_lifts_a_mortgage_on_a_complete_set():
    # Eastleigh mortgaged: lifting costs 12,500 + 10% = 13,750, exactly the cash over the
    # 200,000 reserve; nothing is left for a unit.
    state = on_my_kibra(cash=213_750)
    state.props[EASTLEIGH].mortgaged = True
    state, moves = followed(state)
    assert moves == [("unmortgage", EASTLEIGH), ("end_turn", None)]
    assert state.players[0].cash == 200_000


def test_no_build_order_and_no_end_turn_order_leave_the_turn_to_the_person():
    state = on_my_kibra()
    assert move_of(state) == ("build", KIBRA)  # 0.333 each: Kibra's gain (9,750) is larger
    assert move_of(state, build=False) == ("end_turn", None)
    assert move_of(state, build=False, end_turn=False) is None


# ------------------------------------------------------------------------------- debt
def test_a_debt_is_raised_by_mortgages_outside_my_sets_the_lowest_fee_first():
    # p1's Ngara with 3 units charges (91,000 + 3 x 71,500) x 3 / 5 = 183,300; p0 holds 50,000.
    # p0 owns Eastleigh + Kibra (a complete set), Citi Hoppa (fee 2,500) and Githurai (6,000):
    # Citi Hoppa is mortgaged first (100,000: cash 150,000), then Githurai (52,500: 202,500),
    # the fee is paid (19,200 left), Eastleigh and Kibra stay unmortgaged, and the turn ends
    # (nothing to build above the 200,000 reserve).
    state = own(game(dice=[[4, 5]]), 1, NGARA, units=3)
    own(state, 0, EASTLEIGH, KIBRA, CITI_HOPPA, GITHURAI)
    state, _ = act(set_cash(state, 0, 50_000), "roll")
    assert state.decision.kind == "debt"
    state, moves = followed(state)
    assert moves == [("mortgage", CITI_HOPPA), ("mortgage", GITHURAI), ("end_turn", None)]
    assert state.players[0].cash == 19_200
    assert state.players[1].cash == 2_000_000 + 183_300
    assert not state.props[EASTLEIGH].mortgaged and not state.props[KIBRA].mortgaged


def in_debt_with_units():
    """p0 holds 50,000 and the Kinoo-Umoja-Ngara set with one unit each (so nothing may be
    mortgaged) and lands (2 + 5 + 6) on p1's Githurai with 3 units:
    (105,000 + 3 x 82,500) x 3 / 5 = 211,500 owed."""
    state = own(game(dice=[[5, 6]]), 1, GITHURAI, units=3)
    own(at(state, 0, 2), 0, KINOO, UMOJA, NGARA, units=1)
    state, _ = act(set_cash(state, 0, 50_000), "roll")
    assert state.decision.kind == "debt"
    return state


def test_a_debt_that_needs_units_sold_stops_for_the_person():
    state = in_debt_with_units()
    assert move_of(state) is None  # debt_sell_units is off by default
    assert move_of(state, debt_mortgage=False, debt_sell_units=True) is None


def test_with_units_to_sell_the_orders_sell_the_least_fee_lost_per_sfr_first_then_mortgage():
    # Selling one unit refunds half its cost and drops the fee to the base fee:
    #   Kinoo 22,000 - 3,000 = 19,000 / 25,000 = 0.76; Umoja 26,400 - 3,600 = 22,800 / 30,000
    #   = 0.76; Ngara 32,500 - 3,900 = 28,600 / 35,750 = 0.8: Kinoo (lower tile), Umoja, Ngara:
    #   50,000 + 25,000 + 30,000 + 35,750 = 140,750. The set unbuilt can be mortgaged, the
    #   lowest (doubled) fee first: Kinoo 30,000 (170,750), Umoja 36,000 (206,750), Ngara
    #   45,500 (252,250); the 211,500 is paid, 40,750 left.
    state, moves = followed(in_debt_with_units(), debt_sell_units=True)
    assert moves == [("sell_unit", KINOO), ("sell_unit", UMOJA), ("sell_unit", NGARA),
                     ("mortgage", KINOO), ("mortgage", UMOJA), ("mortgage", NGARA),
                     ("end_turn", None)]
    assert state.players[0].cash == 40_750
    assert not state.players[0].bankrupt


def test_the_orders_never_declare_bankruptcy():
    # Everything p0 could raise: 3 x 1 unit (90,750) + 3 mortgages (111,500) = 202,250 on
    # top of 0 cash, short of 211,500: the orders stop; bankruptcy (or a loan) is the person's.
    state = in_debt_with_units()
    set_cash(state, 0, 0)
    state.debts[0].amount = 211_500
    assert move_of(state, debt_sell_units=True) is None


# ------------------------------------------------------------------------------- jail
@pytest.mark.parametrize("ruleset", PRESETS)
def test_the_jail_order_pays_bail_rolls_for_doubles_or_asks(ruleset):
    state = game(ruleset=ruleset)
    state.players[0].position, state.players[0].jail_turns = JAIL, 3
    own(state, 1, KAREN)  # p1's only fee: Karen's 40,000
    assert move_of(state, ruleset=ruleset, jail="pay_bail") == ("pay_bail", None)
    assert move_of(state, ruleset=ruleset, jail="roll_for_doubles") == ("roll", None)
    assert move_of(state, ruleset=ruleset, jail="ask_me") is None
    # bail_when_fees_low: bail while the opponents' fees add up to at most the limit.
    assert move_of(state, ruleset=ruleset) == ("pay_bail", None)  # 40,000 <= 2,400,000
    assert move_of(state, ruleset=ruleset, jail_fees_limit=40_000) == ("pay_bail", None)
    assert move_of(state, ruleset=ruleset, jail_fees_limit=39_999) == ("roll", None)
    # Bail is 20,000: with less the order rolls for doubles instead.
    set_cash(state, 0, 19_999)
    assert move_of(state, ruleset=ruleset, jail="pay_bail") == ("roll", None)


def test_bail_paid_by_order_costs_20_000():
    state = game(dice=[[1, 2]], mugging=[False])
    state.players[0].position, state.players[0].jail_turns = JAIL, 3
    state = orders.follow(state, {0: mine(jail="pay_bail", roll=False)}, NOW).state
    assert state.players[0].jail_turns == 0
    assert state.players[0].cash == 2_000_000 - 20_000


# ------------------------------------------------------------------------------- Fortune, Municipal
def test_the_fortune_order_draws_the_deck_named_or_asks():
    state, _ = act(at(game(dice=[[3, 4]]), 0, JAIL), "roll")  # 12 + 7 = Fortune
    assert state.decision.kind == "deck"
    rs = engine.get_ruleset("mtaani")
    for deck in ("mtaani", "mathree"):
        assert rs.order_action(state, 0, mine(fortune=deck), NOW).deck == deck
    assert rs.order_action(state, 0, mine(fortune="better_deck"), NOW).deck in ("mtaani", "mathree")
    assert move_of(state, fortune="ask_me") is None


def test_a_municipal_choice_is_made_by_the_rule_best_for_me_by_default():
    state, _ = act(at(game(dice=[[3, 4]]), 0, 40), "roll")  # 40 + 7 = Municipal
    assert state.decision.kind == "municipal"
    # Nobody owns anything: my fees 0, the best opponent's 0; double rent needs fees of mine
    # above 6/5 of theirs, halve rent theirs above 6/5 of mine: neither, so double salary.
    move = engine.get_ruleset("mtaani").order_action(state, 0, mine(), NOW)
    assert (move.type, move.rule) == ("choose_municipal", "double_salary")
    assert move_of(state, municipal="ask_me") is None
    move = engine.get_ruleset("mtaani").order_action(state, 0, mine(municipal="double_salary"), NOW)
    assert (move.type, move.rule) == ("choose_municipal", "double_salary")


# ------------------------------------------------------------------------------- offers
def test_an_offer_to_me_waits_for_me():
    # p0 (no orders) offers p1 10,000 for nothing: p1's orders answer no offer; the table waits
    # for p1's person, and p0's turn is not p1's to play.
    state, _ = act(game(), "propose_trade", player=0, to=1, give={"cash": 10_000})
    rs = engine.get_ruleset("mtaani")
    assert rs.waiting_seats(state)[0] == 1
    assert rs.order_action(state, 1, mine(), NOW) is None
    assert rs.order_action(state, 1, mine(offers="decline"), NOW) is None  # never out of turn
    assert orders.follow(state, {1: mine()}, NOW).moves == []


def test_offers_below_the_value_are_declined_at_my_next_move_by_order():
    # p1 asks for p0's Kibra (price 32,500): for 10,000 it is worth 10,000 - 32,500 = -22,500
    # to p0, for 40,000 it is worth +7,500.
    state = own(game(), 0, KIBRA)
    state, _ = act(state, "propose_trade", player=1, to=0, give={"cash": 10_000},
                   get={"properties": [KIBRA]})
    state, _ = act(state, "propose_trade", player=1, to=0, give={"cash": 40_000},
                   get={"properties": [KIBRA]})
    low, high = state.trades
    rs = engine.get_ruleset("mtaani")
    assert [offer_worth(Ctx(rs.book, state), 0, t) for t in (low, high)] == [-22_500, 7_500]
    assert move_of(state) == ("roll", None)  # ask_me: both wait for the person; the turn goes on
    move = rs.order_action(state, 0, mine(offers="decline_below"), NOW)
    assert (move.type, move.trade) == ("decline_trade", low.id)
    move = rs.order_action(state, 0, mine(offers="decline_below", offers_below=7_501), NOW)
    assert (move.type, move.trade) == ("decline_trade", low.id)
    after = orders.follow(state, {0: mine(offers="decline_below", roll=False)}, NOW)
    assert after.moves == []  # a decline waits for a move the orders make anyway
    after = orders.follow(state, {0: mine(offers="decline_below", roll=True)}, NOW).state
    assert [t.id for t in after.trades] == [high.id]


def test_a_loan_offer_is_worth_its_interest():
    # p1 offers to lend p0 100,000 at 10%: p0 would pay 10,000 interest, worth -10,000.
    state, _ = act(game(), "offer_loan", player=1, to=0, amount=100_000, interest_percent=10, term=2)
    rs = engine.get_ruleset("mtaani")
    (offer,) = state.loan_offers
    assert offer_worth(Ctx(rs.book, state), 0, offer) == -10_000
    move = rs.order_action(state, 0, mine(offers="decline_below"), NOW)
    assert (move.type, move.offer) == ("decline_loan", offer.id)
    assert move_of(state, offers="decline_below", offers_below=-10_000) == ("roll", None)


def test_declining_by_order_moves_when_a_seat_that_cannot_see_the_offer_would_expect_a_move():
    # Three seats: p1 offers p0 a trade worth -22,500 to p0 (10,000 for Kibra). Seat 2 cannot
    # see it (its view drops offers between two others); to seat 2 p0's orders roll, and to
    # p0 they decline the offer: a move either way, so their timing tells seat 2 nothing.
    state = own(game(players=3), 0, KIBRA)
    state, _ = act(state, "propose_trade", player=1, to=0, give={"cash": 10_000},
                   get={"properties": [KIBRA]})
    rs = engine.get_ruleset("mtaani")
    order = mine(offers="decline")
    assert rs.order_action(state, 0, order, NOW).type == "decline_trade"
    seen_by_2 = rs.redeterminize(state, 2, random.Random(1))
    assert seen_by_2.trades == []
    assert rs.order_action(seen_by_2, 0, order, NOW).type == "roll"
