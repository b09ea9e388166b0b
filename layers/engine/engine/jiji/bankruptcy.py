"""Bankruptcy.

Source: rulebook "Bankruptcy": "If you owe a debt to the bank or to another player and you
have no means of paying, you are declared bankrupt and you are eliminated. Debt to another
player: that player receives your banknotes, your property cards and all "Get Out of Jail"
cards in your possession. Debt to the bank: return your property cards to the bank, which
will immediately and individually put them up for auction. Finally, you must put the "Get Out
of Jail" cards back at the bottom of the Chance deck, and the rent exemption card on the FREE
PARKING space." Decisions file: to a player, they take cash, districts (with buildings and
mortgages) and get-out cards; to the bank, the buildings go back to the bank, mortgages are
cleared and each district is auctioned on its own, bare.

Decisions file, "Readings decided after the first conformance run": bankruptcy is for a debt
the debtor cannot cover; while their cash plus what mortgaging their districts would raise
covers it, declaring bankruptcy is refused (rulebook "Rent": "they must mortgage one of their
districts or offer you a deal"), and the legal actions do not list it; the Get Out of Jail
cards of a player bankrupt to the bank go to the bottom of the Chance pile, not the discard.

Interpretation: bankruptcy is declared by the debtor (never for an absent player) while they
owe a payment they cannot cover; the creditor of their oldest debt takes everything, their other debts lapse,
and debts owed to them lapse too. The rent exemption card goes back to Free Parking either
way. Permit buildings are not the owner's and stay on the district.
"""

from __future__ import annotations

from engine.context import take_card
from engine.core import IllegalAction
from engine.jiji import actions as act
from engine.jiji.auction import open_next_bank_auction
from engine.jiji.deals import forget
from engine.jiji.flow import BANK, Ctx, live, next_turn, no_auction, register, seated
from engine.jiji.mortgage import mortgage_value


def means(ctx: Ctx, seat: int) -> tuple[int, int, int]:
    """``(owed, cash, raisable)`` of ``seat`` (M): what they owe in all, their cash, and what
    mortgaging every district of theirs not yet mortgaged would raise now (each district's
    mortgage value is its own rent value, whatever the others' mortgages)."""
    s = ctx.s
    owed = sum(d.amount for d in s.debts if d.debtor == seat)
    raisable = sum(mortgage_value(ctx, k) for k, d in s.districts.items()
                   if d.owner == seat and not d.mortgage)
    return owed, s.players[seat].cash, raisable


def bankruptcy_problem(ctx: Ctx, seat: int) -> str | None:
    """Why ``seat`` may not declare bankruptcy now (``None``: they may): they owe nothing, or
    their cash plus what mortgaging their districts would raise covers what they owe (decisions
    file, "Readings decided after the first conformance run")."""
    owed, cash, raisable = means(ctx, seat)
    if not owed:
        return "bankruptcy is declared only over a payment you cannot make"
    if cash + raisable >= owed:
        return (f"you can cover the M{owed:,} you owe (M{cash:,} cash and M{raisable:,} from "
                "mortgages), so no bankruptcy: as the rulebook says, they must mortgage one of "
                "their districts or offer you a deal")
    return None


def _check(ctx: Ctx, a: act.DeclareBankruptcy) -> None:
    live(ctx)
    no_auction(ctx)
    seated(ctx, a.player)
    problem = bankruptcy_problem(ctx, a.player)
    if problem:
        raise IllegalAction(problem)


def go_bankrupt(ctx: Ctx, seat: int) -> None:
    """Eliminate ``seat`` in favour of the creditor of their oldest debt."""
    s = ctx.s
    p = s.players[seat]
    creditor = next(d.creditor for d in s.debts if d.debtor == seat)
    s.debts = [d for d in s.debts if d.debtor != seat and d.creditor != seat]
    forget(ctx, seat)
    mine = [k for k, d in s.districts.items() if d.owner == seat]
    cards = len(p.cards)
    # To the bottom of the Chance pile (drawn from the front), or the creditor's hand.
    heir = s.pile if creditor is BANK else s.players[creditor].cards
    while p.cards:
        take_card(p.cards, heir, 0)
    if creditor is BANK:
        if p.cash:
            ctx.transfer(seat, BANK, p.cash, "bankruptcy")
        for space in mine:
            d = s.districts[space]
            d.bare()
            d.mortgage = 0
            d.owner = None
        s.queue.extend(mine)
    else:
        if p.cash:
            ctx.transfer(seat, creditor, p.cash, "bankruptcy")
        for space in mine:
            s.districts[space].owner = creditor
    if s.exemption == seat:
        s.exemption = None
    p.out = True
    p.jailed = False
    ctx.emit("Bankrupt", player=seat, creditor="bank" if creditor is BANK else creditor,
             districts=mine, cards=cards)


def _declare(ctx: Ctx, a: act.DeclareBankruptcy) -> None:
    s = ctx.s
    go_bankrupt(ctx, a.player)
    if len(s.active()) <= 1:
        return  # settle() ends the game
    if s.cur == a.player:
        next_turn(ctx)
    open_next_bank_auction(ctx)


register("declare_bankruptcy", _check, _declare)
