"""Mulodi actions: pydantic models in a ``type``-discriminated union (the service builds one
route per type, ``POST /games/{id}/mulodi/<type with - for _>``, with the fields other than
``type`` and ``player`` as the request body).

Every action names the acting seat in ``player`` (set by the service from the caller's seat).
Cards are named by their wire id (``"c017"``): a card of the player's own hand, or a card on
the table. Wire form: ``{"type": "bank", "player": 0, "card": "c017"}``; :func:`parse`
validates it and raises :class:`engine.InvalidAction`.

Turn actions (the player whose turn it is, while no response window is open): ``bank``,
``play_property``, ``move_wildcard``, ``rent``, ``multi_rent``, ``land_grab``,
``land_trade``, ``yaaye_deal``, ``banja``, ``wedding_meeting``, ``yongeza``, ``apartment``,
``arcade``, ``end_turn``. Answers (the holder of a pending decision, named by ``decision``):
``neda``, ``accept``, ``pay``. The table's own action: ``timeout``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import action_maker, make_action, read_action

Seat = Annotated[int, Field(ge=0, le=4, description="a seat (0-based)")]
CardId = Annotated[str, Field(pattern=r"^c(0\d\d|10[0-5])$", description="a card's id, c000 to c105, e.g. c017")]
ColourId = Literal["brown", "light_blue", "pink", "orange", "red", "yellow", "green",
                   "dark_blue", "taxi_park", "utility"]
DecisionId = Annotated[int, Field(ge=1, le=10_000_000, description="a pending decision's id")]
Doubles = Annotated[int, Field(ge=0, le=2, description="Double the Rent cards laid with it")]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: Seat


# ------------------------------------------------------------------------------ your turn
class Bank(_Action):
    """Lay a money card, or an action card as money, in your bank (a play)."""

    type: Literal["bank"] = "bank"
    card: CardId


class PlayProperty(_Action):
    """Lay a property card in your property section (a play): a wildcard as one of its two
    colours, a Master as any colour (``colour``; a plain property's own colour, or omitted)."""

    type: Literal["play_property"] = "play_property"
    card: CardId
    colour: ColourId | None = None


class MoveWildcard(_Action):
    """Move a wildcard of your property section to another of its colours (a Master: any
    colour). Free, on your turn: not a play."""

    type: Literal["move_wildcard"] = "move_wildcard"
    card: CardId
    colour: ColourId


class Rent(_Action):
    """Play a two-colour Rent card: every other player pays you the rent of ``colour`` (one of
    the card's colours you have in front of you), doubled by each Double the Rent laid with it
    (``doubles``; each is a play)."""

    type: Literal["rent"] = "rent"
    card: CardId
    colour: ColourId
    doubles: Doubles = 0


class MultiRent(_Action):
    """Play a Multi-coloured Rent: ``target`` pays you the rent of any one of your colours,
    doubled by each Double the Rent laid with it."""

    type: Literal["multi_rent"] = "multi_rent"
    card: CardId
    colour: ColourId
    target: Seat
    doubles: Doubles = 0


class LandGrab(_Action):
    """Play a Land Grab: take ``property`` (a card of ``target``'s property section, not from
    a full set)."""

    type: Literal["land_grab"] = "land_grab"
    card: CardId
    target: Seat
    property: CardId


class LandTrade(_Action):
    """Play a Land Trade: swap ``give`` (one of your properties) for ``property`` (one of
    ``target``'s), neither from a full set."""

    type: Literal["land_trade"] = "land_trade"
    card: CardId
    target: Seat
    property: CardId
    give: CardId


class YaayeDeal(_Action):
    """Play a Yaaye Deal: take ``target``'s full set of ``colour`` (``set``: which, when they
    have two), with its Apartment and Arcade."""

    type: Literal["yaaye_deal"] = "yaaye_deal"
    card: CardId
    target: Seat
    colour: ColourId
    set: int = Field(0, ge=0, le=3)


class Banja(_Action):
    """Play a Banja: ``target`` pays you 50M."""

    type: Literal["banja"] = "banja"
    card: CardId
    target: Seat


class WeddingMeeting(_Action):
    """Play a Wedding Meeting: every other player pays you 20M."""

    type: Literal["wedding_meeting"] = "wedding_meeting"
    card: CardId


class Yongeza(_Action):
    """Play a Yongeza: pick up 2 extra cards from the draw pile."""

    type: Literal["yongeza"] = "yongeza"
    card: CardId


class Apartment(_Action):
    """Add an Apartment to your full set of ``colour`` (+30M rent)."""

    type: Literal["apartment"] = "apartment"
    card: CardId
    colour: ColourId


class Arcade(_Action):
    """Add an Arcade to your full set of ``colour`` that has an Apartment (+40M rent)."""

    type: Literal["arcade"] = "arcade"
    card: CardId
    colour: ColourId


class EndTurn(_Action):
    """End your turn. With more than 7 cards in hand, ``returned`` names the extra cards (as
    many as you hold over 7), which go to the bottom of the draw pile; otherwise it is empty."""

    type: Literal["end_turn"] = "end_turn"
    returned: list[CardId] = Field(default_factory=list, max_length=40)


# ------------------------------------------------------------------------------ answers
class Neda(_Action):
    """Answer pending decision ``decision`` with a Neda from your hand: cancel the action card
    played against you (or, as its player, cancel the Neda played against it)."""

    type: Literal["neda"] = "neda"
    decision: DecisionId


class Accept(_Action):
    """Answer pending decision ``decision`` without a Neda: the card (or the Neda) stands."""

    type: Literal["accept"] = "accept"
    decision: DecisionId


class Pay(_Action):
    """Pay the debt of pending decision ``decision`` with ``cards`` of your table (bank and
    property section; not a Master). They must cover the debt, unless they are everything you
    can pay with; there is no change."""

    type: Literal["pay"] = "pay"
    decision: DecisionId
    cards: list[CardId] = Field(min_length=1, max_length=106)


class Timeout(_Action):
    """The table answers for ``player``, whose decision ``decision`` passed its deadline (no
    Neda; the engine's payment choice; the turn ended). Applied by the service's timers only."""

    type: Literal["timeout"] = "timeout"
    decision: DecisionId


PLAYER_ACTIONS: tuple[type[_Action], ...] = (
    Bank, PlayProperty, MoveWildcard, Rent, MultiRent, LandGrab, LandTrade, YaayeDeal, Banja,
    WeddingMeeting, Yongeza, Apartment, Arcade, EndTurn, Neda, Accept, Pay)
"""The actions a player may send, one route each."""
_EVERY_ACTION: tuple[type[_Action], ...] = (*PLAYER_ACTIONS, Timeout)
ACTION_TYPES: dict[str, type[_Action]] = {
    cls.model_fields["type"].default: cls for cls in _EVERY_ACTION}
"""Every action type (the table's ``timeout`` included) -> its model."""
SYSTEM_ACTIONS = frozenset({"timeout"})


def parse(data: dict) -> _Action:
    """Validate ``data`` as a Mulodi action (:func:`engine.core.read_action`); raises
    :class:`InvalidAction` naming the problem."""
    return read_action("Mulodi", ACTION_TYPES, data)  # type: ignore[return-value]  # a model of ACTION_TYPES: an _Action


make = make_action
"""An action built without validation (:func:`engine.core.make_action`)."""
maker = action_maker
"""A positional constructor of one action model (:func:`engine.core.action_maker`)."""
