"""Mortgages, debts, bankruptcy and deals (rulebook "Deals, Mortgages and Bankruptcy";
decisions "Mortgage", "Deals between players", "Bankruptcy"), by hand: Industrial Area with 4
industrial blocks and the pink skyscraper rents 7M; Mukuru's bare rent is 60k."""

import pytest

import engine
from engine.jiji.state import Debt
from tests.engine.jiji_helpers import (
    SPACE,
    act,
    at,
    events_of,
    game,
    legal_types,
    own,
    script,
    set_cash,
    system,
    total_money,
    turn_phase,
)

AREA, MUKURU, KOROGOCHO, ROSSLYN = (SPACE[n] for n in ("Industrial Area", "Mukuru",
                                                      "Korogocho", "Rosslyn"))
T0 = 2_000_000


def pink(state, seat=0):
    own(state, seat, "Makadara", "Railways")
    own(state, seat, "Industrial Area", ind=4)
    state.districts[SPACE["Railways"]].skyscraper = True


def test_a_mortgage_pays_the_rent_value_at_that_moment_and_lifting_it_costs_the_same():
    state = game(2)
    pink(state)
    turn_phase(state, 0, "turn")
    before = total_money(state)
    state, events = act(state, "mortgage", district=AREA)
    assert state.players[0].cash == 37_700_000 + 7_000_000
    assert state.districts[AREA].mortgage == 7_000_000 and state.districts[AREA].ind == 4
    assert events_of(events, "Mortgaged")[0]["value"] == 7_000_000
    state.districts[SPACE["Railways"]].skyscraper = False  # the rent value changes later
    state, _ = act(state, "lift_mortgage", district=AREA)
    assert state.players[0].cash == 37_700_000 and state.districts[AREA].mortgage == 0
    assert total_money(state) == before


def test_a_mortgaged_district_takes_no_building():
    state = game(2)
    pink(state)
    state.districts[AREA].mortgage = 7_000_000
    turn_phase(state, 0, "turn")
    script(state, construction=["blocks_1"])
    state, _ = act(state, "construction")
    with pytest.raises(engine.IllegalAction):
        act(state, "place_blocks", industrial=[AREA])


def test_lifting_needs_the_cash_and_mortgaging_twice_is_refused():
    state = game(2)
    own(state, 0, "Mukuru")
    turn_phase(state, 0, "turn")
    state, _ = act(state, "mortgage", district=MUKURU)
    assert state.districts[MUKURU].mortgage == 60_000
    with pytest.raises(engine.IllegalAction):
        act(state, "mortgage", district=MUKURU)
    set_cash(state, 0, 50_000)
    with pytest.raises(engine.IllegalAction):
        act(state, "lift_mortgage", district=MUKURU)


def lands_on_7m(cash, players=3):
    """Seat 1 (with ``cash``) rolls onto seat 0's Industrial Area (rent 7M)."""
    state = game(players, first=1, dice=[[2, 4]])
    pink(state)
    at(state, 1, "Kariobangi")
    set_cash(state, 1, cash)
    state, events = act(state, "roll", 1)
    return state, events


def test_a_rent_larger_than_the_cash_becomes_a_debt_the_game_waits_for():
    state, events = lands_on_7m(1_000_000)
    assert events_of(events, "DebtOwed")[0]["amount"] == 7_000_000
    pending = engine.pending(state)
    assert [(d.player, d.kind) for d in pending] == [(1, "debt")]
    assert pending[0].detail == {"amount": 7_000_000, "reason": "rent", "creditor": 0}
    assert engine.deadline_action(state, pending[0], T0) is None  # never for an absent player
    assert legal_types(state, 1) == {"declare_bankruptcy"}
    assert "propose_deal" in engine.legal_actions(state, 1).specs
    with pytest.raises(engine.IllegalAction):
        act(state, "end_turn", 1)


