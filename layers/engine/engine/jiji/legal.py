"""Legal actions: the concrete choices of one seat, built without validating each candidate.

Candidates are made with :func:`engine.jiji.actions.make` (no validation) from the same predicates the rules' checks use
(:mod:`engine.jiji.build`, :mod:`engine.jiji.auction`, ...); ``action in legal`` runs the rule
check :func:`~engine.jiji.flow.check_action` that ``apply`` runs, so it also answers for the
actions with free parameters described in ``LegalActions.specs``:

- ``bid``: ``{"minimum", "maximum", "step"}`` (M); ``auction`` / ``auction_district``:
  ``{"minimum", "maximum", "step", "districts"}``; ``place_blocks``: ``{"grant", "districts":
  {space: room}, "cash"}`` (blocks may be spread over several districts);
  ``propose_deal``: ``{"to", "give", "get"}`` with each side's cash, districts and cards.

Listed concretely: every other choice, a few bids (the least, then +100k, +500k, +1M, +5M)
and opening bids (M10k, half the price, the price), and placements on one district at a time.
"""

from __future__ import annotations

from typing import Any

from engine.core import EngineError, LegalActions
from engine.jiji import actions as act
from engine.jiji import auction, bankruptcy, board, build
from engine.jiji.deals import deal_problem
from engine.jiji.flow import Ctx, check_action
from engine.jiji.mortgage import TURN_PHASES

BID_RAISES = (0, 100_000, 500_000, 1_000_000, 5_000_000)


def _holdings(ctx: Ctx, seat: int) -> dict[str, Any]:
    p = ctx.s.players[seat]
    return {"cash": p.cash, "cards": len(p.cards),
            "districts": [k for k, d in ctx.s.districts.items() if d.owner == seat]}


