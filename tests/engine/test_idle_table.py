"""The table ending an idle turn, with part-2 choices around (decisions file: "what 'ending an
idle turn' does: the turn must end without the absent player losing anything they had not
chosen: roll if not yet rolled, decline optional buys, never declare bankruptcy for them").

Nothing optional is done for the absent player: no special card bought, no card played, no
insurance used, no loan taken, repaid, offered or accepted, no trade accepted, no renovation,
no municipal rule chosen.
"""

import engine
from tests.engine.helpers import act, events_of, game, idle_action, own, payments, script, set_cash
from tests.engine.tables import complete_revolution

KARE, KIBRA = 44, 3


def test_an_idle_turn_rolls_and_ends_without_any_optional_choice():
    state = game(dice=[[3, 4]], mugging=[False], mathree=["bail-out-friend"])
    own(state, 0, KARE, KIBRA)
    state.players[0].insurance = 1
    state.specials["zoning"] = 0
    state, _ = act(state, "take_loan", amount=50_000)
    state, _ = act(state, "offer_loan", player=1, to=0, amount=100_000, interest_percent=5, term=1)
    state, _ = act(state, "propose_trade", player=1, to=0, give={"cash": 10_000})
    before = state.model_copy(deep=True)
    action = idle_action(state)
    assert action.type == "timeout" and action.player == 0
    result = engine.apply(state, action)
    state, events = result.state, result.events
    # The roll reached a Mathree tile (the Teleport was offered) and the card moved p0 to the
    # Jail tile, just visiting: nothing was bought, paid or played.
    assert [e["type"] for e in events if e["type"] in {"DiceRolled", "SpecialCardOffered",
                                                        "TurnEnded"}] == [
        "DiceRolled", "SpecialCardOffered", "TurnEnded"]
    assert payments(events) == []
    p0 = state.players[0]
    assert (p0.cash, p0.insurance, p0.bank_loan) == (before.players[0].cash, 1, before.players[0].bank_loan)
    assert state.specials == before.specials
    assert state.loan_offers == before.loan_offers and state.trades == before.trades
    assert state.decision.player == 1 and state.decision.kind == "turn"


def test_an_idle_turn_on_a_renovatable_property_rolls_instead():
    state = game(dice=[[1, 2]], mugging=[False])
    own(state, 0, KARE)
    state.players[0].position = KARE
    state.revolutions = 5
    assert "renovate" in engine.legal_actions(state, 0).types()
    result = engine.apply(state, idle_action(state))
    state, events = result.state, result.events
    assert events_of(events, "PropertyRenovated") == [] and state.props[KARE].renovations == 0
    assert events_of(events, "DiceRolled")[0]["dice"] == [1, 2]


def test_a_charge_the_absent_player_cannot_pay_waits_for_them():
    state = game()
    for tiles in ((1, 3), (6, 8), (13, 15), (18, 20), (25, 27), (33, 34), (37, 38), (44, 46),
                  (10, 22), (5, 17), (11, 32), (14, 45)):
        own(state, 0, tiles[0])
        own(state, 1, tiles[1])
    set_cash(state, 1, 100_000)
    script(state, event=[False])
    state, _ = complete_revolution(state, 1)                   # gridlock: 200,000 each
    assert state.decision.player == 1 and state.decision.kind == "debt"
    assert idle_action(state) is None                   # no bankruptcy on their behalf
