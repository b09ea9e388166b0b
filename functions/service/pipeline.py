"""The action pipeline, in one place: load the game, close the phases whose hard deadline has
passed, apply the engine, follow the seats' standing orders, write the new state and its
event-log items with optimistic locking, then publish domain events.

**Standing orders move in the write that hands them a decision** (issue 31.1): after the move
(a person's, a bot's, the table's at a deadline), the orders of the seats people play make
their moves (``engine.orders.follow``, :func:`follow_orders`) before the one conditional write,
so the move and what the orders did land together, at one version step, and the deadlines and
notifications that follow are the final state's (a decision an order made is never announced).
Each order move is logged like a person's (``ActionApplied`` with ``"by": "order"``, checked by
replays and ``verify`` like any move); at most :data:`ORDER_MOVES_PER_WRITE` a write, the rest
in a fresh invocation of the bot-turn function (``BotsToMove`` with ``"orders": true``).

On a version conflict the pipeline reloads and re-applies (at most ``MAX_ACTION_RETRIES``
times). A player's move carries the version they saw: one made on a view that has since
changed (another seat bid or answered meanwhile) applies when its meaning has not changed (the
decision it answers is still pending and the rules allow it now), and is refused with the
game's reason otherwise (:class:`DecisionClosed`, or the engine's refusal); a caller asking
for the strict check gets :class:`~service.errors.StaleVersion` (409) for any change (see
:func:`run`). Player actions, timer actions
and bot moves all come through :func:`run`.

**People before bots.** A request that is not a bot's move and loses a race claims the game's
right of way (``GameStore.claim_right_of_way``): bots' writes are refused until it has saved
(or for ``storage.RIGHT_OF_WAY_SECONDS``), so a table whose bots play without delay cannot
starve a person's move, save or resume into an error.

Every ruleset is reached through the engine's registry only: the pending decisions and their
deadlines, the events forwarded to the bus (``Ruleset.bus_events``), the table-wide news
(``Ruleset.table_news``) and the bots' seats (``Ruleset.waiting_seats``) come from it.

**Hard deadlines close on time.** A decision whose deadline kind is hard (a response window,
an auction's close, a game clock, an offer's expiry: ``engine.DEADLINE_KINDS``) is answered by
the table as soon as its deadline has passed, whether or not its timer has run: before any
later action is applied (:func:`run`), and in every read (:func:`current`), so a bid racing
an auction's close is either in before it or refused after it, never half-applied.
"""

from __future__ import annotations

import contextlib
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from pydantic import BaseModel

import engine
from service import access, bus, fairness, observability, ratings, seats, views
from service.config import settings
from service.errors import (
    Conflict,
    Forbidden,
    NotFound,
    ServiceUnavailable,
    StaleVersion,
    Unprocessable,
    VersionConflict,
)
from service.storage import (
    AddToTransaction,
    GameFields,
    GameMeta,
    GameStore,
    StoredGame,
    Waiting,
)

# The store every write uses when given none; its home is storage (the lobbies read games by it
# too, below the pipeline), the pipeline's callers keep calling it here.
from service.storage import default_store as default_store

log = observability.logger

LIFECYCLE_EVENTS = frozenset({"GameCreated", "GameSaved", "GameResumed", "SeatHandedToBot",
                              "SeatTakenBack", "DeadlinePassed", "SeatAnonymised"})
"""Service events about the table itself, forwarded to the bus (whatever the ruleset)."""
DECISION_PENDING = "DecisionPending"
"""Bus event: a decision appeared (one per decision; see :func:`_decision_detail`)."""
TABLE_NEWS = "TableNews"
"""Bus event: table-wide news of one action (``Ruleset.table_news``), told to every player
with their next notification."""
BOTS_TO_MOVE = "BotsToMove"
"""Bus event: a seat played by a bot has something to decide (the bot-turn function's cue)."""
BOT_YIELD_SECONDS = 0.25
"""How long a bot move waits before trying again after another write won the race (people's
requests retry sooner)."""
BOT_RETRY_FACTOR = 3
"""Bots try this many times the retry budget of people's requests: a bot that gave way keeps
trying until the request it gave way to has saved."""
SEAT_FIELDS = ("player", "to", "debtor")
"""Event fields naming the seat an event concerns (first present wins)."""
MAX_CLOSINGS = 50
"""Bound on the table actions one request applies for deadlines that have passed."""
UNATTENDED_MOVES = 400
"""Moves in a row nobody made in person (bots' moves and the table's own at a deadline: idle
turns ended by the timers, closes) at a table a person set up (its owner is not a bot), after
which the service saves (pauses) it until its owner resumes it: what a table without people may
cost is bounded whatever its game and whoever makes its moves (a demo, owned by a bot, has its
own turn cap)."""

ORDER_MOVES_PER_WRITE = 100
"""Most moves standing orders make in one write (:func:`follow_orders`). Every order move adds
its ``ActionApplied`` and its events to the game item's log tail, which a write carries whole
(the tail is written out as a chunk only at the next write): 100 moves (a dozen Mtaani turns
on orders; a Jiji proxy-bid race is two or three, ``engine.orders.follow``) are about 440 log items, 40 KB of JSON, 3 KB as the
tail stores it compressed (four-seat Mtaani, measured), so the write stays a few KB (a few
write units), far below DynamoDB's 400 KB item, and the request well inside its time. Past it the write is saved and the orders go
on in a fresh invocation (``ActionResult.orders_left``, cued like the bots' turn)."""

