"""Auctions: timed, with every seated player a bidder.

Sources: rulebook "The Spaces of the Board" (a district nobody owns: "if you do not wish to buy
it at the price shown, you MUST put it up for auction"; the AUCTIONS space: "You may ask the
bank to open an auction for any district that nobody owns"), "Auctions" ("The bidding starts
at the amount set by the player who decided to put this district up for auction, with a
minimum of M10k. Each player may make a bid higher than the current one at any time,
including the player who started the auction ... The player who made the highest bid when the
light goes out wins the district and pays the banker for it"), "Bankruptcy" (the bank puts a
bankrupt player's districts "immediately and individually up for auction").

Decisions file: the opener's opening bid is their own bid (M10k at least); a bank auction
opens at M10k with no bidder and a district nobody bids on stays unowned; the game waits while
an auction is open; a bid may not exceed the bidder's cash when made; if the winner cannot pay
at the close, the next highest bid that can be paid wins; a bid in the last 5% of the window
moves the close to the bid's time plus 5% of the window (no sniping), and always at least 1
second past the close it had. House: a bid beats the
current one by M10k at least and every bid is a multiple of M10k; a player holding the highest
bid does not bid over themselves; an opener holding less than M10k opens without a bid.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.jiji import actions as act
from engine.jiji.data import Book
from engine.jiji.flow import (
    BANK,
    UPPER,
    Ctx,
    after_landing,
    amount_in_steps,
    live,
    register,
    seated,
    turn_holder,
)
from engine.jiji.state import Auction


def minimum_next(ctx: Ctx) -> int:
    """The least bid the open auction takes now (M): M10k with no bid yet, else the current
    bid plus the minimum step."""
    a = ctx.s.auction
    if a is None or not a.bids:
        return ctx.b.minimum_bid
    return a.bid + ctx.b.minimum_step


def bidders(ctx: Ctx) -> list[int]:
    """Seats that may bid now: every seated player but the highest bidder, with the cash for
    the least bid."""
    s = ctx.s
    a = s.auction
    if a is None:
        return []
    least = minimum_next(ctx)
    return [i for i, p in enumerate(s.players)
            if not p.out and i != a.holder and p.cash >= least]


def snipe_extension(b: Book, window: int) -> int:
    """5% of the auction window (seconds, rounded up): the last stretch of the window in which
    a bid moves the close (times are whole seconds, so a bid stamped ``left`` seconds before
    the close was made between ``left - 1`` and ``left`` seconds before it: with ``left`` at
    most this, it may have been in the last 5%)."""
    return -(-window * b.snipe_percent // 100)


def extended_close(ctx: Ctx, close: int, window: int, now: int) -> int | None:
    """The close a bid at ``now`` moves the auction's ``close`` to, or ``None`` when it is
    not in the last 5% of the ``window`` (:func:`snipe_extension`). The close moves to the
    bid's time plus 5% of the window (decisions file, "Readings decided"), and at least 1
    second more than the time that was left, so a bid in the last 5% always moves it, whatever
    the window (decisions file, "Readings decided after the first conformance run": with a
    window of 10 to 20 seconds 5% rounds up to 1 second, no more than the time left)."""
    left = close - now
    extension = snipe_extension(ctx.b, window)
    if left > extension:
        return None
    return now + max(extension, left + 1)


def open_auction(ctx: Ctx, space: int, opener: int | None, opening: int, reason: str) -> None:
    """Open the auction of ``space`` at ``ctx.now`` for the table's auction length, with
    ``opening`` as ``opener``'s bid (0: no bid)."""
    s = ctx.s
    if ctx.now is None:
        raise AssertionError("opening an auction needs the time")
    base = s.auction_base()
    window = s.options.auction_seconds
    bids = [[opener, opening]] if opener is not None and opening > 0 else []
    s.auction = Auction(space, opener, bids, ctx.now, ctx.now + window, window, reason, base)
    ctx.emit("AuctionOpened", district=space, opener=opener, bid=opening if bids else 0,
             minimum=minimum_next(ctx), closes=ctx.now + window, reason=reason,
             due=ctx.now + window)


def _opening_problem(ctx: Ctx, seat: int, opening: int) -> str | None:
    cash = ctx.s.players[seat].cash
    if cash < ctx.b.minimum_bid:
        return None if opening == 0 else "with less than M10k you open without a bid (0)"
    if opening < ctx.b.minimum_bid:
        return "the opening bid is M10k at least"
    if opening % ctx.b.step:
        return "the opening bid must be a multiple of M10k"
    if opening > cash:
        return "the opening bid cannot exceed your cash"
    return None


