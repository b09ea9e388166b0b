"""Bots: every choice is legal, choices are deterministic and leave the state alone, each kind
plays the way the guide describes ("Bots and solo play"), and unknown decisions get a safe
answer."""

from __future__ import annotations

import pytest

import engine
from engine import bots
from engine.mtaani import bots as mtaani_bots
from engine.mtaani.actions import (
    AcceptLoan,
    AcceptTrade,
    Build,
    DeclareBankruptcy,
    DeclineLoan,
    DeclineTrade,
    EndTurn,
    Mortgage,
    ProposeTrade,
    Roll,
    TakeLoan,
    TradeItems,
)
from engine.mtaani.bots import selfplay
from engine.mtaani.bots.policy import fallback
from engine.mtaani.state import BankLoan, Debt, LoanOffer, PendingDecision
from tests.engine.helpers import game

EASTLEIGH, KIBRA = 1, 3  # the two-property set "Eastleigh & Kibra" (estates-1)



def own(state, seat: int, *tiles: int):
    for tile in tiles:
        state.props[tile].owner = seat
    return state


@pytest.mark.parametrize("kind", bots.KINDS)
def test_every_choice_in_a_whole_game_is_a_legal_action(kind):
    rs = engine.get_ruleset("mtaani")
    state = engine.new_game("mtaani", [bots.seat_id(kind, 0), bots.seat_id("advanced", 1)], 5,
                            {"max_turns": 120})
    players = [mtaani_bots.make(kind, 1), mtaani_bots.make("advanced", 2)]
    steps = 0
    types = set()
    while rs.outcome(state) is None:
        waiting = bots.waiting_seats(state)
        for seat in (0, 1):
            if seat not in waiting:
                assert bots.choose(state, seat, kind, 1) is None  # nothing to decide
        seat = waiting[0]
        action = mtaani_bots.decide(players[seat], state, seat, strict=True)
        assert action in rs.legal_actions(state, seat)
        types.add(action.type)
        state = rs.apply_in_place(state, action).state
        steps += 1
    assert steps > 100
    assert {"roll", "end_turn", "buy"} <= types
    assert bots.choose(state, 0, kind, 1) is None  # the game is over


@pytest.mark.parametrize("kind", bots.KINDS)
def test_choose_is_deterministic_and_leaves_the_state_unchanged(kind):
    state = own(game(players=3, seed=11), 0, EASTLEIGH, KIBRA)
    before = state.model_copy(deep=True)
    first = bots.choose(state, 0, kind, 42)
    assert state == before
    assert bots.choose(state, 0, kind, 42) == first
    assert first.player == 0


def test_seat_ids_name_the_kind():
    assert bots.seat_id("base", 1) == "bot:base:1"
    assert bots.kind_of("bot:smart:3") == "smart"
    assert bots.kind_of("alice") is None
    with pytest.raises(ValueError, match="unknown bot kind"):
        bots.kind_of("bot:genius:1")
    with pytest.raises(ValueError, match="unknown bot kind"):
        bots.choose(game(), 0, "genius", 1)


def test_base_buys_what_it_lands_on_and_advanced_builds_on_a_complete_set():
    # Seat 0 rolls 2 + 4 = 6: Kinoo (100,000... purchase = 2 x 30,000 mortgage = 60,000).
    state = game(dice=[[2, 4]])
    state = engine.apply(state, bots.choose(state, 0, "base", 1)).state
    assert state.decision.kind == "buy" and state.decision.tile == 6
    assert bots.choose(state, 0, "base", 1).type == "buy"

    state = own(game(), 0, EASTLEIGH, KIBRA)
    assert bots.choose(state, 0, "base", 1) == Roll(player=0)  # Base never builds
    action = bots.choose(state, 0, "advanced", 1)
    # A first unit on Eastleigh: (25,000 + 22,500) x 1 / 5 = 9,500 instead of the doubled
    # 2,000, so +7,500 for 22,500; on Kibra (32,500 + 29,250) / 5 = 12,350 instead of 2,600,
    # so +9,750 for 29,250. The same third of the cost back per visit: the larger gain wins.
    assert action == Build(player=0, tile=KIBRA)