@dataclass
class ActionResult:
    """What an applied action produced: the stored game, its new state, the events, the
    decisions now pending (``engine.Decision``) and the outcome when the game is over."""

    game: StoredGame
    state: engine.GameState
    events: list[dict[str, Any]]
    pending: tuple[engine.Decision, ...] = ()
    outcome: engine.Outcome | None = None
    before: list[Waiting] = field(default_factory=list)
    """The decisions the record had pending before the change (:func:`amend`: what their
    timers were set for)."""
    orders_left: bool = False
    """Standing orders stopped at :data:`ORDER_MOVES_PER_WRITE` in this write with more to
    make: the bot-turn function carries on with them (``BotsToMove`` with ``"orders": true``)."""

    @property
    def version(self) -> int:
        return self.game.version


def _seen(game: StoredGame, account_id: str | None) -> int:
    """The game's version as ``account_id`` sees it (``views.viewer_version``)."""
    return views.viewer_version(game.record, views.viewer_seat(game, account_id))


Decide = Callable[[StoredGame, engine.GameState], Any]
"""Builds the move from the freshly loaded game and state (called again on each retry): an
action, a :class:`TableMove`, :data:`FOLLOW_ORDERS`, ``None`` or :class:`Unchanged` (see
:func:`run`)."""
FOLLOW_ORDERS = "follow-orders"
"""What ``decide`` returns for a write of the seats' standing orders alone (the continuation of
a write that stopped at :data:`ORDER_MOVES_PER_WRITE`): :func:`run` answers
:class:`Unchanged` when they make no move and nothing closed on time."""
NOTHING_TO_DO = "nothing_to_do"
""":attr:`Unchanged.reason` of a run whose ``decide`` had nothing to apply (``None``, or
:data:`FOLLOW_ORDERS` with no order to follow) when no deadline had closed anything either."""


@dataclass(frozen=True)
class Unchanged:
    """What :func:`run` answers when it wrote nothing, as a value (the timers and the bots
    steer by it; it is no error): ``reason`` is :data:`NOTHING_TO_DO`, or what ``decide``
    said when it returned an ``Unchanged`` itself (write nothing, whatever closed on time:
    ``"finished"``, ``"waiting"``)."""

    reason: str


class GameSaved(Conflict):
    """The owner saved (paused) the game: nothing moves until they resume it."""

    code = "game_saved"


def new_game_id() -> str:
    """An unguessable game id (URL-safe, 16 bytes of randomness)."""
    return secrets.token_urlsafe(16)


def create_game(ruleset: str, seats_: list[str], options: dict[str, Any] | None = None,
                seed: int | None = None, store: GameStore | None = None, *,
                game_id: str | None = None, owner: str | None = None,
                table: dict[str, Any] | None = None,
                also: AddToTransaction | None = None) -> ActionResult:
    """Deal a new game of ``ruleset`` for ``seats_`` (account or bot ids) and store it, with
    ``also``'s items in the same transaction (a lobby's kickoff).

    Raises :class:`Unprocessable` for a bad ruleset, seat count or options,
    :class:`Forbidden` for scripted randomness on a deployment that does not allow it, and
    :class:`~service.errors.VersionConflict` when the transaction lost a race. ``table``: the
    table's settings (``stand_in_after``, ``bot_delay``; see :class:`~service.storage.GameRecord`).
    The seed (``seed``: fixed by tests) and the commitment to it: :func:`service.fairness.deal`.
    """
    store = store or default_store()
    options = dict(options or {})
    if options.get("scripted") and not settings().allow_scripted_games:
        raise Forbidden("games with fixed dice and draws are not allowed on this deployment")
    try:
        seed, sealed, created = fairness.deal(engine.get_ruleset(ruleset), len(seats_), options,
                                              seed)
        state = engine.new_game(ruleset, seats_, seed, options)
    except engine.EngineError as exc:
        raise Unprocessable(exc.message) from None
    game_id = game_id or new_game_id()
    pending = engine.pending(state)
    now = int(time.time())
    waiting = [Waiting.of(d, now) for d in pending]
    game = store.create(game_id, ruleset, seats_, state, [created],
                        owner=owner, waiting=waiting, also=also,
                        table={**(table or {}), "sealed": sealed})
    result = ActionResult(game, state, [created], pending, None)
    _publish(result, [created], before=[])
    return result


@dataclass
class Closing:
    """What :func:`close_overdue` did: the ``state`` after the table's actions, the items to
    log (each action with its events) and the events to publish."""

    state: engine.GameState
    logged: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)


BY_TABLE = "table"
BY_ORDER = "order"
"""``ActionApplied.by``: the table's own move (a deadline's, a clock's), a move a seat's standing
orders made (:func:`follow_orders`); absent for a move a person or a bot made."""


class ActionFields(Protocol):
    """What the service reads of an engine action besides its JSON: every ruleset's action
    models have a ``type`` and the ``player`` (seat) making it, though ``Ruleset.parse_action``
    answers them as plain ``BaseModel``."""

    @property
    def type(self) -> str: ...

    @property
    def player(self) -> int | None: ...


def action_fields(action: BaseModel) -> ActionFields:
    """``action`` (an engine action) read as :class:`ActionFields`."""
    return cast(ActionFields, action)


def applied_item(action: BaseModel, events: list[dict[str, Any]], *,
                 by: str | None = None) -> dict[str, Any]:
    """The log item of an applied action (``ActionApplied``, internal: never shown): the
    action as applied, its time fields stamped (a replay needs nothing else), how many engine
    events follow it (``events``; the service's own events come after them) and who made it
    when not the seat's person or bot (``by``: :data:`BY_TABLE` or :data:`BY_ORDER`)."""
    return {"type": "ActionApplied", "action": action.model_dump(mode="json"),
            "events": len(events), **({"by": by} if by else {})}