def test_mortgaging_raises_the_money_and_the_debt_is_paid_at_once():
    state, _ = lands_on_7m(1_000_000)
    own(state, 1, "Rosslyn", ind=5)  # 5 blocks: rent 3.6 x 4M = 14.4M
    state, events = act(state, "mortgage", 1, district=ROSSLYN)
    assert events_of(events, "DebtPaid")[0]["amount"] == 7_000_000
    assert state.players[1].cash == 1_000_000 + 14_400_000 - 7_000_000
    assert state.players[0].cash == 37_700_000 + 7_000_000
    assert state.debts == [] and state.phase == "turn" and state.cur == 1


def test_a_deal_that_brings_the_money_pays_the_debt():
    state, _ = lands_on_7m(1_000_000)
    own(state, 1, "Rosslyn")
    state, events = act(state, "propose_deal", 1, to=2, give_districts=[ROSSLYN],
                        get_cash=6_000_000, now=T0)
    deal = events_of(events, "DealOffered")[0]["deal"]
    state, events = act(state, "accept_deal", 2, deal=deal)
    assert state.districts[ROSSLYN].owner == 2 and state.debts == []
    assert state.players[1].cash == 0 and state.players[0].cash == 44_700_000


def test_while_owing_a_deal_must_bring_money_not_give_the_districts_away():
    # Rulebook "Collecting Rent": the debtor "must mortgage one of their districts or offer you
    # a deal that will bring you money"; house rule (docs/rules.md): the money raised is at
    # least what mortgaging the districts handed over would raise (their rent value now: bare
    # Rosslyn M400k, with 5 blocks 3.6 x M4M = M14.4M), a Get Out of Jail card the M500k fine.
    state, _ = lands_on_7m(1_000_000)
    own(state, 1, "Rosslyn")
    with pytest.raises(engine.IllegalAction, match="must bring money"):
        act(state, "propose_deal", 1, to=2, give_districts=[ROSSLYN], give_cash=1_000_000, now=T0)
    with pytest.raises(engine.IllegalAction, match="at least M400,000"):
        act(state, "propose_deal", 1, to=2, give_districts=[ROSSLYN], get_cash=390_000, now=T0)
    # The other party cannot make the gift either, nor swap cash for cash.
    with pytest.raises(engine.IllegalAction, match="seat 1 owes"):
        act(state, "propose_deal", 2, to=1, get_districts=[ROSSLYN], now=T0)
    state.players[1].cards.append("jail-card")
    with pytest.raises(engine.IllegalAction, match="at least M500,000"):
        act(state, "propose_deal", 1, to=2, give_cards=1, get_cash=490_000, now=T0)
    own(state, 1, "Rosslyn", ind=5)
    with pytest.raises(engine.IllegalAction, match="at least M14,400,000"):
        act(state, "propose_deal", 1, to=0, give_districts=[ROSSLYN], get_cash=7_000_000, now=T0)
    # Mortgaging Rosslyn would raise M14.4M, which covers the M7M: no bankruptcy (decisions
    # file, "Readings decided after the first conformance run").
    with pytest.raises(engine.IllegalAction, match="must mortgage one of their districts"):
        act(state, "declare_bankruptcy", 1)
    # Mortgaged already, it raises nothing more: bankruptcy then hands the creditor (seat 0)
    # the cash, Rosslyn and the card.
    state.districts[ROSSLYN].mortgage = 14_400_000
    state, _ = act(state, "declare_bankruptcy", 1)
    assert state.districts[ROSSLYN].owner == 0 and "jail-card" in state.players[0].cards


def test_a_deal_offered_before_a_debt_no_longer_stands_during_it():
    state = game(3, first=1, dice=[[2, 4]])
    pink(state)
    at(state, 1, "Kariobangi")
    set_cash(state, 1, 1_000_000)
    own(state, 1, "Rosslyn")
    state, events = act(state, "propose_deal", 1, to=2, give_districts=[ROSSLYN], now=T0)
    deal = events_of(events, "DealOffered")[0]["deal"]
    state, _ = act(state, "roll", 1)
    assert state.debts[0].debtor == 1
    with pytest.raises(engine.IllegalAction, match="no longer stands: seat 1 owes"):
        act(state, "accept_deal", 2, deal=deal)
    assert state.districts[ROSSLYN].owner == 1


