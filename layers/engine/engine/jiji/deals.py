"""Deals between players, with a time limit.

Source: rulebook "Deals, Mortgages and Bankruptcy": "You may make agreements with the other
players to earn money or to recover the districts you covet! When you exchange or sell a
district during a deal, you also exchange or sell the buildings that are on it ... You must
reach an agreement with the player to whom you proposed the deal before the time allowed runs
out!"; "If the player you are demanding rent from cannot pay, they must mortgage one of their
districts or offer you a deal that will bring you money". Decisions file: a proposed deal has
a time limit (the table's ``deal_seconds``); districts change hands with their buildings.

House: any seated player may propose at any time except while an auction is open (the game
waits for it), up to 3 open offers each; cash offered may not exceed the proposer's cash when
offered; a deal is carried out only if, when accepted, both sides still hold what it names
(mortgages and every building travel with a district; permit buildings stay where they are);
offers are private to their two parties until accepted. A player who owes a payment makes
only deals that raise money for it (:func:`debtor_problem`): the rulebook's "a deal that will
bring you money", not a way to hand the districts to a friend before going bankrupt.
"""

from __future__ import annotations

from engine.context import take_card
from engine.core import IllegalAction
from engine.jiji import actions as act
from engine.jiji.flow import Ctx, amount_in_steps, live, no_auction, register, seated
from engine.jiji.mortgage import mortgage_value
from engine.jiji.state import Deal, Side


def side_problem(ctx: Ctx, seat: int, side: Side, *, whose: str) -> str | None:
    """Why ``seat`` cannot hand over ``side`` now (``None``: they can)."""
    b, s = ctx.b, ctx.s
    p = s.players[seat]
    if side.cash > p.cash:
        return f"{whose} cash is short of M{side.cash:,}"
    if side.cards > len(p.cards):
        return f"{whose} Get Out of Jail cards are fewer than {side.cards}"
    for space in side.districts:
        d = s.districts.get(space)
        if d is None or d.owner != seat:
            return f"{b.name[space] if 0 <= space < 40 else space} is not {whose}"
    return None


def handed_worth(ctx: Ctx, side: Side) -> int:
    """What ``side`` (besides its cash) is worth to a debtor's creditor, M: each district at
    its mortgage value (its rent value now; nothing when mortgaged: what mortgaging it would
    raise), each Get Out of Jail card at the jail fine it saves."""
    districts = ctx.s.districts
    return (sum(mortgage_value(ctx, k) for k in side.districts if not districts[k].mortgage)
            + side.cards * ctx.b.fine)


def debtor_problem(ctx: Ctx, seat: int, gives: Side, gets: Side) -> str | None:
    """Why ``seat``, owing a payment, cannot make this deal (``None``: they can, or owe
    nothing). While owing, a deal must bring money: the cash received less the cash given must
    be more than nothing and at least :func:`handed_worth` of what else is given (rulebook
    "Rent": "offer you a deal that will bring you money"; house rule, docs/rules.md)."""
    if not any(d.debtor == seat for d in ctx.s.debts):
        return None
    raised, worth = gets.cash - gives.cash, handed_worth(ctx, gives)
    if raised <= 0 or raised < worth:
        return (f"seat {seat} owes a payment, so a deal must bring money for it: "
                f"at least M{max(worth, 1):,} more received than paid for what is handed over")
    return None


def deal_problem(ctx: Ctx, deal: Deal) -> str | None:
    """Why ``deal`` cannot be carried out now (``None``: it can)."""
    s = ctx.s
    if s.players[deal.proposer].out or s.players[deal.to].out:
        return "a party to the deal is out of the game"
    return (side_problem(ctx, deal.proposer, deal.give, whose="the proposer's")
            or side_problem(ctx, deal.to, deal.get, whose="your")
            or debtor_problem(ctx, deal.proposer, deal.give, deal.get)
            or debtor_problem(ctx, deal.to, deal.get, deal.give))


def _sides(a: act.ProposeDeal) -> tuple[Side, Side]:
    return (Side(a.give_cash, list(a.give_districts), a.give_cards),
            Side(a.get_cash, list(a.get_districts), a.get_cards))


def _check_propose(ctx: Ctx, a: act.ProposeDeal) -> None:
    live(ctx)
    no_auction(ctx)
    seated(ctx, a.player)
    s = ctx.s
    if a.to == a.player:
        raise IllegalAction("a deal is with another player")
    seated(ctx, a.to)
    give, get = _sides(a)
    if give.empty() and get.empty():
        raise IllegalAction("a deal hands something over")
    amount_in_steps(ctx, a.give_cash, "cash")
    amount_in_steps(ctx, a.get_cash, "cash")
    if len(set(a.give_districts)) != len(a.give_districts) or \
            len(set(a.get_districts)) != len(a.get_districts):
        raise IllegalAction("name each district once")
    problem = (side_problem(ctx, a.player, give, whose="yours")
               or side_problem(ctx, a.to, get, whose="theirs")
               or debtor_problem(ctx, a.player, give, get)
               or debtor_problem(ctx, a.to, get, give))
    if problem:
        raise IllegalAction(problem)
    if a.get_cash > s.players[a.to].cash:
        raise IllegalAction("they do not hold that much cash")
    if sum(1 for d in s.deals if d.proposer == a.player) >= ctx.b.max_open_deals:
        raise IllegalAction("you have 3 open offers: wait for an answer or withdraw one")