def close_overdue(game: StoredGame, state: engine.GameState, now: int, *, keep: bool = True) -> Closing:
    """Let the table answer every pending decision whose hard deadline (see the module
    docstring) has passed at ``now``, earliest first, with the ruleset's deadline action.

    With ``keep`` the game's record is kept in step (the decisions' clocks, idle streaks:
    the caller saves it); without it (a read) nothing but the returned state changes."""
    ruleset = engine.ruleset_of(state)
    closing = Closing(state)
    since = {w.id: w.since for w in game.record.waiting()}
    for _ in range(MAX_CLOSINGS):
        if ruleset.outcome(closing.state) is not None:
            break
        due = []
        for decision in ruleset.pending(closing.state):
            if decision.deadline is None or not decision.deadline.hard:
                continue
            when = decision.deadline.due(since.setdefault(decision.id, now))
            if when <= now:
                due.append((when, decision.id, decision))
        action = None
        for _when, _id, decision in sorted(due, key=lambda item: item[:2]):
            action = ruleset.deadline_action(closing.state, decision, now)
            if action is not None:
                break
        if action is None:
            break
        action = engine.stamp(action, now)
        result = ruleset.apply(closing.state, action)
        events = list(result.events)
        if keep:
            record = game.record
            waiting = record.waiting_for(decision.id) or Waiting.of(decision, now)
            events += seats.note_move(record, record.waiting(), action, result.pending, now,
                                      by_table=waiting)
        closing.logged += [applied_item(action, result.events, by=BY_TABLE), *events]
        closing.events += events
        closing.state = result.state
        for d in result.pending:
            since.setdefault(d.id, now)
    return closing


def current(game: StoredGame, state: engine.GameState, now: int | None = None) -> engine.GameState:
    """``state`` as it stands at ``now``: with the phases whose hard deadline has passed
    closed (:func:`close_overdue`), for reads; nothing is written."""
    if game.record.status != "active":
        return state
    return close_overdue(game, state, int(now or time.time()), keep=False).state


def overdue_hard(record: GameFields, now: int) -> bool:
    """Whether a pending decision of ``record`` (a game record or its summary) has a hard
    deadline (``engine.DEADLINE_KINDS``) that has passed at ``now``."""
    return any(w.deadline is not None and w.deadline.hard and w.due is not None and w.due <= now
               for w in record.waiting())


def settle(game: StoredGame, now: int | None = None, *,
           store: GameStore | None = None) -> StoredGame:
    """``game`` with its end saved when a hard deadline that has passed ends it (a Jiji game
    clock run out, a Mulodi response window whose house payment completes the third set):
    what a read does before answering, so every answer agrees that the game is over and the
    write that ends it is the one that unseals it (status ``finished``, ``SeedRevealed``),
    whether a timer, a move or a read comes first. A game that goes on (or is not active) is
    returned as it is, unwritten; after a lost race the game as it is stored now."""
    if game.record.status != "active":
        return game
    at = int(now or time.time())
    if not overdue_hard(game.record, at):
        return game  # nothing has closed on time since the last write: the cheap answer
    closed = close_overdue(game, game.state, at, keep=False).state
    if engine.outcome(closed) is None:
        return game
    store = store or default_store()
    try:
        done = run(game.game_id, lambda _game, _state: None, store=store, loaded=game, now=at)
    except (GameSaved, ServiceUnavailable, engine.GameOver):
        return store.load(game.game_id)
    return done.game if isinstance(done, ActionResult) else store.load(game.game_id)


@dataclass
class TableMove:
    """What ``decide`` returns for the table answering ``decision`` (a pending decision whose
    deadline has passed, as the record keeps it): the ruleset's deadline ``action``, or
    ``None`` when the table cannot answer for the holder (the deadline only counts toward the
    seat's idle streak and the decision's clock starts again)."""

    decision: Waiting
    action: BaseModel | None


class DecisionClosed(Conflict):
    """A move made on a view that has since changed answers a decision that is no longer
    pending (answered, or its deadline passed): nothing applied; the message says why in the
    game's words (``Ruleset.closed_words``)."""

    code = "decision_closed"


