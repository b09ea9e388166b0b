"""Jiji actions: pydantic models (frozen, ``extra="forbid"``) in a ``type``-discriminated union.

Player actions name the acting seat in ``player`` (the service sets it from the caller's seat,
never from the request body) and are routed as ``POST /games/{id}/jiji/<type, - for _>``.
Actions whose rule needs the time carry ``now`` (Unix seconds), filled in by the service's
clock (:func:`engine.stamp`); the engine never reads a clock. System actions (the table's:
closing an auction, ending the clock, expiring a deal, ending an idle turn, pausing and
resuming) are applied only by the service's timers and saves (:data:`SYSTEM_TYPES`).

Wire form: ``{"type": "bid", "player": 2, "amount": 250000}``; :func:`parse` validates it and
raises :class:`engine.InvalidAction`. Money fields are M (multiples of M10k are checked by the
rules, which say why), districts are board spaces 0..39.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import make_action, read_action

Seat = Annotated[int, Field(ge=0, le=5, description="a seat")]
Space = Annotated[int, Field(ge=0, le=39, description="a board space (a district's)")]
Money = Annotated[int, Field(ge=0, le=10_000_000_000, description="an amount in M")]
Now = Annotated[int, Field(ge=0, description="Unix seconds, from the service's clock")]
Spaces = Annotated[list[Space], Field(max_length=22)]
Blocks = Annotated[list[Space], Field(max_length=3)]
Building = Literal["school", "park", "wind_farm", "water_tower",
                   "landfill", "power_station", "wastewater_plant", "prison"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: Seat


class _System(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------------- the turn
class Roll(_Action):
    """Roll the dice and move (in jail: try for doubles). ``now`` starts the game clock on the
    game's first roll at a clock table."""

    type: Literal["roll"] = "roll"
    now: Now = 0


class PayFine(_Action):
    """In jail, before rolling: pay the M500k fine; then roll and move as usual."""

    type: Literal["pay_fine"] = "pay_fine"


class UseCard(_Action):
    """In jail, before rolling: use a Get Out of Jail card; then roll and move as usual."""

    type: Literal["use_card"] = "use_card"


class Buy(_Action):
    """Buy the unowned district you landed on at its price."""

    type: Literal["buy"] = "buy"


class Auction(_Action):
    """Put the unowned district you landed on up for auction, with your ``opening_bid`` as the
    first bid (M10k at least, in M10k steps, at most your cash; 0 only when you hold less than
    M10k: the auction then opens without a bid)."""

    type: Literal["auction"] = "auction"
    opening_bid: Money
    now: Now = 0


class AuctionDistrict(_Action):
    """On an Auction space: put ``district`` (any unowned one) up for auction with your
    ``opening_bid`` (as for :class:`Auction`)."""

    type: Literal["auction_district"] = "auction_district"
    district: Space
    opening_bid: Money
    now: Now = 0


class Bid(_Action):
    """Bid ``amount`` in the open auction: at least the current bid plus M10k (M10k when nobody
    has bid), in M10k steps, at most your cash."""

    type: Literal["bid"] = "bid"
    amount: Money
    now: Now = 0


class PayRent(_Action):
    """Holding the rent exemption card, pay the rent demanded anyway (keep the card)."""

    type: Literal["pay_rent"] = "pay_rent"


class UseExemption(_Action):
    """Play the rent exemption card: pay nothing; the card goes back beside Free Parking."""

    type: Literal["use_exemption"] = "use_exemption"


class PlacePermit(_Action):
    """On a Building Permit: place ``building`` on ``district`` (a bonus on yours or an
    unowned one; a nuisance on another player's or an unowned one)."""

    type: Literal["place_permit"] = "place_permit"
    district: Space
    building: Building


class Construction(_Action):
    """Press the Construction unit (once a turn, after a roll): it grants 1, 2 or 3 blocks or
    a station, to place at once."""

    type: Literal["construction"] = "construction"


class PlaceBlocks(_Action):
    """Place the blocks the unit granted: one entry per block, a district of yours in
    ``residential`` or ``industrial`` (at most the grant; 8 blocks a district), bought at the
    group's block prices."""

    type: Literal["place_blocks"] = "place_blocks"
    residential: Blocks = []
    industrial: Blocks = []


class PlaceStation(_Action):
    """Place the station the unit granted on ``district`` (yours, free)."""

    type: Literal["place_station"] = "place_station"
    district: Space


class PlaceFreeBlock(_Action):
    """Place the free block a Chance card gave on ``district`` (yours)."""

    type: Literal["place_free_block"] = "place_free_block"
    district: Space


class DeclineBuild(_Action):
    """Place nothing of what the unit or a card granted."""

    type: Literal["decline_build"] = "decline_build"


class Jump(_Action):
    """Having landed on a district with a station: move to ``district``, another district with
    a station, and play that space (salary if it takes you past GO)."""

    type: Literal["jump"] = "jump"
    district: Space


class BuildStadium(_Action):
    """Build a stadium (M2M) on ``district``: you own 2 districts of its group."""

    type: Literal["build_stadium"] = "build_stadium"
    district: Space


