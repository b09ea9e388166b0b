"""Bank loans and player-to-player loans, worked out by hand.

Guide (shared/seeds/000_fe1744ded917b034.txt), "Loans and mortgages": borrow 10,000 up to the
limit (350,000 at first) in 1,000 steps from the ATM pool; one bank loan at a time; repaid with
10% interest after 3 game revolutions; the limit grows by 10% of net worth once the table has
bought 10 properties; repay in full or a share from 20% up in 5% steps, or the most you can
afford; interest first; the clock restarts only when more than half of what is owed is paid off;
player loans run on revolutions, fall due with interest at the borrower's next turn start, repay
the same way; a lender may demand early repayment, which cancels all interest.
Classic guide (001): bank-loan terms run on the borrower's own laps past Payday; no partial
repayment.
"""

import pytest

import engine
from engine.mtaani.actions import OfferLoan, RepayLoan, TakeLoan
from tests.engine.helpers import (
    act,
    events_of,
    game,
    own,
    payments,
    script,
    set_cash,
    set_pool,
    total_money,
)
from tests.engine.tables import quiet_turn, visible

KIBRA, RUNDA = 3, 46



# Offers between seats 0 and 1 count from here (engine.mtaani.state offer_id: 1,000,000,000
# + (0 * 6 + 1) * 1,000,000): their first offer is P01 + 1, whatever other seats offered.
P01 = 1_001_000_000

def spec(state, seat, name):
    return engine.legal_actions(state, seat).specs.get(name)


# ------------------------------------------------------------------------------- bank loans
def test_a_bank_loan_is_chosen_from_10_000_to_350_000_in_1_000_steps_from_the_pool():
    state = game()
    assert spec(state, 0, "take_loan") == {"min": 10_000, "max": 350_000, "step": 1_000,
                                          "interest_percent": 10, "term": 3, "clock": "revolutions"}
    legal = engine.legal_actions(state, 0)
    for amount in (9_000, 10_500, 351_000):
        assert TakeLoan(player=0, amount=amount) not in legal
        with pytest.raises(engine.IllegalAction):
            act(state, "take_loan", amount=amount)
    assert TakeLoan(player=0, amount=10_000) in legal
    assert TakeLoan(player=0, amount=350_000) in legal
    state, events = act(state, "take_loan", amount=120_000)
    assert payments(events) == [("pool", 0, 120_000, "bank_loan")]
    # 10% interest on 120,000 is 12,000: 132,000 due after 3 revolutions (none completed yet).
    assert events_of(events, "LoanTaken")[0] == {
        "type": "LoanTaken", "player": 0, "lender": "bank", "amount": 120_000, "owed": 132_000,
        "due": 3, "clock": "revolutions"}
    assert state.players[0].cash == 2_120_000 and state.pool == 5_880_000
    assert total_money(state) == 10_000_000


def test_only_one_bank_loan_can_be_open_at_a_time():
    state, _ = act(game(), "take_loan", amount=10_000)
    assert spec(state, 0, "take_loan") is None
    with pytest.raises(engine.IllegalAction, match="only one bank loan"):
        act(state, "take_loan", amount=10_000)


def test_the_largest_loan_is_what_the_pool_still_holds():
    state = set_pool(game(), 200_500)
    assert spec(state, 0, "take_loan")["max"] == 200_000
    with pytest.raises(engine.IllegalAction, match="at most 200,000"):
        act(state, "take_loan", amount=201_000)


