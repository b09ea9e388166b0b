"""Mtaani's message catalogue (``data/messages.toml``, ``Ruleset.notice`` / ``table_news``): the
words each notification carries, written out here by hand."""

from __future__ import annotations

import engine

MTAANI = engine.get_ruleset("mtaani")
NAMES = ["Achieng", "Baraka", "Chege"]


def words(event, seat, deadline=None):
    notice = MTAANI.notice(event, seat, NAMES, deadline)
    return None if notice is None else (notice.title, notice.body)


def test_a_decision_tells_its_holder_what_to_do_and_no_one_else():
    turn = {"type": "DecisionPending", "player": 1, "kind": "turn", "decision": 4, "detail": {}}
    assert words(turn, 1) == ("Your turn", "Your turn: roll the dice.")
    assert words(turn, 0) is None
    buy = {**turn, "kind": "buy", "detail": {"tile": 3}}
    assert words(buy, 1) == ("Your turn", "Your turn: buy the property or pass.")
    debt = {**turn, "kind": "debt", "detail": {"amount": 3000, "creditor": 0}}
    assert words(debt, 1) == ("You owe a payment", "A payment is due at your table: raise the "
                                                   "funds or declare bankruptcy.")
    odd = {**turn, "kind": "something_new"}
    assert words(odd, 1) == ("Your turn", "Your turn: make your move.")


def test_offers_name_the_proposer_and_the_terms_and_reach_only_their_recipient():
    trade = {"type": "TradeOffered", "trade": 1, "proposer": 2, "to": 0, "give": {}, "get": {}}
    assert words(trade, 0) == ("A trade offer is waiting", "Chege offers you a trade.")
    assert words(trade, 1) is None
    lend = {"type": "LoanOffered", "offer": 2, "proposer": 0, "to": 1, "lender": 0,
            "borrower": 1, "amount": 200_000, "interest_percent": 10, "term": 5}
    assert words(lend, 1) == ("A loan offer is waiting",
                              "Achieng offers to lend you 200,000 SFR at 10%.")
    borrow = {**lend, "lender": 1, "borrower": 0}
    assert words(borrow, 1) == ("A loan offer is waiting",
                                "Achieng offers to borrow 200,000 SFR at 10%.")


def test_the_end_of_the_game_is_told_to_every_seat():
    finished = {"type": "GameFinished", "winner": 1, "termination": "bankruptcy", "turn": 80,
                "revolutions": 9}
    assert words(finished, 1) == ("Game over", "You won!")
    assert words(finished, 0) == ("Game over", "Baraka won.")
    assert words({**finished, "winner": None}, 2) == ("Game over", "Nobody won.")


def test_what_a_revolution_brought_is_one_line_of_table_news():
    news = MTAANI.table_news([
        {"type": "Payment", "payer": "pool", "payee": 0, "amount": 500_000, "reason": "salary"},
        {"type": "RevolutionCompleted", "revolution": 3, "net_worth": {}},
        {"type": "GlobalEventEnded", "event": "tech_hub", "revolution": 3},
        {"type": "MunicipalRuleExpired", "rule": "rent_control", "revolution": 3},
        {"type": "NoTradeCharge", "revolution": 3, "amount": 100_000},
        {"type": "ChamberOfCommerce", "revolution": 3, "amount": 50_000},
        {"type": "RevolutionCompleted", "revolution": 4, "net_worth": {}},
    ])
    assert news == [(3, "Revolution 3: the tech hub event ended; the Municipal rule 'rent "
                        "control' expired; nobody traded: everyone paid the no-trade charge of "
                        "100,000 SFR; the Chamber of Commerce visited.")]
    assert MTAANI.table_news([{"type": "RevolutionCompleted", "revolution": 5, "net_worth": {}}]) == []
