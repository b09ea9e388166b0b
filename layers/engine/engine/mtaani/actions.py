"""Mtaani actions: pydantic models in a ``type``-discriminated union.

Every action names the acting seat in ``player``. The service sets ``player`` from the caller's
seat (never from the request body); the engine checks that this seat may act.
Wire form: ``{"type": "roll", "player": 0}``; :func:`parse` validates it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import read_action

Seat = Annotated[int, Field(ge=0, le=7, description="the acting seat")]
SpecialCard = Literal["teleport", "zoning", "injunction", "syndicate"]
TileIndex = Annotated[int, Field(ge=0, le=255, description="a board tile index")]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: Seat
    if TYPE_CHECKING:
        type: str  # every action class sets its own Literal (the checker's view only)


class Roll(_Action):
    """Roll the dice and move (or, in jail, try for doubles)."""

    type: Literal["roll"] = "roll"


class Buy(_Action):
    """Buy the unowned property you landed on at its purchase cost."""

    type: Literal["buy"] = "buy"


class Decline(_Action):
    """Do not buy: pay the property's fee to the bank instead."""

    type: Literal["decline"] = "decline"


class ChooseDeck(_Action):
    """On Fortune, choose which deck to draw from."""

    type: Literal["choose_deck"] = "choose_deck"
    deck: Literal["mtaani", "mathree"]


class PayBail(_Action):
    """Pay bail to walk out of jail (then roll as usual)."""

    type: Literal["pay_bail"] = "pay_bail"


class Bribe(_Action):
    """Bribe the guards. ``minute`` is the wall-clock minute (minutes since the Unix epoch),
    supplied by the service from its clock; the odds drift with it."""

    type: Literal["bribe"] = "bribe"
    minute: int = Field(0, ge=0)


class Build(_Action):
    """Build one unit on ``tile``."""

    type: Literal["build"] = "build"
    tile: TileIndex


class BuildBatch(_Action):
    """Level every property of ``set`` up to ``target`` units, evenly, as far as cash allows."""

    type: Literal["build_batch"] = "build_batch"
    set: str = Field(min_length=1, max_length=40)
    target: int = Field(ge=1, le=5)


class SellUnit(_Action):
    """Sell one unit of ``tile`` back to the bank at half its build cost."""

    type: Literal["sell_unit"] = "sell_unit"
    tile: TileIndex


class SellBatch(_Action):
    """Sell units of ``set`` evenly, most developed first, down to ``target`` units."""

    type: Literal["sell_batch"] = "sell_batch"
    set: str = Field(min_length=1, max_length=40)
    target: int = Field(ge=0, le=4)


class Mortgage(_Action):
    """Mortgage ``tile`` for its mortgage value."""

    type: Literal["mortgage"] = "mortgage"
    tile: TileIndex


class Unmortgage(_Action):
    """Lift the mortgage on ``tile`` for its mortgage value plus interest."""

    type: Literal["unmortgage"] = "unmortgage"
    tile: TileIndex


class MortgageBatch(_Action):
    """Mortgage eligible properties, most expensive first, until ``amount`` SFR is raised
    (every eligible property when ``amount`` is omitted)."""

    type: Literal["mortgage_batch"] = "mortgage_batch"
    amount: int | None = Field(None, ge=1)


class UnmortgageBatch(_Action):
    """Unmortgage properties, most expensive first, as far as cash allows."""

    type: Literal["unmortgage_batch"] = "unmortgage_batch"


class DeclareBankruptcy(_Action):
    """Give up: you cannot cover what you owe."""

    type: Literal["declare_bankruptcy"] = "declare_bankruptcy"


class EndTurn(_Action):
    """End your turn. ``now``: the moment (Unix seconds), set by the service's clock (a
    table with an end date ends at the first end of a turn after it)."""

    type: Literal["end_turn"] = "end_turn"
    now: int = Field(0, ge=0)


class TakeLoan(_Action):
    """Borrow ``amount`` SFR from the bank (10,000 up to your limit, in 1,000 steps)."""

    type: Literal["take_loan"] = "take_loan"
    amount: int = Field(ge=1, le=100_000_000)


class RepayLoan(_Action):
    """Repay a loan you owe: the bank loan (``loan`` omitted) or player loan ``loan``; a share
    of the balance (``percent``: 20 to 100 in steps of 5) or, with ``max``, the most you can
    afford now."""

    type: Literal["repay_loan"] = "repay_loan"
    loan: int | None = Field(None, ge=1, description="player loan id; omitted = the bank loan")
    percent: int | None = Field(None, ge=1, le=100)
    max: bool = False


class OfferLoan(_Action):
    """Propose a player loan to seat ``to``: you lend (``lend`` true) or ask to borrow."""

    type: Literal["offer_loan"] = "offer_loan"
    to: Seat
    lend: bool = True
    amount: int = Field(ge=1, le=100_000_000)
    interest_percent: int = Field(ge=0, le=100)
    term: int = Field(ge=1, le=100, description="game revolutions")


class AcceptLoan(_Action):
    """Accept loan offer ``offer`` made to you."""

    type: Literal["accept_loan"] = "accept_loan"
    offer: int = Field(ge=1)


