"""The Mtaani game state: plain pydantic models, JSON round-trippable, no behaviour.

Seats are numbered 0..n-1 in turn order; ``Player.id`` is a stable account or bot id (never a
handle: display names live in the service). Money is in SFR (integers). Clocks: ``turn``
(turns started), ``revolutions`` (completed; a revolution completes once every active player has
passed Payday since the last one), and each player's own ``laps`` (the classic preset's loan
clock).

Work the engine has still to do inside the current action (landing effects, payments, card
effects, revolution effects) sits in ``queue`` as :class:`Step` items, and payments a player
cannot cover sit in ``debts``; both survive a pause for a player's decision, so an action that
waits for input leaves a complete, storable state.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

DecisionKind = Literal[
    "turn",  # before rolling (jailed players: roll for doubles, bail or bribe)
    "buy",  # landed on an unowned property: buy it or pay its fee to the bank
    "deck",  # Fortune: choose the Mtaani or the Mathree deck
    "debt",  # a mandatory payment exceeds cash: raise funds or declare bankruptcy
    "end",  # after the roll: end the turn
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Player(_Model):
    """A seat at the table."""

    id: str = Field(description="stable account or bot id of the seat's occupant")
    cash: int = Field(description="SFR in hand; never negative")
    position: int = Field(0, description="board tile index, 0 = Payday")
    bankrupt: bool = False
    jail_turns: int = Field(0, description="turns of sentence left; 0 = not jailed")
    passed_payday: bool = Field(False, description="passed Payday since the last revolution")
    laps: int = Field(0, description="times this player has passed Payday")


class Property(_Model):
    """Ownership and development of one property tile."""

    owner: int | None = Field(None, description="owner's seat, None = unowned (the market)")
    units: int = Field(0, description="units built, 0..5")
    mortgaged: bool = False
    since: int = Field(0, description="revolutions completed when the owner acquired it")


class Debt(_Model):
    """A mandatory payment the debtor could not cover in cash (the raise-funds state)."""

    debtor: int
    creditor: int | None = Field(description="creditor's seat, None = the ATM pool")
    amount: int
    reason: str
    tile: int | None = None


class Step(_Model):
    """A unit of engine work queued inside an action (see module docstring)."""

    op: str
    player: int
    tile: int | None = None
    amount: int | None = None
    card: str | None = None
    data: dict[str, Any] | None = None


class PendingDecision(_Model):
    """What the game waits for: ``player`` (seat) must decide ``kind``."""

    id: int
    player: int
    kind: DecisionKind
    tile: int | None = None


class Deck(_Model):
    """A shuffled draw pile and its discards (card ids). Hidden from every viewer."""

    pile: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)


class Options(_Model):
    """Per-table options fixed at the deal."""

    max_turns: int | None = Field(None, description="end the game after this many turns (richest wins)")


class MtaaniState(_Model):
    """A whole Mtaani game (current rules or classic preset, see ``ruleset``)."""

    ruleset: str
    seed: int
    rng_counter: int = 0
    scripted: dict[str, list[Any]] = Field(default_factory=dict)
    options: Options = Field(default_factory=Options)
    players: list[Player]
    props: dict[int, Property]
    pool: int = Field(description="the bank's ATM pool, SFR")
    current: int = Field(0, description="seat whose turn it is")
    turn: int = Field(1, description="turns started so far")
    revolutions: int = Field(0, description="revolutions completed")
    rolled: bool = Field(False, description="the current turn has rolled")
    dice: list[int] | None = Field(None, description="the current turn's last roll")
    extra_turn: bool = Field(False, description="the last roll was doubles: roll again")
    decision: PendingDecision | None = None
    decision_seq: int = 0
    queue: list[Step] = Field(default_factory=list)
    debts: list[Debt] = Field(default_factory=list)
    decks: dict[str, Deck] = Field(default_factory=dict)
    steps: int = Field(0, description="actions applied so far")
    winner: int | None = None
    termination: str | None = None
