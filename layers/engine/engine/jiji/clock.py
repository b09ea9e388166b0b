"""The end of the game: the last player standing, or the game clock and wealth; saving
(pausing) and resuming a game's clocks.

Sources: rulebook "How to Play" ("You can play until only one player remains who has not gone
bankrupt ... OR you can set a duration"), "Time Limit" and "End of Game" ("Each player then
calculates their wealth: by counting their banknotes; by calculating the value of their
districts ... equal to the value of the rent that another player would pay on landing on that
space ... The richest player wins the game!"). Decisions file "End": the table chooses at
creation; when the clock runs out (after any open auction closes) wealth is cash plus the
rent value of every district (a mortgaged one counts 0).

House: the clock starts with the game's first roll (the unit is switched on, then the first
player rolls), so its end is fixed from that roll's ``now``. Equal wealth: more cash wins;
still equal, no single winner. A saved game stops every timer (clock, auction, deals) and
resuming restarts them with the time they had left.
"""

from __future__ import annotations

from engine.core import GameOver, IllegalAction
from engine.jiji import actions as act
from engine.jiji.auction import settle_auction
from engine.jiji.flow import Ctx, live, register, upper
from engine.jiji.rent import districts_value, wealth


def start(ctx: Ctx) -> None:
    """Start the game clock at the game's first roll (a clock table only)."""
    s = ctx.s
    if s.options.end != "clock" or s.clock_end is not None or ctx.now is None:
        return
    s.clock_end = ctx.now + s.options.clock_seconds
    s.clock_id = s.next_id()
    ctx.emit("ClockStarted", ends=s.clock_end, seconds=s.options.clock_seconds)


def running(ctx: Ctx) -> bool:
    """Whether a game clock is counting down."""
    return ctx.s.clock_end is not None and ctx.s.over is None


def ran_out(ctx: Ctx, now: int) -> bool:
    """Whether the game clock has run out at ``now``."""
    s = ctx.s
    return s.clock_end is not None and s.over is None and now >= s.clock_end


def standings(ctx: Ctx) -> list[dict]:
    """Every seat's wealth (M): cash, districts' rent value, wealth; bankrupt seats count 0."""
    s, b = ctx.s, ctx.b
    out = []
    for seat, p in enumerate(s.players):
        if p.out:
            out.append({"player": seat, "cash": 0, "districts": 0, "wealth": 0, "out": True})
            continue
        out.append({"player": seat, "cash": p.cash, "districts": districts_value(b, s, seat),
                    "wealth": wealth(b, s, seat), "out": False})
    return out


def finish(ctx: Ctx, termination: str) -> None:
    """End the game: the last seat standing wins a ``"bankruptcy"`` end; the richest (then the
    one with more cash) a ``"clock"`` end. Open auctions, queued bank auctions and deals
    lapse."""
    s = ctx.s
    table = standings(ctx)
    active = [row for row in table if not row["out"]]
    if termination == "bankruptcy" and len(active) == 1:
        winner = active[0]["player"]
    else:
        best = max(active, key=lambda r: (r["wealth"], r["cash"]))
        ties = [r for r in active if (r["wealth"], r["cash"]) == (best["wealth"], best["cash"])]
        winner = best["player"] if len(ties) == 1 else None
    s.auction = None
    s.queue = []
    s.deals = []
    s.over = {"termination": termination, "winner": winner, "standings": table}
    ctx.emit("GameFinished", winner=winner, termination=termination, turn=s.turn,
             standings=table)


def _check_end(ctx: Ctx, a: act.EndGame) -> None:
    live(ctx)
    s = ctx.s
    if s.clock_end is None:
        raise IllegalAction("this game has no running clock")
    if a.now < s.clock_end:
        raise IllegalAction("the game clock has not run out")
    if s.auction is not None and a.now < s.auction.close:
        raise IllegalAction("the open auction closes first")


def _end(ctx: Ctx, a: act.EndGame) -> None:
    if ctx.s.auction is not None:
        settle_auction(ctx)
    finish(ctx, "clock")


register("end_game", _check_end, _end)


def _check_pause(ctx: Ctx, a: act.Pause) -> None:
    live(ctx)


def _pause(ctx: Ctx, a: act.Pause) -> None:
    ctx.s.paused_at = a.now
    ctx.emit("ClocksStopped", at=a.now)


def _check_resume(ctx: Ctx, a: act.Resume) -> None:
    s = ctx.s
    if s.over is not None:
        raise GameOver("the game is over")
    if s.paused_at is None:
        raise IllegalAction("the game is not saved")
    if a.now < s.paused_at:
        raise IllegalAction("resumed before it was saved")


def _resume(ctx: Ctx, a: act.Resume) -> None:
    """Every timer moves on by the time the game stood saved."""
    s = ctx.s
    shift = a.now - s.paused_at  # type: ignore[operator]  # _check_resume: the game is saved
    s.paused_at = None
    if s.clock_end is not None:
        s.clock_end += shift
    if s.auction is not None:
        s.auction.close += shift
        s.auction.opened += shift
    for deal in s.deals:
        deal.expires += shift
    ctx.emit("ClocksRestarted", at=a.now, shift=shift,
             clock_ends=s.clock_end, auction_closes=s.auction.close if s.auction else None)


register("pause", _check_pause, _pause)
register("resume", _check_resume, _resume)


upper("clock", start, finish, ran_out)
