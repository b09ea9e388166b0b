"""Properties: prices, fees, buying, units and mortgages.

Sources (``shared/seeds/000_fe1744ded917b034.txt``): "Economy and fees", "Building and
development", "Loans and mortgages" (mortgage rules); prices from "Property Guide" with
purchase cost = 2 x mortgage value (decisions file).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import compress
from operator import attrgetter

from engine.context import Hooks
from engine.core import IllegalAction
from engine.mtaani import flow
from engine.mtaani.actions import (
    Build,
    BuildBatch,
    Buy,
    Decline,
    Instances,
    Mortgage,
    MortgageBatch,
    SellBatch,
    SellUnit,
    Unmortgage,
    UnmortgageBatch,
)
from engine.mtaani.flow import POOL, Ctx, action_rule
from engine.mtaani.state import MtaaniState

FEE_PERCENT_HOOKS: Hooks[Callable[[Ctx, int], int]] = Hooks()
"""Table-wide fee modifiers: each returns a percentage (100 = unchanged) for a tile."""
PRICE_PERCENT_HOOKS: Hooks[Callable[[Ctx, int], int]] = Hooks()
"""Table-wide purchase-price modifiers: each returns a percentage for a tile."""
BUILD_BANS: list[Callable[[Ctx, str], str | None]] = []
"""Each returns a reason building on a set is banned now, or ``None``."""
NET_WORTH_HOOKS: Hooks[Callable[[Ctx, int], int]] = Hooks()
"""Other assets and liabilities in a player's net worth, SFR (loans lent and owed)."""


def count_mortgages(state: MtaaniState) -> None:
    """Start keeping ``state.mortgages`` (see :class:`~engine.mtaani.state.MtaaniState`): the
    engine updates it wherever a mortgage is taken or lifted, so listings need not look at
    every property to learn that none is mortgaged. Only for a state nothing but the engine
    changes from now on (self-play's): a change made by hand would leave the count wrong."""
    state.mortgages = sum(1 for p in state.props.values() if p.mortgaged)  # type: ignore[misc]  # _Counts' slot (mypy sees the dataclass's only)


def mortgages_changed(state: MtaaniState, change: int | None) -> None:
    """Keep the mortgage count (when one is kept) up to date: ``change`` mortgages more, or
    ``None``: count again."""
    if getattr(state, "mortgages", None) is not None:
        if change is None:
            count_mortgages(state)
        else:
            state.mortgages += change  # type: ignore[misc]  # _Counts' slot (mypy sees the dataclass's only)


def _scaled(amount: int, hooks: list[Callable[[Ctx, int], int]], ctx: Ctx, tile: int) -> int:
    for hook in hooks:
        percent = hook(ctx, tile)
        if percent != 100:
            amount = (amount * percent + 50) // 100
    return amount


def purchase_price(ctx: Ctx, tile: int) -> int:
    """What buying ``tile`` costs now (SFR): its purchase cost, after table-wide effects."""
    return _scaled(ctx.book.purchase[tile], PRICE_PERCENT_HOOKS, ctx, tile)


def owns_set(ctx: Ctx, player: int, set_id: str) -> bool:
    """Whether ``player`` owns every property of ``set_id`` (a complete portfolio)."""
    if ctx.memo is not None:
        return set_id in complete_sets(ctx, player)
    props = ctx.s.props
    for i in ctx.book.set_tiles[set_id]:  # noqa: SIM110 (on the fee's hot path: a loop beats all())
        if props[i].owner != player:
            return False
    return True


def complete_sets(ctx: Ctx, player: int) -> list[str]:
    """The sets ``player`` owns completely, in set order (shared while a listing runs, as
    :func:`owned`)."""
    memo = ctx.memo
    found = None if memo is None else memo.get(("complete", player))
    if found is None:
        held: dict[str, int] = {}
        set_of = ctx.book.set_of
        for tile in owned(ctx, player):
            held[set_of[tile]] = held.get(set_of[tile], 0) + 1
        set_tiles = ctx.book.set_tiles
        found = [set_id for set_id in set_tiles if held.get(set_id) == len(set_tiles[set_id])]
        if memo is not None:
            memo["complete", player] = found
    return found


