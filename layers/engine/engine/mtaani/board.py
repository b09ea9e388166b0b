"""Movement around the board, Payday and revolutions, and what landing on each tile does.

Sources (``shared/seeds/000_fe1744ded917b034.txt``): "Flow of play" (dice, doubles, Payday,
revolutions), "The bank and the money supply" (ATM), "Special Tiles" (PAYE, Fortune, Mtaani,
Mathree), "Economy and fees" (landing on properties), "Jail" (trespassing), "The seedy side"
(mugging).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import rng
from engine.context import Hooks
from engine.mtaani import properties as prop
from engine.mtaani.flow import POOL, Ctx, step
from engine.mtaani.state import Step, step_of

REVOLUTION_HOOKS: Hooks[Callable[[Ctx, int], None]] = Hooks()
"""Called with the revolution number when a revolution completes (table-wide effects)."""
PAYDAY_HOOKS: Hooks[Callable[[Ctx, int], None]] = Hooks()
"""Called with the seat each time a player passes (or lands on) Payday."""
SALARY_PERCENT_HOOKS: Hooks[Callable[[Ctx], int]] = Hooks()
"""Table-wide salary modifiers: each returns a percentage (100 = unchanged)."""
ATM_PERCENT_HOOKS: Hooks[Callable[[Ctx], int]] = Hooks()
"""Table-wide ATM-amount modifiers: each returns a percentage."""
TAX_PERCENT_HOOKS: Hooks[Callable[[Ctx], int]] = Hooks()
"""Table-wide PAYE modifiers: each returns a percentage (0 = forgiven)."""
FEE_SUBSIDY_HOOKS: Hooks[Callable[[Ctx, int, int], int]] = Hooks()
"""``(ctx, tile, fee) -> SFR`` the pool pays the owner instead of the visitor (rent subsidy)."""
FEE_SKIM_HOOKS: Hooks[Callable[[Ctx, int, int, int], list[tuple[int, int]]]] = Hooks()
"""``(ctx, owner, tile, fee) -> [(seat, SFR)]`` taken from the owner's share (the Syndicate)."""


def scaled(amount: int, percents: list[int]) -> int:
    """``amount`` after each percentage in turn, to the nearest SFR."""
    for percent in percents:
        if percent != 100:
            amount = (amount * percent + 50) // 100
    return amount


def move_forward(ctx: Ctx, player: int, steps: int, via: str, land: bool = True,
                 last: bool = False) -> None:
    """Move ``player`` forward ``steps`` tiles, paying salary when passing Payday, then queue
    the landing on the destination tile (unless ``land`` is false: a jump).

    ``last``: the caller's action does nothing after this move (the roll), so when nothing
    waits (no queued step, debt or decision, the game on) the landing is resolved at once:
    :func:`engine.mtaani.flow.advance` would run the queued landing next all the same."""
    p = ctx.s.players[player]
    book = ctx.book
    start = p.position
    end = (start + steps) % book.size
    laps = (start + steps) // book.size
    p.position = end
    if ctx.events is not None:
        ctx.events.append({"player": player, "start": start, "end": end, "steps": steps,
                           "via": via, "type": "Moved"})
    if laps:
        landed_on_payday = end == book.payday and steps > 0
        # Every lap past Payday pays the salary; landing exactly on it pays the landing salary.
        for lap in range(laps):
            exact = landed_on_payday and lap == laps - 1
            payday(ctx, player, exact=exact)
    # A revolution completed on the way may have sent the mover to jail (the scandal event):
    # then the token is in jail and the move's landing never happens.
    if land and not p.jail_turns:
        s = ctx.s
        if last and not s.queue and not s.debts and s.decision is None and s.winner is None \
                and s.termination is None:
            land_on(ctx, player, end)  # what advance does with the one step queued
        else:
            s.queue.insert(0, step_of("land", player, end))


def move_to(ctx: Ctx, player: int, tile: int, via: str) -> None:
    """Move ``player`` forward to ``tile`` (salary when passing Payday) and queue the landing."""
    start = ctx.s.players[player].position
    steps = (tile - start) % ctx.book.size
    if steps == 0:
        ctx.emit("Moved", player=player, start=start, end=tile, steps=0, via=via)
        ctx.then("land", player, tile=tile)
        return
    move_forward(ctx, player, steps, via)


def move_back(ctx: Ctx, player: int, steps: int, via: str) -> None:
    """Move ``player`` back ``steps`` tiles (never pays salary) and queue the landing."""
    p = ctx.s.players[player]
    start = p.position
    p.position = (start - steps) % ctx.book.size
    ctx.emit("Moved", player=player, start=start, end=p.position, steps=-steps, via=via)
    ctx.then("land", player, tile=p.position)


def place(ctx: Ctx, player: int, tile: int, via: str) -> None:
    """Put ``player``'s token on ``tile`` directly: no salary, no landing effects."""
    p = ctx.s.players[player]
    start = p.position
    p.position = tile
    ctx.emit("Moved", player=player, start=start, end=tile, steps=0, via=via)


