"""Municipal: one temporary rule for the whole table, worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt), "Municipal" and "Special Tiles": the lander
chooses exactly one rule: double or halve salary, rent, Mtaani cards, dice rolls, property
prices or ATM amounts, or ban all special card use; it takes effect immediately and lasts until
the next revolution is completed; if a rule is already active, nothing happens.
Classic guide (001): the rule stays dormant until the lander next passes Payday, then runs for
one full revolution; no special-card ban.
"""

import pytest

import engine
from tests.engine.helpers import act, events_of, fee_of, game, own, payments, script, set_cash
from tests.engine.tables import quiet_turn

KIBRA, KARE, LORESHO = 3, 44, 40

RULES = {f"{how}_{what}" for how in ("double", "halve")
         for what in ("salary", "rent", "mtaani_cards", "dice", "prices", "atm")}


def enact(rule: str | None, ruleset: str = "mtaani", players: int = 2):
    """p0 rolls 3 + 4 from Loresho onto Municipal and (when ``rule`` is given) chooses it."""
    state = game(players=players, ruleset=ruleset, dice=[[3, 4]])
    state.players[0].position = LORESHO
    state, events = act(state, "roll")
    if rule is not None:
        state, events = act(state, "choose_municipal", rule=rule)
    return state, events


def test_the_lander_chooses_exactly_one_of_the_guides_rules():
    state, _ = enact(None)
    assert state.decision.kind == "municipal" and state.decision.player == 0
    listed = {a.rule for a in engine.legal_actions(state, 0) if a.type == "choose_municipal"}
    assert listed == RULES | {"ban_special_cards"}
    with pytest.raises(engine.IllegalAction, match="choose one of"):
        act(state, "choose_municipal", rule="triple_rent")


def test_a_rule_takes_effect_at_once_and_lasts_until_the_next_revolution_completes():
    state, events = enact("double_salary")
    assert events_of(events, "MunicipalRuleSet") == [{"type": "MunicipalRuleSet", "player": 0,
                                                      "rule": "double_salary", "active": True,
                                                      "ends_after": 1}]
    state, _ = act(state, "end_turn")
    # p1 lands exactly on Payday (800,000, doubled: 1,600,000); p0 already passed Payday this
    # revolution, so the first revolution completes and the rule expires with it.
    state.players[0].passed_payday = True
    state.players[1].position = KARE
    script(state, dice=[[1, 3]])
    state, events = act(state, "roll")
    assert payments(events) == [("pool", 1, 1_600_000, "salary_landing")]
    assert events_of(events, "MunicipalRuleExpired") == [{"type": "MunicipalRuleExpired",
                                                          "rule": "double_salary", "revolution": 1}]
    assert state.municipal is None


@pytest.mark.parametrize(("rule", "fee"), [("double_rent", 80_000), ("halve_rent", 20_000)])
def test_rent_doubled_or_halved(rule, fee):
    state, _ = enact(rule)
    own(state, 1, KARE)                                         # Karen's base fee: 40,000
    assert fee_of(state, KARE) == fee


@pytest.mark.parametrize(("rule", "price"), [("double_prices", 1_000_000), ("halve_prices", 250_000)])
def test_property_prices_doubled_or_halved(rule, price):
    state, _ = enact(rule)                                      # Karen: 2 x 250,000 = 500,000
    assert engine.view(state, None)["derived"]["prices"][str(KARE)] == price


@pytest.mark.parametrize(("rule", "tile"), [("double_dice", 14), ("halve_dice", 3)])
def test_dice_rolls_doubled_or_halved(rule, tile):
    state, _ = enact(rule)
    state, _ = act(state, "end_turn")
    script(state, dice=[[3, 4]], mugging=[False])
    state, _ = act(state, "roll")                               # p1 from Payday: 7 doubled / halved
    assert state.players[1].position == tile


@pytest.mark.parametrize(("rule", "paid"), [("double_atm", 1_500_000), ("halve_atm", 375_000)])
def test_atm_amounts_doubled_or_halved(rule, paid):
    state, _ = enact(rule)
    state, _ = act(state, "end_turn")
    state.players[1].position = 20
    script(state, dice=[[1, 3]])
    state, events = act(state, "roll")                          # p1 onto the ATM (24): 750,000
    assert payments(events) == [("pool", 1, paid, "atm")]


@pytest.mark.parametrize(("rule", "card", "paid"), [
    ("double_mtaani_cards", "side-hustle", 400_000),            # 200,000 at face value, doubled
    ("halve_mtaani_cards", "side-hustle", 100_000),
    ("double_mtaani_cards", "jackpot", 1_350_000),              # 1,500,000 at 45% (opening), doubled
])
def test_mtaani_cards_doubled_or_halved(rule, card, paid):
    state, _ = enact(rule)
    state, _ = act(state, "end_turn")
    state.players[1].position = 20
    script(state, dice=[[1, 2]], mtaani=[card])
    state, events = act(state, "roll")                          # p1 onto Mtaani (23)
    assert payments(events) == [("pool", 1, paid, "card")]