def sets_with_units(ctx: Ctx) -> set[str]:
    """The sets with a unit on any of their properties (no property of theirs can be
    mortgaged or traded); shared while a listing runs, as :func:`owned`."""
    memo = ctx.memo
    found = None if memo is None else memo.get("sets_with_units")
    if found is None:
        props, set_of = ctx.s.props, ctx.book.set_of
        found = set()
        for tile, p in props.items():
            if p.units:
                found.add(set_of[tile])
        if memo is not None:
            memo["sets_with_units"] = found
    return found


def set_units(ctx: Ctx, set_id: str) -> list[int]:
    """Units on each property of ``set_id``, in board order."""
    return [ctx.s.props[i].units for i in ctx.book.set_tiles[set_id]]


def unit_fee(purchase: int, unit_cost: int, units: int, divisor: int) -> int:
    """The fee with units: (purchase cost + unit cost x units) x units / divisor, to the
    nearest SFR. Source: "Economy and fees"."""
    return ((purchase + unit_cost * units) * units * 2 + divisor) // (2 * divisor)


def fee(ctx: Ctx, tile: int) -> int:
    """The fee a visitor pays the owner of ``tile`` now (SFR); 0 when unowned or mortgaged.

    Base fee; doubled while the owner holds the complete set and no property of it has units;
    with units, :func:`unit_fee`. Then table-wide modifiers (:data:`FEE_PERCENT_HOOKS`).
    """
    props = ctx.s.props
    p = props[tile]
    owner = p.owner
    if owner is None or p.mortgaged:
        return 0
    book = ctx.book
    if p.units:
        amount = unit_fee(book.purchase[tile], book.unit_cost[tile], p.units,
                          ctx.rules.property.unit_fee_divisor)
    else:
        amount = book.base_fee[tile]
        # The complete set without units doubles the fee.
        for i in book.set_tiles[book.set_of[tile]]:
            q = props[i]
            if q.owner != owner or q.units:
                break
        else:
            amount *= ctx.rules.property.set_fee_multiplier
    for hook in FEE_PERCENT_HOOKS:  # _scaled, spelled out: every fee paid comes through here
        percent = hook(ctx, tile)
        if percent != 100:
            amount = (amount * percent + 50) // 100
    return amount


def bank_fee(ctx: Ctx, tile: int) -> int:
    """The fee paid to the bank for declining to buy unowned ``tile``: its base fee."""
    return _scaled(ctx.book.base_fee[tile], FEE_PERCENT_HOOKS, ctx, tile)


def unmortgage_cost(ctx: Ctx, tile: int) -> int:
    """Mortgage value plus 10% interest (to the nearest SFR)."""
    value = ctx.book.mortgage[tile]
    return value + (value * ctx.rules.property.unmortgage_interest_percent + 50) // 100


def unit_refund(ctx: Ctx, tile: int) -> int:
    """What selling one unit of ``tile`` back to the bank pays: half its build cost."""
    return ctx.book.unit_cost[tile] * ctx.rules.property.unit_refund_percent // 100


def net_worth(ctx: Ctx, player: int) -> int:
    """Cash + unmortgaged properties at purchase cost + mortgaged ones at purchase cost less
    the cost of lifting the mortgage + units at build cost - debts owed, then the
    :data:`NET_WORTH_HOOKS` (loans: + owed to the player, - owed by them) (SFR, house value)."""
    s, book = ctx.s, ctx.book
    total = s.players[player].cash
    for tile, p in s.props.items():
        if p.owner != player:
            continue
        total += book.purchase[tile] - (unmortgage_cost(ctx, tile) if p.mortgaged else 0)
        total += p.units * book.unit_cost[tile]
    total -= sum(d.amount for d in s.debts if d.debtor == player)
    return total + sum(hook(ctx, player) for hook in NET_WORTH_HOOKS)


