"""Building: the Construction unit and blocks, stations, stadiums, skyscrapers, the Jiji
Tower, Building Permits (bonus and nuisance buildings) and their removal.

Sources (rulebook): "Building" ("Press the CONSTRUCTION button ... the maximum number of
buildings you may construct this turn ... or ... a station only"; "You may construct on ANY
district that you own ... on several districts in the same turn. You may press the
CONSTRUCTION button only once in the same turn"), "The Buildings" (up to 8 a district;
residential cheaper, industrial dearer and safe from nuisances), "Stations" (free, on the
district of your choice), "Stadiums, Skyscrapers and the Monopoly Tower", "Building Permits"
and "Bonus and Nuisance Buildings" (removal at M500k a block, on your turn). Decisions: the
unit's odds are house values (seeded); blocks are placed at once; stadiums, skyscrapers and
the tower are bought after any roll of your turn, without the unit; permit buildings do not
count toward the 8.

Interpretation: a district holds one permit building at most. A bonus there keeps nuisances
off and a nuisance keeps bonuses off (rulebook: "if you have built a school on one of your
districts, the other players cannot build a power station there, and vice versa"); a second
building of the same sort would change nothing, so the district is simply taken.
"""

from __future__ import annotations

from collections import Counter

from engine import rng
from engine.core import IllegalAction
from engine.jiji import actions as act
from engine.jiji.data import GRANT_VALUE
from engine.jiji.flow import BANK, Ctx, after_landing, owned_by, register, turn_holder, upper
from engine.jiji.messages import money
from engine.jiji.rent import has_nuisance, owns_group, rent_value, whole_groups

# ---------------------------------------------------------------------- the unit


def _usable(ctx: Ctx, seat: int) -> list[int]:
    """``seat``'s districts that may take buildings (owned and not mortgaged)."""
    return [k for k, d in ctx.s.districts.items() if d.owner == seat and not d.mortgage]


def can_press(ctx: Ctx, seat: int) -> bool:
    """Whether pressing Construction could give ``seat`` anything (an unmortgaged district)."""
    return bool(_usable(ctx, seat))


def room(ctx: Ctx, space: int) -> int:
    """Blocks district ``space`` can still take (8 less those standing)."""
    d = ctx.s.districts[space]
    return ctx.b.max_blocks - d.res - d.ind


def block_targets(ctx: Ctx, seat: int) -> list[int]:
    """``seat``'s districts with room for a block."""
    return [k for k in _usable(ctx, seat) if room(ctx, k) > 0]


def station_targets(ctx: Ctx, seat: int) -> list[int]:
    """``seat``'s districts that may take a station (none there yet)."""
    return [k for k in _usable(ctx, seat) if not ctx.s.districts[k].station]


def press(ctx: Ctx, seat: int) -> None:
    """The unit answers (stream ``"construction"``: ``blocks_1``, ``blocks_2``, ``blocks_3`` or
    ``station``, house odds); the player places at once if anything can be placed."""
    s = ctx.s
    options = [grant for grant, percent in ctx.b.odds for _ in range(percent)]
    grant = rng.pick(s, "construction", options)
    value = GRANT_VALUE[grant]
    ctx.emit("ConstructionPressed", player=seat, grant=grant)
    possible = station_targets(ctx, seat) if value == 0 else block_targets(ctx, seat)
    if possible:
        s.grant = value
        s.phase = "place"
    else:
        ctx.emit("ConstructionUnused", player=seat, grant=grant)


def _check_press(ctx: Ctx, a: act.Construction) -> None:
    turn_holder(ctx, a.player, "turn")
    if ctx.s.pressed:
        raise IllegalAction("Construction is pressed once a turn")
    if not can_press(ctx, a.player):
        raise IllegalAction("you own no district you could build on")


def _press(ctx: Ctx, a: act.Construction) -> None:
    ctx.s.pressed = True
    press(ctx, a.player)


register("construction", _check_press, _press)


