"""Mtaani rules and numbers as data: the edition (board, sets, prices, decks) and the ruleset
values (current rules and the classic preset), loaded from the TOML files in ``data/`` into
typed, validated objects, plus the derived lookups the engine uses (:class:`Rulebook`).

Sources: ``shared/seeds/000_fe1744ded917b034.txt`` (current) and
``001_b03185b62d0d2d37.txt`` (classic), with the board of ``spec/mtaani-decisions.md``.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).parent / "data"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


TileKind = Literal["payday", "jail", "atm", "fortune", "property", "mtaani", "mathree", "paye", "municipal"]


class Tile(_Strict):
    """One of the 48 board tiles. Prices are in SFR and only set on properties. ``short`` is
    the name the whole-board view prints where the tile is too small for ``name`` (at most
    seven characters; the name itself when absent)."""

    index: int
    name: str
    short: str | None = Field(default=None, max_length=7)
    kind: TileKind
    set: str | None = None
    base_fee: int = 0
    mortgage: int = 0
    unit_cost: int = 0


class SetInfo(_Strict):
    """A property set: an estate ("hood") or a company family."""

    id: str
    name: str
    kind: Literal["estate", "fast_food", "transport", "utility", "comms"]


class MtaaniCard(_Strict):
    """A Mtaani card (financial effect); ``amount`` is the printed SFR value."""

    id: str
    text: str
    effect: Literal["gain", "pay", "pay_each", "collect_each", "per_unit"]
    amount: int


class MathreeCard(_Strict):
    """A Mathree card (movement)."""

    id: str
    text: str
    effect: Literal["move_to", "go_to_jail", "move_back"]
    tile: int | None = None
    steps: int | None = None
    visit: bool = False

    @model_validator(mode="after")
    def _moves_somewhere(self) -> MathreeCard:
        if self.effect == "move_to" and self.tile is None:
            raise ValueError(f"Mathree card {self.id!r} moves to a tile: it needs its 'tile'")
        return self


class EventInfo(_Strict):
    """A global event of the edition: ``revolutions`` it lasts (0 = instant) and its figures."""

    id: str
    text: str
    revolutions: int
    weight: int = 1
    percent: int | None = None
    amount: int | None = None
    turns: int | None = None


class Edition(_Strict):
    """A board edition: names, prices, decks and global events."""

    id: str
    name: str
    currency: str
    board_size: int
    sides: dict[str, tuple[int, int]]
    sets: list[SetInfo]
    tiles: list[Tile]
    mtaani_cards: list[MtaaniCard]
    mathree_cards: list[MathreeCard]
    events: list[EventInfo] = Field(default_factory=list)


class DealRules(_Strict):
    min_players: int
    max_players: int
    starting_cash: int
    pool: int


class DiceRules(_Strict):
    count: int
    sides: int


class PaydayRules(_Strict):
    salary: int
    landing_multiplier: int


class AtmRules(_Strict):
    amount: int


class PayeRules(_Strict):
    percent: int


class PropertyRules(_Strict):
    purchase_multiplier: int
    set_fee_multiplier: int
    unit_fee_divisor: int
    max_units: int
    unit_refund_percent: int
    unmortgage_interest_percent: int


class CardRules(_Strict):
    face_value_limit: int
    opening_percent: int
    opening_revolutions: dict[str, int]
    late_start_revolution: int
    late_step_revolutions: int
    late_step_percent: int


class JailRules(_Strict):
    tile: int
    bail: int
    bribe_cost: int
    bribe_fine: int
    bribe_fail_sentence: int
    bribe_odds_min_percent: int
    bribe_odds_max_percent: int
    bribe_drift_minutes: int = Field(gt=0)
    card_sentence: int
    arrest_min_turns: int
    arrest_max_turns: int
    bribe_moods: list[str] = Field(min_length=1)
    bribe_mood_from_percent: list[int]

    @model_validator(mode="after")
    def _moods_match(self) -> JailRules:
        if len(self.bribe_mood_from_percent) != len(self.bribe_moods) - 1:
            raise ValueError("jail.bribe_mood_from_percent needs one threshold per mood after the first")
        if self.bribe_mood_from_percent != sorted(self.bribe_mood_from_percent):
            raise ValueError("jail.bribe_mood_from_percent must rise")
        return self


class LocalsRules(_Strict):
    trespass_percent: int
    mugging_percent: int
    mugging_min_percent: int
    mugging_max_percent: int
    mugging_rounding: int
    mugging_min_cash: int
    exemption: Literal["complete_hood", "any_property"]


class IdleRules(_Strict):
    live_timeout_seconds: int
    slow_timeout_seconds: int


class BankLoanRules(_Strict):
    minimum: int
    step: int
    base_limit: int
    interest_percent: int
    term: int
    term_clock: Literal["revolutions", "laps"]
    variable_after_purchases: int
    net_worth_percent: int
    recent_cash_turns: int
    partial_repayment: bool
    repayment_min_percent: int
    repayment_step_percent: int


class PlayerLoanRules(_Strict):
    interest_percents: list[int]
    terms: list[int]
    minimum: int
    step: int
    max_open_offers: int


class InsuranceRules(_Strict):
    first_price: int
    price_multiplier: int
    cards_extra: int
    cover: Literal["full"]


class TradeRules(_Strict):
    enabled_points: bool
    max_open_offers: int
    no_trade_charge: int
    late_scaling: bool
    chamber_every: int
    chamber: bool


class MunicipalRules(_Strict):
    activation: Literal["immediate", "dormant"]
    rules: list[str]


class EventRules(_Strict):
    start_percent: int
    min_gap: int
    enabled: list[str]


class RenovationRules(_Strict):
    enabled: bool
    min_owned_revolutions: int
    allowance: int
    break_revolutions: int
    cost_percent: int
    fee_step_percent: int
    max_levels: int
    max_levels_by_set: dict[str, int] = Field(default_factory=dict)


class SpecialRules(_Strict):
    enabled: bool
    teleport_price: int
    zoning_price: int
    injunction_price: int
    syndicate_price: int
    injunction_from_revolution: int
    syndicate_from_revolution: int
    zoning_ban_revolutions: int
    injunction_revolutions: int
    syndicate_revolutions: int
    syndicate_percent: int
    syndicate_families: list[str]


class BoardRules(_Strict):
    base_fee_overrides: dict[str, int] = Field(default_factory=dict)


class Rules(_Strict):
    """The ruleset values (one TOML file, optionally inheriting another)."""

    name: str
    title: str
    edition: str
    deal: DealRules
    dice: DiceRules
    payday: PaydayRules
    atm: AtmRules
    paye: PayeRules
    property: PropertyRules
    cards: CardRules
    jail: JailRules
    locals: LocalsRules
    idle: IdleRules
    bank_loans: BankLoanRules
    player_loans: PlayerLoanRules
    insurance: InsuranceRules
    trades: TradeRules
    municipal: MunicipalRules
    events: EventRules
    renovation: RenovationRules
    specials: SpecialRules
    board: BoardRules = BoardRules()


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _read(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


def rules_overrides(name: str) -> dict[str, Any]:
    """The raw keys a ruleset file sets over the one it inherits (for the differences table)."""
    raw = _read(f"rules-{name}.toml")
    raw.pop("inherits", None)
    return raw


def _load_rules_raw(name: str) -> dict[str, Any]:
    raw = _read(f"rules-{name}.toml")
    parent = raw.pop("inherits", None)
    return _merge(_load_rules_raw(parent), raw) if parent else raw


@cache
def load_rules(name: str) -> Rules:
    """The validated rule values of ``rules-<name>.toml`` (following ``inherits``)."""
    return Rules.model_validate(_load_rules_raw(name))


@cache
def load_edition(edition_id: str) -> Edition:
    """The validated edition ``<edition_id>.toml``."""
    return Edition.model_validate(_read(f"{edition_id}.toml"))


class Rulebook:
    """An edition and a ruleset together, with the lookups the engine needs (all read-only).

    Attributes: ``edition``, ``rules``, ``tiles`` (by index), ``properties`` (property tile
    indices in board order), ``set_tiles`` (set id -> tile indices), ``purchase`` /
    ``base_fee`` / ``mortgage`` / ``unit_cost`` (tile index -> SFR), ``side_of`` (tile index ->
    ``"seedy"``/``"rich"``/``None``), ``hoods_on`` (side -> residential set ids wholly on it).
    """

    def __init__(self, rules: Rules):
        self.rules = rules
        self.edition = edition = load_edition(rules.edition)
        self.size = edition.board_size
        self.tiles: list[Tile] = sorted(edition.tiles, key=lambda t: t.index)
        if [t.index for t in self.tiles] != list(range(self.size)):
            raise ValueError(f"edition {edition.id}: tiles must be numbered 0..{self.size - 1}")
        self.sets: dict[str, SetInfo] = {s.id: s for s in edition.sets}
        self.properties: list[int] = [t.index for t in self.tiles if t.kind == "property"]
        self.set_of: dict[int, str] = {}
        self.set_tiles: dict[str, list[int]] = {s: [] for s in self.sets}
        overrides = {name.lower(): fee for name, fee in rules.board.base_fee_overrides.items()}
        self.base_fee: dict[int, int] = {}
        self.mortgage: dict[int, int] = {}
        self.unit_cost: dict[int, int] = {}
        self.purchase: dict[int, int] = {}
        for index in self.properties:
            tile = self.tiles[index]
            if tile.set not in self.sets:
                raise ValueError(f"tile {tile.name}: unknown set {tile.set!r}")
            self.set_of[index] = tile.set
            self.set_tiles[tile.set].append(index)
            self.base_fee[index] = overrides.get(tile.name.lower(), tile.base_fee)
            self.mortgage[index] = tile.mortgage
            self.unit_cost[index] = tile.unit_cost
            self.purchase[index] = tile.mortgage * rules.property.purchase_multiplier
        unknown = set(overrides) - {self.tiles[i].name.lower() for i in self.properties}
        if unknown:
            raise ValueError(f"base_fee_overrides name unknown tiles: {sorted(unknown)}")
        self.side_of: dict[int, str | None] = {}
        for index in range(self.size):
            self.side_of[index] = next(
                (side for side, (lo, hi) in edition.sides.items() if lo <= index <= hi), None
            )
        self.hoods_on: dict[str, list[str]] = {side: [] for side in edition.sides}
        for set_id, tiles in self.set_tiles.items():
            if self.sets[set_id].kind != "estate":
                continue
            sides = {self.side_of[i] for i in tiles}
            side = sides.pop() if len(sides) == 1 else None
            if side is not None:
                self.hoods_on[side].append(set_id)
        self.tiles_of_kind: dict[str, list[int]] = {}
        for tile in self.tiles:
            self.tiles_of_kind.setdefault(tile.kind, []).append(tile.index)
        self.payday = self.tiles_of_kind["payday"][0]
        self.jail = rules.jail.tile
        self.events = {e.id: e for e in edition.events if e.id in rules.events.enabled}
        missing = set(rules.events.enabled) - set(self.events)
        if missing:
            raise ValueError(f"ruleset enables events the edition lacks: {sorted(missing)}")
        self.mtaani_cards = {c.id: c for c in edition.mtaani_cards}
        self.mathree_cards = {c.id: c for c in edition.mathree_cards}
        # Most expensive first (purchase cost, then later on the board): the batch order.
        self.by_price_desc = sorted(self.properties, key=lambda i: (self.purchase[i], i), reverse=True)

    def name(self, tile: int) -> str:
        """The tile's display name."""
        return self.tiles[tile].name


@cache
def rulebook(name: str) -> Rulebook:
    """The :class:`Rulebook` for ruleset file ``rules-<name>.toml``."""
    return Rulebook(load_rules(name))
