"""What each seat sees of a Jiji game: the state's view and every event's, from allow-lists.

Everything on the table is open: cash, districts and their buildings, positions, the open
auction and its bids, debts, the Chance discard and the Get Out of Jail cards in front of
players, the exemption card's place, the clock. Hidden: the seed, the random counter and
scripted outcomes (so the Construction unit's next answer and the dice), the Chance pile's
order (its size is shown), and the deals between two other players. The view is built field
by field from :data:`OPEN_FIELDS` (never by deleting secrets from a full dump); events are
shown through :data:`EVENT_SHAPES`. Derived figures (rent values, wealth, mortgage values,
removal costs) are added so clients never recompute rules.
"""

from __future__ import annotations

from typing import Any

from engine.core import EventShape
from engine.jiji import auction
from engine.jiji.flow import Ctx
from engine.jiji.rent import districts_value, rent_value, wealth, whole_groups
from engine.jiji.state import JijiState

OPEN_FIELDS = ("ruleset", "bank", "supply", "cur", "phase", "turn", "doubles", "again",
               "pressed", "grant", "free_kind", "jump", "via", "auction_space", "rent",
               "last_roll", "queue", "discard", "exemption", "clock_end", "paused_at", "over")
"""State fields every seat and spectator sees as they are. Shown in part: ``players``,
``districts``, ``auction``, ``debts`` (in player terms), ``pile`` (its size), ``deals`` (to
their two parties), ``options`` (without ``scripted``). Never shown: ``seed``,
``rng_counter``, ``scripted``, the pile's order, ``seq``/``did``/``steps`` (bookkeeping),
``time`` (the last move's moment: it would tell a third player when two others deal)."""


def _all(*fields: str) -> EventShape:
    return EventShape(public=fields)


def _parties(*fields: str) -> EventShape:
    return EventShape(parties=fields)


EVENT_SHAPES: dict[str, EventShape] = {
    "AuctionClosed": _all("district", "winner", "price", "bids"),
    "AuctionOpened": _all("district", "opener", "bid", "minimum", "closes", "reason", "due"),
    "Bankrupt": _all("player", "creditor", "districts", "cards"),
    "BidPlaced": _all("player", "district", "amount", "closes", "extended"),
    "BlocksBuilt": _all("player", "district", "kind", "count", "cost", "residential",
                        "industrial"),
    "BuildDeclined": _all("player"),
    "CardDrawn": _all("player", "card", "text", "effect"),
    "ChanceShuffled": _all("cards"),
    "ClockStarted": _all("ends", "seconds"),
    "ConstructionPressed": _all("player", "grant"),
    "ConstructionUnused": _all("player", "grant"),
    "DealClosed": _parties("deal", "how"),
    "DealCompleted": _all("proposer", "to", "give", "get"),
    "DealOffered": _parties("deal", "proposer", "to", "expires", "give", "get", "due"),
    "DebtOwed": _all("debtor", "creditor", "amount", "reason"),
    "DebtPaid": _all("debtor", "creditor", "amount", "reason"),
    "DiceRolled": _all("player", "dice", "doubles"),
    "DistrictBought": _all("player", "district", "price"),
    "ExemptionTaken": _all("player", "source"),
    "ExemptionUsed": _all("player", "owner", "district", "amount"),
    "GameFinished": _all("winner", "termination", "turn", "standings"),
    "ClocksStopped": _all("at"),
    "ClocksRestarted": _all("at", "shift", "clock_ends", "auction_closes"),
    "Jailed": _all("player", "reason"),
    "MortgageLifted": _all("player", "district", "value"),
    "Mortgaged": _all("player", "district", "value"),
    "Moved": _all("player", "start", "end", "via"),
    "NuisanceRemoved": _all("player", "district", "building", "cost"),
    "OpeningRoll": _all("rolls"),
    "PassedGo": _all("player", "salary", "stadiums", "bonus"),
    "Payment": _all("payer", "payee", "amount", "reason", "district", "card", "deal"),
    "PermitPlaced": _all("player", "district", "building", "sort", "owner"),
    "PermitUnused": _all("player"),
    "Released": _all("player", "how", "card"),
    "RentDue": _all("player", "owner", "district", "amount"),
    "SkyscraperBuilt": _all("player", "district", "price"),
    "StadiumBuilt": _all("player", "district", "price"),
    "StationBuilt": _all("player", "district"),
    "StillJailed": _all("player", "tries"),
    "TaxDue": _all("player", "space", "amount"),
    "TowerBuilt": _all("player", "district", "price"),
    "TurnEnded": _all("player", "turn"),
    "TurnStarted": _all("player", "turn"),
    "TurnTimedOut": _all("player", "decision", "phase"),
}
"""Every Jiji event type and the fields each reader sees (:class:`engine.core.EventShape`):
deal offers and their closing only to their two parties (``private``); everything else to
all. ``due`` on ``AuctionOpened`` and ``DealOffered`` repeats the close and the expiry under
the name the service's notifications read a time from (``Ruleset.notice``)."""