def blocks_problem(ctx: Ctx, seat: int, residential: list[int], industrial: list[int]) -> str | None:
    """Why ``seat`` may not place these blocks now (``None``: they may). Each list entry is
    one block on that district."""
    b, s = ctx.b, ctx.s
    total = len(residential) + len(industrial)
    if total == 0:
        return "place at least one block, or decline"
    if total > s.grant:
        return f"the unit granted {s.grant} block{'s' if s.grant != 1 else ''}"
    added = Counter(residential) + Counter(industrial)
    for space, count in added.items():
        d = s.districts.get(space)
        if d is None or d.owner != seat:
            return f"space {space} is not a district of yours"
        if d.mortgage:
            return f"{b.name[space]} is mortgaged"
        if d.res + d.ind + count > b.max_blocks:
            return f"{b.name[space]} takes at most {b.max_blocks} blocks"
    cost = sum(b.res_price[x] for x in residential) + sum(b.ind_price[x] for x in industrial)
    if cost > s.players[seat].cash:
        return f"these blocks cost M{cost:,}, more than your cash"
    return None


def _check_blocks(ctx: Ctx, a: act.PlaceBlocks) -> None:
    turn_holder(ctx, a.player, "place")
    if ctx.s.grant == 0:
        raise IllegalAction("the unit granted a station: place it or decline")
    problem = blocks_problem(ctx, a.player, list(a.residential), list(a.industrial))
    if problem:
        raise IllegalAction(problem)


def add_blocks(ctx: Ctx, seat: int, residential: list[int], industrial: list[int], *,
               free: bool = False) -> None:
    """Put the blocks up (paying the bank the group's prices unless ``free``)."""
    b, s = ctx.b, ctx.s
    for kind, spaces in (("residential", residential), ("industrial", industrial)):
        for space, count in sorted(Counter(spaces).items()):
            d = s.districts[space]
            price = (b.res_price if kind == "residential" else b.ind_price)[space]
            if not free:
                ctx.transfer(seat, BANK, price * count, "blocks", extra={"district": space})
            if kind == "residential":
                d.res += count
            else:
                d.ind += count
            ctx.emit("BlocksBuilt", player=seat, district=space, kind=kind, count=count,
                     cost=0 if free else price * count, residential=d.res, industrial=d.ind)


def _blocks(ctx: Ctx, a: act.PlaceBlocks) -> None:
    add_blocks(ctx, a.player, list(a.residential), list(a.industrial))
    ctx.s.grant = 0
    ctx.s.phase = "turn"


register("place_blocks", _check_blocks, _blocks)


def _check_station(ctx: Ctx, a: act.PlaceStation) -> None:
    turn_holder(ctx, a.player, "place")
    if ctx.s.grant != 0:
        raise IllegalAction("the unit granted blocks, not a station")
    if a.district not in station_targets(ctx, a.player):
        raise IllegalAction("place the station on a district of yours without one "
                            "(not mortgaged)")


def _station(ctx: Ctx, a: act.PlaceStation) -> None:
    ctx.s.districts[a.district].station = True
    ctx.emit("StationBuilt", player=a.player, district=a.district)
    ctx.s.phase = "turn"


register("place_station", _check_station, _station)


def _check_decline(ctx: Ctx, a: act.DeclineBuild) -> None:
    turn_holder(ctx, a.player, "place", "free_block")


def _decline(ctx: Ctx, a: act.DeclineBuild) -> None:
    ctx.emit("BuildDeclined", player=a.player)
    ctx.s.grant = 0
    ctx.s.free_kind = None
    ctx.s.phase = "turn"


register("decline_build", _check_decline, _decline)


# ---------------------------------------------------------------------- the free block card
def free_block_targets(ctx: Ctx, seat: int) -> list[int]:
    """Where a free block from a Chance card may go (``seat``'s districts with room)."""
    return block_targets(ctx, seat)


def _check_free(ctx: Ctx, a: act.PlaceFreeBlock) -> None:
    turn_holder(ctx, a.player, "free_block")
    if a.district not in free_block_targets(ctx, a.player):
        raise IllegalAction("place the free block on a district of yours with room "
                            "(not mortgaged)")


def _free(ctx: Ctx, a: act.PlaceFreeBlock) -> None:
    s = ctx.s
    if s.free_kind == "industrial":
        add_blocks(ctx, a.player, [], [a.district], free=True)
    else:
        add_blocks(ctx, a.player, [a.district], [], free=True)
    s.free_kind = None
    s.phase = "turn"


register("place_free_block", _check_free, _free)


