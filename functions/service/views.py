"""What the API returns about a table: the caller's view of a game (engine redaction), seats
with display names, the caller's legal actions, an ETag over the whole body; lobbies as their
members see them. Who may look at a game at all is :mod:`service.access`'s; the game as it
stands now (hard deadlines closed) is the pipeline's (``pipeline.current``): a view is given
it, so this module imports neither."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from typing import Any

import engine
from service import accounts, tables
from service import seats as seats_module
from service.config import settings
from service.storage import StoredGame

INTERNAL_EVENTS = frozenset({"ActionApplied"})
SERVICE_EVENT_SHAPES: dict[str, engine.EventShape] = {
    "GameCreated": engine.EventShape(public=("ruleset", "seats", "rules_version", "options",
                                              "scripted", "commitment")),
    "SeedRevealed": engine.EventShape(public=("seed", "salt", "commitment", "scripted")),
    "GameSaved": engine.EventShape(public=("reason",)),
    "GameResumed": engine.EventShape(),
    "SeatHandedToBot": engine.EventShape(public=("player", "level", "idle_turns")),
    "SeatTakenBack": engine.EventShape(public=("player",)),
    "SeatAnonymised": engine.EventShape(public=("seat",)),
    "DeadlinePassed": engine.EventShape(public=("player", "decision", "kind")),
}
"""The service's own events in a game's log and what every reader sees of them (the
ruleset's ``event_shapes`` cover the engine's)."""
LOG_FIELDS = ("seq", "step", "at")
"""What the event log adds to each stored event (its number, the action's step, Unix seconds)."""
EVENT_PAGE_READS = 5
"""How many reads of the log one page of events may take: the first of ``limit`` items, the
others of at least :data:`EVENT_READ_MORE` (hidden items are often many in a row)."""
EVENT_READ_MORE = 100


def viewer_seat(game: StoredGame, account_id: str | None) -> int | None:
    """The caller's seat, or ``None`` for a spectator."""
    seats = list(game.record.seats)
    return seats.index(account_id) if account_id in seats else None


def _viewer_key(seat: int | None) -> str:
    return "public" if seat is None else str(seat)


def viewer_version(record: Any, seat: int | None) -> int:
    """The game's version as ``seat`` (``None``: a spectator) knows it: the stored version
    less the versions that changed nothing they may see (``GameRecord.hidden``, kept by
    :func:`note_unseen`). It moves when, and only when, something they may see changes, so
    a third player cannot count others' private offers by it; an action carrying it is
    current for that player (``pipeline.run``)."""
    hidden = seats_module.as_map(record.hidden)
    return int(record.version or 0) - int(hidden.get(_viewer_key(seat), 0))


def may_know(decision: Any, seat: int | None, *, reveal: bool = False) -> bool:
    """Whether the reader at ``seat`` (``None``: a spectator) may know that ``decision`` is
    pending: the one place every answer asks (the game view, the dashboard's ``waiting``, the
    idle-turn answers, exports). ``decision`` is an ``engine.Decision`` or the record's
    :class:`~service.storage.Waiting`; one with ``private`` seats (an answer to a Jiji deal,
    anything a ruleset marks private) is known to those seats only, unless ``reveal`` (a
    finished game's replay)."""
    private = getattr(decision, "private", None)
    return reveal or private is None or seat in private


def known_waiting(record: Any, seat: int | None) -> list[Any]:
    """The record's pending decisions (``GameRecord.waiting``) the reader at ``seat`` may know
    of (:func:`may_know`)."""
    return [w for w in record.waiting() if may_know(w, seat)]


def updated_for(record: Any, seat: int | None) -> int:
    """When the game last changed as the reader at ``seat`` (``None``: a spectator) sees it
    (Unix seconds): its ``updated_at``, unless every version since some earlier time changed
    nothing they may see (two others' private offers or deals), then that time
    (``GameRecord.seen_at``, kept by :func:`note_unseen`). A third seat cannot time others'
    private exchanges by it."""
    entry = seats_module.as_map(getattr(record, "seen_at", None)).get(_viewer_key(seat))
    if entry and int(entry[1]) == viewer_version(record, seat):
        return int(entry[0])
    return int(record.updated_at or 0)


def note_unseen(record: Any, logged: list[dict[str, Any]], actor: int | None) -> None:
    """Before saving a move: count it in ``record.hidden`` for every viewer (each seat and
    the spectators) who sees none of its ``logged`` items (:func:`public_events`), other than
    ``actor`` (the seat who moved, whose own move always counts), and keep for those viewers
    when they last saw a change (``record.seen_at``: :func:`updated_for`). The contract that makes
    this enough: a ruleset reports every change a reader may see with an event that reader
    sees (the view's ETag is over the body, so a poll shows any change regardless)."""
    hidden = seats_module.as_map(record.hidden)
    seen = seats_module.as_map(getattr(record, "seen_at", None))
    kept = dict(seen)
    ruleset = record.ruleset
    changed = False
    for viewer in (None, *range(len(record.seats))):
        key = _viewer_key(viewer)
        if (viewer == actor and viewer is not None) or public_events(logged, ruleset, viewer):
            seen.pop(key, None)  # they see this write: their time is the game's
            continue
        entry = seen.get(key)
        version = viewer_version(record, viewer)
        if not entry or int(entry[1]) != version:  # the last write they saw was the latest
            seen[key] = [int(record.updated_at or 0), version]
        hidden[key] = int(hidden.get(key, 0)) + 1
        changed = True
    if changed:
        record.hidden = hidden
    if seen != kept:
        record.seen_at = seen


def seat_entries(seat_ids: list[str], names: dict[str, str],
                 stand_ins: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The ``seats`` list of a game: who sits where, by id and display name, and which human
    seats a bot plays for now (``stand_ins``: seat index as text -> bot level)."""
    stand_ins = stand_ins or {}
    return [{"seat": i, "account_id": a, "name": names.get(a, a),
             "kind": "bot" if accounts.bot_level(a) else "human",
             "bot_level": accounts.bot_level(a), "stand_in": stand_ins.get(str(i))}
            for i, a in enumerate(seat_ids)]


def game_view(game: StoredGame, state: Any, account_id: str | None,
              now: int | None = None) -> dict[str, Any]:
    """The JSON body of ``GET /games/{id}`` for ``account_id`` (:class:`GameOut`): ``state``,
    the game as it stands ``now`` (phases whose hard deadline has passed shown closed, even
    before their timer runs: the caller passes ``pipeline.current(game, state)``), its pending
    decisions with their deadlines, and the caller's legal actions."""
    now = int(now or time.time())
    return table_view(game, state, viewer_seat(game, account_id), now=now)


def table_view(game: StoredGame, state: Any, seat: int | None, *, now: int | None = None,
               reveal: bool = False) -> dict[str, Any]:
    """A :class:`GameOut` body of ``state`` for ``seat`` (``None``: a spectator). ``now``
    (Unix seconds): the live table, with its deadlines, the seat's legal actions and hints;
    ``None``: a replay's step (no deadlines, no actions: nothing to do there), shown
    ``reveal``-ed for a finished game (``Ruleset.view``: everything hidden during play)."""
    seats = list(game.record.seats)
    owner = game.record.owner or seats[0]
    names = accounts.handles_of([*seats, owner])
    ruleset = engine.ruleset_of(state)
    outcome = ruleset.outcome(state)
    # A game whose clock ran out is over in this read even before its timer saves the end.
    status = "finished" if outcome is not None else game.record.status
    active = status == "active" and now is not None
    legal: list[dict[str, Any]] = []
    specs: dict[str, Any] = {}
    if seat is not None and active:
        found = ruleset.legal_actions(state, seat)
        legal = [a.model_dump(mode="json", exclude={"player", *engine.TIME_FIELDS}) for a in found]
        specs = found.specs
    waiting = {w.id: w for w in game.record.waiting()}
    pending = []
    for decision in ruleset.pending(state):
        if not may_know(decision, seat, reveal=reveal):
            continue  # another player's offer: not theirs to know
        due = None
        if active and now is not None and decision.deadline is not None:
            since = waiting[decision.id].since if decision.id in waiting else now
            due = decision.deadline.due(since)
        pending.append({"id": decision.id, "player": decision.player, "kind": decision.kind,
                        "deadline": due,
                        "deadline_kind": decision.deadline.kind if decision.deadline else None,
                        "detail": dict(decision.detail)})
    mine = [p for p in pending if p["player"] is not None and p["player"] == seat]
    held = [p for p in pending if p["player"] is not None]
    return {
        "game_id": game.game_id,
        "name": tables.shown(game.record, seats, names),
        "version": viewer_version(game.record, seat),
        "status": status,
        "ruleset": state.ruleset,
        "game": ruleset.game,
        "seat": seat,
        "owner": {"account_id": owner, "name": names.get(owner, owner)},
        "seats": seat_entries(seats, names, seats_module.stand_ins(game.record)),
        "decision": next(iter(mine or held), None),
        "pending": pending,
        "outcome": None if outcome is None else {"termination": outcome.termination,
                                                 "winner": outcome.winner},
        "legal_actions": legal,
        "legal_specs": specs,
        "hints": (ruleset.hints(state, seat, now)
                  if seat is not None and active and now is not None else {}),
        "state": ruleset.view(state, seat, reveal=reveal),
    }


def lobby_rating(lobby: Any) -> dict[str, Any]:
    """Whether a lobby's table will be rated (``rated``) and, when not, why
    (``unrated_reason``; :func:`service.ratings.lobby_unrated_reason`); told before kickoff;
    and each bot level's rating in the table's game (``bot_ratings``, the bot picker's)."""
    # Cold start: 16 handlers that load views never read a lobby or a rating.
    from service import lobbies, ratings

    reason = ratings.lobby_unrated_reason(list(lobby.seats), lobbies.lobby_options(lobby))
    game = engine.game_of(lobby.ruleset)
    return {"rated": reason is None, "unrated_reason": reason,
            "bot_ratings": ratings.bot_levels(game)}


def lobby_view(lobby: Any, account_id: str, standing: Any = None) -> dict[str, Any]:
    """The JSON body of every lobby answer (:class:`LobbyOut`) for ``account_id`` (``lobby`` a
    ``lobbies.LobbyRecord``, ``standing`` its ``lobbies.Access``); pending invitations and the
    invite link state are shown to the owner only."""
    # Cold start: 16 handlers that load views never read a lobby.
    from service import lobbies

    standing = standing or lobbies.access(lobby, account_id)
    is_owner = lobby.owner == account_id
    ids = [lobby.owner, *[a for a in lobby.seats if a], *lobby.spectators]
    if is_owner:
        ids += list(lobby.invited)
    names = accounts.handles_of(ids)
    seats = []
    for index, occupant in enumerate(lobby.seats):
        level = accounts.bot_level(occupant) if occupant else None
        seats.append({"seat": index, "account_id": occupant or None,
                      "name": names.get(occupant) if occupant else None,
                      "kind": "empty" if not occupant else ("bot" if level else "human"),
                      "bot_level": level})
    invited = []
    if is_owner:
        invited = [{"account_id": a, "name": names[a], "role": "player"} for a in lobby.invited]
    body = {
        "lobby_id": lobby.lobby_id,
        "name": tables.shown(lobby, list(lobby.seats), names),
        "named": bool(lobby.name),
        **lobby_rating(lobby),
        "status": lobby.status,
        "game_id": lobby.lobby_id if lobby.status == "started" else None,
        "owner": {"account_id": lobby.owner, "name": names[lobby.owner]},
        "ruleset": lobby.ruleset,
        "table_size": int(lobby.table_size),
        "options": lobbies.shown_options(lobby),
        "idle_timeout_seconds": int(lobby.idle_timeout or settings().default_idle_timeout),
        **{"idle_turns_before_bot" if k == "stand_in_after" else "bot_delay_seconds": v
           for k, v in lobbies.game_settings(lobby).items()},
        "public": bool(lobby.public),
        "seats": seats,
        "spectators": [{"account_id": a, "name": names[a]} for a in lobby.spectators],
        "invited": invited,
        "invite_link_active": bool(is_owner and lobby.invite_hash),
        "you": {"role": standing.role, "seat": standing.seat},
        "created_at": int(lobby.created_at),
        "updated_at": int(lobby.updated_at),
    }
    return body


def move_answer(result: Any, account_id: str, *, state: Any = None) -> dict[str, Any]:
    """The answer of a move (``ActionOut``), the one place it is built: the ``version`` and
    ``events`` of ``result`` (a ``pipeline.ActionResult``) as ``account_id``'s seat sees them
    and, given ``state`` (the game after it as it stands now: ``pipeline.current`` of
    ``result.state``), the caller's ``game`` view (an idempotent move caches the answer
    without it and adds the game as it is when replayed)."""
    seat = viewer_seat(result.game, account_id)
    answer = {"version": viewer_version(result.game.record, seat),
              "events": public_events(result.events, result.state.ruleset, seat)}
    if state is not None:
        answer["game"] = game_view(result.game, state, account_id)
    return answer


def public_events(events: list[dict[str, Any]], ruleset: str, viewer: int | None, *,
                  reveal: bool = False) -> list[dict[str, Any]]:
    """Events as ``viewer`` (a seat, or ``None``) may see them: internal bookkeeping removed,
    events private to other players (their trade and loan offers) left out, and of the rest
    only the fields the allow-lists show (the ruleset's ``event_shapes``, the service's
    :data:`SERVICE_EVENT_SHAPES`), with the log's own ``seq``, ``step`` and ``at``.
    ``reveal`` (a finished game's replay): private events and fields shown to everyone
    (``Ruleset.event_view``)."""
    rs = engine.get_ruleset(ruleset)
    out = []
    for event in events:
        if event.get("type") in INTERNAL_EVENTS:
            continue
        service = SERVICE_EVENT_SHAPES.get(event.get("type", ""))
        shown: dict[str, Any] | None
        if service is not None:
            shown = {"type": event["type"], **{k: event[k] for k in service.public if k in event}}
        else:
            shown = rs.event_view(event, viewer, reveal=reveal)
        if shown is not None:
            out.append({**{k: event[k] for k in LOG_FIELDS if k in event}, **shown})
    return out


def events_page(read: Callable[[int, int], list[dict[str, Any]]], ruleset: str, viewer: int | None,
                after: int, limit: int, total: int) -> dict[str, Any]:
    """One page of the event log as ``viewer`` may see it (:func:`public_events`): up to
    ``limit`` visible events with ``seq > after``, oldest first, as the body of
    ``GET /games/{id}/events`` (``{"events", "next_after", "more"}``).

    Hidden items (internal bookkeeping, others' private offers) do not count toward ``limit``:
    while the page has room and the log goes on, further items are read (``read(after, n)``
    gives at most ``n`` stored items after sequence number ``after``, oldest first), at most
    :data:`EVENT_PAGE_READS` times. ``next_after`` (pass it back as ``after``) is the sequence
    number of the page's last event, or ``after`` when it has none, and ``more`` says whether
    visible events follow: hidden items after the last visible one move neither, so a reader
    cannot count what others do in private. Only when every read is used up (hundreds of hidden
    items in a row) does a page without events move past them, with ``more`` true while the
    log goes on. ``total`` is the log's length (its last sequence number)."""
    events: list[dict[str, Any]] = []
    cursor = shown_to = after
    full = False
    for reads in range(EVENT_PAGE_READS):
        # One item beyond the page tells whether a visible event follows it.
        count = limit + 1 if reads == 0 else max(limit, EVENT_READ_MORE)
        items = read(cursor, count)
        for item in items:
            shown = public_events([item], ruleset, viewer)
            if shown and len(events) == limit:
                full = True
                break  # no room: this item starts the next page
            events.extend(shown)
            cursor = int(item["seq"])
            if shown:
                shown_to = cursor
        if full or len(items) < count:
            break
    else:  # every read used: hidden items many in a row
        if not events:
            return {"events": [], "next_after": cursor, "more": cursor < total}
        full = cursor < total
    return {"events": events, "next_after": shown_to, "more": full}


def etag_of(body: Any) -> str:
    """A strong ETag over a JSON body."""
    raw = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    return '"' + hashlib.sha256(raw).hexdigest()[:32] + '"'
