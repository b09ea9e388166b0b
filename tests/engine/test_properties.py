"""Buying, fees, units and mortgages, with the guide's figures worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt): "Economy and fees", "Building and development",
"Loans and mortgages", "Property Guide". Purchase cost = 2 x mortgage value (decisions file).
Tiles: 1 Eastleigh, 3 Kibra, 5 Citi Hoppa, 6 Kinoo, 8 Umoja, 9 Ngara, 15 Buruburu, 17 Mash
East Africa, 44 Karen, 46 Runda.
"""

import pytest

import engine
from tests.engine.helpers import (
    act,
    events_of,
    fee_of,
    game,
    legal_types,
    own,
    payments,
    set_cash,
    set_pool,
    total_money,
)

EASTLEIGH, KIBRA, CITI_HOPPA, KINOO, UMOJA, NGARA = 1, 3, 5, 6, 8, 9
BURUBURU, MASH, KAREN, RUNDA = 15, 17, 44, 46


def to_kibra():
    """A game where p0's roll is 1 + 2 = 3: Kibra (seedy side, scripted: no mugging)."""
    return game(dice=[[1, 2]], mugging=[False])


# ------------------------------------------------------------------------------- buying
def test_buying_costs_twice_the_mortgage_value_paid_to_the_pool():
    state = to_kibra()
    state, _ = act(state, "roll")
    assert state.decision.kind == "buy" and state.decision.tile == KIBRA
    assert legal_types(state, 0) == ["buy", "decline"]
    state, events = act(state, "buy")
    # Kibra: mortgage 16,250 -> purchase cost 2 x 16,250 = 32,500.
    assert payments(events) == [(0, "pool", 32_500, "purchase")]
    assert state.players[0].cash == 2_000_000 - 32_500
    assert state.pool == 6_000_000 + 32_500
    assert state.props[KIBRA].owner == 0
    assert events_of(events, "PropertyBought")[0]["price"] == 32_500


def test_declining_pays_the_base_fee_to_the_bank_and_leaves_it_unowned():
    state, _ = act(to_kibra(), "roll")
    state, events = act(state, "decline")
    # Kibra's base fee: 1,300.
    assert payments(events) == [(0, "pool", 1_300, "fee")]
    assert state.players[0].cash == 2_000_000 - 1_300
    assert state.props[KIBRA].owner is None
    assert state.decision.kind == "end"


def test_a_player_who_cannot_afford_the_price_may_only_decline():
    state, _ = act(to_kibra(), "roll")
    set_cash(state, 0, 32_499)  # one short of 32,500
    assert "buy" not in legal_types(state, 0)
    with pytest.raises(engine.IllegalAction, match="costs 32,500 SFR"):
        act(state, "buy")
    assert "decline" in legal_types(state, 0)


# ------------------------------------------------------------------------------- fees
def test_a_visitor_pays_the_owner_the_base_fee():
    state = own(to_kibra(), 1, KIBRA)
    state, events = act(state, "roll")
    assert payments(events) == [(0, 1, 1_300, "fee")]
    assert state.players[1].cash == 2_000_000 + 1_300
    assert state.pool == 6_000_000  # money paid between players never touches the pool
    assert total_money(state) == 10_000_000


def test_the_owner_pays_nothing_on_their_own_property():
    state = own(to_kibra(), 0, KIBRA)
    state, events = act(state, "roll")
    assert payments(events) == []
    assert state.decision.kind == "end"


def test_a_complete_unbuilt_set_doubles_the_fee():
    state = own(to_kibra(), 1, EASTLEIGH, KIBRA)
    # Kibra 1,300 x 2 = 2,600; Eastleigh 1,000 x 2 = 2,000.
    assert fee_of(state, EASTLEIGH) == 2_000
    state, events = act(state, "roll")
    assert payments(events) == [(0, 1, 2_600, "fee")]