def _propose(ctx: Ctx, a: act.ProposeDeal) -> None:
    s = ctx.s
    give, get = _sides(a)
    deal = Deal(s.deal_id(a.player, a.to), a.player, a.to, give, get,
                a.now + s.options.deal_seconds)
    s.deals.append(deal)
    ctx.emit("DealOffered", private=[a.player, a.to], **deal.public(), due=deal.expires)


register("propose_deal", _check_propose, _propose)


def find(ctx: Ctx, deal_id: int, party: int | None = None) -> Deal:
    """The open deal ``deal_id``; with ``party``, only if that seat is one of its two parties
    (to anyone else a deal between two others does not exist: offers are private). Raises
    :class:`IllegalAction`."""
    for deal in ctx.s.deals:
        if deal.id == deal_id and (party is None or party in (deal.proposer, deal.to)):
            return deal
    raise IllegalAction(f"there is no open deal {deal_id}")


def _check_accept(ctx: Ctx, a: act.AcceptDeal) -> None:
    live(ctx)
    no_auction(ctx)
    seated(ctx, a.player)
    deal = find(ctx, a.deal, a.player)
    if deal.to != a.player:
        raise IllegalAction("this deal was not offered to you")
    problem = deal_problem(ctx, deal)
    if problem:
        raise IllegalAction(f"the deal no longer stands: {problem}")


def hand_over(ctx: Ctx, src: int, dst: int, side: Side, deal_id: int) -> None:
    """Move ``side`` from seat ``src`` to seat ``dst`` (districts with their buildings and
    mortgages, Get Out of Jail cards, cash)."""
    s = ctx.s
    if side.cash:
        ctx.transfer(src, dst, side.cash, "deal", extra={"deal": deal_id})
    for space in side.districts:
        s.districts[space].owner = dst
    for _ in range(side.cards):
        take_card(s.players[src].cards, s.players[dst].cards, 0)


def _accept(ctx: Ctx, a: act.AcceptDeal) -> None:
    s = ctx.s
    deal = find(ctx, a.deal)
    s.deals.remove(deal)
    hand_over(ctx, deal.proposer, deal.to, deal.give, deal.id)
    hand_over(ctx, deal.to, deal.proposer, deal.get, deal.id)
    ctx.emit("DealClosed", private=[deal.proposer, deal.to], deal=deal.id, how="accepted")
    # Told to everyone without its id: the id counts the two parties' deals, theirs to know.
    ctx.emit("DealCompleted", **{k: v for k, v in deal.public().items()
                                 if k not in ("expires", "deal")})


register("accept_deal", _check_accept, _accept)


def _close(ctx: Ctx, deal: Deal, how: str) -> None:
    ctx.s.deals.remove(deal)
    ctx.emit("DealClosed", private=[deal.proposer, deal.to], deal=deal.id, how=how)


def _check_decline(ctx: Ctx, a: act.DeclineDeal) -> None:
    live(ctx)
    seated(ctx, a.player)
    if find(ctx, a.deal, a.player).to != a.player:
        raise IllegalAction("this deal was not offered to you")


def _check_withdraw(ctx: Ctx, a: act.WithdrawDeal) -> None:
    live(ctx)
    seated(ctx, a.player)
    if find(ctx, a.deal, a.player).proposer != a.player:
        raise IllegalAction("this is not your offer")


register("decline_deal", _check_decline, lambda ctx, a: _close(ctx, find(ctx, a.deal), "declined"))
register("withdraw_deal", _check_withdraw,
         lambda ctx, a: _close(ctx, find(ctx, a.deal), "withdrawn"))


def _check_expire(ctx: Ctx, a: act.ExpireDeal) -> None:
    live(ctx)
    if a.now < find(ctx, a.deal).expires:
        raise IllegalAction("the deal's time has not run out")


register("expire_deal", _check_expire, lambda ctx, a: _close(ctx, find(ctx, a.deal), "expired"))


def forget(ctx: Ctx, seat: int) -> None:
    """Drop every open deal ``seat`` is a party to (they went bankrupt)."""
    for deal in [d for d in ctx.s.deals if seat in (d.proposer, d.to)]:
        _close(ctx, deal, "lapsed")
