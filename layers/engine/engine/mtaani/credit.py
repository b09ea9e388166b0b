"""Credit: bank loans and player-to-player loans, repayments and maturity.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, "Loans and mortgages":
- Bank loans: the player chooses 10,000 up to the limit (350,000 at first) in 1,000 steps, from
  the ATM pool; one open loan; repaid with 10% interest after 3 game revolutions. Once the
  table has bought 10 properties the limit grows by 10% of net worth (recent average cash,
  minus debt, plus unmortgaged property values).
- Repayment in full or in part: any share of the balance from 20% up in 5% steps, or the most
  the player can afford now; each payment clears accrued interest before principal; the
  interest clock restarts only when more than half of what is owed is paid off.
- Player loans run on revolutions; at maturity the borrower owes principal plus interest at the
  start of their next turn; partial repayment as for bank loans; a lender may demand early
  repayment, which cancels all interest.
Classic preset (``001``): bank-loan terms run on the borrower's own laps past Payday, and
there is no partial repayment.

Model (house interpretation): a loan's balance is ``principal + interest``, where ``interest``
is the term's charge (the rate times the principal at the start of the term). A payment goes
to interest first. Paying off more than half of the balance restarts the clock: a new term
begins, due a full term later, with the term's interest charged on the remaining principal.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mtaani import flow
from engine.mtaani.actions import (
    AcceptLoan,
    DeclineLoan,
    DemandRepayment,
    Instances,
    OfferLoan,
    RepayLoan,
    TakeLoan,
)
from engine.mtaani.bankruptcy import BANKRUPTCY_HOOKS
from engine.mtaani.board import percent_of
from engine.mtaani.flow import POOL, Ctx, action_rule
from engine.mtaani.properties import NET_WORTH_HOOKS, owned
from engine.mtaani.state import BankLoan, LoanOffer, PlayerLoan


# ------------------------------------------------------------------------------- bank loans
def loan_clock(ctx: Ctx, player: int) -> int:
    """The clock bank-loan terms run on: revolutions completed, or (classic) the player's laps."""
    if ctx.rules.bank_loans.term_clock == "laps":
        return ctx.s.players[player].laps
    return ctx.s.revolutions


def owed(loan: BankLoan | PlayerLoan) -> int:
    """What is owed on ``loan`` now: principal plus this term's interest (SFR)."""
    return loan.principal + loan.interest


def debt_of(ctx: Ctx, player: int) -> int:
    """Everything ``player`` owes on loans (bank and player loans), SFR."""
    loan = ctx.s.players[player].bank_loan
    total = loan.principal + loan.interest if loan else 0  # owed(loan)
    loans = ctx.s.loans
    return total + sum(owed(x) for x in loans if x.borrower == player) if loans else total


def loan_position(ctx: Ctx, player: int) -> int:
    """What player loans owe ``player`` minus everything ``player`` owes on loans (SFR): their
    part of the player's net worth."""
    loans = ctx.s.loans
    lent = sum(owed(loan) for loan in loans if loan.lender == player) if loans else 0
    return lent - debt_of(ctx, player)


def loan_net_worth(ctx: Ctx, player: int) -> int:
    """Net worth for the bank-loan limit: recent average cash (the last few turn starts),
    minus debt, plus the purchase cost of unmortgaged properties (SFR)."""
    p = ctx.s.players[player]
    recent = p.cash_history or [p.cash]
    average = sum(recent) // len(recent)
    props, purchase = ctx.s.props, ctx.book.purchase
    properties = 0
    for t in owned(ctx, player):
        if not props[t].mortgaged:
            properties += purchase[t]
    return average - debt_of(ctx, player) + properties


def bank_limit(ctx: Ctx, player: int) -> int:
    """The most ``player`` may borrow from the bank now (before the pool's cash is considered)."""
    rules = ctx.rules.bank_loans
    limit = rules.base_limit
    if ctx.s.properties_bought >= rules.variable_after_purchases:
        limit += max(0, loan_net_worth(ctx, player)) * rules.net_worth_percent // 100
    return limit


def borrowable(ctx: Ctx, player: int) -> int:
    """The largest bank loan allowed now: the limit, within what the pool holds, in steps
    (kept for the listing's length while a listing runs, see ``Ctx.memo``)."""
    memo = ctx.memo
    if memo is not None and ("borrowable", player) in memo:
        return memo["borrowable", player]
    step = ctx.rules.bank_loans.step
    most = min(bank_limit(ctx, player), ctx.s.pool) // step * step
    if memo is not None:
        memo["borrowable", player] = most
    return most


