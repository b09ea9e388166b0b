"""Mandatory payments, the raise-funds state, bankruptcy and winning, worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt): "Loans and mortgages" ("If a mandatory payment is
larger than your cash, the game pauses your turn so you can raise the shortfall ... or declare
bankruptcy; nothing is auto-borrowed on your behalf"), "Bankruptcy and winning".
Tiles: 1 Eastleigh, 3 Kibra, 6/8/9 Kinoo/Umoja/Ngara, 23 Mtaani.
"""

import pytest

import engine
from tests.engine.helpers import (
    act,
    events_of,
    game,
    idle_action,
    legal_types,
    own,
    payments,
    set_cash,
    set_pool,
    total_money,
)

EASTLEIGH, KIBRA, KINOO, UMOJA, NGARA = 1, 3, 6, 8, 9


def owing_kibra_fee(cash=1_000):
    """p0 (holding ``cash``) lands on p1's Kibra (fee 1,300) with 1 + 2; p0 owns the Kinoo set
    with a unit each and a mortgaged Eastleigh."""
    state = game(dice=[[1, 2]], mugging=[False])
    own(state, 1, KIBRA)
    own(state, 0, KINOO, UMOJA, NGARA, units=1)
    own(state, 0, EASTLEIGH, mortgaged=True)
    set_cash(state, 0, cash)
    return act(state, "roll")


def test_a_payment_larger_than_cash_pauses_the_turn_in_the_raise_funds_state():
    state, events = owing_kibra_fee()
    assert events_of(events, "DebtOwed") == [{"type": "DebtOwed", "debtor": 0, "creditor": 1,
                                              "amount": 1_300, "reason": "fee", "tile": KIBRA}]
    assert state.decision.player == 0 and state.decision.kind == "debt"
    assert state.players[0].cash == 1_000  # nothing paid yet, nothing negative
    # Raise (sell units) or give up; no rolling, ending, building or lifting mortgages.
    assert set(legal_types(state, 0)) == {"sell_unit", "sell_batch", "declare_bankruptcy"}
    for action, fields in (("end_turn", {}), ("build", {"tile": KINOO}),
                           ("unmortgage", {"tile": EASTLEIGH})):
        with pytest.raises(engine.IllegalAction):
            act(state, action, **fields)


def test_nothing_is_raised_on_the_players_behalf():
    state, _ = owing_kibra_fee()
    assert [state.props[t].units for t in (KINOO, UMOJA, NGARA)] == [1, 1, 1]
    assert idle_action(state) is None  # the table cannot end a debt decision
    with pytest.raises(engine.IllegalAction, match="only the player"):
        act(state, "timeout", decision=state.decision.id)


def test_raising_the_shortfall_pays_the_debt_at_once():
    state, _ = owing_kibra_fee()
    decision = state.decision.id
    state, events = act(state, "sell_unit", tile=NGARA)
    # Ngara's unit sells for 71,500 / 2 = 35,750; then the 1,300 fee goes to p1.
    assert payments(events) == [("pool", 0, 35_750, "unit_sale"), (0, 1, 1_300, "fee")]
    assert state.players[0].cash == 1_000 + 35_750 - 1_300
    assert state.decision.kind == "end" and state.decision.id > decision
    assert total_money(state) == 10_000_000


def test_a_partial_raise_keeps_the_same_decision_pending():
    state, _ = owing_kibra_fee(cash=0)
    set_pool(state, 1_000)  # the pool can only pay 1,000 of the unit sale
    decision = state.decision.id
    state, _ = act(state, "sell_unit", tile=NGARA)
    assert state.players[0].cash == 1_000
    assert state.decision.kind == "debt" and state.decision.id == decision


