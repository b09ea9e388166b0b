"""Bankruptcy and winning.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, "Bankruptcy and winning": players are
eliminated when they can no longer cover what they owe; the last player standing wins. A
bankrupt player's properties lose their units and mortgages and return to the market unowned.
If the fatal debt was owed to another player, that creditor receives the bankrupt player's cash
plus the mortgage value of their unmortgaged properties and half the build cost of their units
(the cash from the bankrupt player, the rest from the ATM pool, as far as it reaches).
Otherwise the bankrupt player's cash goes to the pool.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.context import Hooks
from engine.core import IllegalAction
from engine.mtaani import board
from engine.mtaani.actions import DeclareBankruptcy
from engine.mtaani.flow import POOL, Ctx, action_rule, finish, next_seat, start_turn
from engine.mtaani.properties import mortgages_changed, unit_refund

BANKRUPTCY_HOOKS: Hooks[Callable[[Ctx, int], None]] = Hooks()
"""Called with the seat after a player goes bankrupt (loans, cards, offers clean-up)."""

declare = action_rule(DeclareBankruptcy, {"debt"})


@declare.performer
def _declare(ctx: Ctx, a: DeclareBankruptcy) -> None:
    debt = ctx.s.debts[0]
    go_bankrupt(ctx, a.player, debt.creditor)


def liquidation_value(ctx: Ctx, player: int) -> int:
    """Mortgage value of ``player``'s unmortgaged properties plus half the build cost of their
    units (SFR; the same per-unit figure a unit sale pays, :func:`properties.unit_refund`):
    what a creditor receives from the bank on top of the cash."""
    total = 0
    for tile, p in ctx.s.props.items():
        if p.owner != player:
            continue
        if not p.mortgaged:
            total += ctx.book.mortgage[tile]
        total += p.units * unit_refund(ctx, tile)
    return total


def go_bankrupt(ctx: Ctx, player: int, creditor: int | None) -> None:
    """Eliminate ``player``, settling with ``creditor`` (a seat, or the pool when ``None``)."""
    s = ctx.s
    p = s.players[player]
    if creditor is not None and s.players[creditor].bankrupt:
        creditor = POOL
    cash = p.cash
    ctx.transfer(player, creditor, cash, "bankruptcy")
    payout = 0
    if creditor is not None:
        payout = ctx.pay_out(creditor, liquidation_value(ctx, player), "bankruptcy_assets")
    for prop in s.props.values():
        if prop.owner == player:
            prop.owner = None
            prop.units = 0
            prop.mortgaged = False
            prop.since = 0
    mortgages_changed(s, None)  # the mortgage count, when one is kept
    p.bankrupt = True
    p.jail_turns = 0
    p.passed_payday = False
    s.debts = [d for d in s.debts if d.debtor != player]
    for d in s.debts:
        if d.creditor == player:
            d.creditor = POOL
    s.queue = [q for q in s.queue if q.player != player]
    if s.decision is not None and s.decision.player == player:
        s.decision = None
    ctx.emit("Bankrupt", player=player, creditor="pool" if creditor is None else creditor,
             cash=cash, assets_paid=payout)
    for hook in BANKRUPTCY_HOOKS:
        hook(ctx, player)
    active = ctx.active_seats()
    if len(active) == 1:
        finish(ctx, "bankruptcy", active[0])
        return
    board.check_revolution(ctx)
    if s.current == player:
        s.turn += 1
        start_turn(ctx, next_seat(ctx, player))  # type: ignore[arg-type]  # two or more seats are left


def _check(ctx: Ctx, a: DeclareBankruptcy) -> None:
    if not ctx.s.debts or ctx.s.debts[0].debtor != a.player:
        raise IllegalAction("you only declare bankruptcy when you cannot pay what you owe")


declare.checker(_check)
