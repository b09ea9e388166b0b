"""Choices Mtaani's standing orders (:mod:`engine.mtaani.orders`) and its bots
(:mod:`engine.mtaani.bots.advanced`, and the Smart bot through it) make the same way, in one
place: rules never import bots; bots may use rules. Fees come from the rules' own functions
(:mod:`engine.mtaani.properties`), so no figure disagrees with the rules'."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.mtaani import properties as prop
from engine.mtaani.flow import Ctx


def unit_gain(ctx: Ctx, tile: int) -> int:
    """The fee one more unit on ``tile`` adds (SFR per visit, before table-wide effects):
    the unit fee of one more unit ("Building and development") less the fee it charges now."""
    book = ctx.book
    units = ctx.s.props[tile].units
    after = prop.unit_fee(book.purchase[tile], book.unit_cost[tile], units + 1,
                          ctx.rules.property.unit_fee_divisor)
    return after - prop.fee(ctx, tile)


def best_unit(ctx: Ctx, builds: Iterable[Any], spare: int) -> Any | None:
    """Of the listed ``builds`` (``build`` actions), the unit costing at most ``spare`` SFR
    with the best fee gain per SFR (:func:`unit_gain`; ties: the larger gain, then the lower
    tile); ``None`` when none fits."""
    cost = ctx.book.unit_cost
    options = [a for a in builds if cost[a.tile] <= spare]
    if not options:
        return None
    gains = {a.tile: unit_gain(ctx, a.tile) for a in options}
    return max(options, key=lambda a: (gains[a.tile] / cost[a.tile], gains[a.tile], -a.tile))
