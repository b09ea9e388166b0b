"""Renovating properties, worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt), "Renovating properties": on your turn, standing
on a property you own for at least 3 game revolutions, renovate instead of rolling (it costs
cash and ends the turn); permanent, it stays with the property when traded; up to 3
renovations, then none until 2 more revolutions pass; every property has a maximum rent; the
player card shows the renovations left. Not in the classic guide.
House values (rules-current.toml [renovation]): a renovation costs 25% of the purchase cost and
raises the fee by 20 points; Karen & Runda take at most 2, most sets 3.
"""

import pytest

import engine
from engine.mtaani.actions import Renovate
from tests.engine.helpers import act, events_of, fee_of, game, own, payments, total_money
from tests.engine.tables import quiet_turn

KARE, RUNDA, KITISURU = 44, 46, 37



# Offers between seats 0 and 1 count from here (engine.mtaani.state offer_id: 1,000,000,000
# + (0 * 6 + 1) * 1,000,000): their first offer is P01 + 1, whatever other seats offered.
P01 = 1_001_000_000

def standing_on_karen(revolutions=3, ruleset="mtaani"):
    """p0 bought Karen when no revolution had completed and stands on it, about to roll."""
    state = game(ruleset=ruleset)
    own(state, 0, KARE)
    state.players[0].position = KARE
    state.revolutions = revolutions
    return state


def renovation_view(state):
    return engine.view(state, 0)["derived"]["renovation"]


def test_renovating_instead_of_rolling_costs_a_quarter_of_the_price_and_ends_the_turn():
    state = standing_on_karen()
    assert Renovate(player=0) in engine.legal_actions(state, 0)
    assert renovation_view(state)["costs"][str(KARE)] == 125_000     # 25% of 500,000
    assert renovation_view(state)["allowance"]["0"] == 3
    state, events = act(state, "renovate")
    assert payments(events) == [(0, "pool", 125_000, "renovation")]
    assert events_of(events, "PropertyRenovated") == [{"type": "PropertyRenovated", "player": 0,
                                                       "tile": KARE, "cost": 125_000, "level": 1,
                                                       "renovations_left": 2}]
    assert events_of(events, "DiceRolled") == []
    assert state.players[0].position == KARE and state.decision.kind == "end"
    assert fee_of(state, KARE) == 48_000                               # 40,000 + 20%
    assert renovation_view(state)["allowance"]["0"] == 2
    assert total_money(state) == 10_000_000


def test_only_after_owning_the_property_for_3_revolutions():
    state = standing_on_karen(revolutions=2)
    assert Renovate(player=0) not in engine.legal_actions(state, 0)
    with pytest.raises(engine.IllegalAction, match="owned it for 3 revolutions"):
        act(state, "renovate")


def test_only_on_your_own_property_before_rolling_and_not_from_jail():
    state = standing_on_karen()
    state.props[KARE].owner = 1
    with pytest.raises(engine.IllegalAction, match="stand on a property you own"):
        act(state, "renovate")
    state = standing_on_karen()
    state.players[0].jail_turns = 2
    with pytest.raises(engine.IllegalAction, match="from jail"):
        act(state, "renovate")
    state = standing_on_karen()
    state.players[0].position = 40
    state.scripted["dice"] = [[1, 3]]
    state.scripted["arrest"] = [False]
    state, _ = act(state, "roll")                                      # back onto Karen
    with pytest.raises(engine.IllegalAction, match="not now"):
        act(state, "renovate")


def test_three_renovations_then_a_break_of_2_revolutions_and_a_cap_per_property():
    state = standing_on_karen()
    own(state, 0, RUNDA)
    state, _ = act(state, "renovate")                                  # Karen level 1
    state, _ = quiet_turn(act(state, "end_turn")[0], [1, 2])           # p1 plays
    state, _ = act(state, "renovate")                                  # Karen level 2
    assert fee_of(state, KARE) == 112_000      # complete set: 2 x 40,000, then + 40%
    state, _ = quiet_turn(act(state, "end_turn")[0], [1, 2])
    assert Renovate(player=0) not in engine.legal_actions(state, 0)    # Karen's cap is 2
    with pytest.raises(engine.IllegalAction, match="Karen is fully renovated"):
        act(state, "renovate")
    state.players[0].position = RUNDA
    state, events = act(state, "renovate")                             # the third renovation
    assert events_of(events, "PropertyRenovated")[0]["renovations_left"] == 0
    assert state.players[0].renovation_break_until == 5               # 3 + 2 revolutions
    own(state, 0, KITISURU)
    state, _ = quiet_turn(act(state, "end_turn")[0], [1, 2])
    state.players[0].position = KITISURU
    with pytest.raises(engine.IllegalAction, match="renovation break"):
        act(state, "renovate")
    state.revolutions = 4
    state.players[1].passed_payday = True
    state.players[0].position = 44
    state.scripted["dice"] = [[1, 3]]
    state, _ = act(state, "roll")                                      # revolution 5 completes
    assert state.revolutions == 5 and renovation_view(state)["allowance"]["0"] == 3


def test_a_renovation_stays_with_the_property_when_traded():
    state = standing_on_karen()
    state, _ = act(state, "renovate")
    state, _ = act(state, "propose_trade", player=0, to=1, give={"properties": [KARE]},
                   get={"cash": 600_000})
    state, _ = act(state, "accept_trade", player=1, trade=P01 + 1)
    assert state.props[KARE].owner == 1 and state.props[KARE].renovations == 1
    assert fee_of(state, KARE) == 48_000
    assert state.props[KARE].since == 3                                # p1's 3 revolutions start now


def test_classic_has_no_renovation():
    state = standing_on_karen(ruleset="mtaani-classic")
    assert "renovate" not in engine.legal_actions(state, 0).types()
    with pytest.raises(engine.IllegalAction, match="no renovations"):
        act(state, "renovate")
    assert engine.view(state, 0)["derived"]["renovation"] is None
