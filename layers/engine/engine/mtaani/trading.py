"""Trades, trade points, the no-trade charge and the Chamber of Commerce.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, "Trading and the no-trade rule": trades
combine cash, properties, insurance and special cards; both sides see exactly what changes
hands before accepting; a player marks themselves open or closed to offers; if no player holds a
complete portfolio and no set can be completed without a trade, every player pays a 200,000
no-trade charge at each revolution until a complete portfolio appears; every completed trade
earns both parties a trade point; every 5th revolution a Chamber of Commerce official visits and
each active player spends a banked trade point or pays the same charge; both climb with the
late-game scaling of large Mtaani cards (125% at revolution 10, 150% at 20, ...).
Classic preset: a 100,000 no-trade penalty, no trade points, no Chamber of Commerce.

House values: a property changes hands only when no property of its set has units (sell them
first, as for a mortgage); a mortgaged property changes hands with its mortgage; renovations
stay with the property; a player may have 3 offers open. A player who owes a payment they could
not cover trades only to raise cash for it (:func:`debtor_problem`): the guide's "raise the
shortfall — borrow, mortgage, sell units, or trade", not a way to empty the estate before
declaring bankruptcy.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mtaani import board, flow
from engine.mtaani.actions import AcceptTrade, DeclineTrade, ProposeTrade, SetTradeOpen, TradeItems
from engine.mtaani.bankruptcy import BANKRUPTCY_HOOKS
from engine.mtaani.cards import late_percent
from engine.mtaani.flow import POOL, Ctx, action_rule
from engine.mtaani.properties import owned, set_units, sets_with_units
from engine.mtaani.specials import price
from engine.mtaani.state import TradedProperty, TradeOffer


def tradeable(ctx: Ctx, player: int, tile: int) -> str | None:
    """Why ``player`` cannot hand over ``tile`` now, or ``None`` when they can."""
    if tile not in ctx.s.props:
        return f"tile {tile} is not a property"
    if ctx.s.props[tile].owner != player:
        return f"seat {player} does not own {ctx.book.name(tile)}"
    if any(set_units(ctx, ctx.book.set_of[tile])):
        return f"sell the units in {ctx.book.name(tile)}'s set before trading it"
    return None


def side_problem(ctx: Ctx, player: int, items: TradeItems) -> str | None:
    """Why ``player`` cannot hand over ``items`` now, or ``None``."""
    p = ctx.s.players[player]
    if items.cash > p.cash:
        return f"seat {player} holds less than {items.cash:,} SFR"
    if len(set(items.properties)) != len(items.properties):
        return "a property is listed twice"
    for tile in items.properties:
        problem = tradeable(ctx, player, tile)
        if problem:
            return problem
    if items.insurance > p.insurance:
        return f"seat {player} holds {p.insurance} insurance cards"
    if len(set(items.specials)) != len(items.specials):
        return "a special card is listed twice"
    for card in items.specials:
        if ctx.s.specials.get(card) != player:
            return f"seat {player} does not hold the {card} card"
    return None


def handed_worth(ctx: Ctx, seat: int, items: TradeItems) -> int:
    """What ``items`` (besides their cash) are worth to the creditor of ``seat``, who owes a
    payment, SFR: each property at its mortgage value (nothing when mortgaged: what bankruptcy
    would pay for it), each insurance card at what ``seat`` owes (a card covers the whole
    payment), each special card at its bank price."""
    owed = sum(d.amount for d in ctx.s.debts if d.debtor == seat)
    props = ctx.s.props
    return (sum(ctx.book.mortgage[t] for t in items.properties if not props[t].mortgaged)
            + items.insurance * owed + sum(price(ctx, card) for card in items.specials))


def debtor_problem(ctx: Ctx, seat: int, gives: TradeItems, gets: TradeItems) -> str | None:
    """Why ``seat``, owing a payment they could not cover, cannot make this trade, or ``None``.

    A debtor trades to raise cash: the cash they receive less the cash they give must be more
    than nothing and at least :func:`handed_worth` of what else they give (what they receive
    besides cash counts for nothing until the payment is settled). House rule for
    ``shared/seeds/000_fe1744ded917b034.txt``, "Loans and mortgages"; docs/rules.md."""
    if not flow.owes(ctx, seat):
        return None
    raised = gets.cash - gives.cash
    worth = handed_worth(ctx, seat, gives)
    if raised <= 0 or raised < worth:
        return (f"seat {seat} owes a payment they could not cover, so a trade must raise cash "
                f"for it: at least {max(worth, 1):,} SFR more received than paid for what they "
                f"hand over")
    return None


def _empty(items: TradeItems) -> bool:
    return not (items.cash or items.properties or items.insurance or items.specials)


def trade_problem(ctx: Ctx, proposer: int, to: int, give: TradeItems, get: TradeItems) -> str | None:
    """Why this trade cannot happen now, or ``None``."""
    if to == proposer:
        return "you cannot trade with yourself"
    if _empty(give) and _empty(get):
        return "a trade must hand something over"
    if (give.specials or get.specials) and not ctx.rules.specials.enabled:
        return "this table has no special cards"
    for seat, items in ((proposer, give), (to, get)):
        problem = side_problem(ctx, seat, items)
        if problem:
            return problem
    for seat, gives, gets in ((proposer, give, get), (to, get, give)):
        problem = debtor_problem(ctx, seat, gives, gets)
        if problem:
            return problem
    limit = len(ctx.s.players)
    for seat, gains, loses in ((proposer, get, give), (to, give, get)):
        if ctx.s.players[seat].insurance - loses.insurance + gains.insurance > limit:
            return f"a player may hold at most {limit} insurance cards"
    return None


propose = action_rule(ProposeTrade, "free")


@propose.checker
def _check_propose(ctx: Ctx, a: ProposeTrade) -> None:
    flow.require_seated(ctx, a.to, other=True)
    if not ctx.s.players[a.to].trade_open:
        raise IllegalAction("that player is closed to trade offers")
    limit = ctx.rules.trades.max_open_offers
    if sum(1 for t in ctx.s.trades if t.proposer == a.player) >= limit:
        raise IllegalAction(f"you already have {limit} trade offers open")
    problem = trade_problem(ctx, a.player, a.to, a.give, a.get)
    if problem:
        raise IllegalAction(problem)


def shown(ctx: Ctx, give: TradeItems, get: TradeItems) -> list[TradedProperty]:
    """The traded properties as they stand now (mortgage, renovations): what the offer shows."""
    return [TradedProperty(tile=t, mortgaged=ctx.s.props[t].mortgaged,
                           renovations=ctx.s.props[t].renovations)
            for t in [*give.properties, *get.properties]]


@propose.performer
def _propose(ctx: Ctx, a: ProposeTrade) -> None:
    s = ctx.s
    offer = TradeOffer(id=s.offer_id(a.player, a.to), proposer=a.player, to=a.to, give=a.give,
                       get=a.get, shown=shown(ctx, a.give, a.get))
    s.trades.append(offer)
    ctx.emit("TradeOffered", trade=offer.id, proposer=a.player, to=a.to,
             give=a.give.model_dump(), get=a.get.model_dump(),
             properties=[p.model_dump() for p in offer.shown], private=[a.player, a.to])


@propose.lister
def _list_propose(ctx: Ctx, player: int) -> list:
    return []


def holdings(ctx: Ctx, seat: int) -> dict:
    """What ``seat`` could hand over in a trade now: the most cash, tradeable properties,
    insurance cards and special cards held."""
    p = ctx.s.players[seat]
    built, set_of = sets_with_units(ctx), ctx.book.set_of
    return {"cash": p.cash,
            "properties": [t for t in owned(ctx, seat) if set_of[t] not in built],
            "insurance": p.insurance,
            "specials": [c for c, holder in ctx.s.specials.items() if holder == seat]}


@propose.describer
def _spec_propose(ctx: Ctx, player: int) -> dict | None:
    """``to``: seats open to offers; ``give``: what ``player`` may hand over; ``get``: per seat,
    what it may hand over (the items of :class:`TradeItems`)."""
    if sum(1 for t in ctx.s.trades if t.proposer == player) >= ctx.rules.trades.max_open_offers:
        return None
    to = [i for i in ctx.active_seats() if i != player and ctx.s.players[i].trade_open]
    if not to:
        return None
    return {"to": to, "give": holdings(ctx, player),
            "get": {str(i): holdings(ctx, i) for i in to},
            "max_insurance_held": len(ctx.s.players)}


def _trade(ctx: Ctx, trade_id: int, party: int | None = None) -> TradeOffer:
    """The open offer ``trade_id``; with ``party``, only if that seat proposed it or received
    it (to anyone else an offer between two others does not exist: offers are private)."""
    for offer in ctx.s.trades:
        if offer.id == trade_id and party in (None, offer.proposer, offer.to):
            return offer
    raise IllegalAction(f"there is no open trade offer {trade_id}")


accept = action_rule(AcceptTrade, "free", fields=("trade",))


@accept.checker
def _check_accept(ctx: Ctx, a: AcceptTrade) -> None:
    offer = _trade(ctx, a.trade, a.player)
    if offer.to != a.player:
        raise IllegalAction("only the player the offer was made to can accept it")
    flow.require_seated(ctx, offer.proposer)
    problem = trade_problem(ctx, offer.proposer, offer.to, offer.give, offer.get)
    if problem:
        raise IllegalAction(f"this trade can no longer happen: {problem}")
    for was, now in zip(offer.shown, shown(ctx, offer.give, offer.get), strict=True):
        if was != now:
            raise IllegalAction(f"this trade can no longer happen as offered: "
                                f"{ctx.book.name(was.tile)} has changed since (mortgage or "
                                f"renovation); ask for a new offer")


def _hand_over(ctx: Ctx, src: int, dst: int, items: TradeItems, trade_id: int) -> None:
    s = ctx.s
    if items.cash:
        ctx.transfer(src, dst, items.cash, "trade", extra={"trade": trade_id})
    for tile in items.properties:
        s.props[tile].owner = dst
        s.props[tile].since = s.revolutions
    s.players[src].insurance -= items.insurance
    s.players[dst].insurance += items.insurance
    for card in items.specials:
        s.specials[card] = dst


@accept.performer
def _accept(ctx: Ctx, a: AcceptTrade) -> None:
    s = ctx.s
    offer = _trade(ctx, a.trade)
    s.trades.remove(offer)
    _hand_over(ctx, offer.proposer, offer.to, offer.give, offer.id)
    _hand_over(ctx, offer.to, offer.proposer, offer.get, offer.id)
    if ctx.rules.trades.enabled_points:
        s.players[offer.proposer].trade_points += 1
        s.players[offer.to].trade_points += 1
    ctx.emit("TradeCompleted", trade=offer.id, proposer=offer.proposer, to=offer.to,
             give=offer.give.model_dump(), get=offer.get.model_dump())


@accept.lister
def _list_accept(ctx: Ctx, player: int) -> list[AcceptTrade]:
    make = accept.make
    return [make(player, t.id) for t in ctx.s.trades if t.to == player]


decline = action_rule(DeclineTrade, "free", fields=("trade",))


@decline.checker
def _check_decline(ctx: Ctx, a: DeclineTrade) -> None:
    _trade(ctx, a.trade, a.player)


@decline.performer
def _decline(ctx: Ctx, a: DeclineTrade) -> None:
    offer = _trade(ctx, a.trade)
    ctx.s.trades.remove(offer)
    ctx.emit("TradeClosed", trade=offer.id, by=a.player,
             how="withdrawn" if a.player == offer.proposer else "declined",
             private=[offer.proposer, offer.to])


@decline.lister
def _list_decline(ctx: Ctx, player: int) -> list[DeclineTrade]:
    make = decline.make
    return [make(player, t.id) for t in ctx.s.trades if player in (t.proposer, t.to)]


set_open = action_rule(SetTradeOpen, "free", fields=("open",))


@set_open.checker
def _check_set_open(ctx: Ctx, a: SetTradeOpen) -> None:
    if ctx.s.players[a.player].trade_open == a.open:
        raise IllegalAction(f"you are already {'open' if a.open else 'closed'} to trade offers")


@set_open.performer
def _set_open(ctx: Ctx, a: SetTradeOpen) -> None:
    ctx.s.players[a.player].trade_open = a.open
    ctx.emit("TradeOpenChanged", player=a.player, open=a.open)


@set_open.lister
def _list_set_open(ctx: Ctx, player: int) -> list[SetTradeOpen]:
    return [set_open.make(player, not ctx.s.players[player].trade_open)]


# ------------------------------------------------------------------------------- gridlock
def gridlocked(ctx: Ctx) -> bool:
    """No player holds a complete portfolio, and no set can be completed without a trade (a set
    can be when one player owns every owned tile of it, or nobody owns any)."""
    props = ctx.s.props
    for tiles in ctx.book.set_tiles.values():
        # A set with two owners or more needs a trade (and nobody holds it complete); one
        # with at most one owner can be completed without.
        first = None
        for t in tiles:
            owner = props[t].owner
            if owner is None:
                continue
            if first is None:
                first = owner
            elif owner != first:
                break
        else:
            return False
    return True


def charge_amount(ctx: Ctx, revolution: int) -> int:
    """The no-trade charge (and Chamber of Commerce fee) when ``revolution`` completes, SFR:
    200,000 with the large Mtaani cards' late-game scaling (250,000 at revolution 10, 300,000
    at 20, ...); classic: a flat 100,000."""
    rules = ctx.rules.trades
    if not rules.late_scaling:
        return rules.no_trade_charge
    return rules.no_trade_charge * late_percent(ctx, revolution) // 100


def _on_revolution(ctx: Ctx, revolution: int) -> None:
    rules = ctx.rules.trades
    amount = charge_amount(ctx, revolution)
    if gridlocked(ctx):
        ctx.emit("NoTradeCharge", revolution=revolution, amount=amount)
        for seat in ctx.active_seats():
            ctx.charge(seat, POOL, amount, "no_trade_charge")
    if rules.chamber and rules.chamber_every and revolution % rules.chamber_every == 0:
        ctx.emit("ChamberOfCommerce", revolution=revolution, amount=amount)
        for seat in ctx.active_seats():
            p = ctx.s.players[seat]
            if p.trade_points > 0:
                p.trade_points -= 1
                ctx.emit("TradePointSpent", player=seat, left=p.trade_points)
            else:
                ctx.charge(seat, POOL, amount, "chamber_of_commerce")


def _forget(ctx: Ctx, seat: int) -> None:
    ctx.s.trades = [t for t in ctx.s.trades if seat not in (t.proposer, t.to)]


board.REVOLUTION_HOOKS.append(_on_revolution)
BANKRUPTCY_HOOKS.append(_forget)
