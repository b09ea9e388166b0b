"""ATM, PAYE, Fortune, Mtaani cards and Mathree cards, figures worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt): "The bank and the money supply" (ATM, the pool),
"Special Tiles", "Fortune", "Mtaani Cards", "Mathree Cards", "Jail" (the card exception).
Tiles: 19 Fortune, 23 Mtaani, 24 ATM, 26 Mathree, 35 Lavington, 39 PAYE (rich side),
4 PAYE (seedy side), 3 Kibra, 12 Jail.
"""

import pytest

import engine
from engine.mtaani.cards import card_amount, draw
from engine.mtaani.data import rulebook
from engine.mtaani.flow import Ctx
from tests.engine.helpers import (
    act,
    at,
    events_of,
    game,
    legal_types,
    own,
    payments,
    set_cash,
    set_pool,
    total_money,
)

FORTUNE, MTAANI, ATM, MATHREE, LAVINGTON, PAYE_RICH, PAYE_SEEDY = 19, 23, 24, 26, 35, 39, 4


# ------------------------------------------------------------------------------- ATM and PAYE
def test_the_atm_pays_750_000_from_the_pool():
    state = at(game(dice=[[5, 6]]), 0, 13)  # 13 + 11 = 24
    state, events = act(state, "roll")
    assert payments(events) == [("pool", 0, 750_000, "atm")]
    assert state.players[0].cash == 2_750_000 and state.pool == 5_250_000


def test_a_short_pool_pays_what_is_left_of_the_atm():
    state = set_pool(at(game(dice=[[5, 6]]), 0, 13), 100_000)
    state, events = act(state, "roll")
    assert payments(events) == [("pool", 0, 100_000, "atm")]
    assert events_of(events, "PoolShort") == [
        {"type": "PoolShort", "player": 0, "owed": 750_000, "paid": 100_000, "reason": "atm"}]
    assert state.pool == 0 and total_money(state) == 10_000_000


@pytest.mark.parametrize(("cash", "tax"), [
    (2_000_000, 700_000),  # 35% of 2,000,000
    (1_234_567, 432_098),  # 35% of 1,234,567 = 432,098.45 -> 432,098 (nearest SFR)
])
def test_paye_takes_35_percent_of_cash(cash, tax):
    state = set_cash(at(game(dice=[[4, 6]]), 0, 29), 0, cash)  # 29 + 10 = 39
    state, events = act(state, "roll")
    assert payments(events) == [(0, "pool", tax, "paye")]
    assert state.players[0].cash == cash - tax


def test_on_the_seedy_side_the_mugging_comes_before_paye():
    state = game(dice=[[1, 3]], mugging=[True], mugging_percent=[10])  # 0 + 4 = PAYE (seedy)
    state, events = act(state, "roll")
    # Mugged 10% of 2,000,000 = 200,000; PAYE then takes 35% of 1,800,000 = 630,000.
    assert payments(events) == [(0, "pool", 200_000, "mugging"), (0, "pool", 630_000, "paye")]
    assert state.players[0].cash == 1_170_000


# ------------------------------------------------------------------------------- Fortune
def test_fortune_lets_the_player_choose_the_deck():
    state = at(game(dice=[[2, 3]], mtaani=["chama-payout"]), 0, 14)  # 14 + 5 = 19
    state, _ = act(state, "roll")
    assert state.decision.kind == "deck"
    assert [a.deck for a in engine.legal_actions(state, 0) if a.type == "choose_deck"] == [
        "mtaani", "mathree"]
    assert legal_types(state, 0) == ["choose_deck"]
    state, events = act(state, "choose_deck", deck="mtaani")
    assert events_of(events, "CardDrawn")[0]["card"] == "chama-payout"
    assert payments(events) == [("pool", 0, 300_000, "card")]


def test_fortune_can_draw_a_mathree_card_instead():
    state = at(game(dice=[[2, 3]], mathree=["presenter-bash"]), 0, 14)
    state, _ = act(state, "roll")
    state, _events = act(state, "choose_deck", deck="mathree")
    assert state.players[0].position == LAVINGTON
    assert state.decision.kind == "buy" and state.decision.tile == LAVINGTON


