"""Per-viewer views of a Mtaani state.

Nobody sees the seed, the random counter, scripted outcomes or the order of the decks; the rest
of Mtaani is open information. Derived figures (fees, prices, complete sets, net worth) are
added so clients never recompute rules.
"""

from __future__ import annotations

from typing import Any

from engine.mtaani import credit, insurance, municipal, renovation, specials
from engine.mtaani import properties as prop
from engine.mtaani.cards import card_percent
from engine.mtaani.flow import Ctx

HIDDEN = {"seed", "rng_counter", "scripted", "decks", "trades", "loan_offers"}


def view(ctx: Ctx, viewer: int | None) -> dict[str, Any]:
    """The state as seat ``viewer`` (``None``: a spectator) may see it, plus derived figures."""
    s, book = ctx.s, ctx.book
    data = s.model_dump(mode="json", exclude=HIDDEN)
    data["decks"] = {name: {"pile": len(d.pile), "discard": len(d.discard)} for name, d in s.decks.items()}
    data["viewer"] = viewer
    # Offers are private to their two parties.
    data["trades"] = [t.model_dump(mode="json") for t in s.trades if viewer in (t.proposer, t.to)]
    data["loan_offers"] = [o.model_dump(mode="json") for o in s.loan_offers
                           if viewer in (o.lender, o.borrower)]
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
