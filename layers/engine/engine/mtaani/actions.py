"""Mtaani actions: pydantic models in a ``type``-discriminated union.

Every action names the acting seat in ``player``. The service sets ``player`` from the caller's
seat (never from the request body); the engine checks that this seat may act.
Wire form: ``{"type": "roll", "player": 0}``; :func:`parse` validates it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.core import InvalidAction

Seat = Annotated[int, Field(ge=0, le=7, description="the acting seat")]
TileIndex = Annotated[int, Field(ge=0, le=255, description="a board tile index")]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: Seat


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
    """End your turn."""

    type: Literal["end_turn"] = "end_turn"


class Timeout(_Action):
    """System action: the table ends ``player``'s idle decision ``decision`` (its id)."""

    type: Literal["timeout"] = "timeout"
    decision: int = Field(ge=0)


Action = Annotated[
    Roll
    | Buy
    | Decline
    | ChooseDeck
    | PayBail
    | Bribe
    | Build
    | BuildBatch
    | SellUnit
    | SellBatch
    | Mortgage
    | Unmortgage
    | MortgageBatch
    | UnmortgageBatch
    | DeclareBankruptcy
    | EndTurn
    | Timeout,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
ACTION_TYPES: dict[str, type[_Action]] = {
    cls.model_fields["type"].default: cls
    for cls in _Action.__subclasses__()
}


def parse(data: dict) -> _Action:
    """Validate an action's JSON form; raises :class:`engine.InvalidAction` with the reason."""
    try:
        return ACTION_ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise InvalidAction(f"invalid action ({where}): {first.get('msg')}") from None