def debt_state(owed: int):
    """Seat 0 owes the pool ``owed`` SFR with 10,000 SFR in hand and owns Kinoo (6) and the
    complete Eastleigh & Kibra set with one unit on each."""
    state = own(game(), 0, EASTLEIGH, KIBRA, 6)
    state.props[EASTLEIGH].units = state.props[KIBRA].units = 1
    state.players[0].cash = 10_000
    state.pool += 1_990_000  # keep the money total: the 1,990,000 left the player for the pool
    state.debts = [Debt(debtor=0, creditor=None, amount=owed, reason="card")]
    state.decision = PendingDecision(id=state.decision_seq + 1, player=0, kind="debt")
    return state


@pytest.mark.parametrize("kind", bots.KINDS)
def test_in_debt_bots_raise_funds_before_giving_up(kind):
    state = debt_state(owed=30_000)
    action = bots.choose(state, 0, kind, 1)
    assert action.type in {"mortgage", "sell_unit", "sell_batch"}
    if kind != "smart":  # the rule bots keep the complete set: Kinoo (30,000) goes first
        assert action == Mortgage(player=0, tile=6)


@pytest.mark.parametrize("kind", bots.KINDS)
def test_with_nothing_to_sell_bots_borrow_the_shortfall_then_give_up(kind):
    # 5,000 in hand, 50,000 owed, no property: a bank loan of the 45,000 shortfall (10,000
    # minimum, 1,000 steps, within the 350,000 limit) keeps the game moving.
    state = game()
    state.players[0].cash = 5_000
    state.pool += 1_995_000
    state.debts = [Debt(debtor=0, creditor=None, amount=50_000, reason="card")]
    state.decision = PendingDecision(id=state.decision_seq + 1, player=0, kind="debt")
    assert bots.choose(state, 0, kind, 1) == TakeLoan(player=0, amount=45_000)
    # Only one bank loan may be open: with one already, bankruptcy is all that is left.
    state.players[0].bank_loan = BankLoan(principal=350_000, interest=35_000, due=3)
    assert bots.choose(state, 0, kind, 1) == DeclareBankruptcy(player=0)


@pytest.mark.parametrize("kind", bots.KINDS)
def test_an_unknown_decision_kind_gets_a_safe_legal_answer(kind):
    # A decision kind from rules the bots do not know yet (model_construct skips validation,
    # as a newer engine's state would hold a kind this bot has never seen).
    state = own(game(), 0, EASTLEIGH, KIBRA)
    state.decision = PendingDecision.model_construct(id=state.decision_seq + 1, player=0,
                                                     kind="loan_offer", tile=None)
    legal = engine.legal_actions(state, 0)
    assert {a.type for a in legal} >= {"build", "mortgage"}
    action = bots.choose(state, 0, kind, 1)
    assert action in legal
    # Nothing safe is listed, so it spends as little as it can: no bankruptcy, no selling.
    assert action.type not in {"declare_bankruptcy", "sell_unit", "sell_batch"}


def test_fallback_prefers_ending_the_turn_and_saying_no():
    from pydantic import BaseModel

    class Accept(BaseModel):
        type: str = "accept_offer"
        player: int = 0

    class Reject(BaseModel):
        type: str = "reject_offer"
        player: int = 0

    assert fallback([DeclareBankruptcy(player=0), EndTurn(player=0)]) == EndTurn(player=0)
    assert fallback([Accept(), Reject()]) == Reject()
    assert fallback([Mortgage(player=0, tile=6), Accept()]) == Accept()
    assert fallback([DeclareBankruptcy(player=0)]) == DeclareBankruptcy(player=0)
    assert fallback([]) is None