def _openings(ctx: Ctx, seat: int, space: int | None) -> list[int]:
    cash = ctx.s.players[seat].cash
    step = ctx.b.step
    if cash < ctx.b.minimum_bid:
        return [0]
    found = {ctx.b.minimum_bid}
    if space is not None:
        price = ctx.b.price[space]
        found.update({price // 2 // step * step, price})
    return sorted(x for x in found if ctx.b.minimum_bid <= x <= cash)


def _money_actions(ctx: Ctx, player: int, out: list) -> None:
    """Mortgage and lift actions open to ``player`` now."""
    s = ctx.s
    owing = bool(s.debts)
    cash = s.players[player].cash
    for space, d in s.districts.items():
        if d.owner != player:
            continue
        if not d.mortgage:
            out.append(act.make(act.Mortgage, player=player, district=space))
        elif not owing and cash >= d.mortgage:
            out.append(act.make(act.LiftMortgage, player=player, district=space))


def _turn_actions(ctx: Ctx, player: int, out: list, specs: dict) -> None:
    b, s = ctx.b, ctx.s
    p = s.players[player]
    phase = s.phase

    if phase == "roll":
        out.append(act.make(act.Roll, player=player))
        if p.jailed:
            if p.cash >= b.fine:
                out.append(act.make(act.PayFine, player=player))
            if p.cards:
                out.append(act.make(act.UseCard, player=player))
    elif phase == "buy":
        space = p.pos
        if p.cash >= b.price[space]:
            out.append(act.make(act.Buy, player=player))
        for amount in _openings(ctx, player, space):
            out.append(act.make(act.Auction, player=player, opening_bid=amount))
        specs["auction"] = {"minimum": b.minimum_bid if p.cash >= b.minimum_bid else 0,
                            "maximum": p.cash, "step": b.step, "districts": [space]}
    elif phase == "permit":
        for space, building in build.permit_options(ctx, player):
            out.append(act.make(act.PlacePermit, player=player, district=space,
                                                     building=building))
    elif phase == "exemption":
        out.append(act.make(act.PayRent, player=player))
        out.append(act.make(act.UseExemption, player=player))
    elif phase == "free_block":
        for space in build.free_block_targets(ctx, player):
            out.append(act.make(act.PlaceFreeBlock, player=player, district=space))
        out.append(act.make(act.DeclineBuild, player=player))
    elif phase == "place":
        if s.grant == 0:
            for space in build.station_targets(ctx, player):
                out.append(act.make(act.PlaceStation, player=player, district=space))
        else:
            rooms = {}
            for space in build.block_targets(ctx, player):
                room = build.room(ctx, space)
                rooms[space] = room
                res, ind = b.res_price[space], b.ind_price[space]
                for nr in range(s.grant + 1):
                    for ni in range(s.grant + 1 - nr):
                        if 1 <= nr + ni <= room and nr * res + ni * ind <= p.cash:
                            out.append(act.make(act.PlaceBlocks,
                                player=player, residential=[space] * nr, industrial=[space] * ni))
            specs["place_blocks"] = {"grant": s.grant, "districts": rooms, "cash": p.cash}
        out.append(act.make(act.DeclineBuild, player=player))
    elif phase == "turn":
        if s.again:
            out.append(act.make(act.Roll, player=player))
        else:
            out.append(act.make(act.EndTurn, player=player))
        if not s.pressed and build.can_press(ctx, player):
            out.append(act.make(act.Construction, player=player))
        for space in board.jump_targets(ctx):
            out.append(act.make(act.Jump, player=player, district=space))
        if s.auction_space:
            unowned = [k for k, d in s.districts.items() if d.owner is None]
            opening = _openings(ctx, player, None)[0]
            for space in unowned:
                out.append(act.make(act.AuctionDistrict,
                    player=player, district=space, opening_bid=opening))
            specs["auction_district"] = {
                "minimum": b.minimum_bid if p.cash >= b.minimum_bid else 0, "maximum": p.cash,
                "step": b.step, "districts": unowned}
        _landmarks(ctx, player, out)
    if phase in ("roll", "turn"):
        for space, d in s.districts.items():
            if d.owner == player and build.removal_cost(ctx, space) and \
                    p.cash >= build.removal_cost(ctx, space):
                out.append(act.make(act.RemoveNuisance, player=player, district=space))
    if phase in TURN_PHASES:
        _money_actions(ctx, player, out)


def _landmarks(ctx: Ctx, player: int, out: list) -> None:
    """Stadiums, skyscrapers and the tower ``player`` may build now: the conditions of
    :func:`~engine.jiji.build.stadium_problem`, :func:`~engine.jiji.build.skyscraper_problem`
    and :func:`~engine.jiji.build.tower_problem`, counted once for the whole board."""
    b, s = ctx.b, ctx.s
    cash = s.players[player].cash
    stadiums = sum(1 for d in s.districts.values() if d.stadium)
    tower_built = sum(1 for d in s.districts.values() if d.tower) >= b.towers
    whole: list[str] = []
    for group in b.groups.values():
        ds = [s.districts[g] for g in group.spaces]
        mine = sum(1 for d in ds if d.owner == player)
        if not mine:
            continue
        if mine == len(ds):
            whole.append(group.id)
        stadium_ok = (stadiums < b.stadiums and cash >= b.stadium_price
                      and mine >= b.stadium_districts_needed and not any(d.stadium for d in ds))
        sky_ok = mine == len(ds) and cash >= group.skyscraper and not any(d.skyscraper for d in ds)
        for space, d in zip(group.spaces, ds, strict=True):
            if d.owner != player or d.mortgage:
                continue
            if stadium_ok:
                out.append(act.make(act.BuildStadium, player=player, district=space))
            if sky_ok:
                out.append(act.make(act.BuildSkyscraper, player=player, district=space))
    if not tower_built and len(whole) >= b.tower_groups_needed and cash >= b.tower_price:
        for name in whole:
            for space in b.groups[name].spaces:
                if not s.districts[space].mortgage:
                    out.append(act.make(act.BuildTower, player=player, district=space))


def legal_actions(ctx: Ctx, player: int) -> LegalActions:
    """Every action seat ``player`` may apply in ``ctx.s`` (the table's actions excluded)."""
    s = ctx.s
    out: list = []
    specs: dict[str, dict[str, Any]] = {}
    if (s.over is None and s.paused_at is None and 0 <= player < len(s.players)
            and not s.players[player].out):
        if s.auction is not None:
            if player in auction.bidders(ctx):
                least = auction.minimum_next(ctx)
                cash = s.players[player].cash
                for raise_ in BID_RAISES:
                    if least + raise_ <= cash:
                        out.append(act.make(act.Bid, player=player, amount=least + raise_))
                specs["bid"] = {"minimum": least, "maximum": cash, "step": ctx.b.step}
        elif s.debts:
            if any(d.debtor == player for d in s.debts):
                _money_actions(ctx, player, out)
                if bankruptcy.bankruptcy_problem(ctx, player) is None:
                    out.append(act.make(act.DeclareBankruptcy, player=player))
        elif player == s.cur:
            _turn_actions(ctx, player, out, specs)
        for deal in s.deals:
            if deal.to == player:
                if s.auction is None and _deal_ok(ctx, deal):
                    out.append(act.make(act.AcceptDeal, player=player, deal=deal.id))
                out.append(act.make(act.DeclineDeal, player=player, deal=deal.id))
            elif deal.proposer == player:
                out.append(act.make(act.WithdrawDeal, player=player, deal=deal.id))
        if s.auction is None and sum(1 for d in s.deals if d.proposer == player) \
                < ctx.b.max_open_deals:
            others = [i for i in s.active() if i != player]
            specs["propose_deal"] = {"to": others, "give": _holdings(ctx, player),
                                     "get": {str(i): _holdings(ctx, i) for i in others}}

    def check(action) -> None:
        if getattr(action, "player", None) != player:
            raise EngineError("not this player's action")
        if action.type in act.SYSTEM_TYPES:
            raise EngineError("the table's action, not a player's (see engine.deadline_action)")
        check_action(ctx, action)

    return LegalActions(out, check, specs)


def _deal_ok(ctx: Ctx, deal) -> bool:
    return deal_problem(ctx, deal) is None