def _judge_stale(state: engine.GameState, action: BaseModel, named: int | None, seen: int,
                 expected: int) -> None:
    """Whether a player's ``action``, made on a view of version ``expected`` where the game
    is at ``seen`` now (or where a deadline has closed something since: ``seen ==
    expected``), still means what it meant (see :func:`run`): raises :class:`StaleVersion`
    when that cannot be told and :class:`DecisionClosed` when the decision it answers is no
    longer pending; returns when the move is judged by the rules as the game stands (the
    engine then refuses it, in its words, if it is no longer legal)."""
    ruleset = engine.ruleset_of(state)
    seat = getattr(action, "player", None)
    for name in ruleset.decision_fields:
        value = getattr(action, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            named = value  # the move names the decision it answers itself
            break
    # The seat's own decisions, and the offers it is party to (a deal it may withdraw).
    pending = [d for d in ruleset.pending(state)
               if d.player == seat or (d.private is not None and seat in d.private)]
    if named is None:
        if seen == expected:
            return  # only a deadline closed something: the rules judge the move
        if expected > seen or any(d.player == seat for d in pending):
            # The move names no decision, and the seat holds one now that may not be the one
            # its view showed: its meaning cannot be told.
            raise StaleVersion(
                "the game has moved on since you last looked; reload and try again",
                current_version=seen)
        return  # a move answering no decision (an offer, a mortgage): the rules judge it
    if not any(d.id == named for d in pending):
        raise DecisionClosed(ruleset.closed_words(state, action), current_version=seen)


@observability.traced("pipeline.run")
def run(game_id: str, decide: Decide, *, expected_version: int | None = None,
        account_id: str | None = None, store: GameStore | None = None, by_bot: bool = False,
        loaded: StoredGame | None = None, now: int | None = None,
        decision: int | None = None, strict: bool = False) -> ActionResult | Unchanged:
    """Load, close what is overdue (:func:`close_overdue`), apply what ``decide(game, state)``
    returns, save with the version condition, publish. ``now``: the time the move is made at
    (Unix seconds; default the clock: the timers pass the time they were set for).

    ``decide`` returns a player's (or bot's) action, whose time fields are stamped with the
    service's clock (``engine.stamp``); a :class:`TableMove` (the timers: the table answers a
    decision whose deadline passed); :data:`FOLLOW_ORDERS` (the standing orders' moves
    alone); ``None``: only what closed on time is saved (nothing written when nothing did:
    the answer is ``Unchanged(NOTHING_TO_DO)``, as it is for orders with no move to make); or
    an :class:`Unchanged`: nothing is written (whatever closed on time) and ``run`` answers it. After the move (and whatever closed), the standing orders of the seats people play
    make the decisions it handed them, in the same write (:func:`follow_orders`: each logged
    ``"by": "order"``, published like the move's own events; at most
    :data:`ORDER_MOVES_PER_WRITE`, the rest carried on by the bot-turn function), so the
    pending decisions, deadlines and notifications that follow are the final state's. The save also keeps the table's clocks and idle
    streaks (:func:`service.seats.note_move`); ``by_bot`` marks moves of the bot-turn function,
    which plays on by itself rather than being cued by a ``BotsToMove`` event. ``loaded``: the
    game as a previous call left it, tried first instead of a fresh read (the version condition
    refuses it if it is stale).

    ``expected_version``: the version the player (``account_id``) saw, as they see it
    (``views.viewer_version``: others' private offers do not move it). When the game has
    moved on since (another seat's bid or answer), the move still applies if its meaning has
    not changed: the decision it answers (``decision``, the id the view showed, or the one
    the action names itself: ``Ruleset.decision_fields``) is still pending, and the rules
    allow it as the game stands now (the engine's refusal says why not: "outbid: the bid is
    now M40,000; ..."); :class:`DecisionClosed` ("the window has closed") when that decision
    is no longer pending. A move naming no decision is judged by the rules alone when its
    seat holds no decision now, else refused as :class:`StaleVersion`, as is a version the
    player cannot have seen. ``strict``: any change since ``expected_version`` refuses the
    move (:class:`StaleVersion`), as every stale move was before.

    Raises engine errors (illegal or invalid actions) unchanged, :class:`StaleVersion` when
    ``expected_version`` no longer matches, :class:`GameSaved` while the owner has the game
    saved (paused), and :class:`ServiceUnavailable` when conflicts persist past the retry
    budget. The stored state is untouched by every failure.
    """
    store = store or default_store()
    retries = settings().max_action_retries * (BOT_RETRY_FACTOR if by_bot else 1)
    for attempt in range(retries + 1):
        game = loaded if loaded is not None and attempt == 0 else store.load(game_id)
        seen = _seen(game, account_id) if expected_version is not None else None
        stale = seen is not None and seen != expected_version
        if (stale and seen is not None and expected_version is not None
                and (strict or expected_version > seen)):
            observability.count(observability.STALE_VERSIONS)
            raise StaleVersion(
                "the game has moved on since you last looked; reload and try again",
                current_version=seen,
            )
        if game.record.status == "saved":
            raise GameSaved("the game is saved (paused) until its owner resumes it")
        record = game.record
        at = int(now or time.time())
        stored = record.waiting()
        closing = close_overdue(game, game.state, at)
        before = record.waiting()
        move = decide(game, closing.state)
        if isinstance(move, Unchanged):
            return move
        follow_only = isinstance(move, str) and move == FOLLOW_ORDERS
        table = move.decision if isinstance(move, TableMove) else None
        action = (move.action if isinstance(move, TableMove) else None if follow_only
                  else move)
        logged = list(closing.logged)
        events = list(closing.events)
        if action is not None:
            if ((stale or closing.logged) and seen is not None and expected_version is not None
                    and table is None):
                try:
                    _judge_stale(closing.state, action, decision, seen, expected_version)
                except StaleVersion:
                    observability.count(observability.STALE_VERSIONS)
                    raise
            action = engine.stamp(action, at)
            result = engine.apply(closing.state, action)
            mover = getattr(action, "player", None)
            if isinstance(mover, int) and not isinstance(mover, bool):
                ratings.count_move(record, mover, stand_in=by_bot and seats.stand_in(
                    record, mover) is not None)
            served = seats.note_move(record, before, action, result.pending, at, by_table=table)
            logged += [applied_item(action, result.events, by=BY_TABLE if table is not None else None),
                       *result.events, *served]
            events += [*result.events, *served]
            state, pending, outcome = result.state, result.pending, result.outcome
        else:
            state = closing.state
            pending, outcome = engine.pending(state), engine.outcome(state)
            if table is not None:  # the deadline only counts; the decision's clock restarts
                counted = [{"type": "DeadlinePassed", "player": table.player,
                            "decision": table.id, "kind": table.kind}]
                if table.player is not None and table.deadline and table.deadline.counts_idle:
                    counted += seats.count_idle(record, table.player, stuck=True)
                seats.restart(record, table.id, at)
                logged += counted
                events += counted
        if action is None and table is None and not logged and not follow_only:
            return Unchanged(NOTHING_TO_DO)  # no deadline has passed
        # The seats' standing orders make the decisions this write handed them, in this write.
        orders = follow_orders(record, state, at, first_seq=int(record.event_count) + 1
                               + len(logged))
        if orders.moves:
            state, pending, outcome = orders.state, orders.pending, orders.outcome
            logged += orders.logged
            events += orders.events
        # A decision nobody was told of because its seat's orders were to make it next (a
        # write cut at ORDER_MOVES_PER_WRITE) stays hushed while they still will; once they
        # no longer will (someone moved meanwhile), its holder is told in this write.
        hushed = {w.id for w in stored if w.hushed}
        known = {w.id for w in stored}
        hush = {d.id for d in pending if d.player in orders.next_seats
                and (d.id in hushed or d.id not in known)}
        late = {d.id for d in pending if d.id in hushed and d.id not in hush}
        if not logged and table is None and action is None and not late:
            return Unchanged(NOTHING_TO_DO)  # the standing orders have no move to make
        status = "finished" if outcome is not None else "active"
        ratings.note_knockouts(record, events)
        if outcome is not None:  # the game is over: its seed and salt are public now
            logged.append(fairness.revealed(record.sealed, state))
            record.places = engine.places(state, list(record.knocked_out or []))
        # A game ends once: its ratings are updated in the write that ends it (service.ratings).
        rating = ratings.on_finish(record, record.places, at) if outcome is not None else None
        # A person's standing orders are that person at the table: a write they moved in is
        # attended (a table of bots and one person on orders plays on to a stop or its end).
        if logged:  # (a write that only tells of a hushed decision is no move)
            _count_attendance(record, in_person=(account_id is not None and not by_bot)
                              or bool(orders.moves))
        if hush or hushed:
            seats.hush(record, hush)
        views.note_unseen(record, logged,
                          action_fields(action).player if action is not None else None)
        try:
            game = store.save(game, state, logged, status=status, give_way=by_bot, at=at,
                              also=rating)
        except VersionConflict:
            observability.count(observability.VERSION_CONFLICTS)
            if expected_version is not None and strict:
                current_version = _seen(store.load(game_id), account_id)
                observability.count(observability.STALE_VERSIONS)
                raise StaleVersion(
                    "another move was saved first; reload and try again",
                    current_version=current_version,
                ) from None
            if attempt < retries:
                observability.count(observability.ACTION_RETRIES)
            if not by_bot:
                store.claim_right_of_way(game_id)
            # A bot that lost a race steps back longer, so a person's request gets through.
            pause = min(max(0.02 * (2**attempt), BOT_YIELD_SECONDS if by_bot else 0), 1.0)
            time.sleep(random.uniform(pause / 2, pause))
            continue
        applied = ActionResult(game, state, events, pending, outcome, orders_left=orders.left)
        kind = action_fields(action).type if action else "orders" if follow_only else "deadline"
        observability.count(observability.ACTIONS, action=kind)
        log.info("action applied", extra={"game_id": game_id, "action": kind,
                                          "order_moves": orders.moves,
                                          "version": applied.version, "attempt": attempt,
                                          "events": len(events), "status": status})
        # Who was not at the table for a decision made for them: the table's answers, and the
        # seats whose orders moved, unless that seat's person made this request (they are
        # looking: what waits for them now is in the answer).
        present = views.viewer_seat(game, account_id) if not by_bot else None
        answered = {entry["action"].get("player") for entry in logged
                    if entry["type"] == "ActionApplied" and (
                        entry.get("by") == BY_TABLE
                        or (entry.get("by") == BY_ORDER and entry["action"].get("player") != present))}
        answered.discard(None)  # a table's action for no seat (an auction's close, a clock)
        # (a hushed decision of the person making this request is in its answer: not told)
        late = {d.id for d in pending if d.id in late and d.player != present}
        _publish(applied, events, before=stored, cue_bots=not by_bot, absent=answered,
                 quiet=orders.next_seats, late=late)
        return applied
    raise ServiceUnavailable("the game is busy with other moves; try again", retry_after=1)


@dataclass
class OrdersFollowed:
    """What :func:`follow_orders` did: the ``state`` after the orders' moves (with its
    ``pending`` decisions and ``outcome``), how many order ``moves`` it made, the items to log
    (``logged``: each move's ``ActionApplied`` marked ``"by": "order"``, then its engine
    events), the engine events alone to publish (``events``) and whether the orders stopped at
    :data:`ORDER_MOVES_PER_WRITE` with more to make (``left``)."""

    state: engine.GameState
    pending: tuple[engine.Decision, ...] = ()
    outcome: engine.Outcome | None = None
    moves: int = 0
    logged: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    left: bool = False
    next_seats: frozenset[int] = frozenset()
    """When ``left``: the seats whose orders make a move in the next write (their decisions
    now pending are the orders', not their people's: nobody is told of them)."""


def follow_orders(record: GameMeta, state: engine.GameState, at: int, *, first_seq: int) -> OrdersFollowed:
    """Make the moves the standing orders of the seats people play make in ``state`` at ``at``
    (Unix seconds; ``engine.orders.follow``, at most :data:`ORDER_MOVES_PER_WRITE`), keeping
    ``record`` in step as for any move: the decisions' clocks (``seats.track``; an order's move
    is not the person at the table, so their idle streak stays as it is), the seat's move count
    (``ratings.count_move``) and what each seat's orders did (``standing_orders.note_did``,
    with the ``seq`` its ``ActionApplied`` gets: the items logged so far in this write number
    from ``first_seq``). An order's move the rules refuse (a ruleset's bug) fails nothing: it is
    logged as a warning and that seat's orders stop for this write. Nothing is done for a game
    that is over or whose seats set no orders."""
    # Cold start: 16 handlers that load the pipeline never follow orders.
    from engine import orders as engine_orders
    from service import standing_orders

    done = OrdersFollowed(state)
    if engine.outcome(state) is not None:
        return done
    chosen = standing_orders.seat_orders(record, state)
    if not chosen:
        return done
    followed = engine_orders.follow(state, chosen, at, limit=ORDER_MOVES_PER_WRITE)
    for seat, action, error in followed.refused:
        log.warning("an order's move was refused", extra={
            "game_id": record.game_id, "seat": seat, "action": action.model_dump(mode="json"),
            "error": error.message})
    if not followed.moves:
        return done
    ruleset = engine.ruleset_of(state)
    written = round(time.time(), 3)  # when this write is made (what a later look compares)
    for move in followed.moves:
        result = move.result
        ratings.count_move(record, move.seat, stand_in=False)
        seats.track(record, result.pending, at)
        standing_orders.note_did(record, move.seat, {
            "seq": first_seq + len(done.logged), "at": at,
            "action": move.action.model_dump(mode="json"),
            "events": views.public_events(list(result.events), ruleset.name, move.seat),
            "written": written})
        done.logged += [applied_item(move.action, result.events, by=BY_ORDER), *result.events]
        done.events += result.events
    last = followed.moves[-1].result
    done.state, done.pending, done.outcome = followed.state, last.pending, last.outcome
    done.moves = len(followed.moves)
    if done.moves >= ORDER_MOVES_PER_WRITE and done.outcome is None:
        done.next_seats = frozenset(seats_orders_move(record, done.state, at))
        done.left = bool(done.next_seats)
    return done


def follow_standing_orders(game_id: str, store: GameStore | None = None,
                           account_id: str | None = None,
                           loaded: StoredGame | None = None) -> ActionResult | None:
    """Let the table's standing orders make what they can now, in a write of their own (a
    seat whose person just set orders during their own pending decision sees them act at
    once, not at the table's next move). The result of that write, or ``None`` when the
    orders have nothing to make (or the game is saved or over). ``account_id``: the person who
    set the orders (they are looking: their seat is not told of what waits for it);
    ``loaded``: the game as the caller just wrote it (tried first, as :func:`run` says). Raises
    what :func:`run`
    raises for a busy table (:class:`ServiceUnavailable`)."""
    try:
        done = run(game_id, lambda _game, _state: FOLLOW_ORDERS, store=store,
                   account_id=account_id, loaded=loaded)
    except (GameSaved, engine.GameOver):
        return None
    return done if isinstance(done, ActionResult) else None


def seats_orders_move(record: GameMeta, state: engine.GameState, at: int) -> list[int]:
    """The seats the game waits on whose standing orders make a move in ``state`` at ``at``
    (what a write stopped at :data:`ORDER_MOVES_PER_WRITE` leaves to the next)."""
    # Cold start: 16 handlers that load the pipeline never follow orders.
    from service import standing_orders

    chosen = standing_orders.seat_orders(record, state)
    ruleset = engine.ruleset_of(state)
    return [seat for seat in ruleset.waiting_seats(state)
            if seat in chosen and ruleset.order_action(state, seat, chosen[seat], at) is not None]


def _count_attendance(record: GameMeta, *, in_person: bool) -> None:
    """Keep ``record.unattended``: the moves in a row at a table a person owns that nobody made
    in person (a bot's, or the table's own at a deadline); a person's move (``in_person``: a
    player's action, a seated player ending an idle turn, or their standing orders' moves)
    starts it again."""
    if in_person:
        record.unattended = 0
    elif not (record.owner is None or record.owner.startswith("bot:")):
        record.unattended = int(record.unattended or 0) + 1


def unattended(record: GameMeta) -> bool:
    """Whether the table has made :data:`UNATTENDED_MOVES` moves with nobody there."""
    return int(record.unattended or 0) >= UNATTENDED_MOVES


def pause_if_unattended(result: ActionResult) -> bool:
    """Save (pause) the table of ``result`` when it is :func:`unattended` and still active
    (``GameSaved`` with ``"reason": "unattended"``); whether it is paused now."""
    record = result.game.record
    if record.status != "active" or not unattended(record):
        return False
    with contextlib.suppress(GameSaved, Conflict):  # saved or over meanwhile
        set_saved(result.game.game_id, None, True)
    return True


@dataclass
class Amendment:
    """A change to a stored game made by the service rather than by a move: the service
    ``events`` to log and publish (idle streaks, stand-ins, saving and resuming, a seat
    anonymised after its account was erased), the new ``state`` when the change touches it
    (``None``: unchanged), items to write in the same transaction (``also``) and events to
    announce on the bus only (``announce``)."""

    events: list[dict[str, Any]]
    state: engine.GameState | None = None
    also: AddToTransaction | None = None
    announce: list[dict[str, Any]] = field(default_factory=list)


Amend = Callable[[StoredGame, engine.GameState], Amendment | None]
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
        state = game.state
        stored = record.waiting()
        amendment = change(game, state)
        if amendment is None:
            return None
        new_state = amendment.state if amendment.state is not None else state
        pending = engine.pending(new_state)
        if amendment.state is not None:
            seats.track(record, pending)
        try:
            game = store.save(game, new_state, amendment.events, status=status or record.status,
                              also=amendment.also)
        except VersionConflict:
            store.claim_right_of_way(game_id)
            time.sleep(random.uniform(0, 0.02 * (2**attempt)))
            continue
        result = ActionResult(game, new_state, amendment.events, pending,
                              engine.outcome(new_state), before=stored)
        _publish(result, [*amendment.events, *amendment.announce], before=stored)
        return result
    raise ServiceUnavailable("the game is busy with other moves; try again", retry_after=1)


def set_saved(game_id: str, account_id: str | None, saved: bool, *,
              store: GameStore | None = None) -> ActionResult:
    """Save (pause, ``saved=True``) or resume the game: owner only (:class:`Forbidden`), from
    ``active`` to ``saved`` and back (:class:`Conflict` otherwise). The change is a versioned
    write with a ``GameSaved`` / ``GameResumed`` log item; resuming announces the pending
    decision again (``DecisionPending``), so its idle-turn deadline starts afresh.
    ``account_id`` ``None``: the service saves a table nobody attends (:data:`UNATTENDED_MOVES`;
    its ``GameSaved`` says ``"reason": "unattended"``)."""

    def change(game: StoredGame, state: engine.GameState) -> Amendment:
        record = game.record
        if account_id is not None and record.owner != account_id:
            access.seat_of(game, account_id)  # a stranger to a private table: 404
            raise Forbidden("only the table's owner can save or resume the game")
        wanted_from = "active" if saved else "saved"
        if record.status != wanted_from:
            wanted = "an active game can be saved" if saved else "a saved game can be resumed"
            raise Conflict(f"the game is {record.status}; only {wanted}")
        record.unattended = 0
        now = int(time.time())
        ruleset = engine.ruleset_of(state)
        # The game's own clocks (an auction's close, a game clock) stop while it is saved and
        # go on with the time they had left when it is resumed.
        clock = ruleset.pause_action(state, now) if saved else ruleset.resume_action(state, now)
        changed, events = None, []
        if clock is not None:
            applied = ruleset.apply(state, engine.stamp(clock, now))
            changed = applied.state
            events = [applied_item(clock, applied.events, by=BY_TABLE), *applied.events]
        if not saved:
            seats.restart_all(record, now)
            return Amendment([*events, {"type": "GameResumed"}], state=changed)
        why = {} if account_id is not None else {"reason": "unattended"}
        return Amendment([*events, {"type": "GameSaved", **why}], state=changed)

    if saved:  # a game its clock (or another passed deadline) has ended is over, not saved
        settle((store or default_store()).load(game_id), store=store)
    result = amend(game_id, change, status="saved" if saved else "active", while_saved=True,
                   store=store)
    assert result is not None  # change always amends (or raises)
    if not saved:  # the decisions are announced again on the bus (their timers start afresh)
        announce_pending(result)
    return result


def announce_pending(result: ActionResult) -> None:
    """Put a ``DecisionPending`` on the bus for every pending decision of ``result`` (a
    resumed game, a seat taken over), so their deadlines are scheduled again; not a turn
    notification (``passed`` is false)."""
    _publish(result, [], before=None, cue_bots=False)


def act(game_id: str, account_id: str, action: dict[str, Any], *,
        expected_version: int | None = None, store: GameStore | None = None,
        game_name: str | None = None, decision: int | None = None,
        strict: bool = False) -> ActionResult:
    """Apply a player's action (its JSON form, without ``player``) as ``account_id``'s seat.
    ``game_name``: the game the route belongs to (``engine.game_of``); a game of another raises
    :class:`NotFound` (its actions have other routes). ``expected_version``, ``decision``
    (the pending decision the move answers, as the player's view showed it) and ``strict``:
    how a move made on a view that has since changed is judged (:func:`run`).

    Raises :class:`~service.seats.StandInPlays` while a bot stands in for the seat."""

    def decide(game: StoredGame, state: engine.GameState) -> BaseModel:
        seat = access.seat_of(game, account_id)
        if game_name is not None and engine.game_of(game.record.ruleset) != game_name:
            ruleset = engine.get_ruleset(game.record.ruleset)
            raise NotFound(f"a game of {ruleset.title} has no '{action['type']}' move")
        if seats.stand_in(game.record, seat):
            raise seats.StandInPlays(
                "a bot is playing your seat while you were away: take it back first "
                f"(DELETE /games/{game_id}/stand-in)")
        try:
            return engine.parse_action(state, {**action, "player": seat})
        except engine.InvalidAction as exc:
            raise Unprocessable(exc.message) from None

    result = run(game_id, decide, expected_version=expected_version, account_id=account_id,
                 store=store, decision=decision, strict=strict)
    assert isinstance(result, ActionResult)  # a player's move is applied or refused, never
    return result                            # left unwritten


def bots_waiting(record: GameMeta, state: engine.GameState) -> list[int]:
    """Seats played by a bot (bot seats and stand-ins) that the game waits on now
    (``Ruleset.waiting_seats``: pending decisions, offers to answer)."""
    ruleset = engine.ruleset_of(state)
    if record.status != "active" or ruleset.outcome(state) is not None:
        return []
    played = seats.bot_played(record)
    if not played:
        return []
    return [seat for seat in ruleset.waiting_seats(state) if seat in played]


def cue_bots(result: ActionResult) -> None:
    """Put ``BotsToMove`` on the bus when a bot-played seat has something to decide, or
    standing orders have moves left (``result.orders_left``): the bot-turn function's hand-off
    to a fresh invocation."""
    _publish(result, [], before=[w for w in result.game.record.waiting()], cue_bots=True)


def _seat_named(event: dict[str, Any], count: int) -> int | None:
    for name in SEAT_FIELDS:
        value = event.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count:
            return value
    return None


def _detail(result: ActionResult, event: dict[str, Any]) -> dict[str, Any]:
    """The bus event of ``event``: the game, the new version, the seats and, when the event
    names a seat, that seat's ``account_id`` and who plays it (``actor``: ``human`` or
    ``bot``)."""
    record = result.game.record
    seat_ids = list(record.seats)
    detail = {"game_id": result.game.game_id, "version": result.version,
              "ruleset": record.ruleset, "seats": seat_ids, "event": event,
              "owner": record.owner, "name": record.name,
              "number": int(record.number) if record.number is not None else None}
    seat = _seat_named(event, len(seat_ids))
    if seat is not None:
        level = seats.played_by(record, seat)
        detail.update(seat=seat, account_id=seat_ids[seat], actor="bot" if level else "human")
        if level:
            detail["bot_level"] = level
    return detail


def _decision_detail(result: ActionResult, decision: engine.Decision, waiting: Waiting | None,
                     passed: bool) -> dict[str, Any]:
    """The bus event of a decision that appeared: ``DecisionPending`` with the seat (``None``:
    the table's own, a game clock), its kind, id, deadline kind and time (``due``), what the
    ruleset says of it (``detail``), whether it ``passed`` to its holder from someone else
    (a turn notification is due) and whether the service's timers run its deadline
    (``timed``: a decision of a human, of the table, or one with a fixed time such as an
    auction's close; bots answer their own at once and the sweeper catches a stalled one).
    ``notice``: what a notification of it is sent once for (``Ruleset.notice_key``: the
    decision, or the turn it belongs to)."""
    event = {"type": DECISION_PENDING, "player": decision.player, "kind": decision.kind,
             "decision": decision.id,
             "deadline": decision.deadline.kind if decision.deadline else None,
             "due": waiting.due if waiting is not None else None,
             "detail": dict(decision.detail),
             "notice": engine.ruleset_of(result.state).notice_key(result.state, decision)}
    detail = _detail(result, event)
    if decision.player is None:
        detail["actor"] = "table"
    detail["passed"] = passed
    detail["timed"] = decision.deadline is not None and (
        detail.get("actor") != "bot" or decision.deadline.at is not None)
    return detail


def _publish(result: ActionResult, events: list[dict[str, Any]], *,
             before: list[Waiting] | None, cue_bots: bool = True,
             absent: set[int] | frozenset[int] = frozenset(),
             quiet: frozenset[int] = frozenset(),
             late: set[int] | frozenset[int] = frozenset()) -> None:
    """Forward to the bus: the ruleset's bus events and the service's lifecycle events among
    ``events``, a ``DecisionPending`` for each decision that appeared since ``before`` (the
    stored pending decisions before the change; ``None``: announce every pending decision
    again, not as a turn), the table-wide news, and ``BotsToMove`` when ``cue_bots`` and a
    bot has something to decide or standing orders stopped at :data:`ORDER_MOVES_PER_WRITE`
    with more to make (``result.orders_left``: ``"orders": true``, the bot-turn function
    carries them on). The state is already saved, so a failure here is logged,
    not raised.

    A new decision has ``passed`` to its holder (a notification is due) when they held none
    before, or when the table answered for them in this change (``absent``: the seats whose
    decision passed its deadline; a Mulodi response window the table let stand leaves its
    absent target a payment, which they must hear of). It has not when its holder is in
    ``quiet``: the seats whose standing orders make their decision in the next write (a write
    cut at :data:`ORDER_MOVES_PER_WRITE`), as they would have in this one. ``late``: the ids of
    decisions pending since an earlier write that hushed them so (:attr:`Waiting.hushed`)
    whose orders no longer make them: announced again now, passed to their holders."""
    ruleset = engine.get_ruleset(result.game.record.ruleset)
    record = result.game.record
    items = []
    for event in events:
        if event["type"] in LIFECYCLE_EVENTS:
            items.append((event["type"], _detail(result, event)))
        elif event["type"] in ruleset.bus_events:
            shown = {k: v for k, v in event.items() if k != "private"}
            items.append((event["type"], {**_detail(result, shown), "notify": True}))
    known = {w.id for w in before or []}
    holders = {w.player for w in before or []}
    waiting = {w.id: w for w in result.game.record.waiting()}
    for decision in result.pending:
        if decision.id in late:
            items.append((DECISION_PENDING, _decision_detail(
                result, decision, waiting.get(decision.id), True)))
            continue
        if decision.id in known:
            continue
        passed = before is not None and (decision.player not in holders
                                         or decision.player in absent)
        passed = passed and decision.player not in quiet and not seats.told_while_absent(
            record, decision.player, before or [], result.pending)
        items.append((DECISION_PENDING,
                      _decision_detail(result, decision, waiting.get(decision.id), passed)))
    news = ruleset.table_news(events)
    if news:
        items.append((TABLE_NEWS, {"game_id": result.game.game_id, "version": result.version,
                                   "ruleset": ruleset.name, "news": [list(n) for n in news]}))
    try:
        waiting_bots = bots_waiting(result.game.record, result.state) if cue_bots else []
        if waiting_bots or (cue_bots and result.orders_left):
            record = result.game.record
            items.append((BOTS_TO_MOVE, {
                "game_id": result.game.game_id, "version": result.version, "seats": waiting_bots,
                "bot_delay": int(record.bot_delay if record.bot_delay is not None
                                 else settings().default_bot_delay),
                **({"orders": True} if result.orders_left else {})}))
        if items:
            bus.publish_many(items)
    except Exception:  # the move is saved; delivery problems must not undo it
        # A lost DecisionPending means a missing timer: timers.sweep finds such decisions
        # once their deadline has passed.
        observability.count(observability.PUBLISH_FAILURES)
        log.exception("publishing %d events for game %s failed", len(items), result.game.game_id)