def test_a_ban_on_special_cards_stops_every_card_until_it_expires():
    state, _ = enact("ban_special_cards")
    state, _ = act(state, "end_turn")
    own(state, 1, 20, 30)
    state.players[1].position = 20
    state.specials["teleport"] = 1
    with pytest.raises(engine.IllegalAction, match="bans special cards"):
        act(state, "play_teleport", tile=30)
    state.municipal = None
    state, _ = act(state, "play_teleport", tile=30)
    assert state.players[1].position == 30


def test_nothing_happens_when_a_rule_is_already_active():
    state, _ = enact("halve_rent")
    state, _ = act(state, "end_turn")
    state.players[1].position = LORESHO
    script(state, dice=[[3, 4]])
    state, events = act(state, "roll")
    assert events_of(events, "MunicipalBusy") == [{"type": "MunicipalBusy", "player": 1,
                                                   "rule": "halve_rent"}]
    assert state.decision.kind == "end" and state.municipal.rule == "halve_rent"


def test_the_table_ending_an_idle_municipal_choice_sets_no_rule():
    state, _ = enact(None)
    state, events = act(state, "timeout", decision=state.decision.id)
    assert events_of(events, "MunicipalSkipped") == [{"type": "MunicipalSkipped", "player": 0}]
    assert state.municipal is None
    assert state.decision.player == 1 and state.decision.kind == "turn"


# ------------------------------------------------------------------------------- classic preset
def test_classic_a_rule_sleeps_until_the_lander_passes_payday_then_runs_a_full_revolution():
    state, events = enact("double_salary", ruleset="mtaani-classic")
    assert events_of(events, "MunicipalRuleSet")[0]["active"] is False
    state, _ = act(state, "end_turn")
    # p1 passes Payday first: dormant, so the classic 500,000 salary is not doubled.
    script(state, mugging=[False] * 4)
    state.players[1].position = KARE
    script(state, dice=[[2, 3]])
    state, events = act(state, "roll")                          # p1: 44 + 5 = Eastleigh (1)
    assert ("pool", 1, 500_000, "salary") in payments(events)
    state, _ = act(state, "decline")                            # Eastleigh's fee: 1,000
    state, _ = act(state, "end_turn")
    # p0 (on Municipal) passes Payday: its own salary is still plain, then the rule wakes, and
    # p0's pass completes revolution 1 (p1 passed already): it runs through revolution 2.
    script(state, dice=[[1, 2]], mtaani=["side-hustle"])
    state, events = act(state, "roll")                          # p0: 47 + 3 = Mtaani (2)
    assert ("pool", 0, 500_000, "salary") in payments(events)
    assert events_of(events, "MunicipalRuleActive") == [{"type": "MunicipalRuleActive",
                                                         "rule": "double_salary", "by": 0,
                                                         "ends_after": 2}]
    assert state.revolutions == 1 and state.municipal.active
    state, _ = act(state, "end_turn")
    state.players[1].position = KARE
    script(state, dice=[[1, 3]])
    state, events = act(state, "roll")                          # p1 lands on Payday: 1,000,000 x 2
    assert payments(events) == [("pool", 1, 2_000_000, "salary_landing")]


def test_classic_has_no_special_card_ban():
    state, _ = enact(None, ruleset="mtaani-classic")
    listed = {a.rule for a in engine.legal_actions(state, 0) if a.type == "choose_municipal"}
    assert listed == RULES


def test_classic_a_sleeping_rule_lapses_when_its_lander_goes_bankrupt():
    state, _ = enact("double_rent", ruleset="mtaani-classic", players=3)
    state, _ = act(state, "end_turn")
    state, _ = quiet_turn(state, [2, 4])                        # p1 to Kinoo
    state, _ = quiet_turn(state, [2, 4])                        # p2 to Kinoo; p0's turn starts
    own(state, 1, KIBRA, units=5)                               # fee 178,750
    set_cash(state, 0, 0)
    state.players[0].position = 0
    script(state, dice=[[1, 2]], mugging=[False])
    state, _ = act(state, "roll")                               # p0 onto p1's Kibra
    assert state.decision.kind == "debt" and not state.municipal.active
    state, events = act(state, "declare_bankruptcy")
    assert events_of(events, "MunicipalRuleExpired")[0]["rule"] == "double_rent"
    assert state.municipal is None
