"""The Mtaani game state: plain data classes with slots, JSON round-trippable, no behaviour.

Seats are numbered 0..n-1 in turn order; ``Player.id`` is a stable account or bot id (never a
handle: display names live in the service). Money is in SFR (integers). Clocks: ``turn``
(turns started), ``revolutions`` (completed; a revolution completes once every active player has
passed Payday since the last one), and each player's own ``laps`` (the classic preset's loan
clock).

Work the engine has still to do inside the current action (landing effects, payments, card
effects, revolution effects) sits in ``queue`` as :class:`Step` items, and payments a player
cannot cover sit in ``debts``; both survive a pause for a player's decision, so an action that
waits for input leaves a complete, storable state.

The classes are standard-library dataclasses with ``__slots__`` (reading and setting a field
costs what a plain attribute costs, which the rules do millions of times a second in
self-play). The stored JSON form is the one pydantic gives them (:func:`adapter`: field names
in declaration order, validated on load with unknown fields refused), so states stored before
these classes replaced pydantic models load unchanged. ``copy()`` is the fast structural deep
copy :meth:`engine.mtaani.ruleset.MtaaniRuleset.apply` works on. For code written against
pydantic models, every class also answers ``model_copy``, ``model_dump``,
``model_dump_json``, ``model_validate``, ``model_validate_json`` and ``model_construct``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, Self

from pydantic import ConfigDict, TypeAdapter

from engine.mtaani.actions import TradeItems

OFFER_IDS = 1_000_000_000
"""Offer ids start here, above the shared counter states stored before kept."""
PAIR_IDS = 1_000_000
"""Offers a pair of seats may make before their ids run into the next pair's."""

DecisionKind = Literal[
    "turn",  # before rolling (jailed players: roll for doubles, bail or bribe)
    "buy",  # landed on an unowned property: buy it or pay its fee to the bank
    "deck",  # Fortune: choose the Mtaani or the Mathree deck
    "debt",  # a mandatory payment exceeds cash: raise funds or declare bankruptcy
    "end",  # after the roll: end the turn
    "municipal",  # landed on Municipal: choose one temporary rule for the table
]

_new = object.__new__


@cache
def _adapter(cls: type) -> TypeAdapter[Any]:
    """The pydantic adapter of state class ``cls``: validation (unknown fields refused, types
    checked) and the JSON form."""
    return TypeAdapter(cls)


if TYPE_CHECKING:
    # functools.cache types its argument as Hashable, and mypy counts no class whose
    # instances are unhashable (these dataclasses compare by value) as one: the same
    # function, typed for the checker.
    def adapter(cls: type) -> TypeAdapter[Any]: ...
else:
    adapter = _adapter


def _copy_json(value: Any) -> Any:
    """A deep copy of a JSON-like value (lists and dicts of plain values)."""
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    return value


