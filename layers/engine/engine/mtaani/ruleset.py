"""The Mtaani rulesets behind the engine interface: ``mtaani`` (current rules, guide build
3c729c) and ``mtaani-classic`` (the older guide as a preset)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core import (
    Decision,
    Event,
    InvalidAction,
    LegalActions,
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
    municipal,
    properties,
    renovation,
    specials,
    trading,
    turn,
)
from engine.mtaani.data import Rulebook, rulebook
from engine.mtaani.flow import Ctx, advance, check_action, start_turn
from engine.mtaani.legal import legal_actions as _legal_actions
from engine.mtaani.state import MtaaniState, Options, Player, Property
from engine.mtaani.view import view as _view


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
    """Options accepted by :meth:`MtaaniRuleset.new_game`.

    ``scripted``: fixed outcomes per random stream, played in order before the seed takes over
    (``dice``: ``[[3, 4], ...]``; ``mtaani`` / ``mathree``: card ids; ``mugging``, ``arrest``,
    ``bribe``: booleans; ``mugging_percent``, ``arrest_turns``: integers; ``bribe_tile``: a
    Mathree tile). For tests, demos and bug reports; the service refuses it unless the
    deployment allows scripted games. Its documented schema (:func:`scripted_schema`) is what
    both the current and the classic rules accept.
    """

    model_config = ConfigDict(extra="forbid")
    max_turns: int | None = Field(None, ge=1, le=100_000)
    scripted: dict[str, list[Any]] = Field(
        default_factory=dict,
        json_schema_extra=lambda schema: schema.update(
            scripted_schema(rulebook("current"), rulebook("classic"))))


class MtaaniRuleset(Ruleset):
    """Mtaani on one edition with one set of rule values."""

    def __init__(self, rules_name: str):
        self.rules_name = rules_name
        self._book: Rulebook | None = None

    @property
    def book(self) -> Rulebook:
        if self._book is None:
            self._book = rulebook(self.rules_name)
        return self._book

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.book.rules.name

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.book.rules.title

    @property
    def min_players(self) -> int:  # type: ignore[override]
        return self.book.rules.deal.min_players

    @property
    def max_players(self) -> int:  # type: ignore[override]
        return self.book.rules.deal.max_players

    # ------------------------------------------------------------------ interface
    def new_game(self, players: list[str], seed: int, options: dict[str, Any]) -> MtaaniState:
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
            options=Options(max_turns=opts.max_turns),
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
        if isinstance(data, (str, bytes)):
            return MtaaniState.model_validate_json(data)
        return MtaaniState.model_validate(data)

    def parse_action(self, data: dict[str, Any]) -> BaseModel:
        return act.parse(data)

    def legal_actions(self, state: MtaaniState, player: int) -> LegalActions:
        return _legal_actions(Ctx(self.book, state), player)

    def apply(self, state: MtaaniState, action: BaseModel) -> tuple[MtaaniState, list[Event]]:
        """Apply ``action`` to a copy of ``state``. Raises :class:`InvalidAction` or
        :class:`IllegalAction` (``state`` is unchanged either way).

        The copy goes through the stored JSON form (about three times faster than pydantic's
        deep copy, and exactly the state a reload would give)."""
        return self.apply_in_place(MtaaniState.model_validate_json(state.model_dump_json()), action)

    def apply_in_place(self, state: MtaaniState, action: BaseModel) -> tuple[MtaaniState, list[Event]]:
        """:meth:`apply` without the copy: ``state`` itself changes (self-play and bots).

        The checks run before any change, so a rejected action leaves ``state`` as it was.
        """
        if not isinstance(action, BaseModel) or getattr(action, "type", None) not in act.ACTION_TYPES:
            raise InvalidAction("not a Mtaani action")
        ctx = Ctx(self.book, state)
        rule = check_action(ctx, action)
        rule.perform(ctx, action)
        advance(ctx)
        state.steps += 1
        return state, ctx.events

    def view(self, state: MtaaniState, viewer: int | None) -> dict[str, Any]:
        return _view(Ctx(self.book, state), viewer)

    def decision(self, state: MtaaniState) -> Decision | None:
        d = state.decision
        return None if d is None else Decision(id=d.id, player=d.player, kind=d.kind)

    def outcome(self, state: MtaaniState) -> Outcome | None:
        if state.termination is None:
            return None
        return Outcome(termination=state.termination, winner=state.winner)

    def guard_mood(self, state: MtaaniState, minute: int) -> str:
        """The guards' mood (``"hostile"``, ``"wary"``, ``"friendly"``: a hint of the bribe odds)
        at wall-clock ``minute`` (minutes since the Unix epoch, from the service's clock; the
        engine reads none). Source: guide "Jail": "the guards' mood hints at your chances"."""
        return jail.guard_mood(Ctx(self.book, state), minute)

    def idle_action(self, state: MtaaniState) -> BaseModel | None:
        """``Timeout`` for the pending decision, or ``None`` when the game waits on a debt
        (only the debtor can raise funds or declare bankruptcy) or is over."""
        d = state.decision
        if d is None or d.kind == "debt":
            return None
        return act.Timeout(player=d.player, decision=d.id)


CURRENT = register(MtaaniRuleset("current"))
CLASSIC = MtaaniRuleset("classic")
