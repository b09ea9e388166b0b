"""The Mtaani rulesets behind the engine interface: ``mtaani`` (current rules, guide build
3c729c) and ``mtaani-classic`` (the older guide as a preset)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core import (
    Deadline,
    Decision,
    Event,
    InvalidAction,
    LegalActions,
    Notice,
    Outcome,
    Ruleset,
    register,
)
from engine.mtaani import actions as act

# Importing the rule modules registers their actions, steps and hooks.
from engine.mtaani import (  # noqa: F401
    bankruptcy,
    board,
    cards,
    credit,
    events,
    insurance,
    jail,
    messages,
    municipal,
    properties,
    renovation,
    specials,
    trading,
    turn,
)
from engine.mtaani.data import Rulebook, rulebook
from engine.mtaani.flow import RULES, Ctx, advance, check_action, new_ctx, start_turn
from engine.mtaani.legal import legal_actions as _legal_actions
from engine.mtaani.legal import waiting_seats as _waiting_seats
from engine.mtaani.state import MtaaniState, Options, Player, Property, load_json
from engine.mtaani.view import EVENT_SHAPES
from engine.mtaani.view import view as _view

IDLE_TIMEOUT_SECONDS = 24 * 3600
"""A table's idle timeout when its lobby sets none (a slow table: a day; the guide's 5 minutes
is the live-table value). House value."""


def _streams(book: Rulebook) -> dict[str, tuple[str, Any]]:
    """The scripted random streams of ``book`` and what each value may be: ``("dice",
    (count, faces))``, ``("bool", None)``, ``("range", range)`` or ``("choice", set)``."""
    rules = book.rules
    out: dict[str, tuple[str, Any]] = {
        "dice": ("dice", (rules.dice.count, range(1, rules.dice.sides + 1))),
        "mugging_percent": ("range", range(rules.locals.mugging_min_percent,
                                           rules.locals.mugging_max_percent + 1)),
        "arrest_turns": ("range", range(rules.jail.arrest_min_turns, rules.jail.arrest_max_turns + 1)),
        "mtaani": ("choice", set(book.mtaani_cards)),
        "mathree": ("choice", set(book.mathree_cards)),
        "bribe_tile": ("choice", set(book.tiles_of_kind["mathree"])),
        "idle_deck": ("choice", {"mtaani", "mathree"}),
        "event_id": ("choice", set(book.events)),
    }
    for stream in ("mugging", "arrest", "bribe", "event"):
        out[stream] = ("bool", None)
    return out


def check_scripted(book: Rulebook, scripted: dict[str, list[Any]]) -> None:
    """Every scripted stream is known and every value fits it; raises :class:`InvalidAction`
    naming the first misfit (so a bad script is refused at the deal, not on some later move)."""
    streams = _streams(book)
    for stream, values in scripted.items():
        if stream not in streams:
            raise InvalidAction(f"unknown scripted stream {stream!r}; known: {', '.join(sorted(streams))}")
        kind, domain = streams[stream]
        for value in values:
            if kind == "dice":
                count, faces = domain
                ok = (isinstance(value, list) and len(value) == count
                      and all(type(v) is int and v in faces for v in value))
            elif kind == "bool":
                ok = isinstance(value, bool)
            elif kind == "range":
                ok = type(value) is int and value in domain
            else:
                ok = isinstance(value, (str, int)) and not isinstance(value, bool) and value in domain
            if not ok:
                raise InvalidAction(f"scripted {stream!r}: {value!r} does not fit that stream")


def scripted_schema(*books: Rulebook) -> dict[str, Any]:
    """The JSON Schema of ``scripted`` that every one of ``books`` accepts (the streams they
    share, each value's type and the values all of them allow), for API documents."""
    shared = [_streams(b) for b in books]
    names = set.intersection(*(set(s) for s in shared))
    fields: dict[str, Any] = {}
    for name in sorted(names):
        kinds = [s[name] for s in shared]
        kind = kinds[0][0]
        if any(k != kind for k, _ in kinds):
            continue
        if kind == "dice":
            counts = {d[0] for _, d in kinds}
            if len(counts) != 1:
                continue
            count = counts.pop()
            low = max(d[1].start for _, d in kinds)
            high = min(d[1].stop - 1 for _, d in kinds)
            item = {"type": "array", "minItems": count, "maxItems": count,
                    "items": {"type": "integer", "minimum": low, "maximum": high}}
        elif kind == "bool":
            item = {"type": "boolean"}
        elif kind == "range":
            item = {"type": "integer", "minimum": max(r.start for _, r in kinds),
                    "maximum": min(r.stop - 1 for _, r in kinds)}
        else:
            allowed = set.intersection(*(set(d) for _, d in kinds))
            item = {"enum": sorted(allowed, key=str)}
        fields[name] = {"type": "array", "items": item}
    return {"type": "object", "properties": fields, "additionalProperties": False}


class GameOptions(BaseModel):
    """Options accepted by :meth:`MtaaniRuleset.new_game` (the table options of a Mtaani
    lobby).

    ``max_turns``: end the game after that many turns (the richest wins). ``idle_timeout_seconds``:
    how long a decision waits for its holder before the table may end it (guide "Flow of play":
    5 minutes on a live table; :data:`IDLE_TIMEOUT_SECONDS` when the lobby sets none). A lobby
    may set 60 s to 7 days (the bounds the service enforces, which this field's schema states);
    the engine takes any length from a second up to that, since a deployment's default may be
    seconds. ``end_by``: end the game at the first end of a turn at or after this moment (Unix
    seconds; the richest by net worth wins, equal worth the earlier seat, as at the turn cap:
    :mod:`engine.mtaani.end_date`); none by default.

    ``scripted``: fixed outcomes per random stream, played in order before the seed takes over
    (``dice``: ``[[3, 4], ...]``; ``mtaani`` / ``mathree``: card ids; ``mugging``, ``arrest``,
    ``bribe``: booleans; ``mugging_percent``, ``arrest_turns``: integers; ``bribe_tile``: a
    Mathree tile). For tests, demos and bug reports; the service refuses it unless the
    deployment allows scripted games. Its documented schema (:func:`scripted_schema`) is what
    both the current and the classic rules accept.
    """

    model_config = ConfigDict(extra="forbid", strict=True)
    max_turns: int | None = Field(None, ge=1, le=100_000)
    end_by: int | None = Field(None, ge=0, le=2**40)
    idle_timeout_seconds: int = Field(IDLE_TIMEOUT_SECONDS, ge=1, le=7 * 24 * 3600,
                                      json_schema_extra={"minimum": 60})
    scripted: dict[str, list[Any]] = Field(
        default_factory=dict,
        json_schema_extra=lambda schema: schema.update(
            scripted_schema(rulebook("current"), rulebook("classic"))))


_DEADLINES: dict[int, Deadline] = {}


def _idle_deadline(seconds: int) -> Deadline:
    """The idle deadline of a table whose decisions wait ``seconds`` (shared: it is frozen)."""
    found = _DEADLINES.get(seconds)
    if found is None:
        if len(_DEADLINES) > 64:
            _DEADLINES.clear()
        found = _DEADLINES[seconds] = Deadline("idle_turn", "idle_timeout_seconds", seconds=seconds)
    return found


class MtaaniRuleset(Ruleset):
    """Mtaani on one edition with one set of rule values."""

    game = "mtaani"
    bots_module = "engine.mtaani.bots"
    game_title = "Mtaani"
    game_summary = ("A Nairobi property, finance and negotiation game: buy neighbourhoods, build "
                    "units, trade and take credit, and be the last player standing.")
    # 2: offer ids count per pair of seats (issue 28.5), so recorded offers carry other ids.
    # 3: a table may end by a date (issue 31): the state's options have ``end_by``, and
    # ``end_turn`` and ``timeout`` carry the moment they were made (``now``).
    rules_version = 3
    actions = tuple(cls for name, cls in act.ACTION_TYPES.items() if name != "timeout")
    system_actions = frozenset({"timeout"})
    table_options = GameOptions
    bus_events = frozenset({"TradeOffered", "LoanOffered", "GameFinished"})
    event_shapes = EVENT_SHAPES
    short_game_options = {"max_turns": 40}
    free_actions = frozenset({
        "build", "build_batch", "sell_unit", "sell_batch", "mortgage", "unmortgage",
        "mortgage_batch", "unmortgage_batch", "take_loan", "repay_loan", "offer_loan",
        "accept_loan", "decline_loan", "buy_insurance", "propose_trade", "accept_trade",
        "decline_trade", "set_trade_open"})
    """Moves beside the pending decision (building, mortgages, loans, trades): the decision
    keeps its id and its idle deadline (:func:`engine.mtaani.flow.advance` decides again only
    once the pending decision is answered or a debt is paid)."""
    state_dictionary = "mtaani-1"
    @property
    def standing_orders(self) -> type[BaseModel]:  # type: ignore[override]  # core: a class attribute; imported on first use
        """A seat's standing orders (:class:`engine.mtaani.orders.MtaaniOrders`; the
        recommended ones in ``data/orders.toml``), imported on first use: a cold start reads
        no orders."""
        from engine.mtaani.orders import MtaaniOrders

        return MtaaniOrders

    def __init__(self, rules_name: str):
        self.rules_name = rules_name
        self._book: Rulebook | None = None

    @property
    def book(self) -> Rulebook:
        if self._book is None:
            self._book = rulebook(self.rules_name)
        return self._book

    @property
    def name(self) -> str:  # type: ignore[override]  # core: a class attribute; the rulebook's
        return self.book.rules.name

    @property
    def title(self) -> str:  # type: ignore[override]  # core: a class attribute; the rulebook's
        return self.book.rules.title

    @property
    def min_players(self) -> int:  # type: ignore[override]  # core: a class attribute; the rulebook's
        return self.book.rules.deal.min_players

    @property
    def max_players(self) -> int:  # type: ignore[override]  # core: a class attribute; the rulebook's
        return self.book.rules.deal.max_players

    # ------------------------------------------------------------------ interface
    def new_game(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> MtaaniState:
        """Deal: every player gets the starting cash (2,000,000 SFR) on Payday; the pool holds
        6,000,000 SFR; seat 0 starts. Raises :class:`InvalidAction` for 0-1 or 5+ players,
        duplicate or empty ids, or unknown options. Source: guide "Quick Facts"."""
        book = self.book
        deal = book.rules.deal
        if not deal.min_players <= len(players) <= deal.max_players:
            raise InvalidAction(f"Mtaani seats {deal.min_players} to {deal.max_players} players, "
                                f"not {len(players)}")
        if any(not isinstance(p, str) or not p for p in players) or len(set(players)) != len(players):
            raise InvalidAction("players must be distinct, non-empty ids")
        try:
            opts = GameOptions.model_validate(options)
        except ValidationError as exc:
            raise InvalidAction(f"invalid options: {exc.errors()[0]['msg']}") from None
        check_scripted(book, opts.scripted)
        state = MtaaniState(
            ruleset=self.name,
            seed=int(seed),
            scripted={k: list(v) for k, v in opts.scripted.items() if v},
            options=Options(max_turns=opts.max_turns,
                            idle_timeout_seconds=opts.idle_timeout_seconds, end_by=opts.end_by),
            players=[Player(id=p, cash=deal.starting_cash) for p in players],
            props={i: Property() for i in book.properties},
            pool=deal.pool,
            insurance_price=book.rules.insurance.first_price,
            specials={card: None for card in specials.CARDS} if book.rules.specials.enabled else {},
        )
        for player in state.players:
            player.renovations_left = book.rules.renovation.allowance
        state.decks = cards.new_decks(book, state)
        ctx = Ctx(book, state)
        start_turn(ctx, 0)
        advance(ctx)
        return state

    def load_state(self, data: dict[str, Any] | str | bytes) -> MtaaniState:
        """The state of stored JSON form ``data`` (validated; ``pydantic.ValidationError``)."""
        return load_json(data)

    def parse_action(self, data: dict[str, Any]) -> BaseModel:
        return act.parse(data)

    def rename_player(self, state: MtaaniState, seat: int, new_id: str) -> MtaaniState:
        """``players[seat].id`` is the only place a Mtaani state names an account."""
        copy = state.model_copy(deep=True)
        copy.players[seat].id = new_id
        return copy

    def legal_actions(self, state: MtaaniState, player: int) -> LegalActions:
        return _legal_actions(Ctx(self.book, state), player)

    # ------------------------------------------------------------------ the reducer's steps
    action_types = act.ACTION_TYPES
    rules = RULES
    settle = staticmethod(advance)
    """The step queue, debts and the turn's own decisions (:func:`engine.mtaani.flow.advance`),
    run after every action's rule."""

    def context(self, state: MtaaniState, quiet: bool) -> Ctx:
        """An action's :class:`~engine.mtaani.flow.Ctx` (quiet: it records no events)."""
        return new_ctx(self._book or self.book, state, quiet)

    def check(self, ctx: Ctx, action: BaseModel) -> None:
        """The common checks (the game is on, the seat holds the decision the rule answers)
        and the rule's own (:func:`engine.mtaani.flow.check_action`)."""
        check_action(ctx, action)

    def view(self, state: MtaaniState, viewer: int | None, *, reveal: bool = False) -> dict[str, Any]:
        return _view(Ctx(self.book, state), viewer, reveal)

    def pending(self, state: MtaaniState) -> tuple[Decision, ...]:
        """The one decision a Mtaani table waits for (``()`` when the game is over), with the
        table's idle timeout as its deadline (guide "Flow of play": a turn left idle can be
        ended by the table)."""
        d = state.decision
        if d is None or state.termination is not None:
            return ()
        detail: dict[str, Any] = {}
        if d.tile is not None:
            detail["tile"] = d.tile
        if d.kind == "debt":
            owed = next((x for x in state.debts if x.debtor == d.player), None)
            if owed is not None:
                detail.update(amount=owed.amount, reason=owed.reason,
                              creditor="pool" if owed.creditor is None else owed.creditor)
        return (Decision(d.id, d.player, d.kind, _idle_deadline(state.options.idle_timeout_seconds),
                         detail),)

    def waiting_seats(self, state: MtaaniState) -> list[int]:
        """Every seat with a trade or loan offer to answer, then the decision's holder."""
        return _waiting_seats(state)

    def redeterminize(self, state: MtaaniState, seat: int | None, rng: random.Random) -> MtaaniState:
        """``state`` as ``seat`` could imagine it: a fresh seed and no scripted outcomes (so
        every future die and draw is resampled), each deck's draw pile reshuffled (its
        contents are known from what was drawn, its order is not), and no trade or loan offers
        between two other players."""
        copy = state.copy()
        copy.seed = rng.getrandbits(63)
        copy.scripted = {}
        for deck in copy.decks.values():
            rng.shuffle(deck.pile)
        copy.trades = [t for t in copy.trades if seat in (t.proposer, t.to)]
        copy.loan_offers = [o for o in copy.loan_offers if seat in (o.lender, o.borrower)]
        return copy

    def deadline_action(self, state: MtaaniState, decision: Decision, now: int) -> BaseModel | None:
        """``Timeout`` for the pending decision, or ``None`` when the game waits on a debt
        (only the debtor can raise funds or declare bankruptcy, guide "Bots and solo play":
        never declare bankruptcy for an absent player), has moved on, or is over."""
        d = state.decision
        if d is None or d.id != decision.id or d.kind == "debt" or state.termination is not None:
            return None
        return act.Timeout(player=d.player, decision=d.id)

    def order_action(self, state: MtaaniState, seat: int, orders: BaseModel, now: int) -> BaseModel | None:
        """The move ``seat``'s standing ``orders`` (``MtaaniOrders``) make now, or ``None``
        (a stop, or nothing of the seat's waiting): :func:`engine.mtaani.orders.order_action`.
        Nothing in it reads the time (``now`` stamps the move, :func:`engine.orders.follow`)."""
        from engine.mtaani.orders import order_action  # on first use (cold start)

        return order_action(self.book, state, seat, orders)  # type: ignore[arg-type]  # self.standing_orders

    def notice(self, event: Event, seat: int, names: Sequence[str],
               deadline: str | None = None) -> Notice | None:
        return messages.notice(event, seat, names, deadline)

    def table_news(self, happened: list[Event]) -> list[tuple[int, str]]:
        return messages.table_news(happened)

    def guide(self) -> dict[str, Any]:
        from engine.mtaani.guide import guide

        return guide(self.name, self.title, self.book)

    def outcome(self, state: MtaaniState) -> Outcome | None:
        if state.termination is None:
            return None
        return Outcome(termination=state.termination, winner=state.winner)

    def standing_keys(self, state: MtaaniState) -> list[tuple]:
        """Seats still in the game before the bankrupt ones, then by net worth (SFR,
        ``properties.net_worth``: the turn cap's ranking, guide "Winning")."""
        from engine.mtaani.properties import net_worths

        worth = net_worths(Ctx(self.book, state))
        return [(not p.bankrupt, worth.get(seat, 0) if not p.bankrupt else 0)
                for seat, p in enumerate(state.players)]

    def hints(self, state: MtaaniState, viewer: int, now: int) -> dict[str, Any]:
        """While ``viewer`` is jailed: ``{"guard_mood": ...}`` this minute (the bribe odds'
        hint, :meth:`guard_mood`)."""
        if 0 <= viewer < len(state.players) and state.players[viewer].jail_turns:
            return {"guard_mood": self.guard_mood(state, now // 60)}
        return {}

    def guard_mood(self, state: MtaaniState, minute: int) -> str:
        """The guards' mood (``"hostile"``, ``"wary"``, ``"friendly"``: a hint of the bribe odds)
        at wall-clock ``minute`` (minutes since the Unix epoch, from the service's clock; the
        engine reads none). Source: guide "Jail": "the guards' mood hints at your chances"."""
        return jail.guard_mood(Ctx(self.book, state), minute)


CURRENT = register(MtaaniRuleset("current"))
CLASSIC = MtaaniRuleset("classic")