# ---------------------------------------------------------------------- stadiums
def stadium_problem(ctx: Ctx, seat: int, space: int) -> str | None:
    """Why ``seat`` may not build a stadium on ``space`` (``None``: they may)."""
    b, s = ctx.b, ctx.s
    d = s.districts.get(space)
    if d is None or d.owner != seat:
        return "build it on a district of yours"
    if d.mortgage:
        return f"{b.name[space]} is mortgaged"
    if sum(1 for o in s.districts.values() if o.stadium) >= b.stadiums:
        return "both stadiums are built"
    group = b.group_spaces(space)
    if any(s.districts[g].stadium for g in group):
        return "this colour group has its stadium"
    if sum(1 for g in group if s.districts[g].owner == seat) < b.stadium_districts_needed:
        return "you need 2 districts of this colour group"
    if s.players[seat].cash < b.stadium_price:
        return f"a stadium costs M{money(b.stadium_price)}"
    return None


def register_landmark(kind: str, problem, price, event: str) -> None:
    """Register ``build_<kind>`` (a stadium, a skyscraper, the Tower): the turn holder builds it
    when ``problem(ctx, seat, space)`` finds nothing against it, paying the bank
    ``price(book, space)`` (M) and setting the district's ``<kind>`` flag; emits ``event``
    (player, district, price). Raises :class:`IllegalAction` with the problem's words."""

    def check(ctx: Ctx, a) -> None:
        turn_holder(ctx, a.player, "turn")
        found = problem(ctx, a.player, a.district)
        if found:
            raise IllegalAction(found)

    def perform(ctx: Ctx, a) -> None:
        amount = price(ctx.b, a.district)
        ctx.transfer(a.player, BANK, amount, kind, extra={"district": a.district})
        setattr(ctx.s.districts[a.district], kind, True)
        ctx.emit(event, player=a.player, district=a.district, price=amount)

    register(f"build_{kind}", check, perform)


register_landmark("stadium", stadium_problem, lambda b, space: b.stadium_price, "StadiumBuilt")


# ---------------------------------------------------------------------- skyscrapers
def skyscraper_problem(ctx: Ctx, seat: int, space: int) -> str | None:
    """Why ``seat`` may not build a skyscraper on ``space`` (``None``: they may)."""
    b, s = ctx.b, ctx.s
    d = s.districts.get(space)
    if d is None or d.owner != seat:
        return "build it on a district of yours"
    if d.mortgage:
        return f"{b.name[space]} is mortgaged"
    group = b.groups[b.group_of[space]]
    if any(s.districts[g].skyscraper for g in group.spaces):
        return "this colour group has its skyscraper"
    if not owns_group(s, b, seat, group.id):
        return "you need every district of this colour group"
    if s.players[seat].cash < group.skyscraper:
        return f"this skyscraper costs M{money(group.skyscraper)}"
    return None


register_landmark("skyscraper", skyscraper_problem,
                  lambda b, space: b.groups[b.group_of[space]].skyscraper, "SkyscraperBuilt")


# ---------------------------------------------------------------------- the Jiji Tower
def tower_problem(ctx: Ctx, seat: int, space: int) -> str | None:
    """Why ``seat`` may not build the Jiji Tower on ``space`` (``None``: they may)."""
    b, s = ctx.b, ctx.s
    d = s.districts.get(space)
    if d is None or d.owner != seat:
        return "build it on a district of yours"
    if d.mortgage:
        return f"{b.name[space]} is mortgaged"
    if sum(1 for o in s.districts.values() if o.tower) >= b.towers:
        return "the Jiji Tower is built"
    whole = whole_groups(s, b, seat)
    if len(whole) < b.tower_groups_needed:
        return "you need every district of two colour groups"
    if b.group_of[space] not in whole:
        return "build it in one of the colour groups you own whole"
    if s.players[seat].cash < b.tower_price:
        return f"the Jiji Tower costs M{money(b.tower_price)}"
    return None


register_landmark("tower", tower_problem, lambda b, space: b.tower_price, "TowerBuilt")


def tower_or_skyscraper(ctx: Ctx, legal, cash: int, reserve: int):
    """Of the listed ``legal`` actions, the Jiji Tower's build, else a skyscraper's, whose
    price (the tower's, or the group's skyscraper price, in M) leaves ``cash`` at least
    ``reserve``: on the listed district with the highest rent value; ``None`` when none does.
    Shared by the standing orders and the bots (rulebook "Jiji Tower", "Skyscrapers")."""
    b, s = ctx.b, ctx.s
    for name in ("build_tower", "build_skyscraper"):
        options = [a for a in legal if a.type == name]
        if options:
            price = b.tower_price if name == "build_tower" else \
                b.groups[b.group_of[options[0].district]].skyscraper
            if cash - price >= reserve:
                return max(options, key=lambda a: rent_value(b, s, a.district))
    return None


