"""Global events, worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt), "Global Events": twelve events, each with its
stated duration in revolutions; a new one only after the previous has ended and at the earliest
three revolutions after the last one started; instant events resolve at once. Classic guide
(001): the first ten (no bank run, no coalition). House values: a 35% chance at each eligible
revolution boundary; taxes forgiven = no PAYE; property values = purchase prices; a rent
subsidy = the visitor pays 80% and the pool pays the owner 20%.
"""

import pytest

from engine.mtaani.data import rulebook
from tests.engine.helpers import act, events_of, fee_of, game, own, payments, script, set_cash
from tests.engine.tables import complete_revolution, quiet_turn

EASTLEIGH, JAIL, KARE = 1, 12, 44

# The guide's list: id -> (revolutions it lasts, 0 = instant; its figure).
GUIDE = {
    "tax_amnesty": (1, None), "recession": (2, 80), "olympics": (1, 300), "tech_hub": (2, 110),
    "crime_wave": (1, 80), "liberal_governor": (2, 20), "scandal": (0, 2), "oil": (0, 600_000),
    "austerity": (0, 10), "amnesty": (0, None), "bank_run": (0, None), "coalition": (0, None),
}


def test_the_edition_has_the_guides_twelve_events_with_their_durations():
    events = rulebook("current").events
    assert set(events) == set(GUIDE)
    for event_id, (revolutions, figure) in GUIDE.items():
        info = events[event_id]
        assert info.revolutions == revolutions, event_id
        assert figure in (None, info.percent, info.amount, info.turns), event_id


def test_classic_has_the_first_ten_events():
    assert set(rulebook("classic").events) == set(GUIDE) - {"bank_run", "coalition"}


def start(event_id, revolution=1, state=None, mover=None):
    """Complete ``revolution`` with the event's start scripted (p0 lands on Payday: 800,000)."""
    state = state or game()
    script(state, event=[True], event_id=[event_id])
    return complete_revolution(state, revolution, mover)


def test_no_event_starts_when_the_chance_fails():
    state = script(game(), event=[False])
    state, events = complete_revolution(state, 1)
    assert events_of(events, "GlobalEventStarted") == [] and state.event is None


def test_a_tax_amnesty_forgives_paye_for_the_next_revolution():
    state, events = start("tax_amnesty")
    assert events_of(events, "GlobalEventStarted")[0]["revolutions"] == 1
    state, _ = act(state, "end_turn")
    state.players[1].position = 36
    script(state, dice=[[1, 2]])
    state, events = act(state, "roll")                         # p1 onto PAYE (39)
    assert payments(events) == []
    state, _ = act(state, "end_turn")
    state, events = complete_revolution(state, 2)              # the amnesty ends with it
    assert events_of(events, "GlobalEventEnded") == [{"type": "GlobalEventEnded",
                                                      "event": "tax_amnesty", "revolution": 2}]
    state, _ = act(state, "end_turn")
    state.players[1].position = 36
    script(state, dice=[[1, 2]])
    state, events = act(state, "roll")                         # 35% of 2,000,000
    assert payments(events) == [(1, "pool", 700_000, "paye")]


def test_a_recession_cuts_salaries_by_20_percent_for_2_revolutions():
    state, _ = start("recession")
    assert (state.event.started, state.event.ends_after) == (1, 3)
    state, _ = act(state, "end_turn")
    state.players[1].position = KARE
    script(state, dice=[[2, 3]], mugging=[False])
    state, events = act(state, "roll")                         # p1 passes Payday: 80% of 400,000
    assert ("pool", 1, 320_000, "salary") in payments(events)


@pytest.mark.parametrize(("event_id", "fee", "price"), [
    ("olympics", 120_000, 500_000),                            # rent tripled
    ("tech_hub", 40_000, 550_000),                             # property values +10%
    ("crime_wave", 40_000, 400_000),                           # property values -20%
])
def test_rent_and_property_value_events(event_id, fee, price):
    from engine import view

    state, _ = start(event_id)
    own(state, 1, KARE)                                        # Karen: 500,000, fee 40,000
    assert fee_of(state, KARE) == fee
    state.props[KARE].owner = None
    assert view(state, None)["derived"]["prices"][str(KARE)] == price


