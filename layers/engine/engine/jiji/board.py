"""The track: rolling, moving, GO, and what each space does when a player lands on it.

Source: rulebook "How to Play" (steps A, B, C; "If you roll a double, play it, then roll
again"), "The Spaces of the Board" (a district nobody owns: buy it or it MUST go to auction;
another player's: pay the rent; your own: nothing unless it has a station; Industrial Tax;
Building Permit; Free Parking; Chance; Go to Jail), "Stations", "Free Parking and Jail" (the
rent exemption card) and the decisions file ("Readings decided": one station jump per
landing; the card is played at its holder's choice).
"""

from __future__ import annotations

from engine import rng
from engine.core import IllegalAction
from engine.jiji import actions as act
from engine.jiji.flow import BANK, UPPER, Ctx, after_landing, next_turn, register, turn_holder
from engine.jiji.rent import owns_industrial, rent_value

BOARD = 40


def roll_dice(ctx: Ctx) -> list[int]:
    """Two seeded dice (stream ``"dice"``); records and announces them."""
    s = ctx.s
    dice = rng.dice(s, ctx.b.dice, ctx.b.sides)
    s.last_roll = dice
    ctx.emit("DiceRolled", player=s.cur, dice=dice, doubles=dice[0] == dice[1])
    return dice


def move_forward(ctx: Ctx, steps: int, via: str) -> None:
    """Move the turn holder ``steps`` spaces forward (salary when passing or landing on GO),
    then play the space."""
    s = ctx.s
    p = s.players[s.cur]
    start = p.pos
    end = (start + steps) % BOARD
    p.pos = end
    ctx.emit("Moved", player=s.cur, start=start, end=end, via=via)
    if start + steps >= BOARD:
        ctx.pay_salary(s.cur)
    s.via = via
    land(ctx)


def move_to(ctx: Ctx, space: int, via: str) -> None:
    """Move the turn holder forward to ``space`` (salary when passing GO), then play it."""
    pos = ctx.s.players[ctx.s.cur].pos
    move_forward(ctx, (space - pos) % BOARD or BOARD, via)


def land(ctx: Ctx) -> None:
    """Play the space the turn holder stands on (step B)."""
    b, s = ctx.b, ctx.s
    seat = s.cur
    p = s.players[seat]
    space = p.pos
    kind = b.kind[space]
    s.jump = False
    s.auction_space = False
    if kind == "district":
        d = s.districts[space]
        if d.owner is None:
            s.phase = "buy"
            return
        if d.owner != seat and not d.mortgage:
            amount = rent_value(b, s, space)
            if s.exemption == seat:
                s.phase = "exemption"
                s.rent = [d.owner, amount, space]
                return
            ctx.emit("RentDue", player=seat, owner=d.owner, district=space, amount=amount)
            ctx.charge(seat, d.owner, amount, "rent")
        after_landing(ctx)
    elif kind == "chance":
        UPPER["cards.draw"](ctx)
    elif kind == "permit":
        if UPPER["build.permit_options"](ctx, seat):
            s.phase = "permit"
        else:
            ctx.emit("PermitUnused", player=seat)
            after_landing(ctx)
    elif kind == "tax":
        if owns_industrial(s, seat):
            ctx.emit("TaxDue", player=seat, space=space, amount=b.tax[space])
            ctx.charge(seat, BANK, b.tax[space], "industrial_tax")
        after_landing(ctx)
    elif kind == "free_parking":
        if s.exemption != seat:
            ctx.emit("ExemptionTaken", player=seat,
                     source="free_parking" if s.exemption is None else s.exemption)
            s.exemption = seat
        after_landing(ctx)
    elif kind == "go_to_jail":
        UPPER["jail.send_to_jail"](ctx, "go_to_jail")
    elif kind == "auction":
        after_landing(ctx)
        s.auction_space = any(d.owner is None for d in s.districts.values())
    else:
        after_landing(ctx)


