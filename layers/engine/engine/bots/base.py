"""The Base bot: a straightforward game.

Guide, "Bots and solo play": "Base bots play a straightforward game: they buy what they land
on, mortgage to survive, accept portfolio-completing trades, and lend generously." The issue
adds: Base borrows automatically only to keep the game moving. It never builds.
"""

from __future__ import annotations

from engine.bots.policy import Bot, first_of
from engine.bots.table import Table

BAIL_CASH_MULTIPLE = 5
"""Base pays bail when it holds at least this many times the bail; otherwise it rolls."""
UNMORTGAGE_CASH_MULTIPLE = 4
"""Base lifts a mortgage only when it holds this many times the cost."""


class BaseBot(Bot):
    """Buys every property it can afford, mortgages (then sells units) only to pay what it
    owes, pays bail when cash is plentiful, draws Mtaani cards."""

    kind = "base"

    def on_turn(self, t: Table, legal):
        if t.me.jail_turns:
            bail = first_of(legal, "pay_bail")
            if bail is not None and t.cash >= BAIL_CASH_MULTIPLE * t.ctx.rules.jail.bail:
                return bail
        return first_of(legal, "roll")

    def on_buy(self, t: Table, legal):
        return first_of(legal, "buy") or first_of(legal, "decline")

    def on_deck(self, t: Table, legal):
        return next((a for a in legal if a.type == "choose_deck" and a.deck == "mtaani"), None)

    def on_end(self, t: Table, legal):
        from engine.mtaani.properties import unmortgage_cost

        lift = [a for a in legal if a.type == "unmortgage"
                and t.cash >= UNMORTGAGE_CASH_MULTIPLE * unmortgage_cost(t.ctx, a.tile)]
        if lift:
            return max(lift, key=lambda a: t.book.purchase[a.tile])
        return first_of(legal, "end_turn")

    def on_debt(self, t: Table, legal):
        return self.raise_funds(t, legal)