def net_worths(ctx: Ctx) -> dict[int, int]:
    """:func:`net_worth` of every active seat (seat -> SFR), in seat order, the properties
    added up in one pass."""
    s, book = ctx.s, ctx.book
    held: dict[int, int] = {}
    for tile, p in s.props.items():
        owner = p.owner
        if owner is None:
            continue
        value = book.purchase[tile] - (unmortgage_cost(ctx, tile) if p.mortgaged else 0)
        held[owner] = held.get(owner, 0) + value + p.units * book.unit_cost[tile]
    out = {}
    debts = s.debts
    for i, player in enumerate(s.players):
        if player.bankrupt:
            continue
        total = player.cash + held.get(i, 0)
        if debts:
            total -= sum(d.amount for d in debts if d.debtor == i)
        for hook in NET_WORTH_HOOKS:
            total += hook(ctx, i)
        out[i] = total
    return out


def owned(ctx: Ctx, player: int) -> list[int]:
    """Tiles ``player`` owns, in board order. While a listing runs (``ctx.memo`` set) the list
    is shared by every lister and check that asks: do not change it."""
    memo = ctx.memo
    found: list[int] | None
    if memo is None:
        found = [i for i, p in ctx.s.props.items() if p.owner == player]
        found.sort()  # board order is tile order
        return found
    found = memo.get(("owned", player))
    if found is None:
        # Every seat's tiles in one pass: a listing asks for several seats' (trade specs).
        by_owner: dict[int, list[int]] = {}
        for i, p in ctx.s.props.items():
            owner = p.owner
            if owner is not None:
                tiles = by_owner.get(owner)
                if tiles is None:
                    by_owner[owner] = [i]
                else:
                    tiles.append(i)
        for seat in range(len(ctx.s.players)):
            tiles = by_owner.get(seat, [])
            tiles.sort()  # board order is tile order
            memo["owned", seat] = tiles
        found = memo.get(("owned", player))
        if found is None:  # not a seat of this table
            found = memo["owned", player] = sorted(by_owner.get(player, []))
    return found


def _require_owner(ctx: Ctx, player: int, tile: int) -> None:
    if tile not in ctx.s.props:
        raise IllegalAction(f"tile {tile} is not a property")
    if ctx.s.props[tile].owner != player:
        raise IllegalAction(f"you do not own {ctx.book.name(tile)}")


def _require_set(ctx: Ctx, set_id: str) -> None:
    if set_id not in ctx.book.set_tiles:
        raise IllegalAction(f"there is no set {set_id!r}")


# ------------------------------------------------------------------------------- buying
buy = action_rule(Buy, {"buy"})


@buy.checker
def _check_buy(ctx: Ctx, a: Buy) -> None:
    tile: int = ctx.s.decision.tile  # type: ignore[union-attr, assignment]  # a buy decision's tile
    price = purchase_price(ctx, tile)
    if ctx.s.players[a.player].cash < price:
        raise IllegalAction(f"{ctx.book.name(tile)} costs {price:,} SFR and you hold "
                            f"{ctx.s.players[a.player].cash:,} SFR")


@buy.performer
def _buy(ctx: Ctx, a: Buy) -> None:
    tile: int = ctx.s.decision.tile  # type: ignore[union-attr, assignment]  # a buy decision's tile
    price = purchase_price(ctx, tile)
    ctx.transfer(a.player, POOL, price, "purchase", tile=tile)
    p = ctx.s.props[tile]
    p.owner = a.player
    p.since = ctx.s.revolutions
    ctx.s.properties_bought += 1  # the table's purchases: the bank-loan limit turns variable at 10
    ctx.emit("PropertyBought", player=a.player, tile=tile, price=price)
    ctx.s.decision = None


decline = action_rule(Decline, {"buy"})