# ------------------------------------------------------------------------------- Mtaani cards
def draw_mtaani(card, players=2, completed=0):
    """p0 lands on the Mtaani tile (20 + 3 = 23) after ``completed`` revolutions and draws."""
    state = at(game(players=players, dice=[[1, 2]], mtaani=[card]), 0, 20)
    state.revolutions = completed
    return act(state, "roll")


@pytest.mark.parametrize(
    ("players", "completed", "card", "paid"),
    [
        # Amounts up to 1,200,000 are paid at face value.
        (2, 0, "mansax-deposit", 1_100_000),
        (2, 25, "mansax-deposit", 1_100_000),
        # 2,000,000 (maize farm) in the opening revolutions: 45% = 900,000.
        (2, 0, "maize-farm", 900_000),    # revolution 1
        (2, 7, "maize-farm", 900_000),    # revolution 8: the last opening one with 2 players
        (2, 8, "maize-farm", 2_000_000),  # revolution 9: full value
        (3, 5, "maize-farm", 900_000),    # revolution 6: the last opening one with 3 players
        (3, 6, "maize-farm", 2_000_000),  # revolution 7
        (4, 3, "maize-farm", 900_000),    # revolution 4: the last opening one with 4 players
        (4, 4, "maize-farm", 2_000_000),  # revolution 5
        (2, 9, "maize-farm", 2_500_000),  # revolution 10: 125%
        (2, 18, "maize-farm", 2_500_000),  # revolution 19: still 125%
        (2, 19, "maize-farm", 3_000_000),  # revolution 20: 150%
        (2, 29, "maize-farm", 3_500_000),  # revolution 30: 175%
        # Jackpot 1,500,000 at revolution 1 with 2 players: 45% = 675,000.
        (2, 0, "jackpot", 675_000),
    ],
)
def test_mtaani_card_amounts_scale_with_the_revolution(players, completed, card, paid):
    _state, events = draw_mtaani(card, players, completed)
    drawn = events_of(events, "CardDrawn")[0]
    assert drawn["amount"] == paid  # the card shows the final amount
    assert payments(events) == [("pool", 0, paid, "card")]


def test_the_face_value_limit_is_inclusive():
    ctx = Ctx(rulebook("current"), game())
    assert card_amount(ctx, 1_200_000) == 1_200_000
    # 1,200,001 x 45% = 540,000.45 -> 540,000 (whole SFR, down).
    assert card_amount(ctx, 1_200_001) == 540_000


def test_a_large_payment_card_is_scaled_too():
    # Kitengela plot, 1,500,000 to pay: 45% = 675,000 at revolution 1 with 2 players.
    _state, events = draw_mtaani("kitengela-plot")
    assert payments(events) == [(0, "pool", 675_000, "card")]


def test_a_card_everyone_pays_the_drawer():
    state, events = draw_mtaani("birthday-bash", players=3)
    # 50,000 from each of the two others.
    assert payments(events) == [(1, 0, 50_000, "card"), (2, 0, 50_000, "card")]
    assert [p.cash for p in state.players] == [2_100_000, 1_950_000, 1_950_000]


def test_a_card_the_drawer_pays_everyone():
    _state, events = draw_mtaani("harambee", players=3)
    assert payments(events) == [(0, 1, 50_000, "card"), (0, 2, 50_000, "card")]


def test_a_card_charged_per_unit():
    state = at(game(dice=[[1, 2]], mtaani=["county-inspection"]), 0, 20)
    own(state, 0, 1, 3, units=2)  # 4 units
    state, events = act(state, "roll")
    assert payments(events) == [(0, "pool", 160_000, "card")]  # 4 x 40,000


def test_another_player_who_cannot_pay_the_drawer_must_raise_funds():
    state = at(game(players=3, dice=[[1, 2]], mtaani=["birthday-bash"]), 0, 20)
    set_cash(state, 1, 10_000)
    state, events = act(state, "roll")
    assert state.decision.player == 1 and state.decision.kind == "debt"
    assert events_of(events, "DebtOwed")[0] == {
        "type": "DebtOwed", "debtor": 1, "creditor": 0, "amount": 50_000, "reason": "card"}
    # p2's payment waits behind p1's: payments are settled in order.
    assert state.players[2].cash == 2_000_000
    state, events = act(state, "declare_bankruptcy")
    # p1 is out: p0 receives p1's 10,000 (p1 owns nothing); then p2 pays its 50,000.
    assert payments(events) == [(1, 0, 10_000, "bankruptcy"), (2, 0, 50_000, "card")]
    assert state.decision.player == 0 and state.decision.kind == "end"


