"""Mortgages.

Source: rulebook "Deals, Mortgages and Bankruptcy": "If you cannot pay a rent or a tax demanded
of you, you may mortgage one or more of your districts to raise money"; "The value of the
mortgage corresponds to the value of the rent at the moment of mortgaging ... All the
buildings remain on that district"; "You may lift a mortgage by paying the value of the
mortgage to the bank, that is the amount the bank paid you earlier"; "You cannot collect any
rent for a mortgaged district"; once lifted you may "collect your rents and construct
buildings once more". Decisions file "Mortgage": no rent and no building while mortgaged.

House: mortgages are taken and lifted on your own turn (before or after rolling, or at the
buy and rent-exemption choices), and mortgaging is always open to a player who owes a payment;
lifting is not (their cash goes to the debt first).
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.jiji import actions as act
from engine.jiji.flow import BANK, Ctx, live, no_auction, owned_by, register, seated, turn_holder
from engine.jiji.rent import rent_value

TURN_PHASES = ("roll", "buy", "exemption", "turn")


def mortgage_value(ctx: Ctx, space: int) -> int:
    """What the bank pays for mortgaging ``space`` now: its rent value at this moment."""
    return rent_value(ctx.b, ctx.s, space, ignore_mortgage=True)


def _check_mortgage(ctx: Ctx, a: act.Mortgage) -> None:
    live(ctx)
    no_auction(ctx)
    seated(ctx, a.player)
    s = ctx.s
    if s.debts:
        if not any(d.debtor == a.player for d in s.debts):
            raise IllegalAction("a payment is owed: the game waits for it to be made")
    else:
        turn_holder(ctx, a.player, *TURN_PHASES)
    owned_by(ctx, a.player, a.district)
    if s.districts[a.district].mortgage:
        raise IllegalAction(f"{ctx.b.name[a.district]} is mortgaged already")


def _mortgage(ctx: Ctx, a: act.Mortgage) -> None:
    value = mortgage_value(ctx, a.district)
    ctx.s.districts[a.district].mortgage = value
    ctx.transfer(BANK, a.player, value, "mortgage", extra={"district": a.district})
    ctx.emit("Mortgaged", player=a.player, district=a.district, value=value)


register("mortgage", _check_mortgage, _mortgage)


def _check_lift(ctx: Ctx, a: act.LiftMortgage) -> None:
    turn_holder(ctx, a.player, *TURN_PHASES)
    owned_by(ctx, a.player, a.district)
    d = ctx.s.districts[a.district]
    if not d.mortgage:
        raise IllegalAction(f"{ctx.b.name[a.district]} is not mortgaged")
    if ctx.s.players[a.player].cash < d.mortgage:
        raise IllegalAction(f"lifting it costs M{d.mortgage:,}")


def _lift(ctx: Ctx, a: act.LiftMortgage) -> None:
    d = ctx.s.districts[a.district]
    value = d.mortgage
    ctx.transfer(a.player, BANK, value, "mortgage_lifted", extra={"district": a.district})
    d.mortgage = 0
    ctx.emit("MortgageLifted", player=a.player, district=a.district, value=value)


register("lift_mortgage", _check_lift, _lift)