def view(ruleset, state: JijiState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    """The state as seat ``viewer`` (``None``: a spectator) may see it, plus derived figures.
    ``reveal`` (a finished game's replay): every deal, and ``revealed``: the Chance pile in
    drawing order (card ids, the next card first)."""
    s = state
    b = ruleset.book
    ctx = Ctx(b, s)
    data: dict[str, Any] = {name: getattr(s, name) for name in OPEN_FIELDS}
    data = _json(data)
    data["viewer"] = viewer
    data["options"] = {k: v for k, v in s.options.dump().items()}
    data["players"] = [{"id": p.id, "cash": p.cash, "pos": p.pos, "out": p.out,
                        "jailed": p.jailed, "tries": p.tries, "cards": list(p.cards)}
                       for p in s.players]
    data["districts"] = {
        str(k): {"owner": d.owner, "mortgage": d.mortgage, "residential": d.res,
                 "industrial": d.ind, "station": d.station, "stadium": d.stadium,
                 "skyscraper": d.skyscraper, "tower": d.tower, "permit": d.permit}
        for k, d in s.districts.items()}
    a = s.auction
    data["auction"] = None if a is None else {
        "district": a.space, "opener": a.opener, "bids": [list(x) for x in a.bids],
        "bid": a.bid, "holder": a.holder, "minimum": auction.minimum_next(ctx),
        "opened": a.opened, "closes": a.close, "window": a.window, "reason": a.reason,
        "bidders": auction.bidders(ctx)}
    data["debts"] = [{"debtor": d.debtor, "creditor": "bank" if d.creditor is None else d.creditor,
                      "amount": d.amount, "reason": d.reason} for d in s.debts]
    data["deals"] = [d.public() for d in s.deals if reveal or viewer in (d.proposer, d.to)]
    data["chance"] = {"pile": len(s.pile), "discard": list(s.discard)}
    if reveal:
        data["revealed"] = {"chance_pile": list(s.pile)}
    visible = {d.id for d in s.deals if reveal or viewer in (d.proposer, d.to)}
    data["pending"] = [
        {"id": d.id, "player": d.player, "kind": d.kind,
         "deadline": None if d.deadline is None else {
             "kind": d.deadline.kind, "setting": d.deadline.setting,
             "seconds": d.deadline.seconds, "at": d.deadline.at},
         "detail": _json(dict(d.detail))}
        for d in ruleset.pending(s) if d.kind != "deal" or d.id in visible]
    seats = range(len(s.players))
    data["derived"] = {
        "rent": {str(k): rent_value(b, s, k) for k in s.districts},
        "wealth": {str(i): 0 if s.players[i].out else wealth(b, s, i) for i in seats},
        "districts_value": {str(i): districts_value(b, s, i) for i in seats},
        "mortgage_values": {str(k): rent_value(b, s, k, ignore_mortgage=True)
                            for k, d in s.districts.items() if d.owner is not None and not d.mortgage},
        "whole_groups": {str(i): whole_groups(s, b, i) for i in seats},
        "stadiums_left": b.stadiums - sum(1 for d in s.districts.values() if d.stadium),
        "tower_built": any(d.tower for d in s.districts.values()),
        "total_money": s.bank + sum(p.cash for p in s.players),
    }
    return data


def _json(value: Any) -> Any:
    """A JSON-ready copy (lists for tuples, string keys)."""
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return value