take_loan = action_rule(TakeLoan)


@take_loan.checker
def _check_take_loan(ctx: Ctx, a: TakeLoan) -> None:
    rules = ctx.rules.bank_loans
    if ctx.s.players[a.player].bank_loan is not None:
        raise IllegalAction("only one bank loan can be open at a time: repay it first")
    if a.amount < rules.minimum or a.amount % rules.step:
        raise IllegalAction(f"borrow from {rules.minimum:,} SFR in steps of {rules.step:,} SFR")
    most = borrowable(ctx, a.player)
    if a.amount > most:
        raise IllegalAction(f"you can borrow at most {most:,} SFR now")


@take_loan.performer
def _take_loan(ctx: Ctx, a: TakeLoan) -> None:
    rules = ctx.rules.bank_loans
    p = ctx.s.players[a.player]
    p.bank_loan = BankLoan(principal=a.amount, interest=percent_of(a.amount, rules.interest_percent),
                           due=loan_clock(ctx, a.player) + rules.term)
    ctx.transfer(POOL, a.player, a.amount, "bank_loan")
    ctx.emit("LoanTaken", player=a.player, lender="bank", amount=a.amount,
             owed=owed(p.bank_loan), due=p.bank_loan.due, clock=rules.term_clock)


_TAKE_LOAN = Instances(TakeLoan, "amount")


@take_loan.exact_lister
def _list_take_loan(ctx: Ctx, player: int) -> list[TakeLoan]:
    if ctx.s.players[player].bank_loan is not None:
        return []  # one bank loan at a time
    most = borrowable(ctx, player)
    return [_TAKE_LOAN(player, most)] if most >= ctx.rules.bank_loans.minimum else []


@take_loan.describer
def _spec_take_loan(ctx: Ctx, player: int) -> dict | None:
    rules = ctx.rules.bank_loans
    most = borrowable(ctx, player)
    if ctx.s.players[player].bank_loan is not None or most < rules.minimum:
        return None
    return {"min": rules.minimum, "max": most, "step": rules.step,
            "interest_percent": rules.interest_percent, "term": rules.term, "clock": rules.term_clock}


# ------------------------------------------------------------------------------- repayment
def _find_loan(ctx: Ctx, player: int, loan_id: int | None) -> BankLoan | PlayerLoan:
    loan: BankLoan | PlayerLoan | None
    if loan_id is None:
        loan = ctx.s.players[player].bank_loan
        if loan is None:
            raise IllegalAction("you have no bank loan")
        return loan
    for loan in ctx.s.loans:
        if loan.id == loan_id:
            if loan.borrower != player:
                raise IllegalAction("you are not the borrower of that loan")
            return loan
    raise IllegalAction(f"there is no loan {loan_id}")


def repayment(ctx: Ctx, player: int, loan: BankLoan | PlayerLoan, percent: int | None, most: bool) -> int:
    """The SFR a repayment request pays (raises :class:`IllegalAction` when not allowed)."""
    rules = ctx.rules.bank_loans
    balance = owed(loan)
    cash = ctx.s.players[player].cash
    if most:
        if percent is not None:
            raise IllegalAction("choose a share or 'max', not both")
        amount = min(cash, balance)
        if not rules.partial_repayment and amount < balance:
            raise IllegalAction("this table only allows repaying a loan in full")
    else:
        if percent is None:
            raise IllegalAction("choose a share of the balance (percent) or 'max'")
        allowed = _shares(ctx)
        if percent not in allowed:
            shares = "100%" if allowed == [100] else f"{allowed[0]}% to 100% in steps of {rules.repayment_step_percent}%"
            raise IllegalAction(f"repay {shares} of the balance")
        amount = percent_of(balance, percent)
    if amount <= 0:
        raise IllegalAction("you have no cash to repay with")
    if amount > cash:
        raise IllegalAction(f"that repayment is {amount:,} SFR and you hold {cash:,} SFR")
    return amount


def _shares(ctx: Ctx) -> list[int]:
    rules = ctx.rules.bank_loans
    if not rules.partial_repayment:
        return [100]
    return list(range(rules.repayment_min_percent, 101, rules.repayment_step_percent))