def test_a_bank_loan_falls_due_with_10_percent_interest_after_3_game_revolutions_not_laps():
    state = script(game(), mugging=[False] * 8)
    state, _ = act(state, "take_loan", amount=100_000)
    state, _ = quiet_turn(state, [1, 2])          # p0 to Kibra
    state, _ = quiet_turn(state, [1, 2])          # p1 to Kibra
    # p0 has lapped the board 5 times but the table completed only 2 revolutions: not due.
    state.players[0].laps = 5
    state.revolutions = 2
    state, _ = quiet_turn(state, [2, 4])          # p0 to Ngara
    state, events = quiet_turn(state, [2, 4])     # p1 to Ngara, then p0's turn starts
    assert events_of(events, "LoanDue") == []
    assert state.players[0].bank_loan is not None
    state.revolutions = 3                          # the third revolution after borrowing
    cash = state.players[0].cash
    state, _ = quiet_turn(state, [1, 2])          # p0
    state, events = quiet_turn(state, [1, 2])     # p1, then p0's turn starts: 110,000 due
    assert events_of(events, "LoanDue") == [{"type": "LoanDue", "player": 0, "lender": "bank",
                                             "amount": 110_000}]
    assert (0, "pool", 110_000, "loan_repayment") in payments(events)
    assert state.players[0].bank_loan is None
    # p0 rolled from Ngara (9) to Jail (12), just visiting: only the loan moved money.
    assert state.players[0].cash == cash - 110_000


def test_the_limit_grows_by_10_percent_of_net_worth_once_the_table_has_bought_10_properties():
    state = game(dice=[[1, 3]])
    own(state, 0, RUNDA, mortgaged=True)
    state, _ = act(state, "offer_loan", player=1, to=0, amount=100_000, interest_percent=10, term=2)
    state, _ = act(state, "accept_loan", player=0, offer=P01 + 1)   # p0 owes p1 110,000
    state.players[0].cash_history = [1_000_000, 1_200_000, 1_400_000, 1_600_000, 1_800_000]
    state.players[0].position = 40
    state.properties_bought = 9
    assert spec(state, 0, "take_loan")["max"] == 350_000
    state, _ = act(state, "roll")                  # 40 + 4 = Karen, unowned
    state, _ = act(state, "buy")                   # the table's 10th purchase, 500,000
    assert state.properties_bought == 10
    # Net worth: recent average cash 1,400,000 - debt 110,000 + unmortgaged Karen 500,000
    # (mortgaged Runda does not count) = 1,790,000; 10% of it is 179,000.
    assert spec(state, 0, "take_loan")["max"] == 350_000 + 179_000
    assert TakeLoan(player=0, amount=529_000) in engine.legal_actions(state, 0)
    assert TakeLoan(player=0, amount=530_000) not in engine.legal_actions(state, 0)


def test_repaying_part_of_a_loan_pays_interest_first_and_only_more_than_half_restarts_the_clock():
    state, _ = act(game(), "take_loan", amount=100_000)      # owes 100,000 + 10,000, due at 3
    legal = engine.legal_actions(state, 0)
    assert {a.percent for a in legal if a.type == "repay_loan" and not a.max} == set(range(20, 101, 5))
    for percent in (15, 22):
        assert RepayLoan(player=0, percent=percent) not in legal
        with pytest.raises(engine.IllegalAction, match="20% to 100% in steps of 5%"):
            act(state, "repay_loan", percent=percent)
    # 20% of 110,000 = 22,000: 10,000 interest then 12,000 principal. Not more than half owed.
    state, events = act(state, "repay_loan", percent=20)
    assert payments(events) == [(0, "pool", 22_000, "loan_repayment")]
    loan = state.players[0].bank_loan
    assert (loan.principal, loan.interest, loan.due) == (88_000, 0, 3)
    assert events_of(events, "LoanClockRestarted") == []
    # Two revolutions later, 60% of 88,000 = 52,800 (more than half): 35,200 principal left and
    # a new term starts, due 3 revolutions on (5) with 10% of 35,200 = 3,520 interest.
    state.revolutions = 2
    state, events = act(state, "repay_loan", percent=60)
    loan = state.players[0].bank_loan
    assert (loan.principal, loan.interest, loan.due) == (35_200, 3_520, 5)
    assert events_of(events, "LoanClockRestarted") == [{"type": "LoanClockRestarted", "due": 5,
                                                        "owed": 38_720}]
    state, events = act(state, "repay_loan", percent=100)
    assert payments(events) == [(0, "pool", 38_720, "loan_repayment")]
    assert state.players[0].bank_loan is None
    assert state.players[0].cash == 2_000_000 + 100_000 - 22_000 - 52_800 - 38_720
    assert total_money(state) == 10_000_000