def test_bankruptcy_to_a_player_hands_over_cash_districts_with_buildings_and_mortgages_and_cards():
    state, _ = lands_on_7m(1_000_000)
    own(state, 1, "Mukuru", res=2)
    state.districts[MUKURU].mortgage = 300_000
    state.districts[MUKURU].station = True
    state.pile.remove("c09")
    state.players[1].cards = ["c09"]
    state.exemption = 1
    before = total_money(state)
    state, events = act(state, "declare_bankruptcy", 1, now=T0)
    assert state.players[1].out and state.players[1].cash == 0
    assert state.players[0].cash == 37_700_000 + 1_000_000
    d = state.districts[MUKURU]
    assert (d.owner, d.res, d.mortgage, d.station) == (0, 2, 300_000, True)
    assert state.players[0].cards == ["c09"] and state.exemption is None
    assert events_of(events, "Bankrupt")[0]["creditor"] == 0
    assert state.cur == 2 and state.debts == [] and total_money(state) == before


def test_bankruptcy_to_the_bank_auctions_each_district_bare():
    state = game(3, first=1, dice=[[3, 4]])
    at(state, 1, 0)  # to Chance (7)
    state.pile.remove("c18")
    state.pile.insert(0, "c18")  # pay 1.5M
    set_cash(state, 1, 100_000)
    own(state, 1, "Mukuru", res=2)
    state.districts[MUKURU].mortgage = 60_000
    state.districts[MUKURU].station = True
    state.districts[MUKURU].permit = "school"
    own(state, 1, "Korogocho")
    state.districts[KOROGOCHO].stadium = True
    state.pile.remove("c10")
    state.players[1].cards = ["c10"]
    state.exemption = 1
    state, _ = act(state, "roll", 1)
    assert engine.pending(state)[0].kind == "debt"
    before = total_money(state)
    state, events = act(state, "declare_bankruptcy", 1, now=T0)
    assert events_of(events, "Bankrupt")[0]["creditor"] == "bank"
    assert total_money(state) == before and state.players[1].cash == 0
    for space in (MUKURU, KOROGOCHO):
        d = state.districts[space]
        assert (d.owner, d.res, d.ind, d.mortgage, d.station, d.stadium) == (None, 0, 0, 0,
                                                                             False, False)
    assert state.districts[MUKURU].permit == "school"  # not the owner's building
    # The Get Out of Jail card goes to the bottom of the Chance pile (drawn from the front),
    # not the discard (rulebook "Bankruptcy"; decisions file, "Readings decided after the
    # first conformance run").
    assert state.pile[-1] == "c10" and "c10" not in state.discard and state.exemption is None
    a = state.auction
    assert (a.space, a.bids, a.reason, a.close) == (MUKURU, [], "bank", T0 + 43_200)
    assert state.queue == [KOROGOCHO] and state.cur == 2
    opened = events_of(events, "AuctionOpened")[0]
    assert (opened["minimum"], opened["opener"]) == (10_000, None)
    state, _ = act(state, "bid", 0, amount=10_000, now=T0 + 5)
    state, events = system(state, "close_auction", now=T0 + 43_200)
    assert state.districts[MUKURU].owner == 0 and state.players[0].cash == 37_690_000
    assert state.auction.space == KOROGOCHO and state.auction.opened == T0 + 43_200
    state, events = system(state, "close_auction", now=T0 + 2 * 43_200)
    assert state.districts[KOROGOCHO].owner is None and state.auction is None


def test_bankruptcy_is_declared_only_over_a_payment_one_cannot_make():
    state = game(2)
    with pytest.raises(engine.IllegalAction):
        act(state, "declare_bankruptcy", 0, now=T0)


