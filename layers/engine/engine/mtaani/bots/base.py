"""The Base bot: a straightforward game.

Guide, "Bots and solo play": "Base bots play a straightforward game: they buy what they land
on, mortgage to survive, accept portfolio-completing trades, and lend generously." The issue
adds: Base borrows automatically only to keep the game moving. It never builds, renovates,
proposes trades or buys insurance or special cards.

- Trades offered to it: accepted when the trade completes one of its sets (and it can pay
  any cash asked while keeping :data:`KEEP_CASH`).
- Loans it is asked to make: accepted when the amount is at most half its cash and leaves it
  :data:`KEEP_CASH` ("lends generously": any interest, any term). Loans offered to it: only
  when it owes more than it holds, to keep the game moving.
- In debt: mortgage, sell units, then a bank loan for the shortfall, then an insurance card,
  then bankruptcy. It repays its bank loan once it holds the balance plus :data:`KEEP_CASH`.
- Municipal: doubles the salary (it helps everyone alike).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.mtaani.bots.policy import HANDLERS, Bot, first_of, of_type
from engine.mtaani.bots.table import Table
from engine.mtaani.flow import Ctx, new_ctx
from engine.mtaani.legal import listed, sure
from engine.mtaani.properties import unmortgage_cost

BAIL_CASH_MULTIPLE = 5
"""Base pays bail when it holds at least this many times the bail; otherwise it rolls."""
UNMORTGAGE_CASH_MULTIPLE = 4
"""Base lifts a mortgage only when it holds this many times the cost."""
KEEP_CASH = 200_000
"""Cash Base keeps after lending, paying for a trade or repaying its loan (SFR)."""
PREFERRED = {
    "buy": (("buy", None, None), ("decline", None, None)),
    "deck": (("choose_deck", "deck", "mtaani"),),
    "municipal": (("choose_municipal", "rule", "double_salary"),),
}
"""What Base answers a decision of each kind with, in order of preference: ``(type, field,
value)`` is the first listed action of ``type`` whose ``field`` is ``value`` (any of the type
when ``field`` is ``None``): it buys what it can afford (else declines), draws Mtaani cards,
doubles the salary. Its handlers and its quick answers both read this (:func:`preferred`)."""

Listing = Callable[[str], Sequence]
"""The listed actions of a type (the listing's ``of_type``)."""


def preferred(kind: str, listing: Listing):
    """Base's answer to a decision of ``kind`` (:data:`PREFERRED`) from ``listing``, or
    ``None`` when none of its choices is listed."""
    for name, field, value in PREFERRED[kind]:
        for action in listing(name):
            if field is None or getattr(action, field) == value:
                return action
    return None


def end_answer(ctx: Ctx, me, listing: Listing):
    """Base's answer at the end of its turn (``ctx``: a read-only context on the state, ``me``
    the seat's player): lift the mortgage on the dearest property whose lifting costs at most
    a quarter of its cash (:data:`UNMORTGAGE_CASH_MULTIPLE`), else repay its bank loan whole
    when it keeps :data:`KEEP_CASH` after, else end the turn; ``None`` when none is listed."""
    cash = me.cash
    lift = [a for a in listing("unmortgage")
            if cash >= UNMORTGAGE_CASH_MULTIPLE * unmortgage_cost(ctx, a.tile)]
    if lift:
        purchase = ctx.book.purchase
        return max(lift, key=lambda a: purchase[a.tile])
    loan = me.bank_loan if hasattr(me, "bank_loan") else None
    if loan is not None and cash >= loan.principal + loan.interest + KEEP_CASH:
        repay = next((a for a in listing("repay_loan") if a.loan is None and a.max), None)
        if repay is not None:
            return repay
    found = listing("end_turn")
    return found[0] if found else None


def turn_answer(me, bail: int, listing: Listing):
    """Base's answer to its turn: bail when jailed and holding :data:`BAIL_CASH_MULTIPLE`
    times ``bail`` (SFR), else the roll; ``None`` when neither is listed."""
    if me.jail_turns:
        found = listing("pay_bail")
        if found and me.cash >= BAIL_CASH_MULTIPLE * bail:
            return found[0]
    found = listing("roll")
    return found[0] if found else None


class BaseBot(Bot):
    """Buys every property it can afford, mortgages (then sells units) only to pay what it
    owes, pays bail when cash is plentiful, draws Mtaani cards."""

    kind = "base"

    def quick(self, book, state, seat: int, kind: str):
        """The handlers' answer, without the listing object and the table they read, for
        the decisions the state answers at once: the roll of a seat out of jail and ending
        the turn with nothing mortgaged at the table (by the state's count) and no bank loan
        to repay (the shared action the listing hands out, :func:`engine.mtaani.legal.sure`);
        a jailed seat's turn, any other end of its turn, a buy, a deck, a Municipal rule
        (:func:`turn_answer`, :func:`end_answer` and :func:`preferred` on the rules' own
        listing of the types they weigh, :func:`engine.mtaani.legal.listed`). ``None``: ask the handlers
        (:func:`engine.mtaani.bots.decide` asks this first, with no offer waiting). A
        subclass that answers a kind its own way is asked itself."""
        cls = type(self)
        if kind == "turn":
            if cls.on_turn is not BaseBot.on_turn:
                return None
            me = state.players[seat]
            if me.jail_turns:
                return turn_answer(me, book.rules.jail.bail,
                                   lambda name: listed(book, state, seat, "turn", name))
            return sure("turn", "roll", seat)
        if kind == "end":
            if cls.on_end is not BaseBot.on_end:
                return None
            me = state.players[seat]
            if getattr(state, "mortgages", None) == 0:
                loan = getattr(me, "bank_loan", None)
                if loan is None or me.cash < loan.principal + loan.interest + KEEP_CASH:
                    return sure("end", "end_turn", seat)
            return end_answer(new_ctx(book, state, quiet=True), me,
                              lambda name: listed(book, state, seat, "end", name))
        if kind in PREFERRED:
            handler = HANDLERS[kind]
            if getattr(cls, handler) is getattr(BaseBot, handler):
                return preferred(kind, lambda name: listed(book, state, seat, kind, name))
        return None

    def on_turn(self, t: Table, legal):
        return turn_answer(t.me, t.book.rules.jail.bail, lambda name: of_type(legal, name))

    def on_buy(self, t: Table, legal):
        return preferred("buy", lambda name: of_type(legal, name))

    def on_deck(self, t: Table, legal):
        return preferred("deck", lambda name: of_type(legal, name))

    def on_end(self, t: Table, legal):
        return end_answer(t.ctx, t.me, lambda name: of_type(legal, name))

    def on_debt(self, t: Table, legal):
        for option in self.liquidation_order(t, legal):
            if option is not None:
                return option
        return (self.borrow_for(t, legal, self.shortfall(t)) or first_of(legal, "use_insurance")
                or first_of(legal, "declare_bankruptcy"))

    def on_municipal(self, t: Table, legal):
        return preferred("municipal", lambda name: of_type(legal, name))

    def trade_cash_limit(self, t: Table) -> int:
        """The most cash I hand over in a trade (SFR): what I hold above :data:`KEEP_CASH`."""
        return max(0, t.cash - KEEP_CASH)

    def accepts_trade(self, t: Table, offer) -> bool:
        gets, gives = offer.give, offer.get  # the proposer's give is what I get
        if gives.cash > self.trade_cash_limit(t):
            return False
        return completes_a_set(t, t.seat, gets.properties, gives.properties)

    def accepts_loan(self, t: Table, offer) -> bool:
        if offer.lender == t.seat:
            return offer.amount * 2 <= t.cash and t.cash - offer.amount >= KEEP_CASH
        return self.shortfall(t) > 0 and offer.amount >= self.shortfall(t)


def completes_a_set(t: Table, seat: int, gained: list[int], lost: list[int]) -> bool:
    """Whether getting ``gained`` and handing over ``lost`` gives ``seat`` a complete set it
    does not hold now."""
    props = t.s.props
    after = {tile: (seat if tile in gained else None if tile in lost else props[tile].owner)
             for tile in t.book.properties}
    for set_id, tiles in t.book.set_tiles.items():
        if t.owns_set(set_id, seat):
            continue
        if any(tile in gained for tile in tiles) and all(after[tile] == seat for tile in tiles):
            return True
    return False