def test_a_complete_company_family_doubles_its_fees_and_takes_units():
    # Comms: Faiba (14) and Safaricom (45); base fees 3,900 and 5,000, doubled 7,800 and 10,000.
    state = own(game(), 0, 14, 45)
    assert (fee_of(state, 14), fee_of(state, 45)) == (7_800, 10_000)
    state, events = act(state, "build", tile=45)
    assert payments(events) == [(0, "pool", 225_000, "build")]  # Safaricom's unit cost
    # Safaricom, 1 unit: (400,000 + 225,000) x 1 / 5 = 125,000.
    assert fee_of(state, 45) == 125_000


def test_an_incomplete_set_charges_the_plain_base_fee():
    state = own(game(), 1, KINOO, UMOJA)  # Ngara missing
    assert (fee_of(state, KINOO), fee_of(state, UMOJA)) == (3_000, 3_600)


@pytest.mark.parametrize(
    ("tiles", "units", "tile", "expected"),
    [
        # Eastleigh, 1 unit: (25,000 + 22,500 x 1) x 1 / 5 = 9,500.
        ((EASTLEIGH, KIBRA), 1, EASTLEIGH, 9_500),
        # Eastleigh, 2 units: (25,000 + 22,500 x 2) x 2 / 5 = 70,000 x 2 / 5 = 28,000.
        ((EASTLEIGH, KIBRA), 2, EASTLEIGH, 28_000),
        # Kibra, 2 units: (32,500 + 29,250 x 2) x 2 / 5 = 91,000 x 2 / 5 = 36,400.
        ((EASTLEIGH, KIBRA), 2, KIBRA, 36_400),
        # Runda, 5 units: (510,000 + 357,000 x 5) x 5 / 5 = 510,000 + 1,785,000 = 2,295,000,
        # "its entire value plus all five units".
        ((KAREN, RUNDA), 5, RUNDA, 2_295_000),
        # Mash East Africa, 3 units: (296,000 + 129,499 x 3) x 3 / 5 = 684,497 x 3 / 5
        # = 2,053,491 / 5 = 410,698.2 -> 410,698 (nearest SFR, house rounding).
        ((5, MASH, 29, 42), 3, MASH, 410_698),
    ],
)
def test_the_fee_with_units_is_purchase_plus_units_times_units_over_five(tiles, units, tile, expected):
    state = own(game(), 1, *tiles, units=units)
    assert fee_of(state, tile) == expected


def test_a_built_set_no_longer_doubles_an_unbuilt_property():
    state = own(game(), 1, EASTLEIGH, KIBRA)
    state.props[EASTLEIGH].units = 1
    # Kibra has no units but its set is built: the plain base fee, 1,300.
    assert fee_of(state, KIBRA) == 1_300


def test_visiting_a_developed_property_pays_the_unit_fee_to_the_owner():
    state = own(to_kibra(), 1, EASTLEIGH, KIBRA, units=2)
    state, events = act(state, "roll")
    assert payments(events) == [(0, 1, 36_400, "fee")]  # worked out above


def test_a_mortgaged_property_charges_no_fee():
    state = own(to_kibra(), 1, KIBRA, mortgaged=True)
    assert fee_of(state, KIBRA) == 0
    state, events = act(state, "roll")
    assert payments(events) == [] and state.players[0].cash == 2_000_000


def test_a_mortgaged_sibling_does_not_undo_the_complete_set_double():
    # House interpretation: the owner still holds the complete set, so Kibra stays at 2 x 1,300.
    state = own(game(), 1, EASTLEIGH, KIBRA)
    state.props[EASTLEIGH].mortgaged = True
    assert fee_of(state, KIBRA) == 2_600 and fee_of(state, EASTLEIGH) == 0


# ------------------------------------------------------------------------------- units
def test_units_need_the_complete_set():
    state = own(game(), 0, EASTLEIGH)
    with pytest.raises(engine.IllegalAction, match="complete"):
        act(state, "build", tile=EASTLEIGH)
    assert "build" not in legal_types(state, 0)


def test_units_need_a_fully_unmortgaged_set():
    state = own(game(), 0, EASTLEIGH, KIBRA)
    state.props[KIBRA].mortgaged = True
    with pytest.raises(engine.IllegalAction, match="mortgage"):
        act(state, "build", tile=EASTLEIGH)


