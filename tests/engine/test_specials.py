"""The four special cards, worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt), "Cards you buy and hold" and "Special cards": one
of each; bought at its home tile; held and traded like insurance; back in the pool when spent.
Teleport 2,000,000 (a Mathree tile): jump between two of your properties, salary if the jump
passes Payday. Zoning 5,000,000 (after Municipal's usual flow): demolish every unit on one set,
no refund, no building there for 5 revolutions. Injunction 6,000,000 (Municipal, from revolution
8): shield a set you own for 7 revolutions from Zoning and the Syndicate. Syndicate 9,000,000 (a
Mtaani tile, from revolution 15): for 10 revolutions skim 20% of fast-food, transport and comms
rent from the owner's share. Not in the classic guide.
"""

import pytest

import engine
from engine.mtaani.actions import BuySpecial, PlayTeleport
from tests.engine.helpers import act, events_of, game, own, payments, script, set_cash, total_money
from tests.engine.tables import complete_revolution, quiet_turn

KIBRA, KINOO, UMOJA, NGARA, KARE, KFC, LORESHO = 3, 6, 8, 9, 44, 43, 40
CITI_HOPPA, MASH, SGR, KENYA_AIRWAYS = 5, 17, 29, 42



# Offers between seats 0 and 1 count from here (engine.mtaani.state offer_id: 1,000,000,000
# + (0 * 6 + 1) * 1,000,000): their first offer is P01 + 1, whatever other seats offered.
P01 = 1_001_000_000

def offered(events):
    return [(e["card"], e["price"]) for e in events_of(events, "SpecialCardOffered")]


def test_the_teleport_is_offered_on_a_mathree_tile_for_the_rest_of_the_turn():
    state = game(dice=[[3, 4]], mugging=[False], mathree=["bail-out-friend"])
    state, events = act(state, "roll")                          # Mathree (7), then to Jail: a visit
    assert offered(events) == [("teleport", 2_000_000)]
    assert state.decision.kind == "end"
    assert BuySpecial(player=0, card="teleport") in engine.legal_actions(state, 0)
    assert BuySpecial(player=0, card="zoning") not in engine.legal_actions(state, 0)
    state, events = act(state, "buy_special", card="teleport")
    assert payments(events) == [(0, "pool", 2_000_000, "special_card")]
    assert state.specials["teleport"] == 0 and state.players[0].cash == 0
    # One of each: the next lander on a Mathree tile is offered nothing.
    state, _ = act(state, "end_turn")
    script(state, dice=[[3, 4]], mugging=[False], mathree=["bail-out-friend"])
    state, events = act(state, "roll")
    assert offered(events) == []


def test_an_offer_not_taken_lapses_when_the_turn_ends():
    state = game(dice=[[3, 4]], mugging=[False], mathree=["bail-out-friend"])
    state, _ = act(state, "roll")
    state, _ = quiet_turn(act(state, "end_turn")[0], [1, 2])    # p1 plays; p0's turn again
    with pytest.raises(engine.IllegalAction, match="not on offer to you now"):
        act(state, "buy_special", card="teleport")


def test_a_teleport_jumps_between_two_of_your_properties_with_salary_past_payday():
    state = game()
    own(state, 0, KARE, KIBRA)
    state.specials["teleport"] = 0
    assert PlayTeleport(player=0, tile=KIBRA) not in engine.legal_actions(state, 0)
    with pytest.raises(engine.IllegalAction, match="standing on a property you own"):
        act(state, "play_teleport", tile=KIBRA)                  # p0 is on Payday
    state.players[0].position = KARE
    with pytest.raises(engine.IllegalAction, match="another property you own"):
        act(state, "play_teleport", tile=UMOJA)
    state, events = act(state, "play_teleport", tile=KIBRA)
    assert payments(events) == [("pool", 0, 400_000, "salary")]  # 44 -> 3 passes Payday
    assert state.players[0].position == KIBRA
    assert events_of(events, "Mugged") == [] and state.decision.kind == "turn"  # no landing
    assert state.specials["teleport"] is None                   # spent: back in the pool
    assert engine.view(state, None)["derived"]["specials_on_sale"] == list(state.specials)


