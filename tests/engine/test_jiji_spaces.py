"""The spaces that are not districts and the Chance cards (rulebook "The Spaces of the Board",
"Free Parking and Jail"), by hand from the rulebook and data/jiji.toml (Industrial Tax 1M on
space 4 and 1.5M on space 38; Chance cards c01..c25)."""

import pytest

import engine
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
    total_money,
)


def test_industrial_tax_is_due_only_from_an_owner_of_an_industrial_block():
    state = game(2, dice=[[1, 3]])
    own(state, 0, "Mukuru", res=3)
    state, events = act(state, "roll")
    assert state.players[0].pos == 4 and state.players[0].cash == 37_700_000
    assert not events_of(events, "TaxDue")
    state = game(2, dice=[[1, 3]])
    own(state, 0, "Mukuru", ind=1)
    state.districts[SPACE["Mukuru"]].mortgage = 40_000  # mortgaged, still an industrial block
    state, events = act(state, "roll")
    assert state.players[0].cash == 37_700_000 - 1_000_000
    assert events_of(events, "TaxDue")[0]["amount"] == 1_000_000


def test_the_second_industrial_tax_is_1_5m():
    state = game(2, dice=[[4, 4]])
    own(state, 0, "Mukuru", ind=1)
    at(state, 0, 30 - 0)  # from Go to Jail's space, 8 ahead is 38
    state, _ = act(state, "roll")
    assert state.players[0].pos == 38 and state.players[0].cash == 37_700_000 - 1_500_000


def test_free_parking_gives_the_rent_exemption_card_which_passes_to_the_next_lander():
    state = game(2, dice=[[4, 6], [4, 6]])
    at(state, 0, 10)
    at(state, 1, 10)
    state, events = act(state, "roll")
    state, _ = act(state, "end_turn")
    assert state.exemption == 0 and events_of(events, "ExemptionTaken")[0]["source"] == "free_parking"
    assert state.players[0].cash == 37_700_000  # a space where nobody loses money
    state, events = act(state, "roll", 1)
    assert state.exemption == 1 and events_of(events, "ExemptionTaken")[0]["source"] == 0


def holder_lands_on_rent(cash=37_700_000):
    state = game(2, dice=[[2, 4]])
    own(state, 1, "Industrial Area", ind=4)
    at(state, 0, "Kariobangi")
    state.exemption = 0
    set_cash(state, 0, cash)
    state, _ = act(state, "roll")
    return state


def test_the_holder_chooses_to_play_the_card_on_a_rent():
    state = holder_lands_on_rent()
    assert state.phase == "exemption"
    assert legal_types(state, 0) >= {"use_exemption", "pay_rent"}
    state, events = act(state, "use_exemption")
    assert state.players[0].cash == 37_700_000 and state.exemption is None
    assert events_of(events, "ExemptionUsed")[0]["amount"] == 3_500_000


def test_the_holder_may_pay_and_keep_the_card():
    state = holder_lands_on_rent()
    state, _ = act(state, "pay_rent")
    assert state.players[0].cash == 37_700_000 - 3_500_000 and state.exemption == 0
    assert state.players[1].cash == 37_700_000 + 3_500_000


def test_the_auction_space_lets_the_lander_auction_any_unowned_district():
    state = game(2, dice=[[2, 3]])
    own(state, 1, "Mukuru")
    state, _ = act(state, "roll")
    assert state.auction_space
    types = legal_types(state, 0)
    assert "auction_district" in types
    with pytest.raises(engine.IllegalAction):
        act(state, "auction_district", district=SPACE["Mukuru"], opening_bid=10_000, now=100)
    state, _events = act(state, "auction_district", district=SPACE["Rosslyn"],
                        opening_bid=50_000, now=100)
    assert state.auction.space == SPACE["Rosslyn"] and state.auction.bids == [[0, 50_000]]
    assert not state.auction_space


def draw(card, dice=(3, 4), space=0, players=2):
    state = game(players, dice=[list(dice)])
    at(state, 0, space)
    state.pile.remove(card)
    state.pile.insert(0, card)
    return state


def test_chance_advance_moves_to_the_space_with_salary_past_go():
    state = draw("c04", space=36 - 7)  # 29 + 7 = 36, Chance; Rosslyn (39) ahead
    state, _events = act(state, "roll")
    assert state.players[0].pos == 39 and state.phase == "buy"
    assert state.players[0].cash == 37_700_000
    state = draw("c02", space=29)  # to Railways (13): past GO
    state, _ = act(state, "roll")
    assert state.players[0].pos == 13 and state.players[0].cash == 39_700_000
    assert "c02" in state.discard


def test_chance_back_3_spaces():
    state = draw("c06", space=15 - 7)  # Chance at 15, back to 12 (a Building Permit)
    state, _ = act(state, "roll")
    assert state.players[0].pos == 12 and state.phase == "permit"


