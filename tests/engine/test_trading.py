"""Trades, trade points, the no-trade charge and the Chamber of Commerce, worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt), "Trading and the no-trade rule": trades combine
cash, properties, insurance and special cards, both sides see exactly what changes hands before
accepting; open or closed to offers; when no player holds a complete portfolio and no set can be
completed without a trade, every player pays 200,000 at each revolution; every completed trade
earns both parties a trade point; every 5th revolution the Chamber of Commerce takes a trade
point or the same charge; both scale like large Mtaani cards (125% at 10, 150% at 20, ...).
Classic guide (001): a flat 100,000 penalty, no trade points, no Chamber of Commerce.
"""

import pytest

import engine
from engine.mtaani.actions import ProposeTrade, TradeItems
from engine.mtaani.data import rulebook
from tests.engine.helpers import act, events_of, game, own, payments, set_cash, total_money
from tests.engine.tables import complete_revolution, visible

EASTLEIGH, KIBRA, KINOO, UMOJA, NGARA, KARE = 1, 3, 6, 8, 9, 44



# Offers between seats 0 and 1 count from here (engine.mtaani.state offer_id: 1,000,000,000
# + (0 * 6 + 1) * 1,000,000): their first offer is P01 + 1, whatever other seats offered.
P01 = 1_001_000_000

def test_a_trade_mixes_cash_properties_insurance_and_special_cards_shown_to_both_sides_only():
    state = game(players=3)
    own(state, 0, EASTLEIGH)
    own(state, 1, KIBRA)
    state.props[KIBRA].mortgaged = True
    state.players[0].insurance = 1
    state.specials["teleport"] = 0
    give = {"cash": 100_000, "properties": [EASTLEIGH], "insurance": 1, "specials": ["teleport"]}
    get = {"cash": 50_000, "properties": [KIBRA]}
    state, events = act(state, "propose_trade", player=0, to=1, give=give, get=get)
    offered = events_of(events, "TradeOffered")[0]
    assert offered["private"] == [0, 1]
    assert offered["give"] == {"cash": 100_000, "properties": [EASTLEIGH], "insurance": 1,
                               "specials": ["teleport"]}
    assert offered["get"] == {"cash": 50_000, "properties": [KIBRA], "insurance": 0, "specials": []}
    assert offered["properties"] == [{"tile": EASTLEIGH, "mortgaged": False, "renovations": 0},
                                     {"tile": KIBRA, "mortgaged": True, "renovations": 0}]
    assert visible(state, events, 2) == [] and visible(state, events, 1) != []
    assert engine.view(state, 2)["trades"] == [] and len(engine.view(state, 1)["trades"]) == 1
    state, events = act(state, "accept_trade", player=1, trade=offered["trade"])
    assert payments(events) == [(0, 1, 100_000, "trade"), (1, 0, 50_000, "trade")]
    assert [p.cash for p in state.players] == [1_950_000, 2_050_000, 2_000_000]
    assert state.props[EASTLEIGH].owner == 1 and state.props[KIBRA].owner == 0
    assert state.props[KIBRA].mortgaged                        # the mortgage travels with it
    assert (state.players[0].insurance, state.players[1].insurance) == (0, 1)
    assert state.specials["teleport"] == 1
    assert [p.trade_points for p in state.players] == [1, 1, 0]
    completed = events_of(events, "TradeCompleted")[0]
    assert "private" not in completed and visible(state, events, 2) != []
    assert total_money(state) == 12_000_000                    # 3 x 2,000,000 + the 6,000,000 pool


def test_players_mark_themselves_open_or_closed_to_offers():
    state = game()
    state, events = act(state, "set_trade_open", player=1, open=False)
    assert events_of(events, "TradeOpenChanged") == [{"type": "TradeOpenChanged", "player": 1,
                                                      "open": False}]
    assert "propose_trade" not in engine.legal_actions(state, 0).specs
    with pytest.raises(engine.IllegalAction, match="closed to trade offers"):
        act(state, "propose_trade", player=0, to=1, give={"cash": 1_000})
    with pytest.raises(engine.IllegalAction, match="already closed"):
        act(state, "set_trade_open", player=1, open=False)
    state, _ = act(state, "set_trade_open", player=1, open=True)
    state, _ = act(state, "propose_trade", player=0, to=1, give={"cash": 1_000})