def test_a_liberal_governor_subsidises_20_percent_of_rent_from_the_pool():
    state, _ = start("liberal_governor")
    own(state, 0, KARE)
    state, _ = act(state, "end_turn")
    state.players[1].position = 40
    script(state, dice=[[1, 3]], arrest=[False])
    state, events = act(state, "roll")                         # p1 onto p0's Karen: 40,000
    assert payments(events) == [(1, 0, 32_000, "fee"), ("pool", 0, 8_000, "fee_subsidy")]


def test_a_scandal_jails_everyone_for_2_turns_even_the_player_moving():
    state = script(game(), event=[True], event_id=["scandal"], mugging=[False])
    state.players[1].passed_payday = True
    state.players[0].position = KARE
    script(state, dice=[[2, 3]])
    state, events = act(state, "roll")                         # p0 passes Payday towards Eastleigh
    assert [(e["player"], e["turns"]) for e in events_of(events, "Jailed")] == [(0, 2), (1, 2)]
    assert [p.position for p in state.players] == [JAIL, JAIL]
    assert [p.jail_turns for p in state.players] == [2, 2]
    assert state.decision.kind == "end"                        # no landing on Eastleigh
    assert state.props[EASTLEIGH].owner is None


def test_striking_oil_pays_everyone_600_000_from_the_pool():
    state, events = start("oil")
    assert [p for p in payments(events) if p[3] == "event_bonus"] == [
        ("pool", 0, 600_000, "event_bonus"), ("pool", 1, 600_000, "event_bonus")]
    assert state.event is None                                  # instant


def test_austerity_takes_10_percent_of_everyones_cash():
    _, events = start("austerity")
    # p0 holds 2,000,000 + 800,000 (landing on Payday); p1 2,000,000.
    assert [p for p in payments(events) if p[3] == "event_levy"] == [
        (0, "pool", 280_000, "event_levy"), (1, "pool", 200_000, "event_levy")]


def test_a_general_amnesty_frees_everyone_from_jail():
    state = game()
    state.players[1].jail_turns = 4
    state.players[1].position = JAIL
    state, events = start("amnesty", state=state)
    assert events_of(events, "Released") == [{"type": "Released", "player": 1, "how": "amnesty"}]
    assert state.players[1].jail_turns == 0


def test_a_bank_run_calls_in_every_bank_loan_at_once():
    state = game()
    state, _ = act(state, "take_loan", amount=100_000)
    state.players[1].bank_loan = state.players[0].bank_loan.model_copy()
    set_cash(state, 1, 50_000)                                  # cannot pay 110,000 now
    state, events = start("bank_run", state=state)
    assert (0, "pool", 110_000, "loan_repayment") in payments(events)
    assert state.players[0].bank_loan is None and state.players[1].bank_loan is None
    assert state.decision.player == 1 and state.decision.kind == "debt"
    assert state.debts[0].amount == 110_000


def test_a_coalition_resets_the_insurance_price():
    state = game()
    state.insurance_price = 4_000_000
    state, _ = start("coalition", state=state)
    assert state.insurance_price == 1_000_000


def test_a_new_event_waits_for_the_last_to_end_and_three_revolutions_after_it_started():
    state, _ = start("tech_hub", revolution=5)                 # lasts 2: ends after 7
    assert (state.event.started, state.event.ends_after) == (5, 7)
    for revolution in (6, 7):
        state, _ = quiet_turn(act(state, "end_turn")[0], [1, 2])   # p1 plays; p0 rolls next
        state, events = start("oil", revolution, state=state)
        assert events_of(events, "GlobalEventStarted") == [], revolution
        del state.scripted["event"], state.scripted["event_id"]   # never drawn
    assert state.event is None                                 # ended with revolution 7
    state, _ = quiet_turn(act(state, "end_turn")[0], [1, 2])
    state, events = start("oil", 8, state=state)               # 8 - 5 = 3 revolutions later
    assert events_of(events, "GlobalEventStarted")[0]["event"] == "oil"
