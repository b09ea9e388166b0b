"""Engine interface shared by every ruleset: errors, the registry and the dispatch functions.

A ruleset (Mtaani current, the Mtaani classic preset, later Mulodi and the city-building game)
implements :class:`Ruleset`. Game states are pydantic models that carry their ruleset's name in
``state.ruleset``, so :func:`apply`, :func:`legal_actions` and :func:`view` dispatch on the state.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

Event = dict[str, Any]
"""An engine event: a JSON-ready dict with a ``type`` key, written in player terms."""


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


@dataclass(frozen=True, slots=True)
class Decision:
    """What a game waits for: ``player`` (seat) must decide ``kind``.

    ``id`` grows by one every time a new decision is created, so a timer or a client can
    tell whether the decision it knew about is still the pending one.
    """

    id: int
    player: int
    kind: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: ``termination`` (``"bankruptcy"``, ``"turn_cap"``, ...) and winner seat."""

    termination: str
    winner: int | None


class LegalActions(Sequence):
    """The legal actions of one player in one state.

    Iteration and ``len`` cover the concrete actions; ``action in legal`` runs the same
    legality check :func:`apply` runs, so it also answers for actions with free parameters
    (trade offers, loan amounts) that are described by :attr:`specs` rather than listed.
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

    def __getitem__(self, index):  # type: ignore[override]
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
            seen.setdefault(action.type, None)  # type: ignore[attr-defined]
        for name in self.specs:
            seen.setdefault(name, None)
        return list(seen)

    def __repr__(self) -> str:
        return f"<LegalActions {len(self._actions)} actions, types={self.types()}>"


class Ruleset:
    """One game's rules behind the engine interface. Subclasses fill in every method."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4

    def new_game(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> BaseModel:
        """Deal a new game for ``players`` (stable ids, in seat order) from ``seed``."""
        raise NotImplementedError

    def load_state(self, data: dict[str, Any] | str | bytes) -> BaseModel:
        """Rebuild a state from its JSON form (a dict or JSON text)."""
        raise NotImplementedError

    def parse_action(self, data: dict[str, Any]) -> BaseModel:
        """Validate an action's JSON form; raises :class:`InvalidAction`."""
        raise NotImplementedError

    def legal_actions(self, state: BaseModel, player: int) -> LegalActions:
        raise NotImplementedError

    def apply(self, state: BaseModel, action: BaseModel) -> tuple[BaseModel, list[Event]]:
        raise NotImplementedError

    def view(self, state: BaseModel, viewer: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def decision(self, state: BaseModel) -> Decision | None:
        raise NotImplementedError

    def event_view(self, event: Event, viewer: int | None) -> Event | None:
        """``event`` as ``viewer`` may see it, or ``None`` when it is private to others.

        Events listing their parties in ``private`` are shown only to those seats."""
        parties = event.get("private")
        if parties is None:
            return event
        if viewer not in parties:
            return None
        return {k: v for k, v in event.items() if k != "private"}

    def outcome(self, state: BaseModel) -> Outcome | None:
        raise NotImplementedError

    def idle_action(self, state: BaseModel) -> BaseModel | None:
        """The action "the table" applies when the pending decision's deadline passes."""
        raise NotImplementedError


# name -> "module:attribute"; modules are imported on first use to keep cold starts small.
_KNOWN: dict[str, str] = {
    "mtaani": "engine.mtaani.ruleset:CURRENT",
    "mtaani-classic": "engine.mtaani.ruleset:CLASSIC",
}
_LOADED: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add ``ruleset`` to the registry under ``ruleset.name`` and return it."""
    _LOADED[ruleset.name] = ruleset
    return ruleset


def rulesets() -> list[str]:
    """Names of every registered ruleset."""
    return sorted(set(_KNOWN) | set(_LOADED))


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered as ``name``; raises :class:`UnknownRuleset`."""
    found = _LOADED.get(name)
    if found is not None:
        return found
    target = _KNOWN.get(name)
    if target is None:
        raise UnknownRuleset(f"unknown ruleset {name!r}; known: {', '.join(rulesets())}")
    module_name, attr = target.split(":")
    ruleset = getattr(importlib.import_module(module_name), attr)
    return register(ruleset)


def _ruleset_of(state: BaseModel) -> Ruleset:
    return get_ruleset(state.ruleset)  # type: ignore[attr-defined]


def new_game(
    ruleset: str,
    players: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
) -> BaseModel:
    """Deal a new game of ``ruleset`` for ``players`` from ``seed``.

    Raises :class:`UnknownRuleset` or :class:`InvalidAction` (bad player count or options).
    """
    return get_ruleset(ruleset).new_game(list(players), seed, dict(options or {}))


def legal_actions(state: BaseModel, player: int) -> LegalActions:
    """Every action ``player`` (seat) may apply now."""
    return _ruleset_of(state).legal_actions(state, player)


def apply(state: BaseModel, action: BaseModel | dict[str, Any]) -> tuple[BaseModel, list[Event]]:
    """Apply ``action`` to a copy of ``state``; returns ``(new_state, events)``.

    ``state`` itself is never changed. Raises :class:`InvalidAction` for a malformed action
    and :class:`IllegalAction` (or a subclass) for one the rules do not allow now.
    """
    ruleset = _ruleset_of(state)
    if isinstance(action, dict):
        action = ruleset.parse_action(action)
    return ruleset.apply(state, action)


def view(state: BaseModel, viewer: int | None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat, or ``None`` for a spectator) may see it."""
    return _ruleset_of(state).view(state, viewer)


def parse_action(ruleset: str | BaseModel, data: dict[str, Any]) -> BaseModel:
    """Validate ``data`` as an action of ``ruleset`` (a name or a state)."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else _ruleset_of(ruleset)
    return rs.parse_action(data)


def idle_action(state: BaseModel) -> BaseModel | None:
    """The action the table applies for an idle decision (``None`` when nothing applies)."""
    return _ruleset_of(state).idle_action(state)


def load_state(data: dict[str, Any] | str | bytes) -> BaseModel:
    """Rebuild any ruleset's state from its JSON form (dispatching on ``"ruleset"``)."""
    if isinstance(data, (str, bytes)):
        import json

        data = json.loads(data)
    if not isinstance(data, dict) or "ruleset" not in data:
        raise InvalidAction("state JSON has no 'ruleset' field")
    return get_ruleset(data["ruleset"]).load_state(data)


def dump_state(state: BaseModel) -> str:
    """The compact JSON form of a state (the stored form; secrets included)."""
    return state.model_dump_json()


def first(items: Iterable[Any]) -> Any:
    """The first item of ``items`` or ``None``."""
    return next(iter(items), None)
