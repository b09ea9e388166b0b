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

from engine.mtaani.bots.policy import Bot, first_of, of_type
from engine.mtaani.bots.table import Table
from engine.mtaani.legal import sure
from engine.mtaani.properties import unmortgage_cost

BAIL_CASH_MULTIPLE = 5
"""Base pays bail when it holds at least this many times the bail; otherwise it rolls."""
UNMORTGAGE_CASH_MULTIPLE = 4
"""Base lifts a mortgage only when it holds this many times the cost."""
KEEP_CASH = 200_000
"""Cash Base keeps after lending, paying for a trade or repaying its loan (SFR)."""


class BaseBot(Bot):
    """Buys every property it can afford, mortgages (then sells units) only to pay what it
    owes, pays bail when cash is plentiful, draws Mtaani cards."""

    kind = "base"

    def quick(self, book, state, seat: int, kind: str):
        """:meth:`on_turn`'s or :meth:`on_end`'s answer when it needs no listing (the roll of
        a seat out of jail; ending the turn with nothing mortgaged at the table, by the
        state's count, and no bank loan to repay), the same shared action the listing hands
        out; ``None``: ask the handlers (:func:`engine.mtaani.bots.decide` asks this first,
        with no offer waiting). A subclass that answers a kind its own way is asked itself."""
        me = state.players[seat]
        if kind == "turn":
            if me.jail_turns or type(self).on_turn is not BaseBot.on_turn:
                return None
            return sure("turn", "roll", seat)
        if (kind == "end" and getattr(state, "mortgages", None) == 0
                and type(self).on_end is BaseBot.on_end):
            loan = getattr(me, "bank_loan", None)
            if loan is None or me.cash < loan.principal + loan.interest + KEEP_CASH:
                return sure("end", "end_turn", seat)
        return None

    def on_turn(self, t: Table, legal):
        if t.me.jail_turns:
            bail = first_of(legal, "pay_bail")
            if bail is not None and t.cash >= BAIL_CASH_MULTIPLE * t.ctx.rules.jail.bail:
                return bail
        return first_of(legal, "roll")

    def on_buy(self, t: Table, legal):
        return first_of(legal, "buy") or first_of(legal, "decline")

    def on_deck(self, t: Table, legal):
        return next((a for a in of_type(legal, "choose_deck") if a.deck == "mtaani"), None)

    def on_end(self, t: Table, legal):
        lift = [a for a in of_type(legal, "unmortgage")
                if t.cash >= UNMORTGAGE_CASH_MULTIPLE * unmortgage_cost(t.ctx, a.tile)]
        if lift:
            return max(lift, key=lambda a: t.book.purchase[a.tile])
        me = t.me
        loan = me.bank_loan if hasattr(me, "bank_loan") else None
        if loan is not None and t.cash >= loan.principal + loan.interest + KEEP_CASH:
            repay = next((a for a in of_type(legal, "repay_loan") if a.loan is None and a.max), None)
            if repay is not None:
                return repay
        return first_of(legal, "end_turn")

    def on_debt(self, t: Table, legal):
        for option in self.liquidation_order(t, legal):
            if option is not None:
                return option
        return (self.borrow_for(t, legal, self.shortfall(t)) or first_of(legal, "use_insurance")
                or first_of(legal, "declare_bankruptcy"))

    def on_municipal(self, t: Table, legal):
        return next((a for a in of_type(legal, "choose_municipal") if a.rule == "double_salary"), None)

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
