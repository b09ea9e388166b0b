"""Global events: table-wide effects that start at revolution boundaries.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, "Global Events": a new event can begin only
after the previous one has ended, and at the earliest three revolutions after the last one
started; instant events resolve immediately, timed ones last the number of revolutions stated.
The twelve events and their figures are data (``nairobi.toml``); the classic preset enables the
first ten.

House values: the chance a new event starts at an eligible revolution boundary (35%) and the
weights (equal); "taxes are forgiven" suspends PAYE; "property values" are purchase prices;
a rent subsidy means the visitor pays 80% of the fee and the ATM pool pays the owner the other
20%; the scandal jails every active player.
"""

from __future__ import annotations

from engine import rng
from engine.mtaani import board, credit, insurance, jail, properties
from engine.mtaani.board import percent_of
from engine.mtaani.flow import POOL, Ctx
from engine.mtaani.state import ActiveEvent


def active(ctx: Ctx) -> str | None:
    """The id of the timed event in force, or ``None``."""
    return ctx.s.event.id if ctx.s.event is not None else None


def _figure(ctx: Ctx, event_id: str) -> int:
    return ctx.book.events[event_id].percent or 0


def _on_revolution(ctx: Ctx, revolution: int) -> None:
    s = ctx.s
    if s.event is not None and revolution >= s.event.ends_after:
        ctx.emit("GlobalEventEnded", event=s.event.id, revolution=revolution)
        s.event = None
    if s.event is not None or not ctx.book.events:
        return
    if s.last_event_started is not None and revolution - s.last_event_started < ctx.rules.events.min_gap:
        return
    if not rng.chance(s, "event", ctx.rules.events.start_percent):
        return
    pool = [e.id for e in ctx.book.events.values() for _ in range(e.weight)]
    start(ctx, rng.pick(s, "event_id", pool), revolution)


def start(ctx: Ctx, event_id: str, revolution: int) -> None:
    """Start global event ``event_id`` at ``revolution`` (instant ones resolve now)."""
    s, info = ctx.s, ctx.book.events[event_id]
    s.last_event_started = revolution
    ctx.emit("GlobalEventStarted", event=event_id, text=info.text, revolutions=info.revolutions,
             revolution=revolution)
    if info.revolutions:
        s.event = ActiveEvent(id=event_id, started=revolution, ends_after=revolution + info.revolutions)
        return
    seats = ctx.active_seats()
    if event_id == "scandal":
        for seat in seats:
            jail.send_to_jail(ctx, seat, info.turns or 1, "scandal")
    elif event_id == "oil":
        for seat in seats:
            ctx.pay_out(seat, info.amount or 0, "event_bonus")
    elif event_id == "austerity":
        for seat in seats:
            ctx.transfer(seat, POOL, percent_of(s.players[seat].cash, info.percent or 0), "event_levy")
    elif event_id == "amnesty":
        for seat in seats:
            if s.players[seat].jail_turns:
                jail.release(ctx, seat, "amnesty")
    elif event_id == "bank_run":
        credit.call_in_bank_loans(ctx)
    elif event_id == "coalition":
        insurance.reset_price(ctx)


def _salary(ctx: Ctx) -> int:
    event = ctx.s.event  # (active(ctx), spelled out as _fee does: at every Payday)
    return _figure(ctx, "recession") if event is not None and event.id == "recession" else 100


def _tax(ctx: Ctx) -> int:
    event = ctx.s.event
    return 0 if event is not None and event.id == "tax_amnesty" else 100


def _fee(ctx: Ctx, tile: int) -> int:
    event = ctx.s.event
    return 100 if event is None or event.id != "olympics" else _figure(ctx, "olympics")


def _price(ctx: Ctx, tile: int) -> int:
    event = ctx.s.event
    if event is None or event.id not in ("tech_hub", "crime_wave"):
        return 100
    return _figure(ctx, event.id)


def _subsidy(ctx: Ctx, tile: int, fee: int) -> int:
    event = ctx.s.event
    if event is None or event.id != "liberal_governor":
        return 0
    return percent_of(fee, _figure(ctx, "liberal_governor"))


board.REVOLUTION_HOOKS.append(_on_revolution)
board.SALARY_PERCENT_HOOKS.append(_salary)
board.TAX_PERCENT_HOOKS.append(_tax)
board.FEE_SUBSIDY_HOOKS.append(_subsidy)
properties.FEE_PERCENT_HOOKS.append(_fee)
properties.PRICE_PERCENT_HOOKS.append(_price)