def salary(ctx: Ctx, exact: bool) -> int:
    """The Payday salary in SFR: passing pays the salary, landing exactly pays the multiple."""
    rules = ctx.rules.payday
    amount = rules.salary * (rules.landing_multiplier if exact else 1)
    return scaled(amount, [hook(ctx) for hook in SALARY_PERCENT_HOOKS])


def payday(ctx: Ctx, player: int, exact: bool) -> None:
    """``player`` passes (or lands on) Payday: salary from the pool, then the revolution clock."""
    ctx.pay_out(player, salary(ctx, exact), "salary_landing" if exact else "salary")
    p = ctx.s.players[player]
    p.laps += 1
    p.passed_payday = True
    for hook in PAYDAY_HOOKS:
        hook(ctx, player)
    check_revolution(ctx)


def check_revolution(ctx: Ctx) -> None:
    """Count a revolution once every active player has passed Payday since the last one.

    A bankrupt player stops counting at once (decisions file), so this runs after a
    bankruptcy as well as after each Payday.
    """
    s = ctx.s
    active = 0
    for p in s.players:
        if not p.bankrupt:
            if not p.passed_payday:
                return
            active += 1
    if active < 2:
        return
    for p in s.players:
        p.passed_payday = False
    s.revolutions += 1
    if ctx.events is not None:  # (net worths are only worked out for the event)
        ctx.emit("RevolutionCompleted", revolution=s.revolutions, net_worth=prop.net_worths(ctx))
    for hook in REVOLUTION_HOOKS:
        hook(ctx, s.revolutions)


# ---------------------------------------------------------------------------- landing
@step("land")
def land(ctx: Ctx, item: Step) -> None:
    """Resolve landing on ``item.tile`` (:func:`land_on`)."""
    land_on(ctx, item.player, item.tile)  # type: ignore[arg-type]  # a land step names its tile


def land_on(ctx: Ctx, player: int, tile: int) -> None:
    """Resolve ``player``'s landing on ``tile``: on the seedy side the mugging comes first
    (on the spot), then the tile's own effect."""
    if ctx.book.side_of[tile] == "seedy":
        # The mugging, then the tile's effect, run here rather than as the queued "mugging"
        # and "tile" steps: the queue would run them next all the same (no debt or decision
        # is pending while a step runs, and a mugging takes only cash the player holds: no
        # debt, no decision, no bankruptcy comes between them).
        mug(ctx, player, tile)
    LANDING[ctx.book.tiles[tile].kind](ctx, player, tile)


@step("tile")
def resolve_tile(ctx: Ctx, item: Step) -> None:
    """The landing effect of ``item.tile``'s kind (see :data:`LANDING`)."""
    LANDING[ctx.book.tiles[item.tile].kind](ctx, item.player, item.tile)  # type: ignore[index, arg-type]  # a tile step names its tile


def _land_property(ctx: Ctx, player: int, tile: int) -> None:
    owner = ctx.s.props[tile].owner
    if owner is None:
        ctx.decide(player, "buy", tile)
        return
    if owner == player:
        return
    fee = prop.fee(ctx, tile)
    if fee > 0:
        collect_fee(ctx, player, owner, tile, fee)
    if ctx.book.side_of[tile] == "rich":
        s = ctx.s
        if not s.queue and not s.debts and s.decision is None:
            # Nothing waits (the fee was paid, nothing is queued behind this landing): the
            # queued step would run next all the same (see move_forward's ``last``).
            trespass_on(ctx, player, tile)
        else:
            s.queue.insert(0, step_of("trespass", player, tile))


def collect_fee(ctx: Ctx, visitor: int, owner: int, tile: int, fee: int) -> None:
    """The visitor pays ``fee`` for ``tile``: any subsidy comes from the pool instead, any skim
    goes to its holder out of the owner's share; the rest goes to the owner."""
    subsidy = 0
    hook: Callable[[Ctx, int, int], int] | Callable[[Ctx, int, int, int], list[tuple[int, int]]]
    for hook in FEE_SUBSIDY_HOOKS:
        subsidy += hook(ctx, tile, fee)
    if subsidy > fee:  # min(fee, subsidy), without the call (once per fee paid)
        subsidy = fee
    skims: Sequence[tuple[int, int]] = ()
    for hook in FEE_SKIM_HOOKS:
        cuts = hook(ctx, owner, tile, fee)
        if cuts:
            skims = [*skims, *cuts]
    visitor_pays = fee - subsidy
    to_owner = visitor_pays - sum(amount for _, amount in skims) if skims else visitor_pays
    ctx.charge(visitor, owner, to_owner, "fee", tile)
    for holder, amount in skims:
        if holder != visitor:  # a skimmer visiting keeps their own cut: they pay the owner's share
            ctx.charge(visitor, holder, amount, "fee_skim", tile)
    if subsidy:
        ctx.pay_out(owner, subsidy, "fee_subsidy", tile=tile)


def _land_payday(ctx: Ctx, player: int, tile: int) -> None:
    """Landing on Payday was paid while moving (see :func:`move_forward`)."""


def _land_nothing(ctx: Ctx, player: int, tile: int) -> None:
    """Jail (just visiting) and tiles whose effects come later in this file's hooks."""


