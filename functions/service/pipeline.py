"""The action pipeline, in one place: load the game, apply the engine, write the new state and
its event-log items with optimistic locking, then publish domain events.

On a version conflict the pipeline reloads and re-applies (at most ``MAX_ACTION_RETRIES``
times) unless the caller pinned the version it saw, in which case it answers
:class:`~service.errors.StaleVersion` (409) and changes nothing. Player actions, timer actions
and bot moves all come through :func:`run`.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

import engine
from service import bus, observability
from service.config import settings
from service.errors import (
    Conflict,
    Forbidden,
    ServiceUnavailable,
    StaleVersion,
    Unprocessable,
    VersionConflict,
)
from service.storage import AddToTransaction, Decision, DynamoGameStore, GameStore, StoredGame

log = observability.logger

DOMAIN_EVENTS = frozenset(
    {"TurnStarted", "DecisionPending", "RevolutionCompleted", "GameFinished", "Bankrupt", "DebtOwed"}
)
"""Engine events forwarded to the EventBridge bus (the rest stay in the game's log)."""
LIFECYCLE_EVENTS = frozenset({"GameCreated", "GameSaved", "GameResumed"})
"""Service events about the table itself, also forwarded to the bus."""

_store: GameStore | None = None


def default_store() -> GameStore:
    """The DynamoDB store, created on first use."""
    global _store
    if _store is None:
        _store = DynamoGameStore()
    return _store


@dataclass
class ActionResult:
    """What an applied action produced: the stored game, its new state and the events."""

    game: StoredGame
    state: BaseModel
    events: list[dict[str, Any]]

    @property
    def version(self) -> int:
        return self.game.version


Decide = Callable[[StoredGame, BaseModel], BaseModel]
"""Builds the action from the freshly loaded game and state (called again on each retry)."""


class GameSaved(Conflict):
    """The owner saved (paused) the game: nothing moves until they resume it."""

    code = "game_saved"


def decision_of(state: BaseModel) -> Decision:
    """The pending decision of ``state`` as ``(seat, kind)``, or ``None``."""
    decision = engine.get_ruleset(state.ruleset).decision(state)
    return None if decision is None else (decision.player, decision.kind)


def new_game_id() -> str:
    """An unguessable game id (URL-safe, 16 bytes of randomness)."""
    return secrets.token_urlsafe(16)


def create_game(ruleset: str, seats: list[str], options: dict[str, Any] | None = None,
                seed: int | None = None, store: GameStore | None = None, *,
                game_id: str | None = None, owner: str | None = None,
                idle_timeout: int | None = None,
                also: AddToTransaction | None = None) -> ActionResult:
    """Deal a new game of ``ruleset`` for ``seats`` (account or bot ids) and store it, with
    ``also``'s items in the same transaction (a lobby's kickoff).

    Raises :class:`Unprocessable` for a bad ruleset, seat count or options,
    :class:`Forbidden` for scripted randomness on a deployment that does not allow it, and
    :class:`~service.errors.VersionConflict` when the transaction lost a race.
    """
    store = store or default_store()
    options = dict(options or {})
    if options.get("scripted") and not settings().allow_scripted_games:
        raise Forbidden("games with fixed dice and draws are not allowed on this deployment")
    if seed is None:
        seed = secrets.randbits(63)
    try:
        state = engine.new_game(ruleset, seats, seed, options)
    except engine.EngineError as exc:
        raise Unprocessable(exc.message) from None
    game_id = game_id or new_game_id()
    created = {"type": "GameCreated", "ruleset": ruleset, "seats": len(seats)}
    game = store.create(game_id, ruleset, seats, engine.dump_state(state), [created],
                        owner=owner, idle_timeout=idle_timeout, decision=decision_of(state),
                        also=also)
    result = ActionResult(game, state, [created])
    _publish(result, [created, *_initial_events(state)])
    return result


def _initial_events(state: BaseModel) -> list[dict[str, Any]]:
    decision = engine.get_ruleset(state.ruleset).decision(state)
    if decision is None:
        return []
    return [{"type": "DecisionPending", "player": decision.player, "kind": decision.kind,
             "decision": decision.id}]


@observability.traced("pipeline.run")
def run(game_id: str, decide: Decide, *, expected_version: int | None = None,
        store: GameStore | None = None) -> ActionResult:
    """Load, apply ``decide(game, state)``, save with the version condition, publish.

    Raises engine errors (illegal or invalid actions) unchanged, :class:`StaleVersion` when
    ``expected_version`` no longer matches, :class:`GameSaved` while the owner has the game
    saved (paused), and :class:`ServiceUnavailable` when conflicts persist past the retry
    budget. The stored state is untouched by every failure.
    """
    store = store or default_store()
    retries = settings().max_action_retries
    for attempt in range(retries + 1):
        game = store.load(game_id)
        if expected_version is not None and game.version != expected_version:
            observability.count(observability.STALE_VERSIONS)
            raise StaleVersion(
                "the game has moved on since you last looked; reload and try again",
                current_version=game.version,
            )
        if game.record.status == "saved":
            raise GameSaved("the game is saved (paused) until its owner resumes it")
        state = engine.load_state(game.record.state)
        action = decide(game, state)
        new_state, events = engine.apply(state, action)
        ruleset = engine.get_ruleset(new_state.ruleset)
        status = "finished" if ruleset.outcome(new_state) is not None else "active"
        logged = [{"type": "ActionApplied", "action": action.model_dump(mode="json")}, *events]
        try:
            store.save(game, engine.dump_state(new_state), status, logged, new_state.steps,
                       decision=decision_of(new_state))
        except VersionConflict:
            observability.count(observability.VERSION_CONFLICTS)
            if expected_version is not None:
                current = store.load(game_id).version
                observability.count(observability.STALE_VERSIONS)
                raise StaleVersion(
                    "another move was saved first; reload and try again", current_version=current
                ) from None
            if attempt < retries:
                observability.count(observability.ACTION_RETRIES)
            time.sleep(random.uniform(0, 0.02 * (2**attempt)))
            continue
        result = ActionResult(game, new_state, events)
        observability.count(observability.ACTIONS, action=action.type)
        log.info("action applied", extra={"game_id": game_id, "action": action.type,
                                          "version": result.version, "attempt": attempt,
                                          "events": len(events), "status": status})
        _publish(result, events)
        return result
    raise ServiceUnavailable("the game is busy with other moves; try again", retry_after=1)


def set_saved(game_id: str, account_id: str, saved: bool, *,
              store: GameStore | None = None) -> ActionResult:
    """Save (pause, ``saved=True``) or resume the game: owner only (:class:`Forbidden`), from
    ``active`` to ``saved`` and back (:class:`Conflict` otherwise). The change is a versioned
    write with a ``GameSaved`` / ``GameResumed`` log item; resuming announces the pending
    decision again (``DecisionPending``), so its idle-turn deadline starts afresh."""
    store = store or default_store()
    for attempt in range(settings().max_action_retries + 1):
        game = store.load(game_id)
        record = game.record
        if record.owner != account_id:
            if account_id in record.seats:
                raise Forbidden("only the table's owner can save or resume the game")
            raise Forbidden("you do not hold a seat at this table")
        wanted_from = "active" if saved else "saved"
        if record.status != wanted_from:
            raise Conflict(f"the game is {record.status}; only an {wanted_from} game can be "
                           + ("saved" if saved else "resumed"))
        state = engine.load_state(record.state)
        event = {"type": "GameSaved" if saved else "GameResumed"}
        try:
            store.save(game, record.state, "saved" if saved else "active", [event],
                       state.steps, decision=decision_of(state))
        except VersionConflict:
            time.sleep(random.uniform(0, 0.02 * (2**attempt)))
            continue
        result = ActionResult(game, state, [event])
        _publish(result, [event] if saved else [event, *_initial_events(state)])
        return result
    raise ServiceUnavailable("the game is busy with other moves; try again", retry_after=1)


def seat_of(game: StoredGame, account_id: str) -> int:
    """The seat ``account_id`` holds in ``game``; :class:`Forbidden` when not seated."""
    try:
        return list(game.record.seats).index(account_id)
    except ValueError:
        raise Forbidden("you do not hold a seat at this table") from None


def act(game_id: str, account_id: str, action: dict[str, Any], *,
        expected_version: int | None = None, store: GameStore | None = None) -> ActionResult:
    """Apply a player's action (its JSON form, without ``player``) as ``account_id``'s seat."""

    def decide(game: StoredGame, state: BaseModel) -> BaseModel:
        seat = seat_of(game, account_id)
        try:
            return engine.parse_action(state, {**action, "player": seat})
        except engine.InvalidAction as exc:
            raise Unprocessable(exc.message) from None

    return run(game_id, decide, expected_version=expected_version, store=store)


def _publish(result: ActionResult, events: list[dict[str, Any]]) -> None:
    """Forward the domain events to the bus; the state is already saved, so a failure here is
    logged, not raised."""
    seats = list(result.game.record.seats)
    items = []
    for event in events:
        if event["type"] not in DOMAIN_EVENTS and event["type"] not in LIFECYCLE_EVENTS:
            continue
        detail = {"game_id": result.game.game_id, "version": result.version,
                  "ruleset": result.game.record.ruleset, "seats": seats, "event": event}
        player = event.get("player")
        if isinstance(player, int) and 0 <= player < len(seats):
            detail["account_id"] = seats[player]
        items.append((event["type"], detail))
    if not items:
        return
    try:
        bus.publish_many(items)
    except Exception:  # the move is saved; delivery problems must not undo it
        # A lost DecisionPending means a missing timer: timers.sweep finds such decisions
        # once their deadline has passed.
        observability.count(observability.PUBLISH_FAILURES)
        log.exception("publishing %d events for game %s failed", len(items), result.game.game_id)
