"""What each seat sees of a Mtaani game: the state's view and every event's, from allow-lists.

Nobody sees the seed, the random counter, scripted outcomes, the order of the decks, or the
trade and loan offers between two other players (nor the counter of offers made); the rest of
Mtaani is open information. The view is built field by field from :data:`OPEN_FIELDS` (never by
deleting secrets from a full dump), and events are shown through :data:`EVENT_SHAPES`.
Derived figures (fees, prices, complete sets, net worth) are added so clients never recompute
rules.
"""

from __future__ import annotations

from typing import Any

from engine.core import EventShape
from engine.mtaani import credit, insurance, municipal, renovation, specials
from engine.mtaani import properties as prop
from engine.mtaani.cards import card_percent
from engine.mtaani.flow import Ctx

OPEN_FIELDS = (
    "ruleset", "options", "players", "props", "pool", "current", "turn", "revolutions",
    "rolled", "dice", "extra_turn", "decision", "decision_seq", "queue", "debts", "winner",
    "termination", "properties_bought", "loans", "insurance_price", "specials",
    "special_offers", "effects", "municipal", "event", "last_event_started",
)
"""State fields every seat and spectator sees as they are. The rest is shown only in part:
the decks by their sizes, offers to their two parties; the seed, the random counter, the
scripted outcomes, the count of offers and of actions are never shown."""


def _all(*fields: str) -> EventShape:
    return EventShape(public=fields)


def _offer(*fields: str) -> EventShape:
    return EventShape(parties=fields)


EVENT_SHAPES: dict[str, EventShape] = {
    "Bankrupt": _all("player", "creditor", "cash", "assets_paid"),
    # The exact odds stay hidden: the guide promises a hint (the guards' mood), not an oracle.
    "BribeOffered": EventShape(public=("player", "mood", "success"), kept=("odds",)),
    "CardDrawn": _all("player", "deck", "card", "text", "effect", "amount"),
    "ChamberOfCommerce": _all("revolution", "amount"),
    "DebtOwed": _all("debtor", "creditor", "amount", "reason", "tile"),
    "DecisionPending": _all("player", "kind", "decision", "tile"),
    "DeckChosen": _all("player", "deck", "tile"),
    "DeckReshuffled": _all("deck"),
    "DiceRolled": _all("player", "dice", "doubles"),
    "ExtraTurn": _all("player"),
    "GameFinished": _all("winner", "termination", "turn", "revolutions"),
    "GlobalEventEnded": _all("event", "revolution"),
    "GlobalEventStarted": _all("event", "revolution", "revolutions", "text"),
    "InsuranceBought": _all("player", "price", "next_price"),
    "InsuranceReturned": _all("player", "cards"),
    "InsuranceUsed": _all("player", "creditor", "covered", "reason"),
    "Jailed": _all("player", "reason", "turns"),
    "LoanClockRestarted": _all("due", "owed"),
    "LoanDue": _all("player", "lender", "loan", "amount", "called"),
    "LoanOfferClosed": _offer("offer", "by", "how"),
    "LoanOffered": _offer("offer", "proposer", "to", "lender", "borrower", "amount",
                          "interest_percent", "term"),
    "LoanRepaid": _all("player", "lender", "loan", "amount", "owed"),
    "LoanStarted": _all("loan", "lender", "borrower", "amount", "owed", "due"),
    "LoanTaken": _all("player", "lender", "amount", "owed", "due", "clock"),
    "Moved": _all("player", "start", "end", "steps", "via"),
    "Mugged": _all("player", "tile", "percent", "amount"),
    "MunicipalBusy": _all("player", "rule"),
    "MunicipalRuleActive": _all("rule", "by", "ends_after"),
    "MunicipalRuleExpired": _all("rule", "revolution"),
    "MunicipalRuleSet": _all("player", "rule", "active", "ends_after"),
    "MunicipalSkipped": _all("player"),
    "NoTradeCharge": _all("revolution", "amount"),
    "Payment": _all("payer", "payee", "amount", "reason", "tile", "card", "trade", "debtor"),
    "PoolShort": _all("player", "owed", "paid", "reason"),
    "PropertyBought": _all("player", "tile", "price"),
    "PropertyDeclined": _all("player", "tile", "fee"),
    "PropertyMortgaged": _all("player", "tile"),
    "PropertyRenovated": _all("player", "tile", "level", "cost", "renovations_left"),
    "PropertyUnmortgaged": _all("player", "tile"),
    "Released": _all("player", "how"),
    "RepaymentDemanded": _all("loan", "lender", "borrower", "principal", "interest_cancelled"),
    "RevolutionCompleted": _all("revolution", "net_worth"),
    "SentenceExtended": _all("player", "turns_left"),
    "SentenceServed": _all("player", "turns_left"),
    "SpecialCardBought": _all("player", "card", "price"),
    "SpecialCardOffered": _all("player", "card", "price"),
    "SpecialCardPlayed": _all("player", "card", "start", "end", "set", "demolished",
                              "ban_ends_after", "ends_after"),
    "SpecialEffectEnded": _all("card", "set", "revolution"),
    "TradeClosed": _offer("trade", "by", "how"),
    "TradeCompleted": _all("trade", "proposer", "to", "give", "get"),
    "TradeOffered": _offer("trade", "proposer", "to", "give", "get", "properties"),
    "TradeOpenChanged": _all("player", "open"),
    "TradePointSpent": _all("player", "left"),
    "TurnEnded": _all("player", "turn"),
    "TurnStarted": _all("player", "turn"),
    "TurnTimedOut": _all("player", "decision", "kind"),
    "UnitBuilt": _all("player", "tile", "units"),
    "UnitSold": _all("player", "tile", "units"),
}
"""Every Mtaani event type and the fields each reader sees (:class:`engine.core.EventShape`):
trade and loan offers, and their closing, only to their two parties; everything else to all."""


