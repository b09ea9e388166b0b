"""Engine interface shared by every ruleset: errors, values, the registry and the dispatch
functions.

A ruleset (Mtaani current, the Mtaani classic preset, Mulodi, Jiji) implements
:class:`Ruleset`. Game states are objects that carry their ruleset's name in ``state.ruleset``,
so :func:`apply`, :func:`legal_actions`, :func:`view` and the rest dispatch on the state.

The contract every ruleset keeps (the ruleset kit, ``tests/engine/test_ruleset_kit.py``,
checks it for every registered ruleset):

- **Pure.** No I/O, no clock, no global random source. Time comes in only as an input: an
  action that needs it has a ``now`` field (Unix seconds) that the service fills in.
  Randomness is seeded and carried in the state (:mod:`engine.rng`).
- **One result.** :meth:`Ruleset.apply` returns a :class:`Result`: the new state, the events,
  the decisions now pending and the outcome if the game is over. A refused action raises an
  :class:`EngineError` and leaves the state exactly as it was.
- **Several pending decisions at once.** A :class:`Decision` is (seat, kind, id, deadline):
  one in Mtaani, one per target of a Mulodi action card, one per bidder of a Jiji auction.
- **Deadlines declared by the ruleset.** Each decision says which kind of :class:`Deadline`
  it has and which table setting sets its length; :meth:`Ruleset.deadline_action` says what
  the table does when it passes.
- **Hidden information by construction.** :meth:`Ruleset.view` and :meth:`Ruleset.event_view`
  build what a seat may see from allow-lists; :meth:`Ruleset.redeterminize` gives a state that
  looks the same to a seat with everything hidden from it resampled.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, overload, runtime_checkable

from pydantic import BaseModel, ValidationError

Event = dict[str, Any]
"""An engine event: a JSON-ready dict with a ``type`` key, written in player terms. An event
that lists seats in ``private`` is shown in full only to those seats (see :class:`EventShape`)."""


class EngineError(ValueError):
    """Base of every error the engine raises on purpose."""

    code: ClassVar[str] = "engine_error"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class UnknownRuleset(EngineError):
    """No ruleset is registered under the requested name."""

    code = "unknown_ruleset"


class InvalidAction(EngineError):
    """The action is malformed for this ruleset: unknown type, wrong fields, values out of range.

    Also raised by :func:`new_game` for bad players or options.
    """

    code = "invalid_action"


class IllegalAction(EngineError):
    """The action is well formed but the rules do not allow it in this state."""

    code = "illegal_action"


class NotYourDecision(IllegalAction):
    """The acting player is not the one the game is waiting for."""

    code = "not_your_decision"


class GameOver(IllegalAction):
    """The game has ended; no action applies any more."""

    code = "game_over"


# ---------------------------------------------------------------------------- deadlines
@dataclass(frozen=True, slots=True)
class DeadlineKind:
    """What a kind of deadline means to the service.

    ``counts_idle``: the holder was expected to answer, so a deadline passing counts toward
    their seat's idle streak (a bot stands in after the table's limit); ``hard``: the phase
    closes at the deadline whether or not its timer has run (the service applies the
    deadline's action before any later action and shows it in every read after the deadline);
    a soft deadline lets the holder still act until the table ends the decision.
    """

    name: str
    counts_idle: bool
    hard: bool


DEADLINE_KINDS: dict[str, DeadlineKind] = {
    kind.name: kind for kind in (
        DeadlineKind("idle_turn", counts_idle=True, hard=False),
        DeadlineKind("response_window", counts_idle=True, hard=True),
        DeadlineKind("auction_close", counts_idle=False, hard=True),
        DeadlineKind("game_clock", counts_idle=False, hard=True),
        DeadlineKind("offer_expiry", counts_idle=False, hard=True),
    )
}
"""Every kind of deadline a ruleset may declare (see :class:`DeadlineKind`)."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a pending decision stops waiting for its holder.

    ``kind``: a key of :data:`DEADLINE_KINDS`. ``setting``: the table option that sets its
    length, e.g. ``"idle_timeout_seconds"`` or ``"response_window_seconds"`` (a field of the
    ruleset's :attr:`Ruleset.table_options`). Exactly one of:

    - ``seconds``: the length, counted by the service from the moment the decision appeared
      (idle turns, response windows);
    - ``at``: Unix seconds, when the ruleset fixed the deadline in the state from an action's
      ``now`` (an auction's close, the end of a game clock, an offer's expiry).
    """

    kind: str
    setting: str
    seconds: int | None = None
    at: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in DEADLINE_KINDS:
            raise ValueError(f"unknown deadline kind {self.kind!r}; known: {', '.join(DEADLINE_KINDS)}")
        if (self.seconds is None) == (self.at is None):
            raise ValueError("a deadline has either seconds (a length) or at (a time), not both")

    def due(self, since: int) -> int:
        """When the deadline passes (Unix seconds), for a decision that appeared at ``since``."""
        return self.at if self.at is not None else since + int(self.seconds or 0)

    @property
    def counts_idle(self) -> bool:
        return DEADLINE_KINDS[self.kind].counts_idle

    @property
    def hard(self) -> bool:
        return DEADLINE_KINDS[self.kind].hard


@dataclass(frozen=True, slots=True)
class Decision:
    """Something the game waits for: seat ``player`` must (or may) decide ``kind``.

    ``id`` is unique within a game (never reused), so a timer or a client can tell whether the
    decision it knew about is still pending. ``player`` is ``None`` for the table itself (a
    game clock running out). ``deadline``: when the table stops waiting (``None``: never).
    ``detail``: what the holder needs to hear about it (who did what to them, the amount),
    JSON-ready; notifications read it (:meth:`Ruleset.notice`). ``private``: the seats who may
    know of it (an answer to an offer: its two parties; ``None``: every reader), as an event's
    ``private`` key says for events.
    """

    id: int
    player: int | None
    kind: str
    deadline: Deadline | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)
    private: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: ``termination`` (``"bankruptcy"``, ``"turn_cap"``, ...) and winner seat."""

    termination: str
    winner: int | None


@dataclass(frozen=True, slots=True)
class Result:
    """What :func:`apply` gives back: the new ``state``, the ``events`` the action caused (in
    order), the decisions ``pending`` now (in the order the game asks them) and the
    ``outcome`` when the game is over (``None`` while it goes on)."""

    state: Any
    events: list[Event]
    pending: tuple[Decision, ...]
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class EventShape:
    """The allow-list of one event type: the ``public`` fields every reader sees, and the
    ``parties`` fields that only the seats listed in the event's ``private`` key see. An event
    without ``private`` shows its ``public`` and ``parties`` fields to everyone; one with
    ``private`` shows others only its ``public`` fields, or nothing when ``public`` is empty.
    ``type`` is always shown. ``kept`` fields are never shown (bookkeeping the log keeps for
    the fairness check, such as a bribe's exact odds); the ruleset kit refuses an event field
    in none of the three lists, so every field is a decision."""

    public: tuple[str, ...] = ()
    parties: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Notice:
    """A notification's words: ``title`` and ``body`` (plain text, player terms)."""

    title: str
    body: str


class LegalActions(Sequence[BaseModel]):
    """The legal actions of one player in one state.

    Iteration and ``len`` cover the concrete actions; ``action in legal`` runs the same
    legality check :func:`apply` runs, so it also answers for actions with free parameters
    (trade offers, loan amounts, bids) that are described by :attr:`specs` rather than listed.
    """

    __slots__ = ("_actions", "_check", "specs")

    def __init__(
        self,
        actions: list[BaseModel],
        check: Callable[[BaseModel], None],
        specs: dict[str, dict[str, Any]] | None = None,
    ):
        self._actions = actions
        self._check = check
        self.specs = specs or {}

    @overload
    def __getitem__(self, index: int) -> BaseModel: ...
    @overload
    def __getitem__(self, index: slice) -> list[BaseModel]: ...
    def __getitem__(self, index: int | slice) -> BaseModel | list[BaseModel]:
        return self._actions[index]

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[BaseModel]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, BaseModel):
            return False
        try:
            self._check(action)
        except EngineError:
            return False
        return True

    def types(self) -> list[str]:
        """The distinct action ``type`` values available, in listing order, specs included."""
        seen: dict[str, None] = {}
        for action in self._actions:
            seen.setdefault(action.type, None)  # type: ignore[attr-defined]  # every action model has a type field
        for name in self.specs:
            seen.setdefault(name, None)
        return list(seen)

    def __repr__(self) -> str:
        return f"<LegalActions {len(self._actions)} actions, types={self.types()}>"


class Rule(Protocol):
    """One action type's rule in a ruleset's registry (:attr:`Ruleset.rules`): ``perform``
    changes the state in the action's context (``ctx``, :meth:`Ruleset.context`) once the
    action has passed :meth:`Ruleset.check`, which runs the rule's own ``check``."""

    def perform(self, ctx: Any, action: Any) -> None: ...


@runtime_checkable
class GameState(Protocol):
    """What every game's state has (the reducer and the service rely on it): ``ruleset``
    (its ruleset's name), ``seed`` (the seed its randomness is drawn from, :mod:`engine.rng`;
    a secret), ``copy()`` (a structural deep copy sharing nothing mutable), ``dump()`` (its
    stored form as JSON-ready data) and ``dump_json()`` (the same as compact JSON text, what
    :meth:`Ruleset.dump_state` stores). A state whose ruleset :attr:`Ruleset.counts_steps`
    also has ``steps``, the actions applied to it."""

    ruleset: str
    seed: int

    def copy(self) -> Any: ...

    def dump(self) -> dict[str, Any]: ...

    def dump_json(self) -> str: ...


class Ruleset:
    """One game's rules behind the engine interface. Subclasses fill in every method that
    raises :class:`NotImplementedError`; the others have working defaults.

    Attributes: ``name`` (the ruleset id, ``"mtaani-classic"``), ``game`` (the game it belongs
    to: the family whose actions share one action function and one screen, ``"mtaani"``),
    ``game_title`` (the game's readable name, ``"Mtaani"``), ``game_summary`` (one sentence
    saying what the game is, for a player who has never played it), ``title`` (the ruleset's,
    ``"Mtaani (classic rules)"``), ``min_players`` / ``max_players``,
    ``actions`` (the action models a player may send, one route each), ``system_actions``
    (action types only the table applies), ``table_options`` (the pydantic model of the
    options :meth:`new_game` accepts, with their validation), ``bus_events`` (engine event
    types the service forwards to the event bus), ``event_shapes`` (the allow-list of every
    event type, :class:`EventShape`), ``free_actions`` (moves that answer no decision and so
    restart no clock), ``bot_levels`` and ``bots_module``.
    """

    name: str = ""
    game: str = ""
    game_title: str = ""
    game_summary: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4
    actions: tuple[type[BaseModel], ...] = ()
    system_actions: frozenset[str] = frozenset()
    table_options: type[BaseModel] | None = None
    bus_events: frozenset[str] = frozenset()
    event_shapes: Mapping[str, EventShape] = {}
    bot_levels: tuple[str, ...] = ("base", "advanced", "smart")
    bots_module: str = ""
    """The module of the game's bots (``"engine.mtaani.bots"``), which :mod:`engine.bots`
    imports on first use: it has ``make(kind, seed)`` (a bot object) and ``decide(bot, state,
    seat)`` (its action or ``None``), and beside it ``selfplay`` and ``__main__``. The bots
    import the rules, never the reverse: a ruleset names its bots only here."""
    standing_orders: type[BaseModel] | None = None
    """The pydantic model of one seat's standing orders (:mod:`engine.orders`): fields in the
    game's own terms, each with the default the guide recommends (so ``standing_orders()`` is
    the recommended set), validated like :attr:`table_options`; ``None``: the game has none."""
    short_game_options: Mapping[str, Any] = {}
    free_actions: frozenset[str] = frozenset()
    """Action types that answer no pending decision (moving a wildcard, mortgaging, offering
    a deal, ...): they never start a new decision for anyone, so a player cannot restart a
    deadline counted from a decision's appearance (an idle turn, a response window) by
    repeating them and hold the table for ever (issue 28). The ruleset kit checks it in
    random games."""
    rules_version: int = 1
    """The version of what a recorded game replays to under these rules: bumped whenever a
    change to the rules or their data makes a game's recorded actions give other events or
    another state (``tests/engine/golden/replays.json`` fails until it is). A game's record
    names it (``GameCreated``), so a verifier can tell a game of other rules from a tampered
    one (:mod:`engine.verify`)."""
    state_dictionary: str | None = None
    """The key (in :data:`_DICTIONARIES`) of the zlib dictionary its stored states compress
    best with (typical state JSON: a few hundred bytes instead of a kilobyte or more), or
    ``None``. A dictionary is never changed once states were stored with it: a new one gets a
    new key and the old stays for the states that use it."""

    # ------------------------------------------------------------------ the game
    def new_game(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> Any:
        """Deal a new game for ``players`` (stable ids, in seat order) from ``seed`` with
        ``options`` (validated against :attr:`table_options`; :class:`InvalidAction`)."""
        raise NotImplementedError

    def load_state(self, data: dict[str, Any] | str | bytes) -> Any:
        """Rebuild a state from its stored JSON form (a dict or JSON text)."""
        raise NotImplementedError

    def dump_state(self, state: Any) -> str:
        """The compact stored JSON form of ``state`` (secrets included)."""
        text: str = state.dump_json()
        return text

    def parse_action(self, data: dict[str, Any]) -> BaseModel:
        """Validate an action's JSON form; raises :class:`InvalidAction`."""
        raise NotImplementedError

    def rename_player(self, state: Any, seat: int, new_id: str) -> Any:
        """A copy of ``state`` with seat ``seat``'s occupant id (the ``players`` given to
        :meth:`new_game`) replaced by ``new_id`` (an erased account's anonymous name); nothing
        else changes."""
        raise NotImplementedError

    def legal_actions(self, state: Any, player: int) -> LegalActions:
        """Every action seat ``player`` may apply now (system actions excluded)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the reducer
    # One fixed sequence applies every action of every game (:meth:`apply`, :meth:`play`,
    # :meth:`quiet_player`); a ruleset supplies its steps (the hooks below), never the
    # sequence: recognise the action (:attr:`action_types`), copy the state (``apply`` only),
    # make the action's context (:meth:`context`), check it (:meth:`check`), the bookkeeping
    # before the rule (:meth:`begin`), the rule itself (``rules[type].perform``), settle what
    # it left (:meth:`settle`), count the step (``state.steps``, :attr:`counts_steps`), then
    # the events, the pending decisions and the outcome (:class:`Result`).
    action_types: Mapping[str, type[BaseModel]] = {}
    """Every action model of the game by its ``type`` (the table's system actions too): the
    reducer refuses anything else with :class:`InvalidAction` before the rules see it."""
    rules: Mapping[str, Rule] = {}
    """The rule registry: action ``type`` -> its :class:`Rule` (one per type in
    :attr:`action_types`), whose ``perform`` the reducer runs."""
    counts_steps: bool = True
    """Whether the state counts the actions applied to it (``state.steps``, the service's
    event-log ``step``). Mulodi's does not: its stored form has no counter, and adding one
    would change every recorded game's final state (``tests/engine/golden/replays.json``)."""

    def context(self, state: Any, quiet: bool) -> Any:
        """Hook: the working context an action runs in on ``state`` (the rules' ``ctx``: the
        data, the state, the events so far as ``ctx.events``). ``quiet``: no event need be
        recorded (self-play reads none; ``ctx.events`` may then be ``None``). One context may
        serve a run of actions on the same state (:meth:`quiet_player`), so it keeps nothing
        of one action that the next could see."""
        raise NotImplementedError

    def check(self, ctx: Any, action: BaseModel) -> None:
        """Hook: every check ``action`` (a recognised action) must pass in ``ctx``'s state:
        raises :class:`IllegalAction` (or a subclass) or :class:`InvalidAction` with a
        message a player understands, and changes nothing (a context may keep what the check
        worked out for the rule: Mulodi's plan)."""
        raise NotImplementedError

    def begin(self, ctx: Any, action: BaseModel) -> None:
        """Hook: bookkeeping of a checked action before its rule runs (Jiji: the table's
        time, the turn holder's own move; Mulodi: a person moved this turn). Default none."""

    def settle(self, ctx: Any) -> None:
        """Hook: after the rule, run what it left to do until the game waits on someone
        (Mtaani's step queue and debts, Jiji's debts, idle turns and new decision). Default
        none (Mulodi's rules settle as they go)."""

    _begins: ClassVar[bool] = False
    _settles: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Note once per ruleset class which of the optional steps it supplies, so the
        sequence calls no empty default on the per-action path."""
        super().__init_subclass__(**kwargs)
        cls._begins = cls.begin is not Ruleset.begin
        cls._settles = cls.settle is not Ruleset.settle

    def recognise(self, action: Any) -> None:
        """Raise :class:`InvalidAction` (``"not a <game> action"``) unless ``action`` is an
        instance of the model :attr:`action_types` names for its ``type``: the one error
        every game gives for an action it does not know."""
        cls = self.action_types.get(getattr(action, "type", ""))
        if cls is None or (action.__class__ is not cls and not isinstance(action, cls)):
            raise InvalidAction(f"not a {self.game_title or self.name} action")

    def apply(self, state: Any, action: BaseModel) -> Result:
        """Apply ``action`` to a copy of ``state`` (``state`` itself never changes): the
        sequence of :meth:`apply_in_place` on ``state.copy()`` (every game's state has one: a
        structural deep copy), the action recognised before anything is copied. Raises
        :class:`InvalidAction` or :class:`IllegalAction` (or a subclass). The check runs on
        the copy: what it works out for the rule may point into the state it checked."""
        self.recognise(action)
        state = state.copy()
        events = self._reduce(state, action, True, False)
        return Result(state, events, self.pending(state), self.outcome(state))

    def apply_in_place(self, state: Any, action: BaseModel) -> Result:
        """:meth:`apply` on ``state`` itself (self-play and bots): the checks run before any
        change, so a refused action leaves ``state`` as it was."""
        self.recognise(action)
        events = self._reduce(state, action, True, False)
        return Result(state, events, self.pending(state), self.outcome(state))

    def play(self, state: Any, action: BaseModel, *, checked: bool = False,
             quiet: bool = False) -> list[Event]:
        """:meth:`apply_in_place` without building the :class:`Result`: the same sequence
        changes ``state``; returns the events (a loop that reads only the state).

        ``checked``: the caller has just made sure, on ``state`` as it is, that ``action`` is
        legal (a bot's choice: an action the ruleset's listing of this state handed out, or
        one that passed ``action in legal``, the same check), so it is neither recognised nor
        checked a second time. ``quiet``: no events are recorded (``[]`` is returned); the
        state changes the same."""
        if not checked:
            self.recognise(action)
        events = self._reduce(state, action, not checked, quiet)
        return [] if quiet else events

    def _reduce(self, state: Any, action: BaseModel, check: bool, quiet: bool) -> list[Event]:
        """The sequence from the context on (the action recognised, the state copied when it
        is to be): context, check (unless the caller checked), begin, the rule, settle, count
        the step; returns the context's events."""
        ctx = self.context(state, quiet)
        if check:
            self.check(ctx, action)
        if self._begins:
            self.begin(ctx, action)
        self.rules[action.type].perform(ctx, action)  # type: ignore[attr-defined]  # recognised: a model of action_types
        if self._settles:
            self.settle(ctx)
        if self.counts_steps:
            state.steps += 1
        events: list[Event] = ctx.events
        return events

    def quiet_player(self, state: Any) -> Callable[[BaseModel], None]:
        """``play(state, action, checked=True, quiet=True)`` as a function of the action alone,
        for a self-play loop on ``state`` (one quiet context for the whole game). The same
        sequence and rules change the state; nothing is returned. The hooks a ruleset leaves
        at their defaults (no :meth:`begin`, no :meth:`settle`) are not called."""
        ctx = self.context(state, True)
        rules = self.rules
        begin = self.begin if self._begins else None
        settle = self.settle if self._settles else None
        if begin is None and settle is not None and self.counts_steps:
            def step(action: BaseModel) -> None:  # Mtaani's: the self-play loop's path
                rules[action.type].perform(ctx, action)  # type: ignore[attr-defined]  # checked by the caller
                settle(ctx)
                state.steps += 1

            return step
        counts = self.counts_steps

        def each(action: BaseModel) -> None:
            events = ctx.events
            if events:  # a context that records events even when quiet: none is read
                events.clear()
            if begin is not None:
                begin(ctx, action)
            rules[action.type].perform(ctx, action)  # type: ignore[attr-defined]  # checked by the caller
            if settle is not None:
                settle(ctx)
            if counts:
                state.steps += 1

        return each

    def pending(self, state: Any) -> tuple[Decision, ...]:
        """The decisions the game waits for now, in the order it asks them (``()`` when over)."""
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        raise NotImplementedError

    def standing_keys(self, state: Any) -> list[tuple[Any, ...]]:
        """Each seat's standing at the end, as a key that sorts higher for a better finish
        (after the winner, who :meth:`places` puts first). Default: every seat equal."""
        return [() for _ in range(self.seat_count(state))]

    def seat_count(self, state: Any) -> int:
        """The number of seats of ``state`` (its ``players``)."""
        return len(state.players)

    def places(self, state: Any, knocked_out: Sequence[int] = ()) -> list[int] | None:
        """Each seat's finishing place once the game is over (``None`` before): 1 for the
        winner, then by :meth:`standing_keys` (higher is better); seats with equal keys share
        the best place of their group (competition ranking: 1, 2, 2, 4). A game ended without
        a winner ranks every seat by its key alone. ``knocked_out``: the seats in the order
        they were eliminated (the log's ``Bankrupt`` events): among seats of equal keys (the
        bankrupt ones), one knocked out later finishes above one knocked out earlier (a seat
        not in it counts as knocked out before all of them)."""
        done = self.outcome(state)
        if done is None:
            return None
        keys = self.standing_keys(state)
        order = {seat: n for n, seat in enumerate(knocked_out, start=1)}
        ranked = [(seat == done.winner, *key, order.get(seat, 0)) for seat, key in enumerate(keys)]
        return [1 + sum(1 for other in ranked if other > mine) for mine in ranked]

    def deadline_action(self, state: Any, decision: Decision, now: int) -> BaseModel | None:
        """The action the table applies when ``decision``'s deadline has passed at ``now``
        (Unix seconds), or ``None`` when the table cannot decide for the holder (the deadline
        only counts toward the seat's idle streak)."""
        raise NotImplementedError

    def order_action(self, state: Any, seat: int, orders: BaseModel, now: int) -> BaseModel | None:
        """The move seat ``seat``'s standing ``orders`` (an instance of
        :attr:`standing_orders`) make in ``state`` at ``now`` (Unix seconds): a legal action of
        that seat, or ``None`` when they make none (a stop the person answers themselves, or
        nothing of theirs is waiting). Whether it is ``None`` depends only on what the other
        seats can see too (:mod:`engine.orders`). Default: no orders, no moves."""
        return None

    def orders_shortcut(self, state: Any, orders: Mapping[int, BaseModel],
                        now: int) -> list[tuple[int, BaseModel]]:
        """The last few of a long run of moves that several seats' ``orders`` (seat -> orders)
        would make one at a time in ``state`` at ``now`` answering each other (a Jiji proxy-bid
        race), chosen so that they leave the game as the whole run would: ``[(seat, action),
        ...]``, each a legal action of its seat when made in turn; ``[]`` when there is no such
        run (:func:`engine.orders.follow` then asks :meth:`order_action` seat by seat).
        Default: none."""
        return []

    def pause_action(self, state: Any, now: int) -> BaseModel | None:
        """The table action that stops the game's own clocks when its owner saves (pauses) it
        at ``now``, or ``None`` when nothing in the state runs on time."""
        return None

    def resume_action(self, state: Any, now: int) -> BaseModel | None:
        """The table action that restarts the game's clocks with the time they had left when
        its owner resumes it at ``now`` (``None``: nothing to restart)."""
        return None

    # ------------------------------------------------------------------ what each seat sees
    def view(self, state: Any, viewer: int | None, *, reveal: bool = False) -> dict[str, Any]:
        """The state as seat ``viewer`` (``None``: a spectator) may see it, built from an
        allow-list of what is open to that seat.

        ``reveal``: the view of a finished game's replay (the service asks for it only once
        the game is over), with everything hidden during play shown: the parts private to
        other seats (their offers, their hands) where ``viewer``'s view has them for its own,
        and under the key ``"revealed"`` (a JSON-ready dict, in player terms) what no seat's
        view shows, such as the draw piles in their order. It still never carries the seed
        (the service reveals that in the log). The ruleset kit checks that it shows
        everything :meth:`redeterminize` resamples."""
        raise NotImplementedError

    def event_view(self, event: Event, viewer: int | None, *, reveal: bool = False) -> Event | None:
        """``event`` as ``viewer`` may see it (only allowed fields, :attr:`event_shapes`), or
        ``None`` when nothing of it is theirs to see. ``reveal`` (a finished game's replay):
        every event with its ``public`` and ``parties`` fields, whoever it was private to."""
        shape = self.event_shapes.get(event.get("type", ""))
        if shape is None:
            return None
        parties = event.get("private")
        hidden = parties is not None and viewer not in parties and not reveal
        fields = shape.public if hidden else shape.public + shape.parties
        if hidden and not shape.public:
            return None
        shown = {"type": event["type"]}
        for name in fields:
            if name in event:
                shown[name] = event[name]
        return shown

    def hints(self, state: Any, viewer: int, now: int) -> dict[str, Any]:
        """What seat ``viewer`` is told now beside its view, when it depends on the time
        (``now``, Unix seconds: the engine reads no clock), e.g. Mtaani's guards' mood while
        jailed. JSON-ready; ``{}`` when nothing."""
        return {}

    def redeterminize(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """A state identical in everything ``seat`` (``None``: a spectator) can see, with
        everything hidden from it (other hands, deck order, the seed, offers between others)
        resampled consistently from ``rng``. ``state`` itself is not changed."""
        raise NotImplementedError

    # ------------------------------------------------------------------ around the game
    def notice(self, event: Event, seat: int, names: Sequence[str],
               deadline: str | None = None) -> Notice | None:
        """What the player at ``seat`` is told about bus event ``event`` of this game (a
        ``DecisionPending`` of theirs with its :attr:`Decision.detail`, an offer to them, the
        end), with ``names`` the seats' display names and ``deadline`` the decision's
        deadline, or the time another event names as its ``due`` (Unix seconds: an auction's
        close, an offer's expiry), in the reader's words (``"18:00"``); ``None``: nothing to
        tell."""
        return None

    def table_news(self, events: list[Event]) -> list[tuple[int, str]]:
        """Table-wide news in one action's ``events`` that every player hears with their next
        notification rather than alone: ``(number, text)`` pairs, numbers growing through the
        game (Mtaani: what each revolution brought)."""
        return []

    def waiting_seats(self, state: Any) -> list[int]:
        """Seats the game waits on now (holders of pending decisions, and seats with offers
        to answer that are not decisions), in the order to ask them."""
        seen: dict[int, None] = {}
        for decision in self.pending(state):
            if decision.player is not None:
                seen.setdefault(decision.player, None)
        return list(seen)

    def notice_key(self, state: Any, decision: Decision) -> str:
        """What a notification of ``decision`` (pending in ``state``) is sent once for: by
        default the decision itself; a ruleset whose turn is a run of decisions (a new one
        after each card played, or after others answered the turn holder's card) names the
        turn, so a person hears once when their turn starts waiting for them, not once a card."""
        return str(decision.id)

    decision_fields: tuple[str, ...] = ("decision",)
    """Fields of a player action that name the pending decision it answers (Mulodi's answers:
    ``decision``; Jiji's deal answers: ``deal``, a deal's decision id being its own)."""

    def closed_words(self, state: Any, action: BaseModel) -> str:
        """Why ``action`` no longer applies when the decision it answers is no longer pending
        in ``state`` (the service refuses such a move made on a view that has since changed),
        in the game's words. The default fits any game; rulesets say it their way."""
        return ("that decision is no longer waiting for you: it was answered, or its time "
                "ran out")

    def guide(self) -> dict[str, Any]:
        """The guide data of ``GET /rulesets/{name}/guide`` (the rules for players, generated
        from the ruleset's data)."""
        raise NotImplementedError

    def secrets(self, state: Any, seat: int | None) -> set[str]:
        """Text that must appear in nothing ``seat`` reads (its view, the events it is shown)
        while ``state`` stands: the seed, and whatever else the ruleset can name (the ids of
        cards in other hands or in the draw pile). The ruleset kit checks it."""
        return {str(state.seed)}


TIME_FIELDS: dict[str, Callable[[int], int]] = {
    "now": lambda now: now,
    "minute": lambda now: now // 60,
}
"""Action fields the service fills in from its clock (never taken from a request): ``now``
(Unix seconds) and ``minute`` (minutes since the Unix epoch, the bribe's)."""


def read_action(game: str, types: Mapping[str, type[BaseModel]], data: Any) -> BaseModel:
    """The action of JSON form ``data`` (``{"type": ..., fields}``) for a game whose action
    models are ``types`` (type name -> model), validated by its model. The one parse every
    ruleset's ``parse_action`` uses, so every game refuses bad input the same way: raises
    :class:`InvalidAction` with "an action is a JSON object", "unknown <game> action 'x';
    known: ...", or "<type>: <field>: <pydantic's message>" (the first problem)."""
    if not isinstance(data, dict):
        raise InvalidAction("an action is a JSON object")
    kind = data.get("type")
    model = types.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise InvalidAction(f"unknown {game} action {kind!r}; known: {', '.join(types)}")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InvalidAction(f"{kind}: {first_error(exc, 'action')}") from None


# ---------------------------------------------------------------------------- fast actions
_ACTION_FIELDS: dict[type, tuple[tuple[str, Callable[..., Any] | None, Any], ...]] = {}
"""Each action model's fields: (name, default factory, default), read once."""
_new = object.__new__
_set = object.__setattr__


def action_maker(cls: type[BaseModel], *names: str) -> Callable[..., Any]:
    """A constructor of action model ``cls`` taking the values of fields ``names``
    positionally: ``action_maker(cls, "player", "card")(0, "c017")`` is
    ``make_action(cls, player=0, card="c017")`` (the same fields, in the model's order, the
    same fields set), made without its per-call keyword dict and field loop: the listings make
    tens of actions a call. Fields not named take their defaults (a field with a default
    factory must be named). Raises ``ValueError`` for names the model has not."""
    spec = _ACTION_FIELDS.get(cls)
    if spec is None:
        spec = _ACTION_FIELDS[cls] = tuple(
            (name, f.default_factory, None if f.is_required() or f.default_factory else f.default)
            for name, f in cls.model_fields.items())
    known = {name for name, _, _ in spec}
    if len(set(names)) != len(names) or not set(names) <= known or any(
            not n.isidentifier() or n.endswith("_") for n in names):
        raise ValueError(f"{cls.__name__} has no fields {names!r}")
    for name, factory, _ in spec:
        if factory is not None and name not in names:
            raise ValueError(f"{cls.__name__}.{name} has a default factory: name it")
    space: dict[str, Any] = {"_new_": _new, "_cls_": cls, "_names_": frozenset(names), "_mkset_": set,
                             **{f"_{slot}_": BaseModel.__dict__[f"__pydantic_{slot}__"].__set__
                                for slot in ("fields_set", "extra", "private")}}
    lines = []
    for i, (name, _, default) in enumerate(spec):
        if name in names:
            lines.append(f"    d_[{name!r}] = {name}\n")
        else:
            space[f"_default{i}_"] = default
            lines.append(f"    d_[{name!r}] = _default{i}_\n")
    params = ", ".join(names)
    # The fields go straight into the new object's __dict__ (a frozen model's __setattr__
    # refuses them), the three pydantic slots through their descriptors.
    source = (f"def build({params}):\n"
              f"    obj_ = _new_(_cls_)\n"
              f"    d_ = obj_.__dict__\n"
              f"{''.join(lines)}"
              f"    _fields_set_(obj_, _mkset_(_names_))\n"
              f"    _extra_(obj_, None)\n"
              f"    _private_(obj_, None)\n"
              f"    return obj_\n")
    exec(source, space)  # the source is made here from the model's own field names
    build: Callable[..., Any] = space["build"]
    build.__qualname__ = build.__name__ = f"make_{cls.__name__}"
    return build


def make_action(cls: type[BaseModel], **fields: Any) -> Any:
    """An action of model ``cls`` built without validation, for values the engine knows are
    good (legal listings, bots, the table's own actions): what pydantic's ``model_construct``
    does, about 4 times faster; the result equals ``cls(**fields)`` and compares, hashes and
    dumps like a validated model. Every game's fast-action helper (Jiji's and Mulodi's
    ``actions.make``)."""
    spec = _ACTION_FIELDS.get(cls)
    if spec is None:
        spec = _ACTION_FIELDS[cls] = tuple(
            (name, f.default_factory, None if f.is_required() or f.default_factory else f.default)
            for name, f in cls.model_fields.items())
    data = {}
    for name, factory, default in spec:
        if name in fields:
            data[name] = fields[name]
        elif factory is not None:
            data[name] = factory()
        else:
            data[name] = default
    obj = _new(cls)
    _set(obj, "__dict__", data)
    _set(obj, "__pydantic_fields_set__", set(fields))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def first_error(exc: ValidationError, whole: str) -> str:
    """``"<field path>: <pydantic's message>"`` of the first problem ``exc`` names (``whole``
    for the path when the problem is the whole object): the wording every refused input of
    the engine uses (actions, standing orders)."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or whole
    return f"{where}: {first['msg']}"


def stamp(action: BaseModel, now: int) -> BaseModel:
    """``action`` with its time fields (:data:`TIME_FIELDS`) set from ``now`` (Unix seconds);
    an action without any is returned as it is."""
    fields = type(action).model_fields
    update = {name: fill(now) for name, fill in TIME_FIELDS.items() if name in fields}
    return action.model_copy(update=update) if update else action


# ---------------------------------------------------------------------------- the registry
# Rulesets are found from their packages: every package of the engine (``engine/<game>/``)
# that has a ``registry.py``, and the packages named in the RULESET_PACKAGES environment
# variable (a game shipped outside the engine, such as the tests' own), declare there, in a
# module that imports nothing, their game (``GAME``), their rulesets (``RULESETS``: name ->
# ``"module:attribute"``, the module relative to the package when it starts with a dot) and
# their state dictionaries (``DICTIONARIES``: key -> path in the package). Reading them
# imports no rules: a ruleset's module is imported the first time it is asked for (cold
# starts). See docs/adding-a-game.md.
PACKAGES_VARIABLE = "RULESET_PACKAGES"
"""The environment variable naming extra ruleset packages (comma-separated import names)."""
_KNOWN: dict[str, tuple[str, str]] = {}
"""Ruleset name -> (its game, ``"module:attribute"``): known without importing the ruleset
(routing and lobbies), which is imported on first use to keep cold starts small."""
_GAMES: dict[str, str] = {}
_DICTIONARIES: dict[str, str] = {}
"""Key -> ``"package:path"`` of every state compression dictionary (see
``Ruleset.state_dictionary``); read on first use."""
_DICTIONARY_BYTES: dict[str, bytes] = {}
_LOADED: dict[str, Ruleset] = {}
_read_packages: list[str] = []
DEFAULT_RULESET = "mtaani"
"""The ruleset a table gets when nobody chose one (the flagship: a new lobby, the demo)."""


def ruleset_packages() -> list[str]:
    """The import names of every package that declares rulesets: the engine's own
    (``engine.<dir>`` for each directory of the engine with a ``registry.py``, sorted), then
    those :data:`PACKAGES_VARIABLE` names, in its order. Nothing is imported."""
    import os

    root = os.path.dirname(__file__)
    own = sorted(entry.name for entry in os.scandir(root)
                 if entry.is_dir() and os.path.isfile(os.path.join(entry.path, "registry.py")))
    extra = [name.strip() for name in os.environ.get(PACKAGES_VARIABLE, "").split(",")]
    return [f"engine.{name}" for name in own] + [name for name in extra if name]


def _discover() -> None:
    """Read the registry module of every package of :func:`ruleset_packages` not read yet.
    Raises ``ValueError`` when two packages declare the same ruleset or dictionary."""
    for package in ruleset_packages():
        if package in _read_packages:
            continue
        manifest = importlib.import_module(f"{package}.registry")
        for name, target in manifest.RULESETS.items():
            if name in _KNOWN:
                raise ValueError(f"ruleset {name!r} is declared by {package} and by "
                                 f"{_KNOWN[name][1].split(':')[0]}")
            module, _, attr = target.partition(":")
            _KNOWN[name] = (manifest.GAME, f"{package}{module}:{attr}" if module.startswith(".")
                            else target)
            _GAMES.setdefault(name, manifest.GAME)
        for key, path in getattr(manifest, "DICTIONARIES", {}).items():
            if key in _DICTIONARIES:
                raise ValueError(f"state dictionary {key!r} is declared twice")
            _DICTIONARIES[key] = f"{package}:{path}"
        _read_packages.append(package)


def _known() -> dict[str, tuple[str, str]]:
    """:data:`_KNOWN`, once every package of :func:`ruleset_packages` has been read."""
    _discover()
    return _KNOWN


def dictionary(key: str) -> bytes:
    """The compression dictionary ``key``; raises ``KeyError`` for an unknown key."""
    found = _DICTIONARY_BYTES.get(key)
    if found is None:
        from importlib import resources

        _discover()
        package, path = _DICTIONARIES[key].split(":")
        found = _DICTIONARY_BYTES[key] = resources.files(package).joinpath(path).read_bytes()
    return found


def register[R: Ruleset](ruleset: R) -> R:
    """Add ``ruleset`` (an object already made) to the registry under ``ruleset.name`` and
    return it. A package's rulesets are found from its ``registry.py`` without this; it serves
    a ruleset made in a test."""
    _LOADED[ruleset.name] = ruleset
    _GAMES.setdefault(ruleset.name, ruleset.game)
    return ruleset


def rulesets() -> list[str]:
    """Names of every registered ruleset."""
    return sorted(set(_known()) | set(_LOADED))


def games() -> list[str]:
    """Every game (the families of rulesets: ``mtaani``, ...), sorted."""
    return sorted({_GAMES[name] for name in rulesets()})


def game_of(name: str) -> str:
    """The game ruleset ``name`` belongs to (without importing it); :class:`UnknownRuleset`."""
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownRuleset(f"unknown ruleset {name!r}; known: {', '.join(rulesets())}") from None


def rulesets_of(game: str) -> list[str]:
    """The rulesets of ``game``, sorted."""
    return sorted(name for name in rulesets() if _GAMES[name] == game)


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered as ``name``; raises :class:`UnknownRuleset`."""
    found = _LOADED.get(name)
    if found is not None:
        return found
    known = _known().get(name)
    if known is None:
        raise UnknownRuleset(f"unknown ruleset {name!r}; known: {', '.join(rulesets())}")
    module_name, attr = known[1].split(":")
    ruleset: Ruleset = getattr(importlib.import_module(module_name), attr)
    return register(ruleset)


def ruleset_of(state: Any) -> Ruleset:
    """The ruleset of ``state`` (by its ``ruleset`` field)."""
    return get_ruleset(state.ruleset)


def new_game(
    ruleset: str,
    players: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
) -> Any:
    """Deal a new game of ``ruleset`` for ``players`` from ``seed``.

    Raises :class:`UnknownRuleset` or :class:`InvalidAction` (bad player count or options).
    """
    return get_ruleset(ruleset).new_game(list(players), seed, dict(options or {}))


def legal_actions(state: Any, player: int) -> LegalActions:
    """Every action ``player`` (seat) may apply now."""
    return ruleset_of(state).legal_actions(state, player)


def apply(state: Any, action: BaseModel | dict[str, Any]) -> Result:
    """Apply ``action`` to a copy of ``state``; returns a :class:`Result`.

    ``state`` itself is never changed. Raises :class:`InvalidAction` for a malformed action
    and :class:`IllegalAction` (or a subclass) for one the rules do not allow now.
    """
    ruleset = ruleset_of(state)
    if isinstance(action, dict):
        action = ruleset.parse_action(action)
    return ruleset.apply(state, action)


def pending(state: Any) -> tuple[Decision, ...]:
    """The decisions ``state`` waits for (:meth:`Ruleset.pending`)."""
    return ruleset_of(state).pending(state)


def outcome(state: Any) -> Outcome | None:
    """How the game of ``state`` ended, or ``None`` (:meth:`Ruleset.outcome`)."""
    return ruleset_of(state).outcome(state)


def places(state: Any, knocked_out: Sequence[int] = ()) -> list[int] | None:
    """Each seat's finishing place in the game of ``state`` (:meth:`Ruleset.places`;
    ``knocked_out``: the seats in the order they were eliminated)."""
    return ruleset_of(state).places(state, knocked_out)


def view(state: Any, viewer: int | None, *, reveal: bool = False) -> dict[str, Any]:
    """The state as ``viewer`` (a seat, or ``None`` for a spectator) may see it; ``reveal``:
    with everything hidden during play shown (a finished game's replay, :meth:`Ruleset.view`)."""
    return ruleset_of(state).view(state, viewer, reveal=reveal)


def redeterminize(state: Any, seat: int | None, rng: random.Random) -> Any:
    """``state`` with everything hidden from ``seat`` resampled (:meth:`Ruleset.redeterminize`)."""
    return ruleset_of(state).redeterminize(state, seat, rng)


def parse_action(ruleset: str | Any, data: dict[str, Any]) -> BaseModel:
    """Validate ``data`` as an action of ``ruleset`` (a name or a state)."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset_of(ruleset)
    return rs.parse_action(data)


def deadline_action(state: Any, decision: Decision, now: int) -> BaseModel | None:
    """The table's action when ``decision``'s deadline has passed (:meth:`Ruleset.deadline_action`)."""
    return ruleset_of(state).deadline_action(state, decision, now)


def load_state(data: dict[str, Any] | str | bytes) -> Any:
    """Rebuild any ruleset's state from its JSON form (dispatching on ``"ruleset"``)."""
    if isinstance(data, (str, bytes)):
        import json

        data = json.loads(data)
    if not isinstance(data, dict) or "ruleset" not in data:
        raise InvalidAction("state JSON has no 'ruleset' field")
    return get_ruleset(data["ruleset"]).load_state(data)


def dump_state(state: Any) -> str:
    """The compact JSON form of a state (the stored form; secrets included)."""
    return ruleset_of(state).dump_state(state)


def first(items: Iterable[Any]) -> Any:
    """The first item of ``items`` or ``None``."""
    return next(iter(items), None)