def test_paying_exactly_half_does_not_restart_the_clock():
    state, _ = act(game(), "take_loan", amount=100_000)
    state.revolutions = 1
    state, events = act(state, "repay_loan", percent=50)      # 55,000 of 110,000
    assert events_of(events, "LoanClockRestarted") == []
    loan = state.players[0].bank_loan
    assert (loan.principal, loan.interest, loan.due) == (55_000, 0, 3)


def test_repaying_the_most_you_can_afford_now():
    state, _ = act(game(), "take_loan", amount=100_000)
    set_cash(state, 0, 30_000)
    state, events = act(state, "repay_loan", max=True)
    assert payments(events) == [(0, "pool", 30_000, "loan_repayment")]
    loan = state.players[0].bank_loan
    assert (loan.principal, loan.interest) == (80_000, 0)
    with pytest.raises(engine.IllegalAction, match="no cash"):
        act(state, "repay_loan", max=True)                    # cash is 0 now


def test_nobody_borrows_for_a_human_who_cannot_pay_but_borrowing_raises_the_shortfall():
    state = game(dice=[[1, 2]], mugging=[False])
    own(state, 1, KIBRA)
    set_cash(state, 0, 1_000)
    state, events = act(state, "roll")                        # p1's Kibra: fee 1,300
    assert state.decision.kind == "debt" and state.players[0].bank_loan is None
    assert events_of(events, "LoanTaken") == []
    assert "take_loan" in engine.legal_actions(state, 0).types()
    with pytest.raises(engine.IllegalAction, match="you owe 1,300 SFR"):
        act(state, "offer_loan", to=1, amount=10_000, interest_percent=0, term=1)
    state, events = act(state, "take_loan", amount=10_000)
    assert payments(events) == [("pool", 0, 10_000, "bank_loan"), (0, 1, 1_300, "fee")]
    assert state.decision.kind == "end" and state.players[0].cash == 9_700


def test_a_loan_is_not_repaid_early_while_a_payment_is_owed():
    state = game(dice=[[1, 2]], mugging=[False])
    state, _ = act(state, "take_loan", amount=50_000)
    own(state, 1, KIBRA, units=5)                             # fee 1,000,000-ish: more than cash
    set_cash(state, 0, 60_000)
    state, _ = act(state, "roll")
    assert state.decision.kind == "debt"
    with pytest.raises(engine.IllegalAction, match="before repaying a loan early"):
        act(state, "repay_loan", percent=100)


# ------------------------------------------------------------------------------- player loans
def test_a_player_loan_offer_is_private_to_its_two_parties_until_accepted():
    state = game(players=3)
    state, events = act(state, "offer_loan", player=0, to=1, amount=200_000, interest_percent=10, term=2)
    offered = events_of(events, "LoanOffered")[0]
    assert offered["private"] == [0, 1] and offered["lender"] == 0 and offered["borrower"] == 1
    assert visible(state, events, 2) == [] and visible(state, events, None) == []
    assert visible(state, events, 1)[0]["amount"] == 200_000
    assert engine.view(state, 2)["loan_offers"] == []
    assert len(engine.view(state, 1)["loan_offers"]) == 1
    state, events = act(state, "accept_loan", player=1, offer=offered["offer"])
    assert payments(events) == [(0, 1, 200_000, "player_loan")]
    # 10% of 200,000: 220,000 due when 2 revolutions have completed.
    started = events_of(events, "LoanStarted")[0]
    assert (started["owed"], started["due"]) == (220_000, 2)
    assert "private" not in started
    assert [p.cash for p in state.players] == [1_800_000, 2_200_000, 2_000_000]


def test_a_player_can_ask_another_to_lend():
    state = game()
    state, _ = act(state, "offer_loan", player=1, to=0, lend=False, amount=50_000,
                   interest_percent=5, term=1)
    with pytest.raises(engine.IllegalAction, match="only the player the offer was made to"):
        act(state, "accept_loan", player=1, offer=P01 + 1)
    state, events = act(state, "accept_loan", player=0, offer=P01 + 1)
    assert payments(events) == [(0, 1, 50_000, "player_loan")]
    assert (state.loans[0].lender, state.loans[0].borrower, state.loans[0].interest) == (0, 1, 2_500)