@decline.performer
def _decline(ctx: Ctx, a: Decline) -> None:
    tile: int = ctx.s.decision.tile  # type: ignore[union-attr, assignment]  # a buy decision's tile
    amount = bank_fee(ctx, tile)
    ctx.emit("PropertyDeclined", player=a.player, tile=tile, fee=amount)
    ctx.s.decision = None
    ctx.charge(a.player, POOL, amount, "fee", tile)


# ------------------------------------------------------------------------------- units
def _build_problem(ctx: Ctx, player: int, set_id: str) -> str | None:
    book, props = ctx.book, ctx.s.props
    if not owns_set(ctx, player, set_id):
        return f"you need the complete {book.sets[set_id].name} set to build"
    if any(props[i].mortgaged for i in book.set_tiles[set_id]):
        return f"lift every mortgage in {book.sets[set_id].name} before building"
    for ban in BUILD_BANS:
        reason = ban(ctx, set_id)
        if reason:
            return reason
    return None


build = action_rule(Build, fields=("tile",))


@build.checker
def _check_build(ctx: Ctx, a: Build) -> None:
    flow.require_not_owing(ctx, a.player, "building")
    _require_owner(ctx, a.player, a.tile)
    book, rules = ctx.book, ctx.rules.property
    set_id = book.set_of[a.tile]
    problem = _build_problem(ctx, a.player, set_id)
    if problem:
        raise IllegalAction(problem)
    units = ctx.s.props[a.tile].units
    if units >= rules.max_units:
        raise IllegalAction(f"{book.name(a.tile)} already has {rules.max_units} units")
    if units > min(set_units(ctx, set_id)):
        raise IllegalAction("build evenly: add units to the least developed property of the set first")
    cost = book.unit_cost[a.tile]
    if ctx.s.players[a.player].cash < cost:
        raise IllegalAction(f"a unit on {book.name(a.tile)} costs {cost:,} SFR")


def _add_unit(ctx: Ctx, player: int, tile: int) -> None:
    ctx.transfer(player, POOL, ctx.book.unit_cost[tile], "build", tile=tile)
    ctx.s.props[tile].units += 1
    ctx.emit("UnitBuilt", player=player, tile=tile, units=ctx.s.props[tile].units)


@build.performer
def _build(ctx: Ctx, a: Build) -> None:
    _add_unit(ctx, a.player, a.tile)


@build.exact_lister
def _list_build(ctx: Ctx, player: int) -> list[Build]:
    # A unit goes on the least developed property of a complete set the owner may build on,
    # within the cash, and not while the owner owes a payment.
    if flow.owes(ctx, player):
        return []
    book, props, make = ctx.book, ctx.s.props, build.make
    cash, most = ctx.s.players[player].cash, ctx.rules.property.max_units
    out = []
    for set_id in complete_sets(ctx, player):
        if _build_problem(ctx, player, set_id):
            continue
        tiles = book.set_tiles[set_id]
        least = min(props[i].units for i in tiles)
        out += [make(player, i) for i in tiles
                if props[i].units == least < most and book.unit_cost[i] <= cash]
    out.sort(key=lambda a: a.tile)
    return out


build_batch = action_rule(BuildBatch)


def _next_to_build(ctx: Ctx, set_id: str, target: int) -> int | None:
    tiles = [i for i in ctx.book.set_tiles[set_id] if ctx.s.props[i].units < target]
    return min(tiles, key=lambda i: (ctx.s.props[i].units, i)) if tiles else None


@build_batch.checker
def _check_build_batch(ctx: Ctx, a: BuildBatch) -> None:
    flow.require_not_owing(ctx, a.player, "building")
    _require_set(ctx, a.set)
    if a.target > ctx.rules.property.max_units:
        raise IllegalAction(f"at most {ctx.rules.property.max_units} units per property")
    problem = _build_problem(ctx, a.player, a.set)
    if problem:
        raise IllegalAction(problem)
    tile = _next_to_build(ctx, a.set, a.target)
    if tile is None:
        raise IllegalAction(f"every property of the set already has {a.target} units or more")
    if ctx.s.players[a.player].cash < ctx.book.unit_cost[tile]:
        raise IllegalAction(f"the next unit costs {ctx.book.unit_cost[tile]:,} SFR")