def test_a_trade_offer_must_be_possible_when_made_and_when_accepted():
    state = game()
    own(state, 0, KINOO, UMOJA, NGARA, units=1)
    own(state, 0, EASTLEIGH)
    state.players[1].insurance = 2
    for give, get, reason in (
        ({"properties": [KINOO]}, {}, "sell the units in Kinoo's set"),
        ({"properties": [KIBRA]}, {}, "does not own Kibra"),
        ({"cash": 2_000_001}, {}, "holds less than 2,000,001"),
        ({"insurance": 1}, {}, "holds 0 insurance cards"),
        ({"specials": ["zoning"]}, {}, "does not hold the zoning card"),
        ({}, {}, "must hand something over"),
        ({"properties": [EASTLEIGH, EASTLEIGH]}, {}, "listed twice"),
    ):
        action = ProposeTrade(player=0, to=1, give=TradeItems(**give), get=TradeItems(**get))
        assert action not in engine.legal_actions(state, 0)
        with pytest.raises(engine.IllegalAction, match=reason):
            act(state, "propose_trade", player=0, to=1, give=give, get=get)
    state.players[0].insurance = 1
    with pytest.raises(engine.IllegalAction, match="at most 2 insurance cards"):
        act(state, "propose_trade", player=0, to=1, give={"insurance": 1})
    # Valid when offered; p0 then spends the cash: the offer can no longer be accepted.
    state, _ = act(state, "propose_trade", player=0, to=1, give={"cash": 1_500_000})
    set_cash(state, 0, 1_000_000)
    with pytest.raises(engine.IllegalAction, match="can no longer happen: seat 0 holds less"):
        act(state, "accept_trade", player=1, trade=P01 + 1)


def test_an_offered_property_that_changes_voids_the_offer():
    state = game()
    own(state, 0, EASTLEIGH)
    state, _ = act(state, "propose_trade", player=0, to=1, give={"properties": [EASTLEIGH]},
                   get={"cash": 30_000})
    state, _ = act(state, "mortgage", player=0, tile=EASTLEIGH)
    with pytest.raises(engine.IllegalAction, match="Eastleigh has changed since"):
        act(state, "accept_trade", player=1, trade=P01 + 1)
    state, events = act(state, "decline_trade", player=1, trade=P01 + 1)
    assert events_of(events, "TradeClosed")[0]["how"] == "declined"
    assert state.trades == []


def test_a_player_has_at_most_3_offers_open():
    state = game()
    for _ in range(3):
        state, _ = act(state, "propose_trade", player=0, to=1, give={"cash": 1_000})
    assert "propose_trade" not in engine.legal_actions(state, 0).specs
    with pytest.raises(engine.IllegalAction, match="3 trade offers open"):
        act(state, "propose_trade", player=0, to=1, give={"cash": 1_000})
    state, events = act(state, "decline_trade", player=0, trade=P01 + 2)
    assert events_of(events, "TradeClosed")[0]["how"] == "withdrawn"
    state, _ = act(state, "propose_trade", player=0, to=1, give={"cash": 1_000})


# ------------------------------------------------------------------------------- gridlock
def gridlock(state):
    """Every set has a tile of p0's and a tile of p1's (first and second in board order)."""
    for tiles in rulebook("current").set_tiles.values():
        own(state, 0, tiles[0])
        own(state, 1, tiles[1])
    return state


def test_a_gridlocked_table_pays_200_000_each_at_the_revolution():
    state = gridlock(game())
    state, events = complete_revolution(state, 1)               # p0 lands on Payday: 800,000
    assert events_of(events, "NoTradeCharge") == [{"type": "NoTradeCharge", "revolution": 1,
                                                   "amount": 200_000}]
    assert [p for p in payments(events) if p[3] == "no_trade_charge"] == [
        (0, "pool", 200_000, "no_trade_charge"), (1, "pool", 200_000, "no_trade_charge")]
    assert [p.cash for p in state.players] == [2_000_000 + 800_000 - 200_000, 1_800_000]


