"""Jiji's bots: legal only, seeded, quick, and playing with sense (bids by value, Construction,
permits against the leader, stadiums, skyscrapers and the tower when they pay)."""

import time

import pytest

import engine
from engine import bots as engine_bots
from engine.jiji import bots
from engine.jiji.bots import selfplay
from tests.engine.jiji_helpers import SPACE, act, at, game, own, set_cash, turn_phase

KINDS = ("base", "advanced", "smart")
T0 = 1_000


@pytest.mark.parametrize("kinds", [["base", "advanced"], ["smart", "advanced", "base"],
                                   ["smart"] * 4])
def test_bots_play_whole_games_with_legal_actions_only(kinds):
    for seed in range(3):
        result = selfplay.play(kinds, seed, max_turns=400)  # decide(strict=True) checks legality
        assert result.termination in ("bankruptcy", "turn_cap")
        assert result.winner is not None and result.actions > 50


def test_a_bots_choice_depends_only_on_the_state_seat_kind_and_seed():
    state = game(3, dice=[[1, 2]])
    at(state, 0, 18)
    state, _ = act(state, "roll")
    for kind in KINDS:
        first = engine_bots.choose(state, 0, kind, 5)
        assert first == engine_bots.choose(state, 0, kind, 5)
        assert first in engine.legal_actions(state, 0)


def bidding(current: int, value_group: bool = False):
    """Kasarani (2M) at auction, seat 1 holding ``current``; seat 0 to decide."""
    state = game(3, dice=[[1, 2]], first=2)
    at(state, 2, 18)
    if value_group:
        own(state, 0, "Roysambu", "Zimmerman")
    state, _ = act(state, "roll", 2)
    state, _ = act(state, "auction", 2, opening_bid=10_000, now=T0)
    state, _ = act(state, "bid", 1, amount=current, now=T0 + 5)
    return state


@pytest.mark.parametrize("kind", KINDS)
def test_bots_jump_half_way_to_their_limit_and_stop_above_it(kind):
    """Kasarani is worth its price (2M) to every kind here (no group owned; cash 37.7M leaves
    the reserve whole). Seat 1 holds 1M: the least bid is 1.01M and half the way on to 2M is
    495k, 490k in steps of 10k: 1.5M. Near the limit the jump rounds to nothing: 1.99M, then
    2M itself; above it, no bid."""
    for current, bid in ((1_000_000, 1_500_000), (1_980_000, 1_990_000), (1_990_000, 2_000_000)):
        choice = bots.choose(bidding(current), 0, kind, 1)
        assert choice.type == "bid" and choice.amount == bid, current
    assert bots.choose(bidding(2_000_000), 0, kind, 1) is None
    assert bots.choose(bidding(2_500_000), 0, kind, 1) is None


@pytest.mark.parametrize("kind", ["advanced", "smart"])
def test_a_district_completing_a_group_is_worth_more_than_its_price(kind):
    """Owning Roysambu (2M) and Zimmerman (2.2M), Kasarani (2M) completes the red group:
    2M + 80% of 6.2M = 6.96M to the bot. To either rival it is worth 2M + 40% (it keeps the
    bot from the whole group) = 2.8M, so the bot means to win at 2.81M: over 2.5M the least
    bid is 2.51M and half the way to 2.81M is 150k: 2.66M, not the 4.73M half the way to its
    own limit would be. Once a rival bids past 2.8M (2.9M), the bot jumps half the way to its
    limit: 2.91M + 2.025M, 2.02M in steps = 4.93M."""
    choice = bots.choose(bidding(2_500_000, value_group=True), 0, kind, 1)
    assert choice is not None and choice.amount == 2_660_000
    choice = bots.choose(bidding(2_900_000, value_group=True), 0, kind, 1)
    assert choice is not None and choice.amount == 4_930_000