def apply_payment(ctx: Ctx, loan: BankLoan | PlayerLoan, amount: int, clock: int) -> bool:
    """Apply a payment to ``loan`` (interest first). Paying more than half of the balance
    restarts the clock (a new term with its interest). Returns True when the loan is settled."""
    balance = owed(loan)
    to_interest = min(amount, loan.interest)
    loan.interest -= to_interest
    loan.principal -= amount - to_interest
    if loan.principal <= 0 and loan.interest <= 0:
        return True
    if isinstance(loan, PlayerLoan) and loan.demanded:
        return False  # repayment was demanded: only the principal is due, no new term
    if amount * 2 > balance:
        if isinstance(loan, BankLoan):
            rate, term = ctx.rules.bank_loans.interest_percent, ctx.rules.bank_loans.term
        else:
            rate, term = loan.rate, loan.term
        loan.interest += percent_of(loan.principal, rate)
        loan.due = clock + term
        ctx.emit("LoanClockRestarted", due=loan.due, owed=owed(loan))
    return False


repay = action_rule(RepayLoan)


@repay.checker
def _check_repay(ctx: Ctx, a: RepayLoan) -> None:
    flow.require_not_owing(ctx, a.player, "repaying a loan early")
    loan = _find_loan(ctx, a.player, a.loan)
    repayment(ctx, a.player, loan, a.percent, a.max)


@repay.performer
def _repay(ctx: Ctx, a: RepayLoan) -> None:
    loan = _find_loan(ctx, a.player, a.loan)
    amount = repayment(ctx, a.player, loan, a.percent, a.max)
    p = ctx.s.players[a.player]
    if isinstance(loan, BankLoan):
        ctx.transfer(a.player, POOL, amount, "loan_repayment")
        settled = apply_payment(ctx, loan, amount, loan_clock(ctx, a.player))
        if settled:
            p.bank_loan = None
        ctx.emit("LoanRepaid", player=a.player, lender="bank", amount=amount,
                 owed=0 if settled else owed(loan))
    else:
        ctx.transfer(a.player, loan.lender, amount, "loan_repayment")
        settled = apply_payment(ctx, loan, amount, ctx.s.revolutions)
        if settled:
            ctx.s.loans.remove(loan)
        ctx.emit("LoanRepaid", player=a.player, lender=loan.lender, loan=loan.id, amount=amount,
                 owed=0 if settled else owed(loan))


_REPAY_SHARE = Instances(RepayLoan, "loan", "percent")
_REPAY_MAX = Instances(RepayLoan, "loan", "max")


@repay.exact_lister
def _list_repay(ctx: Ctx, player: int) -> list[RepayLoan]:
    # What repayment() allows: each share of the balance the cash covers, and the most the
    # cash covers (the whole balance only, where partial repayment is not allowed).
    p = ctx.s.players[player]
    loans: list[tuple[int | None, BankLoan | PlayerLoan]] = []
    if p.bank_loan is not None:
        loans.append((None, p.bank_loan))
    loans += [(loan.id, loan) for loan in ctx.s.loans if loan.borrower == player]
    if not loans or flow.owes(ctx, player):
        return []  # nothing borrowed, or a payment owed comes first
    cash, partial = p.cash, ctx.rules.bank_loans.partial_repayment
    out = []
    for loan_id, loan in loans:
        balance = owed(loan)
        out += [_REPAY_SHARE(player, loan_id, pct) for pct in _shares(ctx)
                if 0 < percent_of(balance, pct) <= cash]
        most = min(cash, balance)
        if most > 0 and (partial or most >= balance):
            out.append(_REPAY_MAX(player, loan_id, True))
    return out


# ------------------------------------------------------------------------------- maturity
def collect_matured(ctx: Ctx, seat: int) -> None:
    """Turn start: loans that reached maturity (or were called in or demanded) become
    mandatory payments of the borrower."""
    s = ctx.s
    p = s.players[seat]
    loan: BankLoan | PlayerLoan | None = p.bank_loan
    if loan is not None and loan_clock(ctx, seat) >= loan.due:
        p.bank_loan = None
        ctx.emit("LoanDue", player=seat, lender="bank", amount=owed(loan))
        ctx.charge(seat, POOL, owed(loan), "loan_repayment")
    if not s.loans:
        return
    for loan in [x for x in s.loans if x.borrower == seat]:
        if loan.demanded or s.revolutions >= loan.due:
            s.loans.remove(loan)
            ctx.emit("LoanDue", player=seat, lender=loan.lender, loan=loan.id, amount=owed(loan))
            ctx.charge(seat, loan.lender, owed(loan), "loan_repayment")