@build_batch.performer
def _build_batch(ctx: Ctx, a: BuildBatch) -> None:
    while (tile := _next_to_build(ctx, a.set, a.target)) is not None:
        if ctx.s.players[a.player].cash < ctx.book.unit_cost[tile]:
            break
        _add_unit(ctx, a.player, tile)


_BUILD_BATCH = Instances(BuildBatch, "set", "target")


@build_batch.exact_lister
def _list_build_batch(ctx: Ctx, player: int) -> list[BuildBatch]:
    # Targets above the set's least developed property, when its next unit is affordable.
    if flow.owes(ctx, player):
        return []
    most, cash = ctx.rules.property.max_units, ctx.s.players[player].cash
    out = []
    for set_id in complete_sets(ctx, player):
        if _build_problem(ctx, player, set_id):
            continue
        least = min(set_units(ctx, set_id))
        tile = _next_to_build(ctx, set_id, least + 1)
        if tile is not None and ctx.book.unit_cost[tile] <= cash:
            out += [_BUILD_BATCH(player, set_id, t) for t in range(least + 1, most + 1)]
    return out


sell_unit = action_rule(SellUnit, fields=("tile",))


@sell_unit.checker
def _check_sell_unit(ctx: Ctx, a: SellUnit) -> None:
    _require_owner(ctx, a.player, a.tile)
    units = ctx.s.props[a.tile].units
    if units == 0:
        raise IllegalAction(f"{ctx.book.name(a.tile)} has no units to sell")
    if units < max(set_units(ctx, ctx.book.set_of[a.tile])):
        raise IllegalAction("sell evenly: start from the most developed property of the set")


def _remove_unit(ctx: Ctx, player: int, tile: int) -> None:
    ctx.s.props[tile].units -= 1
    ctx.emit("UnitSold", player=player, tile=tile, units=ctx.s.props[tile].units)
    ctx.pay_out(player, unit_refund(ctx, tile), "unit_sale", tile=tile)


@sell_unit.performer
def _sell_unit(ctx: Ctx, a: SellUnit) -> None:
    _remove_unit(ctx, a.player, a.tile)


@sell_unit.exact_lister
def _list_sell_unit(ctx: Ctx, player: int) -> list[SellUnit]:
    # Units are sold from the most developed properties of a set.
    props, make, set_of = ctx.s.props, sell_unit.make, ctx.book.set_of
    return [make(player, i) for i in owned(ctx, player)
            if props[i].units and props[i].units >= max(set_units(ctx, set_of[i]))]


sell_batch = action_rule(SellBatch)


def _next_to_sell(ctx: Ctx, set_id: str, target: int) -> int | None:
    tiles = [i for i in ctx.book.set_tiles[set_id] if ctx.s.props[i].units > target]
    return max(tiles, key=lambda i: (ctx.s.props[i].units, i)) if tiles else None


@sell_batch.checker
def _check_sell_batch(ctx: Ctx, a: SellBatch) -> None:
    _require_set(ctx, a.set)
    if not owns_set(ctx, a.player, a.set):
        raise IllegalAction("you do not own that set")
    if _next_to_sell(ctx, a.set, a.target) is None:
        raise IllegalAction(f"no property of the set has more than {a.target} units")


@sell_batch.performer
def _sell_batch(ctx: Ctx, a: SellBatch) -> None:
    while (tile := _next_to_sell(ctx, a.set, a.target)) is not None:
        _remove_unit(ctx, a.player, tile)


_SELL_BATCH = Instances(SellBatch, "set", "target")


@sell_batch.exact_lister
def _list_sell_batch(ctx: Ctx, player: int) -> list[SellBatch]:
    # A batch sale needs a unit above the target somewhere in the set.
    out = []
    built = sets_with_units(ctx)
    for set_id in complete_sets(ctx, player):
        if set_id in built:
            most = max(set_units(ctx, set_id))
            out += [_SELL_BATCH(player, set_id, t) for t in range(min(most, ctx.rules.property.max_units))]
    return out


