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
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

import engine
from service import bus, observability, seats
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
    {"TurnStarted", "DecisionPending", "RevolutionCompleted", "GameFinished", "Bankrupt", "DebtOwed",
     "TradeOffered", "LoanOffered"}
)
"""Engine events forwarded to the EventBridge bus (the rest stay in the game's log)."""
LIFECYCLE_EVENTS = frozenset({"GameCreated", "GameSaved", "GameResumed", "SeatHandedToBot",
                              "SeatTakenBack", "IdleDeadlinePassed", "SeatAnonymised"})
"""Service events about the table itself, also forwarded to the bus."""
REVOLUTION_EFFECTS = frozenset({"GlobalEventStarted", "GlobalEventEnded", "MunicipalRuleExpired",
                                "NoTradeCharge", "ChamberOfCommerce"})
"""Engine events a revolution brings, summarised in its bus event (``brought``) for the
table-wide notice."""
BOTS_TO_MOVE = "BotsToMove"
"""Bus event: a seat played by a bot has something to decide (the bot-turn function's cue)."""
BOT_YIELD_SECONDS = 0.25
"""How long a bot move waits before trying again after another write won the race (people's
requests retry sooner, so a stream of bot moves cannot starve them into a 503)."""
SEAT_FIELDS = ("player", "to", "debtor")
"""Event fields naming the seat an event concerns (first present wins)."""

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
                idle_timeout: int | None = None, table: dict[str, Any] | None = None,
                also: AddToTransaction | None = None) -> ActionResult:
    """Deal a new game of ``ruleset`` for ``seats`` (account or bot ids) and store it, with
    ``also``'s items in the same transaction (a lobby's kickoff).

    Raises :class:`Unprocessable` for a bad ruleset, seat count or options,
    :class:`Forbidden` for scripted randomness on a deployment that does not allow it, and
    :class:`~service.errors.VersionConflict` when the transaction lost a race. ``table``: the
    table's settings (``stand_in_after``, ``bot_delay``; see :class:`~service.storage.GameRecord`).
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
    decision = engine.get_ruleset(state.ruleset).decision(state)
    table = {**(table or {}), "decision_id": decision.id if decision else None,
             "decision_at": int(time.time()) if decision else None}
    game = store.create(game_id, ruleset, seats, engine.dump_state(state), [created],
                        owner=owner, idle_timeout=idle_timeout, decision=decision_of(state),
                        also=also, table=table)
    result = ActionResult(game, state, [created])
    _publish(result, [created, *pending_decision_events(state)])
    return result


def pending_decision_events(state: BaseModel) -> list[dict[str, Any]]:
    """``DecisionPending`` for the state's pending decision (``[]`` when there is none): what
    the bus hears when a decision needs someone (a player, a bot or the idle-turn timer)."""
    decision = engine.get_ruleset(state.ruleset).decision(state)
    if decision is None:
        return []
    return [{"type": "DecisionPending", "player": decision.player, "kind": decision.kind,
             "decision": decision.id}]


@observability.traced("pipeline.run")
def run(game_id: str, decide: Decide, *, expected_version: int | None = None,
        store: GameStore | None = None, by_bot: bool = False,
        loaded: StoredGame | None = None) -> ActionResult:
    """Load, apply ``decide(game, state)``, save with the version condition, publish.

    The save also keeps the table's idle clock and idle streaks (:func:`service.seats.note_move`);
    ``by_bot`` marks moves of the bot-turn function, which plays on by itself rather than
    being cued by a ``BotsToMove`` event. ``loaded``: the game as a previous call left it,
    tried first instead of a fresh read (the version condition refuses it if it is stale).

    Raises engine errors (illegal or invalid actions) unchanged, :class:`StaleVersion` when
    ``expected_version`` no longer matches, :class:`GameSaved` while the owner has the game
    saved (paused), and :class:`ServiceUnavailable` when conflicts persist past the retry
    budget. The stored state is untouched by every failure.
    """
    store = store or default_store()
    retries = settings().max_action_retries
    for attempt in range(retries + 1):
        game = loaded if loaded is not None and attempt == 0 else store.load(game_id)
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
        before, after = ruleset.decision(state), ruleset.decision(new_state)
        events = [*events, *seats.note_move(game.record, before, action, after)]
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
            # A bot that lost a race steps back longer, so a person's request gets through.
            pause = max(0.02 * (2**attempt), BOT_YIELD_SECONDS if by_bot else 0)
            time.sleep(random.uniform(pause / 2, pause))
            continue
        result = ActionResult(game, new_state, events)
        observability.count(observability.ACTIONS, action=action.type)
        log.info("action applied", extra={"game_id": game_id, "action": action.type,
                                          "version": result.version, "attempt": attempt,
                                          "events": len(events), "status": status})
        _publish(result, events, before=before, cue_bots=not by_bot)
        return result
    raise ServiceUnavailable("the game is busy with other moves; try again", retry_after=1)


@dataclass
class Amendment:
    """A change to a stored game made by the service rather than by a move: the service
    ``events`` to log and publish (idle streaks, stand-ins, saving and resuming, a seat
    anonymised after its account was erased), the new ``state`` when the change touches it
    (``None``: unchanged), items to write in the same transaction (``also``) and events to
    announce on the bus only (``announce``)."""

    events: list[dict[str, Any]]
    state: BaseModel | None = None
    also: AddToTransaction | None = None
    announce: list[dict[str, Any]] = field(default_factory=list)


Amend = Callable[[StoredGame, BaseModel], Amendment | None]
"""Edits the loaded game's record in place (seats, owner, stand-ins, clocks) and returns the
:class:`Amendment`, or ``None`` when there is nothing to change; raising refuses and changes
nothing. Called again on each retry."""


def amend(game_id: str, change: Amend, *, status: str | None = None, while_saved: bool = False,
          store: GameStore | None = None) -> ActionResult | None:
    """A versioned change of the game without an engine action: load, ``change(game, state)``,
    then write the record, the amendment's state and events and its ``also`` items in one
    version-conditioned transaction, and publish. On a lost race the game is reloaded and
    ``change`` called again. Answers ``None`` (nothing written) when ``change`` does.

    ``status`` sets the game's status (default: kept). Raises :class:`GameSaved` for a saved
    game unless ``while_saved``, :class:`~service.errors.NotFound` for an unknown game, what
    ``change`` raises, and :class:`ServiceUnavailable` when conflicts persist past the retry
    budget.
    """
    store = store or default_store()
    for attempt in range(settings().max_action_retries + 1):
        game = store.load(game_id)
        record = game.record
        if record.status == "saved" and not while_saved:
            raise GameSaved("the game is saved (paused) until its owner resumes it")
        state = engine.load_state(record.state)
        amendment = change(game, state)
        if amendment is None:
            return None
        new_state = amendment.state if amendment.state is not None else state
        try:
            store.save(game, engine.dump_state(new_state) if amendment.state is not None
                       else record.state, status or record.status, amendment.events,
                       new_state.steps, decision=decision_of(new_state), also=amendment.also)
        except VersionConflict:
            time.sleep(random.uniform(0, 0.02 * (2**attempt)))
            continue
        result = ActionResult(game, new_state, amendment.events)
        _publish(result, [*amendment.events, *amendment.announce])
        return result
    raise ServiceUnavailable("the game is busy with other moves; try again", retry_after=1)


def set_saved(game_id: str, account_id: str, saved: bool, *,
              store: GameStore | None = None) -> ActionResult:
    """Save (pause, ``saved=True``) or resume the game: owner only (:class:`Forbidden`), from
    ``active`` to ``saved`` and back (:class:`Conflict` otherwise). The change is a versioned
    write with a ``GameSaved`` / ``GameResumed`` log item; resuming announces the pending
    decision again (``DecisionPending``), so its idle-turn deadline starts afresh."""

    def change(game: StoredGame, state: BaseModel) -> Amendment:
        record = game.record
        if record.owner != account_id:
            if account_id in record.seats:
                raise Forbidden("only the table's owner can save or resume the game")
            raise Forbidden("you do not hold a seat at this table")
        wanted_from = "active" if saved else "saved"
        if record.status != wanted_from:
            wanted = "an active game can be saved" if saved else "a saved game can be resumed"
            raise Conflict(f"the game is {record.status}; only {wanted}")
        if not saved:
            seats.start_clock(record, engine.get_ruleset(state.ruleset).decision(state))
            return Amendment([{"type": "GameResumed"}])
        return Amendment([{"type": "GameSaved"}])

    result = amend(game_id, change, status="saved" if saved else "active", while_saved=True,
                   store=store)
    if not saved:  # announced on the bus only (the log has GameResumed)
        _publish(result, pending_decision_events(result.state), cue_bots=False)
    return result


def seat_of(game: StoredGame, account_id: str) -> int:
    """The seat ``account_id`` holds in ``game``; :class:`Forbidden` when not seated."""
    try:
        return list(game.record.seats).index(account_id)
    except ValueError:
        raise Forbidden("you do not hold a seat at this table") from None


def act(game_id: str, account_id: str, action: dict[str, Any], *,
        expected_version: int | None = None, store: GameStore | None = None) -> ActionResult:
    """Apply a player's action (its JSON form, without ``player``) as ``account_id``'s seat.

    Raises :class:`~service.seats.StandInPlays` while a bot stands in for the seat."""

    def decide(game: StoredGame, state: BaseModel) -> BaseModel:
        seat = seat_of(game, account_id)
        if seats.stand_in(game.record, seat):
            raise seats.StandInPlays(
                "a bot is playing your seat while you were away: take it back first "
                f"(DELETE /games/{game_id}/stand-in)")
        try:
            return engine.parse_action(state, {**action, "player": seat})
        except engine.InvalidAction as exc:
            raise Unprocessable(exc.message) from None

    return run(game_id, decide, expected_version=expected_version, store=store)


def bots_waiting(record: Any, state: BaseModel) -> list[int]:
    """Seats played by a bot (bot seats and stand-ins) that the game waits on now: an offer to
    answer or the pending decision (``engine.bots.waiting_seats``)."""
    if record.status != "active" or engine.get_ruleset(state.ruleset).outcome(state) is not None:
        return []
    played = seats.bot_played(record)
    if not played:
        return []
    from engine import bots

    return [seat for seat in bots.waiting_seats(state) if seat in played]


def cue_bots(result: ActionResult) -> None:
    """Put ``BotsToMove`` on the bus when a bot-played seat has something to decide (the
    bot-turn function's hand-off to a fresh invocation uses it too)."""
    _publish(result, [], cue_bots=True)


def _seat_named(event: dict[str, Any], count: int) -> int | None:
    for name in SEAT_FIELDS:
        value = event.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count:
            return value
    return None


def _detail(result: ActionResult, event: dict[str, Any], before: Any) -> dict[str, Any]:
    """The bus event of ``event``: the game, the new version, the seats and, when the event
    names a seat, that seat's ``account_id`` and who plays it (``actor``: ``human`` or
    ``bot``). A ``DecisionPending`` says whether the decision ``passed`` to its holder from
    someone else (a turn notification is due); a ``RevolutionCompleted`` lists what the
    revolution ``brought`` (global events, expiring Municipal rules, charges)."""
    record = result.game.record
    seat_ids = list(record.seats)
    detail = {"game_id": result.game.game_id, "version": result.version,
              "ruleset": record.ruleset, "seats": seat_ids, "event": event}
    seat = _seat_named(event, len(seat_ids))
    if seat is not None:
        level = seats.played_by(record, seat)
        detail.update(seat=seat, account_id=seat_ids[seat], actor="bot" if level else "human")
        if level:
            detail["bot_level"] = level
    if event["type"] == "DecisionPending":
        detail["passed"] = before is None or before.player != event["player"]
    return detail


def _publish(result: ActionResult, events: list[dict[str, Any]], *, before: Any = None,
             cue_bots: bool = True) -> None:
    """Forward the domain events to the bus, and ``BotsToMove`` when ``cue_bots`` and a bot
    has something to decide; the state is already saved, so a failure here is logged, not
    raised."""
    items = []
    for index, event in enumerate(events):
        if event["type"] not in DOMAIN_EVENTS and event["type"] not in LIFECYCLE_EVENTS:
            continue
        detail = _detail(result, event, before)
        if event["type"] == "RevolutionCompleted":
            detail["brought"] = _brought(events[index + 1:])
        items.append((event["type"], detail))
    try:
        if cue_bots and (waiting := bots_waiting(result.game.record, result.state)):
            record = result.game.record
            items.append((BOTS_TO_MOVE, {
                "game_id": result.game.game_id, "version": result.version, "seats": waiting,
                "bot_delay": int(record.bot_delay if record.bot_delay is not None
                                 else settings().default_bot_delay)}))
        if items:
            bus.publish_many(items)
    except Exception:  # the move is saved; delivery problems must not undo it
        # A lost DecisionPending means a missing timer: timers.sweep finds such decisions
        # once their deadline has passed.
        observability.count(observability.PUBLISH_FAILURES)
        log.exception("publishing %d events for game %s failed", len(items), result.game.game_id)


def _brought(following: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The revolution's effects among the events that followed its ``RevolutionCompleted``
    in the same action (up to the next revolution)."""
    out = []
    for event in following:
        if event["type"] == "RevolutionCompleted":
            break
        if event["type"] in REVOLUTION_EFFECTS:
            out.append({k: v for k, v in event.items() if k != "private"})
    return out