def remember_cash(ctx: Ctx, seat: int) -> None:
    """Turn start: keep the player's cash for the "recent average cash" of the loan limit."""
    p = ctx.s.players[seat]
    kept = ctx.rules.bank_loans.recent_cash_turns
    if kept > 1:  # the last kept - 1 figures, then this one, in a new list
        history = p.cash_history[1 - kept:]
        history.append(p.cash)
    elif kept == 1:
        history = [p.cash]
    else:
        history = [*p.cash_history, p.cash][-kept:]
    p.cash_history = history


def call_in_bank_loans(ctx: Ctx) -> None:
    """The bank calls in every outstanding bank loan at once (the bank-run event)."""
    for seat, p in enumerate(ctx.s.players):
        if p.bank_loan is not None and not p.bankrupt:
            loan = p.bank_loan
            p.bank_loan = None
            ctx.emit("LoanDue", player=seat, lender="bank", amount=owed(loan), called=True)
            ctx.charge(seat, POOL, owed(loan), "loan_repayment")


# ------------------------------------------------------------------------------- player loans
offer_loan = action_rule(OfferLoan, "free")


@offer_loan.checker
def _check_offer_loan(ctx: Ctx, a: OfferLoan) -> None:
    rules = ctx.rules.player_loans
    s = ctx.s
    flow.require_seated(ctx, a.to, other=True)
    if a.to == a.player:
        raise IllegalAction("you cannot lend to yourself")
    if a.amount < rules.minimum or a.amount % rules.step:
        raise IllegalAction(f"loans start at {rules.minimum:,} SFR, in steps of {rules.step:,} SFR")
    if a.interest_percent not in rules.interest_percents:
        raise IllegalAction(f"interest is one of {rules.interest_percents} percent")
    if a.term not in rules.terms:
        raise IllegalAction(f"the term is one of {rules.terms} revolutions")
    if sum(1 for o in s.loan_offers if o.proposer == a.player) >= rules.max_open_offers:
        raise IllegalAction(f"you already have {rules.max_open_offers} loan offers open")
    if a.lend:
        flow.require_not_owing(ctx, a.player, "lending")
        if s.players[a.player].cash < a.amount:
            raise IllegalAction(f"you hold less than {a.amount:,} SFR")


@offer_loan.performer
def _offer_loan(ctx: Ctx, a: OfferLoan) -> None:
    s = ctx.s
    offer = LoanOffer(id=s.offer_id(a.player, a.to), proposer=a.player,
                      lender=a.player if a.lend else a.to, borrower=a.to if a.lend else a.player,
                      amount=a.amount, interest_percent=a.interest_percent, term=a.term)
    s.loan_offers.append(offer)
    ctx.emit("LoanOffered", offer=offer.id, proposer=a.player, to=a.to, lender=offer.lender,
             borrower=offer.borrower, amount=a.amount, interest_percent=a.interest_percent,
             term=a.term, private=[a.player, a.to])


@offer_loan.lister
def _list_offer_loan(ctx: Ctx, player: int) -> list:
    return []


@offer_loan.describer
def _spec_offer_loan(ctx: Ctx, player: int) -> dict | None:
    rules = ctx.rules.player_loans
    if sum(1 for o in ctx.s.loan_offers if o.proposer == player) >= rules.max_open_offers:
        return None
    return {"to": [i for i in ctx.active_seats() if i != player], "min": rules.minimum,
            "step": rules.step, "max_lend": ctx.s.players[player].cash,
            "interest_percents": rules.interest_percents, "terms": rules.terms}


def _offer(ctx: Ctx, offer_id: int, party: int | None = None) -> LoanOffer:
    """The open loan offer ``offer_id``; with ``party``, only if that seat is its lender or
    borrower (to anyone else an offer between two others does not exist: offers are
    private)."""
    for offer in ctx.s.loan_offers:
        if offer.id == offer_id and party in (None, offer.lender, offer.borrower):
            return offer
    raise IllegalAction(f"there is no open loan offer {offer_id}")


def _counterparty(offer: LoanOffer) -> int:
    return offer.borrower if offer.proposer == offer.lender else offer.lender


accept_loan = action_rule(AcceptLoan, "free", fields=("offer",))