def test_an_auction_between_bots_ends_in_a_handful_of_bids():
    """Three Base bots (Kasarani worth its 2M price to each) after seat 2 opens at 10k: each
    bid jumps half the way from the least bid to 2M (issue 32: by the least raise this race
    took 199 bids, 20k to 2M): 1.01M, 1.51M, 1.76M, 1.88M, 1.94M, 1.97M, 1.99M, 2M, and then
    nobody bids. One bid a second, all inside the 50-second window, so no close moves."""
    state = game(3, dice=[[1, 2]], first=2)
    state.options.auction_seconds = 50
    at(state, 2, 18)
    state, _ = act(state, "roll", 2)
    state, _ = act(state, "auction", 2, opening_bid=10_000, now=T0)
    amounts, now = [], T0
    while len(amounts) < 300:
        choices = [bots.choose(state, seat, "base", seat) for seat in range(3)]
        choice = next((c for c in choices if c is not None), None)
        if choice is None:
            break
        now += 1
        state, events = act(state, "bid", choice.player, amount=choice.amount, now=now)
        assert not events[-1]["extended"]
        amounts.append(choice.amount)
    assert amounts == [1_010_000, 1_510_000, 1_760_000, 1_880_000, 1_940_000, 1_970_000,
                       1_990_000, 2_000_000]
    assert state.auction.close == T0 + 50


def test_self_play_auctions_end_in_a_handful_of_bids_at_a_bot_delay_of_a_second():
    """Four seats (Smart, Advanced, Base, Advanced), a bid a second as the service's quickest
    bot delay: every auction ends within 20 bids (by the least raise, Smart and three
    Advanced ran a median of 225 bids and up to 561, the close moved by each late bid;
    docs/bots.md, "Bidding (Jiji)")."""
    for seed in range(3):
        result = selfplay.play(["smart", "advanced", "base", "advanced"], 50 + seed,
                               max_turns=150, bid_seconds=1)
        assert result.auctions, seed
        assert max(bids for bids, _ in result.auctions) <= 20, result.auctions


@pytest.mark.parametrize("kind", KINDS)
def test_bots_press_construction_and_place_what_it_grants(kind):
    state = game(2, construction=["blocks_3"])
    own(state, 0, "Kasarani", "Rosslyn")
    turn_phase(state, 0, "turn")
    choice = bots.choose(state, 0, kind, 1)
    assert choice.type == "construction"
    state, _ = act(state, "construction")
    choice = bots.choose(state, 0, kind, 1)
    assert choice.type == "place_blocks"
    assert 1 <= len(choice.residential) + len(choice.industrial) <= 3
    state = engine.apply(state, choice).state
    assert sum(d.res + d.ind for d in state.districts.values()) >= 1


@pytest.mark.parametrize("kind", KINDS)
def test_bots_put_nuisances_on_the_leaders_residential_blocks(kind):
    state = game(3, dice=[[1, 1]])
    own(state, 1, "Rosslyn", res=4)
    own(state, 2, "Mukuru", res=1)
    set_cash(state, 1, 60_000_000)
    state, _ = act(state, "roll")
    choice = bots.choose(state, 0, kind, 1)
    assert choice.type == "place_permit" and choice.district == SPACE["Rosslyn"]
    assert choice.building in ("landfill", "power_station", "wastewater_plant", "prison")


@pytest.mark.parametrize("kind", ["advanced", "smart"])
def test_bots_protect_their_own_residential_blocks_when_nobody_else_has_any(kind):
    state = game(3, dice=[[1, 1]])
    own(state, 0, "Rosslyn", res=5)
    state, _ = act(state, "roll")
    choice = bots.choose(state, 0, kind, 1)
    assert choice.type == "place_permit" and choice.district == SPACE["Rosslyn"]
    assert choice.building in ("school", "park", "wind_farm", "water_tower")