# ------------------------------------------------------------------------------- Mathree cards
def draw_mathree(card, dice=(2, 3), start=21, **scripted):
    """p0 lands on the Mathree tile (21 + 5 = 26) and draws ``card``."""
    state = at(game(dice=[list(dice)], mathree=[card], **scripted), 0, start)
    return act(state, "roll")


def test_a_mathree_card_moves_the_token_and_resolves_the_tile():
    state, events = draw_mathree("presenter-bash")
    assert state.players[0].position == LAVINGTON
    assert state.decision.kind == "buy" and state.decision.tile == LAVINGTON
    assert payments(events) == []  # 26 -> 35 does not pass Payday


def test_a_mathree_move_past_payday_pays_the_salary():
    # "Visit your shosh in Kibra": 26 -> 3 passes Payday (400,000).
    state, events = draw_mathree("visit-shosh", mugging=[False])
    assert payments(events) == [("pool", 0, 400_000, "salary")]
    assert state.players[0].position == 3 and state.decision.kind == "buy"


def test_a_mathree_move_onto_payday_pays_the_landing_salary():
    _state, events = draw_mathree("payday-express")
    assert payments(events) == [("pool", 0, 800_000, "salary_landing")]


def test_a_mathree_move_back_resolves_the_tile_it_reaches():
    # "Go back 3 tiles": 26 -> 23, the Mtaani tile, which draws a Mtaani card.
    state, events = draw_mathree("wrong-turn", mtaani=["side-hustle"])
    assert state.players[0].position == MTAANI
    assert payments(events) == [("pool", 0, 200_000, "card")]


@pytest.mark.parametrize("card", ["mistaken-identity", "hawking-crackdown"])
def test_the_two_jail_cards_send_the_player_to_jail_and_end_the_turn(card):
    state, events = draw_mathree(card, dice=(3, 3), start=20)  # doubles: 20 + 6 = 26
    assert state.players[0].position == 12
    assert state.players[0].jail_turns == 3  # house value: the card sentence
    assert payments(events) == []  # straight to Jail: no salary
    assert not state.extra_turn and state.decision.kind == "end"  # the doubles' turn is lost


def test_bailing_out_a_friend_is_only_a_visit():
    state, events = draw_mathree("bail-out-friend", dice=(3, 3), start=20)
    assert state.players[0].position == 12
    assert state.players[0].jail_turns == 0
    assert events_of(events, "Jailed") == []
    # 26 -> 12 goes forward past Payday (400,000); the doubles' extra turn stands.
    assert payments(events) == [("pool", 0, 400_000, "salary")]
    assert state.decision.kind == "turn"


def test_decks_are_dealt_shuffled_and_reshuffled_when_empty():
    state = game(seed=3)
    book = rulebook("current")
    assert sorted(state.decks["mathree"].pile) == sorted(book.mathree_cards)
    ctx = Ctx(book, state)
    first_pass = [draw(ctx, "mathree") for _ in range(len(book.mathree_cards))]
    assert sorted(first_pass) == sorted(book.mathree_cards)
    assert state.decks["mathree"].pile == []
    draw(ctx, "mathree")
    assert events_of(ctx.events, "DeckReshuffled") == [{"type": "DeckReshuffled", "deck": "mathree"}]
    assert len(state.decks["mathree"].pile) == len(book.mathree_cards) - 1


def test_the_deck_order_is_hidden_from_every_viewer():
    state = game()
    for viewer in (None, 0, 1):
        seen = engine.view(state, viewer)
        assert seen["decks"] == {"mtaani": {"pile": 16, "discard": 0},
                                 "mathree": {"pile": 16, "discard": 0}}
        assert "seed" not in seen and "scripted" not in seen
    assert legal_types(state, 0) == ["roll"]
