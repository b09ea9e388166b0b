"""Choices Jiji's standing orders (:mod:`engine.jiji.orders`) and its bots
(:mod:`engine.jiji.bots.policy`) make the same way, in one place: rules never import bots, bots
may use rules. Each reads only the open table (ownership, buildings, cash, positions, the
bank's supply), never the seed or the Chance pile, and picks among the ``legal`` actions it is
given (the seat's listing); the knobs that differ between a bot and a seat's orders (shares,
weights) are parameters. Rents come from :mod:`engine.jiji.rent`, so no figure disagrees with
the rules'."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.jiji import actions as act
from engine.jiji.build import block_targets
from engine.jiji.data import Book
from engine.jiji.flow import Ctx
from engine.jiji.rent import doubled, has_bonus, has_nuisance, rent_value
from engine.jiji.state import JijiState


def first(legal: Iterable[Any], type_: str) -> Any | None:
    """The first listed action of ``type_`` in ``legal`` (``None``: none)."""
    return next((a for a in legal if a.type == type_), None)


def rent_with(b: Book, s: JijiState, space: int, res: int = 0, ind: int = 0,
              nuisance: bool | None = None) -> int:
    """District ``space``'s rent (M) with ``res``/``ind`` more blocks, and with a nuisance or
    without one (``None``: as it stands): residential blocks count nothing under a nuisance,
    at most ``max_blocks`` count, doubled by a skyscraper or the tower of its owner."""
    d = s.districts[space]
    on = has_nuisance(b, d) if nuisance is None else nuisance
    rent = b.rents[space][min(d.ind + ind + (0 if on else d.res + res), b.max_blocks)]
    return rent * 2 if d.owner is not None and doubled(b, s, space) else rent


def nuisance_loss(b: Book, s: JijiState, space: int) -> int:
    """The rent (M) a nuisance on ``space`` would take off now (0: one is there already, or
    no residential block)."""
    d = s.districts[space]
    if has_nuisance(b, d) or not d.res:
        return 0
    return rent_with(b, s, space) - rent_with(b, s, space, nuisance=True)


def nuisances_left(b: Book, s: JijiState) -> bool:
    """Whether the bank still holds a nuisance building (one can still fall on a district)."""
    return any(s.supply.get(k, 0) > 0 for k in b.nuisances)


def covering_mortgage(b: Book, s: JijiState, seat: int, legal: Iterable[Any]) -> Any | None:
    """``seat`` owes more than it holds: the listed mortgage whose value (the district's rent
    value: rulebook "Mortgaging a district") covers the shortfall most closely, else the one
    raising most; ``None`` when none is listed."""
    short = sum(d.amount for d in s.debts if d.debtor == seat) - s.players[seat].cash
    options = [a for a in legal if a.type == "mortgage"]
    if not options:
        return None
    value = {a.district: rent_value(b, s, a.district, ignore_mortgage=True) for a in options}
    enough = [a for a in options if value[a.district] >= short]
    if enough:
        return min(enough, key=lambda a: value[a.district])
    return max(options, key=lambda a: value[a.district])


def best_jump(b: Book, s: JijiState, seat: int, legal: Iterable[Any]) -> Any | None:
    """The listed station jump to an unowned district (to buy it) or one of ``seat``'s own
    (safe), better when it passes GO (its salary), a mortgaged one of another player's last;
    never onto another player's rent. ``None``: no such jump."""
    here = s.players[seat].pos
    best, best_score = None, 0.0
    for a in legal:
        if a.type != "jump":
            continue
        d = s.districts[a.district]
        if d.owner == seat:
            score = 1.0
        elif d.owner is None:
            score = 2.0
        elif d.mortgage:
            score = 0.5
        else:
            continue
        if a.district < here:
            score += b.salary / 1_000_000  # passing GO pays
        if score > best_score:
            best, best_score = a, score
    return best


def free_block(b: Book, s: JijiState, legal: Iterable[Any]) -> Any | None:
    """The Chance card's free block: where it adds the most rent, else the listed decline."""
    options = [a for a in legal if a.type == "place_free_block"]
    if not options:
        return first(legal, "decline_build")
    res, ind = (0, 1) if s.free_kind == "industrial" else (1, 0)
    return max(options, key=lambda a: rent_with(b, s, a.district, res, ind) - rent_with(b, s, a.district))


def placement(ctx: Ctx, seat: int, legal: Iterable[Any], budget: int,
              kinds: tuple[str, ...] = ("res", "ind"), risk: float = 0.0,
              industrial_bonus: float = 0.0) -> Any | None:
    """What Construction granted ``seat``, placed: a station on the listed district with the
    highest rent; blocks one at a time where each adds the most rent per M, among ``kinds``
    (``"res"``, ``"ind"``), each within what is left of ``budget`` (M), residential rent
    discounted by ``risk`` (0..1) unless a bonus guards the district, industrial rent raised
    by ``industrial_bonus``; the listed decline when nothing is placed."""
    b, s = ctx.b, ctx.s
    if s.grant == 0:
        stations = [a for a in legal if a.type == "place_station"]
        if not stations:
            return first(legal, "decline_build")
        return max(stations, key=lambda a: rent_value(b, s, a.district))
    plan: dict[str, list[int]] = {"res": [], "ind": []}
    for _ in range(s.grant):
        best, best_score = None, 0.0
        for space in block_targets(ctx, seat):
            d = s.districts[space]
            r, i = plan["res"].count(space), plan["ind"].count(space)
            if d.res + d.ind + r + i >= b.max_blocks:
                continue
            here = rent_with(b, s, space, r, i)
            for kind in kinds:
                price = b.res_price[space] if kind == "res" else b.ind_price[space]
                if price > budget:
                    continue
                gain: float = rent_with(b, s, space, r + (kind == "res"), i + (kind == "ind")) - here
                if kind == "res" and not has_bonus(b, d):
                    gain *= 1 - risk
                if kind == "ind":
                    gain *= 1 + industrial_bonus
                if gain / price > best_score:
                    best, best_score = (space, kind, price), gain / price
        if best is None:
            break
        space, kind, price = best
        budget -= price
        plan[kind].append(space)
    choice = act.make(act.PlaceBlocks, player=seat, residential=plan["res"], industrial=plan["ind"])
    if (plan["res"] or plan["ind"]) and choice in legal:
        return choice
    return first(legal, "decline_build")


def permit_choice(b: Book, s: JijiState, legal: Iterable[Any], leader: int | None,
                  leader_weight: float, risk: float) -> Any | None:
    """The Building Permit's building that hurts most or guards most: a nuisance where it takes
    the most rent (the ``leader``'s districts counted ``leader_weight`` times), the bigger the
    better; a bonus on one's own district whose residential rent is most at risk (``risk``:
    0..1, 0 once the bank holds no nuisance); an unowned district last. ``None``: no permit
    building listed."""
    def score(a: Any) -> float:
        d = s.districts[a.district]
        if a.building in b.nuisances:
            size = b.nuisances[a.building] * 0.01
            if d.owner is None:
                return 1.0 + size
            weight = leader_weight if d.owner == leader else 1.0
            return nuisance_loss(b, s, a.district) * weight + 10 + size
        if d.owner is None:
            return 0.5
        return nuisance_loss(b, s, a.district) * risk * 2 + 5

    return max((a for a in legal if a.type == "place_permit"), key=score, default=None)
