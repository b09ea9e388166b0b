"""Per-viewer views of a Mtaani state.

Nobody sees the seed, the random counter, scripted outcomes or the order of the decks; the rest
of Mtaani is open information. Derived figures (fees, prices, complete sets, net worth) are
added so clients never recompute rules.
"""

from __future__ import annotations

from typing import Any

from engine.mtaani import properties as prop
from engine.mtaani.cards import card_percent
from engine.mtaani.flow import Ctx

HIDDEN = {"seed", "rng_counter", "scripted", "decks"}


def view(ctx: Ctx, viewer: int | None) -> dict[str, Any]:
    """The state as seat ``viewer`` (``None``: a spectator) may see it, plus derived figures."""
    s, book = ctx.s, ctx.book
    data = s.model_dump(mode="json", exclude=HIDDEN)
    data["decks"] = {name: {"pile": len(d.pile), "discard": len(d.discard)} for name, d in s.decks.items()}
    data["viewer"] = viewer
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
    }
    return data