def test_a_broken_bot_falls_back_instead_of_stalling_the_table():
    class Broken(mtaani_bots.make("base", 1).__class__):
        def on_turn(self, t, legal):
            raise KeyError("a bug")

    state = game()
    assert mtaani_bots.decide(Broken(1), state, 0) == Roll(player=0)
    with pytest.raises(KeyError):
        mtaani_bots.decide(Broken(1), state, 0, strict=True)


def test_self_play_is_seeded_and_its_history_replays_to_the_same_outcome():
    first = selfplay.play(["advanced", "base"], 3, max_turns=80, record=True)
    second = selfplay.play(["advanced", "base"], 3, max_turns=80, record=True)
    assert first.history == second.history
    assert first.history["format"] == selfplay.FORMAT
    assert len(first.history["actions"]) == first.actions
    *_, (final, last) = selfplay.replay(first.history)
    assert last is None
    assert final.winner == first.winner and final.turn == first.turns


def test_a_stored_event_log_makes_the_same_history_record():
    result = selfplay.play(["base", "smart"], 9, max_turns=60, record=True)
    rs = engine.get_ruleset("mtaani")
    state = engine.new_game("mtaani", result.history["players"], 9, result.history["options"])
    log = [{"type": "GameCreated"}]
    for data in result.history["actions"]:
        action = rs.parse_action(data)
        applied = engine.apply(state, action)
        state, events = applied.state, applied.events
        log += [{"type": "ActionApplied", "action": action.model_dump(mode="json")}, *events]
    assert selfplay.record_from_log(state, log) == result.history
    with pytest.raises(ValueError, match="completed"):
        selfplay.record_from_log(game(), [])


def offer_trade(state, proposer: int, to: int, give: TradeItems, get: TradeItems) -> int:
    """Propose the trade through the engine (as a player would); returns the offer's id."""
    before = {t.id for t in state.trades}
    rs = engine.get_ruleset("mtaani")
    rs.apply_in_place(state, ProposeTrade(player=proposer, to=to, give=give, get=get))
    offer_id = state.trades[-1].id
    assert offer_id not in before
    return offer_id


@pytest.mark.parametrize("kind", bots.KINDS)
def test_a_portfolio_completing_trade_is_answered_out_of_turn_and_accepted(kind):
    # Seat 1 holds Eastleigh and is offered Kibra for 50,000: that completes its set. Seat 0
    # holds the pending decision (its turn), yet seat 1 answers at once.
    state = own(game(), 1, EASTLEIGH)
    own(state, 0, KIBRA)
    trade = offer_trade(state, 0, 1, TradeItems(properties=[KIBRA]), TradeItems(cash=50_000))
    assert bots.waiting_seats(state) == [1, 0]
    assert bots.choose(state, 1, kind, 1) == AcceptTrade(player=1, trade=trade)


@pytest.mark.parametrize("kind", bots.KINDS)
def test_a_trade_that_completes_the_proposers_set_for_a_pittance_is_declined(kind):
    # Seat 0 holds Eastleigh and asks for seat 1's Kibra for 1,000 SFR.
    state = own(game(), 0, EASTLEIGH)
    own(state, 1, KIBRA)
    trade = offer_trade(state, 0, 1, TradeItems(cash=1_000), TradeItems(properties=[KIBRA]))
    assert bots.choose(state, 1, kind, 1) == DeclineTrade(player=1, trade=trade)
    assert bots.choose(state, 1, kind, 1) is not None
    assert bots.choose(game(), 1, kind, 1) is None  # no offer and not its decision


