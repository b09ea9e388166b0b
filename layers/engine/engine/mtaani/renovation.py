"""Renovating properties.

Source: ``shared/seeds/000_fe1744ded917b034.txt``, "Renovating properties": a permanent,
per-property upgrade that raises the property's rent for the rest of the game and stays with it
when traded; on your turn, standing on an eligible property you own, you may renovate instead of
rolling (it costs cash and ends the turn); a property becomes renovatable once owned for at
least 3 game revolutions; up to 3 renovations, then none until 2 more revolutions pass, then the
allowance resets; every property has a maximum rent it can reach. Not in the classic preset.

House values (``[renovation]`` in rules-current.toml): a renovation costs 25% of the purchase
cost and raises the fee by 20 points per level; a property's cap is 3 levels (5 on
Eastleigh/Kibra, 4 on Kinoo/Umoja/Ngara, 2 on the rich side's hoods).
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mtaani import board, properties
from engine.mtaani.actions import Renovate
from engine.mtaani.board import percent_of
from engine.mtaani.flow import POOL, Ctx, action_rule


def max_level(ctx: Ctx, tile: int) -> int:
    """The most renovations ``tile`` can take (its maximum rent)."""
    rules = ctx.rules.renovation
    return rules.max_levels_by_set.get(ctx.book.set_of[tile], rules.max_levels)


def cost(ctx: Ctx, tile: int) -> int:
    """What one renovation of ``tile`` costs (SFR)."""
    return percent_of(ctx.book.purchase[tile], ctx.rules.renovation.cost_percent)


def allowance(ctx: Ctx, player: int) -> int:
    """Renovations ``player`` may still make before the break (0 while on the break)."""
    p = ctx.s.players[player]
    if p.renovation_break_until is not None and ctx.s.revolutions < p.renovation_break_until:
        return 0
    return p.renovations_left


renovate = action_rule(Renovate, {"turn"})


@renovate.checker
def _check(ctx: Ctx, a: Renovate) -> None:
    rules = ctx.rules.renovation
    if not rules.enabled:
        raise IllegalAction("this table has no renovations")
    p = ctx.s.players[a.player]
    tile = p.position
    if p.jail_turns:
        raise IllegalAction("you cannot renovate from jail")
    if tile not in ctx.s.props or ctx.s.props[tile].owner != a.player:
        raise IllegalAction("stand on a property you own to renovate it")
    owned_for = ctx.s.revolutions - ctx.s.props[tile].since
    if owned_for < rules.min_owned_revolutions:
        raise IllegalAction(f"you can renovate {ctx.book.name(tile)} once you have owned it for "
                            f"{rules.min_owned_revolutions} revolutions")
    if ctx.s.props[tile].renovations >= max_level(ctx, tile):
        raise IllegalAction(f"{ctx.book.name(tile)} is fully renovated")
    if allowance(ctx, a.player) <= 0:
        raise IllegalAction("you are on a renovation break until more revolutions pass")
    if p.cash < cost(ctx, tile):
        raise IllegalAction(f"renovating costs {cost(ctx, tile):,} SFR")


@renovate.lister
def _list(ctx: Ctx, player: int) -> tuple[Renovate, ...]:
    # Only out of jail, standing on a property of one's own.
    p = ctx.s.players[player]
    here = ctx.s.props.get(p.position)
    if not ctx.rules.renovation.enabled or p.jail_turns or here is None or here.owner != player:
        return ()
    return (renovate.make(player),)


@renovate.performer
def _renovate(ctx: Ctx, a: Renovate) -> None:
    s, rules = ctx.s, ctx.rules.renovation
    p = s.players[a.player]
    tile = p.position
    price = cost(ctx, tile)
    ctx.transfer(a.player, POOL, price, "renovation", tile=tile)
    s.props[tile].renovations += 1
    p.renovations_left -= 1
    if p.renovations_left == 0:
        p.renovation_break_until = s.revolutions + rules.break_revolutions
    s.decision = None
    s.rolled = True
    s.extra_turn = False
    ctx.emit("PropertyRenovated", player=a.player, tile=tile, cost=price,
             level=s.props[tile].renovations, renovations_left=allowance(ctx, a.player))


def _on_revolution(ctx: Ctx, revolution: int) -> None:
    """The break ends, and the allowance resets, when its last revolution completes."""
    for p in ctx.s.players:
        if p.renovation_break_until is not None and revolution >= p.renovation_break_until:
            p.renovation_break_until = None
            p.renovations_left = ctx.rules.renovation.allowance


def _fee(ctx: Ctx, tile: int) -> int:
    return 100 + ctx.rules.renovation.fee_step_percent * ctx.s.props[tile].renovations


properties.FEE_PERCENT_HOOKS.append(_fee)
board.REVOLUTION_HOOKS.append(_on_revolution)
