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

from engine.mtaani.actions import TradeItems

DecisionKind = Literal[
    "turn",  # before rolling (jailed players: roll for doubles, bail or bribe)
    "buy",  # landed on an unowned property: buy it or pay its fee to the bank
    "deck",  # Fortune: choose the Mtaani or the Mathree deck
    "debt",  # a mandatory payment exceeds cash: raise funds or declare bankruptcy
    "end",  # after the roll: end the turn
    "municipal",  # landed on Municipal: choose one temporary rule for the table
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
    trade_open: bool = Field(True, description="accepts trade offers")
    trade_points: int = Field(0, description="banked trade points (one per completed trade)")
    insurance: int = Field(0, description="insurance cards held")
    cash_history: list[int] = Field(default_factory=list,
                                    description="cash at the start of recent turns (bank-loan limit)")
    renovations_left: int = Field(3, description="renovations before the mandatory break")
    renovation_break_until: int | None = Field(
        None, description="revolutions completed when the renovation allowance resets")
    bank_loan: BankLoan | None = None


class BankLoan(_Model):
    """A player's one open bank loan: ``principal`` and this term's ``interest`` (SFR), due when
    the clock (revolutions completed, or the borrower's laps in the classic preset) reaches
    ``due``."""

    principal: int
    interest: int
    due: int


class PlayerLoan(_Model):
    """A loan between two players, due when ``due`` revolutions have completed."""

    id: int
    lender: int
    borrower: int
    principal: int
    interest: int
    rate: int = Field(description="interest percent charged per term")
    term: int = Field(description="term in game revolutions")
    due: int
    demanded: bool = Field(False, description="the lender demanded early repayment (no interest)")


class LoanOffer(_Model):
    """A proposed player loan waiting for the other party's answer."""

    id: int
    proposer: int
    lender: int
    borrower: int
    amount: int
    interest_percent: int
    term: int


class TradedProperty(_Model):
    """A property in a trade offer as the offer showed it (mortgage and renovations travel with
    the property, so a change to either voids the offer)."""

    tile: int
    mortgaged: bool
    renovations: int


class TradeOffer(_Model):
    """A proposed trade: ``proposer`` gives ``give`` and receives ``get`` from ``to``;
    ``shown`` is the state of each traded property when the offer was made."""

    id: int
    proposer: int
    to: int
    give: TradeItems
    get: TradeItems
    shown: list[TradedProperty] = Field(default_factory=list)


class MunicipalRule(_Model):
    """The table's temporary municipal rule."""

    rule: str
    by: int
    active: bool = Field(description="in force (classic: dormant until the lander passes Payday)")
    ends_after: int | None = Field(None, description="expires when this revolution completes")


class ActiveEvent(_Model):
    """A timed global event in force until revolution ``ends_after`` completes."""

    id: str
    started: int
    ends_after: int


class SpecialEffects(_Model):
    """Lasting effects of played special cards (revolution numbers at which they end)."""

    zoning_bans: dict[str, int] = Field(default_factory=dict, description="set -> ban ends after")
    injunctions: dict[str, int] = Field(default_factory=dict, description="set -> shield ends after")
    syndicate_holder: int | None = None
    syndicate_ends_after: int | None = None


class Property(_Model):
    """Ownership and development of one property tile."""

    owner: int | None = Field(None, description="owner's seat, None = unowned (the market)")
    units: int = Field(0, description="units built, 0..5")
    mortgaged: bool = False
    since: int = Field(0, description="revolutions completed when the owner acquired it")
    renovations: int = Field(0, description="permanent renovation level (stays when traded)")


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
    idle_timeout_seconds: int = Field(24 * 3600, description="how long a decision waits for its "
                                      "holder before the table may end it")


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
    # credit, trades and cards
    properties_bought: int = Field(0, description="properties bought from the bank by the table")
    loans: list[PlayerLoan] = Field(default_factory=list)
    loan_offers: list[LoanOffer] = Field(default_factory=list)
    trades: list[TradeOffer] = Field(default_factory=list)
    next_offer_id: int = 1
    insurance_price: int = 0
    specials: dict[str, int | None] = Field(
        default_factory=dict, description="special card -> holder seat, None = on sale")
    special_offers: list[str] = Field(
        default_factory=list, description="special cards offered to the current player this turn")
    effects: SpecialEffects = Field(default_factory=SpecialEffects)
    # table-wide rules
    municipal: MunicipalRule | None = None
    event: ActiveEvent | None = None
    last_event_started: int | None = None