def test_bankruptcy_to_a_player_hands_over_cash_mortgage_values_and_half_the_units():
    state, _ = owing_kibra_fee()
    pool = state.pool
    state, events = act(state, "declare_bankruptcy")
    # The creditor p1 receives p0's 1,000 cash, plus from the bank the mortgage values of the
    # unmortgaged Kinoo 30,000 + Umoja 36,000 + Ngara 45,500 = 111,500 and half the build cost
    # of their units 25,000 + 30,000 + 35,750 = 90,750: 202,250. Eastleigh is mortgaged: 0.
    assert payments(events) == [(0, 1, 1_000, "bankruptcy"), ("pool", 1, 202_250, "bankruptcy_assets")]
    assert state.players[1].cash == 2_000_000 + 1_000 + 202_250
    assert state.pool == pool - 202_250
    bankrupt = events_of(events, "Bankrupt")[0]
    assert (bankrupt["creditor"], bankrupt["cash"], bankrupt["assets_paid"]) == (1, 1_000, 202_250)
    # The properties lose their units and mortgages and return to the market unowned.
    for tile in (EASTLEIGH, KINOO, UMOJA, NGARA):
        p = state.props[tile]
        assert (p.owner, p.units, p.mortgaged) == (None, 0, False)
    assert state.players[0].bankrupt and state.players[0].cash == 0
    assert total_money(state) == 10_000_000


def test_the_last_player_standing_wins():
    state, _ = owing_kibra_fee()
    state, events = act(state, "declare_bankruptcy")
    assert events_of(events, "GameFinished")[0]["winner"] == 1
    assert engine.get_ruleset("mtaani").outcome(state).winner == 1
    assert state.decision is None
    assert list(engine.legal_actions(state, 1)) == []
    with pytest.raises(engine.GameOver):
        act(state, "roll", player=1)


def test_bankruptcy_to_the_bank_sends_the_cash_to_the_pool_and_the_game_goes_on():
    # Kitengela plot: 1,500,000 x 45% = 675,000 at revolution 1; p0 holds 100,000.
    state = game(players=3, dice=[[1, 2]], mtaani=["kitengela-plot"])
    state.players[0].position = 20
    own(state, 0, KIBRA)
    set_cash(state, 0, 100_000)
    state, _ = act(state, "roll")
    assert state.debts[0].creditor is None and state.debts[0].amount == 675_000
    pool = state.pool
    state, events = act(state, "declare_bankruptcy")
    assert payments(events) == [(0, "pool", 100_000, "bankruptcy")]
    assert state.pool == pool + 100_000
    assert state.props[KIBRA].owner is None
    assert state.decision.player == 1 and state.decision.kind == "turn" and state.turn == 2
    with pytest.raises(engine.IllegalAction, match="bankrupt"):
        act(state, "mortgage", player=0, tile=KIBRA)


def test_a_bankrupt_player_stops_counting_toward_the_revolution():
    state = game(players=3, dice=[[1, 2]], mtaani=["kitengela-plot"])
    state.players[0].position = 20
    set_cash(state, 0, 0)
    state.players[1].passed_payday = state.players[2].passed_payday = True
    state, _ = act(state, "roll")
    state, events = act(state, "declare_bankruptcy")
    assert events_of(events, "RevolutionCompleted")[0]["revolution"] == 1
    assert state.revolutions == 1


def test_a_short_pool_pays_the_creditor_what_is_left():
    state, _ = owing_kibra_fee()
    set_pool(state, 50_000)
    state, events = act(state, "declare_bankruptcy")
    assert payments(events) == [(0, 1, 1_000, "bankruptcy"), ("pool", 1, 50_000, "bankruptcy_assets")]
    assert state.pool == 0


def test_bankruptcy_is_only_declared_over_a_debt():
    state = game()
    with pytest.raises(engine.IllegalAction, match="not now"):
        act(state, "declare_bankruptcy")
    assert "declare_bankruptcy" not in legal_types(state, 0)


def test_a_bankrupt_players_insurance_cards_return_to_the_shared_pool():
    state, _ = owing_kibra_fee()
    state.players[0].insurance = 1  # held, not used
    on_sale = engine.view(state, None)["derived"]["insurance"]["on_sale"]
    state, events = act(state, "declare_bankruptcy")
    assert state.players[0].insurance == 0
    assert events_of(events, "InsuranceReturned") == [
        {"type": "InsuranceReturned", "player": 0, "cards": 1}]
    # Two players: 2 + 1 = 3 cards in the game, all on sale again.
    assert on_sale == 2 and engine.view(state, None)["derived"]["insurance"]["on_sale"] == 3