def test_a_player_loan_falls_due_with_interest_at_the_borrowers_next_turn_start():
    state = script(game(), mugging=[False] * 4)
    state, _ = act(state, "offer_loan", player=0, to=1, amount=200_000, interest_percent=10, term=2)
    state, _ = act(state, "accept_loan", player=1, offer=P01 + 1)
    state, events = quiet_turn(state, [1, 2])                 # p0's turn; p1's starts
    assert events_of(events, "LoanDue") == []
    state, _ = quiet_turn(state, [1, 2])                      # p1's turn
    state.revolutions = 2
    state, events = quiet_turn(state, [2, 4])                 # p0's turn; p1's starts: due
    assert events_of(events, "LoanDue") == [{"type": "LoanDue", "player": 1, "lender": 0,
                                             "loan": P01 + 1, "amount": 220_000}]
    assert payments(events)[-1] == (1, 0, 220_000, "loan_repayment")
    assert state.loans == []


def test_a_player_loan_is_repaid_in_part_like_a_bank_loan():
    state = game()
    state, _ = act(state, "offer_loan", player=1, to=0, amount=200_000, interest_percent=10, term=2)
    state, _ = act(state, "accept_loan", player=0, offer=P01 + 1)   # p0 owes 220,000, due at 2
    # 50% = 110,000 is exactly half: interest 20,000 then 90,000 principal; same term.
    state, events = act(state, "repay_loan", loan=P01 + 1, percent=50)
    assert payments(events) == [(0, 1, 110_000, "loan_repayment")]
    loan = state.loans[0]
    assert (loan.principal, loan.interest, loan.due) == (110_000, 0, 2)
    # After a revolution, 55% of 110,000 = 60,500 is more than half: 49,500 left and a new
    # 2-revolution term at 10%: 4,950 interest, due at 1 + 2 = 3.
    state.revolutions = 1
    state, _ = act(state, "repay_loan", loan=P01 + 1, percent=55)
    loan = state.loans[0]
    assert (loan.principal, loan.interest, loan.due) == (49_500, 4_950, 3)


def test_a_lender_demanding_early_repayment_cancels_all_interest():
    state = script(game(), mugging=[False] * 2)
    state, _ = act(state, "offer_loan", player=0, to=1, amount=200_000, interest_percent=20, term=3)
    state, _ = act(state, "accept_loan", player=1, offer=P01 + 1)   # 240,000 owed
    with pytest.raises(engine.IllegalAction, match="only the lender"):
        act(state, "demand_repayment", player=1, loan=P01 + 1)
    state, events = act(state, "demand_repayment", player=0, loan=P01 + 1)
    assert events_of(events, "RepaymentDemanded")[0]["interest_cancelled"] == 40_000
    assert state.loans[0].interest == 0
    with pytest.raises(engine.IllegalAction, match="already been demanded"):
        act(state, "demand_repayment", player=0, loan=P01 + 1)
    state, events = quiet_turn(state, [1, 2])                 # p0's turn; p1's starts: due
    assert events_of(events, "LoanDue")[0]["amount"] == 200_000
    assert payments(events)[-1] == (1, 0, 200_000, "loan_repayment")


def test_a_demanded_loan_repaid_in_part_gains_no_new_interest():
    state = game()
    state, _ = act(state, "offer_loan", player=1, to=0, amount=100_000, interest_percent=10, term=3)
    state, _ = act(state, "accept_loan", player=0, offer=P01 + 1)
    state, _ = act(state, "demand_repayment", player=1, loan=P01 + 1)
    state, _ = act(state, "repay_loan", loan=P01 + 1, percent=60)    # 60,000 of 100,000
    loan = state.loans[0]
    assert (loan.principal, loan.interest) == (40_000, 0)


