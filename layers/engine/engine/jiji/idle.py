"""Idle turns: what the table does when the turn holder leaves a decision past the table's idle
timeout.

Brief (issue 18, "How the interface maps to Jiji"): the deadline action ends the turn without
the absent player losing anything they had not chosen: roll if not rolled, an unowned district
they landed on goes to auction as the rules require (rulebook: "if you do not wish to buy it
... you MUST put it up for auction"), never bankrupt them voluntarily.

So the table rolls (and rolls again after a double, as the rules oblige; in jail it tries for
doubles), opens the auction of an unowned district without a bid of the absent player's,
places no permit building and no block, pays a rent demanded of a holder of the exemption card
when their cash covers it (else plays the card), and ends the turn. It never buys, builds,
mortgages, jumps, pays a fine or answers a deal. A payment the player cannot make waits for
them; an auction it opens runs its time and the table goes on afterwards.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.jiji import actions as act
from engine.jiji import auction, board
from engine.jiji.flow import Ctx, after_landing, live, next_turn, pay_debts, register, upper

MAX_STEPS = 64


def autoplay(ctx: Ctx) -> None:
    """Play the turn holder's turn out by the table (see the module doc) until it passes, or an
    auction or a debt makes the game wait."""
    s = ctx.s
    for _ in range(MAX_STEPS):
        if not s.auto or s.over is not None or s.auction is not None or s.debts \
                or s.paused_at is not None:
            return
        seat = s.cur
        phase = s.phase
        if phase == "roll":
            board._roll(ctx, act.make(act.Roll, player=seat, now=ctx.now or 0))
        elif phase == "buy":
            if ctx.now is None:
                return  # the auction needs the time: the next idle deadline opens it
            space = s.players[seat].pos
            after_landing(ctx)
            auction.open_auction(ctx, space, seat, 0, "landing")
        elif phase == "permit":
            ctx.emit("PermitUnused", player=seat)
            after_landing(ctx)
        elif phase == "exemption":
            _owner, amount, _space = s.rent  # type: ignore[misc]  # the exemption phase has a rent due
            if s.players[seat].cash >= amount:
                board._pay_rent(ctx, act.make(act.PayRent, player=seat))
            else:
                board._use_exemption(ctx, act.make(act.UseExemption, player=seat))
        elif phase in ("place", "free_block"):
            ctx.emit("BuildDeclined", player=seat)
            s.grant = 0
            s.free_kind = None
            s.phase = "turn"
        elif s.again:
            board._roll(ctx, act.make(act.Roll, player=seat, now=ctx.now or 0))
        else:
            next_turn(ctx)
            return
        pay_debts(ctx)


def _check(ctx: Ctx, a: act.IdleEnd) -> None:
    live(ctx)
    s = ctx.s
    if s.auction is not None or s.debts:
        raise IllegalAction("the game is not waiting for the turn holder")
    if a.player != s.cur or a.decision != s.did:
        raise IllegalAction("that decision is no longer pending")


def _idle(ctx: Ctx, a: act.IdleEnd) -> None:
    s = ctx.s
    ctx.emit("TurnTimedOut", player=a.player, decision=a.decision, phase=s.phase)
    s.auto = True
    autoplay(ctx)


register("idle_end", _check, _idle)


upper("idle", autoplay)