# ---------------------------------------------------------------------- Building Permits
def permit_options(ctx: Ctx, seat: int) -> list[tuple[int, str]]:
    """Every ``(district, building)`` ``seat`` may place from a Building Permit: a bonus on
    their own or an unowned district, a nuisance on another player's or an unowned one; the
    district free of permit buildings; the bank holding a piece of that kind."""
    b, s = ctx.b, ctx.s
    bonuses = [k for k in b.bonuses if s.supply.get(k, 0) > 0]
    nuisances = [k for k in b.nuisances if s.supply.get(k, 0) > 0]
    out: list[tuple[int, str]] = []
    for space, d in s.districts.items():
        if d.permit is not None:
            continue
        if d.owner is None or d.owner == seat:
            out.extend((space, k) for k in bonuses)
        if d.owner != seat:
            out.extend((space, k) for k in nuisances)
    return out


def permit_problem(ctx: Ctx, seat: int, space: int, building: str) -> str | None:
    """Why ``seat`` may not place ``building`` on ``space`` (``None``: they may)."""
    b, s = ctx.b, ctx.s
    d = s.districts.get(space)
    if d is None:
        return f"space {space} is not a district"
    if building not in b.supply:
        return f"no such building {building!r}"
    if s.supply.get(building, 0) <= 0:
        return f"the bank has no {building.replace('_', ' ')} left"
    if d.permit is not None:
        other = "a bonus" if d.permit not in b.nuisances else "a nuisance"
        return f"{b.name[space]} already has {other} building ({d.permit.replace('_', ' ')})"
    if building in b.nuisances:
        if d.owner == seat:
            return "a nuisance goes on another player's district or an unowned one"
    elif d.owner not in (None, seat):
        return "a bonus goes on your own district or an unowned one"
    return None


def _check_permit(ctx: Ctx, a: act.PlacePermit) -> None:
    turn_holder(ctx, a.player, "permit")
    problem = permit_problem(ctx, a.player, a.district, a.building)
    if problem:
        raise IllegalAction(problem)


def _permit(ctx: Ctx, a: act.PlacePermit) -> None:
    s = ctx.s
    s.supply[a.building] -= 1
    s.districts[a.district].permit = a.building
    nuisance = a.building in ctx.b.nuisances
    ctx.emit("PermitPlaced", player=a.player, district=a.district, building=a.building,
             sort="nuisance" if nuisance else "bonus",
             owner=s.districts[a.district].owner)
    after_landing(ctx)


register("place_permit", _check_permit, _permit)


def removal_cost(ctx: Ctx, space: int) -> int:
    """What taking the nuisance off ``space`` costs: M500k per block it counts for."""
    d = ctx.s.districts[space]
    return ctx.b.nuisances[d.permit] * ctx.b.removal_per_block if has_nuisance(ctx.b, d) else 0  # type: ignore[index]  # has_nuisance: a permit building stands


def _check_remove(ctx: Ctx, a: act.RemoveNuisance) -> None:
    turn_holder(ctx, a.player, "roll", "turn")
    owned_by(ctx, a.player, a.district)
    if not has_nuisance(ctx.b, ctx.s.districts[a.district]):
        raise IllegalAction(f"there is no nuisance on {ctx.b.name[a.district]}")
    if ctx.s.players[a.player].cash < removal_cost(ctx, a.district):
        raise IllegalAction(f"removing it costs M{removal_cost(ctx, a.district):,}")


def _remove(ctx: Ctx, a: act.RemoveNuisance) -> None:
    s = ctx.s
    d = s.districts[a.district]
    cost = removal_cost(ctx, a.district)
    ctx.transfer(a.player, BANK, cost, "nuisance_removal", extra={"district": a.district})
    ctx.emit("NuisanceRemoved", player=a.player, district=a.district, building=d.permit, cost=cost)
    s.supply[d.permit] += 1  # type: ignore[index]  # _check_remove: a nuisance stands on it
    d.permit = None


register("remove_nuisance", _check_remove, _remove)


upper("build", permit_options)