def test_loan_offers_take_the_tables_terms_and_at_most_3_open():
    state = game()
    for fields, reason in (({"amount": 9_000}, "start at 10,000"),
                           ({"amount": 10_500}, "steps of 1,000"),
                           ({"interest_percent": 7}, "interest is one of"),
                           ({"term": 9}, "term is one of"),
                           ({"to": 0}, "yourself"),
                           ({"amount": 3_000_000}, "less than 3,000,000")):
        offer = {"to": 1, "amount": 10_000, "interest_percent": 5, "term": 1, **fields}
        assert OfferLoan(player=0, **offer) not in engine.legal_actions(state, 0)
        with pytest.raises(engine.IllegalAction, match=reason):
            act(state, "offer_loan", player=0, **offer)
    for _ in range(3):
        state, _ = act(state, "offer_loan", player=0, to=1, amount=10_000, interest_percent=5, term=1)
    assert spec(state, 0, "offer_loan") is None
    with pytest.raises(engine.IllegalAction, match="3 loan offers open"):
        act(state, "offer_loan", player=0, to=1, amount=10_000, interest_percent=5, term=1)
    state, events = act(state, "decline_loan", player=1, offer=P01 + 2)
    assert events_of(events, "LoanOfferClosed")[0]["how"] == "declined"
    state, events = act(state, "decline_loan", player=0, offer=P01 + 3)
    assert events_of(events, "LoanOfferClosed")[0]["how"] == "withdrawn"
    assert [o.id for o in state.loan_offers] == [P01 + 1]


# ------------------------------------------------------------------------------- classic preset
def test_classic_bank_loans_fall_due_after_the_borrowers_own_3_laps():
    state = script(game(ruleset="mtaani-classic"), mugging=[False] * 4)
    assert spec(state, 0, "take_loan")["clock"] == "laps"
    state, events = act(state, "take_loan", amount=100_000)
    assert events_of(events, "LoanTaken")[0]["due"] == 3     # p0 has 0 laps
    state, _ = quiet_turn(state, [1, 2])
    state.players[0].laps = 3                                 # no revolution completed at all
    state, events = quiet_turn(state, [1, 2])                 # p1; p0's turn starts: due
    assert events_of(events, "LoanDue")[0]["amount"] == 110_000
    assert state.revolutions == 0 and state.players[0].bank_loan is None


def test_classic_loans_are_repaid_in_full_only():
    state, _ = act(game(ruleset="mtaani-classic"), "take_loan", amount=100_000)
    legal = engine.legal_actions(state, 0)
    assert {(a.percent, a.max) for a in legal if a.type == "repay_loan"} == {(100, False), (None, True)}
    with pytest.raises(engine.IllegalAction, match="repay 100% of the balance"):
        act(state, "repay_loan", percent=50)
    set_cash(state, 0, 50_000)
    with pytest.raises(engine.IllegalAction, match="only allows repaying a loan in full"):
        act(state, "repay_loan", max=True)
    set_cash(state, 0, 200_000)
    state, events = act(state, "repay_loan", max=True)
    assert payments(events) == [(0, "pool", 110_000, "loan_repayment")]


def test_loans_count_in_net_worth_so_borrowing_never_wins_a_capped_game():
    # One-turn game: p0 borrows 350,000 (owes 385,000), lands on Kibra and pays its 1,300 fee.
    state = engine.new_game("mtaani", ["p0", "p1"], 7,
                            {"max_turns": 1, "scripted": {"dice": [[1, 2]], "mugging": [False]}})
    state, _ = act(state, "take_loan", amount=350_000)
    state, _ = act(state, "offer_loan", player=1, to=0, amount=100_000, interest_percent=10, term=2)
    state, _ = act(state, "accept_loan", player=0, offer=P01 + 1)
    worth = engine.view(state, None)["derived"]["net_worth"]
    # p0: 2,450,000 cash - 385,000 - 110,000 owed; p1: 1,900,000 cash + 110,000 lent to p0.
    assert worth == {"0": 1_955_000, "1": 2_010_000}
    state, _ = act(state, "roll")
    state, events = act(state, "decline")
    state, events = act(state, "end_turn")
    assert events_of(events, "GameFinished")[0]["winner"] == 1