class DeclineLoan(_Action):
    """Decline loan offer ``offer`` made to you, or withdraw your own."""

    type: Literal["decline_loan"] = "decline_loan"
    offer: int = Field(ge=1)


class DemandRepayment(_Action):
    """As the lender, demand early repayment of player loan ``loan``: all interest is
    cancelled and the principal is due at the borrower's next turn."""

    type: Literal["demand_repayment"] = "demand_repayment"
    loan: int = Field(ge=1)


class BuyInsurance(_Action):
    """Buy an insurance card at the current price."""

    type: Literal["buy_insurance"] = "buy_insurance"


class UseInsurance(_Action):
    """Spend an insurance card to cover the payment you cannot settle in cash."""

    type: Literal["use_insurance"] = "use_insurance"


class TradeItems(BaseModel):
    """What one side hands over: cash, properties (tile indices), insurance cards, special cards."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cash: int = Field(0, ge=0, le=1_000_000_000)
    properties: list[TileIndex] = Field(default_factory=list, max_length=48)
    insurance: int = Field(0, ge=0, le=8)
    specials: list[SpecialCard] = Field(default_factory=list, max_length=4)


class ProposeTrade(_Action):
    """Offer seat ``to`` a trade: you hand over ``give`` and receive ``get``."""

    type: Literal["propose_trade"] = "propose_trade"
    to: Seat
    give: TradeItems = Field(default_factory=TradeItems)
    get: TradeItems = Field(default_factory=TradeItems)


class AcceptTrade(_Action):
    """Accept trade offer ``trade`` made to you."""

    type: Literal["accept_trade"] = "accept_trade"
    trade: int = Field(ge=1)


class DeclineTrade(_Action):
    """Decline trade offer ``trade`` made to you, or withdraw your own."""

    type: Literal["decline_trade"] = "decline_trade"
    trade: int = Field(ge=1)


class SetTradeOpen(_Action):
    """Mark yourself open (true) or closed (false) to trade offers."""

    type: Literal["set_trade_open"] = "set_trade_open"
    open: bool


class ChooseMunicipal(_Action):
    """On Municipal, choose the table's temporary rule."""

    type: Literal["choose_municipal"] = "choose_municipal"
    rule: str = Field(min_length=1, max_length=40)


class BuySpecial(_Action):
    """Buy special card ``card``, on offer to you this turn since you landed on its home tile."""

    type: Literal["buy_special"] = "buy_special"
    card: SpecialCard


class Renovate(_Action):
    """Renovate the property you stand on instead of rolling (ends your turn)."""

    type: Literal["renovate"] = "renovate"


class PlayTeleport(_Action):
    """Jump from the property you own and stand on to ``tile``, another you own."""

    type: Literal["play_teleport"] = "play_teleport"
    tile: TileIndex


class PlayZoning(_Action):
    """Demolish every unit on ``set`` (no refund) and ban building there."""

    type: Literal["play_zoning"] = "play_zoning"
    set: str = Field(min_length=1, max_length=40)


class PlayInjunction(_Action):
    """Shield ``set`` (which you own) from Zoning and the Syndicate."""

    type: Literal["play_injunction"] = "play_injunction"
    set: str = Field(min_length=1, max_length=40)


class PlaySyndicate(_Action):
    """Start skimming fast-food, transport and comms rent."""

    type: Literal["play_syndicate"] = "play_syndicate"


class Timeout(_Action):
    """System action: the table ends ``player``'s idle decision ``decision`` (its id);
    ``now``: the moment, set by the service's clock (the turn it ends may end the game by its
    end date)."""

    type: Literal["timeout"] = "timeout"
    decision: int = Field(ge=0)
    now: int = Field(0, ge=0)


ACTION_TYPES: dict[str, type[_Action]] = {
    cls.model_fields["type"].default: cls
    for cls in _Action.__subclasses__()
}


INSTANCE_LIMIT = 4096
"""Most shared instances one :class:`Instances` keeps (it starts again when full)."""


class Instances:
    """Shared instances of frozen action class ``cls``, one per distinct field values, built
    (and validated) once: ``Instances(Build, "tile")(player, tile)``. The engine lists the same
    few hundred actions over and over, and a frozen model can be handed out many times."""

    __slots__ = ("cls", "found", "names")

    def __init__(self, cls: type[_Action], *names: str):
        self.cls = cls
        self.names = ("player", *names)
        self.found: dict[tuple, _Action] = {}

    def __call__(self, *values):
        """The instance with ``player`` and the named fields set to ``values``, in order."""
        found = self.found.get(values)
        if found is None:
            if len(self.found) >= INSTANCE_LIMIT:
                self.found.clear()
            found = self.found[values] = self.cls(**dict(zip(self.names, values, strict=True)))
        return found


def parse(data: dict) -> _Action:
    """Validate an action's JSON form (:func:`engine.core.read_action`); raises
    :class:`engine.InvalidAction` with the reason."""
    return read_action("Mtaani", ACTION_TYPES, data)  # type: ignore[return-value]  # one of ACTION_TYPES