def test_base_lends_generously_and_advanced_is_a_stricter_lender():
    # Seat 0 asks seat 1 (2,000,000 in hand) to lend it 300,000 at 0% for 6 revolutions.
    state = game()
    state.loan_offers.append(LoanOffer(id=1, proposer=0, lender=1, borrower=0, amount=300_000,
                                       interest_percent=0, term=6))
    assert bots.choose(state, 1, "base", 1) == AcceptLoan(player=1, offer=1)
    assert bots.choose(state, 1, "advanced", 1) == DeclineLoan(player=1, offer=1)
    # At 10% over 3 revolutions, 300,000 is under a quarter of its cash and the borrower is
    # worth 2,000,000 (over 3 x 300,000): the Advanced bot lends too.
    state.loan_offers[0] = LoanOffer(id=1, proposer=0, lender=1, borrower=0, amount=300_000,
                                     interest_percent=10, term=3)
    assert bots.choose(state, 1, "advanced", 1) == AcceptLoan(player=1, offer=1)


def test_advanced_proposes_a_swap_that_completes_a_set_for_each_side():
    # Seat 0 holds Eastleigh and Umoja; seat 1 holds Kibra, Kinoo and Ngara. Swapping Umoja
    # for Kibra completes Eastleigh & Kibra for seat 0 and Kinoo, Umoja & Ngara for seat 1;
    # Umoja (72,000) is worth more than Kibra (32,500), so seat 1 adds the 39,500 difference.
    from engine.mtaani.bots.advanced import AdvancedBot
    from engine.mtaani.bots.table import Table

    state = own(game(), 0, EASTLEIGH, 8)
    own(state, 1, KIBRA, 6, 9)
    book = engine.get_ruleset("mtaani").book
    ideas = AdvancedBot(1).trade_ideas(Table(book, state, 0))
    assert ideas[0].to == 1
    assert ideas[0].give == TradeItems(properties=[8])
    assert ideas[0].get == TradeItems(properties=[KIBRA], cash=39_500)
    assert ideas[0] in engine.legal_actions(state, 0)


def test_smart_also_considers_swaps_of_two_properties_for_one():
    # Seat 0 holds Eastleigh and two of estates-2 (Umoja 72,000, Ngara 91,000); seat 1 holds
    # Kibra and Kinoo (60,000). Handing Umoja and Ngara over for Kibra completes Eastleigh &
    # Kibra for seat 0 and estates-2 for seat 1: seat 1 adds the difference, 163,000 - 32,500
    # = 130,500. The one-for-one swap (Eastleigh for Kinoo, seat 0 adding 35,000) is listed too.
    from engine.mtaani.bots.smart import SmartBot
    from engine.mtaani.bots.table import Table

    state = own(game(), 0, EASTLEIGH, 8, 9)
    own(state, 1, KIBRA, 6)
    book = engine.get_ruleset("mtaani").book
    ideas = SmartBot(1).wide_swaps(Table(book, state, 0), [])
    two_for_one = ProposeTrade(player=0, to=1, give=TradeItems(properties=[8, 9]),
                               get=TradeItems(properties=[KIBRA], cash=130_500))
    one_for_one = ProposeTrade(player=0, to=1, give=TradeItems(properties=[EASTLEIGH], cash=35_000),
                               get=TradeItems(properties=[6]))
    assert two_for_one in ideas and one_for_one in ideas
    assert len(ideas) == 2
    legal = engine.legal_actions(state, 0)
    assert two_for_one in legal and one_for_one in legal