def test_a_unit_costs_its_build_cost_paid_to_the_pool():
    state = own(game(), 0, EASTLEIGH, KIBRA)
    state, events = act(state, "build", tile=EASTLEIGH)
    assert payments(events) == [(0, "pool", 22_500, "build")]
    assert state.props[EASTLEIGH].units == 1
    assert state.players[0].cash == 2_000_000 - 22_500
    assert state.decision.kind == "turn"  # building does not use the turn


def test_building_must_stay_even():
    state = own(game(), 0, EASTLEIGH, KIBRA)
    state, _ = act(state, "build", tile=EASTLEIGH)  # 1, 0
    with pytest.raises(engine.IllegalAction, match="evenly"):
        act(state, "build", tile=EASTLEIGH)
    assert [a.tile for a in engine.legal_actions(state, 0) if a.type == "build"] == [KIBRA]
    state, _ = act(state, "build", tile=KIBRA)  # 1, 1
    state, _ = act(state, "build", tile=KIBRA)  # 1, 2
    assert [state.props[EASTLEIGH].units, state.props[KIBRA].units] == [1, 2]


def test_at_most_five_units_per_property():
    state = own(game(), 0, EASTLEIGH, KIBRA, units=5)
    with pytest.raises(engine.IllegalAction, match="already has 5 units"):
        act(state, "build", tile=EASTLEIGH)
    with pytest.raises(engine.InvalidAction):
        act(state, "build_batch", set="estates-1", target=6)


def test_selling_starts_from_the_most_developed_and_refunds_half_the_build_cost():
    state = own(game(), 0, EASTLEIGH, KIBRA, units=1)
    state.props[EASTLEIGH].units = 2
    with pytest.raises(engine.IllegalAction, match="most developed"):
        act(state, "sell_unit", tile=KIBRA)
    state, events = act(state, "sell_unit", tile=EASTLEIGH)
    # Half of Eastleigh's 22,500: 11,250, from the pool.
    assert payments(events) == [("pool", 0, 11_250, "unit_sale")]
    assert state.props[EASTLEIGH].units == 1


def test_odd_build_costs_refund_half_rounded_down():
    # Mash East Africa: 129,499 / 2 = 64,749.5 -> 64,749 (house rounding: whole SFR, down).
    state = own(game(), 0, 5, MASH, 29, 42, units=1)
    state, events = act(state, "sell_unit", tile=MASH)
    assert payments(events) == [("pool", 0, 64_749, "unit_sale")]


def test_a_short_pool_refunds_what_is_left():
    state = set_pool(own(game(), 0, EASTLEIGH, KIBRA, units=1), 5_000)
    state, events = act(state, "sell_unit", tile=EASTLEIGH)
    assert payments(events) == [("pool", 0, 5_000, "unit_sale")]
    assert state.pool == 0
    assert events_of(events, "PoolShort")[0]["owed"] == 11_250


def test_batch_build_levels_the_set_as_far_as_cash_allows():
    state = set_cash(own(game(), 0, KINOO, UMOJA, NGARA), 0, 200_000)
    state, events = act(state, "build_batch", set="estates-2", target=2)
    # Fewest units first, board order on ties: Kinoo 50,000 (150,000 left), Umoja 60,000
    # (90,000 left), Ngara 71,500 (18,500 left); the next, Kinoo's second at 50,000, is too much.
    assert [state.props[t].units for t in (KINOO, UMOJA, NGARA)] == [1, 1, 1]
    assert state.players[0].cash == 18_500
    assert [e["tile"] for e in events_of(events, "UnitBuilt")] == [KINOO, UMOJA, NGARA]


def test_batch_build_reaches_the_target_when_cash_suffices():
    state = own(game(), 0, KINOO, UMOJA, NGARA)
    state, _ = act(state, "build_batch", set="estates-2", target=2)
    # 2 x (50,000 + 60,000 + 71,500) = 363,000.
    assert [state.props[t].units for t in (KINOO, UMOJA, NGARA)] == [2, 2, 2]
    assert state.players[0].cash == 2_000_000 - 363_000