def test_no_charge_while_a_set_can_be_completed_without_a_trade():
    # Kibra unowned: p0 owns every owned tile of Eastleigh & Kibra, so it can buy its way there.
    state = gridlock(game())
    state.props[KIBRA].owner = None
    _, events = complete_revolution(state, 1)
    assert events_of(events, "NoTradeCharge") == []


def test_no_charge_once_a_complete_portfolio_appears():
    state = gridlock(game())
    own(state, 0, KIBRA)                                        # p0: Eastleigh & Kibra complete
    own(state, 1, KINOO)                                        # Kinoo set still split
    _, events = complete_revolution(state, 1)
    assert events_of(events, "NoTradeCharge") == []


@pytest.mark.parametrize(("revolution", "charge"), [(9, 200_000), (10, 250_000), (19, 250_000),
                                                    (20, 300_000), (30, 350_000)])
def test_the_no_trade_charge_climbs_with_the_late_game_scaling(revolution, charge):
    # 125% of 200,000 at revolution 10, 150% at 20, 175% at 30.
    state = gridlock(game())
    state.players[0].trade_points = state.players[1].trade_points = 5   # Chamber visits: points
    _, events = complete_revolution(state, revolution)
    assert events_of(events, "NoTradeCharge")[0]["amount"] == charge


def test_a_charge_a_player_cannot_pay_waits_for_that_player():
    state = gridlock(game())
    set_cash(state, 1, 150_000)
    state, _ = complete_revolution(state, 1)
    assert state.decision.player == 1 and state.decision.kind == "debt"
    assert state.debts[0].amount == 200_000 and state.debts[0].reason == "no_trade_charge"


def test_every_5th_revolution_the_chamber_takes_a_trade_point_or_the_charge():
    state = game()
    state.players[0].trade_points = 1
    _, events = complete_revolution(state, 4)
    assert events_of(events, "ChamberOfCommerce") == []
    state = game()
    state.players[0].trade_points = 1
    state, events = complete_revolution(state, 5)
    assert events_of(events, "ChamberOfCommerce") == [{"type": "ChamberOfCommerce",
                                                       "revolution": 5, "amount": 200_000}]
    assert events_of(events, "TradePointSpent") == [{"type": "TradePointSpent", "player": 0, "left": 0}]
    assert [p for p in payments(events) if p[3] == "chamber_of_commerce"] == [
        (1, "pool", 200_000, "chamber_of_commerce")]
    state = game()
    _, events = complete_revolution(state, 10)                  # 125%: 250,000 each
    assert [p for p in payments(events) if p[3] == "chamber_of_commerce"] == [
        (0, "pool", 250_000, "chamber_of_commerce"), (1, "pool", 250_000, "chamber_of_commerce")]


def test_classic_a_flat_100_000_penalty_and_no_trade_points_or_chamber():
    state = gridlock(game(ruleset="mtaani-classic"))
    state, events = complete_revolution(state, 10)
    assert events_of(events, "NoTradeCharge")[0]["amount"] == 100_000
    assert events_of(events, "ChamberOfCommerce") == []
    state, _ = act(state, "propose_trade", player=0, to=1, give={"cash": 1_000})
    state, _ = act(state, "accept_trade", player=1, trade=P01 + 1)
    assert [p.trade_points for p in state.players] == [0, 0]
    with pytest.raises(engine.IllegalAction, match="no special cards"):
        act(state, "propose_trade", player=0, to=1, give={"specials": ["teleport"]})


def test_to_a_third_player_an_offer_between_two_others_does_not_exist():
    """Offers are private (the event goes to its two parties only), so accepting or declining
    someone else's offer answers exactly as for an offer that was never made."""
    state = game(players=3)
    own(state, 0, EASTLEIGH)
    state, _ = act(state, "propose_trade", player=0, to=1, give={"properties": [EASTLEIGH]},
                   get={"cash": 10_000})
    state, _ = act(state, "offer_loan", player=0, to=1, lend=True, amount=50_000,
                   interest_percent=5, term=1)
    for kind, field, offer_id, word in (("trade", "trade", state.trades[0].id, "trade"),
                                        ("loan", "offer", state.loan_offers[0].id, "loan")):
        for verb in ("accept", "decline"):
            refusals = []
            for asked in (offer_id, 99):
                with pytest.raises(engine.IllegalAction) as refused:
                    act(state, f"{verb}_{kind}", player=2, **{field: asked})
                refusals.append(str(refused.value).replace(str(asked), "N"))
            assert refusals == [f"there is no open {word} offer N"] * 2, (kind, verb)