@pytest.mark.parametrize("opponent", ["bot:advanced:1", "bot:base:1"])
def test_smart_offers_the_last_piece_of_a_set_for_all_the_cash_the_buyer_would_pay(opponent):
    # Seat 0 holds Kibra and Ngara, seat 1 (2,000,000 SFR, the starting cash) Eastleigh and
    # Umoja: Kibra is the last piece of seat 1's Eastleigh & Kibra. Seen from seat 1 the
    # opponent's tiles charge their base fees, Kibra 1,300 and Ngara 3,900 (seed text), so an
    # Advanced bot's reserve is 100,000 + 3,900 / 2 + 5,200 x 4 / 40 = 102,470 and it pays at
    # most 2,000,000 - 102,470 // 2 = 1,948,765 for a piece that completes its set; a Base bot
    # keeps 200,000 and pays at most 1,800,000. The sale is offered for that cash alone (it
    # is far more than 3 x Kibra's 32,500), and for that cash plus Umoja (estates-2, where
    # seat 0 holds Ngara). Ngara completes nothing for seat 1, so it is not offered.
    from engine.mtaani.bots.smart import SmartBot
    from engine.mtaani.bots.table import Table

    state = own(engine.new_game("mtaani", ["p0", opponent], 7), 0, KIBRA, 9)
    own(state, 1, EASTLEIGH, 8)
    book = engine.get_ruleset("mtaani").book
    price = 1_948_765 if opponent == "bot:advanced:1" else 1_800_000
    ideas = SmartBot(1).set_sales(Table(book, state, 0))
    assert ideas == [
        ProposeTrade(player=0, to=1, give=TradeItems(properties=[KIBRA]), get=TradeItems(cash=price)),
        ProposeTrade(player=0, to=1, give=TradeItems(properties=[KIBRA]), get=TradeItems(properties=[8], cash=price)),
    ]
    legal = engine.legal_actions(state, 0)
    assert all(idea in legal for idea in ideas)
    # The price is the buyer's limit: its bot accepts it and declines one SFR more.
    kind = bots.kind_of(opponent)
    for cash, accepted in ((price + 1, False), (price, True)):
        copy = state.model_copy(deep=True)
        trade = offer_trade(copy, 0, 1, TradeItems(properties=[KIBRA]), TradeItems(cash=cash))
        answer = AcceptTrade if accepted else DeclineTrade
        assert bots.choose(copy, 1, kind, 1) == answer(player=1, trade=trade)


def test_smart_offers_no_set_sales_to_people():
    # The same table with a person in seat 1: the look-ahead would model them as an Advanced
    # bot, which pays any price it can spare for a set's last piece; a person is not asked.
    from engine.mtaani.bots.smart import SmartBot
    from engine.mtaani.bots.table import Table

    state = own(engine.new_game("mtaani", ["bot:smart:0", "alice"], 7), 0, KIBRA, 9)
    own(state, 1, EASTLEIGH, 8)
    assert SmartBot(1).set_sales(Table(engine.get_ruleset("mtaani").book, state, 0)) == []


def test_smart_proposes_the_idea_its_look_ahead_scores_best_among_the_value_networks_best(monkeypatch):
    """The look-ahead weighs the ideas the value network rates best (best first) against
    ending the turn and the Smart bot proposes the one it scores best, even when the value
    network rates another higher; nothing when ending the turn scores best."""
    from engine.mtaani.bots import search
    from engine.mtaani.bots.smart import SmartBot
    from engine.mtaani.bots.table import Table

    state = own(engine.new_game("mtaani", ["p0", "bot:advanced:1"], 7), 0, KIBRA, 9)
    own(state, 1, EASTLEIGH, 8)
    state.decision = PendingDecision(id=state.decision_seq + 1, player=0, kind="end")
    book = engine.get_ruleset("mtaani").book
    sale, ask = SmartBot(1).set_sales(Table(book, state, 0))
    monkeypatch.setattr(SmartBot, "trade_ideas", lambda self, t: [sale, ask])
    monkeypatch.setattr(SmartBot, "may_propose", lambda self, t, legal: True)
    monkeypatch.setattr(SmartBot, "value", lambda self, t, s: 0.0)
    monkeypatch.setattr(SmartBot, "value_after_trade",
                        lambda self, t, proposer, to, give, get: 0.3 if get.properties else 0.2)
    asked = []
    legal = engine.legal_actions(state, 0)
    end = next(a for a in legal if a.type == "end_turn")
    for verdict, expected in (([0.5, 0.4, 0.6], sale), ([0.7, 0.4, 0.6], None)):
        monkeypatch.setattr(search, "search", lambda bot, book, s, seat, candidates, salt="", v=verdict:
                            asked.append(candidates) or v)
        assert SmartBot(1).propose(Table(book, state, 0), legal) == expected
    assert asked == [[end, ask, sale]] * 2  # the value network rates the ask 0.3, the sale 0.2