def test_batch_sell_sells_evenly_down_to_the_target():
    state = own(game(), 0, KINOO, UMOJA, NGARA, units=2)
    state, events = act(state, "sell_batch", set="estates-2", target=0)
    # Half of (50,000 + 60,000 + 71,500) twice: 2 x 90,750 = 181,500.
    assert sum(e["amount"] for e in events_of(events, "Payment")) == 181_500
    assert all(state.props[t].units == 0 for t in (KINOO, UMOJA, NGARA))


# ------------------------------------------------------------------------------- mortgages
def test_mortgaging_pays_the_mortgage_value():
    state = own(game(), 0, KIBRA)
    state, events = act(state, "mortgage", tile=KIBRA)
    assert payments(events) == [("pool", 0, 16_250, "mortgage")]
    assert state.props[KIBRA].mortgaged


@pytest.mark.parametrize(
    ("tile", "cost"),
    [
        (KIBRA, 17_875),      # 16,250 + 10% (1,625) = 17,875
        (BURUBURU, 69_299),   # 62,999 + 10% (6,299.9 -> 6,300) = 69,299
    ],
)
def test_unmortgaging_costs_the_mortgage_value_plus_ten_percent(tile, cost):
    state = own(game(), 0, tile, mortgaged=True)
    state, events = act(state, "unmortgage", tile=tile)
    assert payments(events) == [(0, "pool", cost, "unmortgage")]
    assert not state.props[tile].mortgaged


def test_no_mortgage_while_anything_in_the_set_has_units():
    state = own(game(), 0, EASTLEIGH, KIBRA)
    state.props[EASTLEIGH].units = 1
    with pytest.raises(engine.IllegalAction, match="sell the units"):
        act(state, "mortgage", tile=KIBRA)
    assert "mortgage" not in legal_types(state, 0)


def test_batch_mortgage_starts_from_the_most_expensive_until_the_amount_is_raised():
    state = own(game(), 0, EASTLEIGH, KINOO, CITI_HOPPA, RUNDA)
    # Purchase costs: Runda 510,000 > Citi Hoppa 200,000 > Kinoo 60,000 > Eastleigh 25,000.
    # Raise 300,000: Runda pays 255,000 (short), then Citi Hoppa 100,000 (355,000): stop.
    state, events = act(state, "mortgage_batch", amount=300_000)
    assert [e["tile"] for e in events_of(events, "PropertyMortgaged")] == [RUNDA, CITI_HOPPA]
    assert state.players[0].cash == 2_000_000 + 355_000
    assert not state.props[KINOO].mortgaged and not state.props[EASTLEIGH].mortgaged


def test_batch_mortgage_without_an_amount_mortgages_every_eligible_property():
    state = own(game(), 0, EASTLEIGH, KIBRA, KINOO, RUNDA)
    state.props[EASTLEIGH].units = state.props[KIBRA].units = 1  # not eligible: units
    state, events = act(state, "mortgage_batch")
    assert [e["tile"] for e in events_of(events, "PropertyMortgaged")] == [RUNDA, KINOO]


def test_batch_unmortgage_starts_from_the_most_expensive_it_can_afford():
    state = own(game(), 0, EASTLEIGH, KINOO, CITI_HOPPA, RUNDA, mortgaged=True)
    set_cash(state, 0, 150_000)
    # Costs: Runda 255,000 + 25,500 = 280,500 (more than the cash: skipped); Citi Hoppa
    # 110,000 (40,000 left); Kinoo 33,000 (7,000 left); Eastleigh 13,750 (too much).
    state, events = act(state, "unmortgage_batch")
    assert [e["tile"] for e in events_of(events, "PropertyUnmortgaged")] == [CITI_HOPPA, KINOO]
    assert state.players[0].cash == 7_000


def test_mortgage_refuses_what_you_do_not_own_or_already_mortgaged():
    state = own(game(), 1, KIBRA)
    with pytest.raises(engine.IllegalAction, match="do not own Kibra"):
        act(state, "mortgage", tile=KIBRA, player=0)
    own(state, 0, EASTLEIGH, mortgaged=True)
    with pytest.raises(engine.IllegalAction, match="already mortgaged"):
        act(state, "mortgage", tile=EASTLEIGH)
    with pytest.raises(engine.IllegalAction, match="not a property"):
        act(state, "mortgage", tile=2)