class _Record:
    """What every state class shares: the pydantic-style methods (see the module docstring)."""

    __slots__ = ()
    __pydantic_config__ = ConfigDict(extra="forbid")

    def copy(self) -> Self:
        """A deep copy (every nested state object copied; immutable values shared)."""
        raise NotImplementedError

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy (``deep``: nested objects copied too), with ``update`` fields set on it."""
        if deep:
            copy = self.copy()
        else:
            copy = _new(type(self))
            for name in self.__dataclass_fields__:  # type: ignore[attr-defined]  # every subclass is a dataclass
                setattr(copy, name, getattr(self, name))
        for name, value in (update or {}).items():
            setattr(copy, name, value)
        return copy

    def model_dump(self, **options: Any) -> dict[str, Any]:
        """The fields as a dict (pydantic's ``mode``, ``include``, ``exclude``,
        ``exclude_defaults``, ``exclude_none`` options)."""
        return adapter(type(self)).dump_python(self, **options)

    def model_dump_json(self, **options: Any) -> str:
        """The compact JSON form (the stored form for :class:`MtaaniState`)."""
        return adapter(type(self)).dump_json(self, **options).decode()

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """Build from a dict, validated (raises ``pydantic.ValidationError``)."""
        return adapter(cls).validate_python(data)

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> Self:
        """Build from JSON text, validated (raises ``pydantic.ValidationError``)."""
        return adapter(cls).validate_json(data)

    @classmethod
    def model_construct(cls, **data: Any) -> Self:
        """Build without validation (as the constructor does)."""
        return cls(**data)


@dataclass(slots=True, kw_only=True)
class BankLoan(_Record):
    """A player's one open bank loan: ``principal`` and this term's ``interest`` (SFR), due when
    the clock (revolutions completed, or the borrower's laps in the classic preset) reaches
    ``due``."""

    principal: int
    interest: int
    due: int

    def copy(self) -> BankLoan:
        copy = _new(BankLoan)
        copy.principal, copy.interest, copy.due = self.principal, self.interest, self.due
        return copy


@dataclass(slots=True, kw_only=True)
class Player(_Record):
    """A seat at the table."""

    id: str
    """stable account or bot id of the seat's occupant"""
    cash: int
    """SFR in hand; never negative"""
    position: int = 0
    """board tile index, 0 = Payday"""
    bankrupt: bool = False
    jail_turns: int = 0
    """turns of sentence left; 0 = not jailed"""
    passed_payday: bool = False
    """passed Payday since the last revolution"""
    laps: int = 0
    """times this player has passed Payday"""
    trade_open: bool = True
    """accepts trade offers"""
    trade_points: int = 0
    """banked trade points (one per completed trade)"""
    insurance: int = 0
    """insurance cards held"""
    cash_history: list[int] = field(default_factory=list)
    """cash at the start of recent turns (bank-loan limit)"""
    renovations_left: int = 3
    """renovations before the mandatory break"""
    renovation_break_until: int | None = None
    """revolutions completed when the renovation allowance resets"""
    bank_loan: BankLoan | None = None

    def copy(self) -> Player:
        copy = _new(Player)
        copy.id = self.id
        copy.cash = self.cash
        copy.position = self.position
        copy.bankrupt = self.bankrupt
        copy.jail_turns = self.jail_turns
        copy.passed_payday = self.passed_payday
        copy.laps = self.laps
        copy.trade_open = self.trade_open
        copy.trade_points = self.trade_points
        copy.insurance = self.insurance
        copy.cash_history = list(self.cash_history)
        copy.renovations_left = self.renovations_left
        copy.renovation_break_until = self.renovation_break_until
        loan = self.bank_loan
        copy.bank_loan = None if loan is None else loan.copy()
        return copy


@dataclass(slots=True, kw_only=True)
class PlayerLoan(_Record):
    """A loan between two players, due when ``due`` revolutions have completed."""

    id: int
    lender: int
    borrower: int
    principal: int
    interest: int
    rate: int
    """interest percent charged per term"""
    term: int
    """term in game revolutions"""
    due: int
    demanded: bool = False
    """the lender demanded early repayment (no interest)"""

    def copy(self) -> PlayerLoan:
        copy = _new(PlayerLoan)
        copy.id, copy.lender, copy.borrower = self.id, self.lender, self.borrower
        copy.principal, copy.interest, copy.rate = self.principal, self.interest, self.rate
        copy.term, copy.due, copy.demanded = self.term, self.due, self.demanded
        return copy


@dataclass(slots=True, kw_only=True)
class LoanOffer(_Record):
    """A proposed player loan waiting for the other party's answer."""

    id: int
    proposer: int
    lender: int
    borrower: int
    amount: int
    interest_percent: int
    term: int

    def copy(self) -> LoanOffer:
        copy = _new(LoanOffer)
        copy.id, copy.proposer, copy.lender, copy.borrower = (
            self.id, self.proposer, self.lender, self.borrower)
        copy.amount, copy.interest_percent, copy.term = self.amount, self.interest_percent, self.term
        return copy


@dataclass(slots=True, kw_only=True)
class TradedProperty(_Record):
    """A property in a trade offer as the offer showed it (mortgage and renovations travel with
    the property, so a change to either voids the offer)."""

    tile: int
    mortgaged: bool
    renovations: int

    def copy(self) -> TradedProperty:
        copy = _new(TradedProperty)
        copy.tile, copy.mortgaged, copy.renovations = self.tile, self.mortgaged, self.renovations
        return copy


@dataclass(slots=True, kw_only=True)
class TradeOffer(_Record):
    """A proposed trade: ``proposer`` gives ``give`` and receives ``get`` from ``to``;
    ``shown`` is the state of each traded property when the offer was made. ``give`` and
    ``get`` are frozen :class:`~engine.mtaani.actions.TradeItems` (shared by copies)."""

    id: int
    proposer: int
    to: int
    give: TradeItems
    get: TradeItems
    shown: list[TradedProperty] = field(default_factory=list)

    def copy(self) -> TradeOffer:
        copy = _new(TradeOffer)
        copy.id, copy.proposer, copy.to = self.id, self.proposer, self.to
        copy.give, copy.get = self.give, self.get
        copy.shown = [p.copy() for p in self.shown]
        return copy


@dataclass(slots=True, kw_only=True)
class MunicipalRule(_Record):
    """The table's temporary municipal rule."""

    rule: str
    by: int
    active: bool
    """in force (classic: dormant until the lander passes Payday)"""
    ends_after: int | None = None
    """expires when this revolution completes"""

    def copy(self) -> MunicipalRule:
        copy = _new(MunicipalRule)
        copy.rule, copy.by, copy.active, copy.ends_after = (
            self.rule, self.by, self.active, self.ends_after)
        return copy


@dataclass(slots=True, kw_only=True)
class ActiveEvent(_Record):
    """A timed global event in force until revolution ``ends_after`` completes."""

    id: str
    started: int
    ends_after: int

    def copy(self) -> ActiveEvent:
        copy = _new(ActiveEvent)
        copy.id, copy.started, copy.ends_after = self.id, self.started, self.ends_after
        return copy


@dataclass(slots=True, kw_only=True)
class SpecialEffects(_Record):
    """Lasting effects of played special cards (revolution numbers at which they end)."""

    zoning_bans: dict[str, int] = field(default_factory=dict)
    """set -> ban ends after"""
    injunctions: dict[str, int] = field(default_factory=dict)
    """set -> shield ends after"""
    syndicate_holder: int | None = None
    syndicate_ends_after: int | None = None

    def copy(self) -> SpecialEffects:
        copy = _new(SpecialEffects)
        copy.zoning_bans = dict(self.zoning_bans)
        copy.injunctions = dict(self.injunctions)
        copy.syndicate_holder = self.syndicate_holder
        copy.syndicate_ends_after = self.syndicate_ends_after
        return copy


@dataclass(slots=True, kw_only=True)
class Property(_Record):
    """Ownership and development of one property tile."""

    owner: int | None = None
    """owner's seat, None = unowned (the market)"""
    units: int = 0
    """units built, 0..5"""
    mortgaged: bool = False
    since: int = 0
    """revolutions completed when the owner acquired it"""
    renovations: int = 0
    """permanent renovation level (stays when traded)"""

    def copy(self) -> Property:
        copy = _new(Property)
        copy.owner = self.owner
        copy.units = self.units
        copy.mortgaged = self.mortgaged
        copy.since = self.since
        copy.renovations = self.renovations
        return copy


@dataclass(slots=True, kw_only=True)
class Debt(_Record):
    """A mandatory payment the debtor could not cover in cash (the raise-funds state)."""

    debtor: int
    creditor: int | None
    """creditor's seat, None = the ATM pool"""
    amount: int
    reason: str
    tile: int | None = None

    def copy(self) -> Debt:
        copy = _new(Debt)
        copy.debtor, copy.creditor, copy.amount = self.debtor, self.creditor, self.amount
        copy.reason, copy.tile = self.reason, self.tile
        return copy


@dataclass(slots=True, kw_only=True)
class Step(_Record):
    """A unit of engine work queued inside an action (see module docstring)."""

    op: str
    player: int
    tile: int | None = None
    amount: int | None = None
    card: str | None = None
    data: dict[str, Any] | None = None

    def copy(self) -> Step:
        copy = _new(Step)
        copy.op, copy.player, copy.tile = self.op, self.player, self.tile
        copy.amount, copy.card = self.amount, self.card
        copy.data = None if self.data is None else _copy_json(self.data)
        return copy


def step_of(op: str, player: int, tile: int | None = None, card: str | None = None) -> Step:
    """A new :class:`Step` (the engine's fast constructor for its queue)."""
    item = _new(Step)
    item.op, item.player, item.tile = op, player, tile
    item.amount, item.card, item.data = None, card, None
    return item


@dataclass(slots=True, kw_only=True)
class PendingDecision(_Record):
    """What the game waits for: ``player`` (seat) must decide ``kind``."""

    id: int
    player: int
    kind: DecisionKind
    tile: int | None = None

    def copy(self) -> PendingDecision:
        copy = _new(PendingDecision)
        copy.id, copy.player, copy.kind, copy.tile = self.id, self.player, self.kind, self.tile
        return copy


@dataclass(slots=True, kw_only=True)
class Deck(_Record):
    """A shuffled draw pile and its discards (card ids). Hidden from every viewer."""

    pile: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def copy(self) -> Deck:
        copy = _new(Deck)
        copy.pile = list(self.pile)
        copy.discard = list(self.discard)
        return copy


@dataclass(slots=True, kw_only=True)
class Options(_Record):
    """Per-table options fixed at the deal."""

    max_turns: int | None = None
    """end the game after this many turns (richest wins)"""
    idle_timeout_seconds: int = 24 * 3600
    """how long a decision waits for its holder before the table may end it"""
    end_by: int | None = None
    """end the game at the first end of a turn at or after this moment (Unix seconds; richest
    wins)"""

    def copy(self) -> Options:
        copy = _new(Options)
        copy.max_turns, copy.idle_timeout_seconds = self.max_turns, self.idle_timeout_seconds
        copy.end_by = self.end_by
        return copy


def _copy(item: Any) -> Any:
    return None if item is None else item.copy()


class _Counts(_Record):
    """A slot that is not part of the game's data: ``mortgages``, the number of mortgaged
    properties, kept up to date by the engine once someone has set it (self-play does, on
    the states only it changes); unset on every other state (read it with ``getattr``), and
    never copied, stored or compared."""

    __slots__ = ("mortgages",)
    mortgages: int  # an annotation only: the slot stays unset until someone sets it


@dataclass(slots=True, kw_only=True)
class MtaaniState(_Counts):
    """A whole Mtaani game (current rules or classic preset, see ``ruleset``)."""

    ruleset: str
    seed: int
    rng_counter: int = 0
    scripted: dict[str, list[Any]] = field(default_factory=dict)
    options: Options = field(default_factory=Options)
    players: list[Player]
    props: dict[int, Property]
    pool: int
    """the bank's ATM pool, SFR"""
    current: int = 0
    """seat whose turn it is"""
    turn: int = 1
    """turns started so far"""
    revolutions: int = 0
    """revolutions completed"""
    rolled: bool = False
    """the current turn has rolled"""
    dice: list[int] | None = None
    """the current turn's last roll"""
    extra_turn: bool = False
    """the last roll was doubles: roll again"""
    decision: PendingDecision | None = None
    decision_seq: int = 0
    queue: list[Step] = field(default_factory=list)
    debts: list[Debt] = field(default_factory=list)
    decks: dict[str, Deck] = field(default_factory=dict)
    steps: int = 0
    """actions applied so far"""
    winner: int | None = None
    termination: str | None = None
    # credit, trades and cards
    properties_bought: int = 0
    """properties bought from the bank by the table"""
    loans: list[PlayerLoan] = field(default_factory=list)
    loan_offers: list[LoanOffer] = field(default_factory=list)
    trades: list[TradeOffer] = field(default_factory=list)
    next_offer_id: int = 1
    """the shared offer counter of states stored before offers counted per pair (kept so
    their open offers keep their ids; new offers take :meth:`offer_id`)"""
    offers_made: dict[str, int] = field(default_factory=dict)
    """offers made between each pair of seats (``"lo-hi"``), trades and loans alike"""
    insurance_price: int = 0
    specials: dict[str, int | None] = field(default_factory=dict)
    """special card -> holder seat, None = on sale"""
    special_offers: list[str] = field(default_factory=list)
    """special cards offered to the current player this turn"""
    effects: SpecialEffects = field(default_factory=SpecialEffects)
    # table-wide rules
    municipal: MunicipalRule | None = None
    event: ActiveEvent | None = None
    last_event_started: int | None = None

    def copy(self) -> MtaaniState:
        """A deep copy: every nested object copied, so changing the copy in any way leaves
        ``self`` as it was (about 20 times faster than a JSON round trip)."""
        copy = _new(MtaaniState)
        copy.ruleset = self.ruleset
        copy.seed = self.seed
        copy.rng_counter = self.rng_counter
        copy.scripted = {k: _copy_json(v) for k, v in self.scripted.items()} if self.scripted else {}
        copy.options = self.options.copy()
        copy.players = [p.copy() for p in self.players]
        copy.props = {i: p.copy() for i, p in self.props.items()}
        copy.pool = self.pool
        copy.current = self.current
        copy.turn = self.turn
        copy.revolutions = self.revolutions
        copy.rolled = self.rolled
        copy.dice = None if self.dice is None else list(self.dice)
        copy.extra_turn = self.extra_turn
        copy.decision = _copy(self.decision)
        copy.decision_seq = self.decision_seq
        copy.queue = [item.copy() for item in self.queue]
        copy.debts = [debt.copy() for debt in self.debts]
        copy.decks = {name: deck.copy() for name, deck in self.decks.items()}
        copy.steps = self.steps
        copy.winner = self.winner
        copy.termination = self.termination
        copy.properties_bought = self.properties_bought
        copy.loans = [loan.copy() for loan in self.loans]
        copy.loan_offers = [offer.copy() for offer in self.loan_offers]
        copy.trades = [offer.copy() for offer in self.trades]
        copy.next_offer_id = self.next_offer_id
        copy.offers_made = dict(self.offers_made)
        copy.insurance_price = self.insurance_price
        copy.specials = dict(self.specials)
        copy.special_offers = list(self.special_offers)
        copy.effects = self.effects.copy()
        copy.municipal = _copy(self.municipal)
        copy.event = _copy(self.event)
        copy.last_event_started = self.last_event_started
        return copy

    def dump(self) -> dict[str, Any]:
        """The stored form as JSON-ready data (:meth:`dump_json`'s text, parsed)."""
        return adapter(MtaaniState).dump_python(self, mode="json")

    def dump_json(self) -> str:
        """The compact stored JSON form (:func:`dump_json`)."""
        return dump_json(self)

    def offer_id(self, proposer: int, to: int) -> int:
        """A new trade or loan offer's id (never reused): it counts only the offers between
        these two seats, which both of them saw, so it tells neither them nor anyone else of
        other seats' private offers (decisions file: offers are private to their two
        parties; issue 28). ``OFFER_IDS + (lo * 6 + hi) * PAIR_IDS + n``."""
        lo, hi = sorted((proposer, to))
        key = f"{lo}-{hi}"
        n = self.offers_made[key] = self.offers_made.get(key, 0) + 1
        return OFFER_IDS + (lo * 6 + hi) * PAIR_IDS + n


def dump_json(state: MtaaniState) -> str:
    """The compact stored JSON form of ``state``."""
    return adapter(MtaaniState).dump_json(state).decode()


def load_json(data: dict[str, Any] | str | bytes) -> MtaaniState:
    """A state from its stored JSON form (a dict or JSON text), validated: unknown fields and
    wrong types raise ``pydantic.ValidationError``."""
    if isinstance(data, (str, bytes)):
        return adapter(MtaaniState).validate_json(data)
    return adapter(MtaaniState).validate_python(data)