# ------------------------------------------------------------------------------- mortgages
def can_mortgage(ctx: Ctx, player: int, tile: int) -> bool:
    """Owned by ``player``, not mortgaged, and nothing in its set has units."""
    p = ctx.s.props[tile]
    return (p.owner == player and not p.mortgaged
            and not any(set_units(ctx, ctx.book.set_of[tile])))


mortgage = action_rule(Mortgage, fields=("tile",))


@mortgage.checker
def _check_mortgage(ctx: Ctx, a: Mortgage) -> None:
    _require_owner(ctx, a.player, a.tile)
    if ctx.s.props[a.tile].mortgaged:
        raise IllegalAction(f"{ctx.book.name(a.tile)} is already mortgaged")
    if any(set_units(ctx, ctx.book.set_of[a.tile])):
        raise IllegalAction("sell the units in this set before mortgaging")


def _mortgage(ctx: Ctx, player: int, tile: int) -> int:
    ctx.s.props[tile].mortgaged = True
    mortgages_changed(ctx.s, 1)
    ctx.emit("PropertyMortgaged", player=player, tile=tile)
    return ctx.pay_out(player, ctx.book.mortgage[tile], "mortgage", tile=tile)


@mortgage.performer
def _do_mortgage(ctx: Ctx, a: Mortgage) -> None:
    _mortgage(ctx, a.player, a.tile)


def _mortgages(ctx: Ctx, player: int) -> list[Mortgage]:
    # Not mortgaged yet, in a set without units.
    props, make, set_of, built = ctx.s.props, mortgage.make, ctx.book.set_of, sets_with_units(ctx)
    return [make(player, i) for i in owned(ctx, player)
            if not props[i].mortgaged and set_of[i] not in built]


@mortgage.exact_lister
def _list_mortgage(ctx: Ctx, player: int) -> list[Mortgage]:
    return _memo(ctx, "mortgage", player, _mortgages)


def _memo(ctx: Ctx, name: str, player: int, lister: Callable[[Ctx, int], list]) -> list:
    """``lister(ctx, player)``, kept for the listing's length while a listing runs (the
    batches' listers ask again)."""
    memo = ctx.memo
    if memo is None:
        return lister(ctx, player)
    found = memo.get((name, player))
    if found is None:
        found = memo[name, player] = lister(ctx, player)
    return found


unmortgage = action_rule(Unmortgage, fields=("tile",))


@unmortgage.checker
def _check_unmortgage(ctx: Ctx, a: Unmortgage) -> None:
    flow.require_not_owing(ctx, a.player, "lifting a mortgage")
    _require_owner(ctx, a.player, a.tile)
    if not ctx.s.props[a.tile].mortgaged:
        raise IllegalAction(f"{ctx.book.name(a.tile)} is not mortgaged")
    cost = unmortgage_cost(ctx, a.tile)
    if ctx.s.players[a.player].cash < cost:
        raise IllegalAction(f"lifting the mortgage costs {cost:,} SFR")


def _unmortgage(ctx: Ctx, player: int, tile: int) -> None:
    ctx.transfer(player, POOL, unmortgage_cost(ctx, tile), "unmortgage", tile=tile)
    ctx.s.props[tile].mortgaged = False
    mortgages_changed(ctx.s, -1)
    ctx.emit("PropertyUnmortgaged", player=player, tile=tile)


@unmortgage.performer
def _do_unmortgage(ctx: Ctx, a: Unmortgage) -> None:
    _unmortgage(ctx, a.player, a.tile)


def _no_mortgage(state: MtaaniState, player: int) -> bool:
    return getattr(state, "mortgages", None) == 0  # counted: nothing is mortgaged


unmortgage.none_when = _no_mortgage