def _land_atm(ctx: Ctx, player: int, tile: int) -> None:
    amount = scaled(ctx.rules.atm.amount, [hook(ctx) for hook in ATM_PERCENT_HOOKS])
    ctx.pay_out(player, amount, "atm", tile=tile)


def _land_paye(ctx: Ctx, player: int, tile: int) -> None:
    cash = ctx.s.players[player].cash
    tax = scaled(percent_of(cash, ctx.rules.paye.percent), [hook(ctx) for hook in TAX_PERCENT_HOOKS])
    ctx.charge(player, POOL, tax, "paye", tile)


def _land_fortune(ctx: Ctx, player: int, tile: int) -> None:
    ctx.decide(player, "deck", tile)


def _land_mtaani(ctx: Ctx, player: int, tile: int) -> None:
    ctx.then("draw", player, tile=tile, card="mtaani")


def _land_mathree(ctx: Ctx, player: int, tile: int) -> None:
    ctx.then("draw", player, tile=tile, card="mathree")


LANDING: dict[str, Callable[[Ctx, int, int], None]] = {
    "property": _land_property,
    "payday": _land_payday,
    "jail": _land_nothing,
    "atm": _land_atm,
    "paye": _land_paye,
    "fortune": _land_fortune,
    "mtaani": _land_mtaani,
    "mathree": _land_mathree,
    "municipal": _land_nothing,
}
"""Tile kind -> landing handler; rule modules may replace entries (e.g. Municipal)."""


def percent_of(amount: int, percent: int) -> int:
    """``percent`` % of ``amount`` SFR, rounded to the nearest SFR (halves up)."""
    return (amount * percent + 50) // 100


def is_local(ctx: Ctx, player: int, side: str) -> bool:
    """Whether ``player`` counts as a local on ``side`` (exempt from trespass or mugging).

    Current rules: owning a complete residential hood wholly on that side. Classic preset:
    owning any one property on that side.
    """
    props, book = ctx.s.props, ctx.book
    if ctx.rules.locals.exemption == "any_property":
        return any(props[i].owner == player for i in book.properties if book.side_of[i] == side)
    for set_id in book.hoods_on.get(side, ()):
        for i in book.set_tiles[set_id]:
            if props[i].owner != player:
                break
        else:
            return True  # a complete hood on that side
    return False


@step("mugging")
def mugging(ctx: Ctx, item: Step) -> None:
    """The queued mugging of ``item.player`` on ``item.tile`` (:func:`mug`)."""
    mug(ctx, item.player, item.tile)  # type: ignore[arg-type]  # a mugging step names its tile


def mug(ctx: Ctx, player: int, tile: int) -> None:
    """Seedy side: a 10% chance of losing a random 5-15% of cash, rounded to the nearest 1,000,
    to the pool; locals and players holding under 100,000 are left alone."""
    rules = ctx.rules.locals
    p = ctx.s.players[player]
    if p.cash < rules.mugging_min_cash or is_local(ctx, player, "seedy"):
        return
    if not rng.chance(ctx.s, "mugging", rules.mugging_percent):
        return
    pct = rng.randint(ctx.s, "mugging_percent", rules.mugging_min_percent, rules.mugging_max_percent)
    unit = rules.mugging_rounding
    loss = (p.cash * pct // 100 + unit // 2) // unit * unit
    loss = min(loss, p.cash)
    ctx.emit("Mugged", player=player, tile=tile, percent=pct, amount=loss)
    ctx.transfer(player, POOL, loss, "mugging", tile=tile)


@step("trespass")
def trespass(ctx: Ctx, item: Step) -> None:
    """The queued trespass of ``item.player`` on ``item.tile`` (:func:`trespass_on`)."""
    trespass_on(ctx, item.player, item.tile)  # type: ignore[arg-type]  # a trespass step names its tile


def trespass_on(ctx: Ctx, player: int, tile: int) -> None:
    """Rich side: after the fee is paid, a 10% chance of arrest for a random 2-5 turns; locals
    are exempt there."""
    rules = ctx.rules
    if is_local(ctx, player, "rich"):
        return
    if not rng.chance(ctx.s, "arrest", rules.locals.trespass_percent):
        return
    turns = rng.randint(ctx.s, "arrest_turns", rules.jail.arrest_min_turns, rules.jail.arrest_max_turns)
    SEND_TO_JAIL[0](ctx, player, turns, "trespass")


SEND_TO_JAIL: list = []
"""``send_to_jail(ctx, player, turns, reason)``, put here by :mod:`engine.mtaani.jail` when it
is imported: the jail's rules sit above the board (they move the token), so the board reaches
them through this hook instead of importing them."""


def dice_total(ctx: Ctx, dice: list[int]) -> int:
    """How far a roll moves the token (table-wide effects may scale it)."""
    total = sum(dice)
    for hook in DICE_HOOKS:
        total = hook(ctx, total)
    return total


DICE_HOOKS: Hooks[Callable[[Ctx, int], int]] = Hooks()
"""Table-wide modifiers of the distance rolled: ``hook(ctx, total) -> total``."""