@pytest.mark.parametrize("kind", KINDS)
def test_bots_buy_a_stadium_a_skyscraper_and_the_tower_when_they_pay(kind):
    state = game(2)
    own(state, 0, "Kasarani", "Roysambu")
    set_cash(state, 0, 60_000_000)
    turn_phase(state, 0, "turn")
    state.pressed = True
    assert bots.choose(state, 0, kind, 1).type == "build_stadium"
    own(state, 0, "Zimmerman")
    assert bots.choose(state, 0, kind, 1).type == "build_skyscraper"
    own(state, 0, "Nyari", "Rosslyn")
    assert bots.choose(state, 0, kind, 1).type == "build_tower"
    set_cash(state, 0, 2_500_000)
    assert bots.choose(state, 0, kind, 1).type == "end_turn"  # not without a reserve


@pytest.mark.parametrize("kind", KINDS)
def test_a_bot_in_debt_mortgages_then_goes_bankrupt(kind):
    state = game(2, first=1, dice=[[2, 4]])
    own(state, 0, "Industrial Area", ind=6)
    own(state, 1, "Mukuru", "Rosslyn")
    at(state, 1, "Kariobangi")
    set_cash(state, 1, 100_000)
    state, _ = act(state, "roll", 1)  # 7M rent
    choice = bots.choose(state, 1, kind, 1)
    assert choice.type == "mortgage" and choice.district == SPACE["Rosslyn"]
    state = engine.apply(state, choice).state
    choice = bots.choose(state, 1, kind, 1)
    assert choice.type == "mortgage" and choice.district == SPACE["Mukuru"]
    state = engine.apply(state, choice).state
    assert bots.choose(state, 1, kind, 1).type == "declare_bankruptcy"


def test_the_base_bot_declines_deals_and_advanced_accepts_a_generous_one():
    state = game(3)
    own(state, 1, "Mukuru")
    state, _ = act(state, "propose_deal", 0, to=1, give_cash=5_000_000,
                        get_districts=[SPACE["Mukuru"]], now=T0)
    assert bots.choose(state, 1, "base", 1).type == "decline_deal"
    assert bots.choose(state, 1, "advanced", 1).type == "accept_deal"


def test_a_bot_decision_takes_well_under_50_ms():
    result = selfplay.play(["smart", "advanced", "base", "smart"], 3, max_turns=150)
    assert result.actions
    state = engine.new_game("jiji", ["a", "b", "c", "d"], 3, {})
    rs = engine.get_ruleset("jiji")
    times = []
    for _ in range(400):
        if rs.outcome(state) is not None:
            break
        seat = rs.waiting_seats(state)[0]
        for kind in KINDS:
            t0 = time.perf_counter()
            engine_bots.choose(state, seat, kind, 9)
            times.append(time.perf_counter() - t0)
        action = bots.choose(state, seat, "advanced", 9)
        if action is None:
            action = next(iter(rs.legal_actions(state, seat)))
        state = rs.apply(state, engine.stamp(action, T0)).state
    times.sort()
    assert times[int(len(times) * 0.99)] < 0.05


def test_the_smart_bot_offers_cash_for_the_district_missing_from_its_group():
    state = game(2)
    own(state, 0, "Kasarani", "Roysambu")
    own(state, 1, "Zimmerman", "Mukuru", "Korogocho", "Nyari")
    state.districts[SPACE["Mukuru"]].stadium = True  # both stadiums are built
    state.districts[SPACE["Nyari"]].stadium = True
    turn_phase(state, 0, "turn")
    state.pressed = True
    offers = [a for seed in range(30)
              if (a := bots.choose(state, 0, "smart", seed)).type == "propose_deal"]
    assert offers, "the Smart bot never offered a deal"
    offer = offers[0]
    # Zimmerman (2.2M, bare): worth max(2.2M, 3 x 220k rent) = 2.2M to its owner; +30%.
    assert (offer.to, offer.get_districts, offer.give_cash) == (1, [SPACE["Zimmerman"]], 2_860_000)
    state, _ = act(state, "propose_deal", 0, to=1, give_cash=offer.give_cash,
                   get_districts=offer.get_districts, now=T0)
    assert bots.choose(state, 1, "advanced", 1).type == "accept_deal"
    assert bots.choose(state, 1, "base", 1).type == "decline_deal"