def test_an_offer_to_a_bankrupt_player_says_that_player_is_out_not_you():
    """The refusal names the other player (hardening, item 10: it said "you are bankrupt and
    out of the game" to the proposer)."""
    state = game(3)
    state.players[2].bankrupt = True
    with pytest.raises(engine.IllegalAction, match="that player is bankrupt and out of the game"):
        act(state, "propose_trade", 0, to=2, give={"cash": 1000}, get={})
    with pytest.raises(engine.IllegalAction, match="that player is bankrupt and out of the game"):
        act(state, "offer_loan", 0, to=2, lend=True, amount=100_000, interest_percent=10, term=2)


# ------------------------------------------------------------------ trading while owing
# Guide, "Loans and mortgages": a debtor may "raise the shortfall — borrow, mortgage, sell units,
# or trade — or declare bankruptcy"; "Bankruptcy and winning": the creditor then receives the
# cash plus the mortgage values and half the units' build cost. House rule (docs/rules.md): a
# debtor trades only to raise cash, at least the worth of what they hand over (a property's
# mortgage value, an insurance card's cover of the payment, a special card's price).
KIBRA_FEE = 1_300          # Kibra's base fee (seed, "Tiles")
EASTLEIGH_MORTGAGE = 12_500  # Eastleigh's mortgage value (seed, "Tiles")


def owing_p1_on_kibra(cash=1_000, **streams):
    """Three players; p0 (holding ``cash`` and an unmortgaged Eastleigh) rolls 1 + 2 onto p1's
    Kibra and owes its 1,300 fee."""
    state = game(players=3, dice=[[1, 2]], **streams)
    own(state, 1, KIBRA)
    own(state, 0, EASTLEIGH)
    set_cash(state, 0, cash)
    state, _ = act(state, "roll")
    assert state.debts[0].debtor == 0 and state.debts[0].amount == KIBRA_FEE
    return state


def test_a_debtor_cannot_give_the_estate_away_before_bankruptcy():
    state = owing_p1_on_kibra()
    gift = {"cash": 1_000, "properties": [EASTLEIGH]}
    with pytest.raises(engine.IllegalAction, match="must raise cash"):
        act(state, "propose_trade", player=0, to=2, give=gift, get={})
    # Bankruptcy still pays the creditor the 1,000 cash and Eastleigh's 12,500 mortgage value.
    state, events = act(state, "declare_bankruptcy")
    assert payments(events) == [(0, 1, 1_000, "bankruptcy"),
                                ("pool", 1, EASTLEIGH_MORTGAGE, "bankruptcy_assets")]


def test_an_offer_made_before_the_debt_cannot_be_accepted_during_it():
    state = game(players=3, dice=[[1, 2]])
    own(state, 1, KIBRA)
    own(state, 0, EASTLEIGH)
    set_cash(state, 0, 1_000)
    state, events = act(state, "propose_trade", player=0, to=2,
                        give={"properties": [EASTLEIGH]}, get={})
    trade = events_of(events, "TradeOffered")[0]["trade"]
    state, _ = act(state, "roll")
    with pytest.raises(engine.IllegalAction, match="no longer happen: seat 0 owes a payment"):
        act(state, "accept_trade", player=2, trade=trade)
    assert state.props[EASTLEIGH].owner == 0