class BuildSkyscraper(_Action):
    """Build the group's skyscraper on ``district``: you own its whole group."""

    type: Literal["build_skyscraper"] = "build_skyscraper"
    district: Space


class BuildTower(_Action):
    """Build the Jiji Tower (M7M) on ``district``: you own two whole groups, this district's
    among them."""

    type: Literal["build_tower"] = "build_tower"
    district: Space


class RemoveNuisance(_Action):
    """Pay M500k a block to have the nuisance on ``district`` (yours) taken away."""

    type: Literal["remove_nuisance"] = "remove_nuisance"
    district: Space


class Mortgage(_Action):
    """Mortgage ``district`` (yours): the bank pays its rent value now."""

    type: Literal["mortgage"] = "mortgage"
    district: Space


class LiftMortgage(_Action):
    """Lift the mortgage on ``district`` by paying back what the bank paid."""

    type: Literal["lift_mortgage"] = "lift_mortgage"
    district: Space


class EndTurn(_Action):
    """End your turn (not while a double obliges you to roll again)."""

    type: Literal["end_turn"] = "end_turn"


class DeclareBankruptcy(_Action):
    """Owing a payment you cannot make: leave the game (everything goes to your creditor; to
    the bank: your districts are auctioned)."""

    type: Literal["declare_bankruptcy"] = "declare_bankruptcy"
    now: Now = 0


# ---------------------------------------------------------------------- deals
class ProposeDeal(_Action):
    """Offer seat ``to`` a deal: you hand over ``give_cash``, ``give_districts`` and
    ``give_cards`` (Get Out of Jail cards) and receive ``get_cash``, ``get_districts`` and
    ``get_cards``. Districts go with their buildings and mortgages. The offer lapses after the
    table's deal time."""

    type: Literal["propose_deal"] = "propose_deal"
    to: Seat
    give_cash: Money = 0
    give_districts: Spaces = []
    give_cards: int = Field(0, ge=0, le=2)
    get_cash: Money = 0
    get_districts: Spaces = []
    get_cards: int = Field(0, ge=0, le=2)
    now: Now = 0


class AcceptDeal(_Action):
    """Accept deal ``deal`` offered to you (while both sides still hold what it names)."""

    type: Literal["accept_deal"] = "accept_deal"
    deal: int = Field(ge=1)


class DeclineDeal(_Action):
    """Decline deal ``deal`` offered to you."""

    type: Literal["decline_deal"] = "decline_deal"
    deal: int = Field(ge=1)


class WithdrawDeal(_Action):
    """Withdraw deal ``deal`` you offered."""

    type: Literal["withdraw_deal"] = "withdraw_deal"
    deal: int = Field(ge=1)


# ---------------------------------------------------------------------- the table's
class CloseAuction(_System):
    """The auction's time has run out at ``now``: the highest bid that can be paid wins."""

    type: Literal["close_auction"] = "close_auction"
    now: Now = 0


class EndGame(_System):
    """The game clock has run out at ``now``: wealth decides."""

    type: Literal["end_game"] = "end_game"
    now: Now = 0


class ExpireDeal(_System):
    """Deal ``deal``'s time limit has passed at ``now``."""

    type: Literal["expire_deal"] = "expire_deal"
    deal: int = Field(ge=1)
    now: Now = 0


class IdleEnd(_System):
    """Seat ``player`` left decision ``decision`` idle: the table plays the turn out without
    any optional choice."""

    type: Literal["idle_end"] = "idle_end"
    player: Seat
    decision: int = Field(ge=1)
    now: Now = 0


class Pause(_System):
    """The owner saved the game at ``now``: the game clock, auction and deal timers stop."""

    type: Literal["pause"] = "pause"
    now: Now = 0


class Resume(_System):
    """The owner resumed the game at ``now``: the timers restart with the time they had left."""

    type: Literal["resume"] = "resume"
    now: Now = 0


PLAYER_ACTIONS: tuple[type[BaseModel], ...] = (
    Roll, PayFine, UseCard, Buy, Auction, AuctionDistrict, Bid, PayRent, UseExemption,
    PlacePermit, Construction, PlaceBlocks, PlaceStation, PlaceFreeBlock, DeclineBuild, Jump,
    BuildStadium, BuildSkyscraper, BuildTower, RemoveNuisance, Mortgage, LiftMortgage, EndTurn,
    DeclareBankruptcy, ProposeDeal, AcceptDeal, DeclineDeal, WithdrawDeal)
SYSTEM_ACTIONS: tuple[type[BaseModel], ...] = (CloseAuction, EndGame, ExpireDeal, IdleEnd, Pause,
                                               Resume)
ACTION_TYPES: dict[str, type[BaseModel]] = {
    cls.model_fields["type"].default: cls for cls in (*PLAYER_ACTIONS, *SYSTEM_ACTIONS)}
SYSTEM_TYPES = frozenset(cls.model_fields["type"].default for cls in SYSTEM_ACTIONS)



make = make_action
"""An action built without validation (:func:`engine.core.make_action`)."""


def parse(data: dict) -> BaseModel:
    """Validate an action's JSON form (:func:`engine.core.read_action`); raises
    :class:`InvalidAction` with the first problem."""
    return read_action("Jiji", ACTION_TYPES, data)