def test_bankruptcy_is_refused_while_cash_and_mortgages_cover_the_debt():
    # Decisions file, "Readings decided after the first conformance run". Bare Mukuru's
    # mortgage value is its bare rent, M60k. M6.94M cash + M60k = M7M covers the M7M rent.
    state, _ = lands_on_7m(6_940_000)
    own(state, 1, "Mukuru")
    assert state.debts[0].amount == 7_000_000
    with pytest.raises(engine.IllegalAction, match="they must mortgage one of their districts "
                                                   "or offer you a deal"):
        act(state, "declare_bankruptcy", 1, now=T0)
    assert legal_types(state, 1) == {"mortgage"}
    # M6.93M + M60k = M6.99M falls M10k short: bankruptcy is listed and may be declared.
    state, _ = lands_on_7m(6_930_000)
    own(state, 1, "Mukuru")
    assert legal_types(state, 1) == {"mortgage", "declare_bankruptcy"}
    state, _ = act(state, "declare_bankruptcy", 1, now=T0)
    assert state.players[1].out and state.districts[MUKURU].owner == 0


def test_the_last_player_standing_wins():
    state, _ = lands_on_7m(1_000_000, players=2)
    state, events = act(state, "declare_bankruptcy", 1, now=T0)
    assert engine.outcome(state) == engine.Outcome("bankruptcy", 0)
    assert events_of(events, "GameFinished")[0]["winner"] == 0
    assert engine.pending(state) == ()
    with pytest.raises(engine.GameOver):
        act(state, "roll", 0)


# ---------------------------------------------------------------------- deals
def offered(players=3, **fields):
    state = game(players, deal_seconds=3600)
    own(state, 0, "Mukuru", res=3)
    state.districts[MUKURU].mortgage = 400_000
    own(state, 1, "Rosslyn")
    state, events = act(state, "propose_deal", 0, to=1, now=T0,
                        **({"give_cash": 1_000_000, "give_districts": [MUKURU],
                            "get_districts": [ROSSLYN]} | fields))
    return state, events_of(events, "DealOffered")[0]


def test_a_deal_is_offered_privately_with_a_time_limit():
    state, offer = offered()
    assert offer["private"] == [0, 1] and offer["expires"] == T0 + 3600
    rs = engine.get_ruleset("jiji")
    assert rs.event_view(offer, 2) is None
    assert rs.event_view(offer, 1)["give"] == {"cash": 1_000_000, "districts": [MUKURU],
                                               "cards": 0}
    decision = next(d for d in engine.pending(state) if d.kind == "deal")
    assert decision.player == 1 and decision.deadline.kind == "offer_expiry"
    assert decision.deadline.at == T0 + 3600 and decision.deadline.setting == "deal_seconds"
    assert rs.view(state, 2)["deals"] == [] and len(rs.view(state, 1)["deals"]) == 1
    assert all(p["kind"] != "deal" for p in rs.view(state, 2)["pending"])


def test_accepting_a_deal_moves_cash_and_districts_with_their_buildings_and_mortgages():
    state, offer = offered()
    before = total_money(state)
    state, events = act(state, "accept_deal", 1, deal=offer["deal"])
    assert state.districts[MUKURU].owner == 1 and state.districts[ROSSLYN].owner == 0
    assert (state.districts[MUKURU].res, state.districts[MUKURU].mortgage) == (3, 400_000)
    assert state.players[0].cash == 36_700_000 and state.players[1].cash == 38_700_000
    assert events_of(events, "DealCompleted") and total_money(state) == before
    assert state.deals == []