def test_a_debtor_sells_a_property_for_at_least_its_mortgage_value_and_pays_at_once():
    state = owing_p1_on_kibra()
    with pytest.raises(engine.IllegalAction, match="at least 12,500 SFR"):
        act(state, "propose_trade", player=0, to=2, give={"properties": [EASTLEIGH]},
            get={"cash": EASTLEIGH_MORTGAGE - 1})
    # A swap raises no cash; a gift received counts for nothing while owing.
    own(state, 2, KARE)
    with pytest.raises(engine.IllegalAction, match="must raise cash"):
        act(state, "propose_trade", player=2, to=0, give={"cash": 1_000, "properties": [KARE]},
            get={"cash": 1_000})
    state, events = act(state, "propose_trade", player=0, to=2, give={"properties": [EASTLEIGH]},
                        get={"cash": 20_000})
    state, events = act(state, "accept_trade", player=2, trade=events_of(events, "TradeOffered")[0]["trade"])
    # p0: 1,000 + 20,000 received - 1,300 fee = 19,700; p1 receives the fee.
    assert payments(events) == [(2, 0, 20_000, "trade"), (0, 1, KIBRA_FEE, "fee")]
    assert state.players[0].cash == 19_700 and state.players[1].cash == 2_001_300
    assert not state.debts and state.props[EASTLEIGH].owner == 2


def test_a_debtor_sells_cash_or_an_insurance_card_only_for_more_cash():
    state = owing_p1_on_kibra(cash=0)
    state.players[0].insurance = 1
    # The card covers the whole 1,300 payment: it goes for 1,300 or more.
    with pytest.raises(engine.IllegalAction, match="at least 1,300 SFR"):
        act(state, "propose_trade", player=0, to=2, give={"insurance": 1},
            get={"cash": KIBRA_FEE - 1})
    state, events = act(state, "propose_trade", player=0, to=2, give={"insurance": 1},
                        get={"cash": KIBRA_FEE})
    assert events_of(events, "TradeOffered")
    # The other side of the trade may be the one owing: p2 offering p0 a gift is refused too.
    with pytest.raises(engine.IllegalAction, match="seat 0 owes"):
        act(state, "propose_trade", player=2, to=0, give={}, get={"insurance": 1})


def test_offers_and_their_answers_keep_the_pending_decision_and_its_idle_deadline():
    # Issue 28 (every ruleset's free moves): trade and loan offers, made and declined over
    # and over, must not give the turn holder a new decision (a new idle deadline), or a
    # player could hold the table by offering. The kit's random games check the listed free
    # moves; offers are free choices (specs), so they are checked here.
    state = game()
    turn = engine.pending(state)
    for _ in range(3):
        state, events = act(state, "propose_trade", 0, to=1, give={"cash": 10_000})
        state, _ = act(state, "decline_trade", 1, trade=events_of(events, "TradeOffered")[0]["trade"])
        state, events = act(state, "offer_loan", 1, to=0, amount=100_000, interest_percent=5,
                            term=1)
        state, _ = act(state, "decline_loan", 0, offer=events_of(events, "LoanOffered")[0]["offer"])
    assert engine.pending(state) == turn


def test_offer_ids_count_only_their_two_parties_offers():
    """Offers are private to their two parties (issue 28.5), so their ids must not tell a third
    seat how many offers others made: an offer's id counts the offers between its two seats,
    trades and loans alike (1,000,000,000 + (lo * 6 + hi) * 1,000,000 + n)."""
    state = game(players=3)
    state, _ = act(state, "propose_trade", player=0, to=1, give={"cash": 1_000})
    state, _ = act(state, "propose_trade", player=1, to=2, give={"cash": 2_000})
    state, _ = act(state, "propose_trade", player=2, to=1, give={"cash": 3_000})
    state, events = act(state, "propose_trade", player=1, to=0, give={"cash": 4_000})
    # Seats 0-1: 1,001,000,001 then 1,001,000,002 (the two 1-2 offers leave no gap); seats 1-2
    # (1 * 6 + 2 = 8): 1,008,000,001 and 1,008,000,002.
    assert [t.id for t in state.trades] == [1_001_000_001, 1_008_000_001, 1_008_000_002, 1_001_000_002]
    assert events_of(events, "TradeOffered")[0]["trade"] == 1_001_000_002
    state, events = act(state, "offer_loan", player=0, to=1, amount=10_000, interest_percent=5, term=1)
    assert events_of(events, "LoanOffered")[0]["offer"] == 1_001_000_003
