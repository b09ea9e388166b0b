"""Legal actions: the concrete choices of one seat, built without validating each candidate.

Candidates are made with ``model_construct`` from the same predicates the rules' checks use
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
from engine.jiji import auction, board, build
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
            out.append(act.Mortgage.model_construct(player=player, district=space))
        elif not owing and cash >= d.mortgage:
            out.append(act.LiftMortgage.model_construct(player=player, district=space))


def _turn_actions(ctx: Ctx, player: int, out: list, specs: dict) -> None:
    b, s = ctx.b, ctx.s
    p = s.players[player]
    phase = s.phase
    C = act
    if phase == "roll":
        out.append(C.Roll.model_construct(player=player))
        if p.jailed:
            if p.cash >= b.fine:
                out.append(C.PayFine.model_construct(player=player))
            if p.cards:
                out.append(C.UseCard.model_construct(player=player))
    elif phase == "buy":
        space = p.pos
        if p.cash >= b.price[space]:
            out.append(C.Buy.model_construct(player=player))
        for amount in _openings(ctx, player, space):
            out.append(C.Auction.model_construct(player=player, opening_bid=amount))
        specs["auction"] = {"minimum": b.minimum_bid if p.cash >= b.minimum_bid else 0,
                            "maximum": p.cash, "step": b.step, "districts": [space]}
    elif phase == "permit":
        for space, building in build.permit_options(ctx, player):
            out.append(C.PlacePermit.model_construct(player=player, district=space,
                                                     building=building))
    elif phase == "exemption":
        out.append(C.PayRent.model_construct(player=player))
        out.append(C.UseExemption.model_construct(player=player))
    elif phase == "free_block":
        for space in build.free_block_targets(ctx, player):
            out.append(C.PlaceFreeBlock.model_construct(player=player, district=space))
        out.append(C.DeclineBuild.model_construct(player=player))
    elif phase == "place":
        if s.grant == 0:
            for space in build.station_targets(ctx, player):
                out.append(C.PlaceStation.model_construct(player=player, district=space))
        else:
            rooms = {}
            for space in build.block_targets(ctx, player):
                room = build.room(ctx, space)
                rooms[space] = room
                res, ind = b.res_price[space], b.ind_price[space]
                for nr in range(s.grant + 1):
                    for ni in range(s.grant + 1 - nr):
                        if 1 <= nr + ni <= room and nr * res + ni * ind <= p.cash:
                            out.append(C.PlaceBlocks.model_construct(
                                player=player, residential=[space] * nr, industrial=[space] * ni))
            specs["place_blocks"] = {"grant": s.grant, "districts": rooms, "cash": p.cash}
        out.append(C.DeclineBuild.model_construct(player=player))
    elif phase == "turn":
        if s.again:
            out.append(C.Roll.model_construct(player=player))
        else:
            out.append(C.EndTurn.model_construct(player=player))
        if not s.pressed and build.can_press(ctx, player):
            out.append(C.Construction.model_construct(player=player))
        for space in board.jump_targets(ctx):
            out.append(C.Jump.model_construct(player=player, district=space))
        if s.auction_space:
            unowned = [k for k, d in s.districts.items() if d.owner is None]
            opening = _openings(ctx, player, None)[0]
            for space in unowned:
                out.append(C.AuctionDistrict.model_construct(
                    player=player, district=space, opening_bid=opening))
            specs["auction_district"] = {
                "minimum": b.minimum_bid if p.cash >= b.minimum_bid else 0, "maximum": p.cash,
                "step": b.step, "districts": unowned}
        for space, d in s.districts.items():
            if d.owner != player or d.mortgage:
                continue
            if build.stadium_problem(ctx, player, space) is None:
                out.append(C.BuildStadium.model_construct(player=player, district=space))
            if build.skyscraper_problem(ctx, player, space) is None:
                out.append(C.BuildSkyscraper.model_construct(player=player, district=space))
            if build.tower_problem(ctx, player, space) is None:
                out.append(C.BuildTower.model_construct(player=player, district=space))
    if phase in ("roll", "turn"):
        for space, d in s.districts.items():
            if d.owner == player and build.removal_cost(ctx, space) and \
                    p.cash >= build.removal_cost(ctx, space):
                out.append(C.RemoveNuisance.model_construct(player=player, district=space))
    if phase in TURN_PHASES:
        _money_actions(ctx, player, out)


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
                        out.append(act.Bid.model_construct(player=player, amount=least + raise_))
                specs["bid"] = {"minimum": least, "maximum": cash, "step": ctx.b.step}
        elif s.debts:
            if any(d.debtor == player for d in s.debts):
                _money_actions(ctx, player, out)
                out.append(act.DeclareBankruptcy.model_construct(player=player))
        elif player == s.cur:
            _turn_actions(ctx, player, out, specs)
        for deal in s.deals:
            if deal.to == player:
                if s.auction is None and _deal_ok(ctx, deal):
                    out.append(act.AcceptDeal.model_construct(player=player, deal=deal.id))
                out.append(act.DeclineDeal.model_construct(player=player, deal=deal.id))
            elif deal.proposer == player:
                out.append(act.WithdrawDeal.model_construct(player=player, deal=deal.id))
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
    from engine.jiji.deals import deal_problem

    return deal_problem(ctx, deal) is None