@unmortgage.exact_lister
def _list_unmortgage(ctx: Ctx, player: int) -> list[Unmortgage]:
    return _memo(ctx, "unmortgage", player, _lifts)


_MORTGAGED = attrgetter("mortgaged")


def _lifts(ctx: Ctx, player: int) -> list[Unmortgage]:
    # Mortgaged, affordable, and not while the owner owes a payment.
    if flow.owes(ctx, player):
        return []
    props = ctx.s.props
    counted = getattr(ctx.s, "mortgages", None)
    if counted == 0:
        return []  # counted: nothing is mortgaged (self-play's states)
    if ctx.memo is not None:  # a whole listing: the seat's tiles are worked out already
        mortgaged = [i for i in owned(ctx, player) if props[i].mortgaged]
    else:
        if counted is None:  # not counted: is anything mortgaged at all?
            for p in props.values():  # a bot asks at every turn's end: the cheapest whole scan
                if p.mortgaged:
                    break
            else:
                return []  # the usual case: nothing is mortgaged
        # The mortgaged tiles picked out in C (compress over each property's ``mortgaged``):
        # a bot asks at every turn's end while anything at the table is mortgaged.
        mortgaged = [i for i in compress(props, map(_MORTGAGED, props.values()))
                     if props[i].owner == player]
        mortgaged.sort()  # board order is tile order
    make, cash = unmortgage.make, ctx.s.players[player].cash
    return [make(player, i) for i in mortgaged if unmortgage_cost(ctx, i) <= cash]


mortgage_batch = action_rule(MortgageBatch)


@mortgage_batch.checker
def _check_mortgage_batch(ctx: Ctx, a: MortgageBatch) -> None:
    built = sets_with_units(ctx)
    if not any(not ctx.s.props[i].mortgaged and ctx.book.set_of[i] not in built
               for i in owned(ctx, a.player)):
        raise IllegalAction("you have no property that can be mortgaged")


@mortgage_batch.exact_lister
def _list_mortgage_batch(ctx: Ctx, player: int) -> tuple[MortgageBatch, ...]:
    mortgages = _memo(ctx, "mortgage", player, _list_mortgage)
    return (mortgage_batch.make(player),) if mortgages else ()  # one to mortgage


@mortgage_batch.performer
def _mortgage_batch(ctx: Ctx, a: MortgageBatch) -> None:
    raised = 0
    for tile in ctx.book.by_price_desc:
        if a.amount is not None and raised >= a.amount:
            break
        if can_mortgage(ctx, a.player, tile):
            raised += _mortgage(ctx, a.player, tile)


unmortgage_batch = action_rule(UnmortgageBatch)


def _unmortgageable(ctx: Ctx, player: int) -> Iterator[int]:
    for tile in ctx.book.by_price_desc:
        p = ctx.s.props[tile]
        if p.owner == player and p.mortgaged:
            yield tile


@unmortgage_batch.checker
def _check_unmortgage_batch(ctx: Ctx, a: UnmortgageBatch) -> None:
    flow.require_not_owing(ctx, a.player, "lifting a mortgage")
    cash, props = ctx.s.players[a.player].cash, ctx.s.props
    if not any(props[t].mortgaged and unmortgage_cost(ctx, t) <= cash for t in owned(ctx, a.player)):
        raise IllegalAction("you have no mortgaged property you can afford to lift")


@unmortgage_batch.exact_lister
def _list_unmortgage_batch(ctx: Ctx, player: int) -> tuple[UnmortgageBatch, ...]:
    lifts = _memo(ctx, "unmortgage", player, _list_unmortgage)
    return (unmortgage_batch.make(player),) if lifts else ()  # one to lift


@unmortgage_batch.performer
def _unmortgage_batch(ctx: Ctx, a: UnmortgageBatch) -> None:
    for tile in list(_unmortgageable(ctx, a.player)):
        if unmortgage_cost(ctx, tile) <= ctx.s.players[a.player].cash:
            _unmortgage(ctx, a.player, tile)