def test_zoning_is_offered_after_municipal_and_the_injunction_from_revolution_8():
    for revolutions, cards in ((6, [("zoning", 5_000_000)]),
                               (7, [("zoning", 5_000_000), ("injunction", 6_000_000)])):
        state = game(dice=[[3, 4]])
        state.revolutions = revolutions                         # revolution in progress: 7 / 8
        state.players[0].position = LORESHO
        state, events = act(state, "roll")
        assert offered(events) == []                            # the rule is chosen first
        state, events = act(state, "choose_municipal", rule="halve_rent")
        assert offered(events) == cards


def test_zoning_demolishes_every_unit_of_a_set_without_refund_and_bans_building_for_5_revolutions():
    state = game()
    own(state, 1, KINOO, UMOJA, NGARA, units=2)
    state.specials["zoning"] = 0
    state.revolutions = 3
    money = total_money(state)
    state, events = act(state, "play_zoning", set="estates-2")
    assert payments(events) == []
    assert [state.props[t].units for t in (KINOO, UMOJA, NGARA)] == [0, 0, 0]
    played = events_of(events, "SpecialCardPlayed")[0]
    assert played["demolished"] == {KINOO: 2, UMOJA: 2, NGARA: 2} and played["ban_ends_after"] == 8
    assert total_money(state) == money
    assert "zoning" not in engine.view(state, None)["derived"]["specials_on_sale"]
    state, _ = quiet_turn(state, [1, 2])                        # p1's turn starts
    with pytest.raises(engine.IllegalAction, match="banned by Zoning until revolution 8"):
        act(state, "build", tile=KINOO)
    state, events = complete_revolution(state, 8, mover=1)
    assert {"type": "SpecialEffectEnded", "card": "zoning", "set": "estates-2",
            "revolution": 8} in events
    state, _ = act(state, "build", tile=KINOO)
    assert "zoning" in engine.view(state, None)["derived"]["specials_on_sale"]


def test_an_injunction_shields_a_whole_set_you_own_from_zoning_for_7_revolutions():
    state = game()
    own(state, 0, KINOO, UMOJA, NGARA, units=1)
    own(state, 0, KIBRA)
    state.specials["injunction"] = 0
    with pytest.raises(engine.IllegalAction, match="a set you own"):
        act(state, "play_injunction", set="estates-1")          # p0 has Kibra, not Eastleigh
    state, events = act(state, "play_injunction", set="estates-2")
    assert events_of(events, "SpecialCardPlayed")[0]["ends_after"] == 7
    state, _ = quiet_turn(state, [1, 2])
    state.specials["zoning"] = 1
    with pytest.raises(engine.IllegalAction, match="shielded by an Injunction"):
        act(state, "play_zoning", set="estates-2")


def test_the_syndicate_is_offered_on_a_mtaani_tile_from_revolution_15():
    for revolutions, cards in ((13, []), (14, [("syndicate", 9_000_000)])):
        state = game(dice=[[1, 2]], mtaani=["side-hustle"])
        state.revolutions = revolutions
        state.players[0].position = 20
        state, events = act(state, "roll")                      # Mtaani (23)
        assert offered(events) == cards


def test_the_syndicate_skims_20_percent_of_fast_food_transport_and_comms_rent_from_the_owner():
    state = game(players=3)
    own(state, 1, KFC, KARE)
    state.specials["syndicate"] = 0
    state.revolutions = 15
    state, events = act(state, "play_syndicate")
    assert events_of(events, "SpecialCardPlayed")[0]["ends_after"] == 25
    state, _ = quiet_turn(state, [1, 2])                        # p0
    state, _ = quiet_turn(state, [1, 2])                        # p1; p2's turn starts
    state.players[2].position = LORESHO
    script(state, dice=[[1, 2]], arrest=[False])
    state, events = act(state, "roll")                          # p2 onto p1's KFC: 21,000
    assert payments(events) == [(2, 1, 16_800, "fee"), (2, 0, 4_200, "fee_skim")]
    state, _ = act(state, "end_turn")
    state.players[0].position = LORESHO
    script(state, dice=[[1, 3]], arrest=[False])
    state, events = act(state, "roll")                          # p0 onto p1's Karen: an estate
    assert payments(events) == [(0, 1, 40_000, "fee")]


