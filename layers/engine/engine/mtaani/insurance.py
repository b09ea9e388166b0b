"""Insurance cards.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, "Cards you buy and hold" and "Insurance
Cards": always on sale; the first costs 1,000,000 and every purchase doubles the next price for
everyone; the cards available are one more than the number of players; a player holds at most
as many as there are players; a card is spent only when its holder chooses to cover a mandatory
payment they cannot settle in cash; a used card returns to the shared pool.

House value: a card covers the whole payment it is used on. A payment owed to the bank is
simply forgiven; one owed to a player is paid to them from the ATM pool (what is left, if the
pool is short, with the rest still owed).
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mtaani import flow
from engine.mtaani.actions import BuyInsurance, UseInsurance
from engine.mtaani.bankruptcy import BANKRUPTCY_HOOKS
from engine.mtaani.flow import POOL, Ctx, action_rule
from engine.mtaani.state import Debt


def cards_total(ctx: Ctx) -> int:
    """Insurance cards in the game: players + 1."""
    return len(ctx.s.players) + ctx.rules.insurance.cards_extra


def cards_on_sale(ctx: Ctx) -> int:
    """Cards in the shared pool (not held by anyone)."""
    return cards_total(ctx) - sum(p.insurance for p in ctx.s.players)


def max_held(ctx: Ctx) -> int:
    """The most cards one player may hold: the number of players."""
    return len(ctx.s.players)


buy = action_rule(BuyInsurance)


@buy.checker
def _check_buy(ctx: Ctx, a: BuyInsurance) -> None:
    flow.require_not_owing(ctx, a.player, "buying insurance for a payment already owed")
    p = ctx.s.players[a.player]
    if cards_on_sale(ctx) <= 0:
        raise IllegalAction("every insurance card is held by a player")
    if p.insurance >= max_held(ctx):
        raise IllegalAction(f"you already hold {max_held(ctx)} insurance cards, the most allowed")
    if p.cash < ctx.s.insurance_price:
        raise IllegalAction(f"an insurance card costs {ctx.s.insurance_price:,} SFR now")


@buy.exact_lister
def _list_buy(ctx: Ctx, player: int) -> tuple[BuyInsurance, ...]:
    # What the check asks: no payment owed, a card on sale, room to hold it, the price in cash.
    p = ctx.s.players[player]
    if (flow.owes(ctx, player) or cards_on_sale(ctx) <= 0 or p.insurance >= max_held(ctx)
            or p.cash < ctx.s.insurance_price):
        return ()
    return (buy.make(player),)


@buy.performer
def _buy(ctx: Ctx, a: BuyInsurance) -> None:
    price = ctx.s.insurance_price
    ctx.transfer(a.player, POOL, price, "insurance")
    ctx.s.players[a.player].insurance += 1
    ctx.s.insurance_price = price * ctx.rules.insurance.price_multiplier
    ctx.emit("InsuranceBought", player=a.player, price=price, next_price=ctx.s.insurance_price)


use = action_rule(UseInsurance, {"debt"})


@use.checker
def _check_use(ctx: Ctx, a: UseInsurance) -> None:
    if ctx.s.players[a.player].insurance < 1:
        raise IllegalAction("you hold no insurance card")
    if not ctx.s.debts or ctx.s.debts[0].debtor != a.player:
        raise IllegalAction("insurance only covers a payment you cannot settle in cash")


@use.performer
def _use(ctx: Ctx, a: UseInsurance) -> None:
    s = ctx.s
    debt = s.debts.pop(0)
    s.players[a.player].insurance -= 1
    s.decision = None
    paid = debt.amount
    if debt.creditor is not POOL and not s.players[debt.creditor].bankrupt:
        paid = ctx.pay_out(debt.creditor, debt.amount, "insurance_cover", debtor=a.player)
        if paid < debt.amount:
            s.debts.insert(0, Debt(debtor=debt.debtor, creditor=debt.creditor,
                                   amount=debt.amount - paid, reason=debt.reason, tile=debt.tile))
    ctx.emit("InsuranceUsed", player=a.player, covered=paid, reason=debt.reason,
             creditor="pool" if debt.creditor is None else debt.creditor)


def reset_price(ctx: Ctx) -> None:
    """The insurance price goes back to the base rate (the coalition event)."""
    ctx.s.insurance_price = ctx.rules.insurance.first_price


def _return_cards(ctx: Ctx, seat: int) -> None:
    """Bankruptcy: the player's insurance cards go back to the shared pool, on sale again (a
    bankrupt player owns nothing; the creditor's share is cash and property values only)."""
    player = ctx.s.players[seat]
    if player.insurance:
        ctx.emit("InsuranceReturned", player=seat, cards=player.insurance)
        player.insurance = 0


BANKRUPTCY_HOOKS.append(_return_cards)
