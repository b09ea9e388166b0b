"""What each seat sees of a Mulodi game: the state's view and every event's, from allow-lists.

Hidden (decisions file, "Hidden information"): each hand (shown to its owner only), the draw
pile and its order, the seed and the random counter, and what each seat knows of returned
cards. Everything on the table is open: banks, property sections with their sets, Apartments
and Arcades, the middle's size and top card, the card in play and its response windows, and
everyone's card counts. The view is built field by field from :data:`OPEN_FIELDS` (never by
deleting secrets from a full dump); events are shown through :data:`EVENT_SHAPES`, and name
cards by face, so an event never carries the id of a card that was hidden a moment before.
"""

from __future__ import annotations

from typing import Any

from engine.core import EventShape
from engine.mulodi import sets
from engine.mulodi.cards import card_id, deck
from engine.mulodi.state import MulodiState

D = deck()

OPEN_FIELDS = ("ruleset", "players", "options", "current", "turn", "plays_left", "winner",
               "termination")
"""State fields every seat and spectator sees as they are. The rest is shown only in part:
hands by their counts (and to their owner), the draw pile by its size, the middle by its size
and top card, the decisions as :meth:`~engine.mulodi.ruleset.MulodiRuleset.pending` gives
them; the seed, the random counter, the draw order and ``known`` are never shown."""

_STATE_KEYS = {"players": "players", "options": "options", "current": "current", "turn": "turn",
               "plays_left": "plays_left", "winner": "winner", "termination": "termination",
               "ruleset": "ruleset"}


def _all(*fields: str) -> EventShape:
    return EventShape(public=fields)


EVENT_SHAPES: dict[str, EventShape] = {
    "Accepted": _all("player", "target", "nedas", "action"),
    "ActionCancelled": _all("player", "target", "action"),
    "ActionPlayed": _all("player", "card", "action", "targets", "plays_left", "colour", "doubles",
                         "amount", "property", "give", "give_colour", "set"),
    "BuildingAdded": _all("player", "card", "colour"),
    "BuildingsBanked": _all("player", "colour", "cards"),
    "CardBanked": _all("player", "card", "value"),
    # The cards drawn or returned: their faces to the drawer only, the count to everyone.
    "CardsDrawn": EventShape(public=("player", "count", "reason"), parties=("cards",)),
    "CardsReturned": EventShape(public=("player", "count"), parties=("cards",)),
    "DecisionPending": _all("player", "kind", "decision", "detail"),
    "DrawPileReshuffled": _all("count"),
    "GameDealt": _all("players", "hand", "pile"),
    "GameFinished": _all("winner", "termination", "turn", "full_sets"),
    "NedaPlayed": _all("player", "against", "target", "nedas", "action"),
    "Paid": _all("payer", "payee", "debt", "paid", "to_bank", "to_properties", "how"),
    "PropertiesSwapped": _all("player", "target", "got", "colour", "gave", "give_colour"),
    "PropertyPlayed": _all("player", "card", "colour"),
    "PropertyTaken": _all("player", "target", "card", "colour"),
    "SetTaken": _all("player", "target", "colour", "cards", "buildings"),
    "TimedOut": _all("player", "decision", "kind"),
    "TurnEnded": _all("player", "turn"),
    "TurnStarted": _all("player", "turn"),
    "WildcardMoved": _all("player", "card", "colour", "previous"),
}
"""Every Mulodi event type and the fields each reader sees (:class:`engine.core.EventShape`)."""


def card(c: int) -> dict[str, Any]:
    """A card as views show it: id, face, readable name, bank value, kind."""
    return {"id": card_id(c), "face": D.face[c], "name": D.name[c], "value": D.value[c],
            "kind": D.kind[c]}


def property_section(s: MulodiState, seat: int) -> dict[str, Any]:
    """``seat``'s property section by colour: the sets as the engine arranges them (full
    first, then the unfinished one), their Apartments and Arcades, and the rent it charges."""
    out: dict[str, Any] = {}
    for colour in D.colour_ids:
        cards = s.props[seat].get(colour)
        if not cards:
            continue
        size = D.size_of[colour]
        full, loose = sets.arrange(cards, size)
        apts = s.apartments[seat].get(colour, [])
        arcs = s.arcades[seat].get(colour, [])
        groups = []
        for j, group in enumerate(full):
            groups.append({"cards": [card(c) for c in group], "full": True,
                           "apartment": card(apts[j]) if j < len(apts) else None,
                           "arcade": card(arcs[j]) if j < len(arcs) else None})
        if loose:
            groups.append({"cards": [card(c) for c in loose], "full": False,
                           "apartment": None, "arcade": None})
        out[colour] = {"sets": groups, "size": size, "rent": sets.rent_due(s, seat, colour)}
    return out


def view(s: MulodiState, viewer: int | None, pending: list[dict[str, Any]],
         play: dict[str, Any] | None, reveal: bool = False) -> dict[str, Any]:
    """The state as seat ``viewer`` (``None``: a spectator) may see it. ``pending``: the
    pending decisions as dicts; ``play``: the card in play (both built by the ruleset).
    ``reveal`` (a finished game's replay): also ``revealed``, every hand by seat (``"0"``,
    ``"1"``, ...) and the draw pile in drawing order (the next card first), as cards."""
    data: dict[str, Any] = {}
    for name in OPEN_FIELDS:
        value = getattr(s, _STATE_KEYS[name])
        data[name] = list(value) if isinstance(value, list) else (
            dict(value) if isinstance(value, dict) else value)
    data["viewer"] = viewer
    data["seats"] = [{
        "hand_count": len(s.hands[i]),
        "bank": [card(c) for c in s.banks[i]],
        "bank_value": sets.bank_value(s, i),
        "properties": property_section(s, i),
        "full_colours": sets.full_colours(s, i),
        "table_value": sets.table_value(s, i),
    } for i in range(len(s.players))]
    data["hand"] = ([card(c) for c in s.hands[viewer]]
                    if viewer is not None and 0 <= viewer < len(s.players) else None)
    data["draw_pile"] = len(s.pile)
    data["middle"] = {"count": len(s.middle), "top": card(s.middle[-1]) if s.middle else None}
    data["action"] = play
    data["pending"] = pending
    data["hand_limit"] = D.deal["hand_limit"]
    if reveal:
        data["revealed"] = {"hands": {str(i): [card(c) for c in hand]
                                      for i, hand in enumerate(s.hands)},
                            "draw_pile": [card(c) for c in reversed(s.pile)]}
    return data