def test_a_syndicate_holder_visiting_keeps_their_own_cut():
    state = game()
    own(state, 1, KFC)
    state.effects.syndicate_holder, state.effects.syndicate_ends_after = 0, 10
    state.players[0].position = LORESHO
    script(state, dice=[[1, 2]], arrest=[False])
    state, events = act(state, "roll")
    assert payments(events) == [(0, 1, 16_800, "fee")]


def test_an_injunction_keeps_the_syndicate_off_a_shielded_set():
    state = game(players=3)
    own(state, 1, CITI_HOPPA, MASH, SGR, KENYA_AIRWAYS)
    state.effects.syndicate_holder, state.effects.syndicate_ends_after = 0, 10
    state.effects.injunctions["transport"] = 10
    state.players[0].position = 40
    script(state, dice=[[1, 1]], arrest=[False])
    state, events = act(state, "roll")                          # Kenya Airways (42): complete set
    assert payments(events) == [(0, 1, 112_000, "fee")]          # 2 x 56,000, nothing skimmed


def test_an_injunction_does_not_undo_zoning_already_in_place():
    state = game()
    own(state, 0, KINOO, UMOJA, NGARA)
    state.effects.zoning_bans["estates-2"] = 5
    state.specials["injunction"] = 0
    state, _ = act(state, "play_injunction", set="estates-2")
    with pytest.raises(engine.IllegalAction, match="banned by Zoning"):
        act(state, "build", tile=KINOO)


def test_lasting_effects_end_on_time_and_their_cards_go_back_on_sale():
    state = game()
    own(state, 0, KINOO, UMOJA, NGARA)
    state.specials["injunction"] = state.specials["syndicate"] = 0
    state.revolutions = 2
    state, _ = act(state, "play_injunction", set="estates-2")  # ends after revolution 9
    state, _ = act(state, "play_syndicate")                     # ends after revolution 12
    assert (state.effects.injunctions, state.effects.syndicate_ends_after) == ({"estates-2": 9}, 12)
    state, events = complete_revolution(state, 9)
    assert {"type": "SpecialEffectEnded", "card": "injunction", "set": "estates-2",
            "revolution": 9} in events
    assert state.effects.syndicate_holder == 0
    state, _ = quiet_turn(act(state, "end_turn")[0], [1, 2])
    state, events = complete_revolution(state, 12)
    assert {"type": "SpecialEffectEnded", "card": "syndicate", "revolution": 12} in events
    assert state.effects.syndicate_holder is None
    on_sale = engine.view(state, None)["derived"]["specials_on_sale"]
    assert "injunction" in on_sale and "syndicate" in on_sale


def test_special_cards_are_traded_like_insurance_and_played_only_on_your_own_turn():
    state = game()
    state.specials["syndicate"] = 0
    state, _ = act(state, "propose_trade", player=0, to=1, give={"specials": ["syndicate"]},
                   get={"cash": 1_000_000})
    state, _ = act(state, "accept_trade", player=1, trade=P01 + 1)
    assert state.specials["syndicate"] == 1
    with pytest.raises(engine.NotYourDecision):
        act(state, "play_syndicate", player=1)


def test_classic_has_no_special_cards():
    state = game(ruleset="mtaani-classic", dice=[[3, 4]], mugging=[False], mathree=["bail-out-friend"])
    state, events = act(state, "roll")
    assert offered(events) == [] and state.specials == {}
    set_cash(state, 0, 3_000_000)
    with pytest.raises(engine.IllegalAction, match="no special cards"):
        act(state, "play_zoning", set="estates-1")