def view(ctx: Ctx, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    """The state as seat ``viewer`` (``None``: a spectator) may see it, plus derived figures.
    ``reveal`` (a finished game's replay): every trade and loan offer, and ``revealed``: each
    deck's draw pile, top card first (card ids)."""
    s, book = ctx.s, ctx.book
    data = s.model_dump(mode="json", include=set(OPEN_FIELDS))
    data["decks"] = {name: {"pile": len(d.pile), "discard": len(d.discard)} for name, d in s.decks.items()}
    data["viewer"] = viewer
    # Offers are private to their two parties.
    data["trades"] = [t.model_dump(mode="json") for t in s.trades
                      if reveal or viewer in (t.proposer, t.to)]
    data["loan_offers"] = [o.model_dump(mode="json") for o in s.loan_offers
                           if reveal or viewer in (o.lender, o.borrower)]
    if reveal:
        data["revealed"] = {"draw_piles": {name: list(d.pile) for name, d in s.decks.items()}}
    complete = {
        set_id: owner
        for set_id, tiles in book.set_tiles.items()
        if (owner := s.props[tiles[0]].owner) is not None and prop.owns_set(ctx, owner, set_id)
    }
    data["derived"] = {
        "revolution": s.revolutions + 1,
        "fees": {str(i): prop.fee(ctx, i) for i in book.properties},
        "prices": {str(i): prop.purchase_price(ctx, i) for i in book.properties},
        "bank_fees": {str(i): prop.bank_fee(ctx, i) for i in book.properties if s.props[i].owner is None},
        "complete_sets": complete,
        "net_worth": {str(i): prop.net_worth(ctx, i) for i in range(len(s.players))},
        "card_percent": card_percent(ctx),
        "total_money": s.pool + sum(p.cash for p in s.players),
        "insurance": {"price": s.insurance_price, "on_sale": insurance.cards_on_sale(ctx),
                      "max_held": insurance.max_held(ctx)},
        "specials_on_sale": [c for c in s.specials if specials.on_sale(ctx, c)],
        "municipal_in_force": municipal.in_force(ctx),
        "renovation": {
            "costs": {str(i): renovation.cost(ctx, i) for i in book.properties},
            "max_levels": {str(i): renovation.max_level(ctx, i) for i in book.properties},
            "allowance": {str(i): renovation.allowance(ctx, i) for i in range(len(s.players))},
        } if ctx.rules.renovation.enabled else None,
        "debt": {str(i): credit.debt_of(ctx, i) for i in range(len(s.players))},
    }
    if viewer is not None and 0 <= viewer < len(s.players):
        data["derived"]["bank_loan_limit"] = credit.bank_limit(ctx, viewer)
    return data
