"""Insurance cards, worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt), "Cards you buy and hold" and "Insurance Cards":
always on sale; the first costs 1,000,000 and every purchase doubles the next price for everyone;
cards available = players + 1; a player holds at most as many as there are players; a card is
spent only when its holder chooses to cover a mandatory payment they cannot settle in cash; a
used card returns to the shared pool. House value: a card covers the whole payment.
"""

import pytest

import engine
from tests.engine.helpers import act, events_of, game, own, payments, set_cash, total_money

KARE = 44


def on_sale(state):
    return engine.view(state, None)["derived"]["insurance"]


def test_the_first_card_costs_1_000_000_and_each_purchase_doubles_the_price_for_everyone():
    state = game()
    assert on_sale(state) == {"price": 1_000_000, "on_sale": 3, "max_held": 2}
    state, events = act(state, "buy_insurance")
    assert payments(events) == [(0, "pool", 1_000_000, "insurance")]
    assert events_of(events, "InsuranceBought")[0]["next_price"] == 2_000_000
    assert on_sale(state) == {"price": 2_000_000, "on_sale": 2, "max_held": 2}
    set_cash(state, 0, 2_000_000)
    state, _ = act(state, "buy_insurance")                     # 2,000,000; next 4,000,000
    assert state.players[0].insurance == 2 and state.players[0].cash == 0
    assert total_money(state) == 10_000_000


def test_cards_available_are_players_plus_one_and_each_holds_at_most_the_number_of_players():
    state = set_cash(game(), 0, 10_000_000 - 6_000_000)       # 2 players: 3 cards, 2 each
    state.players[0].insurance = 2
    with pytest.raises(engine.IllegalAction, match="already hold 2 insurance cards"):
        act(state, "buy_insurance")
    state.players[0].insurance = 1
    state.players[1].insurance = 2                              # 3 held: none left on sale
    with pytest.raises(engine.IllegalAction, match="every insurance card is held"):
        act(state, "buy_insurance")
    assert "buy_insurance" not in engine.legal_actions(state, 0).types()


def test_a_card_is_used_only_by_choice_on_a_payment_that_cannot_be_settled_in_cash():
    state = game(dice=[[1, 2]], mtaani=["kra-audit"])
    state.players[0].insurance = 1
    with pytest.raises(engine.IllegalAction, match="not now"):
        act(state, "use_insurance")
    state.players[0].position = 20
    set_cash(state, 0, 1_000)
    state, events = act(state, "roll")                          # Mtaani (23): pay 250,000
    assert state.decision.kind == "debt"
    assert {"use_insurance", "declare_bankruptcy"} <= set(engine.legal_actions(state, 0).types())
    assert state.players[0].insurance == 1                      # nothing spent on its own
    state, events = act(state, "use_insurance")
    # Owed to the bank: the whole 250,000 is forgiven; the card goes back on sale.
    assert payments(events) == []
    assert events_of(events, "InsuranceUsed") == [{"type": "InsuranceUsed", "player": 0,
                                                   "covered": 250_000, "reason": "card",
                                                   "creditor": "pool"}]
    assert state.players[0].insurance == 0 and on_sale(state)["on_sale"] == 3
    assert state.players[0].cash == 1_000 and state.decision.kind == "end"


def test_a_card_pays_a_player_creditor_from_the_pool():
    state = game(dice=[[1, 3]], arrest=[False])
    own(state, 1, KARE)
    state.players[0].insurance = 1
    state.players[0].position = 40
    set_cash(state, 0, 1_000)
    state, _ = act(state, "roll")                               # p1's Karen: fee 40,000
    pool = state.pool
    state, events = act(state, "use_insurance")
    assert payments(events) == [("pool", 1, 40_000, "insurance_cover")]
    assert state.players[1].cash == 2_040_000 and state.pool == pool - 40_000
    assert state.players[0].cash == 1_000


def test_no_insurance_is_bought_for_a_payment_already_owed():
    state = game(dice=[[1, 3]], arrest=[False])
    own(state, 1, KARE, units=5)                                # (500,000 + 5 x 350,000) x 5 / 5
    state.players[0].position = 40
    set_cash(state, 0, 1_500_000)
    state, _ = act(state, "roll")
    assert state.debts[0].amount == 2_250_000
    with pytest.raises(engine.IllegalAction, match="you owe 2,250,000 SFR"):
        act(state, "buy_insurance")


def test_a_bankrupt_players_cards_return_to_the_pool():
    state = game(players=3, dice=[[1, 3]], arrest=[False])
    own(state, 1, KARE, units=5)
    state.players[0].insurance = 2
    state.players[0].position = 40
    set_cash(state, 0, 1_000)
    state, _ = act(state, "roll")
    state, events = act(state, "declare_bankruptcy")
    assert events_of(events, "InsuranceReturned") == [{"type": "InsuranceReturned", "player": 0,
                                                       "cards": 2}]
    assert state.players[0].insurance == 0 and on_sale(state)["on_sale"] == 4