@accept_loan.checker
def _check_accept_loan(ctx: Ctx, a: AcceptLoan) -> None:
    offer = _offer(ctx, a.offer, a.player)
    if _counterparty(offer) != a.player:
        raise IllegalAction("only the player the offer was made to can accept it")
    flow.require_seated(ctx, offer.proposer)
    if offer.lender == a.player:
        flow.require_not_owing(ctx, a.player, "lending")
    elif any(d.debtor == offer.lender for d in ctx.s.debts):
        raise IllegalAction("the lender owes a payment and cannot lend until it is paid")
    if ctx.s.players[offer.lender].cash < offer.amount:
        raise IllegalAction(f"the lender no longer holds {offer.amount:,} SFR")


@accept_loan.performer
def _accept_loan(ctx: Ctx, a: AcceptLoan) -> None:
    s = ctx.s
    offer = _offer(ctx, a.offer)
    s.loan_offers.remove(offer)
    loan = PlayerLoan(id=offer.id, lender=offer.lender, borrower=offer.borrower,
                      principal=offer.amount, interest=percent_of(offer.amount, offer.interest_percent),
                      rate=offer.interest_percent, term=offer.term, due=s.revolutions + offer.term)
    s.loans.append(loan)
    ctx.transfer(offer.lender, offer.borrower, offer.amount, "player_loan")
    ctx.emit("LoanStarted", loan=loan.id, lender=loan.lender, borrower=loan.borrower,
             amount=loan.principal, owed=owed(loan), due=loan.due)


@accept_loan.lister
def _list_accept_loan(ctx: Ctx, player: int) -> list[AcceptLoan]:
    make = accept_loan.make
    return [make(player, o.id) for o in ctx.s.loan_offers if _counterparty(o) == player]


decline_loan = action_rule(DeclineLoan, "free", fields=("offer",))


@decline_loan.checker
def _check_decline_loan(ctx: Ctx, a: DeclineLoan) -> None:
    _offer(ctx, a.offer, a.player)


@decline_loan.performer
def _decline_loan(ctx: Ctx, a: DeclineLoan) -> None:
    offer = _offer(ctx, a.offer)
    ctx.s.loan_offers.remove(offer)
    ctx.emit("LoanOfferClosed", offer=offer.id, by=a.player,
             how="withdrawn" if a.player == offer.proposer else "declined",
             private=[offer.lender, offer.borrower])


@decline_loan.lister
def _list_decline_loan(ctx: Ctx, player: int) -> list[DeclineLoan]:
    make = decline_loan.make
    return [make(player, o.id) for o in ctx.s.loan_offers if player in (o.lender, o.borrower)]


demand = action_rule(DemandRepayment, "free", fields=("loan",))


def _lent(ctx: Ctx, player: int, loan_id: int) -> PlayerLoan:
    for loan in ctx.s.loans:
        if loan.id == loan_id:
            if loan.lender != player:
                raise IllegalAction("only the lender can demand repayment")
            return loan
    raise IllegalAction(f"there is no loan {loan_id}")


@demand.checker
def _check_demand(ctx: Ctx, a: DemandRepayment) -> None:
    if _lent(ctx, a.player, a.loan).demanded:
        raise IllegalAction("repayment of that loan has already been demanded")


@demand.performer
def _demand(ctx: Ctx, a: DemandRepayment) -> None:
    loan = _lent(ctx, a.player, a.loan)
    loan.demanded = True
    cancelled = loan.interest
    loan.interest = 0
    ctx.emit("RepaymentDemanded", loan=loan.id, lender=loan.lender, borrower=loan.borrower,
             principal=loan.principal, interest_cancelled=cancelled)


@demand.lister
def _list_demand(ctx: Ctx, player: int) -> list[DemandRepayment]:
    make = demand.make
    return [make(player, x.id) for x in ctx.s.loans if x.lender == player and not x.demanded]


def forget_player(ctx: Ctx, seat: int) -> None:
    """Bankruptcy: the player's loans and offers are written off (their cash already went to
    the creditor); loans they made are cancelled."""
    s = ctx.s
    s.players[seat].bank_loan = None
    s.loans = [x for x in s.loans if seat not in (x.lender, x.borrower)]
    s.loan_offers = [o for o in s.loan_offers if seat not in (o.lender, o.borrower)]


flow.TURN_START_HOOKS.extend([remember_cash, collect_matured])
NET_WORTH_HOOKS.append(loan_position)
BANKRUPTCY_HOOKS.append(forget_player)