def test_deal_ids_count_only_their_two_parties_deals_never_the_turns_ids():
    # Issue 28: deal ids came from the turn's counter, so a third seat counted private deals
    # from the gaps. Two twin games, one where seats 1 and 2 deal twice while seat 0 holds
    # the turn: seat 0's next decision has the same id in both.
    quiet, busy = game(3, dice=[[3, 4]]), game(3, dice=[[3, 4]])
    ids = []
    for _ in range(2):
        busy, events = act(busy, "propose_deal", 1, to=2, give_cash=10_000, now=T0)
        ids.append(events_of(events, "DealOffered")[0]["deal"])
        busy, _ = act(busy, "withdraw_deal", 1, deal=ids[-1], now=T0)
    # Seats 1 and 2 (pair 1 * 6 + 2 = 8): their 1st and 2nd deals.
    assert ids == [1_008_000_001, 1_008_000_002]
    quiet, _ = act(quiet, "roll", 0, now=T0)
    busy, _ = act(busy, "roll", 0, now=T0)
    assert [d.id for d in engine.pending(busy)] == [d.id for d in engine.pending(quiet)]
    # A deal between seats 0 and 1 (pair 1) is their first: nothing of seats 1 and 2's two.
    busy, events = act(busy, "propose_deal", 0, to=1, give_cash=10_000, now=T0)
    assert events_of(events, "DealOffered")[0]["deal"] == 1_001_000_001
    # Accepted, the deal is told to all without its id.
    busy, events = act(busy, "accept_deal", 1, deal=1_001_000_001, now=T0)
    assert "deal" not in events_of(events, "DealCompleted")[0]
    assert "deal" not in engine.get_ruleset("jiji").event_view(
        events_of(events, "DealCompleted")[0], 2)


def test_a_deal_expires_at_its_time_limit_not_before():
    state, offer = offered()
    decision = next(d for d in engine.pending(state) if d.kind == "deal")
    with pytest.raises(engine.IllegalAction):
        system(state, "expire_deal", deal=offer["deal"], now=T0 + 3599)
    action = engine.deadline_action(state, decision, T0 + 3600)
    state = engine.apply(state, action).state
    assert state.deals == []
    with pytest.raises(engine.IllegalAction):
        act(state, "accept_deal", 1, deal=offer["deal"])


def test_declining_and_withdrawing_close_a_deal_and_only_its_parties_may():
    state, offer = offered()
    with pytest.raises(engine.IllegalAction):
        act(state, "decline_deal", 2, deal=offer["deal"])
    with pytest.raises(engine.IllegalAction):
        act(state, "withdraw_deal", 1, deal=offer["deal"])
    declined, _ = act(state, "decline_deal", 1, deal=offer["deal"])
    withdrawn, _ = act(state, "withdraw_deal", 0, deal=offer["deal"])
    assert declined.deals == [] and withdrawn.deals == []


def test_a_deal_that_no_longer_stands_cannot_be_accepted():
    state, offer = offered()
    state.districts[ROSSLYN].owner = 2
    assert "accept_deal" not in legal_types(state, 1)
    with pytest.raises(engine.IllegalAction):
        act(state, "accept_deal", 1, deal=offer["deal"])


def test_a_deal_names_what_its_parties_hold_and_three_offers_at_most():
    state = game(3)
    own(state, 1, "Rosslyn")
    for fields in ({"give_districts": [ROSSLYN]}, {"give_cash": 50_000_000}, {},
                   {"give_cash": 15_000}, {"to": 0, "give_cash": 10_000}):
        with pytest.raises(engine.IllegalAction):
            act(state, "propose_deal", 0, now=T0, **({"to": 1} | fields))
    for _ in range(3):
        state, _ = act(state, "propose_deal", 0, to=2, give_cash=10_000, now=T0)
    with pytest.raises(engine.IllegalAction):
        act(state, "propose_deal", 0, to=2, give_cash=10_000, now=T0)
    assert "propose_deal" not in engine.legal_actions(state, 0).specs


def test_get_out_of_jail_cards_can_be_dealt():
    state = game(2)
    state.pile.remove("c09")
    state.players[1].cards = ["c09"]
    state, events = act(state, "propose_deal", 0, to=1, give_cash=300_000, get_cards=1, now=T0)
    deal = events_of(events, "DealOffered")[0]["deal"]
    state, _ = act(state, "accept_deal", 1, deal=deal)
    assert state.players[0].cards == ["c09"] and state.players[1].cash == 38_000_000


def test_a_bankrupt_players_deals_lapse():
    state, _offer = offered(players=3)
    state.debts.append(Debt(state.next_id(), 0, None, 50_000_000, "rent"))
    state, events = act(state, "declare_bankruptcy", 0, now=T0)
    assert state.deals == [] and events_of(events, "DealClosed")[0]["how"] == "lapsed"