def test_smart_look_ahead_models_each_seat_by_its_open_id():
    from engine.mtaani.bots.advanced import AdvancedBot
    from engine.mtaani.bots.base import BaseBot
    from engine.mtaani.bots.search import model_of

    assert type(model_of("bot:base:2", 1)) is BaseBot
    assert type(model_of("bot:smart:1", 1)) is AdvancedBot
    assert type(model_of("alice", 1)) is AdvancedBot


def test_municipal_choices():
    state = game()
    state.decision = PendingDecision(id=state.decision_seq + 1, player=0, kind="municipal", tile=47)
    assert bots.choose(state, 0, "base", 1).rule == "double_salary"
    # Seat 1 earns fees (Karen and Runda, a complete set) and seat 0 none: halve the rent.
    own(state, 1, 44, 46)
    assert bots.choose(state, 0, "advanced", 1).rule == "halve_rent"
    assert bots.choose(state, 1 - 1, "smart", 1).rule == "halve_rent"
    # A bot without a Municipal handler still answers the decision itself, not with a loan.
    assert fallback(engine.legal_actions(state, 0), "municipal").type == "choose_municipal"


@pytest.mark.parametrize("prefer", [0, -1])
def test_smart_leaves_jail_and_the_municipal_rule_to_its_look_ahead(monkeypatch, prefer):
    """Whatever the Advanced rules would do, the Smart bot takes the candidate its look-ahead
    scores best: pay the bail or roll in jail, which Municipal rule (docs/bots.md, step 2)."""
    from engine.mtaani.bots import search

    asked = []

    def scored(bot, book, state, seat, candidates, salt=""):
        asked.append(salt)
        best = range(len(candidates))[prefer]
        return [1.0 if i == best else 0.0 for i in range(len(candidates))]

    monkeypatch.setattr(search, "search", scored)
    jailed = game()
    jailed.players[0].position, jailed.players[0].jail_turns = 12, 3
    legal = {a.type for a in engine.legal_actions(jailed, 0)}
    assert {"roll", "pay_bail"} <= legal
    assert bots.choose(jailed, 0, "smart", 1).type == ("roll", "pay_bail")[prefer]
    assert asked == ["jail"]

    municipal = game()
    municipal.decision = PendingDecision(id=municipal.decision_seq + 1, player=0, kind="municipal", tile=47)
    rules = [a.rule for a in engine.legal_actions(municipal, 0) if a.type == "choose_municipal"]
    assert len(rules) > 2
    assert bots.choose(municipal, 0, "smart", 1).rule == rules[prefer]
    assert asked == ["jail", "municipal"]


def test_smart_drops_a_loan_its_look_ahead_scores_below_going_on(monkeypatch):
    """A bank loan the Advanced rules would take to build is vetted: taken when the look-ahead
    scores it above rolling on, dropped otherwise."""
    from engine.mtaani.bots import search
    from engine.mtaani.bots.advanced import AdvancedBot

    loan = TakeLoan(player=0, amount=350_000)  # the most the bank lends at the start
    monkeypatch.setattr(AdvancedBot, "loan_choice", lambda self, t, legal, reserve: loan)
    state = game()
    for verdict, expected in (([0.0, 1.0], "take_loan"), ([1.0, 0.0], "roll")):
        monkeypatch.setattr(search, "search", lambda *a, v=verdict, **k: v)
        assert bots.choose(state, 0, "smart", 1).type == expected


def test_bots_play_the_classic_preset_too():
    result = selfplay.play(["base", "advanced", "smart"], 11, ruleset="mtaani-classic", max_turns=90,
                           record=True)
    assert result.turns >= 90 or result.termination == "bankruptcy"
    *_, (final, _) = selfplay.replay(result.history)
    assert final.ruleset == "mtaani-classic" and final.winner == result.winner