def test_chance_go_to_jail():
    state = draw("c07")
    state, _ = act(state, "roll")
    assert state.players[0].jailed and state.players[0].pos == 10 and state.cur == 1


def test_a_get_out_of_jail_card_is_kept_by_its_drawer():
    state = draw("c10")
    state, _ = act(state, "roll")
    assert state.players[0].cards == ["c10"] and "c10" not in state.discard


@pytest.mark.parametrize(("card", "change"), [("c11", 500_000), ("c14", 2_000_000),
                                              ("c15", -300_000), ("c18", -1_500_000)])
def test_chance_money_from_or_to_the_bank(card, change):
    state = draw(card)
    before = total_money(state)
    state, _ = act(state, "roll")
    assert state.players[0].cash == 37_700_000 + change and total_money(state) == before


def test_chance_harambee_every_other_player_gives_200k():
    state = draw("c19", players=4)
    state, _ = act(state, "roll")
    assert [p.cash for p in state.players] == [38_300_000, 37_500_000, 37_500_000, 37_500_000]


def test_chance_pay_every_other_player_200k():
    state = draw("c20", players=3)
    state, _ = act(state, "roll")
    assert [p.cash for p in state.players] == [37_300_000, 37_900_000, 37_900_000]


def test_chance_inspection_50k_a_residential_and_100k_an_industrial_block():
    state = draw("c21")
    own(state, 0, "Mukuru", res=3, ind=2)
    own(state, 0, "Rosslyn", res=1)
    state, _ = act(state, "roll")
    assert state.players[0].cash == 37_700_000 - (4 * 50_000 + 2 * 100_000)


def test_chance_free_block_on_a_district_of_yours():
    state = draw("c23")
    own(state, 0, "Mukuru", res=1)
    state, _ = act(state, "roll")
    assert state.phase == "free_block" and state.free_kind == "industrial"
    state, _ = act(state, "place_free_block", district=SPACE["Mukuru"])
    d = state.districts[SPACE["Mukuru"]]
    assert (d.res, d.ind) == (1, 1) and state.players[0].cash == 37_700_000


def test_chance_free_block_with_no_district_does_nothing():
    state = draw("c22")
    state, _ = act(state, "roll")
    assert state.phase == "turn"


def test_chance_permit_and_construction():
    state = draw("c24")
    state, _ = act(state, "roll")
    assert state.phase == "permit"
    state = draw("c25")
    own(state, 0, "Mukuru")
    script(state, construction=["blocks_2"])
    state, _ = act(state, "roll")
    assert state.phase == "place" and state.grant == 2 and not state.pressed


def test_the_construction_card_grants_a_press_beyond_the_turns_one():
    # Decisions file, "Readings decided after the first conformance run": the card that
    # presses the Construction unit again grants a press beyond the turn's one, the only way
    # to a second press. Drawn before the turn's own press, it leaves that press free:
    state = draw("c25")
    own(state, 0, "Mukuru")
    script(state, construction=["blocks_2", "blocks_1"])
    state, _ = act(state, "roll")
    assert state.phase == "place" and state.grant == 2 and not state.pressed
    state, _ = act(state, "place_blocks", residential=[SPACE["Mukuru"]] * 2)
    assert "construction" in legal_types(state, 0)
    state, _ = act(state, "construction")
    assert state.grant == 1 and state.pressed
    state, _ = act(state, "place_blocks", residential=[SPACE["Mukuru"]])
    assert state.districts[SPACE["Mukuru"]].res == 3
    assert "construction" not in legal_types(state, 0)
    # Drawn after the turn's press (a double rolled again onto Chance), it still presses.
    state = draw("c25")
    own(state, 0, "Mukuru")
    state.pressed = True
    script(state, construction=["blocks_3"])
    state, _ = act(state, "roll")
    assert state.phase == "place" and state.grant == 3


def test_a_short_player_owes_the_card_payment_as_a_debt():
    state = draw("c17")
    set_cash(state, 0, 300_000)
    state, events = act(state, "roll")
    assert events_of(events, "DebtOwed")[0]["amount"] == 1_000_000
    assert engine.pending(state)[0].kind == "debt"


def test_the_discard_is_reshuffled_into_a_new_pile_when_the_pile_runs_out():
    state = game(2, dice=[[3, 4]])
    state.players[1].cards = ["c09", "c10"]  # the two Get Out of Jail cards are held
    state.discard = [c for c in state.pile if c not in ("c09", "c10")]
    state.pile = []
    state, events = act(state, "roll")
    assert events_of(events, "ChanceShuffled")[0]["cards"] == 23
    assert len(state.pile) == 22 and len(state.discard) == 1