# ---------------------------------------------------------------------- roll
def _check_roll(ctx: Ctx, a: act.Roll) -> None:
    s = ctx.s
    turn_holder(ctx, a.player, "roll", "turn")
    if s.phase == "turn" and not s.again:
        raise IllegalAction("you have rolled: end your turn (a double obliges another roll)")


def _roll(ctx: Ctx, a: act.Roll) -> None:
    s = ctx.s
    UPPER["clock.start"](ctx)
    p = s.players[s.cur]
    if p.jailed:
        UPPER["jail.roll_in_jail"](ctx)
        return
    dice = roll_dice(ctx)
    double = dice[0] == dice[1]
    if double:
        s.doubles += 1
        if s.doubles >= ctx.b.doubles_to_jail:
            UPPER["jail.send_to_jail"](ctx, "three_doubles")
            return
    s.again = double
    move_forward(ctx, dice[0] + dice[1], "dice")


register("roll", _check_roll, _roll)


# ---------------------------------------------------------------------- buy
def _check_buy(ctx: Ctx, a: act.Buy) -> None:
    turn_holder(ctx, a.player, "buy")
    space = ctx.s.players[a.player].pos
    if ctx.s.players[a.player].cash < ctx.b.price[space]:
        raise IllegalAction(f"you cannot pay {ctx.b.name[space]}'s price: put it up for auction")


def _buy(ctx: Ctx, a: act.Buy) -> None:
    s = ctx.s
    space = s.players[a.player].pos
    price = ctx.b.price[space]
    ctx.transfer(a.player, BANK, price, "purchase", extra={"district": space})
    s.districts[space].owner = a.player
    ctx.emit("DistrictBought", player=a.player, district=space, price=price)
    after_landing(ctx)


register("buy", _check_buy, _buy)


# ---------------------------------------------------------------------- rent exemption
def _check_exemption(ctx: Ctx, a) -> None:
    turn_holder(ctx, a.player, "exemption")


def _pay_rent(ctx: Ctx, a: act.PayRent) -> None:
    s = ctx.s
    owner, amount, space = s.rent  # type: ignore[misc]  # the exemption phase has a rent due
    s.rent = None
    ctx.emit("RentDue", player=a.player, owner=owner, district=space, amount=amount)
    ctx.charge(a.player, owner, amount, "rent")
    after_landing(ctx)


def _use_exemption(ctx: Ctx, a: act.UseExemption) -> None:
    s = ctx.s
    owner, amount, space = s.rent  # type: ignore[misc]  # the exemption phase has a rent due
    s.rent = None
    s.exemption = None
    ctx.emit("ExemptionUsed", player=a.player, owner=owner, district=space, amount=amount)
    after_landing(ctx)


register("pay_rent", _check_exemption, _pay_rent)
register("use_exemption", _check_exemption, _use_exemption)


# ---------------------------------------------------------------------- stations
def jump_targets(ctx: Ctx) -> list[int]:
    """Districts the turn holder may jump to now (other districts with a station)."""
    s = ctx.s
    if not s.jump:
        return []
    here = s.players[s.cur].pos
    return [k for k, d in s.districts.items() if d.station and k != here]


def _check_jump(ctx: Ctx, a: act.Jump) -> None:
    turn_holder(ctx, a.player, "turn")
    if not ctx.s.jump:
        raise IllegalAction("you did not land on a district with a station this time")
    if a.district not in jump_targets(ctx):
        raise IllegalAction("jump to another district with a station")


def _jump(ctx: Ctx, a: act.Jump) -> None:
    ctx.s.jump = False
    move_to(ctx, a.district, "jump")


register("jump", _check_jump, _jump)


# ---------------------------------------------------------------------- end of turn
def _check_end(ctx: Ctx, a: act.EndTurn) -> None:
    turn_holder(ctx, a.player, "turn")
    if ctx.s.again:
        raise IllegalAction("you rolled a double: roll again")


def _end(ctx: Ctx, a: act.EndTurn) -> None:
    next_turn(ctx)


register("end_turn", _check_end, _end)