def _check_auction(ctx: Ctx, a: act.Auction) -> None:
    turn_holder(ctx, a.player, "buy")
    problem = _opening_problem(ctx, a.player, a.opening_bid)
    if problem:
        raise IllegalAction(problem)


def _auction(ctx: Ctx, a: act.Auction) -> None:
    space = ctx.s.players[a.player].pos
    after_landing(ctx)
    open_auction(ctx, space, a.player, a.opening_bid, "landing")


register("auction", _check_auction, _auction)


def _check_auction_district(ctx: Ctx, a: act.AuctionDistrict) -> None:
    turn_holder(ctx, a.player, "turn")
    if not ctx.s.auction_space:
        raise IllegalAction("you are not on an Auction space this time")
    d = ctx.s.districts.get(a.district)
    if d is None or d.owner is not None:
        raise IllegalAction("choose a district nobody owns")
    problem = _opening_problem(ctx, a.player, a.opening_bid)
    if problem:
        raise IllegalAction(problem)


def _auction_district(ctx: Ctx, a: act.AuctionDistrict) -> None:
    ctx.s.auction_space = False
    open_auction(ctx, a.district, a.player, a.opening_bid, "space")


register("auction_district", _check_auction_district, _auction_district)


def _check_bid(ctx: Ctx, a: act.Bid) -> None:
    live(ctx)
    s = ctx.s
    auction = s.auction
    if auction is None:
        raise IllegalAction("no auction is open")
    seated(ctx, a.player)
    if a.now >= auction.close:
        raise IllegalAction("the auction has closed")
    if a.player == auction.holder:
        raise IllegalAction("you hold the highest bid")
    least = minimum_next(ctx)
    if a.amount < least:
        if auction.bids:  # someone bid as much or more first
            raise IllegalAction(f"outbid: the bid is now M{auction.bid:,}; bid M{least:,} at least")
        raise IllegalAction(f"bid M{least:,} at least")
    amount_in_steps(ctx, a.amount, "a bid")
    if a.amount > s.players[a.player].cash:
        raise IllegalAction("a bid cannot exceed your cash")


def _bid(ctx: Ctx, a: act.Bid) -> None:
    auction: Auction = ctx.s.auction  # type: ignore[assignment]  # _check_bid: an auction is open
    auction.bids.append([a.player, a.amount])
    extended = extended_close(ctx, auction.close, auction.window, a.now)
    if extended is not None:
        auction.close = extended
    ctx.emit("BidPlaced", player=a.player, district=auction.space, amount=a.amount,
             closes=auction.close, extended=extended is not None)


register("bid", _check_bid, _bid)


def settle_auction(ctx: Ctx) -> None:
    """Close the open auction: the highest bid its bidder can pay wins (they pay the bank and
    take the district); with none, the district stays unowned."""
    s = ctx.s
    auction: Auction = s.auction  # type: ignore[assignment]  # callers close an open auction
    s.auction = None
    winner, price = None, 0
    for seat, amount in reversed(auction.bids):
        p = s.players[seat]
        if not p.out and p.cash >= amount:
            winner, price = seat, amount
            break
    if winner is not None:
        ctx.transfer(winner, BANK, price, "auction", extra={"district": auction.space})
        s.districts[auction.space].owner = winner
    ctx.emit("AuctionClosed", district=auction.space, winner=winner, price=price,
             bids=len(auction.bids))


def open_next_bank_auction(ctx: Ctx) -> None:
    """Open the bank's next queued auction (after a bankruptcy to the bank), if any."""
    s = ctx.s
    while s.queue and s.auction is None:
        space = s.queue.pop(0)
        if s.districts[space].owner is None:
            open_auction(ctx, space, None, 0, "bank")


def _check_close(ctx: Ctx, a: act.CloseAuction) -> None:
    live(ctx)
    auction = ctx.s.auction
    if auction is None:
        raise IllegalAction("no auction is open")
    if a.now < auction.close:
        raise IllegalAction("the auction is still open")


def _close(ctx: Ctx, a: act.CloseAuction) -> None:
    settle_auction(ctx)
    if UPPER["clock.ran_out"](ctx, a.now):
        UPPER["clock.finish"](ctx, "clock")
        return
    open_next_bank_auction(ctx)


register("close_auction", _check_close, _close)

